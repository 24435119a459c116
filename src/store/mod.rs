//! Durable storage behind one type: SQLite (embedded default) and PostgreSQL, chosen by the URL.
//! A game is stored event-sourced: its record (kind, options, seats, setup dice) plus the ordered
//! action log; the state is replayed from them. CONTRACT — the storage helper implements it.

use crate::engine::LoggedAction;
use serde::{Deserialize, Serialize};

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The action's sequence number is taken: another click got there first.
    #[error("action {seq} of game {game} is already stored")]
    Conflict { game: i64, seq: i64 },
    #[error("database error: {0}")]
    Db(String),
}

/// Where a game is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Lobby,
    Playing,
    Finished,
    Abandoned,
}

/// Everything but the action log: enough to set the game up again.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRow {
    pub id: i64,
    /// `GameKind::id()`.
    pub kind: String,
    pub guild_id: Option<u64>,
    pub channel_id: u64,
    pub host_id: u64,
    pub status: Status,
    /// The game's options as JSON.
    pub options: serde_json::Value,
    /// The seats as JSON (the session layer's seat list).
    pub seats: serde_json::Value,
    /// Dice drawn when the game was set up (start player, shuffles).
    pub setup_dice: Vec<u8>,
    /// The message that shows the live board or lobby, if posted.
    pub board_message_id: Option<u64>,
    /// Unix seconds.
    pub created_at: i64,
    pub updated_at: i64,
}

/// A stored game with its log, as loaded at start-up.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredGame {
    pub row: GameRow,
    pub log: Vec<LoggedAction>,
}

pub struct Store;

impl Store {
    /// Connects, creating the SQLite file if needed (WAL mode), and runs the migrations.
    pub async fn connect(url: &str) -> Result<Store, StoreError> {
        todo!("{url}")
    }
    /// Inserts a new game (id in `row` ignored); returns its id.
    pub async fn insert_game(&self, row: &GameRow) -> Result<i64, StoreError> {
        todo!("{row:?}")
    }
    /// Rewrites the mutable columns: status, seats, setup_dice, options, board_message_id, updated_at.
    pub async fn update_game(&self, row: &GameRow) -> Result<(), StoreError> {
        todo!("{row:?}")
    }
    /// Appends action number `seq` (0-based) atomically with the game's new status.
    /// `Conflict` if `seq` is already stored: nothing is written.
    pub async fn append_action(
        &self,
        game: i64,
        seq: i64,
        action: &LoggedAction,
        status: Status,
        now: i64,
    ) -> Result<(), StoreError> {
        todo!("{game}{seq}{action:?}{status:?}{now}")
    }
    /// Every game in Lobby or Playing, with its log in order. A row that cannot be decoded is
    /// logged (with its id) and skipped; the rest still load.
    pub async fn load_active(&self) -> Result<Vec<StoredGame>, StoreError> {
        todo!()
    }
    /// One game with its log (any status).
    pub async fn load_game(&self, id: i64) -> Result<Option<StoredGame>, StoreError> {
        todo!("{id}")
    }
    /// A guild's setting (e.g. timer lengths), as JSON.
    pub async fn setting(&self, guild_id: u64, key: &str) -> Result<Option<serde_json::Value>, StoreError> {
        todo!("{guild_id}{key}")
    }
    pub async fn set_setting(
        &self,
        guild_id: u64,
        key: &str,
        value: &serde_json::Value,
    ) -> Result<(), StoreError> {
        todo!("{guild_id}{key}{value}")
    }
}
