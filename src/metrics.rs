//! What the bot counts while it runs, for Prometheus (`metrics_addr`, served by
//! `discord::health`). One registry for the process, written from every layer through the
//! functions below (recording is a few atomic operations, so a layer pays nothing for it) and
//! read only when `/metrics` is scraped. Without `metrics_addr` nothing reads them, so nothing
//! is recorded either ([`switch_on`]); what `/readyz` reads (shards, restore) always is.

use dashmap::DashMap;
use prometheus_client::encoding::{EncodeLabelSet, text::encode};
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;
use std::sync::LazyLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Discord drops an interaction not answered within this.
pub const ANSWER_DEADLINE: Duration = Duration::from_secs(3);

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct Interaction {
    /// `click` or `command`.
    kind: &'static str,
    /// `answered`, `late` (after Discord's 3 s), `failed` (Discord refused the answer),
    /// `shed_late`/`shed_full` (dropped unserved under overload: too old, too many waiting).
    outcome: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct Kind {
    kind: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct Game {
    game: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct Shard {
    shard: u32,
}

struct Metrics {
    registry: Registry,
    interactions: Family<Interaction, Counter>,
    answer_seconds: Family<Kind, Histogram>,
    errors: Family<Kind, Counter>,
    games_indexed: Family<Game, Gauge>,
    games_loaded: Family<Game, Gauge>,
    store_write_seconds: Histogram,
    store_batch_size: Histogram,
    timers_due: Counter,
    timer_lateness_seconds: Histogram,
    bot_decision_seconds: Family<Game, Histogram>,
    shard_connected: Family<Shard, Gauge>,
    /// The same, readable for `/readyz` (families do not iterate).
    shards: DashMap<u32, bool>,
    restored: AtomicBool,
}

/// Seconds from 1 ms to about 33 s, doubling.
fn seconds() -> Histogram {
    Histogram::new(exponential_buckets(0.001, 2.0, 16))
}

impl Metrics {
    fn new() -> Metrics {
        let m = Metrics {
            registry: Registry::with_prefix("saikoro"),
            interactions: Family::default(),
            answer_seconds: Family::new_with_constructor(seconds),
            errors: Family::default(),
            games_indexed: Family::default(),
            games_loaded: Family::default(),
            store_write_seconds: seconds(),
            store_batch_size: Histogram::new(exponential_buckets(1.0, 2.0, 10)),
            timers_due: Counter::default(),
            timer_lateness_seconds: seconds(),
            bot_decision_seconds: Family::new_with_constructor(seconds),
            shard_connected: Family::default(),
            shards: DashMap::new(),
            restored: AtomicBool::new(false),
        };
        m.register()
    }

    fn register(mut self) -> Metrics {
        let r = &mut self.registry;
        r.register(
            "interactions",
            "Interactions by kind and outcome",
            self.interactions.clone(),
        );
        r.register(
            "answer_seconds",
            "From an interaction's receipt to Discord's taking its answer",
            self.answer_seconds.clone(),
        );
        r.register("errors", "Errors by kind", self.errors.clone());
        r.register(
            "games_indexed",
            "Unfinished games and lobbies of this process per game, loaded or not",
            self.games_indexed.clone(),
        );
        r.register(
            "games_loaded",
            "Games held in memory per game (loaded on first touch, let go when idle)",
            self.games_loaded.clone(),
        );
        r.register(
            "store_write_seconds",
            "One batch of the writer, begin to commit",
            self.store_write_seconds.clone(),
        );
        r.register(
            "store_batch_size",
            "Writes committed together by the writer",
            self.store_batch_size.clone(),
        );
        r.register(
            "timers_due",
            "Games looked at because they were due",
            self.timers_due.clone(),
        );
        r.register(
            "timer_lateness_seconds",
            "How long after its due time a due game was looked at",
            self.timer_lateness_seconds.clone(),
        );
        r.register(
            "bot_decision_seconds",
            "A computer player's thinking per decision, per game",
            self.bot_decision_seconds.clone(),
        );
        r.register(
            "shard_connected",
            "1 while the shard's gateway connection is up",
            self.shard_connected.clone(),
        );
        self
    }
}

static METRICS: LazyLock<Metrics> = LazyLock::new(Metrics::new);

/// Whether the counters and histograms are recorded: only once they are served.
static ON: AtomicBool = AtomicBool::new(false);

/// Starts recording: `/metrics` is served from now on.
pub fn switch_on() {
    ON.store(true, Ordering::Relaxed);
}

fn on() -> bool {
    ON.load(Ordering::Relaxed)
}

/// An interaction answered after `took` from its receipt (`failed`: Discord did not take it).
pub fn answered(kind: &'static str, took: Duration, failed: bool) {
    if !on() {
        return;
    }
    let outcome = match (failed, took > ANSWER_DEADLINE) {
        (true, _) => "failed",
        (false, true) => "late",
        (false, false) => "answered",
    };
    METRICS
        .interactions
        .get_or_create(&Interaction { kind, outcome })
        .inc();
    METRICS
        .answer_seconds
        .get_or_create(&Kind { kind })
        .observe(took.as_secs_f64());
}

/// An interaction dropped before any work under overload (`outcome`: why, see `Interaction`).
pub fn shed(kind: &'static str, outcome: &'static str) {
    if !on() {
        return;
    }
    METRICS
        .interactions
        .get_or_create(&Interaction { kind, outcome })
        .inc();
}

/// An error of `kind` (`store`, `discord`, `bot`, …) that was logged.
pub fn error(kind: &'static str) {
    if !on() {
        return;
    }
    METRICS.errors.get_or_create(&Kind { kind }).inc();
}

/// The writer committed `writes` writes in `took`.
pub fn store_batch(writes: usize, took: Duration) {
    if !on() {
        return;
    }
    METRICS.store_batch_size.observe(writes as f64);
    METRICS.store_write_seconds.observe(took.as_secs_f64());
}

/// A due game was looked at `late` after its due time.
pub fn timer_due(late: Duration) {
    if !on() {
        return;
    }
    METRICS.timers_due.inc();
    METRICS.timer_lateness_seconds.observe(late.as_secs_f64());
}

/// A bot of `game` decided in `took`.
pub fn bot_decision(game: &'static str, took: Duration) {
    if !on() {
        return;
    }
    METRICS
        .bot_decision_seconds
        .get_or_create(&Game { game })
        .observe(took.as_secs_f64());
}

/// The gateway connection of `shard` went up or down.
pub fn shard_connected(shard: u32, up: bool) {
    METRICS.shards.insert(shard, up);
    METRICS
        .shard_connected
        .get_or_create(&Shard { shard })
        .set(i64::from(up));
}

/// Shards whose connection is up now.
pub fn shards_connected() -> usize {
    METRICS.shards.iter().filter(|s| *s.value()).count()
}

/// How many unfinished games of `game` the process has, and how many of them are in memory.
pub fn games(game: &'static str, indexed: usize, loaded: usize) {
    let game = Game { game };
    METRICS.games_indexed.get_or_create(&game).set(indexed as i64);
    METRICS.games_loaded.get_or_create(&game).set(loaded as i64);
}

/// The stored games are loaded (the bot can serve clicks on them).
pub fn set_restored() {
    METRICS.restored.store(true, Ordering::Relaxed);
}

pub fn restored() -> bool {
    METRICS.restored.load(Ordering::Relaxed)
}

/// Everything, in Prometheus' text format.
pub fn text() -> String {
    let mut out = String::new();
    encode(&mut out, &METRICS.registry).expect("writing to a String cannot fail");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The value of the first sample line that starts with `name` (labels included).
    fn sample(text: &str, name: &str) -> Option<f64> {
        text.lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.rsplit(' ').next()?.parse().ok())
    }

    #[test]
    fn the_sample_dashboard_names_only_metrics_that_exist() {
        // The registered names, read from `register` above: a family with no labelled sample yet
        // has no TYPE line in the text, so the text cannot tell.
        let registered: std::collections::BTreeSet<String> = regex::Regex::new(r#"register\(\s*"([a-z_]+)""#)
            .unwrap()
            .captures_iter(include_str!("metrics.rs"))
            .map(|c| format!("saikoro_{}", &c[1]))
            .collect();
        let dashboard = include_str!("../docs/grafana-dashboard.json");
        let mut families = std::collections::BTreeSet::new();
        for name in regex::Regex::new(r"saikoro_[a-z_]+")
            .unwrap()
            .find_iter(dashboard)
        {
            let name = name.as_str();
            // A family's samples add a suffix to its name.
            let family = ["_bucket", "_sum", "_count", "_total"]
                .iter()
                .fold(name, |name, suffix| name.strip_suffix(suffix).unwrap_or(name));
            assert!(
                registered.contains(family),
                "{name} is not a metric: {registered:?}"
            );
            families.insert(family.to_string());
        }
        assert_eq!(families, registered, "the dashboard charts every family");
    }

    #[test]
    fn an_answer_is_counted_by_outcome_and_timed() {
        switch_on();
        let before = text();
        let on_time = r#"saikoro_interactions_total{kind="test",outcome="answered"}"#;
        let late = r#"saikoro_interactions_total{kind="test",outcome="late"}"#;
        answered("test", Duration::from_millis(40), false);
        answered("test", Duration::from_secs(4), false);
        let after = text();
        assert_eq!(
            sample(&after, on_time).unwrap() - sample(&before, on_time).unwrap_or(0.0),
            1.0
        );
        assert_eq!(
            sample(&after, late).unwrap() - sample(&before, late).unwrap_or(0.0),
            1.0
        );
        assert!(
            after.contains(r#"saikoro_answer_seconds_bucket{le="0.064",kind="test"}"#),
            "{after}"
        );
    }

    #[test]
    fn connected_shards_are_counted_as_they_come_and_go() {
        shard_connected(7, true);
        shard_connected(9, false);
        assert_eq!(shards_connected(), 1);
        shard_connected(9, true);
        assert_eq!(shards_connected(), 2);
        shard_connected(7, false);
        assert_eq!(shards_connected(), 1);
        let text = text();
        assert!(text.contains(r#"saikoro_shard_connected{shard="7"} 0"#), "{text}");
    }
}
