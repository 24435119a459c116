//! The closed loop: every game's players click as soon as the previous click is answered.

use crate::args::Args;
use crate::play::{Played, Player, open_games, quantile_ms};
use crate::setup::{Bot, CpuMeter, Tables, write_config};
use saikoro_emulator::{ChannelId, Emulator, Message, UserId};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What one run measured.
#[derive(Clone, Default)]
pub struct Figures {
    pub games: usize,
    pub clicks: usize,
    pub finished_games: usize,
    pub errors: usize,
    pub seconds: f64,
    pub per_second: f64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
    pub startup_ms: f64,
    pub restart_ms: f64,
    pub restored: usize,
    pub idle_rss_kib: f64,
    pub per_game_kib: f64,
    pub per_game_after_kib: f64,
    pub peak_kib: f64,
    pub bot_cores: f64,
    pub bench_cores: f64,
    /// CPU milliseconds per click: the bot's, and the bench's (emulator and players).
    pub bot_cpu_ms: f64,
    pub bench_cpu_ms: f64,
    /// Answers that came after Discord's 3 s (Discord would have shown "interaction failed").
    pub late: usize,
    /// Other protocol problems the emulator saw.
    pub problems: usize,
}

impl Figures {
    pub fn summary(&self) -> String {
        format!(
            "{} clicks in {:.1} s = {:.0}/s, p50 {:.2} ms, p99 {:.2} ms, max {:.1} ms; {} games finished, \
             {} errors, {} late; start-up {:.0} ms, restart with {} stored {:.0} ms; RSS idle {:.1} MiB, \
             {:.1} KiB/game ({:.1} after play), peak {:.1} MiB; CPU bot {:.2} cores ({:.2} ms/click), \
             bench {:.2} cores ({:.2} ms/click); {} other emulator problems",
            self.clicks,
            self.seconds,
            self.per_second,
            self.p50_ms,
            self.p99_ms,
            self.max_ms,
            self.finished_games,
            self.errors,
            self.late,
            self.startup_ms,
            self.restored,
            self.restart_ms,
            self.idle_rss_kib / 1024.0,
            self.per_game_kib,
            self.per_game_after_kib,
            self.peak_kib / 1024.0,
            self.bot_cores,
            self.bot_cpu_ms,
            self.bench_cores,
            self.bench_cpu_ms,
            self.problems,
        )
    }

    /// The median of every figure over the runs (each figure on its own).
    pub fn median(runs: &[Figures]) -> Figures {
        let m = |f: fn(&Figures) -> f64| median(runs.iter().map(f).collect());
        Figures {
            games: runs[0].games,
            clicks: m(|r| r.clicks as f64) as usize,
            finished_games: m(|r| r.finished_games as f64) as usize,
            errors: runs.iter().map(|r| r.errors).sum(),
            seconds: m(|r| r.seconds),
            per_second: m(|r| r.per_second),
            p50_ms: m(|r| r.p50_ms),
            p99_ms: m(|r| r.p99_ms),
            max_ms: m(|r| r.max_ms),
            startup_ms: m(|r| r.startup_ms),
            restart_ms: m(|r| r.restart_ms),
            restored: m(|r| r.restored as f64) as usize,
            idle_rss_kib: m(|r| r.idle_rss_kib),
            per_game_kib: m(|r| r.per_game_kib),
            per_game_after_kib: m(|r| r.per_game_after_kib),
            peak_kib: m(|r| r.peak_kib),
            bot_cores: m(|r| r.bot_cores),
            bench_cores: m(|r| r.bench_cores),
            bot_cpu_ms: m(|r| r.bot_cpu_ms),
            bench_cpu_ms: m(|r| r.bench_cpu_ms),
            late: runs.iter().map(|r| r.late).sum(),
            problems: runs.iter().map(|r| r.problems).sum(),
        }
    }
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    match n {
        0 => 0.0,
        _ if n % 2 == 1 => values[n / 2],
        _ => f64::midpoint(values[n / 2 - 1], values[n / 2]),
    }
}

/// One fresh emulator and bot: start, open the games, play, restart, measure.
pub async fn run(binary: &Path, games: usize, args: &Args) -> Result<Figures, String> {
    let tables = Tables::set_up(args, games, ("dice", "ann", "ben"), "saikoro-load").await?;
    let result = measure(&tables, binary, args).await;
    tables.tear_down().await;
    result
}

/// The bot's resident memory (KiB) idle, with the games open, after play, and at its peak.
struct Memory {
    idle: f64,
    with_games: f64,
    after_play: f64,
    peak: f64,
}

/// The playing window: its length in seconds and the CPU seconds the bot and the bench used.
struct Window {
    seconds: f64,
    bot_cpu: f64,
    bench_cpu: f64,
}

