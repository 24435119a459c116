//! What a game's clocks and turn notices need to know of its seated people beyond their seats:
//! each one's time off, and who asked for turn notices by direct message. Both are read from the
//! store when a session loads or its game starts and kept up to date by `/saikoro away` and
//! `/saikoro notify` (this process's sessions in memory; one loaded later reads them afresh), so
//! a turn reads neither: a game's due time includes a notice only when an awaited player asked.

use super::away::{self, AwayBook};
use super::live::Session;
use crate::id::UserId;
use crate::store::Store;

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

/// The stored time off and notice choices of a session's seated people (a read per seat, when
/// the session loads or starts; a failed read counts as no time off and no notices).
pub(super) async fn read(store: &Store, s: &Session) -> Seated {
    let mut seated = Seated {
        away: away::read_book(store, s).await,
        notified: vec![],
    };
    for user in s.table.seats.iter().filter_map(|seat| seat.user) {
        match store.notify_of(user).await {
            Ok(row) => seated.set_notified(user, row.is_some_and(|r| r.dm)),
            Err(e) => tracing::warn!(game = %s.row.id, error = %e, "could not read a player's turn notices"),
        }
    }
    seated
}
