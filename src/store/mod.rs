//! Durable storage behind one type: SQLite (embedded default) and PostgreSQL, chosen by the URL.
//! A game is stored event-sourced: its record (kind, options, seats, setup dice) plus the ordered
//! action log; the state is replayed from them. CONTRACT — the storage helper implements it.

use crate::engine::LoggedAction;
use crate::id::{ChannelId, GameId, GuildId, MessageId, UserId};
use crate::shards::ShardRange;
use futures_util::TryStreamExt;
use serde::{Deserialize, Serialize};
use sqlx::migrate::{MigrateError, Migrator};
use sqlx::postgres::{PgConnectOptions, PgConnection, PgPool, PgPoolOptions};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use std::collections::HashMap;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{Mutex, MutexGuard, mpsc, oneshot};

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The action's sequence number is taken: another click got there first.
    #[error("action {seq} of game {game} is already stored")]
    Conflict { game: GameId, seq: i64 },
    /// The database failed; the source error says how.
    #[error("database error: {0}")]
    Db(#[from] sqlx::Error),
    #[error("migrating the database schema: {0}")]
    Migrate(#[source] MigrateError),
    /// The game is in a guild of a shard this process does not run: another process owns it.
    #[error("game {game} belongs to another process: this one runs {shards}")]
    OtherShard { game: GameId, shards: ShardRange },
    /// What was stored or asked does not fit (a missing game, a record that does not decode, a
    /// schema from a newer saikoro): the text names it.
    #[error("{0}")]
    Invalid(String),
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
    fn as_str(self) -> &'static str {
        match self {
            Status::Lobby => "lobby",
            Status::Playing => "playing",
            Status::Finished => "finished",
            Status::Abandoned => "abandoned",
        }
    }

    fn parse(text: &str) -> Option<Status> {
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

static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("migrations/sqlite");
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("migrations/postgres");

/// How long a SQLite writer waits for another connection's write to finish before giving up.
const SQLITE_BUSY_TIMEOUT: Duration = Duration::from_secs(5);
const SQLITE_MAX_CONNECTIONS: u32 = 4;
const POSTGRES_MAX_CONNECTIONS: u32 = 8;
/// A stopped PostgreSQL refuses connections, and sqlx keeps retrying until this runs out (30 s by
/// default): short, so a click is told to try again within Discord's answer time.
const POSTGRES_ACQUIRE_TIMEOUT: Duration = Duration::from_millis(1500);
/// Writes committed together at most: a batch's transaction stays short even under a flood.
const MAX_BATCH: usize = 512;
/// Rows per multi-row INSERT in `import`: 6 parameters each stays far below both backends' limits.
const IMPORT_CHUNK: usize = 1000;

/// SQL that holds when a `games` row belongs to the process's shards, given as parameters
/// `$total`, `$first`, `$last`: Discord's `(guild_id >> 22) % total`, DMs (no guild) on shard 0.
/// The ids are stored bit-cast to signed, so the shifted value is masked to its 42 bits: an
/// arithmetic shift of an id above 2^63 then gives the same shard as Rust's unsigned one.
macro_rules! owned {
    ($total:literal, $first:literal, $last:literal) => {
        concat!(
            "((COALESCE(guild_id, 0) >> 22) & 4398046511103) % $",
            $total,
            " BETWEEN $",
            $first,
            " AND $",
            $last
        )
    };
}

/// What differs between the backends beyond the migrations.
struct Dialect {
    /// Opens a transaction that will write.
    begin_write: &'static str,
    /// Opens a read-only transaction whose statements all see one snapshot.
    begin_snapshot: &'static str,
    /// Appends an action and updates its game in one statement, one round trip to the database:
    /// `$1`–`$6` the action (`$6` its time, also the game's `updated_at`), `$7`–`$9` the game's
    /// status, due time and board, `$10` a snapshot after the action (NULL: keep the stored
    /// one), then the shards as in `owned!`. The action is inserted only if the game is updated.
    append_played: &'static str,
    /// The rows `append_played` changes when the game was updated.
    appended_rows: u64,
    /// `append_played` as a whole transaction of its own, for an append alone in its batch (the
    /// usual case unless clicks overlap): one round trip instead of three with BEGIN and COMMIT,
    /// answering with the game rows it updated (0: it wrote nothing).
    append_alone: &'static str,
}

macro_rules! insert_action {
    () => {
        "INSERT INTO actions (game_id, seq, seat, action, dice, at) VALUES ($1, $2, $3, $4, $5, $6)"
    };
}
/// An append's action, written only when its game is this process's (the update's condition),
/// so an append refused for its game leaves nothing to undo, even outside a transaction.
macro_rules! insert_played {
    () => {
        concat!(
            "INSERT INTO actions (game_id, seq, seat, action, dice, at) \
             SELECT $1, $2, $3, $4, $5, $6 WHERE EXISTS (SELECT 1 FROM games WHERE id = $1 AND ",
            owned!(11, 12, 13),
            ")"
        )
    };
}
macro_rules! update_played {
    () => {
        concat!(
            "UPDATE games SET status = $7, updated_at = $6, due_at = $8, board_message_id = $9, \
             snapshot = COALESCE($10, snapshot), \
             snapshot_seq = CASE WHEN $10 IS NULL THEN snapshot_seq ELSE $2 + 1 END \
             WHERE id = $1 AND ",
            owned!(11, 12, 13)
        )
    };
}

/// IMMEDIATE takes the write lock at BEGIN, so a writer waits its turn (busy timeout) instead of
/// failing when it upgrades a read lock. A deferred BEGIN keeps one WAL snapshot once it has read.
/// SQLite runs the statements of one query in turn (the changes of both are counted); an append
/// alone carries its BEGIN and COMMIT in that query, and `changes()` reads the update's rows
/// (sqlx's sum would also count BEGIN and COMMIT, which repeat the last statement's changes).
const SQLITE: Dialect = Dialect {
    begin_write: "BEGIN IMMEDIATE",
    begin_snapshot: "BEGIN",
    append_played: concat!(insert_played!(), "; ", update_played!()),
    appended_rows: 2,
    append_alone: concat!(
        "BEGIN IMMEDIATE; ",
        insert_played!(),
        "; ",
        update_played!(),
        "; SELECT changes(); COMMIT"
    ),
};
/// PostgreSQL prepares one statement per query: the insert rides in a `WITH`, which runs
/// whether or not the update reads it (only the update's rows are counted). One statement is
/// one transaction by itself.
const POSTGRES: Dialect = Dialect {
    begin_write: "BEGIN",
    begin_snapshot: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY",
    append_played: concat!("WITH appended AS (", insert_played!(), ") ", update_played!()),
    appended_rows: 1,
    append_alone: concat!(
        "WITH appended AS (",
        insert_played!(),
        "), updated AS (",
        update_played!(),
        " RETURNING 1) SELECT count(*) FROM updated"
    ),
};

/// Binds an append's parameters as `Dialect::append_played` numbers them, then the shards.
macro_rules! bind_append {
    ($query:expr, $store:expr, $game:expr, $seq:expr, $seat:expr, $action:expr, $played:expr) => {
        bind_shards!(
            $query
                .bind($game.get())
                .bind($seq)
                .bind($seat)
                .bind(&$action.action)
                .bind(&$action.dice)
                .bind($played.at)
                .bind($played.status.as_str())
                .bind($played.due_at)
                .bind($played.board.map(|m| snowflake_to_db(m.get())))
                .bind($played.snapshot.as_deref()),
            $store.shards
        )
    };
}

#[derive(Clone)]
enum Backend {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// Runs the same body against whichever pool the store holds; the body is compiled once per
/// backend, so the sqlx types in it are concrete.
macro_rules! with_pool {
    ($store:expr, |$pool:ident| $body:expr) => {
        match &$store.backend {
            Backend::Sqlite($pool) => $body,
            Backend::Postgres($pool) => $body,
        }
    };
    ($store:expr, |$pool:ident, $dialect:ident| $body:expr) => {
        match &$store.backend {
            Backend::Sqlite($pool) => {
                let $dialect = &SQLITE;
                $body
            }
            Backend::Postgres($pool) => {
                let $dialect = &POSTGRES;
                $body
            }
        }
    };
}

/// A new game is due at once (`due_at` = its creation): until its writer sets the real time, the
/// timer looks at it once rather than never, so a crash right after the insert loses no expiry.
const INSERT_GAME: &str = "INSERT INTO games (kind, guild_id, channel_id, host_id, status, options, seats, \
     setup_dice, board_message_id, created_at, updated_at, due_at) \
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $10) RETURNING id";

/// Binds a `GameColumns` to `INSERT_GAME`'s parameters.
macro_rules! bind_game {
    ($query:expr, $c:expr) => {
        $query
            .bind(&$c.kind)
            .bind($c.guild_id)
            .bind($c.channel_id)
            .bind($c.host_id)
            .bind($c.status)
            .bind(&$c.options)
            .bind(&$c.seats)
            .bind(&$c.setup_dice)
            .bind($c.board_message_id)
            .bind($c.created_at)
            .bind($c.updated_at)
    };
}

/// Every column of `games`, as `GameRecord` reads them.
macro_rules! game_columns {
    () => {
        "id, kind, guild_id, channel_id, host_id, status, options, seats, setup_dice, \
         board_message_id, created_at, updated_at"
    };
}

/// Binds the process's shards to the parameters of `owned!` that follow the query's others.
macro_rules! bind_shards {
    ($query:expr, $shards:expr) => {
        $query
            .bind(i64::from($shards.total()))
            .bind(i64::from($shards.first()))
            .bind(i64::from($shards.last()))
    };
}

/// Refuses a write whose `UPDATE games … AND owned!(…)` touched no row: the game is missing, or
/// another process's. `$tx` is the write's transaction, dropped (rolled back) on refusal.
macro_rules! check_owned {
    ($updated:expr, $tx:expr, $game:expr, $shards:expr) => {
        if $updated == 0 {
            let exists: Option<i64> = sqlx::query_scalar("SELECT id FROM games WHERE id = $1")
                .bind($game.get())
                .fetch_optional(&mut *$tx)
                .await?;
            return Err(match exists {
                Some(_) => StoreError::OtherShard {
                    game: $game,
                    shards: $shards,
                },
                None => StoreError::Invalid(format!("game {} does not exist", $game)),
            });
        }
    };
}

const SELECT_ACTIVE_GAMES: &str = concat!(
    "SELECT ",
    game_columns!(),
    " FROM games WHERE status IN ('lobby', 'playing') AND ",
    owned!(1, 2, 3),
    " ORDER BY id"
);
/// Unordered: `Logs` orders each game's actions, sparing the database a sort of every row.
const SELECT_ACTIVE_ACTIONS: &str = concat!(
    "SELECT a.game_id, a.seq, a.seat, a.action, a.dice \
     FROM actions a JOIN games g ON g.id = a.game_id \
     WHERE g.status IN ('lobby', 'playing') AND ",
    owned!(1, 2, 3)
);
/// A final action's change to its game, only if the game is this process's (see `check_owned!`).
/// An ended game's `due_at` no longer matters: the due index holds unfinished games only.
const UPDATE_STATUS_OWNED: &str = concat!(
    "UPDATE games SET status = $1, updated_at = $2 WHERE id = $3 AND ",
    owned!(4, 5, 6)
);
/// `update_game`'s change to a game.
const UPDATE_GAME_OWNED: &str = concat!(
    "UPDATE games SET status = $1, seats = $2, setup_dice = $3, options = $4, \
     board_message_id = $5, updated_at = $6, due_at = $7 WHERE id = $8 AND ",
    owned!(9, 10, 11)
);
/// This process's unfinished games, for the index kept in memory.
const SELECT_INDEX: &str = concat!(
    "SELECT id, channel_id FROM games WHERE status IN ('lobby', 'playing') AND ",
    owned!(1, 2, 3),
    " ORDER BY id"
);
/// Unfinished games due by `$1`, a page at a time after game `$2` (the partial index `games_due`).
const SELECT_DUE: &str = concat!(
    "SELECT id, due_at FROM games WHERE status IN ('lobby', 'playing') AND due_at <= $1 AND id > $2 AND ",
    owned!(3, 4, 5),
    " ORDER BY id LIMIT $6"
);
const SELECT_NEXT_DUE: &str = concat!(
    "SELECT MIN(due_at) FROM games WHERE status IN ('lobby', 'playing') AND ",
    owned!(1, 2, 3)
);
/// Games whose status this build does not know (written by a newer one?), which would otherwise
/// vanish without a word. Written as the gaps between the known statuses so that both backends
/// answer from range seeks on the status index instead of scanning every finished game.
const SELECT_UNKNOWN_STATUSES: &str = "SELECT id, status FROM games \
     WHERE status < 'abandoned' OR (status > 'abandoned' AND status < 'finished') \
     OR (status > 'finished' AND status < 'lobby') OR (status > 'lobby' AND status < 'playing') \
     OR status > 'playing' ORDER BY id";
/// A game's row and its snapshot, whose actions are then read from `snapshot_seq` on.
const SELECT_LIVE_GAME: &str = concat!(
    "SELECT ",
    game_columns!(),
    ", snapshot, snapshot_seq FROM games WHERE id = $1"
);
/// A game's row without its snapshot (not read: it may be large), so its whole log is read.
const SELECT_GAME: &str = concat!(
    "SELECT ",
    game_columns!(),
    ", CAST(NULL AS TEXT) AS snapshot, CAST(NULL AS BIGINT) AS snapshot_seq FROM games WHERE id = $1"
);
/// A game's actions from sequence number `$2` on.
const SELECT_GAME_ACTIONS: &str =
    "SELECT game_id, seq, seat, action, dice FROM actions WHERE game_id = $1 AND seq >= $2";

/// Snowflakes are u64 but both backends have only signed 64-bit integers: store the bits.
fn snowflake_to_db(id: u64) -> i64 {
    id.cast_signed()
}

fn snowflake_from_db(bits: i64) -> u64 {
    bits.cast_unsigned()
}

/// A `GameRow` as the database stores it.
struct GameColumns<'a> {
    kind: &'a str,
    guild_id: Option<i64>,
    channel_id: i64,
    host_id: i64,
    status: &'static str,
    options: String,
    seats: String,
    setup_dice: &'a [u8],
    board_message_id: Option<i64>,
    created_at: i64,
    updated_at: i64,
}

impl<'a> GameColumns<'a> {
    fn new(row: &'a GameRow) -> GameColumns<'a> {
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
struct GameRecord {
    id: i64,
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
    fn decode(self) -> Result<GameRow, String> {
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
struct LiveRecord {
    #[sqlx(flatten)]
    game: GameRecord,
    snapshot: Option<String>,
    snapshot_seq: Option<i64>,
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
struct ActionRecord {
    game_id: i64,
    seq: i64,
    seat: i64,
    action: String,
    dice: Vec<u8>,
}

/// Action logs by game, built from rows in any order. A log with a gap or a bad seat cannot be
/// replayed, so it becomes the reason to skip its game.
#[derive(Default)]
struct Logs(HashMap<i64, Result<Vec<(i64, LoggedAction)>, String>>);

impl Logs {
    fn push(&mut self, record: ActionRecord) {
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
    fn take(&mut self, game: i64, first: i64) -> Result<Vec<LoggedAction>, String> {
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

fn stored_game(record: GameRecord, logs: &mut Logs) -> Result<StoredGame, String> {
    let log = logs.take(record.id, 0)?;
    Ok(StoredGame {
        row: record.decode()?,
        log,
    })
}

/// The snapshot a `games` row holds, if any.
fn live_snapshot(state: Option<String>, covers: Option<i64>) -> Result<Option<Snapshot>, String> {
    match (state, covers) {
        (Some(state), Some(covers)) => {
            let covers =
                usize::try_from(covers).map_err(|_| format!("a snapshot covers {covers} actions"))?;
            Ok(Some(Snapshot { covers, state }))
        }
        _ => Ok(None),
    }
}

/// Explains a failed action insert: a taken sequence number is the expected race, not a fault.
fn append_error(e: sqlx::Error, game: GameId, seq: i64) -> StoreError {
    match e.as_database_error() {
        Some(db) if db.is_unique_violation() => StoreError::Conflict { game, seq },
        Some(db) if db.is_foreign_key_violation() => {
            StoreError::Invalid(format!("game {game} does not exist"))
        }
        _ => e.into(),
    }
}

fn migrate_error(e: MigrateError, known: &Migrator) -> StoreError {
    let latest = known.iter().map(|m| m.version).max().unwrap_or(0);
    match e {
        MigrateError::VersionMissing(version) if version > latest => StoreError::Invalid(format!(
            "the database has schema version {version}, newer than this build of saikoro knows \
             (up to {latest}); run a newer saikoro against it"
        )),
        other => StoreError::Migrate(other),
    }
}

/// An action of an imported game, ready to bind.
struct ActionRow<'a> {
    game_id: i64,
    seq: i64,
    seat: i64,
    action: &'a LoggedAction,
    at: i64,
}

fn action_rows<'a>(games: &'a [StoredGame], ids: &[i64]) -> Result<Vec<ActionRow<'a>>, StoreError> {
    let mut rows = Vec::new();
    for (game, &game_id) in games.iter().zip(ids) {
        for (seq, action) in (0..).zip(&game.log) {
            let seat = seat_to_db(action.seat)?;
            rows.push(ActionRow {
                game_id,
                seq,
                seat,
                action,
                at: game.row.updated_at,
            });
        }
    }
    Ok(rows)
}

fn seat_to_db(seat: usize) -> Result<i64, StoreError> {
    i64::try_from(seat).map_err(|_| StoreError::Invalid(format!("seat {seat} does not fit the database")))
}

/// A game's columns that change with an action, written in the action's transaction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub status: Status,
    /// Unix seconds.
    pub at: i64,
    /// When the game is next due (as in [`Store::update_game`]).
    pub due_at: Option<i64>,
    /// The message showing the live board after the action; `None` when the turn passed and
    /// the next board is not posted yet.
    pub board: Option<MessageId>,
    /// The game's state after the action ([`crate::engine::AnyGame::snapshot`]), stored in its
    /// place so a load replays only later actions; `None` keeps the stored one.
    pub snapshot: Option<String>,
}

/// One write waiting for the writer.
enum Write {
    Append {
        game: GameId,
        seq: i64,
        seat: i64,
        action: LoggedAction,
        played: Played,
    },
    Update(GameUpdate),
}

/// `update_game`'s columns, owned.
struct GameUpdate {
    game: GameId,
    status: &'static str,
    seats: String,
    setup_dice: Vec<u8>,
    options: String,
    board_message_id: Option<i64>,
    updated_at: i64,
    due_at: Option<i64>,
}

/// Binds a [`GameUpdate`] as `UPDATE_GAME_OWNED` numbers it, then the shards.
macro_rules! bind_update {
    ($query:expr, $store:expr, $update:expr) => {
        bind_shards!(
            $query
                .bind($update.status)
                .bind(&$update.seats)
                .bind(&$update.setup_dice)
                .bind(&$update.options)
                .bind($update.board_message_id)
                .bind($update.updated_at)
                .bind($update.due_at)
                .bind($update.game.get()),
            $store.shards
        )
    };
}

/// A write and where to say whether it is durable.
struct Queued {
    write: Write,
    done: oneshot::Sender<Result<(), StoreError>>,
}

/// The one writer of the frequent writes, action appends and game updates (group commit):
/// whatever arrives while a transaction is being committed goes into the next one together, so
/// concurrent clicks share one fsync instead of queueing for one each, and on SQLite they never
/// wait on each other's write lock (its busy handler polls in sleeps of up to 50 ms). Each caller
/// hears back only after its batch committed.
async fn write_batches(store: Store, mut queue: mpsc::UnboundedReceiver<Queued>) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while queue.recv_many(&mut batch, MAX_BATCH).await > 0 {
        // A caller that stopped waiting will never commit the change in memory: writing it
        // would store a move nobody was told of.
        batch.retain(|queued: &Queued| !queued.done.is_closed());
        match store.write_batch(&batch).await {
            Ok(()) => {
                for queued in batch.drain(..) {
                    let _ = queued.done.send(Ok(()));
                }
            }
            // One bad write (a conflict, a missing game) must not fail the others: each goes
            // again on its own and hears its own answer. Nothing of the failed batch was stored.
            Err(_) if batch.len() > 1 => {
                for queued in batch.drain(..) {
                    let result = store.write_batch(std::slice::from_ref(&queued)).await;
                    let _ = queued.done.send(result);
                }
            }
            Err(e) => {
                if let Some(queued) = batch.pop() {
                    let _ = queued.done.send(Err(e));
                }
            }
        }
        batch.clear();
    }
}

/// The advisory locks on shards are keyed by this and the schema (`current_schema()`) and then
/// the shard, so they cannot collide with another application's locks, nor with another saikoro
/// whose tables live in another schema of the same database.
const SHARD_LOCK_KEY: &str =
    "SELECT pg_try_advisory_lock(hashtext('saikoro shards ' || current_schema()), $1)";
/// How often a claim looks again at a shard another process holds.
const SHARD_CLAIM_RETRY: Duration = Duration::from_millis(200);
/// How often a kept claim checks that its connection, and so its locks, are still there.
pub const SHARD_CLAIM_CHECK: Duration = Duration::from_secs(2);

/// Holds a process's shards while it lives: on PostgreSQL, a session advisory lock per shard on
/// a connection of its own. The server releases them when that connection ends, also when the
/// process is killed, so a restarted process can claim them again. A keeper task watches the
/// connection: if it breaks (a restarted server, a network cut) the keeper claims the shards
/// again on a new one, and if another process took one meanwhile the claim is lost for good.
pub struct ShardClaim {
    keeper: Option<tokio::task::JoinHandle<()>>,
    lost: Option<oneshot::Receiver<String>>,
}

impl ShardClaim {
    /// Resolves, with the reason, once another process holds one of these shards, so this one
    /// must stop driving their games; never resolves while the claim holds (or on SQLite).
    pub async fn lost(&mut self) -> String {
        match self.lost.as_mut() {
            Some(lost) => lost.await.unwrap_or_else(|_| "the shard claim ended".into()),
            None => std::future::pending().await,
        }
    }
}

impl Drop for ShardClaim {
    /// Ending the keeper drops its connection, which gives the shards back.
    fn drop(&mut self) {
        if let Some(keeper) = &self.keeper {
            keeper.abort();
        }
    }
}

/// Processes running one total each hold a shared advisory lock keyed by it, so one started
/// with another total (whose guilds map to shards differently) sees theirs in `pg_locks`.
const SHARD_TOTAL_KEY: &str =
    "SELECT pg_advisory_lock_shared(hashtext('saikoro shard total ' || current_schema()), $1)";
const OTHER_SHARD_TOTAL: &str = "SELECT objid::bigint FROM pg_locks \
     WHERE locktype = 'advisory' AND granted AND objsubid = 2 \
     AND database = (SELECT oid FROM pg_database WHERE datname = current_database()) \
     AND classid::bigint = (hashtext('saikoro shard total ' || current_schema())::bigint & 4294967295) \
     AND objid::bigint <> $1 LIMIT 1";

/// Why a claim cannot be had.
enum Taken {
    /// Another process holds this shard.
    Shard(u32),
    /// Another process runs with this shard total.
    Total(i64),
}

impl Taken {
    fn why(&self, shards: ShardRange) -> String {
        match self {
            Taken::Shard(shard) => format!(
                "shard {shard} of {} is already run by another process on this database",
                shards.total()
            ),
            Taken::Total(other) => format!(
                "another process on this database runs with a shard total of {other}, not {}",
                shards.total()
            ),
        }
    }
}

/// Takes the advisory locks of the total and of every shard in `shards` on `locks`, or says
/// what another process holds.
async fn lock_shards(locks: &mut PgConnection, shards: ShardRange) -> Result<Option<Taken>, sqlx::Error> {
    let total = i32::try_from(shards.total()).unwrap_or(i32::MAX);
    // Taken before looking, so of two processes starting together at least one sees the other.
    sqlx::query(SHARD_TOTAL_KEY)
        .bind(total)
        .execute(&mut *locks)
        .await?;
    let other: Option<i64> = sqlx::query_scalar(OTHER_SHARD_TOTAL)
        .bind(i64::from(total))
        .fetch_optional(&mut *locks)
        .await?;
    if let Some(other) = other {
        return Ok(Some(Taken::Total(other)));
    }
    for shard in shards.first()..=shards.last() {
        let claimed: bool = sqlx::query_scalar(SHARD_LOCK_KEY)
            .bind(shard.cast_signed())
            .fetch_one(&mut *locks)
            .await?;
        if !claimed {
            return Ok(Some(Taken::Shard(shard)));
        }
    }
    Ok(None)
}

/// Watches the connection holding the locks and claims the shards again when it breaks.
async fn keep_claim(
    pool: PgPool,
    mut locks: PgConnection,
    shards: ShardRange,
    every: Duration,
    lost: oneshot::Sender<String>,
) {
    loop {
        tokio::time::sleep(every).await;
        if sqlx::query("SELECT 1").execute(&mut locks).await.is_ok() {
            continue;
        }
        tracing::warn!(%shards, "the connection holding the shard claim broke; claiming again");
        locks = loop {
            let again = async {
                let mut conn = pool.acquire().await?.detach();
                let taken = lock_shards(&mut conn, shards).await?;
                Ok::<_, sqlx::Error>((conn, taken))
            };
            match again.await {
                Ok((conn, None)) => break conn,
                Ok((_, Some(taken))) => {
                    let why = format!(
                        "{} (taken while this process's connection to the database was broken)",
                        taken.why(shards)
                    );
                    tracing::error!(%why, "shard claim lost");
                    let _ = lost.send(why);
                    return;
                }
                Err(why) => {
                    tracing::warn!(%why, "cannot claim the shards again yet");
                    tokio::time::sleep(every).await;
                }
            }
        };
        tracing::info!(%shards, "shards claimed again");
    }
}

/// The store: one pool of connections to SQLite or PostgreSQL, and the writer of appends and
/// updates.
pub struct Store {
    backend: Backend,
    /// The shards whose games this process may write; it loads only theirs.
    shards: ShardRange,
    /// `None` in the writer's own handle, which writes directly.
    writes: Option<mpsc::UnboundedSender<Queued>>,
    /// SQLite's writes take turns here (see [`Store::write_turn`]); shared with the writer.
    writing: Arc<Mutex<()>>,
}

impl Store {
    /// Connects, creating the SQLite file if needed (WAL mode), and runs the migrations. The
    /// store runs every shard; see [`Store::connect_shards`].
    pub async fn connect(url: &str) -> Result<Store, StoreError> {
        Store::connect_shards(url, ShardRange::ALL).await
    }

    /// Connects as a process that runs `shards`: it loads only their games and refuses to write
    /// any other (the SQL of each write checks the game's guild).
    pub async fn connect_shards(url: &str, shards: ShardRange) -> Result<Store, StoreError> {
        let backend = if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            let options = PgConnectOptions::from_str(url)?;
            let pool = PgPoolOptions::new()
                .max_connections(POSTGRES_MAX_CONNECTIONS)
                .acquire_timeout(POSTGRES_ACQUIRE_TIMEOUT)
                .connect_with(options)
                .await?;
            POSTGRES_MIGRATIONS
                .run(&pool)
                .await
                .map_err(|e| migrate_error(e, &POSTGRES_MIGRATIONS))?;
            Backend::Postgres(pool)
        } else if url.starts_with("sqlite:") {
            // synchronous=FULL fsyncs the WAL at every commit, so an action that was answered
            // survives a power cut or OS crash too. NORMAL would survive a killed process (the
            // WAL is already in the OS's hands at commit) but not power loss. One fsync per
            // click is far below Discord's 3 s budget, and PostgreSQL gives the same guarantee
            // with its default synchronous_commit.
            let options = SqliteConnectOptions::from_str(url)?
                .create_if_missing(true)
                .journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Full)
                .busy_timeout(SQLITE_BUSY_TIMEOUT)
                .foreign_keys(true);
            let pool = if url.contains(":memory:") || url.contains("mode=memory") {
                // An in-memory database lives as long as its last connection: keep exactly one.
                SqlitePoolOptions::new()
                    .max_connections(1)
                    .min_connections(1)
                    .idle_timeout(None)
                    .max_lifetime(None)
            } else {
                SqlitePoolOptions::new().max_connections(SQLITE_MAX_CONNECTIONS)
            }
            // A connection to a local file does not go stale; testing it before each use would
            // cost a round trip to its worker thread per query.
            .test_before_acquire(false)
            .connect_with(options)
            .await?;
            SQLITE_MIGRATIONS
                .run(&pool)
                .await
                .map_err(|e| migrate_error(e, &SQLITE_MIGRATIONS))?;
            Backend::Sqlite(pool)
        } else {
            return Err(StoreError::Invalid(
                "unsupported database URL: expected sqlite:… or postgres://…".into(),
            ));
        };
        let (writes, queue) = mpsc::unbounded_channel();
        let writing = Arc::new(Mutex::new(()));
        let writer = Store {
            backend: backend.clone(),
            shards,
            writes: None,
            writing: writing.clone(),
        };
        tokio::spawn(write_batches(writer, queue));
        Ok(Store {
            backend,
            shards,
            writes: Some(writes),
            writing,
        })
    }

    /// Waits for this process's turn to write, on SQLite: one database file takes one writer at
    /// a time, and a turn handed over here starts at once, where SQLite's busy handler would poll
    /// for the lock in sleeps of up to 50 ms. PostgreSQL locks rows, so its writes need no turn.
    async fn write_turn(&self) -> Option<MutexGuard<'_, ()>> {
        match self.backend {
            Backend::Sqlite(_) => Some(self.writing.lock().await),
            Backend::Postgres(_) => None,
        }
    }

    /// The shards this store's process runs.
    pub fn shards(&self) -> ShardRange {
        self.shards
    }

    /// Claims this process's shards for as long as the returned claim is kept, so two processes
    /// given overlapping ranges cannot both drive a game: a shard another process holds is asked
    /// for again until `wait` has passed (a killed process's session takes a moment to end),
    /// then refused. The claim checks its connection every `check` (see [`ShardClaim`]). SQLite
    /// serves one process, which needs no claim.
    pub async fn claim_shards(&self, wait: Duration, check: Duration) -> Result<ShardClaim, StoreError> {
        let Backend::Postgres(pool) = &self.backend else {
            return Ok(ShardClaim {
                keeper: None,
                lost: None,
            });
        };
        let until = tokio::time::Instant::now() + wait;
        let mut locks = pool.acquire().await?.detach();
        loop {
            // Taking a lock this session already holds only stacks it, so asking again for the
            // whole range is harmless; a refused claim drops the connection, which gives back
            // the shards it took.
            match lock_shards(&mut locks, self.shards).await? {
                None => break,
                Some(taken) if tokio::time::Instant::now() >= until => {
                    return Err(StoreError::Invalid(format!(
                        "{}; give each process its own range of shards (--shards) and all the \
                         same total (--shard-total)",
                        taken.why(self.shards)
                    )));
                }
                Some(_) => tokio::time::sleep(SHARD_CLAIM_RETRY).await,
            }
        }
        let (tell, lost) = oneshot::channel();
        let keeper = tokio::spawn(keep_claim(pool.clone(), locks, self.shards, check, tell));
        Ok(ShardClaim {
            keeper: Some(keeper),
            lost: Some(lost),
        })
    }

    /// Waits for the connections to finish and closes them.
    pub async fn close(&self) {
        with_pool!(self, |pool| pool.close().await)
    }

    /// Inserts a new game (id in `row` ignored); returns its id.
    pub async fn insert_game(&self, row: &GameRow) -> Result<GameId, StoreError> {
        if !self.shards.owns(row.guild_id) {
            return Err(StoreError::OtherShard {
                game: row.id,
                shards: self.shards,
            });
        }
        let columns = GameColumns::new(row);
        let _turn = self.write_turn().await;
        let id = with_pool!(self, |pool| {
            bind_game!(sqlx::query_scalar::<_, i64>(INSERT_GAME), columns)
                .fetch_one(pool)
                .await?
        });
        Ok(GameId(id))
    }

    /// Rewrites the mutable columns: status, seats, setup_dice, options, board_message_id,
    /// updated_at, and when the game is next due (`due_at`, unix seconds; `None`: never). Returns
    /// once durable, committed by the writer together with other writes that arrived meanwhile.
    pub async fn update_game(&self, row: &GameRow, due_at: Option<i64>) -> Result<(), StoreError> {
        let c = GameColumns::new(row);
        self.write(Write::Update(GameUpdate {
            game: row.id,
            status: c.status,
            seats: c.seats,
            setup_dice: c.setup_dice.to_vec(),
            options: c.options,
            board_message_id: c.board_message_id,
            updated_at: c.updated_at,
            due_at,
        }))
        .await
    }

    /// Appends action number `seq` (0-based) atomically with the game's new columns, and returns
    /// once it is durable (committed together with other writes that arrived meanwhile).
    /// `Conflict` if `seq` is already stored: nothing is written.
    pub async fn append_action(
        &self,
        game: GameId,
        seq: i64,
        action: &LoggedAction,
        played: Played,
    ) -> Result<(), StoreError> {
        self.write(Write::Append {
            game,
            seq,
            seat: seat_to_db(action.seat)?,
            action: action.clone(),
            played,
        })
        .await
    }

    /// Hands a write to the writer and waits until it is committed.
    async fn write(&self, write: Write) -> Result<(), StoreError> {
        let stopped = || StoreError::Invalid("the store's writer has stopped".into());
        let (done, answer) = oneshot::channel();
        let writer = self
            .writes
            .as_ref()
            .expect("only the writer's own handle has no queue");
        writer.send(Queued { write, done }).map_err(|_| stopped())?;
        answer.await.map_err(|_| stopped())?
    }

    /// Writes the batch in one transaction: all of it or, on any error, none.
    async fn write_batch(&self, batch: &[Queued]) -> Result<(), StoreError> {
        let _turn = self.write_turn().await;
        match batch {
            [] => Ok(()),
            [alone] => self.write_alone(&alone.write).await,
            _ => self.write_together(batch).await,
        }
    }

    /// One write as a query that is its own transaction: a single round trip to the database
    /// (on SQLite, to its connection's thread), where BEGIN and COMMIT apart would make three.
    /// A write refused for its game (another shard's, or missing) has written nothing.
    async fn write_alone(&self, write: &Write) -> Result<(), StoreError> {
        with_pool!(self, |pool, dialect| {
            let mut conn = pool.acquire().await?;
            let (game, written) = match write {
                Write::Append {
                    game,
                    seq,
                    seat,
                    action,
                    played,
                } => {
                    let query = sqlx::query_scalar::<_, i64>(dialect.append_alone);
                    let written = bind_append!(query, self, game, *seq, *seat, action, played)
                        .fetch_all(&mut *conn)
                        .await
                        .map(|rows| rows.first().is_some_and(|n| *n > 0))
                        .map_err(|e| append_error(e, *game, *seq));
                    (*game, written)
                }
                Write::Update(update) => {
                    let written = bind_update!(sqlx::query(UPDATE_GAME_OWNED), self, update)
                        .execute(&mut *conn)
                        .await
                        .map(|done| done.rows_affected() > 0)
                        .map_err(StoreError::from);
                    (update.game, written)
                }
            };
            match written {
                Ok(true) => {}
                Ok(false) => check_owned!(0, conn, game, self.shards),
                Err(e) => {
                    // SQLite may have stopped inside the query's transaction: end it before the
                    // connection goes back to the pool. (If none is open, as on PostgreSQL, the
                    // ROLLBACK only warns.)
                    let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
                    return Err(e);
                }
            }
        });
        Ok(())
    }

    /// Several writes in one transaction (group commit).
    async fn write_together(&self, batch: &[Queued]) -> Result<(), StoreError> {
        with_pool!(self, |pool, dialect| {
            let mut tx = pool.begin_with(dialect.begin_write).await?;
            for queued in batch {
                let (game, updated) = match &queued.write {
                    Write::Append {
                        game,
                        seq,
                        seat,
                        action,
                        played,
                    } => {
                        let query = sqlx::query(dialect.append_played);
                        let done = bind_append!(query, self, game, *seq, *seat, action, played)
                            .execute(&mut *tx)
                            .await
                            .map_err(|e| append_error(e, *game, *seq))?;
                        // The rows beyond those the insert wrote are the game's.
                        let rows = done.rows_affected();
                        (*game, rows.saturating_sub(dialect.appended_rows - 1))
                    }
                    Write::Update(update) => {
                        let done = bind_update!(sqlx::query(UPDATE_GAME_OWNED), self, update)
                            .execute(&mut *tx)
                            .await?;
                        (update.game, done.rows_affected())
                    }
                };
                check_owned!(updated, tx, game, self.shards);
            }
            tx.commit().await?;
        });
        Ok(())
    }

    /// Every game of this process's shards in Lobby or Playing, with its log in order. A row that cannot be decoded is
    /// logged (with its id) and skipped; the rest still load.
    pub async fn load_active(&self) -> Result<Vec<StoredGame>, StoreError> {
        // One snapshot: a game cannot change status between reading the games and their actions.
        let (unknown, records, mut logs) = with_pool!(self, |pool, dialect| {
            let mut tx = pool.begin_with(dialect.begin_snapshot).await?;
            let unknown: Vec<(i64, String)> = sqlx::query_as(SELECT_UNKNOWN_STATUSES)
                .fetch_all(&mut *tx)
                .await?;
            let records: Vec<GameRecord> = bind_shards!(sqlx::query_as(SELECT_ACTIVE_GAMES), self.shards)
                .fetch_all(&mut *tx)
                .await?;
            let mut logs = Logs::default();
            let mut actions = bind_shards!(
                sqlx::query_as::<_, ActionRecord>(SELECT_ACTIVE_ACTIONS),
                self.shards
            )
            .fetch(&mut *tx);
            while let Some(record) = actions.try_next().await? {
                logs.push(record);
            }
            drop(actions);
            tx.commit().await?;
            (unknown, records, logs)
        });
        for (id, status) in unknown {
            tracing::warn!(game = id, "skipping stored game {id}: unknown status {status:?}");
        }
        Ok(records
            .into_iter()
            .filter_map(|record| {
                let id = record.id;
                stored_game(record, &mut logs)
                    .inspect_err(|why| tracing::warn!(game = id, "skipping stored game {id}: {why}"))
                    .ok()
            })
            .collect())
    }

    /// This process's unfinished games (lobbies and games in play) as (game, channel): what
    /// start-up keeps in memory instead of the games themselves. Games with a status this build
    /// does not know are named in the log.
    pub async fn load_index(&self) -> Result<Vec<(GameId, ChannelId)>, StoreError> {
        let (unknown, index) = with_pool!(self, |pool| {
            let unknown: Vec<(i64, String)> = sqlx::query_as(SELECT_UNKNOWN_STATUSES).fetch_all(pool).await?;
            let index: Vec<(i64, i64)> = bind_shards!(sqlx::query_as(SELECT_INDEX), self.shards)
                .fetch_all(pool)
                .await?;
            (unknown, index)
        });
        for (id, status) in unknown {
            tracing::warn!(game = id, "skipping stored game {id}: unknown status {status:?}");
        }
        Ok(index
            .into_iter()
            .map(|(id, channel)| (GameId(id), ChannelId(snowflake_from_db(channel))))
            .collect())
    }

    /// Up to `limit` unfinished games of this process due by `at` (unix seconds), with ids above
    /// `after`, in id order, each with its due time: a caller pages through them without seeing
    /// one twice.
    pub async fn due_games(
        &self,
        at: i64,
        after: GameId,
        limit: usize,
    ) -> Result<Vec<(GameId, i64)>, StoreError> {
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let due: Vec<(i64, i64)> = with_pool!(self, |pool| {
            let query = sqlx::query_as(SELECT_DUE).bind(at).bind(after.get());
            bind_shards!(query, self.shards)
                .bind(limit)
                .fetch_all(pool)
                .await?
        });
        Ok(due.into_iter().map(|(id, at)| (GameId(id), at)).collect())
    }

    /// When this process's next unfinished game is due, if any is.
    pub async fn next_due(&self) -> Result<Option<i64>, StoreError> {
        Ok(with_pool!(self, |pool| {
            bind_shards!(sqlx::query_scalar(SELECT_NEXT_DUE), self.shards)
                .fetch_one(pool)
                .await?
        }))
    }

    /// Sets when games are next due, in one transaction: each (game, was, next) only if the game
    /// is still due at `was` — a write since then (a click) stored a newer time, which stands.
    /// A game of another shard is left alone.
    pub async fn set_due(&self, due: &[(GameId, i64, Option<i64>)]) -> Result<(), StoreError> {
        if due.is_empty() {
            return Ok(());
        }
        let _turn = self.write_turn().await;
        with_pool!(self, |pool, dialect| {
            let mut tx = pool.begin_with(dialect.begin_write).await?;
            for (game, was, next) in due {
                let query = sqlx::query(concat!(
                    "UPDATE games SET due_at = $1 WHERE id = $2 AND due_at = $3 AND ",
                    owned!(4, 5, 6)
                ))
                .bind(*next)
                .bind(game.get())
                .bind(*was);
                bind_shards!(query, self.shards).execute(&mut *tx).await?;
            }
            tx.commit().await?;
        });
        Ok(())
    }

    /// After turn timers changed — a server's (`Some(guild)`) or the configured defaults
    /// (`None`: every game of this process) — each game in play becomes due no later than
    /// `soonest` seconds after its last action (`None`: the timers are off), so a game not in
    /// memory is looked at under the new timers and rescheduled then. Games already due (a bot
    /// to move, a board to post) stay so.
    pub async fn reschedule(&self, guild: Option<GuildId>, soonest: Option<i64>) -> Result<(), StoreError> {
        let guild = guild.map(|g| snowflake_to_db(g.get()));
        let _turn = self.write_turn().await;
        with_pool!(self, |pool| {
            let query = sqlx::query(concat!(
                "UPDATE games SET due_at = CASE \
                 WHEN due_at IS NOT NULL AND due_at <= updated_at THEN due_at \
                 ELSE updated_at + $1 END \
                 WHERE status = 'playing' AND ($2 IS NULL OR guild_id = $2) AND ",
                owned!(3, 4, 5)
            ))
            .bind(soonest)
            .bind(guild);
            bind_shards!(query, self.shards).execute(pool).await?;
        });
        Ok(())
    }

    /// One game with its whole log (any status): for what reads every action (replays,
    /// reviews, exports, results). A game to play on loads with [`Store::load_live`].
    pub async fn load_game(&self, id: GameId) -> Result<Option<StoredGame>, StoreError> {
        let Some((record, log)) = self.load_record(id, SELECT_GAME).await? else {
            return Ok(None);
        };
        let stored = record
            .game
            .decode()
            .and_then(|row| Ok(StoredGame { row, log: log? }));
        stored
            .map(Some)
            .map_err(|why| StoreError::Invalid(format!("game {id}: {why}")))
    }

    /// One game to play on (any status): its latest snapshot and the actions after it, so a
    /// long game is not replayed from its start.
    pub async fn load_live(&self, id: GameId) -> Result<Option<LiveGame>, StoreError> {
        let Some((record, tail)) = self.load_record(id, SELECT_LIVE_GAME).await? else {
            return Ok(None);
        };
        let live = record.game.decode().and_then(|row| {
            let snapshot = live_snapshot(record.snapshot, record.snapshot_seq)?;
            Ok(LiveGame {
                row,
                snapshot,
                tail: tail?,
            })
        });
        live.map(Some)
            .map_err(|why| StoreError::Invalid(format!("game {id}: {why}")))
    }

    /// A game's row as `select` reads it ([`SELECT_GAME`] or [`SELECT_LIVE_GAME`]) and the
    /// actions its snapshot does not cover (all without one), read in one snapshot of the
    /// database.
    async fn load_record(
        &self,
        id: GameId,
        select: &'static str,
    ) -> Result<Option<(LiveRecord, Result<Vec<LoggedAction>, String>)>, StoreError> {
        let loaded = with_pool!(self, |pool, dialect| {
            let mut tx = pool.begin_with(dialect.begin_snapshot).await?;
            let record: Option<LiveRecord> = sqlx::query_as(select)
                .bind(id.get())
                .fetch_optional(&mut *tx)
                .await?;
            let loaded = match record {
                Some(record) => {
                    let first = match (&record.snapshot, record.snapshot_seq) {
                        (Some(_), Some(seq)) => seq,
                        _ => 0,
                    };
                    let mut logs = Logs::default();
                    let mut actions = sqlx::query_as::<_, ActionRecord>(SELECT_GAME_ACTIONS)
                        .bind(id.get())
                        .bind(first)
                        .fetch(&mut *tx);
                    while let Some(action) = actions.try_next().await? {
                        logs.push(action);
                    }
                    drop(actions);
                    Some((record, logs.take(id.get(), first)))
                }
                None => None,
            };
            tx.commit().await?;
            loaded
        });
        Ok(loaded)
    }

    /// A guild's setting (e.g. timer lengths), as JSON.
    pub async fn setting(
        &self,
        guild_id: GuildId,
        key: &str,
    ) -> Result<Option<serde_json::Value>, StoreError> {
        let text: Option<String> = with_pool!(self, |pool| {
            sqlx::query_scalar("SELECT value FROM settings WHERE guild_id = $1 AND key = $2")
                .bind(snowflake_to_db(guild_id.get()))
                .bind(key)
                .fetch_optional(pool)
                .await?
        });
        text.map(|text| {
            serde_json::from_str(&text).map_err(|e| {
                StoreError::Invalid(format!(
                    "setting {key} of guild {guild_id} is not valid JSON: {e}"
                ))
            })
        })
        .transpose()
    }

    pub async fn set_setting(
        &self,
        guild_id: GuildId,
        key: &str,
        value: &serde_json::Value,
    ) -> Result<(), StoreError> {
        self.set_settings(guild_id, &[(key, value)]).await
    }

    /// Several of a guild's settings in one transaction: all are saved, or none.
    pub async fn set_settings(
        &self,
        guild_id: GuildId,
        settings: &[(&str, &serde_json::Value)],
    ) -> Result<(), StoreError> {
        let _turn = self.write_turn().await;
        with_pool!(self, |pool| {
            let mut tx = pool.begin().await?;
            for (key, value) in settings {
                sqlx::query(
                    "INSERT INTO settings (guild_id, key, value) VALUES ($1, $2, $3) \
                     ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value",
                )
                .bind(snowflake_to_db(guild_id.get()))
                .bind(*key)
                .bind(value.to_string())
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await?;
        });
        Ok(())
    }

    /// Copies whole games with their logs in one transaction, e.g. from SQLite into PostgreSQL
    /// when moving to several processes. Ids are assigned afresh and returned in order; each
    /// action's time is its game's `updated_at`, since `LoggedAction` does not carry one.
    pub async fn import(&self, games: &[StoredGame]) -> Result<Vec<GameId>, StoreError> {
        let mut ids = Vec::with_capacity(games.len());
        let _turn = self.write_turn().await;
        with_pool!(self, |pool, dialect| {
            let mut tx = pool.begin_with(dialect.begin_write).await?;
            for game in games {
                let columns = GameColumns::new(&game.row);
                let id = bind_game!(sqlx::query_scalar::<_, i64>(INSERT_GAME), columns)
                    .fetch_one(&mut *tx)
                    .await?;
                ids.push(id);
            }
            for chunk in action_rows(games, &ids)?.chunks(IMPORT_CHUNK) {
                let mut insert =
                    sqlx::QueryBuilder::new("INSERT INTO actions (game_id, seq, seat, action, dice, at) ");
                insert.push_values(chunk, |mut values, row| {
                    values
                        .push_bind(row.game_id)
                        .push_bind(row.seq)
                        .push_bind(row.seat)
                        .push_bind(&row.action.action)
                        .push_bind(&row.action.dice)
                        .push_bind(row.at);
                });
                insert.build().execute(&mut *tx).await?;
            }
            tx.commit().await?;
        });
        Ok(ids.into_iter().map(GameId).collect())
    }
}

// After the macros above, which it uses.
mod history;
pub use history::{
    ALL_KINDS, ANONYMOUS, Finish, HeadToHead, PlayerResult, PlayerSummary, RecentSeat, SeatResult, Standing,
};
