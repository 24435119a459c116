//! `/saikoro notify dm:`: a player turns their turn notices by direct message on or off (stored,
//! with the language to write them in), and this process's live games that seat them follow the
//! choice at once. The notices themselves are `notices.rs`'s.

use super::tables::Tables;
use super::{User, store_failed};
use crate::engine::Tr;
use crate::id::UserId;
use crate::store::NotifyRow;

impl Tables {
    /// `/saikoro notify dm:`: turns the asker's notices by direct message on or off (`None`:
    /// only says how they are), in the asker's language.
    pub async fn notify(&self, user: &User, dm: Option<bool>) -> String {
        let tr = Tr::new(user.locale, &[]);
        let store = &self.play.store;
        let on = match dm {
            Some(dm) => {
                let row = NotifyRow {
                    dm,
                    locale: user.locale,
                };
                if let Err(e) = store.set_notify(user.id, row).await {
                    return store_failed(&tr, &e);
                }
                self.follow_notify(user.id, dm).await;
                dm
            }
            None => match store.notify_of(user.id).await {
                Ok(row) => row.is_some_and(|r| r.dm),
                Err(e) => return store_failed(&tr, &e),
            },
        };
        tr.t(if on { "notify-dm-on" } else { "notify-dm-off" })
    }

    /// This process's games in memory that seat `user` learn their choice, and store the due
    /// time it makes (a pending notice, or none). Games not in memory read it when they load; a
    /// game of another process (shards) learns it at its next load, so there an opt-in counts
    /// from the next turn after it.
    async fn follow_notify(&self, user: UserId, on: bool) {
        let play = &self.play;
        for session in play.index.in_memory() {
            let mut s = session.lock().await;
            if s.evicted || s.seat_of(user).is_none() || s.seated.notified(user) == on {
                continue;
            }
            s.seated.set_notified(user, on);
            if s.phase.playing().is_some() {
                play.persist(&mut s).await;
            }
        }
    }
}
