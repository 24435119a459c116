//! Turn notices by direct message (`/saikoro notify dm:`, in `notify.rs`; off unless a player
//! turns them on): when a game has waited for a player who asked for them for a grace period
//! ([`NOTICE_GRACE_SECS`](super::deadlines::NOTICE_GRACE_SECS), 2 minutes) and they have not been
//! in its channel since their last action, the bot sends them a DM with the game, its board's
//! link and the deadline. A player who moves within the grace period is at the board: fast play
//! sends nothing.
//!
//! The grace period is part of the game's stored due time (`due_at`, see `live::due_at`), and the
//! table keeps when the wait was noticed (`noticed_at`), so the timer task wakes the game for it
//! after a restart too, and once only. The turn is claimed in the store before its DM goes (at
//! most one DM per game, player and turn) and the table's `noticed_at` is written after, so a
//! crash between them neither loses the wait's notices nor repeats a sent one.
//!
//! "Been in the channel" is what the bot itself saw: a click or a command of theirs in the game's
//! channel after their own last action in that game (a timeout's action counts as theirs), or,
//! before they acted in it at all, any since this process started. Actions are keyed by game, not
//! channel: a channel may hold a game and any number of dailies, and a move in one's daily there
//! is being in the channel for the other game. The bot cannot see reading, so a player who only
//! watches is sent the DM; one who pressed anything there (a step, 💡 Hint, another game's board,
//! `/saikoro games`) is not. What the bot saw is kept in memory only, on purpose: it changes at
//! every click, and storing it would add a write to each; it is read once per wait that outlasts
//! the grace period. After a restart nobody has been seen, so a player who was in the channel
//! before it and not since is sent the DM: the one decision a restart can change, towards
//! telling. Likewise `notify_of` is read only for a wait that outlasted the grace period, for an
//! awaited player not seen since.
//!
//! DMs closed to the bot switch the player's notices off, and the one task that did so says it
//! once in the channel.

use super::live::Session;
use super::markup::Markup;
use super::{Outbox, OutboxError, User, text};
use crate::engine::{Arg, Locale, Tr};
use crate::games::GameKind;
use crate::id::{ChannelId, GameId, UserId};
use crate::store::{NotifyRow, Store};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The turn notices of one process: what it saw of the players, and the way to their DMs.
pub(super) struct Notices {
    store: Arc<Store>,
    outbox: Arc<dyn Outbox>,
    markup: &'static dyn Markup,
    seen: Mutex<Sightings>,
}

/// Who the bot saw where, in the order it saw it.
#[derive(Default)]
struct Sightings {
    /// Each sighting and each action takes the next number, so "after" needs no clock.
    tick: u64,
    seen: HashMap<(UserId, ChannelId), u64>,
    acted: HashMap<(UserId, GameId), u64>,
    /// The language each player's client was in, last time the bot saw them.
    locale: HashMap<UserId, Locale>,
}

impl Sightings {
    fn next(&mut self) -> u64 {
        self.tick += 1;
        self.tick
    }

    fn seen(&mut self, user: UserId, channel: ChannelId, locale: Locale) {
        let tick = self.next();
        self.seen.insert((user, channel), tick);
        self.locale.insert(user, locale);
    }

    fn acted(&mut self, user: UserId, game: GameId) {
        let tick = self.next();
        self.acted.insert((user, game), tick);
    }

    /// Whether the bot saw `user` in `channel` since their last action in `game`, which plays
    /// there.
    fn present(&self, user: UserId, channel: ChannelId, game: GameId) -> bool {
        let acted = self.acted.get(&(user, game)).copied().unwrap_or(0);
        self.seen.get(&(user, channel)).is_some_and(|seen| *seen > acted)
    }
}

/// One player's claimed notice of one turn, with what its words need.
struct Notice {
    user: UserId,
    game: GameId,
    kind: GameKind,
    channel: ChannelId,
    link: String,
    deadline: Option<i64>,
    /// The player's language as last seen, or as when they asked for notices.
    locale: Locale,
}

impl Notices {
    pub(super) fn new(store: Arc<Store>, outbox: Arc<dyn Outbox>, markup: &'static dyn Markup) -> Notices {
        Notices {
            store,
            outbox,
            markup,
            seen: Mutex::default(),
        }
    }

    fn sightings(&self) -> std::sync::MutexGuard<'_, Sightings> {
        // A panic while holding it left only counters: still usable.
        self.seen
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// `user` pressed a button or used a command in `channel`.
    pub(super) fn seen(&self, user: &User, channel: ChannelId) {
        self.sightings().seen(user.id, channel, user.locale);
    }

    /// `user`'s seat acted in `game` (by their click, or for them at a timeout).
    pub(super) fn acted(&self, user: UserId, game: GameId) {
        self.sightings().acted(user, game);
    }

