//! Live play: actions applied to a game and stored before anyone hears of them, boards posted
//! and edited, bots' turns, and the ends that come without a move (a lobby expiring, a deleted
//! channel, a forgotten player leaving). Commands and clicks (`Tables`) and the timers
//! (`Timekeeper`) act on games through it.

use super::catchup::CatchUp;
use super::clock::Clock;
use super::daily::{self, Days};
use super::guard::Guard;
use super::index::{Index, Locked};
use super::live::{Session, due_at};
use super::notices::Notices;
use super::phase::Phase;
use super::settings::GuildSettings;
use super::{
    Outbox, OutboxError, Post, SeatInfo, Settings, User, coach, history, lobby, render, store_failed, threads,
};
use crate::engine::{self, AnyGame, Dice, Level, Locale, LoggedAction, Msg, Seat, Tr};
use crate::games::GameKind;
use crate::id::{GameId, MessageId, UserId};
use crate::store::{Played, Status, Store, StoreError};
use saikoro_core::daily::DailyDice;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use tokio::sync::Notify;

/// Why an action was not applied: nothing changed. Worded for whoever asked by [`Refusal::text`].
#[derive(Debug, thiserror::Error)]
pub(super) enum Refusal {
    /// Abandoned or finished meanwhile.
    #[error("the game is not in play")]
    Gone,
    /// The game awaits other seats.
    #[error("the game awaits another seat")]
    NotYourTurn,
    /// The rules refuse it, saying why.
    #[error("the rules refuse it ({})", .0.id)]
    Rule(Msg),
    /// Another action was stored first: the board is out of date.
    #[error("another action was stored first")]
    Stale,
    #[error(transparent)]
    Store(StoreError),
}

impl Refusal {
    /// The refusal in `locale`, about session `s` as it still is.
    pub(super) fn text(&self, s: &Session, locale: Locale) -> String {
        let names = s.names();
        let tr = Tr::new(locale, &names);
        match self {
            Refusal::Gone => tr.t("click-game-gone"),
            Refusal::NotYourTurn => render::not_your_turn(s, locale),
            Refusal::Rule(why) => tr.msg(why),
            Refusal::Stale => render::stale(&tr, s),
            Refusal::Store(e) => store_failed(&tr, e),
        }
    }
}

pub(super) struct Play {
    pub(super) store: Arc<Store>,
    pub(super) outbox: Arc<dyn Outbox>,
    pub(super) settings: Settings,
    pub(super) clock: Arc<dyn Clock>,
    pub(super) guilds: Arc<GuildSettings>,
    /// Every unfinished game of this process.
    pub(super) index: Index,
    /// The limits against abuse, and how much of them each user and channel has used.
    pub(super) guard: Guard,
    /// Wakes the timer task when a write makes a game due before it planned to wake.
    pub(super) wake: Notify,
    /// Unix seconds the timer task sleeps until.
    pub(super) next_wake: AtomicI64,
    /// The due pass after a start, run while clicks are answered.
    pub(super) catch_up: CatchUp,
    /// The daily's secret and pars, read once.
    pub(super) days: Days,
    /// Turn notices by direct message, and what they need to know of who was where.
    pub(super) notices: Arc<Notices>,
}

/// An action applied to a copy of the game, not stored yet.
struct Move {
    game: Box<dyn AnyGame>,
    logged: LoggedAction,
    status: Status,
    /// Unix seconds: the game's last action from now on.
    at: i64,
    turn_passed: bool,
    /// The live board after the action: none once the turn passed, as a fresh board is due.
    board: Option<MessageId>,
    due: Option<i64>,
    /// The state after the action is stored with it, as the game's snapshot.
    snapshot: bool,
}

/// A bot's turn to think about, taken from the session so it thinks without the lock.
struct BotTurn {
    game: Box<dyn AnyGame>,
    version: usize,
    seat: Seat,
    level: Level,
    kind: GameKind,
}

