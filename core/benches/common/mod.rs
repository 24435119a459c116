//! What the bots' benches share: how many games to play, the 95% interval of a rate, and
//! percentiles of decision times.

use std::time::Duration;

/// Games per pairing: the `GAMES` environment variable, else `default`.
pub fn games_from_env(default: usize) -> usize {
    std::env::var("GAMES")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(default)
}

/// Half the width of a 95% confidence interval for a mean of `n` samples with this variance
/// (`p * (1 - p)` for a win rate).
pub fn ci95(variance: f64, n: f64) -> f64 {
    1.96 * (variance / n).sqrt()
}

/// The `q` quantile (0–1) of sorted durations; zero for none.
pub fn percentile(sorted: &[Duration], q: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * q).round() as usize;
    sorted.get(i).copied().unwrap_or_default()
}

/// This thread's time on a CPU so far, from Linux's `/proc/thread-self/schedstat` (zero
/// elsewhere): on a shared machine it tells a bench's own work from its wait for a core. It is
/// brought up to date at the scheduler's ticks, so it is only good to a few milliseconds.
// Only some benches (the coach's, the reference's, Saizumi's playouts) time on the CPU.
#[allow(dead_code)]
pub fn cpu_time() -> Duration {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .map_or(Duration::ZERO, Duration::from_nanos)
}
