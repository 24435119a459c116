//! A server's turn timers as data: how long before a reminder and a timeout, and what a timeout
//! does. Apart from the timer task (`timers.rs`), so settings and sessions can hold them without
//! depending on what acts on them.

use serde::{Deserialize, Serialize};

/// Turn timer lengths in seconds (0 turns one off) and what a timeout does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Timers {
    pub reminder_secs: u64,
    pub timeout_secs: u64,
    /// Servers that set their timers before this existed get the default.
    #[serde(default)]
    pub on_timeout: OnTimeout,
}

/// What happens to a player whose time runs out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OnTimeout {
    /// They play the game's default action and stay in the game.
    #[default]
    Play,
    /// They leave the game (as if they had resigned), so the others play on.
    Leave,
}

impl OnTimeout {
    pub const ALL: [OnTimeout; 2] = [OnTimeout::Play, OnTimeout::Leave];

    pub fn id(self) -> &'static str {
        match self {
            OnTimeout::Play => "play",
            OnTimeout::Leave => "leave",
        }
    }
}

impl Timers {
    /// The shortest timer that is on, in seconds: no deadline comes sooner after an action.
    pub(super) fn soonest(&self) -> Option<i64> {
        [self.reminder_secs, self.timeout_secs]
            .into_iter()
            .filter(|secs| *secs > 0)
            .min()
            .map(|secs| secs as i64)
    }
}

impl Timers {
    /// The server's timers under a game's own turn timer: its timeout, the server's reminder if
    /// that comes sooner, else a reminder halfway.
    pub(super) fn with_turn_timer(self, timeout_secs: u64) -> Timers {
        let reminder_secs = match self.reminder_secs {
            r if r > 0 && r < timeout_secs => r,
            _ => timeout_secs / 2,
        };
        Timers {
            reminder_secs,
            timeout_secs,
            on_timeout: self.on_timeout,
        }
    }
}

/// The turn timers a host may choose for a game on a server, in seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockBounds {
    pub min_secs: u64,
    pub max_secs: u64,
}

impl Default for ClockBounds {
    /// A minute (a live game) to 30 days (a slow one by mail).
    fn default() -> Self {
        ClockBounds {
            min_secs: 60,
            max_secs: 30 * 86_400,
        }
    }
}

impl ClockBounds {
    pub fn contains(&self, secs: u64) -> bool {
        (self.min_secs..=self.max_secs).contains(&secs)
    }
}

/// How long a wait lasts before its turn notices are due: a player who moves within it is at
/// the board and needs no DM, so fast play sends none.
pub const NOTICE_GRACE_SECS: i64 = 120;

/// When the turn notices of a wait that began at `began` are due: [`NOTICE_GRACE_SECS`] after
/// it, unless they were looked at since it began (`noticed_at`). A wait is looked at a grace
/// period after it began, so one that began in the second the last was looked at (times are whole
/// seconds) is a new wait, still to notice.
pub fn notice_due(noticed_at: i64, began: i64) -> Option<i64> {
    (noticed_at <= began).then_some(began + NOTICE_GRACE_SECS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wait_is_noticed_once_even_when_the_next_begins_in_the_same_second() {
        assert_eq!(
            notice_due(0, 1000),
            Some(1000 + NOTICE_GRACE_SECS),
            "never noticed"
        );
        let noticed = 1000 + NOTICE_GRACE_SECS;
        assert_eq!(notice_due(noticed, 1000), None, "that wait was noticed");
        assert_eq!(
            notice_due(noticed, noticed),
            Some(noticed + NOTICE_GRACE_SECS),
            "a new wait"
        );
    }
}