    /// A wait's grace period is over (the timer task calls this under the game's lock): each
    /// awaited player who asked for notices and was not seen in the channel since their last
    /// action is sent one, once per turn (claimed in the store before it goes). The DMs go off
    /// the lock.
    pub(super) async fn wait_noticed(self: &Arc<Self>, s: &Session) {
        let Some(link) = s.link() else { return };
        let away: Vec<(UserId, Option<Locale>)> = {
            let seen = self.sightings();
            s.humans_to_act()
                .into_iter()
                .filter(|user| s.seated.notified(*user))
                .filter(|user| !seen.present(*user, s.row.channel_id, s.row.id))
                .map(|user| (user, seen.locale.get(&user).copied()))
                .collect()
        };
        let version = s.version() as i64;
        for (user, locale) in away {
            let Some(asked) = self.asked(user).await else {
                continue;
            };
            match self.store.claim_turn_notice(s.row.id, user, version).await {
                Ok(true) => {}
                Ok(false) => continue,
                Err(e) => {
                    tracing::warn!(%user, error = %e, "could not claim a turn notice");
                    continue;
                }
            }
            let notice = Notice {
                user,
                game: s.row.id,
                kind: s.kind,
                channel: s.row.channel_id,
                link: link.clone(),
                deadline: s.deadline(),
                locale: locale.unwrap_or(asked.locale),
            };
            let notices = self.clone();
            tokio::spawn(async move { notices.send(notice).await });
        }
    }

    /// `user`'s notice setting, if they asked for notices by DM.
    async fn asked(&self, user: UserId) -> Option<NotifyRow> {
        match self.store.notify_of(user).await {
            Ok(row) => row.filter(|row| row.dm),
            Err(e) => {
                tracing::warn!(%user, error = %e, "could not read turn notices");
                None
            }
        }
    }

    /// Sends one claimed notice.
    async fn send(&self, notice: Notice) {
        let user = notice.user;
        match self.outbox.direct(user, &self.words(&notice)).await {
            Ok(()) => tracing::debug!(%user, game = %notice.game, "sent a turn notice"),
            Err(OutboxError::Closed) => self.closed(&notice).await,
            Err(e) => tracing::warn!(%user, game = %notice.game, error = %e, "could not send a turn notice"),
        }
    }

    fn words(&self, notice: &Notice) -> String {
        let tr = Tr::new(notice.locale, &[]);
        let mut args: Vec<(&str, Arg)> = vec![
            ("game", text::game_name(&tr, notice.kind).into()),
            ("id", notice.game.to_string().into()),
            ("link", notice.link.clone().into()),
        ];
        match notice.deadline {
            Some(at) => {
                args.push(("at", self.markup.relative_time(at).into()));
                tr.f("notice-turn", &args)
            }
            None => tr.f("notice-turn-untimed", &args),
        }
    }

    /// The player's DMs are closed to the bot: their notices go off, and whichever notice
    /// switched them off says so in its game's channel, so they are told once.
    async fn closed(&self, notice: &Notice) {
        let user = notice.user;
        match self.store.switch_notify_off(user).await {
            Ok(true) => {}
            Ok(_) => return,
            Err(e) => return tracing::warn!(%user, error = %e, "could not switch turn notices off"),
        }
        let tr = Tr::new(notice.locale, &[]);
        let text = tr.f(
            "notice-dm-closed",
            &[("player", self.markup.mention(user).into())],
        );
        if let Err(e) = self.outbox.say(notice.channel, &text, &[user]).await {
            tracing::warn!(%user, error = %e, "could not say that turn notices are off");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ANN: UserId = UserId(1);
    const DICE: ChannelId = ChannelId(10);
    const CARDS: ChannelId = ChannelId(11);
    const GAME: GameId = GameId(100);
    /// Ann's daily, in the same channel as `GAME`.
    const DAILY: GameId = GameId(101);

    #[test]
    fn a_player_is_present_when_seen_in_the_channel_after_their_last_action_in_the_game() {
        let mut seen = Sightings::default();
        assert!(!seen.present(ANN, DICE, GAME), "never seen");
        seen.seen(ANN, DICE, Locale::Ja);
        assert!(seen.present(ANN, DICE, GAME), "seen before any action of theirs");
        assert!(!seen.present(ANN, CARDS, GAME), "another channel");
        // A move's click is seen first, then acted on: a move alone is not being there since.
        seen.seen(ANN, DICE, Locale::Ja);
        seen.acted(ANN, GAME);
        assert!(!seen.present(ANN, DICE, GAME), "nothing since the move");
        seen.seen(ANN, CARDS, Locale::En);
        assert!(!seen.present(ANN, DICE, GAME), "seen elsewhere since");
        seen.seen(ANN, DICE, Locale::En);
        assert!(seen.present(ANN, DICE, GAME), "back since the move");
        assert_eq!(seen.locale.get(&ANN), Some(&Locale::En), "the language last seen");
        // Her daily's move in the same channel is being there for the other game.
        seen.acted(ANN, GAME);
        seen.seen(ANN, DICE, Locale::En);
        seen.acted(ANN, DAILY);
        assert!(
            seen.present(ANN, DICE, GAME),
            "a daily's move there counts as being there"
        );
        assert!(!seen.present(ANN, DICE, DAILY), "but not for the daily itself");
    }
}
