//! The index of this process's unfinished games: every one by id and by channel, each in a slot
//! that is filled from the store when the game is first touched (once, however many touch it
//! together) and emptied again when it idles.

use super::live::{Session, load_session};
use super::markup::Markup;
use super::seated;
use super::settings::{GuildSettings, ServerSettings};
use crate::engine::RestoreError;
use crate::games::GameKind;
use crate::id::{ChannelId, GameId, GuildId};
use crate::store::{GameRow, LiveGame, Status, Store, StoreError};
use dashmap::{DashMap, DashSet};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{Mutex, OnceCell, OwnedMutexGuard};
use tokio::time::Instant;

/// An unfinished game's place in memory: empty until the game is first touched (then loaded
/// from the store, once however many touch it together), emptied again when it idles.
type Slot = Arc<OnceCell<Arc<Mutex<Session>>>>;

/// An unfinished game in the index: its slot, and which game it is (counted per game in the
/// metrics without loading it).
struct Entry {
    kind: &'static str,
    slot: Slot,
}

impl Entry {
    fn new(kind: &str, slot: Slot) -> Entry {
        Entry {
            kind: counted_as(kind),
            slot,
        }
    }
}

/// The label a game is counted under: a kind this build does not know cannot load, but it is
/// still counted.
fn counted_as(kind: &str) -> &'static str {
    GameKind::from_id(kind).map_or("unknown", GameKind::id)
}

/// A session, locked: whoever holds it acts for the game alone.
pub(super) type Locked = OwnedMutexGuard<Session>;

/// Why a game in the index could not be loaded.
enum Unloadable {
    /// It ended or vanished from the store meanwhile.
    Gone,
    /// The store failed (the text says how): the next touch tries again.
    Failed(String),
    /// Its record does not rebuild, so it was set aside in the store.
    Quarantined,
}

/// Why a stored game cannot be acted on; logged with the reason where it happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum LoadFailed {
    /// The store failed just now: nothing changed, and a later touch tries again.
    Store,
    /// Its stored record does not rebuild (corrupt or hostile), so it was set aside for good.
    Quarantined,
}

impl LoadFailed {
    /// The catalogue message that tells the user.
    pub(super) fn message(self) -> &'static str {
        match self {
            LoadFailed::Store => "game-load-failed",
            LoadFailed::Quarantined => "game-quarantined",
        }
    }
}

pub(super) struct Index {
    store: Arc<Store>,
    guilds: Arc<GuildSettings>,
    /// Given to the sessions it loads.
    markup: &'static dyn Markup,
    /// Every unfinished game of this process, loaded or not.
    sessions: DashMap<GameId, Entry>,
    channels: DashMap<ChannelId, GameId>,
    /// This process's games set aside: not in `sessions`, their channels free, a click on
    /// their old boards told why.
    quarantined: DashSet<GameId>,
}

impl Index {
    pub(super) fn new(store: Arc<Store>, guilds: Arc<GuildSettings>, markup: &'static dyn Markup) -> Index {
        Index {
            store,
            guilds,
            markup,
            sessions: DashMap::new(),
            channels: DashMap::new(),
            quarantined: DashSet::new(),
        }
    }

    /// Reads the index of unfinished games (id and channel, not their logs) and the games set
    /// aside; returns how many are in play.
    pub(super) async fn restore(&self) -> Result<usize, StoreError> {
        for id in self.store.load_quarantined().await? {
            self.quarantined.insert(id);
        }
        let index = self.store.load_index().await?;
        // A daily game is one player's over several sittings: it leaves its channel free.
        let dailies: std::collections::HashSet<GameId> =
            self.store.daily_games_in_play().await?.into_iter().collect();
        let games = index.len();
        for game in index {
            if !dailies.contains(&game.id) {
                self.channels.insert(game.channel, game.id);
            }
            self.sessions
                .insert(game.id, Entry::new(&game.kind, Slot::default()));
        }
        Ok(games)
    }

    /// Claims a free channel for a new game; `false` if another game has it (two starts racing).
    pub(super) fn claim(&self, channel: ChannelId, id: GameId) -> bool {
        match self.channels.entry(channel) {
            dashmap::Entry::Occupied(_) => false,
            dashmap::Entry::Vacant(free) => {
                free.insert(id);
                true
            }
        }
    }

