//! The store against every backend: SQLite in memory, SQLite in a file, and PostgreSQL when
//! SAIKORO_TEST_POSTGRES_URL names a server (.ci/postgres.sh starts one and prints it); without it
//! the PostgreSQL tests are listed as ignored. Each test body takes a fresh database; each
//! PostgreSQL test gets its own schema.

#[path = "common/played.rs"]
mod played;
#[path = "common/postgres.rs"]
mod postgres;

use futures_util::FutureExt;
use played::played;
use postgres::Schema;
use saikoro::engine::LoggedAction;
use saikoro::id::{ChannelId, GameId, GuildId, MessageId, UserId};
use saikoro::shards::ShardRange;
use saikoro::store::{
    Finish, GameRow, Played, SHARD_CLAIM_CHECK, Snapshot, Status, Store, StoreError, StoredGame,
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

on_backends!([sqlite_memory: SqliteMemory, sqlite_file: SqliteFile, postgres: Postgres]
    round_trip_keeps_every_field,
    appended_actions_load_in_order,
    duplicate_seq_is_a_conflict_and_changes_nothing,
    finished_and_abandoned_games_leave_load_active,
    logs_of_many_games_are_kept_apart,
    settings_are_set_read_and_overwritten,
    concurrent_appends_of_one_seq_let_exactly_one_win,
    appending_to_a_missing_game_is_an_error,
    import_copies_games_with_their_logs,
    one_bad_append_does_not_fail_the_others_committed_with_it,
    an_append_writes_the_board_and_updates_commit_beside_it,
    due_games_are_the_unfinished_ones_whose_time_came,
    a_snapshot_rides_with_its_append_and_the_live_load_starts_after_it,
    a_quarantined_game_leaves_the_index_and_the_due_games,
);

// Several processes on one database are PostgreSQL's alone.
on_backends!([postgres: Postgres]
    overlapping_processes_cannot_both_claim_a_shard,
    a_claim_whose_connection_breaks_claims_its_shards_again,
    a_claim_taken_by_another_process_meanwhile_is_lost,
    processes_given_different_shard_totals_are_refused,
);

/// CI's server takes the test role over TLS only (`.ci/postgres.sh`): a URL that turns TLS off is
/// refused with what to change, and the configured URL (verify-full) connects.
#[tokio::test]
#[cfg_attr(
    not(postgres_tests),
    ignore = "needs PostgreSQL: set SAIKORO_TEST_POSTGRES_URL, e.g. eval \"$(bash .ci/postgres.sh)\""
)]
async fn a_plain_connection_to_a_tls_only_server_is_refused_clearly_on_postgres() {
    let schema = Schema::create("saikoro_tls").await;
    let url = schema.url();
    assert!(
        url.contains("sslmode=verify-full"),
        "CI connects with verify-full: {url}"
    );
    let plain = url.replace("sslmode=verify-full", "sslmode=disable");
    let refused = Store::connect(&plain).await.err();
    let connected = Store::connect(&url).await.map(|_| ());
    schema.drop().await;
    let refused = refused.expect("a plain connection is refused");
    assert!(matches!(refused, StoreError::TlsRequired), "{refused:?}");
    assert!(refused.to_string().contains("sslmode=require"), "{refused}");
    connected.expect("the TLS connection is taken");
}

// These need a second connection, which an in-memory database does not have.
on_backends!([sqlite_file: SqliteFile, postgres: Postgres]
    undecodable_rows_are_skipped_and_the_rest_load,
    reopening_keeps_everything,
    a_newer_schema_is_refused_by_version,
    a_process_never_loads_or_writes_another_shards_game,
    a_snapshot_for_another_shards_game_is_refused_with_its_action,
);

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

async fn round_trip_keeps_every_field(db: TestDb) {
    let store = &db.store;
    let row = GameRow {
        kind: "cantstop".into(),
        guild_id: Some(GuildId(HUGE_SNOWFLAKE)),
        channel_id: ChannelId(1 << 63),
        host_id: UserId(u64::MAX),
        status: Status::Playing,
        options: json!({"switch": false, "nested": {"list": [1, 2.5, "three", null]}}),
        seats: json!([{"user": "1152921504606846976", "name": "Ann \"the dice\" 🎲"}]),
        setup_dice: vec![0, 1, 255, 6],
        board_message_id: Some(MessageId(HUGE_SNOWFLAKE - 1)),
        created_at: 1_700_000_001,
        updated_at: 1_700_000_002,
        ..game("x", 0)
    };
    let stored = insert(store, &row).await;
    assert!(stored.id > GameId(0));
    assert_eq!(
        load(store, stored.id).await,
        StoredGame {
            row: stored.clone(),
            log: vec![]
        }
    );

    let dm = GameRow {
        guild_id: None,
        board_message_id: None,
        setup_dice: vec![],
        ..game("saizumi", 7)
    };
    let dm = insert(store, &dm).await;
    assert_ne!(dm.id, stored.id);
    assert_eq!(load(store, dm.id).await.row, dm);

    let changed = GameRow {
        status: Status::Finished,
        seats: json!([]),
        setup_dice: vec![2],
        options: json!({"switch": true}),
        board_message_id: Some(MessageId(99)),
        updated_at: 1_800_000_000,
        ..stored.clone()
    };
    store.update_game(&changed, None).await.expect("update");
    assert_eq!(load(store, stored.id).await.row, changed);
    assert_eq!(load(store, dm.id).await.row, dm, "other games are untouched");

    assert!(
        store
            .load_game(GameId(stored.id.get() + dm.id.get() + 1000))
            .await
            .expect("load")
            .is_none()
    );
    let missing = GameRow {
        id: GameId(stored.id.get() + dm.id.get() + 1000),
        ..changed
    };
    assert!(matches!(
        store.update_game(&missing, None).await,
        Err(StoreError::Invalid(_))
    ));
}

async fn appended_actions_load_in_order(db: TestDb) {
    let store = &db.store;
    let row = insert(store, &game("cantstop", 5)).await;
    let log = vec![
        action(0, "roll", &[1, 2, 3, 4]),
        action(0, "pair-3-7", &[]),
        action(1, "stop", &[]),
        action(1, "roll", &[6, 6, 6, 6]),
        action(0, "resign", &[]),
    ];
    for (seq, entry) in (0..).zip(&log) {
        store
            .append_action(
                row.id,
                seq,
                entry,
                played(Status::Playing, 1_700_000_100 + seq, None),
            )
            .await
            .expect("append");
    }
    let loaded = load(store, row.id).await;
    assert_eq!(loaded.log, log);
    assert_eq!(loaded.row.status, Status::Playing);
    assert_eq!(
        loaded.row.updated_at, 1_700_000_104,
        "the last append stamps the game"
    );

    let active = store.load_active().await.expect("load_active");
    assert_eq!(active, vec![loaded]);
}

