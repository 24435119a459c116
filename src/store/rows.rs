//! The store's row types: games and players' history as the rest of the bot sees them (public),
//! and games as they are bound and read (private), with the checks that turn stored text back into
//! trusted values.

use super::sql::{snowflake_from_db, snowflake_to_db};
use crate::engine::LoggedAction;
use crate::history::Rating;
use crate::id::{ChannelId, GameId, GuildId, MessageId, UserId};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

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
    pub id: GameId,
    /// `GameKind::id()`.
    pub kind: String,
    pub guild_id: Option<GuildId>,
    pub channel_id: ChannelId,
    pub host_id: UserId,
    pub status: Status,
    /// The game's options as JSON.
    pub options: serde_json::Value,
    /// The seats as JSON (the session layer's seat list).
    pub seats: serde_json::Value,
    /// Dice drawn when the game was set up (start player, shuffles).
    pub setup_dice: Vec<u8>,
    /// The message that shows the live board or lobby, if posted.
    pub board_message_id: Option<MessageId>,
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

/// A game's state after its first actions, as the game serialized it.
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    /// How many actions of the log it covers.
    pub covers: usize,
    pub state: String,
}

/// An unfinished game in the index read at start-up: where it plays and which game it is, not
/// its log.
#[derive(Clone, Debug, PartialEq)]
pub struct Indexed {
    pub id: GameId,
    pub channel: ChannelId,
    /// `GameKind::id()`.
    pub kind: String,
}

/// A game as loaded to be played on: its row, its latest snapshot, and only the actions after
/// it (all of them without one).
#[derive(Clone, Debug, PartialEq)]
pub struct LiveGame {
    pub row: GameRow,
    pub snapshot: Option<Snapshot>,
    /// The actions from `snapshot.covers` on.
    pub tail: Vec<LoggedAction>,
}

impl Status {
    pub(super) fn as_str(self) -> &'static str {
        match self {
            Status::Lobby => "lobby",
            Status::Playing => "playing",
            Status::Finished => "finished",
            Status::Abandoned => "abandoned",
        }
    }

    pub(super) fn parse(text: &str) -> Option<Status> {
        [
            Status::Lobby,
            Status::Playing,
            Status::Finished,
            Status::Abandoned,
        ]
        .into_iter()
        .find(|status| status.as_str() == text)
    }
}

/// A `GameRow` as the database stores it.
pub(super) struct GameColumns<'a> {
    pub(super) kind: &'a str,
    pub(super) guild_id: Option<i64>,
    pub(super) channel_id: i64,
    pub(super) host_id: i64,
    pub(super) status: &'static str,
    pub(super) options: String,
    pub(super) seats: String,
    pub(super) setup_dice: &'a [u8],
    pub(super) board_message_id: Option<i64>,
    pub(super) created_at: i64,
    pub(super) updated_at: i64,
}

impl<'a> GameColumns<'a> {
    pub(super) fn new(row: &'a GameRow) -> GameColumns<'a> {
        GameColumns {
            kind: &row.kind,
            guild_id: row.guild_id.map(|g| snowflake_to_db(g.get())),
            channel_id: snowflake_to_db(row.channel_id.get()),
            host_id: snowflake_to_db(row.host_id.get()),
            status: row.status.as_str(),
            options: row.options.to_string(),
            seats: row.seats.to_string(),
            setup_dice: &row.setup_dice,
            board_message_id: row.board_message_id.map(|m| snowflake_to_db(m.get())),
            created_at: row.created_at,
            updated_at: row.updated_at,
        }
    }
}

/// A `games` row as read, before its text is trusted.
#[derive(sqlx::FromRow)]
pub(super) struct GameRecord {
    pub(super) id: i64,
    kind: String,
    guild_id: Option<i64>,
    channel_id: i64,
    host_id: i64,
    status: String,
    options: String,
    seats: String,
    setup_dice: Vec<u8>,
    board_message_id: Option<i64>,
    created_at: i64,
    updated_at: i64,
}

impl GameRecord {
    pub(super) fn decode(self) -> Result<GameRow, String> {
        let status =
            Status::parse(&self.status).ok_or_else(|| format!("unknown status {:?}", self.status))?;
        let options =
            serde_json::from_str(&self.options).map_err(|e| format!("options are not valid JSON: {e}"))?;
        let seats =
            serde_json::from_str(&self.seats).map_err(|e| format!("seats are not valid JSON: {e}"))?;
        Ok(GameRow {
            id: GameId(self.id),
            kind: self.kind,
            guild_id: self.guild_id.map(|g| GuildId(snowflake_from_db(g))),
            channel_id: ChannelId(snowflake_from_db(self.channel_id)),
            host_id: UserId(snowflake_from_db(self.host_id)),
            status,
            options,
            seats,
            setup_dice: self.setup_dice,
            board_message_id: self.board_message_id.map(|m| MessageId(snowflake_from_db(m))),
            created_at: self.created_at,
            updated_at: self.updated_at,
        })
    }
}

/// A `games` row with its snapshot, as read for play.
#[derive(sqlx::FromRow)]
pub(super) struct LiveRecord {
    #[sqlx(flatten)]
    pub(super) game: GameRecord,
    pub(super) snapshot: Option<String>,
    pub(super) snapshot_seq: Option<i64>,
}

/// A whole log is a tail after no snapshot.
impl From<StoredGame> for LiveGame {
    fn from(stored: StoredGame) -> Self {
        LiveGame {
            row: stored.row,
            snapshot: None,
            tail: stored.log,
        }
    }
}

/// An `actions` row as read.
#[derive(sqlx::FromRow)]
pub(super) struct ActionRecord {
    game_id: i64,
    seq: i64,
    seat: i64,
    action: String,
    dice: Vec<u8>,
}

/// Action logs by game, built from rows in any order. A log with a gap or a bad seat cannot be
/// replayed, so it becomes the reason to skip its game.
#[derive(Default)]
pub(super) struct Logs(HashMap<i64, Result<Vec<(i64, LoggedAction)>, String>>);

impl Logs {
    pub(super) fn push(&mut self, record: ActionRecord) {
        let log = self.0.entry(record.game_id).or_insert_with(|| Ok(Vec::new()));
        let Ok(entries) = log else { return };
        match usize::try_from(record.seat) {
            Ok(seat) => {
                let action = LoggedAction {
                    seat,
                    action: record.action,
                    dice: record.dice,
                };
                entries.push((record.seq, action));
            }
            Err(_) => *log = Err(format!("action {} has seat {}", record.seq, record.seat)),
        }
    }