impl Play {
    pub(super) fn new(
        store: Store,
        outbox: Arc<dyn Outbox>,
        settings: Settings,
        clock: Arc<dyn Clock>,
    ) -> Play {
        let store = Arc::new(store);
        let guilds = Arc::new(GuildSettings::new(store.clone(), settings.timers));
        Play {
            index: Index::new(store.clone(), guilds.clone(), settings.markup),
            guard: Guard::new(settings.limits.clone(), clock.clone()),
            notices: Arc::new(Notices::new(store.clone(), outbox.clone(), settings.markup)),
            days: Days::new(store.clone(), settings.markup),
            store,
            outbox,
            settings,
            clock,
            guilds,
            wake: Notify::new(),
            next_wake: AtomicI64::new(i64::MAX),
            catch_up: CatchUp::default(),
        }
    }

    /// Writes the session's row; a failure is logged (the next write repeats it).
    pub(super) async fn persist(&self, s: &mut Session) {
        if let Err(e) = self.try_persist(s).await {
            tracing::error!(game = %s.row.id, error = %e, "could not save a game");
        }
    }

    pub(super) async fn try_persist(&self, s: &mut Session) -> Result<(), StoreError> {
        s.sync_row();
        let due = s.due_at();
        self.store.update_game(&s.row, due).await?;
        self.due_changed(due);
        Ok(())
    }

    /// A write set a game's due time: the timer task wakes earlier if it must. What is due at
    /// once (a bot, a board) is being done by this process already; the timer only retries it.
    pub(super) fn due_changed(&self, due: Option<i64>) {
        if let Some(due) = due
            && due > self.clock.now()
            && due < self.next_wake.load(Ordering::Relaxed)
        {
            self.wake.notify_one();
        }
    }

    /// What follows an interaction's answer, under the same lock: the turn's next board, and
    /// the bots' turns.
    pub(super) async fn settle(self: &Arc<Self>, s: &mut Session) {
        self.post_board_if_needed(s).await;
        threads::show_end_on_line(self.outbox.as_ref(), s).await;
        self.wake_bots(s);
    }

    /// The coach's advice for `seat`, awaited on the clicked board, in the user's language. The
    /// game is marked as coached durably before the advice is shown; nothing else changes.
    pub(super) async fn hint(&self, s: &mut Session, seat: Seat, user: &User) -> String {
        let names = s.names();
        let tr = Tr::new(user.locale, &names);
        let Some(game) = s.phase.playing().map(AnyGame::clone_box) else {
            return tr.t("click-lobby-not-started");
        };
        let Some(advice) = coach::advice(game, seat).await else {
            return tr.t("hint-none");
        };
        if !s.table.hinted.contains(&seat) {
            s.table.hinted.push(seat);
            if let Err(e) = self.try_persist(s).await {
                s.table.hinted.retain(|&h| h != seat);
                return store_failed(&tr, &e);
            }
        }
        tr.msg(&advice)
    }

    /// Applies one action for a seat, durably, and returns the clicked board's new look.
    /// On any refusal nothing changed.
    pub(super) async fn act(&self, s: &mut Session, seat: Seat, action: &str) -> Result<Post, Refusal> {
        let daily = self.days.dice_of(s).await.map_err(Refusal::Store)?;
        let played = self.apply(s, seat, action, daily)?;
        // Durable before acknowledged: if this fails, the game stays as it was.
        match self.store_move(s, &played).await {
            Ok(()) => {}
            Err(StoreError::Conflict { .. }) => return Err(Refusal::Stale),
            Err(e) => return Err(Refusal::Store(e)),
        }
        self.due_changed(played.due);
        if let Some(user) = s.table.seats.get(seat).and_then(|seat| seat.user) {
            self.notices.acted(user, s.row.id);
        }
        Ok(self.commit(s, played))
    }

