//! Which Discord shards a process runs. Discord puts a guild on shard `(guild_id >> 22) % total`;
//! DMs and other guild-less places are shard 0. A process runs a contiguous range of shards and
//! loads, drives, times and writes only the games of those shards (the store enforces it).

use crate::engine::{Locale, Msg, Tr};
use crate::id::GuildId;
use std::collections::HashMap;
use std::fmt;
use std::time::Duration;

/// Shards `first..=last` of `total`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardRange {
    first: u32,
    last: u32,
    total: u32,
}

/// Why a shard range is refused, worded by [`RangeError::msg`] (`config.ftl`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RangeError {
    /// `shard_total` is 0.
    NoShards,
    /// Neither a shard number nor a range.
    Form(String),
    Empty {
        first: u32,
        last: u32,
    },
    Beyond {
        first: u32,
        last: u32,
        total: u32,
    },
}

impl RangeError {
    pub fn msg(&self) -> Msg {
        match self {
            RangeError::NoShards => Msg::new("config-shard-total-zero"),
            RangeError::Form(text) => Msg::new("config-shards-form").arg("value", text.as_str()),
            RangeError::Empty { first, last } => Msg::new("config-shards-empty")
                .arg("first", *first)
                .arg("last", *last),
            RangeError::Beyond { first, last, total } => Msg::new("config-shards-beyond")
                .arg("first", *first)
                .arg("last", *last)
                .arg("total", *total)
                .arg("highest", total - 1),
        }
    }
}

/// In English, for a log line.
impl fmt::Display for RangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Tr::new(Locale::En, &[]).msg(&self.msg()))
    }
}

impl ShardRange {
    /// One process running everything: shard 0 of 1.
    pub const ALL: ShardRange = ShardRange {
        first: 0,
        last: 0,
        total: 1,
    };

    /// Shards `first..=last` of `total`, or why not.
    pub fn new(first: u32, last: u32, total: u32) -> Result<ShardRange, RangeError> {
        if total == 0 {
            return Err(RangeError::NoShards);
        }
        if first > last {
            return Err(RangeError::Empty { first, last });
        }
        if last >= total {
            return Err(RangeError::Beyond { first, last, total });
        }
        Ok(ShardRange { first, last, total })
    }

    /// Parses `first-last` or a single shard `n`; empty means every shard of `total`.
    pub fn parse(text: &str, total: u32) -> Result<ShardRange, RangeError> {
        let text = text.trim();
        if text.is_empty() {
            return ShardRange::new(0, total.saturating_sub(1), total);
        }
        let number = |part: &str| {
            part.trim()
                .parse::<u32>()
                .map_err(|_| RangeError::Form(text.to_owned()))
        };
        let (first, last) = match text.split_once('-') {
            Some((first, last)) => (number(first)?, number(last)?),
            None => (number(text)?, number(text)?),
        };
        ShardRange::new(first, last, total)
    }

    pub fn first(self) -> u32 {
        self.first
    }

    /// How many shards the range holds (never none).
    pub fn count(self) -> usize {
        (self.last() - self.first()) as usize + 1
    }

    pub fn last(self) -> u32 {
        self.last
    }

    pub fn total(self) -> u32 {
        self.total
    }

    /// Whether this process runs every shard (the only range one SQLite database allows).
    pub fn is_all(self) -> bool {
        self.first == 0 && self.last + 1 == self.total
    }

    /// The shard of a place: its guild's, or 0 for DMs.
    pub fn shard_of(self, guild: Option<GuildId>) -> u32 {
        guild.map_or(0, |g| ((g.get() >> 22) % u64::from(self.total)) as u32)
    }

    /// Whether the games of `guild` (None: DMs) belong to this process.
    pub fn owns(self, guild: Option<GuildId>) -> bool {
        (self.first..=self.last).contains(&self.shard_of(guild))
    }
}

/// How long each bucket waits between two IDENTIFYs by default: Discord's 5 s window ("Sharding
/// for Large Bots") and a quarter second more, since a shard identifies a round trip after it
/// connects and round trips vary.
pub const IDENTIFY_WINDOW: Duration = Duration::from_millis(5_250);

impl ShardRange {
    /// The shards to start in each IDENTIFY window, given Discord's `max_concurrency`: a shard's
    /// bucket is `shard % max_concurrency` and each bucket starts one shard per window, so the
    /// n-th shard of every bucket (lowest first) starts in window n, and a window lists its shards
    /// in bucket order.
    pub fn boot_windows(self, max_concurrency: u32) -> Vec<Vec<u32>> {
        let buckets = max_concurrency.max(1);
        let mut started: HashMap<u32, usize> = HashMap::new();
        let mut windows: Vec<Vec<u32>> = Vec::new();
        for shard in self.first..=self.last {
            let turn = started.entry(shard % buckets).or_default();
            if windows.len() <= *turn {
                windows.push(Vec::new());
            }
            windows[*turn].push(shard);
            *turn += 1;
        }
        for window in &mut windows {
            window.sort_by_key(|shard| shard % buckets);
        }
        windows
    }
}