    /// A game's actions, which must run from `first` on without a gap.
    pub(super) fn take(&mut self, game: i64, first: i64) -> Result<Vec<LoggedAction>, String> {
        let mut entries = self.0.remove(&game).unwrap_or_else(|| Ok(Vec::new()))?;
        // The rows usually arrive in order already, which this sort checks in one pass.
        entries.sort_unstable_by_key(|(seq, _)| *seq);
        if let Some(at) = (first..)
            .zip(&entries)
            .position(|(expected, (seq, _))| *seq != expected)
        {
            return Err(format!(
                "action log jumps to {} after {} actions",
                entries[at].0,
                first + at as i64
            ));
        }
        Ok(entries.into_iter().map(|(_, action)| action).collect())
    }
}

pub(super) fn stored_game(record: GameRecord, logs: &mut Logs) -> Result<StoredGame, String> {
    let log = logs.take(record.id, 0)?;
    Ok(StoredGame {
        row: record.decode()?,
        log,
    })
}

/// The snapshot a `games` row holds, if any.
pub(super) fn live_snapshot(state: Option<String>, covers: Option<i64>) -> Result<Option<Snapshot>, String> {
    match (state, covers) {
        (Some(state), Some(covers)) => {
            let covers =
                usize::try_from(covers).map_err(|_| format!("a snapshot covers {covers} actions"))?;
            Ok(Some(Snapshot { covers, state }))
        }
        _ => Ok(None),
    }
}

/// A game's columns that change with an action, written in the action's transaction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub status: Status,
    /// Unix seconds.
    pub at: i64,
    /// When the game is next due (as in [`super::Store::update_game`]).
    pub due_at: Option<i64>,
    /// The message showing the live board after the action; `None` when the turn passed and
    /// the next board is not posted yet.
    pub board: Option<MessageId>,
    /// The game's state after the action ([`crate::engine::AnyGame::snapshot`]), stored in its
    /// place so a load replays only later actions; `None` keeps the stored one.
    pub snapshot: Option<String>,
}

/// One row of a server's leaderboard for a game.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// 1-based; equal conservative ratings share a position.
    pub position: i64,
    pub player: String,
    pub rating: Rating,
    pub games: i64,
    pub wins: i64,
}

/// A player's finished game in a server, oldest first in `Store::results_of`.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct PlayerResult {
    pub game_id: i64,
    pub kind: String,
    pub place: i64,
    pub won: bool,
    pub resigned: bool,
    pub turns: Option<i64>,
    pub mu: Option<f64>,
    pub sigma: Option<f64>,
    pub finished_at: i64,
}

/// How a player did against one opponent, over the games they both played.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct HeadToHead {
    pub opponent: String,
    pub games: i64,
    /// Games where the player placed ahead of the opponent.
    pub ahead: i64,
    pub behind: i64,
}

/// One seat of a recent game.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct RecentSeat {
    pub game_id: i64,
    pub seat: i64,
    pub kind: String,
    pub player: String,
    pub place: i64,
    pub won: bool,
    pub resigned: bool,
    pub turns: Option<i64>,
    pub finished_at: i64,
}
