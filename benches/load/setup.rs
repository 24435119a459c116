//! Setting up the bench: the emulator with its channels and players, the bot's folder and
//! config, the bot process, and the CPU both use.

use crate::WAIT;
use crate::args::Args;
use saikoro_emulator::{ChannelId, Emulator, UserId};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A fresh emulator with one channel and two players per game, and the bot's folder.
pub struct Tables {
    pub emu: Arc<Emulator>,
    pub channels: Vec<ChannelId>,
    pub seats: Vec<(UserId, UserId)>,
    pub dir: PathBuf,
}

impl Tables {
    /// `games` channels `<channel>-<g>` with players `<ann><g>` and `<ben><g>`, and an empty
    /// folder `<folder>-<pid>` in `--dir`.
    pub async fn set_up(
        args: &Args,
        games: usize,
        (channel, ann, ben): (&str, &str, &str),
        folder: &str,
    ) -> Result<Tables, String> {
        let emu = emulator(args).await;
        let channels: Vec<ChannelId> = (0..games)
            .map(|g| emu.add_text_channel(&format!("{channel}-{g}")))
            .collect();
        let seats: Vec<(UserId, UserId)> = (0..games)
            .map(|g| (emu.user(&format!("{ann}{g}")), emu.user(&format!("{ben}{g}"))))
            .collect();
        let dir = args.dir.join(format!("{folder}-{}", std::process::id()));
        std::fs::remove_dir_all(&dir).ok();
        std::fs::create_dir_all(&dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;
        Ok(Tables {
            emu,
            channels,
            seats,
            dir,
        })
    }

    /// Removes the folder and stops the emulator.
    pub async fn tear_down(self) {
        std::fs::remove_dir_all(&self.dir).ok();
        if let Ok(emu) = Arc::try_unwrap(self.emu) {
            emu.shutdown().await;
        }
    }
}

/// CPU seconds the bot and the bench (emulator and players) used since `start`.
pub struct CpuMeter {
    bot: f64,
    bench: f64,
}

impl CpuMeter {
    pub fn start(bot: &Bot) -> Result<CpuMeter, String> {
        Ok(CpuMeter {
            bot: cpu_seconds(bot.pid())?,
            bench: cpu_seconds(std::process::id())?,
        })
    }

    /// The bot's and the bench's CPU seconds since `start`.
    pub fn used(&self, bot: &Bot) -> Result<(f64, f64), String> {
        let bot = cpu_seconds(bot.pid())? - self.bot;
        let bench = cpu_seconds(std::process::id())? - self.bench;
        Ok((bot, bench))
    }
}

/// A fresh emulator, checking request bodies only if asked to (`--checks`).
async fn emulator(args: &Args) -> Arc<Emulator> {
    let emu = Arc::new(Emulator::start().await);
    if !args.checks {
        emu.skip_body_checks();
    }
    emu
}

/// The bot's configuration in `dir`; with `metrics`, it serves them on that port.
pub fn write_config(emu: &Emulator, dir: &Path, metrics: Option<u16>) -> Result<PathBuf, String> {
    let config = dir.join("config.toml");
    let metrics = metrics.map_or(String::new(), |port| {
        format!("metrics_addr = \"127.0.0.1:{port}\"\n")
    });
    let text = format!(
        "{metrics}guild_ids = [{guild}]\ndatabase_url = \"sqlite://{db}\"\ndiscord_api_url = \"{api}\"\n\
         lobby_expiry_secs = 86400\nbot_delay_ms = 0\ndice_seed = 7\n\
         [limits]\nuser_burst = 0\nuser_per_minute = 0\nchannel_burst = 0\nchannel_per_minute = 0\n\
         games_per_user = 0\nlobbies_per_server = 0\nbot_games_per_server = 0\npings_per_hour = 0\n",
        guild = emu.guild_id(),
        db = dir.join("games.db").display(),
        api = emu.api_url(),
    );
    std::fs::write(&config, text).map_err(|e| format!("writing {}: {e}", config.display()))?;
    Ok(config)
}

/// A port free on 127.0.0.1 just now, for the bot's metrics.
pub fn free_port() -> Result<u16, String> {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
    Ok(listener.local_addr().map_err(|e| e.to_string())?.port())
}

/// Asks the bot's `/metrics` once a second, as a Prometheus would (more often than its usual
/// 15 s), until aborted; a scrape that fails is tried again the next second.
pub async fn scrape_every_second(port: u16) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut every = tokio::time::interval(Duration::from_secs(1));
    loop {
        every.tick().await;
        let Ok(mut stream) = tokio::net::TcpStream::connect(("127.0.0.1", port)).await else {
            continue;
        };
        let mut text = Vec::new();
        let asked = stream.write_all(b"GET /metrics HTTP/1.0\r\n\r\n").await;
        if asked.is_ok() && stream.read_to_end(&mut text).await.is_ok() {
            let text = String::from_utf8_lossy(&text);
            let status = text.lines().next().unwrap_or_default();
            if !status.contains(" 200 ") {
                eprintln!("metrics: {status}");
            }
        }
    }
}

/// The bot process; killed when dropped, so a failed run leaves nothing behind.
pub struct Bot {
    child: Child,
    /// Games the bot loaded from the store at start-up (its "ready" log line).
    pub restored: usize,
}

impl Bot {
    /// Spawns `saikoro run` and waits for its "ready" line (commands registered, stored games
    /// loaded); returns the bot and how long that took.
    pub async fn start(
        binary: &Path,
        config: &Path,
        dir: &Path,
        name: &str,
        cpus: Option<&str>,
    ) -> Result<(Bot, Duration), String> {
        let log_path = dir.join(format!("{name}.log"));
        let log = std::fs::File::create(&log_path).map_err(|e| format!("creating the log: {e}"))?;
        let err = log.try_clone().map_err(|e| e.to_string())?;
        let started = Instant::now();
        let mut command = match cpus {
            Some(cpus) => {
                let mut taskset = Command::new("taskset");
                taskset.args(["-c", cpus]).arg(binary);
                taskset
            }
            None => Command::new(binary),
        };
        let child = command
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

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// A `/proc/<pid>/status` figure in KiB (VmRSS, VmHWM).
    pub fn status(&self, key: &str) -> Result<f64, String> {
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
