//! The store against every backend: SQLite in memory, SQLite in a file, and PostgreSQL when
//! SAIKORO_TEST_POSTGRES_URL names a server (.ci/postgres.sh starts one and prints it); without it
//! the PostgreSQL tests are listed as ignored. Each test body takes a fresh database; each
//! PostgreSQL test gets its own schema.
// A scenario reads best as one story, so tests may run past the 80 lines asked of the code.
#![allow(clippy::too_many_lines)]

#[path = "../common/migrations.rs"]
mod migrations;
#[path = "../common/played.rs"]
mod played;
#[path = "../common/postgres.rs"]
mod postgres;

use futures_util::FutureExt;
use played::played;
use postgres::Schema;
use saikoro::engine::LoggedAction;
use saikoro::id::{ChannelId, GameId, GuildId, MessageId, UserId};
use saikoro::shards::ShardRange;
use saikoro::store::{
    Finish, GameRow, Played, SHARD_CLAIM_CHECK, SeatResult, Snapshot, Status, Store, StoreError, StoredGame,
};
use serde_json::json;
use sqlx::Connection;
use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};

/// Above i64::MAX: only an exact (bit-cast or text) encoding brings it back.
const HUGE_SNOWFLAKE: u64 = u64::MAX - 12_345;
const GUILD: GuildId = GuildId(1_234_567_890_123_456_789);

/// A fresh database behind a store, plus a way in that bypasses the store.
struct TestDb {
    store: Store,
    url: String,
    backend: Backend,
}

#[derive(Clone, Copy, PartialEq)]
enum Backend {
    SqliteMemory,
    SqliteFile,
    Postgres,
}

impl TestDb {
    /// Runs SQL on a connection of its own, as a broken or foreign writer would.
    async fn execute(&self, sql: &str) {
        match self.backend {
            Backend::SqliteMemory => panic!("an in-memory database has no second connection"),
            Backend::SqliteFile => {
                let mut conn = sqlx::SqliteConnection::connect(&self.url)
                    .await
                    .expect("open sqlite");
                sqlx::raw_sql(sql).execute(&mut conn).await.expect("raw sql");
            }
            Backend::Postgres => {
                let mut conn = sqlx::PgConnection::connect(&self.url)
                    .await
                    .expect("open postgres");
                sqlx::raw_sql(sql).execute(&mut conn).await.expect("raw sql");
            }
        }
    }

    /// Closes the store and opens the same database again.
    async fn reopen(self) -> TestDb {
        self.store.close().await;
        let store = Store::connect(&self.url).await.expect("reconnect");
        TestDb { store, ..self }
    }
}

fn unique_name() -> String {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or_default();
    format!(
        "{}_{}_{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed),
        nanos
    )
}

/// Runs `body` against a fresh database of `backend` and removes the database afterwards, also
/// when the body panics.
async fn run<F, Fut>(backend: Backend, body: F)
where
    F: FnOnce(TestDb) -> Fut,
    Fut: Future<Output = ()>,
{
    match backend {
        Backend::SqliteMemory => {
            let url = "sqlite::memory:".to_string();
            let store = Store::connect(&url).await.expect("connect in-memory sqlite");
            body(TestDb { store, url, backend }).await;
        }
        Backend::SqliteFile => {
            let dir = std::env::temp_dir().join(format!("saikoro-store-{}", unique_name()));
            std::fs::create_dir_all(&dir).expect("temp dir");
            let url = format!("sqlite://{}", dir.join("saikoro.db").display());
            let store = Store::connect(&url).await.expect("connect sqlite file");
            let outcome = AssertUnwindSafe(body(TestDb { store, url, backend }))
                .catch_unwind()
                .await;
            let _ = std::fs::remove_dir_all(&dir);
            if let Err(panic) = outcome {
                std::panic::resume_unwind(panic);
            }
        }
        Backend::Postgres => {
            // Compiled in without ignore only when the variable was set at build time; a run with
            // --include-ignored and no server fails in `create` rather than passing untested.
            let schema = Schema::create("saikoro_test").await;
            let url = schema.url();
            let store = Store::connect(&url).await.expect("connect postgres schema");
            let outcome = AssertUnwindSafe(body(TestDb { store, url, backend }))
                .catch_unwind()
                .await;
            schema.drop().await;
            if let Err(panic) = outcome {
                std::panic::resume_unwind(panic);
            }
        }
    }
}

