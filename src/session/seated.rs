//! What a game's clocks and turn notices need to know of its seated people beyond their seats:
//! each one's time off, and who asked for turn notices by direct message. Both are read from the
//! store when a session loads or its game starts and kept up to date by `/saikoro away` and
//! `/saikoro notify` (this process's sessions in memory; one loaded later reads them afresh), so
//! a turn reads neither: a game's due time includes a notice only when an awaited player asked.

use super::Table;
use crate::id::UserId;
use crate::store::{AwayRow, GameRow, Store};

/// A player's time off on a server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Away {
    /// Unix seconds when it ends.
    pub until: i64,
    /// Unix seconds when they came back early, if they did.
    pub back: Option<i64>,
}

impl From<AwayRow> for Away {
    fn from(row: AwayRow) -> Away {
        Away {
            until: row.until,
            back: row.back_at,
        }
    }
}

impl From<Away> for AwayRow {
    fn from(away: Away) -> AwayRow {
        AwayRow {
            until: away.until,
            back_at: away.back,
        }
    }
}

impl Away {
    /// When the clocks of the games awaiting them run again.
    pub fn resumes(&self) -> i64 {
        self.back.unwrap_or(self.until)
    }
}

/// The time off of a game's people, as far as its clocks care.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct AwayBook(Vec<(UserId, Away)>);

impl AwayBook {
    pub(super) fn set(&mut self, user: UserId, away: Away) {
        self.0.retain(|(u, _)| *u != user);
        self.0.push((user, away));
    }

    /// The time off of `user`, if they took any.
    pub(super) fn of(&self, user: UserId) -> Option<Away> {
        self.0.iter().find(|(u, _)| *u == user).map(|(_, a)| *a)
    }

    /// When the first clock of a wait for `awaited` starts (the last action if nobody is
    /// awaited). Each player has their own: time off pauses only the clock of who took it, so
    /// Saizumi's responders, awaited together, are not held up by one of them being away.
    pub(super) fn clock_start(&self, updated_at: i64, awaited: impl IntoIterator<Item = UserId>) -> i64 {
        awaited
            .into_iter()
            .map(|u| self.clock_start_of(updated_at, u))
            .min()
            .unwrap_or(updated_at)
    }

    /// When `user`'s clock in a wait starts: at the last action, or when they are back from time
    /// off taken since (a wait that began during their time off counts from their return).
    pub(super) fn clock_start_of(&self, updated_at: i64, user: UserId) -> i64 {
        self.of(user).map_or(updated_at, |a| a.resumes().max(updated_at))
    }

    /// The seated players shown as away on the board: their time off is on and outlasts the wait.
    pub(super) fn shown(&self, updated_at: i64) -> impl Iterator<Item = (UserId, i64)> + '_ {
        self.0
            .iter()
            .filter(move |(_, a)| a.back.is_none() && a.until > updated_at)
            .map(|(u, a)| (*u, a.until))
    }
}

/// A session's seated people, as its due time sees them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Seated {
    /// Their time off on the game's server: it pauses their clocks.
    pub(super) away: AwayBook,
    /// Those who asked for turn notices by direct message.
    notified: Vec<UserId>,
}

impl Seated {
    /// Whether `user` asked for turn notices by direct message, as last read or told.
    pub(super) fn notified(&self, user: UserId) -> bool {
        self.notified.contains(&user)
    }

    /// `user` switched their notices on or off.
    pub(super) fn set_notified(&mut self, user: UserId, on: bool) {
        self.notified.retain(|u| *u != user);
        if on {
            self.notified.push(user);
        }
    }
}

/// The stored time off and notice choices of the seated people of game `row` (a read per seat,
/// when its session loads or its game starts; a failed read counts as no time off and no
/// notices).
pub(super) async fn read(store: &Store, row: &GameRow, table: &Table) -> Seated {
    let mut seated = Seated {
        away: read_book(store, row, table).await,
        notified: vec![],
    };
    for user in table.seats.iter().filter_map(|seat| seat.user) {
        match store.notify_of(user).await {
            Ok(choice) => seated.set_notified(user, choice.is_some_and(|r| r.dm)),
            Err(e) => tracing::warn!(game = %row.id, error = %e, "could not read a player's turn notices"),
        }
    }
    seated
}

/// The stored time off of game `row`'s seated people on its server.
async fn read_book(store: &Store, row: &GameRow, table: &Table) -> AwayBook {
    let mut book = AwayBook::default();
    let Some(guild) = row.guild_id else {
        return book;
    };
    for user in table.seats.iter().filter_map(|seat| seat.user) {
        match store.away_of(guild, user).await {
            Ok(Some(away)) => book.set(user, away.into()),
            Ok(None) => {}
            // Read again at the next load; meanwhile the clocks run as without time off.
            Err(e) => tracing::warn!(game = %row.id, error = %e, "could not read a player's time off"),
        }
    }
    book
}

#[cfg(test)]
mod tests {
    use super::*;

    const ANN: UserId = UserId(1);
    const BEN: UserId = UserId(2);

    /// Item 4 of #29's gaps: with several players awaited at once, one's time off pauses only
    /// their own clock.
    #[test]
    fn time_off_pauses_only_the_clock_of_who_took_it() {
        let mut book = AwayBook::default();
        book.set(
            ANN,
            Away {
                until: 1000,
                back: None,
            },
        );
        assert_eq!(book.clock_start(500, [ANN]), 1000, "hers waits for her return");
        assert_eq!(
            book.clock_start(500, [ANN, BEN]),
            500,
            "his runs from the last action"
        );
        assert_eq!(book.clock_start_of(500, ANN), 1000);
        assert_eq!(book.clock_start_of(500, BEN), 500);
        assert_eq!(
            book.clock_start(1500, [ANN]),
            1500,
            "a wait begun after her return"
        );
        assert_eq!(book.clock_start(500, []), 500, "nobody awaited");
        book.set(
            ANN,
            Away {
                until: 1000,
                back: Some(700),
            },
        );
        assert_eq!(book.clock_start(500, [ANN]), 700, "back early");
    }
}
