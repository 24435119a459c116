//! Configuration: `config.toml` (path from `--config` or `SAIKORO_CONFIG`), then `SAIKORO_*`
//! environment variables, then `DISCORD_TOKEN` (or a `token_file`). Every key is documented in
//! `config.example.toml`.

mod checks;
mod problem;
mod reading;
mod token;

pub use problem::{Place, Problem, Refusal};

use crate::redact::{hide, redact};
use crate::shards::ShardRange;
use figment::Figment;
use figment::providers::Serialized;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

#[derive(Clone, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// The bot token. Prefer the `DISCORD_TOKEN` environment variable.
    pub token: Option<String>,
    /// A file holding the bot token (a Docker or Kubernetes secret), instead of `token`.
    pub token_file: Option<PathBuf>,
    /// Guilds to register the slash commands in (instant; for testing). Empty: global commands.
    pub guild_ids: Vec<u64>,
    /// `sqlite://path.db` (created on first run) or `postgres://user:pass@host/db`.
    pub database_url: String,
    /// Base URL of the Discord HTTP API. Empty: Discord itself. Set it to a local emulator for tests.
    pub discord_api_url: String,
    /// An HTTP proxy the bot reaches Discord through (HTTPS CONNECT). Empty: none.
    pub discord_https_proxy: String,
    /// A PEM file of one more root certificate to trust, e.g. a TLS-inspecting proxy's. Empty: none.
    pub discord_extra_ca: String,
    /// Seconds before a lobby nobody started expires.
    pub lobby_expiry_secs: u64,
    /// Milliseconds a bot seat waits before each action, so people can follow the board.
    pub bot_delay_ms: u64,
    /// Seconds a player may be idle on their turn before a reminder pings them (0: never).
    pub turn_reminder_secs: u64,
    /// Seconds idle before the player's time runs out (0: never).
    pub turn_timeout_secs: u64,
    /// What a player out of time does: `play` the game's default move, or `leave` the game.
    pub turn_timeout_action: crate::session::OnTimeout,
    /// Fixes all dice, for tests and reproductions. Leave unset for real play.
    pub dice_seed: Option<u64>,
    /// The Discord shards this process runs, `first-last` or one number; empty: all of them.
    pub shards: String,
    /// How many shards the bot has in all, across every process.
    pub shard_total: u32,
    /// Milliseconds between two IDENTIFYs of one bucket of shards (`max_concurrency` of them start
    /// per window): Discord's 5 s and a quarter second for round trips. Tests shorten it.
    pub identify_window_ms: u64,
    /// `host:port` serving Prometheus metrics (`/metrics`) and health checks (`/healthz`,
    /// `/readyz`). Empty: none.
    pub metrics_addr: String,
    /// `text`, or `json` (one JSON object per line, for a log collector).
    pub log_format: crate::logging::LogFormat,
    /// Limits against abuse (`[limits]`), checked with the other values.
    pub limits: crate::session::Limits,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            token: None,
            token_file: None,
            guild_ids: vec![],
            database_url: "sqlite://saikoro.db".into(),
            discord_api_url: String::new(),
            discord_https_proxy: String::new(),
            discord_extra_ca: String::new(),
            lobby_expiry_secs: 30 * 60,
            bot_delay_ms: 1000,
            turn_reminder_secs: 24 * 3600,
            turn_timeout_secs: 3 * 24 * 3600,
            turn_timeout_action: crate::session::OnTimeout::Play,
            dice_seed: None,
            shards: String::new(),
            shard_total: 1,
            identify_window_ms: crate::shards::IDENTIFY_WINDOW.as_millis() as u64,
            metrics_addr: String::new(),
            log_format: crate::logging::LogFormat::Text,
            limits: crate::session::Limits::default(),
        }
    }
}