/// One test per backend for each named body: `<body>::sqlite_memory`, `<body>::postgres`, ...
macro_rules! on_backends {
    ($backends:tt $($body:ident),* $(,)?) => {
        $( body_on_backends!($body $backends); )*
    };
}

macro_rules! body_on_backends {
    ($body:ident [$($test:ident: $backend:ident),*]) => {
        mod $body {
            $(
                backend_test!($backend $test $body);
            )*
        }
    };
}

/// The PostgreSQL variant is ignored, with the reason, unless a server was configured at build
/// time (see build.rs), so a run without one does not count it as passed.
macro_rules! backend_test {
    (Postgres $test:ident $body:ident) => {
        #[tokio::test]
        #[cfg_attr(
            not(postgres_tests),
            ignore = "needs PostgreSQL: set SAIKORO_TEST_POSTGRES_URL, e.g. eval \"$(bash .ci/postgres.sh)\""
        )]
        async fn $test() {
            super::run(super::Backend::Postgres, super::$body).await;
        }
    };
    ($backend:ident $test:ident $body:ident) => {
        #[tokio::test]
        async fn $test() {
            super::run(super::Backend::$backend, super::$body).await;
        }
    };
}

/// Collects the warnings logged on this thread while it lives (tokio tests run on one thread).
struct Warnings {
    buffer: Arc<Mutex<Vec<u8>>>,
    _guard: tracing::subscriber::DefaultGuard,
}

#[derive(Clone)]
struct SharedBuffer(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for SharedBuffer {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().expect("log buffer").extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Warnings {
    fn capture() -> Warnings {
        let buffer = Arc::new(Mutex::new(Vec::new()));
        let writer = SharedBuffer(Arc::clone(&buffer));
        let subscriber = tracing_subscriber::fmt()
            .with_max_level(tracing::Level::WARN)
            .with_ansi(false)
            .with_writer(move || writer.clone())
            .finish();
        Warnings {
            buffer,
            _guard: tracing::subscriber::set_default(subscriber),
        }
    }

    fn finish(self) -> String {
        String::from_utf8_lossy(&self.buffer.lock().expect("log buffer")).into_owned()
    }
}

fn game(kind: &str, channel_id: u64) -> GameRow {
    GameRow {
        id: GameId(0),
        kind: kind.into(),
        guild_id: Some(GUILD),
        channel_id: ChannelId(channel_id),
        host_id: UserId(42),
        status: Status::Lobby,
        options: json!({"marker_limit": true, "target": 3}),
        seats: json!([{"user": "ann"}, {"user": "ben"}]),
        setup_dice: vec![3, 6, 1],
        board_message_id: None,
        created_at: 1_700_000_000,
        updated_at: 1_700_000_000,
    }
}

/// A game of `kind` in `guild` with no seats yet: the history tests' row.
fn game_row(guild: GuildId, kind: &str, status: Status) -> GameRow {
    GameRow {
        id: GameId(0),
        kind: kind.into(),
        guild_id: Some(guild),
        channel_id: ChannelId(7),
        host_id: UserId(1),
        status,
        options: json!({}),
        seats: json!({}),
        setup_dice: vec![],
        board_message_id: None,
        created_at: 0,
        updated_at: 0,
    }
}

/// A seat's result in a finished game.
fn seat(player: &str, place: u32, won: bool) -> SeatResult {
    SeatResult {
        player: player.into(),
        place,
        won,
        resigned: false,
        turns: None,
    }
}

fn action(seat: usize, name: &str, dice: &[u8]) -> LoggedAction {
    LoggedAction {
        seat,
        action: name.into(),
        dice: dice.to_vec(),
    }
}

async fn insert(store: &Store, row: &GameRow) -> GameRow {
    let id = store.insert_game(row).await.expect("insert");
    GameRow { id, ..row.clone() }
}

async fn load(store: &Store, id: GameId) -> StoredGame {
    store.load_game(id).await.expect("load").expect("game exists")
}

fn active_ids(games: &[StoredGame]) -> Vec<GameId> {
    games.iter().map(|g| g.row.id).collect()
}

/// Stores for two processes on one database: shards 0 and 1 of 2.
async fn two_processes(url: &str) -> (Store, Store) {
    let shard = |n| ShardRange::new(n, n, 2).unwrap();
    let lower = Store::connect_shards(url, shard(0)).await.expect("shard 0");
    let upper = Store::connect_shards(url, shard(1)).await.expect("shard 1");
    (lower, upper)
}

mod connect;
mod daily;
mod games;
mod history;
mod notices;
mod players;
mod puzzles;
mod shards;
mod snapshots;
mod summaries;