    /// The action applied to a copy of the game, or why the game or the session refuses it.
    /// A daily game plays on `daily`, the day's dice where its log stopped; any other game on
    /// dice of its own.
    fn apply(
        &self,
        s: &Session,
        seat: Seat,
        action: &str,
        daily: Option<DailyDice>,
    ) -> Result<Move, Refusal> {
        // Abandoned or finished while a bot was thinking or a timer was due.
        let Phase::Playing(current) = &s.phase else {
            return Err(Refusal::Gone);
        };
        let to_act = current.to_act();
        if action != engine::RESIGN && !to_act.contains(&seat) {
            return Err(Refusal::NotYourTurn);
        }
        let mut game = current.clone();
        let mut dice: Box<dyn Dice> = match daily {
            Some(daily) => Box::new(daily),
            None => Box::new(self.settings.dice(s.row.id, s.version() as u64 + 1)),
        };
        let (_, logged) = engine::apply_logged(game.as_mut(), seat, action, dice.as_mut())
            .map_err(|e| Refusal::Rule(e.msg()))?;
        let status = match game.outcome() {
            Some(_) => Status::Finished,
            None => Status::Playing,
        };
        let at = self.clock.now();
        let turn_passed = game.to_act() != to_act;
        // The clicked board freezes when the turn passes; a fresh one pings whoever is next (see
        // `settle`). Written with the action, so a restart knows the next board is due.
        let board = if turn_passed { None } else { s.row.board_message_id };
        let due = due_at(
            status,
            Some(game.as_ref()),
            &s.table,
            s.timers,
            at,
            board.is_none(),
            &s.seated,
        );
        Ok(Move {
            // A long tail is folded into a snapshot stored with this action.
            // A daily keeps its whole log in memory: its dice go on from the log's count.
            snapshot: status == Status::Playing
                && s.table.daily.is_none()
                && s.tail.len() + 1 >= self.settings.snapshot_every,
            game,
            logged,
            status,
            at,
            turn_passed,
            board,
            due,
        })
    }

    /// Stores an action with everything it changes in the game's row. The final action records
    /// the results and ratings in the same transaction.
    async fn store_move(&self, s: &Session, played: &Move) -> Result<(), StoreError> {
        let seq = s.version() as i64;
        if let Some(outcome) = played.game.outcome() {
            let mut log = s.whole_log(&self.store).await?;
            log.push(played.logged.clone());
            // A daily's result is its own, stored with the final action.
            if let Some((player, day, result)) = daily::ending(s, &log, played.at)? {
                return self
                    .store
                    .finish_daily_game(s.row.id, seq, &played.logged, player, day, &result)
                    .await;
            }
            let finish = history::finish(s, &outcome, &log);
            self.store
                .finish_game(s.row.id, seq, &played.logged, played.at, &finish)
                .await
        } else {
            let row = Played {
                status: played.status,
                at: played.at,
                due_at: played.due,
                board: played.board,
                snapshot: played.snapshot.then(|| played.game.snapshot()),
            };
            self.store.append_action(s.row.id, seq, &played.logged, row).await
        }
    }

    /// Takes a stored action into the session; returns the clicked board's new look.
    fn commit(&self, s: &mut Session, played: Move) -> Post {
        if played.snapshot {
            s.base = s.version() + 1;
            s.tail.clear();
        } else {
            s.tail.push(played.logged);
        }
        s.row.updated_at = played.at;
        let finished = played.status == Status::Finished;
        if !finished {
            s.row.board_message_id = played.board;
        }
        // A daily's private board is the only one its player has: it stays live for the next turn.
        let live = !finished && (!played.turn_passed || s.table.daily.is_some());
        let post = render::board(s, played.game.as_ref(), &[], live, "");
        s.phase = Phase::of(played.game);
        if finished {
            self.index.close(s);
        }
        post
    }

    /// An action that no click answers for (a bot's move, a command, a timeout): the live board
    /// is edited to show it. If the turn had passed and the next board is not posted yet, it is
    /// posted first, so an old, frozen board never comes back to life.
    pub(super) async fn act_on_board(
        &self,
        s: &mut Session,
        seat: Seat,
        action: &str,
    ) -> Result<(), Refusal> {
        self.post_board_if_needed(s).await;
        let board = s.row.board_message_id;
        let post = self.act(s, seat, action).await?;
        if let Some(message) = board
            && let Err(e) = self.outbox.edit(s.row.channel_id, message, &post).await
        {
            tracing::warn!(game = %s.row.id, error = %e, "could not update the board");
            // Deleted or unreachable while still live: a fresh board takes its place.
            if s.row.board_message_id == Some(message) {
                s.row.board_message_id = None;
            }
        }
        self.post_board_if_needed(s).await;
        threads::show_end_on_line(self.outbox.as_ref(), s).await;
        Ok(())
    }

