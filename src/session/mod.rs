//! Sessions: a game in a channel with the people (and bots) seated at it. This layer owns the
//! lobby, who may act, the versioned button ids, the one-live-board rule, persistence of every
//! action before it is acknowledged, bot turns and timers. It never talks to Discord directly:
//! it answers with a [`Reply`] for the interaction and sends channel messages through an [`Outbox`],
//! so its decisions are tested without Discord.

mod coach;
mod decide;
mod history;
pub mod ids;
mod lobby;
mod rematch;
mod render;
mod replay;
mod settings;
mod stats;
mod timers;

pub use coach::{hint_note, review_text};
pub use settings::{BoardStyle, ServerSettings};
pub use timers::{OnTimeout, Timers};

use crate::engine::picture::Picture;
use crate::engine::{
    self, AnyGame, Level, Locale, LoggedAction, Msg, ScriptedDice, Seat, SeededDice, Tr, View, driver,
};
use crate::games::GameKind;
use crate::id::{ChannelId, GameId, GuildId, MessageId, UserId};
use crate::store::{GameRow, LiveGame, Played, Status, Store, StoreError};
use dashmap::DashMap;
use decide::Click;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::{Mutex, Notify, OnceCell, OwnedMutexGuard};

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatInfo {
    /// The Discord user; `None` for a bot seat.
    pub user: Option<UserId>,
    /// Display name as given (escaped only when shown).
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<Level>,
}

/// The session's own data beside the game: stored as JSON in the game row's `seats` column.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    pub seats: Vec<SeatInfo>,
    /// The language shared messages (boards, lobby) are shown in: the server's.
    pub locale: Locale,
    /// The host allowed a one-player game.
    #[serde(default)]
    pub solitaire: bool,
    /// Unix seconds when an unstarted lobby expires.
    pub lobby_expires_at: i64,
    /// Unix seconds of the last reminder sent for the current wait (0: none).
    #[serde(default)]
    pub reminded_at: i64,
    /// Seats that asked the coach for a hint: the game is marked as coached for good.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hinted: Vec<Seat>,
    /// Set in the lobby of a rematch.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch: Option<Rematch>,
}

impl Table {
    /// A table with these seats, shown in `locale`, with no timers, hints or rematch yet.
    pub fn new(seats: Vec<SeatInfo>, locale: Locale, solitaire: bool) -> Table {
        Table {
            seats,
            locale,
            solitaire,
            lobby_expires_at: 0,
            reminded_at: 0,
            hinted: vec![],
            rematch: None,
        }
    }
}

/// What a rematch lobby remembers of the game it plays again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rematch {
    /// The finished game.
    pub of: GameId,
    /// Its seats in the order they will play now (rotated): the lobby keeps its seats in this
    /// order and names the people it still expects.
    pub seats: Vec<SeatInfo>,
}

/// A person acting through Discord.
#[derive(Clone, Debug)]
pub struct User {
    pub id: UserId,
    pub name: String,
    pub locale: Locale,
    /// Manage Server permission in this guild: may abandon anyone's game.
    pub manager: bool,
}

/// Where a command was used.
#[derive(Clone, Copy, Debug)]
pub struct Place {
    pub guild: Option<GuildId>,
    pub channel: ChannelId,
    /// The server's language, for messages everyone sees.
    pub locale: Locale,
}

/// A message for the channel: content (pings), the embed view, and whom it may mention.
#[derive(Clone, Debug, PartialEq)]
pub struct Post {
    pub content: Option<String>,
    pub view: View,
    /// The only users this message may ping (Discord `allowed_mentions`).
    pub ping: Vec<UserId>,
    /// The board as a picture, shown as the embed's image, on servers that chose pictures. A
    /// post without one removes any picture the message had.
    pub picture: Option<Box<Picture>>,
}

/// How to answer an interaction.
// One per interaction, moved straight into the answer: boxing the post would only add an
// allocation.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    /// Only the person who clicked or typed sees this.
    Private(String),
    /// Replace the clicked message (Discord's UPDATE_MESSAGE).
    Update(Post),
}

/// Channel messages the session sends without an interaction to answer (new boards, bot moves,
/// expiry). Implemented over Discord's HTTP API, and by a recorder in tests.
#[async_trait::async_trait]
pub trait Outbox: Send + Sync {
    /// Posts a message; returns its id.
    async fn post(&self, channel: ChannelId, post: &Post) -> Result<MessageId, String>;
    async fn edit(&self, channel: ChannelId, message: MessageId, post: &Post) -> Result<(), String>;
    /// Posts a short text that may ping exactly `ping`.
    async fn say(&self, channel: ChannelId, text: &str, ping: &[UserId]) -> Result<(), String>;
}

/// Actions after which a game's state is stored as a snapshot with its action, so a load
/// replays at most this many.
pub const SNAPSHOT_EVERY: usize = 50;

#[derive(Clone, Debug)]
pub struct Settings {
    pub lobby_expiry: Duration,
    pub bot_delay: Duration,
    /// Turn timers where a server has not set its own.
    pub timers: Timers,
    /// Fixed dice for tests and reproductions; `None` for real play.
    pub dice_seed: Option<u64>,
    /// Actions between a game's snapshots ([`SNAPSHOT_EVERY`]; tests take fewer).
    pub snapshot_every: usize,
}

