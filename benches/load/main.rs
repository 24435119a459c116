//! Load benchmark: the real bot (`saikoro run`, built with the bench profile) against the Discord
//! emulator, with many Can't Stop games played at once in their own channels, every click sent as
//! soon as the previous one is answered. Durable storage is on (SQLite in a temporary folder).
//!
//! For each number of concurrent games it reports interactions per second, p50/p99 latency from
//! dispatch to callback (as the emulator sees it), the bot's start-up time (empty database and
//! with the games stored), its memory (idle, per active game, peak) and the CPU the bot and the
//! bench itself (emulator and players) used while playing.
//!
//! Then, open loop: clicks arrive at fixed rates (a Poisson process) on random idle games among
//! many active ones, whether or not earlier clicks were answered, so the latency is the bot's and
//! not the players' queueing. For each rate it reports the clicks answered per second,
//! p50/p99/p99.9/max latency, and the CPU of the bot and the bench per click; the capacity is the
//! highest rate whose p99 is at most 50 ms.
//!
//! `cargo bench --bench load -- [--games 10,100,1000] [--seconds 10] [--clicks N] [--repeat 3]
//! [--open-rates 100,500,1000,2000,3000,4000] [--open-games 10000] [--open-seconds 10]
//! [--only closed|open] [--dir /tmp] [--checks] [--metrics] [--bot-cpus 1] [--boards image]` or
//! the environment variables `LOAD_GAMES`, `LOAD_SECONDS`, `LOAD_CLICKS`, `LOAD_REPEAT`,
//! `LOAD_OPEN_RATES`, `LOAD_OPEN_GAMES`, `LOAD_OPEN_SECONDS`, `LOAD_ONLY`, `LOAD_DIR` (where the
//! database goes: its disk's fsync speed matters), `LOAD_CHECKS=1`, `LOAD_METRICS=1`,
//! `LOAD_BOT_CPUS`, `LOAD_BOARDS` (`image`: the open loop's server draws its boards as pictures,
//! several times an emoji board's cost per click, so that an overload of 3× the bot's capacity
//! stays within what the bench's own core can offer); `SAIKORO_BIN` picks another binary. Closed-loop figures over repeats are
//! medians; the open loop runs once. The emulator skips its checks of request bodies against
//! Discord's schema unless `--checks` is given: they cost it more CPU than the bot spends per
//! click, taken from the same two cores (the end-to-end tests keep them).

mod args;
mod closed;
mod open;
mod play;
mod report;
mod setup;

use args::Args;
use closed::Figures;
use std::path::PathBuf;
use std::time::Duration;

/// How long any single answer, board or start-up may take before the bench gives up on it.
pub const WAIT: Duration = Duration::from_secs(15);
/// Games opened at once while setting up, so the lobbies do not all queue behind each other.
pub const SETUP_CONCURRENCY: usize = 32;
/// Wrong answers in a row after which a player stops (the bench must end by itself).
pub const MAX_ERRORS_IN_A_ROW: usize = 5;
/// The open loop's capacity: the highest rate whose p99 stays within this.
pub const CAPACITY_P99_MS: f64 = 50.0;

// The bench's emulator allocates and frees a JSON tree per request and per answer; under glibc's
// allocator freeing them cost more of the bench's core than the bot's whole click, so past the
// bot's capacity the bench, not the bot, set the pace. The bot itself uses mimalloc too.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let args = match Args::parse() {
        Ok(args) => args,
        Err(e) => {
            eprintln!("load bench: {e}");
            std::process::exit(2);
        }
    };
    let built = std::env::var_os("SAIKORO_BIN")
        .map_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_saikoro")), PathBuf::from);
    // A private copy: a build of another checkout sharing the target folder must not swap the
    // binary between runs.
    let binary = args.dir.join(format!("saikoro-load-bin-{}", std::process::id()));
    if let Err(e) = std::fs::copy(&built, &binary) {
        eprintln!("load bench: copying {}: {e}", built.display());
        std::process::exit(2);
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let mut rows = Vec::new();
    let closed_games: &[usize] = if args.runs("closed") { &args.games } else { &[] };
    for &games in closed_games {
        let mut runs = Vec::new();
        for round in 1..=args.repeat {
            eprintln!("load: {games} games, run {round}/{}", args.repeat);
            match runtime.block_on(closed::run(&binary, games, &args)) {
                Ok(figures) => {
                    eprintln!("  {}", figures.summary());
                    runs.push(figures);
                }
                Err(e) => eprintln!("  run failed: {e}"),
            }
        }
        if !runs.is_empty() {
            rows.push(Figures::median(&runs));
        }
    }
    let open = args
        .runs("open")
        .then(|| runtime.block_on(open::open_loop(&binary, &args)));
    std::fs::remove_file(&binary).ok();
    if !closed_games.is_empty() {
        report::print_table(&rows, &args);
    }
    let open_failed = match open {
        Some(Ok(rows)) => {
            report::print_open_table(&rows, &args);
            false
        }
        Some(Err(e)) => {
            eprintln!("open loop failed: {e}");
            true
        }
        None => false,
    };
    if rows.len() != closed_games.len() || open_failed {
        std::process::exit(1);
    }
}
