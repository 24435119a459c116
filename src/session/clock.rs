//! Where the sessions read the time. Turn timers, lobby expiry and due times are unix seconds
//! stored with the games; production reads the system clock, tests a clock they move.

use std::time::{Duration, SystemTime};

pub trait Clock: Send + Sync {
    /// The time since the Unix epoch.
    fn since_epoch(&self) -> Duration;

    /// Unix seconds.
    fn now(&self) -> i64 {
        self.since_epoch().as_secs() as i64
    }
}

/// The system's clock.
pub struct SystemClock;

impl Clock for SystemClock {
    fn since_epoch(&self) -> Duration {
        SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .unwrap_or_default()
    }
}