impl Settings {
    /// The dice for a game's `step`-th random event: seeded when a seed is set (so a whole game
    /// repeats exactly), otherwise fresh. Whatever is drawn is stored in the log either way.
    fn dice(&self, game: GameId, step: u64) -> SeededDice {
        match self.dice_seed {
            Some(seed) => SeededDice::new(
                seed ^ (game.get() as u64).rotate_left(32) ^ step.wrapping_mul(0x9E37_79B9_7F4A_7C15),
            ),
            None => SeededDice::new(rand::random()),
        }
    }
}

/// One game and its seats, live in memory; the store has the same, durably.
pub struct Session {
    row: GameRow,
    kind: GameKind,
    table: Table,
    game: Option<Box<dyn AnyGame>>,
    /// The actions the stored snapshot covers: the session keeps only the ones after them (the
    /// store has all).
    base: usize,
    /// The actions since `base`.
    tail: Vec<LoggedAction>,
    bot_running: bool,
    /// The server's turn timers, for the deadline the board shows.
    timers: Timers,
    /// The server lets players ask the coach (its boards show 💡 Hint).
    hints: bool,
    /// Whether the server's boards carry a picture.
    board_style: BoardStyle,
    /// When someone or something last used the session: an idle one leaves memory.
    touched: Instant,
    /// Left memory: whoever still holds it must look the game up again.
    evicted: bool,
}

impl Session {
    /// A session of a stored row with no action yet, before the server's settings are applied.
    fn new(row: GameRow, kind: GameKind, table: Table, game: Option<Box<dyn AnyGame>>) -> Session {
        Session {
            row,
            kind,
            table,
            game,
            base: 0,
            tail: vec![],
            bot_running: false,
            timers: Timers::default(),
            hints: false,
            board_style: BoardStyle::default(),
            touched: Instant::now(),
            evicted: false,
        }
    }

    /// When the game next needs the bot without a click (see [`due_at`]).
    fn due_at(&self) -> Option<i64> {
        due_at(
            self.row.status,
            self.game.as_deref(),
            &self.table,
            self.timers,
            self.row.updated_at,
            self.needs_board(),
        )
    }

    /// The number of actions played: the version in the board's button ids.
    fn version(&self) -> usize {
        self.base + self.tail.len()
    }

    /// A game in play without a live board message: the turn passed (or the game started) and
    /// the next board is not posted yet. Stored as a missing board id, so it survives restarts.
    fn needs_board(&self) -> bool {
        self.row.status == Status::Playing && self.row.board_message_id.is_none()
    }

    fn seat_of(&self, user: UserId) -> Option<Seat> {
        self.table.seats.iter().position(|s| s.user == Some(user))
    }

    fn names(&self) -> Vec<String> {
        self.table.seats.iter().map(|s| render::escape(&s.name)).collect()
    }

    /// The seats the game waits for now.
    fn awaited(&self) -> Vec<Seat> {
        self.game.as_deref().map(driver::awaited).unwrap_or_default()
    }

    /// The humans the game waits for, as (seat, user), to ping and time them.
    fn humans_awaited(&self) -> Vec<(Seat, UserId)> {
        self.game
            .as_deref()
            .map(|game| humans_awaited(game, &self.table))
            .unwrap_or_default()
    }

    /// The humans the game waits for (to ping them).
    fn humans_to_act(&self) -> Vec<UserId> {
        self.humans_awaited().into_iter().map(|(_, u)| u).collect()
    }

    /// An awaited bot seat: bots move whenever the game awaits them, whoever else it awaits.
    fn bot_to_act(&self) -> Option<(Seat, Level)> {
        bot_to_act(self.game.as_deref()?, &self.table)
    }

    /// Unix seconds when the awaited players' time runs out, if a timeout applies.
    fn deadline(&self) -> Option<i64> {
        (self.timers.timeout_secs > 0 && !self.humans_awaited().is_empty())
            .then(|| self.row.updated_at + self.timers.timeout_secs as i64)
    }

    fn link(&self) -> Option<String> {
        self.row.board_message_id.map(|m| {
            let guild = self.row.guild_id.map_or("@me".to_owned(), |g| g.to_string());
            format!("https://discord.com/channels/{guild}/{}/{m}", self.row.channel_id)
        })
    }

    /// Copies the table into the row. `updated_at` is left alone: it is the time of the last
    /// action, which the turn timers measure from.
    fn sync_row(&mut self) {
        self.row.seats = serde_json::to_value(&self.table).expect("a table serializes");
    }
}

/// The humans `game` waits for, as (seat, user).
fn humans_awaited(game: &dyn AnyGame, table: &Table) -> Vec<(Seat, UserId)> {
    driver::awaited(game)
        .into_iter()
        .filter_map(|s| Some((s, table.seats.get(s)?.user?)))
        .collect()
}

fn bot_to_act(game: &dyn AnyGame, table: &Table) -> Option<(Seat, Level)> {
    let bot = |seat: Seat| table.seats.get(seat).and_then(|s| s.bot);
    let seat = driver::next_to_drive(game, |seat| bot(seat).is_some())?;
    Some((seat, bot(seat)?))
}

