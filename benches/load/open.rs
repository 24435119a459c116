//! The open loop: clicks arrive at fixed rates (a Poisson process) on random idle games, whether
//! or not earlier clicks were answered.

use crate::args::Args;
use crate::play::{Played, Player, Turn, open_games, quantile_ms};
use crate::setup::{Bot, CpuMeter, Tables, free_port, scrape_every_second, write_config};
use saikoro_emulator::Message;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A click unanswered this long was dropped (Discord gives up at 3 s): its player presses again.
const PRESSES_AGAIN_AFTER: Duration = Duration::from_secs(4);

/// A rate's clicks sent this long after it began tell whether the bot recovered from the rate
/// before (the goal: its normal p99 within 5 s of an overload's end).
pub const SETTLED_AFTER: Duration = Duration::from_secs(5);

/// Every idle game: its player and the board it will click next.
type Idle = Arc<Mutex<Vec<(Player, Turn)>>>;

/// What one rate of the open loop measured.
pub struct OpenFigures {
    pub rate: usize,
    /// Arrivals that found every game busy (none with 10,000 games at these rates).
    pub skipped: usize,
    pub clicks: usize,
    pub seconds: f64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    /// The p99 of clicks sent [`SETTLED_AFTER`] or more into the rate (none in a shorter rate).
    pub settled_p99_ms: Option<f64>,
    pub p999_ms: f64,
    pub max_ms: f64,
    pub errors: usize,
    /// Clicks the bot dropped (no answer within [`PRESSES_AGAIN_AFTER`]).
    pub dropped: usize,
    /// Answered clicks that were acknowledged first and their board edited afterwards.
    pub deferred: usize,
    pub bot_cpu_ms: f64,
    pub bench_cpu_ms: f64,
    pub bot_cores: f64,
}

/// Opens `open_games` games, then offers clicks at each rate in turn on the same bot and games.
pub async fn open_loop(binary: &Path, args: &Args) -> Result<Vec<OpenFigures>, String> {
    let tables = Tables::set_up(
        args,
        args.open_games,
        ("open", "oann", "oben"),
        "saikoro-load-open",
    )
    .await?;
    let result = offer_rates(&tables, binary, args).await;
    tables.tear_down().await;
    result
}

async fn offer_rates(tables: &Tables, binary: &Path, args: &Args) -> Result<Vec<OpenFigures>, String> {
    let port = args.metrics.then(free_port).transpose()?;
    let config = write_config(&tables.emu, &tables.dir, port)?;
    let (bot, _) = Bot::start(binary, &config, &tables.dir, "open", args.bot_cpus.as_deref()).await?;
    let scraper = port.map(|port| tokio::spawn(scrape_every_second(port)));
    if args.image_boards {
        draw_pictures(tables).await?;
    }
    let idle = open_idle(tables).await;
    let mut rows = Vec::new();
    for &rate in &args.open_rates {
        eprintln!("open loop: {rate} clicks/s for {} s", args.open_seconds);
        rows.push(offer(&bot, &idle, rate, args.open_seconds).await?);
    }
    if let Some(scraper) = scraper {
        scraper.abort();
    }
    Ok(rows)
}

/// A manager sets the server's boards to pictures (`/saikoro-settings board_style:image`).
async fn draw_pictures(tables: &Tables) -> Result<(), String> {
    let emu = &tables.emu;
    let manager = emu.admin("load-manager");
    let channel = *tables.channels.first().ok_or("no channel")?;
    let image = serde_json::json!(1);
    let asked = emu.try_slash(manager, channel, "saikoro-settings", &[("board_style", image)])?;
    emu.wait_callback(asked, crate::WAIT).await;
    let said = emu.wait_original_text(asked, crate::WAIT).await;
    if said.contains("picture") {
        Ok(())
    } else {
        Err(format!("the board style was not set: {said}"))
    }
}

/// Opens a game in every channel; the games that opened are the idle ones.
async fn open_idle(tables: &Tables) -> Idle {
    let Tables {
        emu, channels, seats, ..
    } = tables;
    let setup = Instant::now();
    let opened: Vec<Result<Message, String>> = open_games(emu, channels, seats).await;
    // Under the set-up flood a rare answer may be deferred: that game just sits out.
    let mut failed = 0;
    let boards: Vec<Option<Message>> = opened
        .into_iter()
        .map(|board| board.inspect_err(|_| failed += 1).ok())
        .collect();
    eprintln!(
        "open loop: {} games opened in {:.1} s ({failed} failed to open)",
        boards.len() - failed,
        setup.elapsed().as_secs_f64()
    );
    Arc::new(Mutex::new(
        boards
            .into_iter()
            .zip(channels.iter().zip(seats))
            .filter_map(|(board, (&channel, &seats))| {
                let player = Player {
                    emu: emu.clone(),
                    channel,
                    seats,
                    deadline: Instant::now() + Duration::from_secs(86_400),
                    max_clicks: usize::MAX,
                    presses_again_after: Some(PRESSES_AGAIN_AFTER),
                };
                Some((player, Turn::new(board?)))
            })
            .collect(),
    ))
}

