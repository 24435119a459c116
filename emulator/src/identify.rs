//! Discord's limit on starting gateway sessions ("Sharding for Large Bots"): `GET /gateway/bot`
//! says `max_concurrency`, a shard's bucket is `shard_id % max_concurrency`, and each bucket may
//! IDENTIFY once per 5-second window. An IDENTIFY that breaks it is refused: the connection is
//! closed with 4008 (rate limited) and the test fails. The rule is checked only once a test sets
//! it (`Emulator::set_identify_limit`): the other tests restart bots at once, which Discord would
//! rate-limit.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use crate::Emulator;

pub struct IdentifyLimit {
    pub max_concurrency: u32,
    /// The window the rule is checked over (Discord's is 5 s); zero checks nothing.
    pub window: Duration,
    /// Every accepted IDENTIFY: the shard and when, in order.
    pub log: Vec<(u32, Instant)>,
    /// The last accepted IDENTIFY of each bucket, by bucket.
    last: HashMap<u32, (u32, Instant)>,
}

impl Default for IdentifyLimit {
    fn default() -> Self {
        IdentifyLimit::new(1, Duration::ZERO)
    }
}

impl IdentifyLimit {
    pub fn new(max_concurrency: u32, window: Duration) -> IdentifyLimit {
        IdentifyLimit {
            max_concurrency,
            window,
            log: Vec::new(),
            last: HashMap::new(),
        }
    }

    /// Accepts shard `shard`'s IDENTIFY at `now`, or says why Discord would refuse it.
    pub fn admit(&mut self, shard: u32, now: Instant) -> Result<(), String> {
        let bucket = shard % self.max_concurrency.max(1);
        if let Some(&(earlier, at)) = self.last.get(&bucket) {
            let since = now.saturating_duration_since(at);
            if since < self.window {
                return Err(format!(
                    "gateway: IDENTIFY of shard {shard} {} ms after shard {earlier}'s, both in \
                     bucket {bucket} (max_concurrency {}: one per bucket every {} ms)",
                    since.as_millis(),
                    self.max_concurrency,
                    self.window.as_millis()
                ));
            }
        }
        self.last.insert(bucket, (shard, now));
        self.log.push((shard, now));
        Ok(())
    }
}

impl Emulator {
    /// What `GET /gateway/bot` says as `max_concurrency`, and the window each bucket's IDENTIFY is
    /// checked over (Discord's is 5 s; a test shortens it so as not to wait that long).
    pub fn set_identify_limit(&self, max_concurrency: u32, window: Duration) {
        self.shared
            .with(|s| s.identify = IdentifyLimit::new(max_concurrency, window));
    }

    /// Every accepted IDENTIFY: its shard and how long after the first it came, in order.
    pub fn identify_times(&self) -> Vec<(u32, Duration)> {
        self.shared.read(|s| {
            let Some(&(_, first)) = s.identify.log.first() else {
                return Vec::new();
            };
            s.identify
                .log
                .iter()
                .map(|&(shard, at)| (shard, at - first))
                .collect()
        })
    }
}
