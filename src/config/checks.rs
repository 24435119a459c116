//! The checks of the values, once every key has its type: each problem names the key it is
//! about, where that key was set.

use super::Config;
use super::problem::Problem;
use super::reading::Places;
use crate::engine::Msg;
use crate::redact::redact;
use crate::session::{LimitProblem, MAX_BOARD_PING_SECS, MAX_LIMIT};
use crate::shards::ShardRange;
use std::path::Path;

/// Beyond a year a time is a typo, and near `u64::MAX` it would overflow the clock.
const YEAR: u64 = 365 * 24 * 3600;

/// Every problem of the values.
pub(super) fn problems(cfg: &Config, at: &Places) -> Vec<Problem> {
    let mut problems = shards(cfg, at);
    if !["sqlite:", "postgres://", "postgresql://"]
        .iter()
        .any(|scheme| cfg.database_url.starts_with(scheme))
    {
        let what = Msg::new("config-database-scheme").arg("value", redact(&cfg.database_url));
        problems.push(at.problem("database_url", what));
    }
    problems.extend(timers(cfg, at));
    problems.extend(network(cfg, at));
    problems.extend(limits(cfg, at));
    if let Some(t) = &cfg.token
        && t.contains(char::is_whitespace)
    {
        problems.push(at.problem("token", Msg::new("config-token-space")));
    }
    problems
}

/// The shards this process runs, of how many: well formed, and only all of them on SQLite
/// (one SQLite file cannot be shared safely by processes on other machines, and the store's
/// ownership rules assume one database every process sees).
pub(super) fn shards(cfg: &Config, at: &Places) -> Vec<Problem> {
    let total = cfg.shard_total;
    if total == 0 {
        let mut problems = vec![at.problem("shard_total", Msg::new("config-shard-total-zero"))];
        // Whatever the total will be, the range itself may be wrong too.
        if let Err(why) = ShardRange::parse(&cfg.shards, u32::MAX) {
            problems.push(at.problem("shards", why.msg()));
        }
        return problems;
    }
    let range = match ShardRange::parse(&cfg.shards, total) {
        Ok(range) => range,
        Err(why) => return vec![at.problem("shards", why.msg())],
    };
    if range.is_all() || !cfg.database_url.starts_with("sqlite:") {
        return vec![];
    }
    let what = Msg::new("config-shards-need-postgres")
        .arg("first", range.first())
        .arg("last", range.last())
        .arg("total", total)
        .arg("highest", total - 1);
    vec![at.problem("shards", what)]
}

/// The lobby's and turns' times, and how fast shards identify.
fn timers(cfg: &Config, at: &Places) -> Vec<Problem> {
    let mut problems = vec![];
    let from_to = |min: u64, max: u64| Msg::new("config-from-to").arg("min", min).arg("max", max);
    if !(1..=YEAR).contains(&cfg.lobby_expiry_secs) {
        problems.push(at.problem("lobby_expiry_secs", from_to(1, YEAR)));
    }
    for (key, value, max) in [
        ("turn_reminder_secs", cfg.turn_reminder_secs, YEAR),
        ("turn_timeout_secs", cfg.turn_timeout_secs, YEAR),
        ("bot_delay_ms", cfg.bot_delay_ms, YEAR * 1000),
    ] {
        if value > max {
            problems.push(at.problem(key, Msg::new("config-over-a-year").arg("max", max)));
        }
    }
    let (reminder, timeout) = (cfg.turn_reminder_secs, cfg.turn_timeout_secs);
    // A reminder at or after the timeout would never be sent: the player is already out.
    if reminder > 0 && timeout > 0 && reminder >= timeout {
        let what = Msg::new("config-reminder-after-timeout")
            .arg("reminder", reminder)
            .arg("timeout", timeout);
        problems.push(at.problem("turn_reminder_secs", what));
    }
    if !(1..=60_000).contains(&cfg.identify_window_ms) {
        problems.push(at.problem("identify_window_ms", from_to(1, 60_000)));
    }
    problems
}

/// What is wrong with the addresses: Discord's, the egress proxy, the extra root certificate,
/// the metrics address.
fn network(cfg: &Config, at: &Places) -> Vec<Problem> {
    let mut problems = vec![];
    if !cfg.discord_api_url.is_empty()
        && let Err(why) = check_api_url(&cfg.discord_api_url)
    {
        problems.push(at.problem("discord_api_url", why));
    }
    if !cfg.metrics_addr.is_empty() && cfg.metrics_addr.parse::<std::net::SocketAddr>().is_err() {
        let what = Msg::new("config-metrics-addr").arg("value", cfg.metrics_addr.as_str());
        problems.push(at.problem("metrics_addr", what));
    }
    let proxy = &cfg.discord_https_proxy;
    if !(proxy.is_empty() || proxy.starts_with("http://") || proxy.starts_with("https://")) {
        let what = Msg::new("config-proxy-scheme").arg("value", redact(proxy));
        problems.push(at.problem("discord_https_proxy", what));
    }
    if !(cfg.discord_api_url.is_empty() || proxy.is_empty() && cfg.discord_extra_ca.is_empty()) {
        problems.push(at.problem("discord_api_url", Msg::new("config-api-url-alone")));
    }
    if !cfg.discord_extra_ca.is_empty() && !Path::new(&cfg.discord_extra_ca).is_file() {
        let what = Msg::new("config-extra-ca-missing").arg("value", cfg.discord_extra_ca.as_str());
        problems.push(at.problem("discord_extra_ca", what));
    }
    problems
}

/// The token goes with every request to `discord_api_url`: only over TLS, or to this machine
/// (the emulator the end-to-end tests run).
pub(super) fn check_api_url(text: &str) -> Result<(), Msg> {
    use url::Host;
    let url = url::Url::parse(text).map_err(|e| Msg::new("config-api-url-form").arg("why", e.to_string()))?;
    let loopback = match url.host() {
        Some(Host::Domain(name)) => name.eq_ignore_ascii_case("localhost"),
        Some(Host::Ipv4(ip)) => ip.is_loopback(),
        Some(Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    };
    match url.scheme() {
        "https" => Ok(()),
        "http" if loopback => Ok(()),
        "http" => Err(Msg::new("config-api-url-http")),
        _ => Err(Msg::new("config-api-url-scheme")),
    }
}

/// The `[limits]` table's own checks, each problem at the key it names.
fn limits(cfg: &Config, at: &Places) -> Vec<Problem> {
    let Err(wrong) = cfg.limits.check() else {
        return vec![];
    };
    wrong
        .0
        .into_iter()
        .map(|problem| match problem {
            LimitProblem::TooLarge(key) => {
                at.limit(key, Msg::new("config-limit-too-large").arg("max", MAX_LIMIT))
            }
            LimitProblem::HalfBucket(who) => {
                let (burst, rate) = (format!("{who}_burst"), format!("{who}_per_minute"));
                let what = Msg::new("config-limit-half-bucket")
                    .arg("burst", burst.as_str())
                    .arg("rate", rate.as_str());
                at.limit(&burst, what)
            }
            LimitProblem::BoardPingsTooRare => at.limit(
                "board_ping_secs",
                Msg::new("config-limit-board-ping").arg("max", MAX_BOARD_PING_SECS),
            ),
        })
        .collect()
}
