//! The index of this process's unfinished games: every one by id and by channel, each in a slot
//! that is filled from the store when the game is first touched (once, however many touch it
//! together) and emptied again when it idles.

use super::Markup;
use super::live::{Session, load_session};
use super::settings::{GuildSettings, ServerSettings};
use crate::id::{ChannelId, GameId, GuildId};
use crate::store::{GameRow, Status, Store, StoreError};
use dashmap::DashMap;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{Mutex, OnceCell, OwnedMutexGuard};
use tokio::time::Instant;

/// An unfinished game's place in memory: empty until the game is first touched (then loaded
/// from the store, once however many touch it together), emptied again when it idles.
type Slot = Arc<OnceCell<Arc<Mutex<Session>>>>;

/// A session, locked: whoever holds it acts for the game alone.
pub(super) type Locked = OwnedMutexGuard<Session>;

/// Why a game in the index could not be loaded.
enum Unloadable {
    /// It ended or vanished from the store meanwhile.
    Gone,
    /// The store failed, or the record does not replay: the text says which.
    Failed(String),
}

/// A stored game that does not load (the store failed, or its record does not replay); logged
/// with the reason where it happened.
#[derive(Debug)]
pub(super) struct LoadFailed;

pub(super) struct Index {
    store: Arc<Store>,
    guilds: Arc<GuildSettings>,
    /// Given to the sessions it loads.
    markup: &'static dyn Markup,
    /// Every unfinished game of this process, loaded or not.
    sessions: DashMap<GameId, Slot>,
    channels: DashMap<ChannelId, GameId>,
}

impl Index {
    pub(super) fn new(store: Arc<Store>, guilds: Arc<GuildSettings>, markup: &'static dyn Markup) -> Index {
        Index {
            store,
            guilds,
            markup,
            sessions: DashMap::new(),
            channels: DashMap::new(),
        }
    }

    /// Reads the index of unfinished games (id and channel, not their logs); returns how many.
    pub(super) async fn restore(&self) -> Result<usize, StoreError> {
        let index = self.store.load_index().await?;
        let games = index.len();
        for (id, channel) in index {
            self.channels.insert(channel, id);
            self.sessions.insert(id, Slot::default());
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

    /// Adds a new game's session, already in memory.
    pub(super) fn insert(&self, id: GameId, session: Arc<Mutex<Session>>) {
        self.sessions
            .insert(id, Arc::new(OnceCell::new_with(Some(session))));
    }

    /// A server's games in memory follow its new settings.
    pub(super) async fn apply(&self, guild: GuildId, settings: ServerSettings) {
        let sessions: Vec<_> = self
            .sessions
            .iter()
            .filter_map(|e| e.value().get().cloned())
            .collect();
        for session in sessions {
            let mut s = session.lock().await;
            if s.row.guild_id == Some(guild) {
                s.apply(settings);
            }
        }
    }

    /// Unfinished games (lobbies and games in play), loaded or not.
    #[cfg(test)]
    pub(super) fn active(&self) -> usize {
        self.sessions.len()
    }

    /// Games whose session is in memory.
    #[cfg(test)]
    pub(super) fn loaded(&self) -> usize {
        self.sessions.iter().filter(|e| e.value().initialized()).count()
    }

    /// Whether `id` is an unfinished game of this process, loaded or not.
    pub(super) fn has(&self, id: GameId) -> bool {
        self.sessions.contains_key(&id)
    }

    pub(super) fn is_loaded(&self, id: GameId) -> bool {
        self.sessions.get(&id).is_some_and(|slot| slot.initialized())
    }

    /// An unfinished game's session, locked, loading it from the store on its first touch.
    /// `Ok(None)`: no such unfinished game here. A game that ended while the caller waited for
    /// the lock comes back as it ended: callers check its status.
    pub(super) async fn live(&self, id: GameId) -> Result<Option<Locked>, LoadFailed> {
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
                    return Err(LoadFailed);
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
        let mut session = match load_session(live, self.markup) {
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
                load_session(stored.into(), self.markup).map_err(Unloadable::Failed)?
            }
            Err(why) => return Err(Unloadable::Failed(why)),
        };
        session.apply(self.guilds.get(session.row.guild_id).await);
        Ok(Arc::new(Mutex::new(session)))
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

    /// Forgets a game that ended without this process (its channel unknown here: looked for).
    fn forget(&self, game: GameId) {
        self.sessions.remove(&game);
        self.channels.retain(|_, id| *id != game);
    }

    /// Takes an idle session out of memory (the index keeps the game), unless it has work in
    /// flight: a bot thinking or a board to post. The next touch loads it again.
    pub(super) fn evict(&self, s: &mut Session) -> bool {
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
    pub(super) fn evict_idle(&self, idle: Duration) -> usize {
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
}
