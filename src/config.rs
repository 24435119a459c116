//! Configuration: `config.toml` (path from `--config` or `SAIKORO_CONFIG`), then `SAIKORO_*`
//! environment variables, then `DISCORD_TOKEN` (or a `token_file`). Every key is documented in
//! `config.example.toml`.

mod token;
mod wording;

use crate::redact::{hide, redact};
use crate::shards::ShardRange;
use figment::Figment;
use figment::providers::{Env, Format, Serialized, Toml};
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
    /// Limits against abuse (`[limits]`), checked as they are read.
    #[serde(deserialize_with = "crate::session::checked_limits")]
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
    /// environment, then the token. Errors name the key and the file's line, never a value.
    pub fn load(path: &Path, explicit: bool) -> Result<Self, String> {
        if explicit && !path.exists() {
            return Err(format!("config file {} does not exist", path.display()));
        }
        let mut fig = Figment::from(Serialized::defaults(Config::default()));
        let text = if path.exists() {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read config file {}: {e}", path.display()))?;
            wording::check_syntax(path, &text)?;
            fig = fig.merge(Toml::string(&text));
            Some(text)
        } else {
            None
        };
        // Only our keys: other SAIKORO_* variables (SAIKORO_CONFIG, test settings) are not config.
        let keys = serde_json::to_value(Config::default()).expect("the config serializes");
        let keys: Vec<&str> = keys
            .as_object()
            .expect("a table")
            .keys()
            .map(String::as_str)
            .collect();
        fig = fig.merge(Env::prefixed("SAIKORO_").only(&keys));
        let mut cfg: Config = fig.extract().map_err(|e| match &text {
            // Serde stops at the first bad key: each of the file's keys is read alone too, so
            // every problem is listed at once.
            Some(text) => wording::every_problem(e, path, text),
            None => wording::extraction(e, path, None),
        })?;
        let env = std::env::var("DISCORD_TOKEN").ok();
        cfg.token =
            token::resolve(cfg.token.take(), env, cfg.token_file.as_deref()).map_err(|e| e.to_string())?;
        if let Some(token) = &cfg.token {
            hide(token);
        }
        cfg.validate()?;
        Ok(cfg)
    }

    /// `check-config`'s answer for a valid configuration: a few lines a person reads, no
    /// secrets.
    pub fn summary(&self, tr: &crate::engine::Tr) -> String {
        use crate::engine::Msg;
        let shards = match self.shard_range() {
            Ok(range) => range.to_string(),
            Err(why) => why,
        };
        let token = if self.token.is_some() { "yes" } else { "no" };
        [
            tr.t("cli-config-ok"),
            tr.msg(&Msg::new("cli-config-database").arg("database", redact(&self.database_url))),
            tr.msg(&Msg::new("cli-config-token").arg("token", token)),
            tr.msg(&Msg::new("cli-config-guilds").arg("guilds", self.guild_ids.len())),
            tr.msg(&Msg::new("cli-config-shards").arg("shards", shards)),
            tr.msg(
                &Msg::new("cli-config-timers")
                    .arg("reminder", self.turn_reminder_secs)
                    .arg("timeout", self.turn_timeout_secs)
                    .arg("lobby", self.lobby_expiry_secs),
            ),
        ]
        .join("\n")
    }

    /// The shards this process runs (the configuration is validated, so they are well formed).
    pub fn shard_range(&self) -> Result<ShardRange, String> {
        ShardRange::parse(&self.shards, self.shard_total)
    }

    /// Applies `--shards` and `--shard-total`, which override the file and the environment.
    pub fn set_shards(&mut self, shards: Option<String>, total: Option<u32>) -> Result<(), String> {
        if let Some(shards) = shards {
            self.shards = shards;
        }
        if let Some(total) = total {
            self.shard_total = total;
        }
        self.validate()
    }

    fn validate(&self) -> Result<(), String> {
        let mut problems = vec![];
        match self.shard_range() {
            // One SQLite file cannot be shared safely by processes on other machines, and the
            // store's ownership rules assume one database every process sees.
            Ok(range) if !range.is_all() && self.database_url.starts_with("sqlite:") => {
                problems.push(format!(
                    "running {range} needs PostgreSQL: several processes cannot share a SQLite \
                     database. Set database_url to postgres://…, or run one process with every \
                     shard (shards = \"0-{}\")",
                    range.total() - 1
                ));
            }
            Ok(_) => {}
            Err(why) => problems.push(why),
        }
        if !(self.database_url.starts_with("sqlite:")
            || self.database_url.starts_with("postgres://")
            || self.database_url.starts_with("postgresql://"))
        {
            problems.push(format!(
                "database_url `{}` must start with sqlite: or postgres://",
                redact(&self.database_url)
            ));
        }
        problems.extend(self.network_problems());
        // Beyond a year a value is a typo, and near u64::MAX it would overflow the clock.
        const YEAR: u64 = 365 * 24 * 3600;
        if !(1..=YEAR).contains(&self.lobby_expiry_secs) {
            problems.push(format!("lobby_expiry_secs must be from 1 to {YEAR}"));
        }
        for (key, value) in [
            ("turn_reminder_secs", self.turn_reminder_secs),
            ("turn_timeout_secs", self.turn_timeout_secs),
            ("bot_delay_ms", self.bot_delay_ms / 1000),
        ] {
            if value > YEAR {
                problems.push(format!("{key} is more than a year"));
            }
        }
        if !(1..=60_000).contains(&self.identify_window_ms) {
            problems.push("identify_window_ms must be from 1 to 60000 (Discord's window is 5000)".into());
        }
        if let Some(t) = &self.token
            && t.contains(char::is_whitespace)
        {
            problems.push("token contains white space; copy it again from the Developer Portal".into());
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems.join("\n"))
        }
    }

    /// What is wrong with the addresses: Discord's, the egress proxy, the extra root
    /// certificate, the metrics address.
    fn network_problems(&self) -> Vec<String> {
        let mut problems = vec![];
        if !self.discord_api_url.is_empty()
            && let Err(why) = check_api_url(&self.discord_api_url)
        {
            problems.push(why);
        }
        if !self.metrics_addr.is_empty() && self.metrics_addr.parse::<std::net::SocketAddr>().is_err() {
            problems.push(format!(
                "metrics_addr `{}` must be an address and port such as 0.0.0.0:9100",
                self.metrics_addr
            ));
        }
        let proxy = &self.discord_https_proxy;
        if !(proxy.is_empty() || proxy.starts_with("http://") || proxy.starts_with("https://")) {
            problems.push(format!(
                "discord_https_proxy `{}` must be an http(s) URL",
                redact(proxy)
            ));
        }
        if !(self.discord_api_url.is_empty() || proxy.is_empty() && self.discord_extra_ca.is_empty()) {
            problems.push(
                "discord_api_url replaces Discord itself; it cannot be combined with \
                 discord_https_proxy or discord_extra_ca"
                    .into(),
            );
        }
        if !self.discord_extra_ca.is_empty() && !Path::new(&self.discord_extra_ca).is_file() {
            problems.push(format!(
                "discord_extra_ca `{}` is not a readable file",
                self.discord_extra_ca
            ));
        }
        problems
    }
}

