//! The command line and its environment variables.

use std::path::PathBuf;

pub struct Args {
    pub games: Vec<usize>,
    pub seconds: u64,
    /// Clicks per player task; `None`: as many as fit in `seconds`.
    pub clicks: Option<usize>,
    pub repeat: usize,
    /// Where the bot's temporary folder (database, logs) goes.
    pub dir: PathBuf,
    pub open_rates: Vec<usize>,
    pub open_games: usize,
    pub open_seconds: u64,
    /// `closed` or `open`: run only that part.
    pub only: Option<String>,
    /// Whether the emulator checks every request body against Discord's schema (the end-to-end
    /// tests do): off by default, as it costs more CPU than the bot's click on the same cores.
    pub checks: bool,
    /// Whether the bot serves (and so records) its metrics, scraped every second (`--metrics`):
    /// the open loop's CPU per click with and without them.
    pub metrics: bool,
    /// `--bot-cpus 1`: the bot runs on these CPUs only (through `taskset`), so that with the
    /// bench pinned to the others (`taskset -c 0 cargo bench …`) the bot's own cost is measured
    /// apart from the emulator's and the players'.
    pub bot_cpus: Option<String>,
    /// `--boards image`: the server's boards are pictures (a PNG drawn and uploaded at every
    /// click, several times an emoji board's cost), set as a manager would before the games open.
    pub image_boards: bool,
}

/// `value`, if given, is one of `allowed`; otherwise says which `flag` it is not.
fn one_of(flag: &str, value: Option<&str>, [a, b]: [&str; 2]) -> Result<(), String> {
    match value {
        Some(v) if v != a && v != b => Err(format!("{flag}: `{v}` is neither `{a}` nor `{b}`")),
        _ => Ok(()),
    }
}

impl Args {
    pub fn parse() -> Result<Args, String> {
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
        let mut metrics = env("LOAD_METRICS").is_some_and(|v| v == "1");
        let mut bot_cpus = env("LOAD_BOT_CPUS");
        let mut boards = env("LOAD_BOARDS").unwrap_or_else(|| "emoji".into());
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
                "--boards" => &mut boards,
                "--clicks" => {
                    clicks = args.next();
                    continue;
                }
                "--only" => {
                    only = args.next();
                    continue;
                }
                "--bot-cpus" => {
                    bot_cpus = args.next();
                    continue;
                }
                "--checks" => {
                    checks = true;
                    continue;
                }
                "--metrics" => {
                    metrics = true;
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
        one_of("--only", only.as_deref(), ["closed", "open"])?;
        one_of("--boards", Some(&boards), ["emoji", "image"])?;
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
            metrics,
            bot_cpus,
            image_boards: boards == "image",
        })
    }

    pub fn checks_said(&self) -> &'static str {
        if self.checks {
            "the emulator checks every request body"
        } else {
            "the emulator's body checks off (--checks: on)"
        }
    }

    pub fn metrics_said(&self) -> &'static str {
        if self.metrics {
            "metrics served and scraped every second"
        } else {
            "metrics off (--metrics: on)"
        }
    }

    pub fn boards_said(&self) -> &'static str {
        if self.image_boards {
            "boards drawn as pictures"
        } else {
            "emoji boards (--boards image: pictures)"
        }
    }

    pub fn runs(&self, part: &str) -> bool {
        self.only.as_deref().is_none_or(|only| only == part)
    }
}
