//! Time off (`/saikoro away`): a player away until a moment pauses the reminders and timeouts of
//! the games that await them on that server, which count again from when they are back (at the
//! end of their time off, or earlier with `/saikoro away off`). Stored per server and player, so
//! it survives restarts; each live session keeps its people's time off for its due times.

use super::live::Session;
use super::tables::Tables;
use super::{Refused, User, store_failed};
use crate::engine::{Msg, Tr};
use crate::id::{GuildId, UserId};
use crate::store::{AwayRow, Store};

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

/// What `/saikoro away` asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AwayRequest {
    /// Away until this unix second.
    Until(i64),
    /// Away for this many seconds from now.
    For(u64),
    /// Back now.
    Off,
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

/// The stored time off of a session's seated people on its server.
pub(super) async fn read_book(store: &Store, s: &Session) -> AwayBook {
    let mut book = AwayBook::default();
    let Some(guild) = s.row.guild_id else {
        return book;
    };
    for user in s.table.seats.iter().filter_map(|seat| seat.user) {
        match store.away_of(guild, user).await {
            Ok(Some(away)) => book.set(user, away.into()),
            Ok(None) => {}
            // Read again at the next load; meanwhile the clocks run as without time off.
            Err(e) => tracing::warn!(game = %s.row.id, error = %e, "could not read a player's time off"),
        }
    }
    book
}

/// At most this many of a player's games follow a change of their time off at once (the quotas
/// keep a player's games far fewer).
const GAMES_FOLLOWING: u32 = 200;

impl Tables {
    /// `/saikoro away`: the user's time off on `guild` begins (or ends, with `Off`); their games
    /// here follow it: boards show it, due times move.
    pub async fn away(&self, guild: Option<GuildId>, user: &User, request: AwayRequest) -> String {
        let tr = Tr::new(user.locale, &[]);
        let Some(guild) = guild else {
            return tr.t("away-guild-only");
        };
        let play = &self.play;
        let now = play.clock.now();
        let current = match play.store.away_of(guild, user.id).await {
            Ok(current) => current
                .map(Away::from)
                .filter(|a| a.back.is_none() && a.until > now),
            Err(e) => return store_failed(&tr, &e),
        };
        let away = match request {
            AwayRequest::Off => match current {
                Some(a) => Away { back: Some(now), ..a },
                None => return tr.t("away-not-away"),
            },
            AwayRequest::Until(until) => match self.time_off(guild, now, until).await {
                Ok(()) => Away { until, back: None },
                Err(refusal) => return refusal.words(user.locale),
            },
            AwayRequest::For(secs) => {
                let until = now.saturating_add(i64::try_from(secs).unwrap_or(i64::MAX));
                match self.time_off(guild, now, until).await {
                    Ok(()) => Away { until, back: None },
                    Err(refusal) => return refusal.words(user.locale),
                }
            }
        };
        if let Err(e) = play.store.set_away(guild, user.id, away.into()).await {
            return store_failed(&tr, &e);
        }
        let games = self.follow_away(guild, user.id, away).await;
        let markup = play.settings.markup;
        match request {
            AwayRequest::Off => tr.f("away-off", &[("games", games.into())]),
            _ => tr.f(
                "away-set",
                &[
                    ("until", markup.moment(away.until).into()),
                    ("games", games.into()),
                ],
            ),
        }
    }

    /// Whether time off until `until` may be taken now on `guild`; if not, why.
    async fn time_off(&self, guild: GuildId, now: i64, until: i64) -> Result<(), Refused> {
        if until <= now {
            return Err(Refused::new("away-past"));
        }
        let max_days = self.play.guilds.get(Some(guild)).await.away_max_days;
        let max_secs = i64::try_from(max_days.saturating_mul(86_400)).unwrap_or(i64::MAX);
        if until - now > max_secs {
            return Err(Refused(Msg::new("away-too-far").arg("days", max_days)));
        }
        Ok(())
    }

    /// The user's live games on `guild` learn their time off: stored with their new due time, the
    /// live board redrawn. Returns how many games in play seat them.
    async fn follow_away(&self, guild: GuildId, user: UserId, away: Away) -> usize {
        let play = &self.play;
        let player = user.get().to_string();
        let ids = match play.store.live_games_of(guild, &player, GAMES_FOLLOWING).await {
            Ok(ids) => ids,
            Err(e) => {
                tracing::error!(error = %e, "could not find the games of a player going away");
                return 0;
            }
        };
        let mut games = 0;
        for id in ids {
            let Ok(Some(mut s)) = play.index.live(id).await else {
                continue;
            };
            if s.seat_of(user).is_none() || s.phase.playing().is_none() {
                continue;
            }
            games += 1;
            s.seated.away.set(user, away);
            play.persist(&mut s).await;
            if let (Some(message), Some(game)) = (s.row.board_message_id, s.phase.playing()) {
                let board = super::render::board(&s, game, &[], true, "");
                play.outbox.edit(s.row.channel_id, message, &board).await.ok();
            }
        }
        play.wake.notify_one();
        games
    }
}

/// What a live board adds under its deadline: the game's own turn timer, and who is away.
pub(super) fn board_notes(s: &Session, tr: &Tr) -> Vec<String> {
    let clock = s.table.turn_timer.map(|secs| {
        tr.f(
            "board-turn-timer",
            &[("time", super::text::duration(tr, secs).into())],
        )
    });
    let away = s.seated.away.shown(s.row.updated_at).filter_map(|(user, until)| {
        let seat = s.table.seats.iter().find(|seat| seat.user == Some(user))?;
        Some(tr.f(
            "board-away",
            &[
                ("player", s.markup.escape(&seat.name).into()),
                ("until", s.markup.moment(until).into()),
            ],
        ))
    });
    clock.into_iter().chain(away).collect()
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
