//! How old a click is on Discord's clock. Under overload the gateway's events queue before the
//! bot reads them, so a click can reach the handler with most of its 3 s gone; timing it from
//! its receipt would serve it anyway, and its answer would arrive too late to count. Its id says
//! when Discord created it, but the bot's clock and Discord's differ by an unknown skew, so the
//! age is measured against the quickest click seen lately (transit plus skew, which moves
//! slowly): a click that took that long is 0 s old.

use std::sync::Mutex;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Discord's epoch, in Unix milliseconds: a snowflake's top bits count from it.
const DISCORD_EPOCH_MS: i64 = 1_420_070_400_000;
/// The quickest click is looked for over the last one to two of these: long enough to include
/// a quiet moment before an overload, short enough to follow the clocks drifting.
const WINDOW_MS: i64 = 5 * 60 * 1000;

/// When Discord created the object with this id, in Unix milliseconds.
pub(super) fn created_ms(snowflake: u64) -> i64 {
    i64::try_from(snowflake >> 22).unwrap_or(i64::MAX) + DISCORD_EPOCH_MS
}

/// The bot's clock, in Unix milliseconds.
pub(super) fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// The quickest delay from creation to receipt in this window and the last.
#[derive(Default)]
struct Quickest {
    window_start: i64,
    current: Option<i64>,
    previous: Option<i64>,
}

/// Clicks' ages, measured against the quickest recent click.
#[derive(Default)]
pub(super) struct ClickAges(Mutex<Quickest>);

impl ClickAges {
    /// How long ago Discord created a click received at `now` (both in Unix milliseconds),
    /// beyond the quickest delay seen lately.
    pub(super) fn age(&self, created: i64, now: i64) -> Duration {
        let delay = now.saturating_sub(created);
        let mut q = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if now.saturating_sub(q.window_start) >= WINDOW_MS {
            q.previous = q.current.take();
            q.window_start = now;
        }
        let current = q.current.map_or(delay, |c| c.min(delay));
        q.current = Some(current);
        let quickest = q.previous.map_or(current, |p| p.min(current));
        Duration::from_millis(u64::try_from(delay.saturating_sub(quickest)).unwrap_or(0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T0: i64 = 1_800_000_000_000;

    #[test]
    fn an_id_tells_when_discord_made_it() {
        // 2015-01-01 plus one second, with a counter in the low bits.
        assert_eq!(created_ms((1000 << 22) | 7), DISCORD_EPOCH_MS + 1000);
    }

    #[test]
    fn a_click_held_up_on_the_way_is_as_old_as_the_hold_whatever_the_clocks_skew() {
        // The bot's clock is 4 s behind Discord's; clicks usually take 20 ms.
        let ages = ClickAges::default();
        let skew = -4000;
        let on_time = |at: i64| ages.age(at, at + skew + 20);
        assert_eq!(on_time(T0), Duration::ZERO);
        assert_eq!(on_time(T0 + 1000), Duration::ZERO);
        let held = ages.age(T0 + 2000, T0 + 2000 + skew + 20 + 1700);
        assert_eq!(held, Duration::from_millis(1700));
        // A quicker click than any before becomes the measure.
        assert_eq!(ages.age(T0 + 3000, T0 + 3000 + skew + 5), Duration::ZERO);
        assert_eq!(on_time(T0 + 4000), Duration::from_millis(15));
    }

    #[test]
    fn the_measure_forgets_a_quick_click_after_two_windows() {
        let ages = ClickAges::default();
        assert_eq!(ages.age(T0, T0 + 10), Duration::ZERO);
        // The clocks drift by a second: clicks look a second older, until the quick one of
        // the first window is forgotten.
        let later = T0 + WINDOW_MS;
        assert_eq!(ages.age(later, later + 1010), Duration::from_secs(1));
        let after = T0 + 2 * WINDOW_MS;
        assert_eq!(ages.age(after, after + 1010), Duration::ZERO);
    }
}