    /// Starts the bots' turns if the game awaits a bot and none is running.
    pub(super) fn wake_bots(self: &Arc<Self>, s: &mut Session) {
        if s.phase.playing().is_some() && s.bot_to_act().is_some() && !s.bot_running {
            s.bot_running = true;
            let play = self.clone();
            let game = s.row.id;
            tokio::spawn(async move { play.run_bots(game).await });
        }
    }

    /// Posts the next board if the game needs one; says whether it did.
    pub(super) async fn post_board_if_needed(&self, s: &mut Session) -> bool {
        let Some(game) = s.board_due() else {
            return false;
        };
        let ping = s.humans_to_act();
        let post = render::board(s, game, &ping, true, "");
        match self.outbox.post(s.row.channel_id, &post).await {
            Ok(message) => {
                s.row.board_message_id = Some(message);
                self.persist(s).await;
                true
            }
            Err(e) => {
                tracing::warn!(game = %s.row.id, error = %e, "could not post the next board");
                self.posting_failed(s, &e).await;
                false
            }
        }
    }

    /// Closes a lobby nobody started in time (the timer task finds it due).
    pub(super) async fn expire_lobby(&self, s: &mut Session) {
        s.phase.abandon();
        self.persist(s).await;
        self.index.close(s);
        if let Some(message) = s.row.board_message_id {
            let post = lobby::closed(s, "lobby-expired");
            if let Err(e) = self.outbox.edit(s.row.channel_id, message, &post).await {
                tracing::warn!(game = %s.row.id, error = %e, "could not mark a lobby as expired");
            }
        }
        threads::close_lobby_thread(self.outbox.as_ref(), s, "lobby-expired").await;
    }

    /// The game's channel or thread no longer exists: the game ends as abandoned, stored as such
    /// with its log, and its line in the parent says why.
    pub(super) async fn channel_gone(&self, s: &mut Session) {
        if !s.phase.is_open() {
            return;
        }
        tracing::info!(game = %s.row.id, channel = %s.row.channel_id, "the game's channel was deleted");
        s.phase.abandon();
        self.persist(s).await;
        self.index.close(s);
        threads::edit_line(self.outbox.as_ref(), s, threads::line(s, true)).await;
    }

    /// A post to the game's channel failed: if the channel is gone, so is the game.
    async fn posting_failed(&self, s: &mut Session, error: &OutboxError) {
        if matches!(error, OutboxError::ChannelGone) {
            self.channel_gone(s).await;
        }
    }

    /// The user leaves a lobby; a lobby they host is cancelled, as its host would.
    pub(super) async fn leave_lobby(&self, s: &mut Session, user: UserId) {
        let post = if s.row.host_id == user {
            s.phase.abandon();
            if let Err(e) = self.try_persist(s).await {
                tracing::error!(game = %s.row.id, error = %e, "could not cancel a forgotten host's lobby");
                s.phase.reopen();
                return;
            }
            self.index.close(s);
            lobby::closed(s, "lobby-cancelled")
        } else {
            let someone = anonymous(s);
            s.table.seats.retain(|seat| seat.user != Some(user));
            s.table.invited.retain(|seat| seat.user != Some(user));
            forget_rematch(s, user, &someone);
            self.persist(s).await;
            lobby::post(s)
        };
        if let Some(message) = s.row.board_message_id {
            self.outbox.edit(s.row.channel_id, message, &post).await.ok();
        }
    }