async fn duplicate_seq_is_a_conflict_and_changes_nothing(db: TestDb) {
    let store = &db.store;
    let row = insert(store, &game("ninja", 5)).await;
    let first = action(0, "move-3", &[4]);
    store
        .append_action(row.id, 0, &first, played(Status::Playing, 10, None))
        .await
        .expect("first append");

    let late = action(1, "move-5", &[2]);
    let err = store
        .append_action(row.id, 0, &late, played(Status::Finished, 20, None))
        .await
        .expect_err("duplicate");
    assert!(
        matches!(err, StoreError::Conflict { game, seq: 0 } if game == row.id),
        "expected a conflict, got {err:?}"
    );

    let loaded = load(store, row.id).await;
    assert_eq!(loaded.log, vec![first.clone()]);
    assert_eq!(
        loaded.row.status,
        Status::Playing,
        "the losing append's status is not written"
    );
    assert_eq!(loaded.row.updated_at, 10);

    store
        .append_action(row.id, 1, &late, played(Status::Playing, 30, None))
        .await
        .expect("next seq still free");
    assert_eq!(load(store, row.id).await.log, vec![first, late]);
}

async fn finished_and_abandoned_games_leave_load_active(db: TestDb) {
    let store = &db.store;
    let lobby = insert(store, &game("cantstop", 1)).await;
    let finishing = insert(store, &game("ishigaki", 2)).await;
    let abandoning = insert(store, &game("saizumi", 3)).await;
    assert_eq!(
        active_ids(&store.load_active().await.expect("load")),
        vec![lobby.id, finishing.id, abandoning.id]
    );

    store
        .append_action(
            finishing.id,
            0,
            &action(0, "roll", &[5]),
            played(Status::Playing, 5, None),
        )
        .await
        .expect("append");
    let playing = store.load_active().await.expect("load");
    assert_eq!(playing[1].row.status, Status::Playing);

    store
        .append_action(
            finishing.id,
            1,
            &action(1, "win", &[]),
            played(Status::Finished, 6, None),
        )
        .await
        .expect("append");
    store
        .update_game(
            &GameRow {
                status: Status::Abandoned,
                updated_at: 7,
                ..abandoning.clone()
            },
            None,
        )
        .await
        .expect("abandon");

    assert_eq!(
        active_ids(&store.load_active().await.expect("load")),
        vec![lobby.id]
    );
    let finished = load(store, finishing.id).await;
    assert_eq!(finished.row.status, Status::Finished);
    assert_eq!(finished.log.len(), 2, "a finished game keeps its log");
    assert_eq!(load(store, abandoning.id).await.row.status, Status::Abandoned);
}

async fn logs_of_many_games_are_kept_apart(db: TestDb) {
    let store = &db.store;
    let mut ids = Vec::new();
    for channel in 0..6 {
        ids.push(insert(store, &game("cantstop", channel)).await.id);
    }
    // Interleaved appends, a different number per game (game 0 gets none).
    for round in 0..5_i64 {
        for (n, &id) in ids.iter().enumerate() {
            if round < i64::try_from(n).expect("small") {
                let entry = action(
                    n % 2,
                    &format!("g{n}-a{round}"),
                    &[u8::try_from(n).expect("small")],
                );
                store
                    .append_action(id, round, &entry, played(Status::Playing, round, None))
                    .await
                    .expect("append");
            }
        }
    }
    let active = store.load_active().await.expect("load");
    assert_eq!(active_ids(&active), ids);
    for (n, game) in active.iter().enumerate() {
        let names: Vec<&str> = game.log.iter().map(|a| a.action.as_str()).collect();
        let expected: Vec<String> = (0..n.min(5)).map(|round| format!("g{n}-a{round}")).collect();
        assert_eq!(names, expected, "log of game {n}");
        assert_eq!(
            game,
            &load(store, game.row.id).await,
            "load_active agrees with load_game"
        );
    }
}

async fn settings_are_set_read_and_overwritten(db: TestDb) {
    let store = &db.store;
    assert_eq!(store.setting(GUILD, "turn_timer").await.expect("get"), None);

    store
        .set_setting(GUILD, "turn_timer", &json!({"minutes": 30}))
        .await
        .expect("set");
    store
        .set_setting(GuildId(HUGE_SNOWFLAKE), "turn_timer", &json!(5))
        .await
        .expect("set other guild");
    store
        .set_setting(GUILD, "locale", &json!("ja"))
        .await
        .expect("set other key");
    assert_eq!(
        store.setting(GUILD, "turn_timer").await.expect("get"),
        Some(json!({"minutes": 30}))
    );

    store
        .set_setting(GUILD, "turn_timer", &json!({"minutes": 60}))
        .await
        .expect("overwrite");
    assert_eq!(
        store.setting(GUILD, "turn_timer").await.expect("get"),
        Some(json!({"minutes": 60}))
    );
    assert_eq!(
        store
            .setting(GuildId(HUGE_SNOWFLAKE), "turn_timer")
            .await
            .expect("get"),
        Some(json!(5))
    );
    assert_eq!(
        store.setting(GUILD, "locale").await.expect("get"),
        Some(json!("ja"))
    );
    assert_eq!(
        store
            .setting(GuildId(GUILD.get() + 1), "locale")
            .await
            .expect("get"),
        None
    );
}

async fn concurrent_appends_of_one_seq_let_exactly_one_win(db: TestDb) {
    let store = Arc::new(db.store);
    let row = insert(&store, &game("cantstop", 9)).await;
    let clicks: Vec<_> = (0..8)
        .map(|n| {
            let store = Arc::clone(&store);
            let entry = action(n % 2, &format!("click-{n}"), &[]);
            tokio::spawn(async move {
                let outcome = store
                    .append_action(row.id, 0, &entry, played(Status::Playing, 1, None))
                    .await;
                (entry, outcome)
            })
        })
        .collect();
    let mut winners = Vec::new();
    for click in clicks {
        let (entry, outcome) = click.await.expect("task");
        match outcome {
            Ok(()) => winners.push(entry),
            Err(StoreError::Conflict { game, seq: 0 }) => assert_eq!(game, row.id),
            Err(other) => panic!("expected Ok or Conflict, got {other:?}"),
        }
    }
    assert_eq!(winners.len(), 1, "exactly one click lands");
    assert_eq!(load(&store, row.id).await.log, winners);
}

async fn appending_to_a_missing_game_is_an_error(db: TestDb) {
    let store = &db.store;
    let err = store
        .append_action(
            GameId(4242),
            0,
            &action(0, "roll", &[]),
            played(Status::Playing, 1, None),
        )
        .await
        .expect_err("missing");
    assert!(matches!(err, StoreError::Invalid(_)), "not a conflict: {err:?}");
    assert!(store.load_game(GameId(4242)).await.expect("load").is_none());
}

/// Appends that arrive together are committed in one transaction (group commit); a conflict or
/// a missing game among them gets its own error and the others still land.
async fn one_bad_append_does_not_fail_the_others_committed_with_it(db: TestDb) {
    let store = &db.store;
    let taken = insert(store, &game("cantstop", 20)).await;
    let first = action(0, "roll", &[1, 2, 3, 4]);
    store
        .append_action(taken.id, 0, &first, played(Status::Playing, 1, None))
        .await
        .expect("first append");
    let mut fresh = Vec::new();
    for channel in 21..26 {
        fresh.push(insert(store, &game("cantstop", channel)).await.id);
    }
    let entry = action(1, "stop", &[]);
    // Joined on one task: every append is queued before the writer looks, so they share a batch.
    let good = futures_util::future::join_all(
        fresh
            .iter()
            .map(|&id| store.append_action(id, 0, &entry, played(Status::Playing, 2, None))),
    );
    let conflict = store.append_action(taken.id, 0, &entry, played(Status::Playing, 2, None));
    let missing = store.append_action(GameId(987_654), 0, &entry, played(Status::Playing, 2, None));
    let (good, conflict, missing) = tokio::join!(good, conflict, missing);
    for outcome in good {
        outcome.expect("a good append commits beside the bad ones");
    }
    assert!(
        matches!(conflict, Err(StoreError::Conflict { game, seq: 0 }) if game == taken.id),
        "{conflict:?}"
    );
    assert!(matches!(missing, Err(StoreError::Invalid(_))), "{missing:?}");
    for id in fresh {
        assert_eq!(load(store, id).await.log, vec![entry.clone()]);
    }
    assert_eq!(load(store, taken.id).await.log, vec![first]);
}

