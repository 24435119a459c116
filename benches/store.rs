//! Storage throughput and start-up cost: durable appends per second on each backend, from one
//! writer and from many games appending at once (what group commit is for), beside the disk's own
//! fsync rate; and the time and peak memory to `load_active` many stored games. Prints medians
//! over a few repetitions. PostgreSQL is measured when SAIKORO_TEST_POSTGRES_URL is set (see
//! .ci/postgres.sh).
//!
//! cargo bench --bench store
//! Sizes: SAIKORO_BENCH_GAMES (10000), SAIKORO_BENCH_LOG (30), SAIKORO_BENCH_RUNS (5),
//! SAIKORO_BENCH_CONCURRENT (1,10,100,1000). SAIKORO_BENCH_PARTS picks tables (appends,
//! concurrent, startup; all by default). The SQLite file goes to TMPDIR: put it on a real disk.

#[path = "../tests/common/played.rs"]
mod played;
#[path = "../tests/common/postgres.rs"]
mod postgres;

use played::played;
use postgres::Schema;
use saikoro::engine::LoggedAction;
use saikoro::id::{ChannelId, GameId, GuildId, MessageId, UserId};
use saikoro::store::{GameRow, Status, Store, StoredGame};
use serde_json::json;
use std::time::Instant;

const APPENDS_ONE_GAME: i64 = 500;
const MANY_GAMES: usize = 50;
const APPENDS_PER_GAME: i64 = 10;
/// Appends per run of the concurrent table, spread over the games (at least 2 each).
const CONCURRENT_APPENDS: usize = 2000;
/// How long the disk's fsync rate is measured.
const FSYNC_SECONDS: f64 = 1.0;
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
        f64::midpoint(xs[mid - 1], xs[mid])
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
    Schema(Schema),
}

impl Target {
    async fn remove(self) {
        match self.cleanup {
            Cleanup::Nothing => {}
            Cleanup::Dir(dir) => {
                let _ = std::fs::remove_dir_all(dir);
            }
            Cleanup::Schema(schema) => schema.drop().await,
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

fn sqlite_file(name: &'static str) -> Target {
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
    Schema::server()?;
    let schema = Schema::create("saikoro_bench").await;
    Some(Target {
        name,
        url: schema.url(),
        cleanup: Cleanup::Schema(schema),
    })
}

async fn targets() -> Vec<Target> {
    let mut targets = vec![
        Target {
            name: "sqlite-memory",
            url: "sqlite::memory:".into(),
            cleanup: Cleanup::Nothing,
        },
        sqlite_file("sqlite-file"),
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
            .append_action(game, seq, &entry, played(Status::Playing, seq, None))
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
                .append_action(game, seq, &entry, played(Status::Playing, seq, None))
                .await
                .expect("append");
        }
    }
    (MANY_GAMES as f64 * APPENDS_PER_GAME as f64) / start.elapsed().as_secs_f64()
}

/// Actions per second with `games` tasks each appending to its own fresh game as fast as its
/// previous append is durable: the clicks of that many players arriving at once.
async fn append_concurrently(store: &std::sync::Arc<Store>, channel: u64, games: usize) -> f64 {
    let per_game = CONCURRENT_APPENDS.div_ceil(games).max(2) as i64;
    let mut ids = Vec::new();
    for n in 0..games as u64 {
        ids.push(store.insert_game(&row(channel + n)).await.expect("insert"));
    }
    let start = Instant::now();
    let tasks: Vec<_> = ids
        .into_iter()
        .map(|game| {
            let store = store.clone();
            tokio::spawn(async move {
                for seq in 0..per_game {
                    let entry = action(usize::try_from(seq).expect("small"));
                    store
                        .append_action(game, seq, &entry, played(Status::Playing, seq, None))
                        .await
                        .expect("append");
                }
            })
        })
        .collect();
    for task in tasks {
        task.await.expect("an appending task");
    }
    (games as f64 * per_game as f64) / start.elapsed().as_secs_f64()
}

/// The disk's own rate of small durable writes in `dir`: one 4 KiB block rewritten in place and
/// fdatasync'd (as SQLite rewrites its reused WAL), the most commits per second a store that
/// syncs once per append can reach there.
fn fsyncs_per_second(dir: &std::path::Path) -> f64 {
    use std::io::{Seek, Write};
    let path = dir.join("fsync-probe");
    let mut file = std::fs::File::create(&path).expect("fsync probe file");
    let block = [7u8; 4096];
    file.write_all(&block).expect("probe write");
    file.sync_all().expect("fsync");
    let start = Instant::now();
    let mut syncs = 0u32;
    while start.elapsed().as_secs_f64() < FSYNC_SECONDS {
        file.rewind().expect("probe seek");
        file.write_all(&block).expect("probe write");
        file.sync_data().expect("fdatasync");
        syncs += 1;
    }
    let rate = f64::from(syncs) / start.elapsed().as_secs_f64();
    drop(file);
    let _ = std::fs::remove_file(path);
    rate
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
    let concurrent: Vec<usize> = std::env::var("SAIKORO_BENCH_CONCURRENT")
        .unwrap_or_else(|_| "1,10,100,1000".into())
        .split(',')
        .map(|n| n.trim().parse().expect("SAIKORO_BENCH_CONCURRENT: numbers"))
        .collect();
    let parts = std::env::var("SAIKORO_BENCH_PARTS").unwrap_or_else(|_| "appends,concurrent,startup".into());
    let part = |name: &str| parts.split(',').any(|p| p.trim() == name);
    let runtime = tokio::runtime::Runtime::new().expect("tokio runtime");
    runtime.block_on(async {
        if part("appends") {
            sequential_appends(runs).await;
        }
        if part("concurrent") {
            concurrent_appends(runs, &concurrent).await;
        }
        if part("startup") {
            startups(runs, games, log).await;
        }
    });
}

/// The concurrent table: appends/s by number of games appending at once, per durable backend,
/// and the fsync rate of the SQLite file's disk measured between the runs.
async fn concurrent_appends(runs: usize, concurrent: &[usize]) {
    println!();
    println!("durable appends from concurrent games (median of {runs} runs)");
    print!("{:<14} {:>12}", "backend", "disk fsync/s");
    for games in concurrent {
        print!(" {:>14}", format!("{games} games/s"));
    }
    println!();
    for target in targets().await {
        if target.name == "sqlite-memory" {
            continue;
        }
        let store = std::sync::Arc::new(Store::connect(&target.url).await.expect("connect"));
        let mut fsync = Vec::new();
        let mut rates = vec![Vec::new(); concurrent.len()];
        for run in 0..runs as u64 {
            if let Cleanup::Dir(dir) = &target.cleanup {
                fsync.push(fsyncs_per_second(dir));
            }
            for (i, &games) in concurrent.iter().enumerate() {
                let channel = 10_000_000 + run * 100_000 + i as u64 * 10_000;
                rates[i].push(append_concurrently(&store, channel, games).await);
            }
        }
        let fsync = if fsync.is_empty() {
            "-".to_owned()
        } else {
            format!("{:.0}", median(fsync))
        };
        print!("{:<14} {:>12}", target.name, fsync);
        for rate in rates {
            print!(" {:>14.0}", median(rate));
        }
        println!();
        store.close().await;
        target.remove().await;
    }
}

async fn sequential_appends(runs: usize) {
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
}

async fn startups(runs: usize, games: usize, log: usize) {
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
}
