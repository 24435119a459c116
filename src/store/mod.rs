//! Durable storage behind one type: SQLite (embedded default) and PostgreSQL, chosen by the URL.
//! A game is stored event-sourced: its record (kind, options, seats, setup dice) plus the ordered
//! action log; the state is replayed from them. The store knows only rows: what a finish
//! computes (ratings, streaks, summaries) comes from the pure `crate::history`.
//!
//! One module per concern, each table's statements in one of them: `games` (games and their
//! actions), `writer` (the group-commit writer of appends and updates), `history` (results,
//! ratings, rivals, player_stats), `forget` (each user's games, and forgetting them), `away` (time off), `notices` (turn notices by direct message), `puzzles` (puzzles, their days, answers and ratings), `rematches`, `settings`, `shards` (claims on PostgreSQL), `told` (hosts told a server has no threads);
//! `sql` holds what they share and `rows` the row types.

// The macros in `sql` and `games` are used by the modules declared after them.
#[macro_use]
mod sql;
#[macro_use]
mod games;
mod away;
pub mod copy;
mod daily;
mod forget;
mod history;
mod notices;
mod puzzles;
mod quotas;
mod rematches;
mod rows;
mod settings;
mod shards;
mod told;
mod writer;

pub use crate::history::{ALL_KINDS, ANONYMOUS, Finish, PlayerSummary, SeatResult};
pub use away::AwayRow;
pub use daily::{DailyAttempt, DailyResult};
pub use forget::UserGame;
pub use notices::NotifyRow;
pub use puzzles::{Attempt, NewPuzzle, PuzzleChoice, PuzzleRow, PuzzleStanding};
pub use rows::{
    GameRow, HeadToHead, Indexed, LiveGame, Played, PlayerResult, RecentSeat, Snapshot, Standing, Status,
    StoredGame,
};
pub use shards::{SHARD_CLAIM_CHECK, ShardClaim};

use crate::id::GameId;
use crate::shards::ShardRange;
use sql::Backend;
use sqlx::migrate::{MigrateError, Migrator};
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{Mutex, MutexGuard, mpsc};

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
    /// The PostgreSQL server takes only encrypted connections and the URL asked for none.
    #[error(
        "the database server accepts only encrypted connections: add `sslmode=require` to \
         database_url (or `sslmode=verify-full`, with `sslrootcert=` the server's CA file, to check \
         its certificate too)"
    )]
    TlsRequired,
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

/// The store: one pool of connections to SQLite or PostgreSQL, and the writer of appends and
/// updates.
pub struct Store {
    backend: Backend,
    /// The shards whose games this process may write; it loads only theirs.
    shards: ShardRange,
    /// `None` in the writer's own handle, which writes directly.
    writes: Option<mpsc::UnboundedSender<writer::Queued>>,
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
            connect_postgres(url).await?
        } else if url.starts_with("sqlite:") {
            connect_sqlite(url).await?
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
        tokio::spawn(writer::write_batches(writer, queue));
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

    /// Whether the database answers now (`/readyz`).
    pub async fn ping(&self) -> bool {
        with_pool!(self, |pool| sqlx::query("SELECT 1").execute(pool).await.is_ok())
    }

    /// Waits for the connections to finish and closes them.
    pub async fn close(&self) {
        with_pool!(self, |pool| pool.close().await);
    }
}

async fn connect_postgres(url: &str) -> Result<Backend, StoreError> {
    let options = PgConnectOptions::from_str(url)?;
    let pool = PgPoolOptions::new()
        .max_connections(POSTGRES_MAX_CONNECTIONS)
        .acquire_timeout(POSTGRES_ACQUIRE_TIMEOUT)
        .connect_with(options)
        .await
        .map_err(tls_required)?;
    POSTGRES_MIGRATIONS
        .run(&pool)
        .await
        .map_err(|e| migrate_error(e, &POSTGRES_MIGRATIONS))?;
    Ok(Backend::Postgres(pool))
}

/// A server refusing a plain connection says "no encryption" at the end of its pg_hba.conf
/// refusal (SQLSTATE 28000): say what to change instead of the server's words alone.
fn tls_required(error: sqlx::Error) -> StoreError {
    match &error {
        sqlx::Error::Database(db)
            if db.code().as_deref() == Some("28000") && db.message().ends_with("no encryption") =>
        {
            StoreError::TlsRequired
        }
        _ => StoreError::Db(error),
    }
}

async fn connect_sqlite(url: &str) -> Result<Backend, StoreError> {
    // synchronous=FULL fsyncs the WAL at every commit, so an action that was answered survives
    // a power cut or OS crash too. NORMAL would survive a killed process (the WAL is already in
    // the OS's hands at commit) but not power loss. One fsync per click is far below Discord's
    // 3 s budget, and PostgreSQL gives the same guarantee with its default synchronous_commit.
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
    // A connection to a local file does not go stale; testing it before each use would cost a
    // round trip to its worker thread per query.
    .test_before_acquire(false)
    .connect_with(options)
    .await?;
    SQLITE_MIGRATIONS
        .run(&pool)
        .await
        .map_err(|e| migrate_error(e, &SQLITE_MIGRATIONS))?;
    Ok(Backend::Sqlite(pool))
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
