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
//! [--only closed|open] [--dir /tmp] [--checks]` or the environment variables `LOAD_GAMES`, `LOAD_SECONDS`,
//! `LOAD_CLICKS`, `LOAD_REPEAT`, `LOAD_OPEN_RATES`, `LOAD_OPEN_GAMES`, `LOAD_OPEN_SECONDS`,
//! `LOAD_ONLY`, `LOAD_DIR` (where the database goes: its disk's fsync speed matters),
//! `LOAD_CHECKS=1`; `SAIKORO_BIN` picks another binary. Closed-loop figures over repeats are
//! medians; the open loop runs once. The emulator skips its checks of request bodies against
//! Discord's schema unless `--checks` is given: they cost it more CPU than the bot spends per
//! click, taken from the same two cores (the end-to-end tests keep them).

use futures_util::StreamExt;
use saikoro_emulator::discord::callback_type;
use saikoro_emulator::{Callback, ChannelId, Emulator, InteractionId, Message, MessageId, UserId};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long any single answer, board or start-up may take before the bench gives up on it.
const WAIT: Duration = Duration::from_secs(15);
/// Games opened at once while setting up, so the lobbies do not all queue behind each other.
const SETUP_CONCURRENCY: usize = 32;
/// Wrong answers in a row after which a player stops (the bench must end by itself).
const MAX_ERRORS_IN_A_ROW: usize = 5;
/// The open loop's capacity: the highest rate whose p99 stays within this.
const CAPACITY_P99_MS: f64 = 50.0;

struct Args {
    games: Vec<usize>,
    seconds: u64,
    /// Clicks per player task; `None`: as many as fit in `seconds`.
    clicks: Option<usize>,
    repeat: usize,
    /// Where the bot's temporary folder (database, logs) goes.
    dir: PathBuf,
    open_rates: Vec<usize>,
    open_games: usize,
    open_seconds: u64,
    /// `closed` or `open`: run only that part.
    only: Option<String>,
    /// Whether the emulator checks every request body against Discord's schema (the end-to-end
    /// tests do): off by default, as it costs more CPU than the bot's click on the same cores.
    checks: bool,
}

impl Args {
    fn parse() -> Result<Args, String> {
        let env = |key: &str| std::env::var(key).ok();
        let mut games = env("LOAD_GAMES").unwrap_or_else(|| "10,100,1000".into());
        let mut seconds = env("LOAD_SECONDS").unwrap_or_else(|| "10".into());
        let mut clicks = env("LOAD_CLICKS");
        let mut repeat = env("LOAD_REPEAT").unwrap_or_else(|| "3".into());
        let mut dir = env("LOAD_DIR").unwrap_or_else(|| std::env::temp_dir().display().to_string());
        let mut open_rates = env("LOAD_OPEN_RATES").unwrap_or_else(|| "100,500,1000,2000,3000,4000".into());
        let mut open_games = env("LOAD_OPEN_GAMES").unwrap_or_else(|| "10000".into());
        let mut open_seconds = env("LOAD_OPEN_SECONDS").unwrap_or_else(|| "10".into());
        let mut only = env("LOAD_ONLY");
        let mut checks = env("LOAD_CHECKS").is_some_and(|v| v == "1");
        let mut args = std::env::args().skip(1);
        while let Some(arg) = args.next() {
            let slot = match arg.as_str() {
                "--games" => &mut games,
                "--seconds" => &mut seconds,
                "--repeat" => &mut repeat,
                "--dir" => &mut dir,
                "--open-rates" => &mut open_rates,
                "--open-games" => &mut open_games,
                "--open-seconds" => &mut open_seconds,
                "--clicks" => {
                    clicks = args.next();
                    continue;
                }
                "--only" => {
                    only = args.next();
                    continue;
                }
                "--checks" => {
                    checks = true;
                    continue;
                }
                // `cargo bench` passes `--bench`, and filters we have no use for.
                _ => continue,
            };
            *slot = args.next().ok_or(format!("{arg} needs a value"))?;
        }
        let number = |what: &str, text: &str| {
            text.trim()
                .parse::<usize>()
                .ok()
                .filter(|n| *n > 0)
                .ok_or(format!("{what}: `{text}` is not a positive number"))
        };
        if let Some(part) = only.as_deref()
            && !["closed", "open"].contains(&part)
        {
            return Err(format!("--only: `{part}` is neither `closed` nor `open`"));
        }
        Ok(Args {
            games: games
                .split(',')
                .map(|g| number("games", g))
                .collect::<Result<_, _>>()?,
            seconds: number("seconds", &seconds)? as u64,
            clicks: clicks.map(|c| number("clicks", &c)).transpose()?,
            repeat: number("repeat", &repeat)?,
            dir: PathBuf::from(dir),
            open_rates: open_rates
                .split(',')
                .map(|r| number("open rates", r))
                .collect::<Result<_, _>>()?,
            open_games: number("open games", &open_games)?,
            open_seconds: number("open seconds", &open_seconds)? as u64,
            only,
            checks,
        })
    }