/// Unix seconds when a game next needs the bot without anyone clicking: a lobby when it expires;
/// a game in play at once (`updated_at`) if a bot is to move or its board is to be posted, else
/// at the awaited players' reminder or timeout, if the server's timers have them. Stored as the
/// game's `due_at` with every write, so only due games are loaded by the timer.
fn due_at(
    status: Status,
    game: Option<&dyn AnyGame>,
    table: &Table,
    timers: Timers,
    updated_at: i64,
    needs_board: bool,
) -> Option<i64> {
    match (status, game) {
        (Status::Lobby, _) => Some(table.lobby_expires_at),
        // A game just started is stored before its state is kept: its first board is due.
        (Status::Playing, _) if needs_board => Some(updated_at),
        (Status::Playing, Some(game)) => {
            if bot_to_act(game, table).is_some() {
                return Some(updated_at);
            }
            if humans_awaited(game, table).is_empty() {
                return None;
            }
            let after = |secs: u64| (secs > 0).then(|| updated_at + secs as i64);
            let reminder = after(timers.reminder_secs).filter(|_| table.reminded_at < updated_at);
            reminder.into_iter().chain(after(timers.timeout_secs)).min()
        }
        _ => None,
    }
}

/// Unix seconds.
fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// An unfinished game's place in memory: empty until the game is first touched (then loaded
/// from the store, once however many touch it together), emptied again when it idles.
type Slot = Arc<OnceCell<Arc<Mutex<Session>>>>;

/// Why a game in the index could not be loaded.
enum Unloadable {
    /// It ended or vanished from the store meanwhile.
    Gone,
    /// The store failed, or the record does not replay: the text says which.
    Failed(String),
}

/// The hub of all unfinished games: one per channel at most, found by game id for button clicks.
pub struct Hub {
    store: Store,
    outbox: Arc<dyn Outbox>,
    settings: Settings,
    /// Every unfinished game of this process, loaded or not.
    sessions: DashMap<GameId, Slot>,
    channels: DashMap<ChannelId, GameId>,
    /// Servers' own settings, read from the store once.
    guild_settings: DashMap<GuildId, ServerSettings>,
    /// Wakes the timer task when a write makes a game due before it planned to wake.
    wake: Notify,
    /// Unix seconds the timer task sleeps until.
    next_wake: AtomicI64,
}

/// A failure a user should hear about, already in their language.
type Refusal = String;

impl Hub {
    pub fn new(store: Store, outbox: Arc<dyn Outbox>, settings: Settings) -> Arc<Self> {
        Arc::new(Self {
            store,
            outbox,
            settings,
            sessions: DashMap::new(),
            channels: DashMap::new(),
            guild_settings: DashMap::new(),
            wake: Notify::new(),
            next_wake: AtomicI64::new(i64::MAX),
        })
    }

    /// Unfinished games (lobbies and games in play), loaded or not.
    #[cfg(test)]
    fn active(&self) -> usize {
        self.sessions.len()
    }

    /// Games whose session is in memory.
    #[cfg(test)]
    fn loaded(&self) -> usize {
        self.sessions.iter().filter(|e| e.value().initialized()).count()
    }

    fn is_loaded(&self, id: GameId) -> bool {
        self.sessions.get(&id).is_some_and(|slot| slot.initialized())
    }

    /// An unfinished game's session, locked, loading it from the store on its first touch.
    /// `Ok(None)`: no such unfinished game here. A game that ended while the caller waited for
    /// the lock comes back as it ended: callers check its status.
    async fn live(&self, id: GameId) -> Result<Option<OwnedMutexGuard<Session>>, Refusal> {
        loop {
            let Some(slot) = self.sessions.get(&id).map(|s| s.clone()) else {
                return Ok(None);
            };
            let session = match slot.get_or_try_init(|| self.load(id)).await {
                Ok(session) => session.clone(),
                Err(Unloadable::Gone) => {
                    self.forget(id);
                    return Ok(None);
                }
                Err(Unloadable::Failed(why)) => {
                    tracing::warn!(game = %id, %why, "a stored game cannot be loaded");
                    return Err(why);
                }
            };
            let mut s = session.lock_owned().await;
            if s.evicted {
                continue; // it left memory while we waited: load it again
            }
            s.touched = Instant::now();
            return Ok(Some(s));
        }
    }

    /// Rebuilds an unfinished game's session from the store, with its server's settings.
    async fn load(&self, id: GameId) -> Result<Arc<Mutex<Session>>, Unloadable> {
        let unfinished = |row: &GameRow| matches!(row.status, Status::Lobby | Status::Playing);
        let live = match self.store.load_live(id).await {
            Ok(Some(live)) if unfinished(&live.row) => live,
            Ok(_) => return Err(Unloadable::Gone),
            Err(e) => return Err(Unloadable::Failed(e.to_string())),
        };
        let from_snapshot = live.snapshot.is_some();
        let mut session = match load_session(live) {
            Ok(session) => session,
            // A snapshot is only a shortcut: one that no longer fits (its state's format changed
            // in an upgrade) must not cost the game, which the whole log still rebuilds.
            Err(why) if from_snapshot => {
                tracing::warn!(game = %id, %why, "the stored snapshot does not load; replaying the whole log");
                let stored = match self.store.load_game(id).await {
                    Ok(Some(stored)) if unfinished(&stored.row) => stored,
                    Ok(_) => return Err(Unloadable::Gone),
                    Err(e) => return Err(Unloadable::Failed(e.to_string())),
                };
                load_session(stored.into()).map_err(Unloadable::Failed)?
            }
            Err(why) => return Err(Unloadable::Failed(why)),
        };
        let settings = self.server_settings(session.row.guild_id).await;
        session.timers = settings.timers;
        session.hints = settings.hints;
        session.board_style = settings.board_style;
        Ok(Arc::new(Mutex::new(session)))
    }