async fn measure(tables: &Tables, binary: &Path, args: &Args) -> Result<Figures, String> {
    let Tables {
        emu,
        channels,
        seats,
        dir,
    } = tables;
    let games = channels.len();
    let config = write_config(emu, dir, None)?;
    let (bot, startup) = Bot::start(binary, &config, dir, "first", args.bot_cpus.as_deref()).await?;
    if bot.restored != 0 {
        return Err(format!("a fresh database restored {} games", bot.restored));
    }
    let idle = settled_rss(&bot).await?;
    let boards = open_all(emu, channels, seats).await?;
    let with_games = settled_rss(&bot).await?;
    let (played, window) = play_all(emu, &bot, boards, channels, seats, args).await?;
    let memory = Memory {
        idle,
        with_games,
        after_play: bot.status("VmRSS")?,
        peak: bot.status("VmHWM")?,
    };
    drop(bot);

    // The same database again: every game in play is loaded at start-up.
    let (again, restart) = Bot::start(binary, &config, dir, "restart", args.bot_cpus.as_deref()).await?;
    let restored = again.restored;
    drop(again);

    let (late, problems) = emulator_problems(emu);
    Ok(Figures {
        startup_ms: startup.as_secs_f64() * 1000.0,
        restart_ms: restart.as_secs_f64() * 1000.0,
        restored,
        late,
        problems,
        ..figures(games, played, &window, &memory)
    })
}

/// The bot's RSS (KiB) after half a second's rest.
async fn settled_rss(bot: &Bot) -> Result<f64, String> {
    tokio::time::sleep(Duration::from_millis(500)).await;
    bot.status("VmRSS")
}

/// Opens a game in every channel: their first boards, or the first failure.
async fn open_all(
    emu: &Emulator,
    channels: &[ChannelId],
    seats: &[(UserId, UserId)],
) -> Result<Vec<Message>, String> {
    let setup = Instant::now();
    let opened = open_games(emu, channels, seats).await;
    let boards = opened.into_iter().collect::<Result<Vec<_>, _>>()?;
    eprintln!(
        "  {} games opened in {:.1} s",
        channels.len(),
        setup.elapsed().as_secs_f64()
    );
    Ok(boards)
}

/// Plays every game at once until `--seconds` pass (or `--clicks` are made): what was played,
/// and the window's time and CPU.
async fn play_all(
    emu: &Arc<Emulator>,
    bot: &Bot,
    boards: Vec<Message>,
    channels: &[ChannelId],
    seats: &[(UserId, UserId)],
    args: &Args,
) -> Result<(Played, Window), String> {
    let cpu = CpuMeter::start(bot)?;
    let started = Instant::now();
    let deadline = started + Duration::from_secs(args.seconds);
    let tasks: Vec<_> = boards
        .into_iter()
        .zip(channels.iter().zip(seats))
        .map(|(board, (&channel, &seats))| {
            let player = Player {
                emu: emu.clone(),
                channel,
                seats,
                deadline,
                max_clicks: args.clicks.unwrap_or(usize::MAX),
                presses_again_after: None,
            };
            tokio::spawn(player.play(board))
        })
        .collect();
    let mut played = Played::default();
    for task in tasks {
        match task.await {
            Ok(p) => played.add(p),
            Err(e) => return Err(format!("a player panicked: {e}")),
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    let (bot_cpu, bench_cpu) = cpu.used(bot)?;
    Ok((
        played,
        Window {
            seconds,
            bot_cpu,
            bench_cpu,
        },
    ))
}

/// Answers that came after Discord's 3 s, and the other problems the emulator saw (the first
/// five of which are shown).
fn emulator_problems(emu: &Emulator) -> (usize, usize) {
    let (late, problems): (Vec<String>, Vec<String>) = emu
        .failures()
        .into_iter()
        .partition(|p| p.contains("answered after"));
    for p in problems.iter().take(5) {
        eprintln!("  emulator problem: {p}");
    }
    (late.len(), problems.len())
}

/// The figures of the play itself and the memory.
fn figures(games: usize, played: Played, window: &Window, memory: &Memory) -> Figures {
    let Window {
        seconds,
        bot_cpu,
        bench_cpu,
    } = *window;
    let per_click = |cpu: f64| cpu * 1000.0 / played.clicks.max(1) as f64;
    let mut latencies = played.latencies;
    latencies.sort();
    Figures {
        games,
        clicks: played.clicks,
        finished_games: played.finished,
        errors: played.errors,
        seconds,
        per_second: played.clicks as f64 / seconds,
        p50_ms: quantile_ms(&latencies, 0.50),
        p99_ms: quantile_ms(&latencies, 0.99),
        max_ms: quantile_ms(&latencies, 1.0),
        idle_rss_kib: memory.idle,
        per_game_kib: (memory.with_games - memory.idle) / games as f64,
        per_game_after_kib: (memory.after_play - memory.idle) / games as f64,
        peak_kib: memory.peak,
        bot_cores: bot_cpu / seconds,
        bench_cores: bench_cpu / seconds,
        bot_cpu_ms: per_click(bot_cpu),
        bench_cpu_ms: per_click(bench_cpu),
        ..Figures::default()
    }
}
