//! Which Discord shards a process runs. Discord puts a guild on shard `(guild_id >> 22) % total`;
//! DMs and other guild-less places are shard 0. A process runs a contiguous range of shards and
//! loads, drives, times and writes only the games of those shards (the store enforces it).

use crate::id::GuildId;
use std::fmt;
use std::ops::Range;

/// Shards `first..=last` of `total`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardRange {
    first: u32,
    last: u32,
    total: u32,
}

impl ShardRange {
    /// One process running everything: shard 0 of 1.
    pub const ALL: ShardRange = ShardRange {
        first: 0,
        last: 0,
        total: 1,
    };

    /// Shards `first..=last` of `total`, or why not.
    pub fn new(first: u32, last: u32, total: u32) -> Result<ShardRange, String> {
        if total == 0 {
            return Err("shard_total must be at least 1".into());
        }
        if first > last {
            return Err(format!(
                "the shard range {first}-{last} is empty: write the lower shard first, e.g. {last}-{first}"
            ));
        }
        if last >= total {
            return Err(format!(
                "the shard range {first}-{last} goes beyond shard_total {total}: shards are numbered 0 to {}",
                total - 1
            ));
        }
        Ok(ShardRange { first, last, total })
    }

    /// Parses `first-last` or a single shard `n`; empty means every shard of `total`.
    pub fn parse(text: &str, total: u32) -> Result<ShardRange, String> {
        let text = text.trim();
        if text.is_empty() {
            return ShardRange::new(0, total.saturating_sub(1), total);
        }
        let number = |part: &str| {
            part.trim()
                .parse::<u32>()
                .map_err(|_| format!("shards `{text}` must be a shard number or a range such as 0-1"))
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

    /// The range as serenity's `Client::start_shard_range` takes it: its `end` is the last
    /// shard started, not one past it.
    pub fn serenity_range(self) -> Range<u32> {
        self.first..self.last
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
        let beyond = ShardRange::parse("2-4", 4).unwrap_err();
        assert!(
            beyond.contains("beyond shard_total 4") && beyond.contains("0 to 3"),
            "{beyond}"
        );
        let empty = ShardRange::parse("2-1", 4).unwrap_err();
        assert!(empty.contains("empty"), "{empty}");
        assert!(ShardRange::parse("a-b", 4).unwrap_err().contains("shard number"));
        assert!(ShardRange::parse("0", 0).unwrap_err().contains("at least 1"));
    }

    #[test]
    fn serenity_gets_the_last_shard_as_the_end() {
        // serenity starts shards `range.start..=range.end` (Client::start_connection).
        assert_eq!(ShardRange::new(0, 1, 4).unwrap().serenity_range(), 0..1);
        assert_eq!(ShardRange::new(2, 2, 4).unwrap().serenity_range(), 2..2);
        assert_eq!(ShardRange::ALL.serenity_range(), 0..0);
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