    /// The unfinished game in a channel, locked (see [`Hub::live`]).
    async fn in_channel(&self, channel: ChannelId) -> Result<Option<OwnedMutexGuard<Session>>, Refusal> {
        let Some(id) = self.channels.get(&channel).map(|id| *id) else {
            return Ok(None);
        };
        self.live(id).await
    }

    /// Forgets a session that ended, freeing its channel.
    fn close(&self, s: &Session) {
        self.sessions.remove(&s.row.id);
        self.channels
            .remove_if(&s.row.channel_id, |_, id| *id == s.row.id);
    }

    /// Forgets a game that ended without this process (its channel unknown here: looked for).
    fn forget(&self, game: GameId) {
        self.sessions.remove(&game);
        self.channels.retain(|_, id| *id != game);
    }

    /// Takes an idle session out of memory (the index keeps the game), unless it has work in
    /// flight: a bot thinking or a board to post. The next touch loads it again.
    fn evict(&self, s: &mut Session) -> bool {
        if s.evicted
            || s.bot_running
            || s.needs_board()
            || !matches!(s.row.status, Status::Lobby | Status::Playing)
        {
            return false;
        }
        match self.sessions.get_mut(&s.row.id) {
            Some(mut slot) => {
                s.evicted = true;
                *slot = Slot::default();
                true
            }
            None => false,
        }
    }

    /// Evicts every session untouched for `idle` (one being used just now is left alone);
    /// returns how many left memory.
    pub fn evict_idle(&self, idle: Duration) -> usize {
        let loaded: Vec<_> = self
            .sessions
            .iter()
            .filter_map(|e| e.value().get().cloned())
            .collect();
        loaded
            .into_iter()
            .filter(|session| {
                session
                    .try_lock()
                    .is_ok_and(|mut s| s.touched.elapsed() >= idle && self.evict(&mut s))
            })
            .count()
    }

    /// Start-up: reads the index of unfinished games (id and channel, not their logs), then does
    /// what is due already (bots to move, boards never posted, timers that ran out meanwhile),
    /// before any click is taken: a click must find the board the restart re-posted. Every other
    /// game is loaded when it is first touched. Returns the number of games indexed.
    pub async fn restore(self: &Arc<Self>) -> Result<usize, StoreError> {
        // Not fatal: games already scheduled keep their times, and play goes on.
        if let Err(e) = self.check_default_timers().await {
            tracing::error!(error = %e, "could not reschedule games for changed default timers");
        }
        let index = self.store.load_index().await?;
        let games = index.len();
        for (id, channel) in index {
            self.channels.insert(channel, id);
            self.sessions.insert(id, Slot::default());
        }
        self.check_timers().await;
        Ok(games)
    }

    /// `/<game> start`: opens a lobby in the channel and posts it.
    pub async fn open_lobby(
        self: &Arc<Self>,
        kind: GameKind,
        place: Place,
        host: &User,
        options: serde_json::Value,
        solitaire: bool,
    ) -> String {
        let Place {
            guild,
            channel,
            locale: guild_locale,
        } = place;
        let tr = Tr::new(host.locale, &[]);
        match self.in_channel(channel).await {
            Ok(None) => {}
            Ok(Some(s)) => return render::busy_channel(&tr, s.kind, s.link()),
            Err(_) => return tr.t("game-load-failed"),
        }
        // Refuse options the game would refuse, before anyone joins; keep every option's value
        // (defaults included), so a later change of a default never changes a stored game.
        let options = match engine::options::resolve(kind.options(), &options) {
            Ok(options) => options,
            Err(e) => return tr.f("lobby-bad-options", &[("reason", tr.msg(&e).into())]),
        };
        if let Err(e) = kind.new_game(&options, *kind.players().end(), &mut SeededDice::new(0)) {
            return tr.f("lobby-bad-options", &[("reason", tr.msg(&e.msg()).into())]);
        }
        let host_seat = SeatInfo {
            user: Some(host.id),
            name: host.name.clone(),
            bot: None,
        };
        let table = Table::new(
            vec![host_seat],
            guild_locale,
            solitaire && kind.players().contains(&1),
        );
        self.open(kind, guild, channel, host, options, table).await
    }