/// Clicks arriving at `rate` per second (exponential gaps) for `seconds`, each on a random idle
/// game; waits for the last answers, then sums up.
async fn offer(bot: &Bot, idle: &Idle, rate: usize, seconds: u64) -> Result<OpenFigures, String> {
    let played = Arc::new(Mutex::new(Played::default()));
    let cpu = CpuMeter::start(bot)?;
    let started = Instant::now();
    let (tasks, skipped) = arrive(idle, &played, rate, started, Duration::from_secs(seconds)).await;
    let panicked = join_clicks(tasks).await;
    let elapsed = started.elapsed().as_secs_f64();
    let (bot_cpu, bench_cpu) = cpu.used(bot)?;
    let mut played = std::mem::take(&mut *played.lock().expect("played"));
    played.errors += panicked;
    played.latencies.sort();
    played.settled.sort();
    let per_click = |cpu: f64| cpu * 1000.0 / played.clicks.max(1) as f64;
    Ok(OpenFigures {
        rate,
        skipped,
        clicks: played.clicks,
        seconds: elapsed,
        p50_ms: quantile_ms(&played.latencies, 0.50),
        p99_ms: quantile_ms(&played.latencies, 0.99),
        settled_p99_ms: (!played.settled.is_empty()).then(|| quantile_ms(&played.settled, 0.99)),
        p999_ms: quantile_ms(&played.latencies, 0.999),
        max_ms: quantile_ms(&played.latencies, 1.0),
        errors: played.errors,
        dropped: played.dropped,
        deferred: played.deferred,
        bot_cpu_ms: per_click(bot_cpu),
        bench_cpu_ms: per_click(bench_cpu),
        bot_cores: bot_cpu / elapsed,
    })
}

/// For `seconds` from `started`, a Poisson process of `rate` arrivals per second (seeded by the rate), each a
/// click on a random idle game: the clicks' tasks, and the arrivals that found no idle game.
async fn arrive(
    idle: &Idle,
    played: &Arc<Mutex<Played>>,
    rate: usize,
    started: Instant,
    seconds: Duration,
) -> (Vec<tokio::task::JoinHandle<()>>, usize) {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(rate as u64);
    let end = started + seconds;
    let mut next = started;
    let mut skipped = 0;
    let mut tasks = Vec::new();
    loop {
        // Exponential gaps: a Poisson process of `rate` arrivals per second.
        let gap = -(1.0 - rng.random::<f64>()).ln() / rate as f64;
        next += Duration::from_secs_f64(gap);
        if next >= end {
            break;
        }
        tokio::time::sleep_until(next.into()).await;
        let picked = {
            let mut idle = idle.lock().expect("idle games");
            match idle.len() {
                0 => None,
                n => Some(idle.swap_remove(rng.random_range(0..n))),
            }
        };
        let Some((player, turn)) = picked else {
            skipped += 1;
            continue;
        };
        let settled = next >= started + SETTLED_AFTER;
        tasks.push(tokio::spawn(click_once(
            (player, turn),
            settled,
            idle.clone(),
            played.clone(),
        )));
    }
    (tasks, skipped)
}

/// One click of an idle game; the game is idle again afterwards, at its next board. `settled`:
/// the click was sent [`SETTLED_AFTER`] or more into its rate.
async fn click_once(
    (player, mut turn): (Player, Turn),
    settled: bool,
    idle: Idle,
    played: Arc<Mutex<Played>>,
) {
    let mut mine = Played::default();
    let next = match player.step(&mut turn, &mut mine).await {
        Ok(next) => Some(next),
        Err(e) => {
            mine.errors += 1;
            eprintln!("  channel {}: {e}", player.channel);
            player.fresh_turn(&turn)
        }
    };
    if settled {
        mine.settled.clone_from(&mine.latencies);
    }
    played.lock().expect("played").add(mine);
    if let Some(next) = next {
        idle.lock().expect("idle games").push((player, next));
    }
}

/// Waits for every click; returns how many panicked.
async fn join_clicks(tasks: Vec<tokio::task::JoinHandle<()>>) -> usize {
    let mut panicked = 0;
    for task in tasks {
        // An emulator wait that gave up (answers far past Discord's 3 s under overload) is one
        // more error of this rate, not the end of the table.
        if let Err(e) = task.await {
            panicked += 1;
            eprintln!(
                "  a click panicked: {}",
                e.to_string().chars().take(300).collect::<String>()
            );
        }
    }
    panicked
}