async fn an_append_writes_the_board_and_updates_commit_beside_it(db: TestDb) {
    let store = &db.store;
    let board = Some(MessageId(77));
    let playing = insert(
        store,
        &GameRow {
            board_message_id: board,
            ..game("cantstop", 30)
        },
    )
    .await;
    let roll = action(0, "roll", &[1, 2, 3, 4]);
    let kept = Played {
        board,
        ..played(Status::Playing, 3, Some(40))
    };
    store
        .append_action(playing.id, 0, &roll, kept)
        .await
        .expect("append");
    assert_eq!(load(store, playing.id).await.row.board_message_id, board);
    assert_eq!(store.next_due().await.unwrap(), Some(40));
    // The turn passed: the clicked board froze and no next one is posted yet.
    let stop = action(0, "stop", &[]);
    store
        .append_action(playing.id, 1, &stop, played(Status::Playing, 4, Some(4)))
        .await
        .expect("append");
    let stored = load(store, playing.id).await;
    assert_eq!(stored.row.board_message_id, None);
    assert_eq!((stored.row.updated_at, stored.log.len()), (4, 2));

    // Updates and appends queued together commit together; a bad one fails alone.
    let lobby = insert(store, &game("cantstop", 31)).await;
    let joined = GameRow {
        seats: json!([{"name": "Ann"}, {"name": "Bo"}]),
        board_message_id: Some(MessageId(78)),
        updated_at: 5,
        ..lobby.clone()
    };
    let missing = GameRow {
        id: GameId(987_654),
        ..joined.clone()
    };
    let roll_again = action(1, "roll", &[6, 6, 6, 6]);
    let (update, append, bad) = tokio::join!(
        store.update_game(&joined, Some(50)),
        store.append_action(playing.id, 2, &roll_again, played(Status::Playing, 5, None)),
        store.update_game(&missing, None),
    );
    update.expect("update");
    append.expect("append");
    assert!(matches!(bad, Err(StoreError::Invalid(_))), "{bad:?}");
    assert_eq!(load(store, lobby.id).await.row, joined);
    assert_eq!(load(store, playing.id).await.log, vec![roll, stop, roll_again]);
}

async fn import_copies_games_with_their_logs(db: TestDb) {
    let store = &db.store;
    let existing = insert(store, &game("cantstop", 1)).await;
    let long_log: Vec<LoggedAction> = (0..2500)
        .map(|n| action(n % 4, &format!("a{n}"), &[1, 2]))
        .collect();
    let games = vec![
        StoredGame {
            row: GameRow {
                status: Status::Playing,
                ..game("ishigaki", 2)
            },
            log: long_log,
        },
        StoredGame {
            row: game("ninja", 3),
            log: vec![],
        },
        StoredGame {
            row: GameRow {
                status: Status::Finished,
                ..game("saizumi", 4)
            },
            log: vec![action(1, "x", &[])],
        },
    ];
    let ids = store.import(&games).await.expect("import");
    assert_eq!(ids.len(), 3);
    assert!(!ids.contains(&existing.id));
    for (id, original) in ids.iter().zip(&games) {
        let expected = StoredGame {
            row: GameRow {
                id: *id,
                ..original.row.clone()
            },
            log: original.log.clone(),
        };
        assert_eq!(load(store, *id).await, expected);
    }
    assert_eq!(
        active_ids(&store.load_active().await.expect("load")),
        vec![existing.id, ids[0], ids[1]]
    );
}

async fn undecodable_rows_are_skipped_and_the_rest_load(db: TestDb) {
    let store = &db.store;
    let mut ids = Vec::new();
    for channel in 0..5 {
        let row = insert(store, &game("cantstop", channel)).await;
        store
            .append_action(
                row.id,
                0,
                &action(0, "roll", &[3]),
                played(Status::Playing, 1, None),
            )
            .await
            .expect("append");
        ids.push(row.id);
    }
    let [good_a, bad_options, bad_seats, bad_status, good_b] = ids[..] else {
        unreachable!()
    };
    db.execute(&format!(
        "UPDATE games SET options = '{{not json' WHERE id = {bad_options}"
    ))
    .await;
    db.execute(&format!("UPDATE games SET seats = '' WHERE id = {bad_seats}"))
        .await;
    db.execute(&format!(
        "UPDATE games SET status = 'Playing' WHERE id = {bad_status}"
    ))
    .await;

    let warnings = Warnings::capture();
    let active = store
        .load_active()
        .await
        .expect("one bad row does not fail the load");
    let warnings = warnings.finish();
    for bad in [bad_options, bad_seats, bad_status] {
        assert!(
            warnings.contains(&format!("skipping stored game {bad}:")),
            "warns about game {bad}: {warnings}"
        );
    }
    assert_eq!(active_ids(&active), vec![good_a, good_b]);
    assert!(active.iter().all(|g| g.log == vec![action(0, "roll", &[3])]));

    for bad in [bad_options, bad_seats, bad_status] {
        match store.load_game(bad).await {
            Err(StoreError::Invalid(why)) => assert!(why.contains(&bad.to_string()), "names the game: {why}"),
            other => panic!("game {bad} should not decode: {other:?}"),
        }
    }

    // A log that cannot be replayed (a gap) is as undecodable as bad JSON.
    db.execute(&format!("UPDATE actions SET seq = 5 WHERE game_id = {good_b}"))
        .await;
    assert_eq!(
        active_ids(&store.load_active().await.expect("load")),
        vec![good_a]
    );
}

async fn reopening_keeps_everything(db: TestDb) {
    let row = insert(
        &db.store,
        &GameRow {
            guild_id: Some(GuildId(HUGE_SNOWFLAKE)),
            ..game("cantstop", 8)
        },
    )
    .await;
    let log = vec![action(0, "roll", &[1, 1, 2, 2]), action(0, "stop", &[])];
    for (seq, entry) in (0..).zip(&log) {
        db.store
            .append_action(row.id, seq, entry, played(Status::Playing, 50 + seq, None))
            .await
            .expect("append");
    }
    db.store
        .set_setting(GuildId(HUGE_SNOWFLAKE), "timer", &json!(15))
        .await
        .expect("setting");
    let before = db.store.load_active().await.expect("load");

    let db = db.reopen().await;
    assert_eq!(db.store.load_active().await.expect("load after reopen"), before);
    assert_eq!(before[0].log, log);
    assert_eq!(
        db.store
            .setting(GuildId(HUGE_SNOWFLAKE), "timer")
            .await
            .expect("get"),
        Some(json!(15))
    );
    let next = insert(&db.store, &game("cantstop", 9)).await;
    assert!(next.id > row.id, "ids continue after a reopen");
}