    /// Stores and posts a lobby with `table`'s seats (a rematch, if the table says so) and
    /// claims the channel for it. Answers the host.
    async fn open(
        self: &Arc<Self>,
        kind: GameKind,
        guild: Option<GuildId>,
        channel: ChannelId,
        host: &User,
        options: serde_json::Value,
        mut table: Table,
    ) -> String {
        let tr = Tr::new(host.locale, &[]);
        let created = now();
        table.lobby_expires_at = created + self.settings.lobby_expiry.as_secs() as i64;
        let row = GameRow {
            id: GameId(0),
            kind: kind.id().to_owned(),
            guild_id: guild,
            channel_id: channel,
            host_id: host.id,
            status: Status::Lobby,
            options,
            seats: serde_json::Value::Null,
            setup_dice: vec![],
            board_message_id: None,
            created_at: created,
            updated_at: created,
        };
        let settings = self.server_settings(guild).await;
        let mut session = Session::new(row, kind, table, None);
        session.timers = settings.timers;
        session.hints = settings.hints;
        session.board_style = settings.board_style;
        session.sync_row();
        let of = session.table.rematch.as_ref().map(|r| r.of);
        let inserted = match of {
            None => self.store.insert_game(&session.row).await,
            Some(of) => match self.store.insert_rematch(&session.row, of).await {
                Ok(Some(id)) => Ok(id),
                Ok(None) => return tr.f("rematch-taken", &[("id", of.get().into())]),
                Err(e) => Err(e),
            },
        };
        let id = match inserted {
            Ok(id) => id,
            Err(e) => return store_failed(&tr, &e),
        };
        session.row.id = id;
        // Claim the channel before posting, so two starts racing never both show a lobby.
        let claimed = match self.channels.entry(channel) {
            dashmap::Entry::Occupied(_) => false,
            dashmap::Entry::Vacant(free) => {
                free.insert(id);
                true
            }
        };
        if !claimed {
            session.row.status = Status::Abandoned;
            self.persist(&mut session).await;
            return tr.t("channel-busy-race");
        }
        let session = Arc::new(Mutex::new(session));
        self.sessions
            .insert(id, Arc::new(OnceCell::new_with(Some(session.clone()))));
        // Clicks wait for this lock, so none arrives before the lobby is known.
        let mut s = session.lock().await;
        match self.outbox.post(channel, &lobby::invitation(&s)).await {
            Ok(message) => s.row.board_message_id = Some(message),
            Err(e) => {
                tracing::warn!(game = %id, error = %e, "could not post a lobby");
                s.row.status = Status::Abandoned;
                self.persist(&mut s).await;
                self.close(&s);
                return tr.t("cannot-post");
            }
        }
        self.persist(&mut s).await;
        let link = s.link();
        tr.f("lobby-opened", &[("link", link.unwrap_or_default().into())])
    }

    /// Writes the session's row; a failure is logged (the next write repeats it).
    async fn persist(&self, s: &mut Session) {
        if let Err(e) = self.try_persist(s).await {
            tracing::error!(game = %s.row.id, error = %e, "could not save a game");
        }
    }

    async fn try_persist(&self, s: &mut Session) -> Result<(), StoreError> {
        s.sync_row();
        let due = s.due_at();
        self.store.update_game(&s.row, due).await?;
        self.due_changed(due);
        Ok(())
    }

    /// A write set a game's due time: the timer task wakes earlier if it must. What is due at
    /// once (a bot, a board) is being done by this process already; the timer only retries it.
    fn due_changed(&self, due: Option<i64>) {
        if let Some(due) = due
            && due > now()
            && due < self.next_wake.load(Ordering::Relaxed)
        {
            self.wake.notify_one();
        }
    }

    /// A refusal for an interaction from a place whose games another process runs. Discord
    /// sends each guild's interactions to the process running its shard, so this is only a
    /// guard against a misrouted one (e.g. while processes are being re-sharded): nothing changes.
    pub fn other_shard(&self, guild: Option<GuildId>, user: &User) -> Option<Reply> {
        let shards = self.store.shards();
        (!shards.owns(guild)).then(|| {
            tracing::warn!(?guild, %shards, "an interaction for another process's shard");
            Reply::Private(Tr::new(user.locale, &[]).t("click-other-shard"))
        })
    }

    /// A button click on `message`, routed by its custom id.
    pub async fn click(self: &Arc<Self>, custom_id: &str, message: MessageId, user: &User) -> Reply {
        let tr = Tr::new(user.locale, &[]);
        let Some(route) = ids::decode(custom_id) else {
            return Reply::Private(tr.t("click-unknown"));
        };
        let mut s = match self.live(route.game()).await {
            Ok(Some(s)) => s,
            Ok(None) => return Reply::Private(tr.t("click-game-gone")),
            Err(_) => return Reply::Private(tr.t("game-load-failed")),
        };
        match decide::click(&s, &route, message, user) {
            Click::Refuse(why) => Reply::Private(why),
            Click::Redraw(post) => Reply::Update(post),
            Click::Lobby(action) => self.lobby_click(&mut s, action, user).await,
            Click::Hint(seat) => Reply::Private(self.hint(&mut s, seat, user).await),
            Click::Act { seat, action } => match self.act(&mut s, seat, action, user.locale).await {
                Ok(post) => Reply::Update(post),
                Err(refusal) => Reply::Private(refusal),
            },
        }
    }