/// Starts each window's shards one `window` after the previous window's began: `sleep_until`
/// waits until that long after the boot began (tokio's timer in the bot, a virtual clock in
/// tests) and `start` starts one shard.
pub async fn boot_in_windows<Sleep, Slept>(
    windows: Vec<Vec<u32>>,
    window: Duration,
    mut sleep_until: Sleep,
    mut start: impl FnMut(u32),
) where
    Sleep: FnMut(Duration) -> Slept,
    Slept: Future<Output = ()>,
{
    for (n, shards) in (0u32..).zip(windows) {
        sleep_until(window * n).await;
        for shard in shards {
            start(shard);
        }
    }
}

impl fmt::Display for ShardRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "shards {}-{} of {}", self.first, self.last, self.total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_parse_and_bad_ones_say_why() {
        assert_eq!(ShardRange::parse("0-1", 4), ShardRange::new(0, 1, 4));
        assert_eq!(ShardRange::parse(" 3 ", 4), ShardRange::new(3, 3, 4));
        assert_eq!(ShardRange::parse("", 4), ShardRange::new(0, 3, 4));
        assert!(ShardRange::parse("", 4).unwrap().is_all());
        assert!(!ShardRange::parse("1-3", 4).unwrap().is_all());
        let beyond = ShardRange::parse("2-4", 4).unwrap_err().to_string();
        assert!(
            beyond.contains("beyond shard_total 4") && beyond.contains("0 to 3"),
            "{beyond}"
        );
        let empty = ShardRange::parse("2-1", 4).unwrap_err().to_string();
        assert!(empty.contains("empty") && empty.contains("e.g. 1-2"), "{empty}");
        let form = ShardRange::parse("a-b", 4).unwrap_err().to_string();
        assert!(form.contains("`a-b` must be a shard number"), "{form}");
        assert_eq!(ShardRange::parse("0", 0), Err(RangeError::NoShards));
    }

    /// The boot of `range` on a virtual clock: when each shard started, in the order started.
    fn boot_times(range: ShardRange, max_concurrency: u32) -> Vec<(u32, Duration)> {
        let now = std::cell::Cell::new(Duration::ZERO);
        let mut started = Vec::new();
        let boot = boot_in_windows(
            range.boot_windows(max_concurrency),
            IDENTIFY_WINDOW,
            |at| {
                assert!(at >= now.get(), "the clock never goes back");
                now.set(at);
                std::future::ready(())
            },
            |shard| started.push((shard, now.get())),
        );
        futures_util::FutureExt::now_or_never(boot).expect("a virtual clock never waits");
        started
    }

    #[test]
    fn sixteen_shards_boot_in_one_window_with_max_concurrency_16_and_in_sixteen_with_1() {
        let all = ShardRange::new(0, 15, 16).unwrap();
        let together = boot_times(all, 16);
        assert_eq!(together, (0..16).map(|s| (s, Duration::ZERO)).collect::<Vec<_>>());
        let one_by_one = boot_times(all, 1);
        assert_eq!(
            one_by_one,
            (0..16).map(|s| (s, IDENTIFY_WINDOW * s)).collect::<Vec<_>>(),
            "shard n in window n"
        );
        // 4 buckets: 0-3 at once, then 4-7, 8-11, 12-15.
        let four = boot_times(all, 4);
        assert_eq!(four[4..8], [4, 5, 6, 7].map(|s| (s, IDENTIFY_WINDOW)));
        assert_eq!(four.last(), Some(&(15, IDENTIFY_WINDOW * 3)));
    }

    #[test]
    fn a_range_boots_each_bucket_once_per_window_in_bucket_order() {
        // Shards 3-9 with 4 buckets: 3 is bucket 3, 4-6 buckets 0-2, 7 bucket 3 again.
        let windows = ShardRange::new(3, 9, 12).unwrap().boot_windows(4);
        assert_eq!(windows, vec![vec![4, 5, 6, 3], vec![8, 9, 7]]);
        // No max_concurrency (0) is taken as 1, one shard per window.
        assert_eq!(
            ShardRange::new(0, 2, 3).unwrap().boot_windows(0),
            vec![vec![0], vec![1], vec![2]]
        );
        // More buckets than shards: every shard at once.
        assert_eq!(ShardRange::ALL.boot_windows(16), vec![vec![0]]);
    }

    #[test]
    fn guilds_go_to_discords_shard_and_dms_to_shard_0() {
        let upper = ShardRange::new(1, 1, 2).unwrap();
        let lower = ShardRange::new(0, 0, 2).unwrap();
        // Discord's formula: (guild_id >> 22) % num_shards.
        let guild = GuildId(81_384_788_765_712_384); // >> 22 = 19_403_645_698 (even)
        assert_eq!(upper.shard_of(Some(guild)), 0);
        assert_eq!(upper.shard_of(Some(GuildId(guild.get() + (1 << 22)))), 1);
        assert!(lower.owns(Some(guild)) && !upper.owns(Some(guild)));
        assert!(upper.owns(Some(GuildId(guild.get() + (1 << 22)))));
        assert!(lower.owns(None) && !upper.owns(None));
    }
}