    /// Adds a new game's session, in memory from the start; returns it, shared.
    pub(super) fn insert(&self, session: Session) -> Arc<Mutex<Session>> {
        let (id, kind) = (session.row.id, counted_as(&session.row.kind));
        let session = Arc::new(Mutex::new(session));
        let slot = Arc::new(OnceCell::new_with(Some(session.clone())));
        self.sessions.insert(id, Entry { kind, slot });
        session
    }

    /// The sessions in memory now (their games' others load when touched).
    pub(super) fn in_memory(&self) -> Vec<Arc<Mutex<Session>>> {
        self.sessions
            .iter()
            .filter_map(|e| e.value().slot.get().cloned())
            .collect()
    }

    /// A server's games in memory follow its new settings.
    pub(super) async fn apply(&self, guild: GuildId, settings: ServerSettings) {
        for session in self.in_memory() {
            let mut s = session.lock().await;
            if s.row.guild_id == Some(guild) {
                s.apply(settings);
            }
        }
    }

    /// Per game: unfinished games (lobbies and games in play), loaded or not, and how many of
    /// them are in memory. Every registered game is listed, with none too.
    pub(super) fn census(&self) -> BTreeMap<&'static str, (usize, usize)> {
        let mut counts: BTreeMap<_, _> = GameKind::ALL.iter().map(|k| (k.id(), (0, 0))).collect();
        for entry in &self.sessions {
            let (indexed, loaded) = counts.entry(entry.kind).or_default();
            *indexed += 1;
            *loaded += usize::from(entry.slot.initialized());
        }
        counts
    }

    /// Whether `id` is an unfinished game of this process, loaded or not.
    pub(super) fn has(&self, id: GameId) -> bool {
        self.sessions.contains_key(&id)
    }

    pub(super) fn is_loaded(&self, id: GameId) -> bool {
        self.sessions.get(&id).is_some_and(|e| e.slot.initialized())
    }

    /// An unfinished game's session, locked, loading it from the store on its first touch.
    /// `Ok(None)`: no such unfinished game here. A game that ended while the caller waited for
    /// the lock comes back as it ended: callers check its status.
    pub(super) async fn live(&self, id: GameId) -> Result<Option<Locked>, LoadFailed> {
        loop {
            let Some(slot) = self.sessions.get(&id).map(|e| e.slot.clone()) else {
                if self.quarantined.contains(&id) {
                    return Err(LoadFailed::Quarantined);
                }
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
                    return Err(LoadFailed::Store);
                }
                Err(Unloadable::Quarantined) => {
                    self.quarantined.insert(id);
                    self.forget(id);
                    return Err(LoadFailed::Quarantined);
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

    /// Rebuilds an unfinished game's session from the store, with its server's settings. A
    /// record that does not rebuild is set aside, so no touch replays it again.
    async fn load(&self, id: GameId) -> Result<Arc<Mutex<Session>>, Unloadable> {
        let unfinished = |row: &GameRow| matches!(row.status, Status::Lobby | Status::Playing);
        let live = match self.store.load_live(id).await {
            Ok(Some(live)) if unfinished(&live.row) => live,
            Ok(_) => return Err(Unloadable::Gone),
            Err(e) => return Err(Unloadable::Failed(e.to_string())),
        };
        let stale = live.snapshot.as_ref().map(|snapshot| snapshot.covers);
        let rebuilt = match (rebuild(live, self.markup).await?, stale) {
            // A snapshot is only a shortcut: one that no longer fits (another version of the
            // state, after an upgrade) must not cost the game, which the whole log rebuilds.
            (Err(why), Some(was)) => {
                tracing::warn!(game = %id, %why, "the stored snapshot does not load; replaying the whole log");
                let stored = match self.store.load_game(id).await {
                    Ok(Some(stored)) if unfinished(&stored.row) => stored,
                    Ok(_) => return Err(Unloadable::Gone),
                    Err(e) => return Err(Unloadable::Failed(e.to_string())),
                };
                let mut rebuilt = rebuild(stored.into(), self.markup).await?;
                if let Ok(session) = &mut rebuilt {
                    self.rewrite_snapshot(session, was).await;
                }
                rebuilt
            }
            (rebuilt, _) => rebuilt,
        };
        let mut session = match rebuilt {
            Ok(session) => session,
            Err(why) => return Err(self.quarantine(id, &why).await),
        };
        session.apply(self.guilds.get(session.row.guild_id).await);
        session.seated = seated::read(&self.store, &session.row, &session.table).await;
        Ok(Arc::new(Mutex::new(session)))
    }

    /// Stores the state of a session just rebuilt from its whole log over the snapshot (covering
    /// `was` actions) that did not load, so the next load starts from it; the session then
    /// keeps no tail, as if loaded from it. A failed write only costs the next load time.
    async fn rewrite_snapshot(&self, session: &mut Session, was: usize) {
        let Some(game) = session.phase.playing() else {
            return;
        };
        let covers = session.version();
        let written = self
            .store
            .replace_snapshot(session.row.id, &game.snapshot(), covers as i64, was as i64)
            .await;
        match written {
            Ok(()) => {
                session.base = covers;
                session.tail.clear();
            }
            Err(e) => tracing::warn!(game = %session.row.id, %e, "the rebuilt snapshot was not stored"),
        }
    }

    /// Sets a game whose record does not rebuild aside in the store, so that it is skipped from
    /// now on, restarts included, while every other game plays on.
    async fn quarantine(&self, id: GameId, why: &str) -> Unloadable {
        tracing::error!(game = %id, %why, "a stored game does not rebuild: setting it aside");
        match self.store.quarantine(id, why).await {
            Ok(()) => Unloadable::Quarantined,
            Err(e) => Unloadable::Failed(format!("{why}; setting it aside failed: {e}")),
        }
    }

    /// The unfinished game in a channel, locked (see [`Index::live`]).
    pub(super) async fn in_channel(&self, channel: ChannelId) -> Result<Option<Locked>, LoadFailed> {
        let Some(id) = self.channels.get(&channel).map(|id| *id) else {
            return Ok(None);
        };
        self.live(id).await
    }

    /// Forgets a session that ended, freeing its channel.
    pub(super) fn close(&self, s: &Session) {
        self.sessions.remove(&s.row.id);
        self.channels
            .remove_if(&s.row.channel_id, |_, id| *id == s.row.id);
    }

    /// A game moved from `from` into `to` (its own thread): `from` is free for another game.
    pub(super) fn rehome(&self, id: GameId, from: ChannelId, to: ChannelId) {
        self.channels.remove_if(&from, |_, game| *game == id);
        self.channels.insert(to, id);
    }

    /// Forgets a game that ended without this process (its channel unknown here: looked for).
    fn forget(&self, game: GameId) {
        self.sessions.remove(&game);
        self.channels.retain(|_, id| *id != game);
    }

    /// Takes an idle session out of memory (the index keeps the game), unless it has work in
    /// flight: a bot thinking or a board to post. The next touch loads it again.
    pub(super) fn evict(&self, s: &mut Session) -> bool {
        if s.evicted || s.bot_running || s.needs_board() || !s.phase.is_open() {
            return false;
        }
        match self.sessions.get_mut(&s.row.id) {
            Some(mut entry) => {
                s.evicted = true;
                entry.slot = Slot::default();
                true
            }
            None => false,
        }
    }

    /// Evicts every session untouched for `idle` (one being used just now is left alone);
    /// returns how many left memory.
    pub(super) fn evict_idle(&self, idle: Duration) -> usize {
        self.in_memory()
            .into_iter()
            .filter(|session| {
                session
                    .try_lock()
                    .is_ok_and(|mut s| s.touched.elapsed() >= idle && self.evict(&mut s))
            })
            .count()
    }
}

/// [`load_session`] off the async workers: replaying is CPU work in proportion to the log, and
/// a hostile record must not stall the other games. The inner error is the record's (a replay
/// that panicked included); the outer one, a shutdown that cancelled the work.
async fn rebuild(live: LiveGame, markup: &'static dyn Markup) -> Result<Result<Session, String>, Unloadable> {
    match tokio::task::spawn_blocking(move || load_session(live, markup)).await {
        Ok(rebuilt) => Ok(rebuilt.map_err(|e: RestoreError| e.to_string())),
        Err(e) if e.is_panic() => Ok(Err(format!("rebuilding it panicked: {e}"))),
        Err(e) => Err(Unloadable::Failed(e.to_string())),
    }
}

/// The census's totals, which the tests compare.
#[cfg(test)]
impl Index {
    /// Unfinished games (lobbies and games in play), loaded or not.
    pub(super) fn active(&self) -> usize {
        self.census().values().map(|(indexed, _)| indexed).sum()
    }

    /// Games whose session is in memory.
    pub(super) fn loaded(&self) -> usize {
        self.census().values().map(|(_, loaded)| loaded).sum()
    }
}