    /// Applies one action for a seat, durably, and returns the clicked board's new look.
    /// On any refusal nothing changed.
    async fn act(&self, s: &mut Session, seat: Seat, action: &str, locale: Locale) -> Result<Post, Refusal> {
        let names = s.names();
        let tr = Tr::new(locale, &names);
        // Abandoned or finished while a bot was thinking or a timer was due.
        if s.row.status != Status::Playing {
            return Err(tr.t("click-game-gone"));
        }
        let current = s.game.as_ref().ok_or_else(|| tr.t("click-lobby-not-started"))?;
        let to_act = current.to_act();
        if action != engine::RESIGN && !to_act.contains(&seat) {
            return Err(render::not_your_turn(s, locale));
        }
        let mut game = current.clone();
        let mut dice = self.settings.dice(s.row.id, s.version() as u64 + 1);
        let (_, logged) =
            engine::apply_logged(game.as_mut(), seat, action, &mut dice).map_err(|e| tr.msg(&e.msg()))?;
        let finished = game.outcome().is_some();
        let status = if finished {
            Status::Finished
        } else {
            Status::Playing
        };
        let seq = s.version() as i64;
        let at = now();
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
        );
        // Durable before acknowledged: if this fails, the game stays as it was. The final action
        // records the results and ratings in the same transaction.
        let mut snapshot = false;
        let stored = match game.outcome() {
            Some(outcome) => {
                let mut log = self.whole_log(s).await.map_err(|e| store_failed(&tr, &e))?;
                log.push(logged.clone());
                let finish = history::finish(s, &outcome, &log);
                self.store.finish_game(s.row.id, seq, &logged, at, &finish).await
            }
            None => {
                // A long tail is folded into a snapshot stored with this action.
                snapshot = s.tail.len() + 1 >= self.settings.snapshot_every;
                let played = Played {
                    status,
                    at,
                    due_at: due,
                    board,
                    snapshot: snapshot.then(|| game.snapshot()),
                };
                self.store.append_action(s.row.id, seq, &logged, played).await
            }
        };
        match stored {
            Ok(()) => {}
            Err(StoreError::Conflict { .. }) => return Err(render::stale(&tr, s.link())),
            Err(e) => return Err(store_failed(&tr, &e)),
        }
        self.due_changed(due);
        s.game = Some(game);
        if snapshot {
            s.base = s.version() + 1;
            s.tail.clear();
        } else {
            s.tail.push(logged);
        }
        s.row.status = status;
        s.row.updated_at = at;
        if finished {
            self.close(s);
            return Ok(render::board(s, &[], false, ""));
        }
        s.row.board_message_id = board;
        if turn_passed {
            return Ok(render::board(s, &[], false, ""));
        }
        Ok(render::board(s, &[], true, ""))
    }

    /// An action that no click answers for (a bot's move, a command, a timeout): the live board
    /// is edited to show it. If the turn had passed and the next board is not posted yet, it is
    /// posted first, so an old, frozen board never comes back to life.
    async fn act_on_board(
        &self,
        s: &mut Session,
        seat: Seat,
        action: &str,
        locale: Locale,
    ) -> Result<(), Refusal> {
        self.post_board_if_needed(s).await;
        let board = s.row.board_message_id;
        let post = self.act(s, seat, action, locale).await?;
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
        Ok(())
    }

    /// After an interaction was answered: posts the next board if the turn passed, and lets
    /// bots take their turns.
    pub async fn settle(self: &Arc<Self>, game: GameId) {
        if let Ok(Some(mut s)) = self.live(game).await {
            self.post_board_if_needed(&mut s).await;
            self.wake_bots(&mut s);
        }
    }

    /// Starts the bots' turns if the game awaits a bot and none is running.
    fn wake_bots(self: &Arc<Self>, s: &mut Session) {
        if s.row.status == Status::Playing && s.bot_to_act().is_some() && !s.bot_running {
            s.bot_running = true;
            let hub = self.clone();
            let game = s.row.id;
            tokio::spawn(async move { hub.run_bots(game).await });
        }
    }

    /// Posts the next board if the game needs one; says whether it did.
    async fn post_board_if_needed(&self, s: &mut Session) -> bool {
        if !s.needs_board() {
            return false;
        }
        let ping = s.humans_to_act();
        let post = render::board(s, &ping, true, "");
        match self.outbox.post(s.row.channel_id, &post).await {
            Ok(message) => {
                s.row.board_message_id = Some(message);
                self.persist(s).await;
                true
            }
            Err(e) => {
                tracing::warn!(game = %s.row.id, error = %e, "could not post the next board");
                false
            }
        }
    }

    /// Plays the bots' turns one action at a time, pausing between them so people can follow.
    async fn run_bots(self: Arc<Self>, game: GameId) {
        loop {
            tokio::time::sleep(self.settings.bot_delay).await;
            let (snapshot, version, seat, level, kind) = {
                let Ok(Some(mut s)) = self.live(game).await else {
                    return;
                };
                match s.bot_to_act() {
                    Some((seat, level)) if s.row.status == Status::Playing => {
                        (s.game.clone().expect("playing"), s.version(), seat, level, s.kind)
                    }
                    _ => {
                        s.bot_running = false;
                        return;
                    }
                }
            };
            // Thinking can be heavy: keep it off the async workers.
            let mut rng = self.settings.dice(game, u64::MAX - version as u64);
            let choice = tokio::task::spawn_blocking(move || {
                kind.bot(level).choose(snapshot.as_ref(), seat, &mut rng)
            })
            .await;
            let Ok(Some(mut s)) = self.live(game).await else {
                return;
            };
            if s.row.status != Status::Playing {
                s.bot_running = false;
                return; // abandoned meanwhile
            }
            if s.version() != version {
                continue; // someone resigned meanwhile; look again
            }
            let locale = s.table.locale;
            let played = match choice {
                Ok(action) => match self.act_on_board(&mut s, seat, &action, locale).await {
                    Ok(()) => true,
                    Err(why) => {
                        tracing::error!(%game, %action, %why, "a bot chose an action the game refused");
                        false
                    }
                },
                Err(_) => {
                    tracing::error!(%game, "a bot panicked while thinking");
                    false
                }
            };
            if !played {
                // A bot's mistake never freezes a game: it takes its first legal choice, or
                // leaves the game.
                let first = s
                    .game
                    .as_ref()
                    .and_then(|g| g.choices(seat, &Tr::new(locale, &[])).into_iter().next())
                    .map(|c| c.id);
                let recovered = match first {
                    Some(first) => self.act_on_board(&mut s, seat, &first, locale).await.is_ok(),
                    None => false,
                };
                if !recovered
                    && self
                        .act_on_board(&mut s, seat, engine::RESIGN, locale)
                        .await
                        .is_err()
                {
                    s.bot_running = false;
                    return;
                }
            }
        }
    }

    /// Closes a lobby nobody started in time (the timer task finds it due).
    async fn expire_lobby(&self, s: &mut Session) {
        s.row.status = Status::Abandoned;
        self.persist(s).await;
        self.close(s);
        if let Some(message) = s.row.board_message_id {
            let post = lobby::closed(s, "lobby-expired");
            if let Err(e) = self.outbox.edit(s.row.channel_id, message, &post).await {
                tracing::warn!(game = %s.row.id, error = %e, "could not mark a lobby as expired");
            }
        }
    }

    /// The live session of a game kind in a channel, locked, or a refusal saying there is none.
    /// Checked under the lock, so a game that just ended is not acted on.
    async fn session_in(
        &self,
        kind: GameKind,
        channel: ChannelId,
        tr: &Tr<'_>,
    ) -> Result<OwnedMutexGuard<Session>, Refusal> {
        let none = || tr.f("no-game-here", &[("game", render::game_name(tr, kind).into())]);
        let s = match self.in_channel(channel).await {
            Ok(Some(s)) => s,
            Ok(None) => return Err(none()),
            Err(_) => return Err(tr.t("game-load-failed")),
        };
        if s.kind != kind || !matches!(s.row.status, Status::Lobby | Status::Playing) {
            return Err(none());
        }
        Ok(s)
    }

    /// `/<game> board`: posts the live board again at the bottom of the channel; the old one
    /// loses its buttons so there is still exactly one live board.
    pub async fn repost(self: &Arc<Self>, kind: GameKind, channel: ChannelId, user: &User) -> String {
        let tr = Tr::new(user.locale, &[]);
        let mut s = match self.session_in(kind, channel, &tr).await {
            Ok(s) => s,
            Err(r) => return r,
        };
        // Anyone could otherwise flood the channel with copies of the board.
        if s.seat_of(user.id).is_none() && s.row.host_id != user.id && !user.manager {
            return tr.t("board-refused");
        }
        let (post, frozen) = if s.row.status == Status::Lobby {
            (lobby::post(&s), lobby::closed(&s, "lobby-moved"))
        } else {
            (
                render::board(&s, &s.humans_to_act(), true, ""),
                render::board(&s, &[], false, ""),
            )
        };
        let old = s.row.board_message_id;
        match self.outbox.post(channel, &post).await {
            Ok(message) => {
                s.row.board_message_id = Some(message);
                self.persist(&mut s).await;
                if let Some(old) = old {
                    self.outbox.edit(channel, old, &frozen).await.ok();
                }
                tr.f("board-reposted", &[("link", s.link().unwrap_or_default().into())])
            }
            Err(e) => {
                tracing::warn!(game = %s.row.id, error = %e, "could not re-post a board");
                tr.t("cannot-post")
            }
        }
    }

    /// `/<game> resign`: the user's seat leaves the game.
    pub async fn resign(self: &Arc<Self>, kind: GameKind, channel: ChannelId, user: &User) -> String {
        let tr = Tr::new(user.locale, &[]);
        let game = {
            let mut s = match self.session_in(kind, channel, &tr).await {
                Ok(s) => s,
                Err(r) => return r,
            };
            if s.row.status == Status::Lobby {
                return tr.t("resign-in-lobby");
            }
            let Some(seat) = s.seat_of(user.id) else {
                return tr.t("rule-not-playing");
            };
            if let Err(r) = self.act_on_board(&mut s, seat, engine::RESIGN, user.locale).await {
                return r;
            }
            s.row.id
        };
        self.settle(game).await;
        tr.t("resigned")
    }

    /// `/<game> abandon`: ends the game for everyone. The host or a server manager only.
    pub async fn abandon(&self, kind: GameKind, channel: ChannelId, user: &User) -> String {
        let tr = Tr::new(user.locale, &[]);
        let mut s = match self.session_in(kind, channel, &tr).await {
            Ok(s) => s,
            Err(r) => return r,
        };
        if s.row.host_id != user.id && !user.manager {
            return tr.t("abandon-refused");
        }
        let was_lobby = s.row.status == Status::Lobby;
        let status = std::mem::replace(&mut s.row.status, Status::Abandoned);
        if let Err(e) = self.try_persist(&mut s).await {
            s.row.status = status;
            return store_failed(&tr, &e);
        }
        self.close(&s);
        if let Some(message) = s.row.board_message_id {
            let post = if was_lobby {
                lobby::closed(&s, "lobby-cancelled")
            } else {
                render::abandoned(&s, &user.name)
            };
            self.outbox.edit(channel, message, &post).await.ok();
        }
        tr.t("abandoned")
    }

    /// `/<game> log`: the moves so far, a page at a time (newest page last).
    pub async fn log(&self, kind: GameKind, channel: ChannelId, user: &User, page: Option<usize>) -> String {
        let tr = Tr::new(user.locale, &[]);
        let s = match self.session_in(kind, channel, &tr).await {
            Ok(s) => s,
            Err(r) => return r,
        };
        match self.whole_log(&s).await {
            Ok(log) => render::log_page(&s, &log, user.locale, page),
            Err(e) => store_failed(&tr, &e),
        }
    }

    /// A game's whole action log: the actions its snapshot covers are only in the store.
    async fn whole_log(&self, s: &Session) -> Result<Vec<LoggedAction>, StoreError> {
        if s.base == 0 {
            return Ok(s.tail.clone());
        }
        let stored = self.store.load_game(s.row.id).await?;
        match stored.map(|stored| stored.log) {
            Some(log) if log.len() == s.version() => Ok(log),
            found => Err(StoreError::Invalid(format!(
                "game {} has {} actions in the store and {} in memory",
                s.row.id,
                found.map_or(0, |log| log.len()),
                s.version()
            ))),
        }
    }
}