async fn a_newer_schema_is_refused_by_version(db: TestDb) {
    let checksum = if db.backend == Backend::Postgres {
        "'\\x00'::bytea"
    } else {
        "X'00'"
    };
    db.execute(&format!(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
         VALUES (987654, 'from a newer saikoro', TRUE, {checksum}, 0)"
    ))
    .await;
    db.store.close().await;
    match Store::connect(&db.url).await {
        Err(StoreError::Invalid(why)) => assert!(why.contains("987654"), "names the version: {why}"),
        Err(other) => panic!("expected a database error, got {other:?}"),
        Ok(_) => panic!("a schema newer than the binary must be refused"),
    }
}

#[tokio::test]
async fn sqlite_file_is_created_in_wal_mode() {
    let dir = std::env::temp_dir().join(format!("saikoro-store-{}", unique_name()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path: PathBuf = dir.join("fresh.db");
    assert!(!path.exists());
    let url = format!("sqlite://{}", path.display());
    let store = Store::connect(&url).await.expect("connect");
    assert!(path.exists(), "the file is created on first run");
    store.close().await;

    let mut conn = sqlx::SqliteConnection::connect(&url).await.expect("open");
    let mode: String = sqlx::query_scalar("PRAGMA journal_mode")
        .fetch_one(&mut conn)
        .await
        .expect("pragma");
    assert_eq!(mode, "wal");
    conn.close().await.expect("close");
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn an_unknown_url_scheme_is_refused() {
    assert!(matches!(
        Store::connect("mysql://localhost/saikoro").await,
        Err(StoreError::Invalid(_))
    ));
}

/// Stores for two processes on one database: shards 0 and 1 of 2.
async fn two_processes(url: &str) -> (Store, Store) {
    let shard = |n| ShardRange::new(n, n, 2).unwrap();
    let lower = Store::connect_shards(url, shard(0)).await.expect("shard 0");
    let upper = Store::connect_shards(url, shard(1)).await.expect("shard 1");
    (lower, upper)
}

/// Two processes on one database, shards 0 and 1 of 2: each loads only its own guilds' games
/// (DMs are shard 0), and one cannot write the other's game by any path, not even inside a
/// batch with its own appends.
async fn a_process_never_loads_or_writes_another_shards_game(db: TestDb) {
    let (lower, upper) = two_processes(&db.url).await;
    // (id >> 22) % 2: 0 and 1; the huge id is above 2^63 and lands on shard 1 as Discord
    // computes it on the unsigned id.
    let in_guild = |channel, guild: Option<u64>| GameRow {
        guild_id: guild.map(GuildId),
        ..game("cantstop", channel)
    };
    let zero = insert(&lower, &in_guild(1, Some(2 << 22))).await;
    let dm = insert(&lower, &in_guild(2, None)).await;
    let one = insert(&upper, &in_guild(3, Some(3 << 22))).await;
    let huge = insert(&upper, &in_guild(4, Some(HUGE_SNOWFLAKE))).await;
    assert_eq!(
        ShardRange::new(0, 1, 2)
            .unwrap()
            .shard_of(Some(GuildId(HUGE_SNOWFLAKE))),
        1
    );
    let refused = lower.insert_game(&in_guild(5, Some(3 << 22))).await;
    assert!(
        matches!(refused, Err(StoreError::OtherShard { .. })),
        "{refused:?}"
    );

    assert_eq!(
        active_ids(&lower.load_active().await.unwrap()),
        vec![zero.id, dm.id]
    );
    assert_eq!(
        active_ids(&upper.load_active().await.unwrap()),
        vec![one.id, huge.id]
    );
    assert_eq!(
        db.store.load_active().await.unwrap().len(),
        4,
        "one process runs all"
    );

    // Shard 1 tries to steal shard 0's game: an append (batched with one of its own), a row
    // update, and a finish are refused, and nothing of them is stored.
    let mine = action(0, "roll", &[1, 2, 3, 4]);
    let (stolen, own) = tokio::join!(
        upper.append_action(zero.id, 0, &mine, played(Status::Playing, 5, None)),
        upper.append_action(one.id, 0, &mine, played(Status::Playing, 5, None)),
    );
    assert!(
        matches!(stolen, Err(StoreError::OtherShard { game, .. }) if game == zero.id),
        "{stolen:?}"
    );
    own.expect("its own game is written beside the refused one");
    let taken = GameRow {
        status: Status::Abandoned,
        updated_at: 9,
        ..zero.clone()
    };
    let updated = upper.update_game(&taken, None).await;
    assert!(
        matches!(updated, Err(StoreError::OtherShard { .. })),
        "{updated:?}"
    );
    let finish = Finish {
        guild: zero.guild_id,
        kind: "cantstop".into(),
        seats: vec![],
        rated: false,
    };
    let finished = upper.finish_game(dm.id, 0, &mine, 9, &finish).await;
    assert!(
        matches!(finished, Err(StoreError::OtherShard { .. })),
        "{finished:?}"
    );
    for id in [zero.id, dm.id] {
        let stored = load(&lower, id).await;
        assert!(stored.log.is_empty(), "nothing appended to game {id}");
        assert_eq!(
            (stored.row.status, stored.row.updated_at),
            (Status::Lobby, 1_700_000_000)
        );
    }
    assert_eq!(load(&upper, one.id).await.log, vec![mine.clone()]);

    // Its owner writes it as usual.
    lower
        .append_action(zero.id, 0, &mine, played(Status::Playing, 6, None))
        .await
        .expect("the owner appends");
    lower.update_game(&taken, None).await.expect("the owner updates");
    assert_eq!(load(&lower, zero.id).await.row.status, Status::Abandoned);
    lower.close().await;
    upper.close().await;
}

/// A process claims its shards at start-up; another whose range overlaps is refused, naming the
/// shard, until the holder is gone.
async fn overlapping_processes_cannot_both_claim_a_shard(db: TestDb) {
    use std::time::Duration;
    let process = |first, last| Store::connect_shards(&db.url, ShardRange::new(first, last, 2).unwrap());
    let lower = process(0, 0).await.unwrap();
    let held = lower
        .claim_shards(Duration::ZERO, SHARD_CLAIM_CHECK)
        .await
        .expect("shard 0 is free");
    let both = process(0, 1).await.unwrap();
    let refused = both
        .claim_shards(Duration::from_millis(300), SHARD_CLAIM_CHECK)
        .await
        .err()
        .expect("shard 0 is held");
    assert!(
        refused.to_string().contains("shard 0 of 2 is already run"),
        "{refused}"
    );
    let upper = process(1, 1).await.unwrap();
    let _upper = upper
        .claim_shards(Duration::ZERO, SHARD_CLAIM_CHECK)
        .await
        .expect("the refused claim gave shard 1 back");
    drop(held);
    let again = process(0, 0).await.unwrap();
    again
        .claim_shards(Duration::from_secs(5), SHARD_CLAIM_CHECK)
        .await
        .expect("free again once its holder is gone");
}

/// The server processes holding shard locks of this test's schema, as the keeper keys them.
async fn shard_lock_holders(db: &TestDb) -> Vec<i32> {
    let mut conn = sqlx::PgConnection::connect(&db.url).await.expect("open postgres");
    sqlx::query_scalar(
        "SELECT DISTINCT pid FROM pg_locks WHERE locktype = 'advisory' AND granted \
         AND objsubid = 2 \
         AND classid::bigint = (hashtext('saikoro shards ' || current_schema())::bigint & 4294967295)",
    )
    .fetch_all(&mut conn)
    .await
    .expect("pg_locks")
}

/// Ends a server process's session, as a restarted server or a cut network would.
async fn break_connection(db: &TestDb, pid: i32) {
    db.execute(&format!("SELECT pg_terminate_backend({pid})")).await;
}

/// When the connection holding a claim breaks, the claim takes its shards again on a new one:
/// another process is still refused afterwards, and the claim is not reported lost.
async fn a_claim_whose_connection_breaks_claims_its_shards_again(db: TestDb) {
    use std::time::Duration;
    let range = ShardRange::new(0, 0, 2).unwrap();
    let store = Store::connect_shards(&db.url, range).await.unwrap();
    let mut claim = store
        .claim_shards(Duration::ZERO, Duration::from_millis(100))
        .await
        .expect("shard 0 is free");
    let before = shard_lock_holders(&db).await;
    assert_eq!(before.len(), 1, "one connection holds the claim: {before:?}");
    break_connection(&db, before[0]).await;
    let mut after = vec![];
    for _ in 0..100 {
        after = shard_lock_holders(&db).await;
        if !after.is_empty() && after != before {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(
        after.len() == 1 && after != before,
        "claimed again on a new connection: before {before:?}, after {after:?}"
    );
    let other = Store::connect_shards(&db.url, range).await.unwrap();
    other
        .claim_shards(Duration::from_millis(300), SHARD_CLAIM_CHECK)
        .await
        .err()
        .expect("the shard is held again");
    assert!(
        tokio::time::timeout(Duration::from_millis(300), claim.lost())
            .await
            .is_err(),
        "a claim taken again is not lost"
    );
}

/// If another process takes a shard while the claim's connection is broken, the claim reports
/// it lost, naming the shard, so its process stops.
async fn a_claim_taken_by_another_process_meanwhile_is_lost(db: TestDb) {
    use std::time::Duration;
    let range = ShardRange::new(0, 0, 2).unwrap();
    let first = Store::connect_shards(&db.url, range).await.unwrap();
    // It looks at its connection only after the other process has had time to take the shard.
    let mut claim = first
        .claim_shards(Duration::ZERO, Duration::from_secs(3))
        .await
        .expect("shard 0 is free");
    let holders = shard_lock_holders(&db).await;
    assert_eq!(holders.len(), 1, "{holders:?}");
    break_connection(&db, holders[0]).await;
    let second = Store::connect_shards(&db.url, range).await.unwrap();
    let _taken = second
        .claim_shards(Duration::from_secs(2), SHARD_CLAIM_CHECK)
        .await
        .expect("the broken claim's shard is free");
    let why = tokio::time::timeout(Duration::from_secs(10), claim.lost())
        .await
        .expect("the first claim learns it lost the shard");
    assert!(
        why.contains("shard 0 of 2 is already run") && why.contains("broken"),
        "{why}"
    );
}

/// Guilds map to shards by the total, so processes given different totals would split them
/// differently: a process is refused while another runs with another total, even on shard
/// numbers nobody holds, and may start once that one is gone.
async fn processes_given_different_shard_totals_are_refused(db: TestDb) {
    use std::time::Duration;
    let process =
        |first, last, total| Store::connect_shards(&db.url, ShardRange::new(first, last, total).unwrap());
    let halves = process(0, 0, 2).await.unwrap();
    let held = halves
        .claim_shards(Duration::ZERO, SHARD_CLAIM_CHECK)
        .await
        .expect("free");
    let quarters = process(2, 3, 4).await.unwrap();
    let refused = quarters
        .claim_shards(Duration::from_millis(300), SHARD_CLAIM_CHECK)
        .await
        .err()
        .expect("another total is running");
    assert!(
        refused.to_string().contains("shard total of 2, not 4"),
        "{refused}"
    );
    let other_half = process(1, 1, 2).await.unwrap();
    let _other_half = other_half
        .claim_shards(Duration::ZERO, SHARD_CLAIM_CHECK)
        .await
        .expect("the same total is welcome");
    drop((held, _other_half));
    quarters
        .claim_shards(Duration::from_secs(5), SHARD_CLAIM_CHECK)
        .await
        .expect("free once the other total is gone");
}

/// What start-up and the timer task read: the index of unfinished games, and which are due.
async fn due_games_are_the_unfinished_ones_whose_time_came(db: TestDb) {
    let store = &db.store;
    let lobby = insert(store, &game("cantstop", 1)).await;
    let playing = insert(store, &game("cantstop", 2)).await;
    let ended = insert(store, &game("cantstop", 3)).await;
    let never = insert(store, &game("cantstop", 4)).await;
    // A new game is due at its creation until its writer says otherwise.
    assert_eq!(store.next_due().await.unwrap(), Some(1_700_000_000));
    store.update_game(&lobby, Some(100)).await.unwrap();
    store
        .append_action(
            playing.id,
            0,
            &action(0, "roll", &[1]),
            played(Status::Playing, 50, Some(200)),
        )
        .await
        .unwrap();
    let abandoned = GameRow {
        status: Status::Abandoned,
        ..ended.clone()
    };
    store.update_game(&abandoned, Some(10)).await.unwrap();
    store.update_game(&never, None).await.unwrap();

    let index: Vec<GameId> = store
        .load_index()
        .await
        .unwrap()
        .into_iter()
        .map(|(id, _)| id)
        .collect();
    assert_eq!(
        index,
        vec![lobby.id, playing.id, never.id],
        "ended games leave the index"
    );
    assert_eq!(store.next_due().await.unwrap(), Some(100));
    let due = |at, after| async move { store.due_games(at, after, 10).await.unwrap() };
    assert_eq!(
        due(99, GameId(0)).await,
        vec![],
        "nothing yet; an ended game is never due"
    );
    assert_eq!(due(150, GameId(0)).await, vec![(lobby.id, 100)]);
    assert_eq!(
        due(200, GameId(0)).await,
        vec![(lobby.id, 100), (playing.id, 200)]
    );
    assert_eq!(due(200, lobby.id).await, vec![(playing.id, 200)], "paged by id");
    assert_eq!(store.due_games(200, GameId(0), 1).await.unwrap().len(), 1);

    // A new due time is kept only where the game is still due as it was read.
    store
        .set_due(&[(lobby.id, 100, Some(300)), (playing.id, 150, Some(900))])
        .await
        .unwrap();
    assert_eq!(due(299, GameId(0)).await, vec![(playing.id, 200)]);
    assert_eq!(
        due(300, GameId(0)).await,
        vec![(lobby.id, 300), (playing.id, 200)]
    );

    // New timers: a game in play becomes due by its last action + the soonest timer.
    store.reschedule(Some(GUILD), Some(5)).await.unwrap();
    assert_eq!(due(55, GameId(0)).await, vec![(playing.id, 55)]);
    store.reschedule(None, None).await.unwrap();
    assert_eq!(
        store.next_due().await.unwrap(),
        Some(300),
        "timers off: only the lobby"
    );
}

/// An append that carries a snapshot of the game after it.
fn with_snapshot(state: &str) -> Played {
    Played {
        snapshot: Some(state.to_owned()),
        ..played(Status::Playing, 1_700_000_100, None)
    }
}

async fn a_snapshot_rides_with_its_append_and_the_live_load_starts_after_it(db: TestDb) {
    let store = &db.store;
    let row = insert(store, &game("cantstop", 70)).await;
    let log: Vec<LoggedAction> = (0..8u8)
        .map(|i| action(usize::from(i % 2), &format!("act{i}"), &[i + 1]))
        .collect();
    let append = |seq: usize, played: Played| store.append_action(row.id, seq as i64, &log[seq], played);
    let live = |expected_snapshot: Option<Snapshot>, tail: &[LoggedAction]| {
        let tail = tail.to_vec();
        async move {
            let live = store.load_live(row.id).await.expect("load").expect("game exists");
            assert_eq!((live.snapshot, live.tail), (expected_snapshot, tail));
        }
    };
    let snapshot = |covers, state: &str| {
        Some(Snapshot {
            covers,
            state: state.to_owned(),
        })
    };
    for seq in 0..3 {
        append(seq, played(Status::Playing, 1_700_000_100, None))
            .await
            .expect("append");
    }
    live(None, &log[..3]).await;

    // Action 3 carries the state after it: four actions are covered, none is left to replay.
    append(3, with_snapshot("after four")).await.expect("append");
    live(snapshot(4, "after four"), &[]).await;
    // Appends without one keep it, and the live load returns only what follows it.
    for seq in 4..6 {
        append(seq, played(Status::Playing, 1_700_000_100, None))
            .await
            .expect("append");
    }
    live(snapshot(4, "after four"), &log[4..6]).await;
    // A refused append writes no snapshot either: it is the same statement.
    let taken = append(5, with_snapshot("never")).await;
    assert!(matches!(taken, Err(StoreError::Conflict { .. })), "{taken:?}");
    live(snapshot(4, "after four"), &log[4..6]).await;
    // A later snapshot replaces it.
    append(6, with_snapshot("after seven")).await.expect("append");
    append(7, played(Status::Playing, 1_700_000_100, None))
        .await
        .expect("append");
    live(snapshot(7, "after seven"), &log[7..]).await;

    // Whoever reads the whole log still gets every action.
    let whole = load(store, row.id).await;
    assert_eq!(whole.log, log);
    assert_eq!(store.load_active().await.expect("load")[0].log, log);
    assert!(
        store
            .load_live(GameId(row.id.get() + 1))
            .await
            .expect("load")
            .is_none()
    );
}

async fn a_snapshot_for_another_shards_game_is_refused_with_its_action(db: TestDb) {
    let (lower, upper) = two_processes(&db.url).await;
    let zero = insert(
        &lower,
        &GameRow {
            guild_id: Some(GuildId(2 << 22)),
            ..game("cantstop", 71)
        },
    )
    .await;
    let roll = action(0, "roll", &[1, 2, 3, 4]);
    lower
        .append_action(zero.id, 0, &roll, with_snapshot("mine"))
        .await
        .expect("its own shard's game");
    let stolen = upper
        .append_action(zero.id, 1, &roll, with_snapshot("stolen"))
        .await;
    assert!(
        matches!(stolen, Err(StoreError::OtherShard { game, .. }) if game == zero.id),
        "{stolen:?}"
    );
    let live = lower
        .load_live(zero.id)
        .await
        .expect("load")
        .expect("game exists");
    assert_eq!(
        (live.snapshot, live.tail),
        (
            Some(Snapshot {
                covers: 1,
                state: "mine".into()
            }),
            vec![]
        )
    );
    assert_eq!(load(&lower, zero.id).await.log, vec![roll]);
}

// Issue 33: a finished game's rematch stays used whatever happens to its lobby (migration 0060),
// and what the quotas count.
on_backends!([sqlite_memory: SqliteMemory, sqlite_file: SqliteFile, postgres: Postgres]
    a_rematch_stays_taken_when_its_lobby_closes_unstarted,
    hosted_games_and_open_lobbies_are_counted,
);

async fn a_rematch_stays_taken_when_its_lobby_closes_unstarted(db: TestDb) {
    let store = &db.store;
    let of = insert(store, &game("cantstop", 1)).await;
    let lobby = store
        .insert_rematch(&game("cantstop", 1), of.id)
        .await
        .expect("insert")
        .expect("the first rematch");
    let cancelled = GameRow {
        status: Status::Abandoned,
        updated_at: 8,
        ..load(store, lobby).await.row
    };
    store.update_game(&cancelled, None).await.expect("cancel");
    assert!(store.has_rematch(of.id).await.expect("read"));
    let again = store.insert_rematch(&game("cantstop", 1), of.id).await;
    assert_eq!(again.expect("insert"), None);
    // The refused lobby was rolled back.
    assert_eq!(active_ids(&store.load_active().await.expect("load")), vec![of.id]);
}

async fn hosted_games_and_open_lobbies_are_counted(db: TestDb) {
    let store = &db.store;
    let (ann, ben) = (UserId(42), UserId(7));
    let elsewhere = GuildId(GUILD.get() + (1 << 22));
    insert(store, &game("cantstop", 1)).await;
    let playing = GameRow {
        status: Status::Playing,
        ..game("ishigaki", 2)
    };
    insert(store, &playing).await;
    let ended = insert(store, &game("saizumi", 3)).await;
    let ended = GameRow {
        status: Status::Abandoned,
        ..ended
    };
    store.update_game(&ended, None).await.expect("abandon");
    let bens = GameRow {
        host_id: ben,
        guild_id: Some(elsewhere),
        ..game("stones", 4)
    };
    insert(store, &bens).await;

    // Ann hosts a lobby and a game in play; the abandoned game counts no more.
    assert_eq!(store.count_hosted(ann).await.expect("count"), 2);
    assert_eq!(store.count_hosted(ben).await.expect("count"), 1);
    assert_eq!(store.count_hosted(UserId(3)).await.expect("count"), 0);
    // Lobbies only, per server.
    assert_eq!(store.count_lobbies(GUILD).await.expect("count"), 1);
    assert_eq!(store.count_lobbies(elsewhere).await.expect("count"), 1);
}

// Forget-me (issue 33): each user's games by key, kept wherever seats or hosts are written.
on_backends!([sqlite_memory: SqliteMemory, sqlite_file: SqliteFile, postgres: Postgres]
    a_users_games_are_found_by_key_and_forgotten_in_full,
);

// A second connection takes the table away to migrate it again.
on_backends!([sqlite_file: SqliteFile, postgres: Postgres]
    the_user_games_migration_back_fills_hosts_seats_and_results,
);

/// A session's table of seats, as the bot stores it: the users' ids and names.
fn table(users: &[(u64, &str)]) -> serde_json::Value {
    let seats: Vec<_> = users
        .iter()
        .map(|(id, name)| json!({"user": id, "name": name}))
        .collect();
    json!({"seats": seats, "locale": "en", "lobby_expires_at": 0})
}

async fn games_of(store: &Store, player: &str) -> Vec<GameId> {
    let games = store.games_of(player).await.expect("games of");
    games.iter().map(|g| g.id).collect()
}

/// Games are found by their host, their seats as inserted and as updated, and their results;
/// forgetting takes the user off every one (host, ended seats, results, figures) and leaves
/// live seats to their sessions and other players alone.
async fn a_users_games_are_found_by_key_and_forgotten_in_full(db: TestDb) {
    let store = &db.store;
    let hosted = insert(
        store,
        &GameRow {
            host_id: UserId(7),
            seats: table(&[(7, "ann"), (8, "ben")]),
            ..game("cantstop", 1)
        },
    )
    .await;
    let mut joined = insert(
        store,
        &GameRow {
            seats: table(&[(9, "cat")]),
            ..game("cantstop", 2)
        },
    )
    .await;
    assert_eq!(games_of(store, "7").await, vec![hosted.id]);
    assert_eq!(games_of(store, "8").await, vec![hosted.id]);
    assert_eq!(games_of(store, "42").await, vec![joined.id], "the host");
    assert!(games_of(store, "ann").await.is_empty(), "names are not keys");
    joined.seats = table(&[(9, "cat"), (7, "ann")]);
    store.update_game(&joined, None).await.expect("ann joins");
    assert_eq!(games_of(store, "7").await, vec![hosted.id, joined.id]);

    let finished = Finish {
        guild: Some(GUILD),
        kind: "cantstop".into(),
        seats: vec![
            saikoro::store::SeatResult {
                player: "7".into(),
                place: 1,
                won: true,
                resigned: false,
                turns: None,
            },
            saikoro::store::SeatResult {
                player: "8".into(),
                place: 2,
                won: false,
                resigned: false,
                turns: None,
            },
        ],
        rated: true,
    };
    store
        .finish_game(hosted.id, 0, &action(0, "stop", &[]), 100, &finished)
        .await
        .expect("finish");
    assert!(
        store
            .standing(Some(GUILD), "cantstop", "7")
            .await
            .unwrap()
            .is_some()
    );

    let forget = |seats: &serde_json::Value| Some(json!({"forgot": seats["seats"].as_array().map(Vec::len)}));
    assert_eq!(
        store.forget_player("7", forget).await.expect("forget"),
        1,
        "one result"
    );
    let ended = load(store, hosted.id).await.row;
    assert_eq!((ended.host_id, ended.seats), (UserId(0), json!({"forgot": 2})));
    let live = load(store, joined.id).await.row;
    assert_eq!(
        live.seats, joined.seats,
        "a live game's seats are its session's to change"
    );
    assert_eq!(
        games_of(store, "7").await,
        vec![joined.id],
        "only a live game stays"
    );
    assert_eq!(
        games_of(store, "8").await,
        vec![hosted.id],
        "the others keep theirs"
    );
    assert!(
        store
            .standing(Some(GUILD), "cantstop", "7")
            .await
            .unwrap()
            .is_none()
    );
    assert!(store.summaries(Some(GUILD), "7").await.unwrap().is_empty());
    assert!(store.head_to_head(Some(GUILD), "8", 5).await.unwrap().is_empty());
    let recent = store.recent_games(Some(GUILD), None, 5).await.unwrap();
    let players: Vec<&str> = recent.iter().map(|r| r.player.as_str()).collect();
    assert_eq!(players, ["anon", "8"]);
    // A forget repeated (a stale confirmation) finds nothing left.
    assert_eq!(store.forget_player("7", forget).await.expect("again"), 0);
}

/// A database from before `user_games` (migration 0070 undone on a second connection) gets it
/// back-filled from every game's host and seats, a rematch's seats and the results.
async fn the_user_games_migration_back_fills_hosts_seats_and_results(db: TestDb) {
    let first = insert(
        &db.store,
        &GameRow {
            seats: table(&[(7, "ann")]),
            ..game("cantstop", 1)
        },
    )
    .await;
    let undo = if db.backend == Backend::Postgres {
        "DROP TABLE user_games; DROP TRIGGER user_games_inserted ON games; \
         DROP TRIGGER user_games_updated ON games; DROP TRIGGER user_games_result ON results; \
         DROP FUNCTION note_user_games(); DROP FUNCTION note_user_result(); \
         DROP FUNCTION users_named(BIGINT, TEXT); DELETE FROM _sqlx_migrations WHERE version = 70"
    } else {
        "DROP TRIGGER user_games_inserted; DROP TRIGGER user_games_updated; \
         DROP TRIGGER user_games_result; DROP TABLE user_games; \
         DELETE FROM _sqlx_migrations WHERE version = 70"
    };
    db.execute(undo).await;
    let mut rematch = table(&[(8, "ben")]);
    rematch["rematch"] = json!({"of": first.id.get(), "seats": [{"user": 9, "name": "cat"}]});
    db.execute(&format!(
        "INSERT INTO games (kind, guild_id, channel_id, host_id, status, options, seats, setup_dice, \
         created_at, updated_at) VALUES ('cantstop', 1, 2, 11, 'lobby', '{{}}', '{rematch}', '', 0, 0); \
         INSERT INTO games (kind, guild_id, channel_id, host_id, status, options, seats, setup_dice, \
         created_at, updated_at) VALUES ('cantstop', 1, 3, 12, 'finished', '{{}}', 'not json', '', 0, 0); \
         INSERT INTO results (game_id, seat, guild_id, kind, player, place, won, resigned, finished_at) \
         VALUES ({id}, 0, 1, 'cantstop', '10', 1, TRUE, FALSE, 0), \
         ({id}, 1, 1, 'cantstop', 'bot:normal', 2, FALSE, FALSE, 0)",
        id = first.id.get()
    ))
    .await;
    let db = db.reopen().await;
    let store = &db.store;
    let of = |player: &'static str| games_of(store, player);
    let second = GameId(first.id.get() + 1);
    let third = GameId(first.id.get() + 2);
    assert_eq!(of("7").await, vec![first.id], "a seat");
    assert_eq!(of("42").await, vec![first.id], "a host");
    assert_eq!(
        (of("8").await, of("9").await, of("11").await),
        (vec![second], vec![second], vec![second])
    );
    assert_eq!(of("12").await, vec![third], "seats that are not JSON name no one");
    assert_eq!(of("10").await, vec![first.id], "a result");
    assert!(of("bot:normal").await.is_empty());
}

/// A game whose record does not rebuild is set aside: out of the index, the due games and
/// `load_active` for good (a reschedule does not bring it back), its rows kept; the others stay.
async fn a_quarantined_game_leaves_the_index_and_the_due_games(db: TestDb) {
    let store = &db.store;
    let broken = insert(store, &game("ninja", 1)).await;
    let sound = insert(store, &game("cantstop", 2)).await;
    let ended = insert(store, &game("cantstop", 3)).await;
    for row in [&broken, &sound] {
        let playing = GameRow {
            status: Status::Playing,
            ..row.clone()
        };
        store.update_game(&playing, Some(100)).await.unwrap();
    }
    let abandoned = GameRow {
        status: Status::Abandoned,
        ..ended.clone()
    };
    store.update_game(&abandoned, None).await.unwrap();
    assert_eq!(store.load_quarantined().await.unwrap(), vec![]);

    store
        .quarantine(broken.id, "the set-up dice ran out")
        .await
        .unwrap();
    store
        .quarantine(ended.id, "an ended game is left alone")
        .await
        .unwrap();
    let index: Vec<GameId> = store
        .load_index()
        .await
        .unwrap()
        .into_iter()
        .map(|(id, _)| id)
        .collect();
    assert_eq!(index, vec![sound.id]);
    assert_eq!(store.load_quarantined().await.unwrap(), vec![broken.id]);
    assert_eq!(active_ids(&store.load_active().await.unwrap()), vec![sound.id]);
    assert_eq!(
        store.due_games(1_000, GameId(0), 10).await.unwrap(),
        vec![(sound.id, 100)]
    );
    store.reschedule(None, Some(5)).await.unwrap();
    let due: Vec<GameId> = store
        .due_games(i64::MAX, GameId(0), 10)
        .await
        .unwrap()
        .into_iter()
        .map(|(id, _)| id)
        .collect();
    assert_eq!(due, vec![sound.id], "a reschedule leaves it out");
    assert_eq!(
        load(store, broken.id).await.row.kind,
        "ninja",
        "its rows are kept"
    );
}

// Time off and invitations (issue 29).
on_backends!([sqlite_memory: SqliteMemory, sqlite_file: SqliteFile, postgres: Postgres]
    time_off_is_kept_per_server_and_forget_me_removes_it,
    a_players_live_games_include_the_lobbies_they_are_invited_to,
);

async fn time_off_is_kept_per_server_and_forget_me_removes_it(db: TestDb) {
    use saikoro::store::AwayRow;
    let store = &db.store;
    let ann = UserId(7);
    assert_eq!(store.away_of(GUILD, ann).await.unwrap(), None);
    let away = AwayRow {
        until: 1_700_086_400,
        back_at: None,
    };
    store.set_away(GUILD, ann, away).await.unwrap();
    assert_eq!(store.away_of(GUILD, ann).await.unwrap(), Some(away));
    assert_eq!(store.away_of(GuildId(99), ann).await.unwrap(), None, "per server");
    assert_eq!(store.away_of(GUILD, UserId(8)).await.unwrap(), None, "per player");
    let back = AwayRow {
        back_at: Some(1_700_000_100),
        ..away
    };
    store.set_away(GUILD, ann, back).await.unwrap();
    assert_eq!(store.away_of(GUILD, ann).await.unwrap(), Some(back), "replaced");
    store.forget_player("7", |_| None).await.unwrap();
    assert_eq!(store.away_of(GUILD, ann).await.unwrap(), None, "forgotten");
}

async fn a_players_live_games_include_the_lobbies_they_are_invited_to(db: TestDb) {
    let store = &db.store;
    let table = |invited: u64| {
        json!({"seats": [{"user": 42, "name": "host"}], "locale": "en", "lobby_expires_at": 0,
               "invited": [{"user": invited, "name": ""}]})
    };
    let invited = insert(
        store,
        &GameRow {
            seats: table(7),
            ..game("cantstop", 1)
        },
    )
    .await;
    let elsewhere = insert(
        store,
        &GameRow {
            seats: table(7),
            guild_id: Some(GuildId(99)),
            ..game("cantstop", 2)
        },
    )
    .await;
    let ended = insert(
        store,
        &GameRow {
            seats: table(7),
            ..game("cantstop", 3)
        },
    )
    .await;
    store
        .update_game(
            &GameRow {
                status: Status::Abandoned,
                ..ended.clone()
            },
            None,
        )
        .await
        .unwrap();
    let others = insert(
        store,
        &GameRow {
            seats: table(8),
            ..game("cantstop", 4)
        },
    )
    .await;
    assert_eq!(
        store.live_games_of(GUILD, "7", 10).await.unwrap(),
        vec![invited.id]
    );
    assert_eq!(
        store.live_games_of(GUILD, "42", 10).await.unwrap(),
        vec![others.id, invited.id],
        "the host's, newest first"
    );
    assert_eq!(
        store.live_games_of(GUILD, "42", 1).await.unwrap(),
        vec![others.id]
    );
    assert_eq!(
        store.live_games_of(GuildId(99), "7", 10).await.unwrap(),
        vec![elsewhere.id]
    );
}

// Puzzles (issue 31.2): stored, the day's fixed once, one counted answer per player whatever the
// server, both ratings moved in its transaction, and forget-me removing the player's rows.
on_backends!([sqlite_memory: SqliteMemory, sqlite_file: SqliteFile, postgres: Postgres]
    a_puzzle_answer_counts_once_moves_both_ratings_and_is_forgotten,
);

async fn a_puzzle_answer_counts_once_moves_both_ratings_and_is_forgotten(db: TestDb) {
    use saikoro::history::PuzzleRating;
    use saikoro::store::{NewPuzzle, PuzzleChoice};
    let store = &db.store;
    let puzzle = |rating: f64| NewPuzzle {
        kind: "cantstop".into(),
        players: 2,
        options: json!({}),
        snapshot: "{}".into(),
        seat: 1,
        choices: vec![
            PuzzleChoice {
                id: "a".into(),
                chance: 0.3,
                margin: 0.02,
            },
            PuzzleChoice {
                id: "b".into(),
                chance: 0.6,
                margin: 0.02,
            },
        ],
        best: "b".into(),
        difficulty: 3,
        rating: PuzzleRating::of_puzzle(rating),
        created_at: 1_700_000_000,
    };
    let first = store.insert_puzzle(&puzzle(1500.0)).await.unwrap();
    let second = store.insert_puzzle(&puzzle(1700.0)).await.unwrap();
    let row = store.puzzle(first).await.unwrap().unwrap();
    assert_eq!(
        (
            row.puzzle.choices.len(),
            row.puzzle.seat,
            row.puzzle.best.as_str()
        ),
        (2, 1, "b")
    );
    assert_eq!(store.puzzle_ratings_of("cantstop").await.unwrap().len(), 2);
    // The day's puzzle is fixed by the first to ask.
    let day = store.day_puzzle("cantstop", 26, |_| Some(second)).await.unwrap();
    assert_eq!(day, Some(second));
    let again = store.day_puzzle("cantstop", 26, |_| Some(first)).await.unwrap();
    assert_eq!(again, Some(second), "fixed for the day");
    assert_eq!(store.day_puzzle("ishigaki", 26, |_| None).await.unwrap(), None);

    let ann = UserId(7);
    let right = store
        .answer_puzzle(ann, second, "b", true, 1_700_000_100)
        .await
        .unwrap();
    assert!(right.solved && right.rating_after > right.rating_before);
    let moved = store.puzzle(second).await.unwrap().unwrap().puzzle.rating;
    assert!(moved.rating < 1700.0, "the puzzle lost rating: {moved:?}");
    // A second try, from anywhere, shows the first answer and changes nothing.
    let retry = store
        .answer_puzzle(ann, second, "a", false, 1_700_000_200)
        .await
        .unwrap();
    assert_eq!(retry, right);
    let standing = store.puzzle_standing(ann).await.unwrap().unwrap();
    assert_eq!((standing.attempts, standing.solved), (1, 1));
    assert_eq!(standing.rating.rating, right.rating_after);
    let wrong = store
        .answer_puzzle(ann, first, "a", false, 1_700_000_300)
        .await
        .unwrap();
    assert!(!wrong.solved && wrong.rating_after < wrong.rating_before);
    assert_eq!(wrong.rating_before, right.rating_after);
    let mut answered = store.answered_puzzles(ann, "cantstop").await.unwrap();
    answered.sort_unstable();
    assert_eq!(answered, vec![first, second]);
    assert_eq!(
        store.puzzle_attempt(UserId(8), first).await.unwrap(),
        None,
        "per player"
    );

    store.forget_player("7", |_| None).await.unwrap();
    assert_eq!(store.puzzle_standing(ann).await.unwrap(), None, "forgotten");
    assert_eq!(store.puzzle_attempt(ann, second).await.unwrap(), None);
    assert!(store.answered_puzzles(ann, "cantstop").await.unwrap().is_empty());
}