    /// The user's seats in a game in play become "someone" and resign, so the game goes on (or
    /// ends) by its rules and its results name no one for them.
    pub(super) async fn leave_game(self: &Arc<Self>, s: &mut Session, user: UserId) {
        let someone = anonymous(s);
        let mut seats = vec![];
        for (index, seat) in s.table.seats.iter_mut().enumerate() {
            if seat.user == Some(user) {
                *seat = someone.clone();
                seats.push(index);
            }
        }
        forget_rematch(s, user, &someone);
        if s.row.host_id == user {
            // Not written by the session: the store's forget clears the stored host.
            s.row.host_id = UserId(0);
        }
        self.persist(s).await;
        for seat in seats {
            if s.phase.playing().is_none() {
                break;
            }
            // Refused only if the seat is out already: then there is nothing to resign.
            if self.act_on_board(s, seat, engine::RESIGN).await.is_err() {
                tracing::debug!(game = %s.row.id, seat, "a forgotten seat was out already");
            }
        }
        self.wake_bots(s);
    }

    /// Plays the bots' turns one action at a time, pausing between them so people can follow.
    async fn run_bots(self: Arc<Self>, game: GameId) {
        loop {
            tokio::time::sleep(self.settings.bot_delay).await;
            let Some(turn) = self.bot_turn(game).await else {
                return;
            };
            // Thinking can be heavy: keep it off the async workers.
            let mut rng = self.settings.dice(game, u64::MAX - turn.version as u64);
            let BotTurn {
                game: state,
                seat,
                level,
                kind,
                version,
            } = turn;
            let choice = tokio::task::spawn_blocking(move || {
                let started = std::time::Instant::now();
                let action = kind.bot(level).choose(state.as_ref(), seat, &mut rng);
                crate::metrics::bot_decision(kind.id(), started.elapsed());
                action
            })
            .await;
            let Ok(Some(mut s)) = self.index.live(game).await else {
                return;
            };
            if s.phase.playing().is_none() {
                s.bot_running = false;
                return; // abandoned meanwhile
            }
            if s.version() != version {
                continue; // someone resigned meanwhile; look again
            }
            let played = if let Ok(action) = choice {
                self.bot_plays(&mut s, seat, &action).await
            } else {
                tracing::error!(%game, "a bot panicked while thinking");
                crate::metrics::error("bot");
                false
            };
            if !played && !self.bot_recovers(&mut s, seat).await {
                s.bot_running = false;
                return;
            }
        }
    }

    /// The bot's turn the game awaits, if any; with none, the bots stop.
    async fn bot_turn(&self, game: GameId) -> Option<BotTurn> {
        let mut s = self.index.live(game).await.ok()??;
        if let (Some((seat, level)), Some(state)) = (s.bot_to_act(), s.phase.playing()) {
            Some(BotTurn {
                game: state.clone_box(),
                version: s.version(),
                seat,
                level,
                kind: s.kind,
            })
        } else {
            s.bot_running = false;
            None
        }
    }

    /// Plays a bot's chosen action; says whether the game took it.
    async fn bot_plays(&self, s: &mut Locked, seat: Seat, action: &str) -> bool {
        match self.act_on_board(s, seat, action).await {
            Ok(()) => true,
            Err(why) => {
                tracing::error!(game = %s.row.id, %action, %why, "a bot chose an action the game refused");
                false
            }
        }
    }

    /// A bot's mistake never freezes a game: it takes its first legal choice, or leaves the
    /// game. Says whether either worked.
    async fn bot_recovers(&self, s: &mut Locked, seat: Seat) -> bool {
        let locale = s.table.locale;
        let first = s
            .phase
            .game()
            .and_then(|g| g.choices(seat, &Tr::new(locale, &[])).into_iter().next())
            .map(|c| c.id);
        if let Some(first) = first
            && self.act_on_board(s, seat, &first).await.is_ok()
        {
            return true;
        }
        self.act_on_board(s, seat, engine::RESIGN).await.is_ok()
    }
}

/// A forgotten seat: no id, and "someone" as its name in the server's language.
fn anonymous(s: &Session) -> SeatInfo {
    SeatInfo {
        user: None,
        name: Tr::new(s.table.locale, &[]).t("history-anonymous"),
        bot: None,
    }
}

fn forget_rematch(s: &mut Session, user: UserId, someone: &SeatInfo) {
    for seat in s.table.rematch.iter_mut().flat_map(|r| r.seats.iter_mut()) {
        if seat.user == Some(user) {
            *seat = someone.clone();
        }
    }
}