fn store_failed(tr: &Tr, e: &StoreError) -> String {
    tracing::error!(error = %e, "storage failed");
    match e {
        StoreError::OtherShard { .. } => tr.t("click-other-shard"),
        _ => tr.t("store-failed"),
    }
}

/// A stored table's seats with `user` anonymised (no id, no name: shown as "someone"), or `None`
/// if they do not seat `user`.
fn forget_seats(seats: &serde_json::Value, user: UserId) -> Option<serde_json::Value> {
    let mut table: Table = serde_json::from_value(seats.clone()).ok()?;
    let rematch = table.rematch.iter_mut().flat_map(|r| r.seats.iter_mut());
    let mut changed = false;
    for seat in table.seats.iter_mut().chain(rematch) {
        if seat.user == Some(user) {
            *seat = SeatInfo {
                user: None,
                name: crate::store::ANONYMOUS.to_owned(),
                bot: None,
            };
            changed = true;
        }
    }
    changed.then(|| serde_json::to_value(&table).expect("a table serializes"))
}

/// How a seat of an ended game is named: a forgotten player as "someone".
fn seat_name(seat: &SeatInfo, tr: &Tr) -> String {
    if seat.user.is_none() && seat.bot.is_none() {
        tr.t("history-anonymous")
    } else {
        render::escape(&seat.name)
    }
}

