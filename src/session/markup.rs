//! How the front end marks up what sessions write: mentions, times that each reader sees in
//! their own zone, and display names made inert. The session only says what it means; the
//! platform's syntax lives with the platform.

use crate::id::{ChannelId, UserId};

pub trait Markup: Send + Sync + std::fmt::Debug {
    /// A reference to a user (never pings by itself: posts say whom they may ping).
    fn mention(&self, user: UserId) -> String;
    /// A link to a channel or thread, shown as its name.
    fn channel(&self, channel: ChannelId) -> String;
    /// A moment as "in 3 hours", relative to when it is read.
    fn relative_time(&self, unix: i64) -> String;
    /// A moment's day.
    fn date(&self, unix: i64) -> String;
    /// A moment's day and time, in the reader's zone.
    fn moment(&self, unix: i64) -> String;
    /// A display name made safe to show: no formatting, no mass mentions.
    fn escape(&self, name: &str) -> String;
}