    fn checks_said(&self) -> &'static str {
        if self.checks {
            "the emulator checks every request body"
        } else {
            "the emulator's body checks off (--checks: on)"
        }
    }

    fn runs(&self, part: &str) -> bool {
        self.only.as_deref().is_none_or(|only| only == part)
    }
}

fn main() {
    let args = match Args::parse() {
        Ok(args) => args,
        Err(e) => {
            eprintln!("load bench: {e}");
            std::process::exit(2);
        }
    };
    let built = std::env::var_os("SAIKORO_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_saikoro")));
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
            match runtime.block_on(run(&binary, games, &args)) {
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
        .then(|| runtime.block_on(open_loop(&binary, &args)));
    std::fs::remove_file(&binary).ok();
    if !closed_games.is_empty() {
        print_table(&rows, &args);
    }
    let open_failed = match open {
        Some(Ok(rows)) => {
            print_open_table(&rows, &args);
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

/// What one run measured.
#[derive(Clone, Default)]
struct Figures {
    games: usize,
    clicks: usize,
    finished_games: usize,
    errors: usize,
    seconds: f64,
    per_second: f64,
    p50_ms: f64,
    p99_ms: f64,
    max_ms: f64,
    startup_ms: f64,
    restart_ms: f64,
    restored: usize,
    idle_rss_kib: f64,
    per_game_kib: f64,
    per_game_after_kib: f64,
    peak_kib: f64,
    bot_cores: f64,
    bench_cores: f64,
    /// CPU milliseconds per click: the bot's, and the bench's (emulator and players).
    bot_cpu_ms: f64,
    bench_cpu_ms: f64,
    /// Answers that came after Discord's 3 s (Discord would have shown "interaction failed").
    late: usize,
    /// Other protocol problems the emulator saw.
    problems: usize,
}

impl Figures {
    fn summary(&self) -> String {
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
    fn median(runs: &[Figures]) -> Figures {
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
        _ => (values[n / 2 - 1] + values[n / 2]) / 2.0,
    }
}

fn print_table(rows: &[Figures], args: &Args) {
    let limit = args
        .clicks
        .map_or(String::new(), |c| format!(", at most {c} clicks per game"));
    println!(
        "\nsaikoro load: Can't Stop, 2 players per game, {} s of play{limit}, SQLite (synchronous=FULL); \
         medians of {} run(s); {}",
        args.seconds,
        args.repeat,
        args.checks_said()
    );
    let header = [
        "games",
        "clicks/s",
        "p50 ms",
        "p99 ms",
        "max ms",
        "clicks",
        "ended",
        "late",
        "errors",
        "start ms",
        "restart ms",
        "idle MiB",
        "KiB/game",
        "after play",
        "peak MiB",
        "bot cores",
        "bot CPU/click",
        "bench cores",
        "bench CPU/click",
    ];
    let lines: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            vec![
                r.games.to_string(),
                format!("{:.0}", r.per_second),
                format!("{:.2}", r.p50_ms),
                format!("{:.2}", r.p99_ms),
                format!("{:.1}", r.max_ms),
                r.clicks.to_string(),
                r.finished_games.to_string(),
                r.late.to_string(),
                (r.errors + r.problems).to_string(),
                format!("{:.0}", r.startup_ms),
                format!("{:.0}", r.restart_ms),
                format!("{:.1}", r.idle_rss_kib / 1024.0),
                format!("{:.1}", r.per_game_kib),
                format!("{:.1}", r.per_game_after_kib),
                format!("{:.1}", r.peak_kib / 1024.0),
                format!("{:.2}", r.bot_cores),
                format!("{:.2} ms", r.bot_cpu_ms),
                format!("{:.2}", r.bench_cores),
                format!("{:.2} ms", r.bench_cpu_ms),
            ]
        })
        .collect();
    let widths: Vec<usize> = (0..header.len())
        .map(|i| {
            lines
                .iter()
                .map(|l| l[i].len())
                .chain([header[i].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let row = |cells: Vec<String>| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c:>w$}"))
            .collect();
        println!("| {} |", padded.join(" | "));
    };
    row(header.iter().map(|h| h.to_string()).collect());
    println!(
        "|{}|",
        widths
            .iter()
            .map(|w| "-".repeat(w + 2))
            .collect::<Vec<_>>()
            .join("|")
    );
    for line in lines {
        row(line);
    }
    println!(
        "clicks/s: board clicks answered per second; latency: dispatch → callback at the emulator; \
         ended: games played to a win (a new one starts in the channel); late: answered after 3 s \
         (Discord gives up), summed over runs; errors: wrong answers, timeouts and other emulator \
         problems, summed over runs; start: spawn → ready (commands registered, games restored); \
         restart: the same with every game stored; KiB/game: (RSS with the games − idle RSS) / games, \
         after setup and after play; peak: VmHWM; cores: CPU time / wall time while playing (bench = \
         emulator + players, in one process)."
    );
}

/// A fresh emulator, checking request bodies only if asked to (`--checks`).
async fn emulator(args: &Args) -> Arc<Emulator> {
    let emu = Arc::new(Emulator::start().await);
    if !args.checks {
        emu.skip_body_checks();
    }
    emu
}

/// One fresh emulator and bot: start, open the games, play, restart, measure.
async fn run(binary: &Path, games: usize, args: &Args) -> Result<Figures, String> {
    let emu = emulator(args).await;
    let channels: Vec<ChannelId> = (0..games)
        .map(|g| emu.add_text_channel(&format!("dice-{g}")))
        .collect();
    let players: Vec<(UserId, UserId)> = (0..games)
        .map(|g| (emu.user(&format!("ann{g}")), emu.user(&format!("ben{g}"))))
        .collect();
    let dir = args.dir.join(format!("saikoro-load-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;
    let result = measure(&emu, binary, &dir, &channels, &players, args).await;
    std::fs::remove_dir_all(&dir).ok();
    if let Ok(emu) = Arc::try_unwrap(emu) {
        emu.shutdown().await;
    }
    result
}

async fn measure(
    emu: &Arc<Emulator>,
    binary: &Path,
    dir: &Path,
    channels: &[ChannelId],
    players: &[(UserId, UserId)],
    args: &Args,
) -> Result<Figures, String> {
    let games = channels.len();
    let config = write_config(emu, dir)?;
    let (bot, startup) = Bot::start(binary, &config, dir, "first").await?;
    if bot.restored != 0 {
        return Err(format!("a fresh database restored {} games", bot.restored));
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let idle = bot.status("VmRSS")?;

    let setup = Instant::now();
    let opened: Vec<Result<Message, String>> = futures_util::stream::iter(channels.iter().zip(players))
        .map(|(&channel, &(ann, ben))| open_game(emu, channel, MessageId(0), ann, ben))
        .buffered(SETUP_CONCURRENCY)
        .collect()
        .await;
    let boards = opened.into_iter().collect::<Result<Vec<_>, _>>()?;
    eprintln!("  {games} games opened in {:.1} s", setup.elapsed().as_secs_f64());
    tokio::time::sleep(Duration::from_millis(500)).await;
    let with_games = bot.status("VmRSS")?;

    let bot_cpu = cpu_seconds(bot.pid())?;
    let bench_cpu = cpu_seconds(std::process::id())?;
    let started = Instant::now();
    let deadline = started + Duration::from_secs(args.seconds);
    let tasks: Vec<_> = boards
        .into_iter()
        .zip(channels.iter().zip(players))
        .map(|(board, (&channel, &seats))| {
            let player = Player {
                emu: emu.clone(),
                channel,
                seats,
                deadline,
                max_clicks: args.clicks.unwrap_or(usize::MAX),
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
    let bot_cpu = cpu_seconds(bot.pid())? - bot_cpu;
    let bench_cpu = cpu_seconds(std::process::id())? - bench_cpu;
    let per_click = |cpu: f64| cpu * 1000.0 / played.clicks.max(1) as f64;
    let after_play = bot.status("VmRSS")?;
    let peak = bot.status("VmHWM")?;
    drop(bot);

    // The same database again: every game in play is loaded at start-up.
    let (again, restart) = Bot::start(binary, &config, dir, "restart").await?;
    let restored = again.restored;
    drop(again);

    let (late, problems): (Vec<String>, Vec<String>) = emu
        .failures()
        .into_iter()
        .partition(|p| p.contains("answered after"));
    for p in problems.iter().take(5) {
        eprintln!("  emulator problem: {p}");
    }
    let mut latencies = played.latencies;
    latencies.sort();
    let pick = |q: f64| {
        latencies
            .get(((latencies.len() as f64 * q) as usize).min(latencies.len().saturating_sub(1)))
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    };
    Ok(Figures {
        games,
        clicks: played.clicks,
        finished_games: played.finished,
        errors: played.errors,
        seconds,
        per_second: played.clicks as f64 / seconds,
        p50_ms: pick(0.50),
        p99_ms: pick(0.99),
        max_ms: pick(1.0),
        startup_ms: startup.as_secs_f64() * 1000.0,
        restart_ms: restart.as_secs_f64() * 1000.0,
        restored,
        idle_rss_kib: idle,
        per_game_kib: (with_games - idle) / games as f64,
        per_game_after_kib: (after_play - idle) / games as f64,
        peak_kib: peak,
        bot_cores: bot_cpu / seconds,
        bench_cores: bench_cpu / seconds,
        bot_cpu_ms: per_click(bot_cpu),
        bench_cpu_ms: per_click(bench_cpu),
        late: late.len(),
        problems: problems.len(),
    })
}

fn write_config(emu: &Emulator, dir: &Path) -> Result<PathBuf, String> {
    let config = dir.join("config.toml");
    let text = format!(
        "guild_ids = [{guild}]\ndatabase_url = \"sqlite://{db}\"\ndiscord_api_url = \"{api}\"\n\
         lobby_expiry_secs = 86400\nbot_delay_ms = 0\ndice_seed = 7\n",
        guild = emu.guild_id(),
        db = dir.join("games.db").display(),
        api = emu.api_url(),
    );
    std::fs::write(&config, text).map_err(|e| format!("writing {}: {e}", config.display()))?;
    Ok(config)
}

/// The bot process; killed when dropped, so a failed run leaves nothing behind.
struct Bot {
    child: Child,
    /// Games the bot loaded from the store at start-up (its "ready" log line).
    restored: usize,
}

impl Bot {
    /// Spawns `saikoro run` and waits for its "ready" line (commands registered, stored games
    /// loaded); returns the bot and how long that took.
    async fn start(binary: &Path, config: &Path, dir: &Path, name: &str) -> Result<(Bot, Duration), String> {
        let log_path = dir.join(format!("{name}.log"));
        let log = std::fs::File::create(&log_path).map_err(|e| format!("creating the log: {e}"))?;
        let err = log.try_clone().map_err(|e| e.to_string())?;
        let started = Instant::now();
        let child = Command::new(binary)
            .args(["run", "--config"])
            .arg(config)
            .env("DISCORD_TOKEN", "load-token")
            .env("RUST_LOG", "saikoro=info,warn")
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(log)
            .stderr(err)
            .spawn()
            .map_err(|e| format!("starting {}: {e}", binary.display()))?;
        let mut bot = Bot { child, restored: 0 };
        loop {
            let text = std::fs::read_to_string(&log_path).unwrap_or_default();
            if text.lines().any(|l| l.contains("saikoro is ready")) {
                let took = started.elapsed();
                let loaded = text.lines().find(|l| l.contains("stored games loaded"));
                bot.restored = plain(loaded.unwrap_or_default())
                    .split("restored=")
                    .nth(1)
                    .and_then(|r| r.split(|c: char| !c.is_ascii_digit()).next())
                    .and_then(|n| n.parse().ok())
                    .unwrap_or(0);
                return Ok((bot, took));
            }
            if let Ok(Some(status)) = bot.child.try_wait() {
                return Err(format!("the bot exited ({status}):\n{text}"));
            }
            if started.elapsed() > WAIT {
                return Err(format!("the bot was not ready after {WAIT:?}:\n{text}"));
            }
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
    }

    fn pid(&self) -> u32 {
        self.child.id()
    }

    /// A `/proc/<pid>/status` figure in KiB (VmRSS, VmHWM).
    fn status(&self, key: &str) -> Result<f64, String> {
        let path = format!("/proc/{}/status", self.pid());
        let text = std::fs::read_to_string(&path).map_err(|e| format!("reading {path}: {e}"))?;
        text.lines()
            .find_map(|l| l.strip_prefix(key)?.strip_prefix(':'))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
            .ok_or(format!("no {key} in {path}"))
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

/// A log line without terminal colour codes.
fn plain(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            chars.by_ref().find(|c| *c == 'm');
        } else {
            out.push(c);
        }
    }
    out
}

/// User and system CPU seconds a process has used so far, all its threads together.
fn cpu_seconds(pid: u32) -> Result<f64, String> {
    let path = format!("/proc/{pid}/stat");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("reading {path}: {e}"))?;
    // The fields after the command name, which is in parentheses and may hold spaces.
    let fields: Vec<&str> = text
        .rsplit_once(')')
        .map(|(_, rest)| rest.split_whitespace().collect())
        .unwrap_or_default();
    // utime and stime are fields 14 and 15 of stat(5); the list starts at field 3.
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok());
    match (ticks(11), ticks(12)) {
        (Some(user), Some(system)) => Ok((user + system) / clock_ticks()),
        _ => Err(format!("unexpected {path}: {text}")),
    }
}

/// USER_HZ, the unit of CPU times in /proc.
fn clock_ticks() -> f64 {
    static TICKS: std::sync::OnceLock<f64> = std::sync::OnceLock::new();
    *TICKS.get_or_init(|| {
        Command::new("getconf")
            .arg("CLK_TCK")
            .output()
            .ok()
            .and_then(|o| String::from_utf8(o.stdout).ok()?.trim().parse().ok())
            .unwrap_or(100.0)
    })
}

/// Waits for the bot's answer, or says it did not come.
async fn answer(emu: &Emulator, interaction: InteractionId) -> Result<Callback, String> {
    // The emulator panics after its own timeout; ours comes first and is an error, not a panic.
    tokio::time::timeout(WAIT, emu.wait_callback(interaction, WAIT * 2))
        .await
        .map_err(|_| format!("no answer to interaction {interaction} within {WAIT:?}"))
}

/// The first message with buttons posted in the channel after `after`.
async fn next_live(emu: &Emulator, channel: ChannelId, after: MessageId) -> Result<Message, String> {
    next_with(
        emu,
        channel,
        after,
        |m| !m.custom_ids().is_empty(),
        "a live message",
    )
    .await
}

/// The first message posted in the channel after `after` that `wanted` accepts.
async fn next_with(
    emu: &Emulator,
    channel: ChannelId,
    after: MessageId,
    wanted: impl Fn(&Message) -> bool,
    what: &str,
) -> Result<Message, String> {
    let found = |e: &Emulator| e.messages_after(channel, after).into_iter().find(&wanted);
    tokio::time::timeout(WAIT, emu.wait_in_channel(channel, WAIT * 2, what, found))
        .await
        .map_err(|_| format!("no {what} in channel {channel} within {WAIT:?}"))
}

/// The button whose id ends with `:suffix`.
fn button(m: &Message, suffix: &str) -> Option<String> {
    let suffix = format!(":{suffix}");
    m.custom_ids().into_iter().find(|id| id.ends_with(&suffix))
}

/// The users a message pings, from `<@id>` in its content.
fn pinged(m: &Message) -> Option<UserId> {
    let id = m.content.split("<@").nth(1)?.split('>').next()?;
    id.parse().ok().map(UserId)
}

/// Clicks a button and checks the bot updated the message (an `UPDATE_MESSAGE` answer).
async fn click(emu: &Emulator, user: UserId, message: &Message, suffix: &str) -> Result<Callback, String> {
    let id = button(message, suffix).ok_or(format!("no `{suffix}` button on {:?}", message.custom_ids()))?;
    let cb = answer(emu, emu.try_click(user, message.message_id(), &id)?).await?;
    match cb.kind {
        callback_type::UPDATE_MESSAGE => Ok(cb),
        kind => Err(format!("`{suffix}` was answered with type {kind}: {}", cb.data)),
    }
}

/// `/cantstop start` by `ann`, `ben` joins, `ann` starts: returns the first board.
/// `after`: the channel's last message before (its lobby will be newer).
async fn open_game(
    emu: &Emulator,
    channel: ChannelId,
    after: MessageId,
    ann: UserId,
    ben: UserId,
) -> Result<Message, String> {
    answer(emu, emu.slash(ann, channel, "cantstop start", &[])).await?;
    // The lobby, not the finished game's board (live too: it has a Rematch button).
    let is_lobby = |m: &Message| button(m, "join").is_some();
    let lobby = next_with(emu, channel, after, is_lobby, "a lobby").await?;
    click(emu, ben, &lobby, "join").await?;
    let lobby = emu.message(lobby.message_id()).ok_or("the lobby vanished")?;
    click(emu, ann, &lobby, "start").await?;
    next_live(emu, channel, lobby.message_id()).await
}

/// What the players of one channel did.
#[derive(Default)]
struct Played {
    clicks: usize,
    finished: usize,
    errors: usize,
    latencies: Vec<Duration>,
}

impl Played {
    fn add(&mut self, other: Played) {
        self.clicks += other.clicks;
        self.finished += other.finished;
        self.errors += other.errors;
        self.latencies.extend(other.latencies);
    }
}

/// The two people at one channel's table, clicking for whoever the board pings.
struct Player {
    emu: Arc<Emulator>,
    channel: ChannelId,
    seats: (UserId, UserId),
    deadline: Instant,
    max_clicks: usize,
}

impl Player {
    /// Plays like the end-to-end test: roll, take the first move, stop after two moves; a game
    /// that ends is followed by a new one, until the deadline or the click limit.
    async fn play(self, first: Message) -> Played {
        let mut played = Played::default();
        let mut turn = Turn::new(first);
        let mut errors_in_a_row = 0;
        while played.clicks < self.max_clicks && Instant::now() < self.deadline {
            match self.step(&mut turn, &mut played).await {
                Ok(next) => {
                    turn = next;
                    errors_in_a_row = 0;
                }
                Err(e) => {
                    played.errors += 1;
                    errors_in_a_row += 1;
                    if errors_in_a_row >= MAX_ERRORS_IN_A_ROW {
                        eprintln!("  channel {}: giving up after: {e}", self.channel);
                        break;
                    }
                    // Look at the channel afresh: the newest live message is the board.
                    let messages = self.emu.messages_after(self.channel, MessageId(0));
                    match messages.into_iter().rev().find(|m| !m.custom_ids().is_empty()) {
                        Some(live) => turn = Turn::new(live),
                        None => break,
                    }
                }
            }
        }
        played
    }

    /// One click on the live board; returns the turn as it goes on (the same board or the next).
    async fn step(&self, turn: &mut Turn, played: &mut Played) -> Result<Turn, String> {
        let emu = &self.emu;
        let player = turn
            .player
            .ok_or_else(|| format!("the board pings nobody: {:?}", turn.board.content))?;
        let ids = turn.board.custom_ids();
        let choice = if let Some(m) = ids.iter().find(|id| id.contains(":m")) {
            turn.moves += 1;
            m.clone()
        } else if turn.moves >= 2 {
            button(&turn.board, "stop").ok_or("no stop button")?
        } else {
            button(&turn.board, "roll").ok_or("no roll button")?
        };
        let board = turn.board.message_id();
        let cb = answer(emu, emu.click(player, board, &choice)).await?;
        played.clicks += 1;
        played.latencies.push(cb.latency);
        if cb.kind != callback_type::UPDATE_MESSAGE {
            return Err(format!(
                "a legal click was answered with type {}: {}",
                cb.kind, cb.data
            ));
        }
        let updated = emu.message(board).ok_or("the board vanished")?;
        // A finished game's board keeps one button (Rematch), so the result is read first.
        let over = cb.data["content"].as_str().is_some_and(|c| c.contains("wins"));
        if !over && !updated.custom_ids().is_empty() {
            return Ok(Turn {
                board: updated,
                ..*turn
            });
        }
        // The clicked board froze: the turn passed (a new board follows) or the game is over.
        let next = if over {
            played.finished += 1;
            let (ann, ben) = self.seats;
            open_game(emu, self.channel, board, ann, ben).await?
        } else {
            next_live(emu, self.channel, board).await?
        };
        Ok(Turn::new(next))
    }
}

/// The live board, whose turn it is (the board pings them when it is posted), and the moves
/// they made this turn.
struct Turn {
    board: Message,
    player: Option<UserId>,
    moves: usize,
}

impl Turn {
    fn new(board: Message) -> Turn {
        Turn {
            player: pinged(&board),
            board,
            moves: 0,
        }
    }
}

/// What one rate of the open loop measured.
struct OpenFigures {
    rate: usize,
    /// Arrivals that found every game busy (none with 10,000 games at these rates).
    skipped: usize,
    clicks: usize,
    seconds: f64,
    p50_ms: f64,
    p99_ms: f64,
    p999_ms: f64,
    max_ms: f64,
    errors: usize,
    bot_cpu_ms: f64,
    bench_cpu_ms: f64,
    bot_cores: f64,
}

/// The latency at quantile `q` of sorted latencies, in ms.
fn quantile_ms(sorted: &[Duration], q: f64) -> f64 {
    let at = ((sorted.len() as f64 * q) as usize).min(sorted.len().saturating_sub(1));
    sorted.get(at).map_or(0.0, |d| d.as_secs_f64() * 1000.0)
}

/// Opens `open_games` games, then offers clicks at each rate in turn on the same bot and games.
async fn open_loop(binary: &Path, args: &Args) -> Result<Vec<OpenFigures>, String> {
    let games = args.open_games;
    let emu = emulator(args).await;
    let channels: Vec<ChannelId> = (0..games)
        .map(|g| emu.add_text_channel(&format!("open-{g}")))
        .collect();
    let seats: Vec<(UserId, UserId)> = (0..games)
        .map(|g| (emu.user(&format!("oann{g}")), emu.user(&format!("oben{g}"))))
        .collect();
    let dir = args.dir.join(format!("saikoro-load-open-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;
    let result = offer_rates(&emu, binary, &dir, &channels, &seats, args).await;
    std::fs::remove_dir_all(&dir).ok();
    if let Ok(emu) = Arc::try_unwrap(emu) {
        emu.shutdown().await;
    }
    result
}

async fn offer_rates(
    emu: &Arc<Emulator>,
    binary: &Path,
    dir: &Path,
    channels: &[ChannelId],
    seats: &[(UserId, UserId)],
    args: &Args,
) -> Result<Vec<OpenFigures>, String> {
    let config = write_config(emu, dir)?;
    let (bot, _) = Bot::start(binary, &config, dir, "open").await?;
    let setup = Instant::now();
    let opened: Vec<Result<Message, String>> = futures_util::stream::iter(channels.iter().zip(seats))
        .map(|(&channel, &(ann, ben))| open_game(emu, channel, MessageId(0), ann, ben))
        .buffered(SETUP_CONCURRENCY)
        .collect()
        .await;
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
    // Every idle game: its player and the board it will click next.
    let idle: Arc<std::sync::Mutex<Vec<(Player, Turn)>>> = Arc::new(std::sync::Mutex::new(
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
                };
                Some((player, Turn::new(board?)))
            })
            .collect(),
    ));
    let mut rows = Vec::new();
    for &rate in &args.open_rates {
        eprintln!("open loop: {rate} clicks/s for {} s", args.open_seconds);
        rows.push(offer(&bot, &idle, rate, args.open_seconds).await?);
    }
    Ok(rows)
}

/// Clicks arriving at `rate` per second (exponential gaps) for `seconds`, each on a random idle
/// game; waits for the last answers, then sums up.
async fn offer(
    bot: &Bot,
    idle: &Arc<std::sync::Mutex<Vec<(Player, Turn)>>>,
    rate: usize,
    seconds: u64,
) -> Result<OpenFigures, String> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(rate as u64);
    let played = Arc::new(std::sync::Mutex::new(Played::default()));
    let bot_cpu = cpu_seconds(bot.pid())?;
    let bench_cpu = cpu_seconds(std::process::id())?;
    let started = Instant::now();
    let end = started + Duration::from_secs(seconds);
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
        let Some((player, mut turn)) = picked else {
            skipped += 1;
            continue;
        };
        let (idle, played) = (idle.clone(), played.clone());
        tasks.push(tokio::spawn(async move {
            let mut mine = Played::default();
            let next = match player.step(&mut turn, &mut mine).await {
                Ok(next) => Some(next),
                Err(e) => {
                    mine.errors += 1;
                    eprintln!("  channel {}: {e}", player.channel);
                    // Look at the channel afresh: the newest live message is the board.
                    let messages = player.emu.messages_after(player.channel, MessageId(0));
                    messages
                        .into_iter()
                        .rev()
                        .find(|m| !m.custom_ids().is_empty())
                        .map(Turn::new)
                }
            };
            played.lock().expect("played").add(mine);
            if let Some(next) = next {
                idle.lock().expect("idle games").push((player, next));
            }
        }));
    }
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
    let elapsed = started.elapsed().as_secs_f64();
    let bot_cpu = cpu_seconds(bot.pid())? - bot_cpu;
    let bench_cpu = cpu_seconds(std::process::id())? - bench_cpu;
    let mut played = std::mem::take(&mut *played.lock().expect("played"));
    played.errors += panicked;
    played.latencies.sort();
    let per_click = |cpu: f64| cpu * 1000.0 / played.clicks.max(1) as f64;
    Ok(OpenFigures {
        rate,
        skipped,
        clicks: played.clicks,
        seconds: elapsed,
        p50_ms: quantile_ms(&played.latencies, 0.50),
        p99_ms: quantile_ms(&played.latencies, 0.99),
        p999_ms: quantile_ms(&played.latencies, 0.999),
        max_ms: quantile_ms(&played.latencies, 1.0),
        errors: played.errors,
        bot_cpu_ms: per_click(bot_cpu),
        bench_cpu_ms: per_click(bench_cpu),
        bot_cores: bot_cpu / elapsed,
    })
}

fn print_open_table(rows: &[OpenFigures], args: &Args) {
    println!(
        "\nsaikoro open loop: Can't Stop, {} active games, Poisson arrivals for {} s per rate, SQLite \
         (synchronous=FULL) in {}; one run; {}",
        args.open_games,
        args.open_seconds,
        args.dir.display(),
        args.checks_said()
    );
    println!(
        "| offered/s | answered/s |   p50 ms |   p99 ms | p99.9 ms |   max ms | clicks | errors | skipped | \
         bot cores | bot CPU/click | bench CPU/click |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for r in rows {
        println!(
            "| {:>9} | {:>10.0} | {:>8.2} | {:>8.2} | {:>8.2} | {:>8.1} | {:>6} | {:>6} | {:>7} | {:>9.2} | {:>10.3} ms | {:>12.3} ms |",
            r.rate,
            r.clicks as f64 / r.seconds,
            r.p50_ms,
            r.p99_ms,
            r.p999_ms,
            r.max_ms,
            r.clicks,
            r.errors,
            r.skipped,
            r.bot_cores,
            r.bot_cpu_ms,
            r.bench_cpu_ms,
        );
    }
    let capacity = rows
        .iter()
        .filter(|r| r.p99_ms <= CAPACITY_P99_MS && r.errors == 0)
        .map(|r| r.rate)
        .max();
    match capacity {
        Some(rate) => println!(
            "capacity (highest offered rate with p99 <= {CAPACITY_P99_MS} ms, no errors): {rate} clicks/s"
        ),
        None => println!("capacity: no offered rate kept p99 <= {CAPACITY_P99_MS} ms without errors"),
    }
    println!(
        "latency: dispatch → callback at the emulator; a game that ended starts a new one (its lobby \
         clicks are not counted); CPU per click: CPU time over the rate's window / answered clicks \
         (bench = emulator + players, in one process)."
    );
}