/// Rebuilds a session from its stored record: the state from its snapshot, or set up afresh
/// without one, then the actions after that replayed.
fn load_session(live: LiveGame) -> Result<Session, String> {
    let row = live.row;
    let kind = GameKind::from_id(&row.kind).ok_or_else(|| format!("unknown game kind `{}`", row.kind))?;
    let table: Table = serde_json::from_value(row.seats.clone()).map_err(|e| format!("bad seats: {e}"))?;
    let game = match (row.status, &live.snapshot) {
        (Status::Lobby, _) => None,
        (_, Some(snapshot)) => {
            let mut game = kind
                .restore(&snapshot.state)
                .map_err(|e| format!("the snapshot does not restore: {e}"))?;
            engine::replay(game.as_mut(), &live.tail)
                .map_err(|e| format!("after the snapshot of {} actions, {e}", snapshot.covers))?;
            Some(game)
        }
        (_, None) => Some(replayed(kind, &row, table.seats.len(), &live.tail)?.0),
    };
    let mut session = Session::new(row, kind, table, game);
    session.base = live.snapshot.map_or(0, |snapshot| snapshot.covers);
    session.tail = live.tail;
    Ok(session)
}

/// A game rebuilt from its record, and each log entry's lines.
pub(super) type Replayed = (Box<dyn AnyGame>, Vec<Vec<Msg>>);

/// The game after setup with its recorded dice and the given log, with each entry's log lines.
pub(super) fn replayed(
    kind: GameKind,
    row: &GameRow,
    players: usize,
    log: &[LoggedAction],
) -> Result<Replayed, String> {
    let mut setup = ScriptedDice::new(row.setup_dice.iter().copied()).lenient();
    let mut game = kind
        .new_game(&row.options, players, &mut setup)
        .map_err(|e| format!("setup refused: {}", e.msg().id))?;
    if setup.overrun() || setup.remaining() != 0 {
        return Err("setup dice do not match the game".into());
    }
    let lines = engine::replay(game.as_mut(), log)?;
    Ok((game, lines))
}

#[cfg(test)]
mod tests;
