//! Storage throughput and start-up cost: durable appends per second on each backend, and the time
//! and peak memory to `load_active` many stored games. Prints medians over a few repetitions.
//! PostgreSQL is measured when SAIKORO_TEST_POSTGRES_URL is set (see .ci/postgres.sh).
//!
//! cargo bench --bench store
//! Sizes: SAIKORO_BENCH_GAMES (10000), SAIKORO_BENCH_LOG (30), SAIKORO_BENCH_RUNS (5).

use saikoro::engine::LoggedAction;
use saikoro::id::{ChannelId, GameId, GuildId, MessageId, UserId};
use saikoro::store::{GameRow, Status, Store, StoredGame};
use serde_json::json;
use sqlx::Connection;
use std::time::Instant;

const APPENDS_ONE_GAME: i64 = 500;
const MANY_GAMES: usize = 50;
const APPENDS_PER_GAME: i64 = 10;
/// The argument that turns the bench binary into one start-up measurement.
const STARTUP_CHILD: &str = "startup-child";
/// Games per `import` transaction while seeding the start-up benchmark.
const SEED_BATCH: usize = 1000;

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    let mid = xs.len() / 2;
    if xs.len().is_multiple_of(2) {
        (xs[mid - 1] + xs[mid]) / 2.0
    } else {
        xs[mid]
    }
}

/// A `VmRSS`/`VmHWM` figure of this process, in KiB.
fn proc_status_kib(field: &str) -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Resets the peak RSS to the current RSS, so VmHWM afterwards is the peak of what follows.
fn reset_peak_rss() -> bool {
    std::fs::write("/proc/self/clear_refs", "5").is_ok()
}

fn row(channel: u64) -> GameRow {
    GameRow {
        id: GameId(0),
        kind: "cantstop".into(),
        guild_id: Some(GuildId(1_100_000_000_000_000_000 + channel)),
        channel_id: ChannelId(1_200_000_000_000_000_000 + channel),
        host_id: UserId(1_300_000_000_000_000_000),
        status: Status::Playing,
        options: json!({"marker_limit": true}),
        seats: json!([
            {"user": "1300000000000000000", "name": "ann"},
            {"user": "1300000000000000001", "name": "ben"},
            {"user": "1300000000000000002", "name": "cat"}
        ]),
        setup_dice: vec![4, 2],
        board_message_id: Some(MessageId(1_400_000_000_000_000_000 + channel)),
        created_at: 1_700_000_000,
        updated_at: 1_700_000_000,
    }
}

fn action(n: usize) -> LoggedAction {
    let action = if n % 3 == 2 { "stop" } else { "roll" };
    LoggedAction {
        seat: n % 3,
        action: action.into(),
        dice: vec![1, 3, 5, 6],
    }
}

/// A database to measure: the URL and how to remove it afterwards.
struct Target {
    name: &'static str,
    url: String,
    cleanup: Cleanup,
}

enum Cleanup {
    Nothing,
    Dir(std::path::PathBuf),
    Schema { base: String, schema: String },
}

impl Target {
    async fn remove(self) {
        match self.cleanup {
            Cleanup::Nothing => {}
            Cleanup::Dir(dir) => {
                let _ = std::fs::remove_dir_all(dir);
            }
            Cleanup::Schema { base, schema } => {
                if let Ok(mut admin) = sqlx::PgConnection::connect(&base).await {
                    let _ = sqlx::raw_sql(&format!("DROP SCHEMA {schema} CASCADE"))
                        .execute(&mut admin)
                        .await;
                }
            }
        }
    }
}

fn unique() -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or_default();
    format!("{}_{nanos}", std::process::id())
}