impl std::fmt::Debug for Config {
    // Never print the token, not even in debug logs.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("token", &self.token.as_ref().map(|_| "<redacted>"))
            .field("token_file", &self.token_file)
            .field("guild_ids", &self.guild_ids)
            .field("database_url", &redact(&self.database_url))
            .field("discord_api_url", &redact(&self.discord_api_url))
            .field("discord_https_proxy", &redact(&self.discord_https_proxy))
            .field("discord_extra_ca", &self.discord_extra_ca)
            .field("lobby_expiry_secs", &self.lobby_expiry_secs)
            .field("bot_delay_ms", &self.bot_delay_ms)
            .field("turn_reminder_secs", &self.turn_reminder_secs)
            .field("turn_timeout_secs", &self.turn_timeout_secs)
            .field("turn_timeout_action", &self.turn_timeout_action)
            .field("dice_seed", &self.dice_seed)
            .field("shards", &self.shards)
            .field("shard_total", &self.shard_total)
            .field("identify_window_ms", &self.identify_window_ms)
            .field("metrics_addr", &self.metrics_addr)
            .field("log_format", &self.log_format)
            .field("limits", &self.limits)
            .finish()
    }
}

impl Config {
    /// Loads the file (if it exists, or fails if it was named explicitly and is missing), then the
    /// environment, then the token, and checks them: refused with every problem at once, each
    /// naming the key and where it was set, never a value that may be secret.
    pub fn load(path: &Path, explicit: bool) -> Result<Self, Refusal> {
        let text = read(path, explicit)?;
        let (file, lines, mut problems) = match &text {
            Some(text) => {
                let lines = reading::Lines::of(text);
                let (good, problems) = reading::typed(reading::table(path, text)?, &lines);
                (good, lines, problems)
            }
            None => (toml::Table::new(), reading::Lines::of(""), vec![]),
        };
        let (env, wrong) = reading::typed_env();
        problems.extend(wrong);
        let at = reading::Places { lines, env };
        // Only the keys of the right type, so that the others' values are still checked.
        let fig = Figment::from(Serialized::defaults(Config::default()))
            .merge(Serialized::defaults(file))
            .merge(reading::env(&at.env));
        let mut cfg: Config = match fig.extract() {
            Ok(cfg) => cfg,
            Err(e) => {
                problems.extend(
                    e.into_iter()
                        .map(|e| reading::worded(&e, Place::File, &e.path.join("."))),
                );
                return Err(Refusal::problems(path, problems));
            }
        };
        let env_token = std::env::var("DISCORD_TOKEN").ok();
        match token::resolve(cfg.token.take(), env_token, cfg.token_file.as_deref()) {
            Ok(token) => cfg.token = token,
            Err(e) => problems.push(at.problem("token_file", e.msg())),
        }
        if let Some(token) = &cfg.token {
            hide(token);
        }
        problems.extend(checks::problems(&cfg, &at));
        if problems.is_empty() {
            Ok(cfg)
        } else {
            Err(Refusal::problems(path, problems))
        }
    }

    /// `check-config`'s answer for a valid configuration read from `path`: a few lines a person
    /// reads, no secrets.
    pub fn summary(&self, path: &Path, tr: &crate::engine::Tr) -> String {
        use crate::engine::Msg;
        let range = self.shard_range().unwrap_or(ShardRange::ALL);
        let token = if self.token.is_some() { "yes" } else { "no" };
        let defaults = Msg::new("config-defaults").arg("file", path.display().to_string());
        let lines = [
            tr.t("cli-config-ok"),
            tr.msg(&Msg::new("cli-config-database").arg("database", redact(&self.database_url))),
            tr.msg(&Msg::new("cli-config-token").arg("token", token)),
            tr.msg(&Msg::new("cli-config-guilds").arg("guilds", self.guild_ids.len())),
            tr.msg(
                &Msg::new("config-shards")
                    .arg("first", range.first())
                    .arg("last", range.last())
                    .arg("total", range.total()),
            ),
            tr.msg(
                &Msg::new("cli-config-timers")
                    .arg("reminder", self.turn_reminder_secs)
                    .arg("timeout", self.turn_timeout_secs)
                    .arg("lobby", self.lobby_expiry_secs),
            ),
        ];
        let first = (!path.exists()).then(|| tr.msg(&defaults));
        first.into_iter().chain(lines).collect::<Vec<_>>().join("\n")
    }