/// The token goes with every request to `discord_api_url`: only over TLS, or to this machine
/// (the emulator the end-to-end tests run).
fn check_api_url(text: &str) -> Result<(), String> {
    use url::Host;
    let url = url::Url::parse(text).map_err(|e| format!("discord_api_url must be an https:// URL ({e})"))?;
    let loopback = match url.host() {
        Some(Host::Domain(name)) => name.eq_ignore_ascii_case("localhost"),
        Some(Host::Ipv4(ip)) => ip.is_loopback(),
        Some(Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    };
    match url.scheme() {
        "https" => Ok(()),
        "http" if loopback => Ok(()),
        "http" => Err(
            "discord_api_url must be https:// (http:// only to 127.0.0.1, ::1 or \
                       localhost): the bot token is sent with every request"
                .into(),
        ),
        _ => Err("discord_api_url must be an https:// URL".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn example_config_is_valid_and_complete() {
        let example = include_str!("../config.example.toml");
        let cfg: Config = Figment::from(Toml::string(example))
            .extract()
            .expect("example parses");
        cfg.validate().unwrap();
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
    fn broken_configs_are_refused_with_the_key_named() {
        let err = Figment::from(Toml::string("lobby_expiry_secs = \"soon\""))
            .extract::<Config>()
            .unwrap_err()
            .to_string();
        assert!(err.contains("lobby_expiry_secs"), "{err}");
        let err = Figment::from(Toml::string("colour = 1"))
            .extract::<Config>()
            .unwrap_err()
            .to_string();
        assert!(err.contains("colour"), "{err}");
        let cfg = Config {
            database_url: "mysql://x".into(),
            ..Config::default()
        };
        assert!(cfg.validate().unwrap_err().contains("database_url"));
        let cfg = Config {
            discord_https_proxy: "socks5://proxy:1080".into(),
            ..Config::default()
        };
        assert!(cfg.validate().unwrap_err().contains("discord_https_proxy"));
        let cfg = Config {
            discord_api_url: "http://127.0.0.1:8080".into(),
            discord_https_proxy: "http://proxy:3128".into(),
            ..Config::default()
        };
        assert!(cfg.validate().unwrap_err().contains("cannot be combined"));
        let cfg = Config {
            discord_extra_ca: "/no/such/ca.pem".into(),
            ..Config::default()
        };
        assert!(cfg.validate().unwrap_err().contains("discord_extra_ca"));
    }

    #[test]
    fn a_part_of_the_shards_needs_postgres() {
        let mut cfg = Config::default();
        cfg.set_shards(Some("0-3".into()), Some(4)).unwrap();
        let err = cfg.set_shards(Some("0-1".into()), None).unwrap_err();
        assert!(err.contains("needs PostgreSQL"), "{err}");
        cfg.database_url = "postgres://db/saikoro".into();
        cfg.set_shards(None, None).unwrap();
        assert_eq!(cfg.shard_range().unwrap().to_string(), "shards 0-1 of 4");
        let err = cfg.set_shards(Some("3-4".into()), None).unwrap_err();
        assert!(err.contains("beyond shard_total 4"), "{err}");
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
            check_api_url(url).unwrap_or_else(|e| panic!("{url}: {e}"));
        }
        for url in [
            "http://discord.example.com",
            "http://10.0.0.1:8080",
            "ftp://127.0.0.1",
            "127.0.0.1:80",
        ] {
            let err = check_api_url(url).unwrap_err();
            assert!(err.starts_with("discord_api_url must be"), "{url}: {err}");
        }
        let cfg = Config {
            discord_api_url: "http://discord.example.com".into(),
            ..Config::default()
        };
        assert!(cfg.validate().unwrap_err().contains("https://"));
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