async fn sqlite_file(name: &'static str) -> Target {
    let dir = std::env::temp_dir().join(format!("saikoro-bench-{}", unique()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let url = format!("sqlite://{}", dir.join("bench.db").display());
    Target {
        name,
        url,
        cleanup: Cleanup::Dir(dir),
    }
}

async fn postgres(name: &'static str) -> Option<Target> {
    let base = std::env::var("SAIKORO_TEST_POSTGRES_URL").ok()?;
    let schema = format!("saikoro_bench_{}", unique());
    let mut admin = sqlx::PgConnection::connect(&base)
        .await
        .expect("connect postgres");
    sqlx::raw_sql(&format!("CREATE SCHEMA {schema}"))
        .execute(&mut admin)
        .await
        .expect("schema");
    let separator = if base.contains('?') { '&' } else { '?' };
    let url = format!("{base}{separator}options=-c%20search_path%3D{schema}");
    Some(Target {
        name,
        url,
        cleanup: Cleanup::Schema { base, schema },
    })
}

async fn targets() -> Vec<Target> {
    let mut targets = vec![
        Target {
            name: "sqlite-memory",
            url: "sqlite::memory:".into(),
            cleanup: Cleanup::Nothing,
        },
        sqlite_file("sqlite-file").await,
    ];
    match postgres("postgres").await {
        Some(target) => targets.push(target),
        None => eprintln!("postgres: skipped (set SAIKORO_TEST_POSTGRES_URL)"),
    }
    targets
}

/// Actions per second appending `APPENDS_ONE_GAME` actions to one fresh game.
async fn append_one_game(store: &Store, channel: u64) -> f64 {
    let game = store.insert_game(&row(channel)).await.expect("insert");
    let start = Instant::now();
    for seq in 0..APPENDS_ONE_GAME {
        let entry = action(usize::try_from(seq).expect("small"));
        store
            .append_action(game, seq, &entry, Status::Playing, seq)
            .await
            .expect("append");
    }
    APPENDS_ONE_GAME as f64 / start.elapsed().as_secs_f64()
}

/// Actions per second appending round-robin over `MANY_GAMES` fresh games.
async fn append_many_games(store: &Store, channel: u64) -> f64 {
    let mut games = Vec::new();
    for n in 0..MANY_GAMES as u64 {
        games.push(store.insert_game(&row(channel + n)).await.expect("insert"));
    }
    let start = Instant::now();
    for seq in 0..APPENDS_PER_GAME {
        for &game in &games {
            let entry = action(usize::try_from(seq).expect("small"));
            store
                .append_action(game, seq, &entry, Status::Playing, seq)
                .await
                .expect("append");
        }
    }
    (MANY_GAMES as f64 * APPENDS_PER_GAME as f64) / start.elapsed().as_secs_f64()
}

/// Start-up figures of one fresh process.
struct Startup {
    connect_ms: f64,
    load_ms: f64,
    peak_mib: f64,
    kept_mib: f64,
}

/// In a child process (a fresh heap, as at a real start): connects, loads every active game, and
/// prints `connect_ms load_ms peak_kib kept_kib` for the parent.
fn startup_child(url: &str, expected: usize) {
    let runtime = tokio::runtime::Runtime::new().expect("tokio runtime");
    runtime.block_on(async {
        let start = Instant::now();
        let store = Store::connect(url).await.expect("connect");
        let connect_ms = start.elapsed().as_secs_f64() * 1000.0;

        let peak_reset = reset_peak_rss();
        let before = proc_status_kib("VmRSS:").unwrap_or_default();
        let start = Instant::now();
        let games = store.load_active().await.expect("load_active");
        let load_ms = start.elapsed().as_secs_f64() * 1000.0;
        let after = proc_status_kib("VmRSS:").unwrap_or_default();
        let peak = if peak_reset {
            proc_status_kib("VmHWM:").unwrap_or(after)
        } else {
            after
        };
        assert_eq!(games.len(), expected, "every seeded game loads");
        println!("{connect_ms} {load_ms} {} {}", peak - before, after - before);
        store.close().await;
    });
}

fn startup(url: &str, expected: usize) -> Startup {
    let exe = std::env::current_exe().expect("bench binary");
    let out = std::process::Command::new(exe)
        .args([STARTUP_CHILD, url, &expected.to_string()])
        .output()
        .expect("run start-up child");
    assert!(
        out.status.success(),
        "start-up child failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let figures: Vec<f64> = String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .map(|f| f.parse().expect("child figure"))
        .collect();
    let [connect_ms, load_ms, peak_kib, kept_kib] = figures[..] else {
        panic!("start-up child printed {figures:?}")
    };
    Startup {
        connect_ms,
        load_ms,
        peak_mib: peak_kib / 1024.0,
        kept_mib: kept_kib / 1024.0,
    }
}

async fn seed(store: &Store, games: usize, log: usize) {
    let template: Vec<LoggedAction> = (0..log).map(action).collect();
    let mut channel = 0;
    while channel < games {
        let batch: Vec<StoredGame> = (channel..games.min(channel + SEED_BATCH))
            .map(|n| StoredGame {
                row: row(n as u64),
                log: template.clone(),
            })
            .collect();
        channel += batch.len();
        store.import(&batch).await.expect("seed");
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let [_, mode, url, expected] = &args[..]
        && mode == STARTUP_CHILD
    {
        startup_child(url, expected.parse().expect("game count"));
        return;
    }
    let runs = env_usize("SAIKORO_BENCH_RUNS", 5).max(1);
    let games = env_usize("SAIKORO_BENCH_GAMES", 10_000);
    let log = env_usize("SAIKORO_BENCH_LOG", 30);
    let runtime = tokio::runtime::Runtime::new().expect("tokio runtime");
    runtime.block_on(async {
        println!("durable appends (median of {runs} runs; sqlite-memory is not durable, for reference)");
        println!(
            "{:<14} {:>22} {:>26}",
            "backend", "one game, actions/s", "50 games r-r, actions/s"
        );
        for target in targets().await {
            let store = Store::connect(&target.url).await.expect("connect");
            let mut one = Vec::new();
            let mut many = Vec::new();
            for run in 0..runs as u64 {
                one.push(append_one_game(&store, run * 1000).await);
                many.push(append_many_games(&store, run * 1000 + 500).await);
            }
            println!("{:<14} {:>22.0} {:>26.0}", target.name, median(one), median(many));
            store.close().await;
            target.remove().await;
        }

        println!();
        println!("start-up: load_active of {games} games x {log} actions (median of {runs} runs)");
        println!(
            "{:<14} {:>11} {:>15} {:>15} {:>16}",
            "backend", "connect ms", "load_active ms", "peak RSS +MiB", "kept RSS +MiB"
        );
        for target in targets().await {
            if target.name == "sqlite-memory" {
                continue;
            }
            let store = Store::connect(&target.url).await.expect("connect");
            let start = Instant::now();
            seed(&store, games, log).await;
            let seeding = start.elapsed().as_secs_f64();
            store.close().await;
            drop(store);
            let mut samples = Vec::new();
            for _ in 0..runs {
                samples.push(startup(&target.url, games));
            }
            println!(
                "{:<14} {:>11.1} {:>15.1} {:>15.1} {:>16.1}   (seeded in {seeding:.1} s)",
                target.name,
                median(samples.iter().map(|s| s.connect_ms).collect()),
                median(samples.iter().map(|s| s.load_ms).collect()),
                median(samples.iter().map(|s| s.peak_mib).collect()),
                median(samples.iter().map(|s| s.kept_mib).collect()),
            );
            target.remove().await;
        }
    });
}