    /// The shards this process runs (the configuration is validated, so they are well formed).
    pub fn shard_range(&self) -> Result<ShardRange, crate::shards::RangeError> {
        ShardRange::parse(&self.shards, self.shard_total)
    }

    /// Applies `--shards` and `--shard-total`, which override the file and the environment:
    /// refused with what is wrong, a line each, in `tr`'s language.
    pub fn set_shards(
        &mut self,
        shards: Option<String>,
        total: Option<u32>,
        tr: &crate::engine::Tr,
    ) -> Result<(), String> {
        if let Some(shards) = shards {
            self.shards = shards;
        }
        if let Some(total) = total {
            self.shard_total = total;
        }
        let problems = checks::shards(self, &reading::Places::nowhere());
        if problems.is_empty() {
            return Ok(());
        }
        let flag = |key: &str| format!("--{}", key.replace('_', "-"));
        let lines: Vec<String> = problems
            .iter()
            .map(|p| format!("{}: {}", flag(&p.key), tr.msg(&p.what)))
            .collect();
        Err(lines.join("\n"))
    }
}

/// The file's text, `None` when there is none and none was asked for.
fn read(path: &Path, explicit: bool) -> Result<Option<String>, Refusal> {
    use crate::engine::Msg;
    let file = path.display().to_string();
    if !path.exists() {
        return if explicit {
            Err(Refusal::Unread(Msg::new("config-no-file").arg("file", file)))
        } else {
            Ok(None)
        };
    }
    std::fs::read_to_string(path).map(Some).map_err(|e| {
        Refusal::Unread(
            Msg::new("config-unreadable")
                .arg("file", file)
                .arg("why", e.to_string()),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Locale, Tr};
    use figment::providers::{Format, Toml};

    /// The problems of the values, in English, a line each.
    fn problems(cfg: &Config) -> String {
        let list = checks::problems(cfg, &reading::Places::nowhere());
        Refusal::problems(Path::new("c.toml"), list).words(&Tr::new(Locale::En, &[]))
    }

    #[test]
    fn example_config_is_valid_and_complete() {
        let example = include_str!("../config.example.toml");
        let cfg: Config = Figment::from(Toml::string(example))
            .extract()
            .expect("example parses");
        assert!(checks::problems(&cfg, &reading::Places::nowhere()).is_empty());
        // Every key of the struct is documented in the example.
        let keys = serde_json::to_value(Config::default()).unwrap();
        for key in keys.as_object().unwrap().keys() {
            assert!(
                example.contains(&format!("{key} =")) || example.contains(&format!("[{key}]")),
                "config.example.toml lacks `{key}`"
            );
        }
    }

    #[test]
    fn wrong_values_are_refused_with_the_key_named() {
        for (cfg, expected) in [
            (
                Config {
                    database_url: "mysql://x".into(),
                    ..Config::default()
                },
                "c.toml: database_url: `mysql://x` must start with sqlite: or postgres://",
            ),
            (
                Config {
                    discord_https_proxy: "socks5://proxy:1080".into(),
                    ..Config::default()
                },
                "c.toml: discord_https_proxy: `socks5://proxy:1080` must be an http",
            ),
            (
                Config {
                    discord_api_url: "http://127.0.0.1:8080".into(),
                    discord_https_proxy: "http://proxy:3128".into(),
                    ..Config::default()
                },
                "cannot be combined",
            ),
            (
                Config {
                    discord_extra_ca: "/no/such/ca.pem".into(),
                    ..Config::default()
                },
                "c.toml: discord_extra_ca: `/no/such/ca.pem` is not a readable file",
            ),
            (
                Config {
                    limits: crate::session::Limits {
                        user_burst: 0,
                        ..crate::session::Limits::default()
                    },
                    ..Config::default()
                },
                "c.toml: [limits] user_burst: user_burst and user_per_minute must both be 0",
            ),
        ] {
            let err = problems(&cfg);
            assert!(err.contains(expected), "{expected}: {err}");
        }
    }

    #[test]
    fn a_reminder_must_come_before_the_timeout() {
        let cfg = Config {
            turn_reminder_secs: 100,
            turn_timeout_secs: 10,
            ..Config::default()
        };
        assert!(problems(&cfg).contains("c.toml: turn_reminder_secs: the reminder (100 s) would come"));
        for (reminder, timeout) in [(0, 10), (100, 0), (9, 10)] {
            let cfg = Config {
                turn_reminder_secs: reminder,
                turn_timeout_secs: timeout,
                ..Config::default()
            };
            assert!(checks::problems(&cfg, &reading::Places::nowhere()).is_empty());
        }
    }

    #[test]
    fn a_part_of_the_shards_needs_postgres() {
        let tr = Tr::new(Locale::En, &[]);
        let mut cfg = Config::default();
        cfg.set_shards(Some("0-3".into()), Some(4), &tr).unwrap();
        let err = cfg.set_shards(Some("0-1".into()), None, &tr).unwrap_err();
        assert!(
            err.starts_with("--shards: running shards 0-1 of 4 needs PostgreSQL"),
            "{err}"
        );
        cfg.database_url = "postgres://db/saikoro".into();
        cfg.set_shards(None, None, &tr).unwrap();
        assert_eq!(cfg.shard_range().unwrap().to_string(), "shards 0-1 of 4");
        let err = cfg.set_shards(Some("3-4".into()), None, &tr).unwrap_err();
        assert!(err.contains("goes beyond shard_total 4"), "{err}");
        let err = cfg.set_shards(Some("3-2".into()), None, &tr).unwrap_err();
        assert!(err.contains("the range 3-2 is empty"), "{err}");
        let err = cfg.set_shards(Some("x".into()), Some(0), &tr).unwrap_err();
        assert_eq!(
            err,
            "--shard-total: must be at least 1\n--shards: `x` must be a shard number or a range such as 0-1"
        );
    }

    #[test]
    fn discord_api_url_is_https_unless_it_is_this_machine() {
        for url in [
            "https://discord.example.com/api",
            "http://127.0.0.1:8080",
            "http://127.9.9.9",
            "http://[::1]:80/",
            "http://LOCALHOST:1",
        ] {
            checks::check_api_url(url).unwrap_or_else(|e| panic!("{url}: {e:?}"));
        }
        for url in [
            "http://discord.example.com",
            "http://10.0.0.1:8080",
            "ftp://127.0.0.1",
            "127.0.0.1:80",
        ] {
            let err = checks::check_api_url(url).unwrap_err();
            assert!(err.id.starts_with("config-api-url"), "{url}: {err:?}");
        }
        let cfg = Config {
            discord_api_url: "http://discord.example.com".into(),
            ..Config::default()
        };
        assert!(problems(&cfg).contains("discord_api_url: must be https://"));
    }

    #[test]
    fn secrets_are_redacted() {
        let cfg = Config {
            token: Some("very-secret-token".into()),
            database_url: "postgres://me:hunter2@db/saikoro?password=hunter3".into(),
            discord_api_url: "https://u:hunter4@discord.example.com/api".into(),
            ..Config::default()
        };
        let shown = format!("{cfg:?}");
        for secret in ["very-secret-token", "hunter2", "hunter3", "hunter4"] {
            assert!(!shown.contains(secret), "{shown}");
        }
    }
}
