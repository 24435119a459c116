//! Sessions: a game in a channel with the people (and bots) seated at it. This layer owns the
//! lobby, who may act, the versioned button ids, the one-live-board rule, persistence of every
//! action before it is acknowledged, bot turns and timers, and the players' history. It never
//! talks to Discord directly: a click is answered through a [`Responder`] and channel messages
//! are sent through an [`Outbox`], both implemented by the front end, so its decisions are
//! tested without Discord.
//!
//! Its services: [`Tables`] (live play: lobbies, games, timers, bots) and [`Records`] (the
//! players' history, from the store only).

mod attempt;
mod away;
mod catchup;
mod clock;
mod coach;
mod daily;
mod deadlines;
mod decide;
mod forget;
mod games;
mod guard;
mod history;
pub mod ids;
mod index;
mod invitations;
mod limits;
mod live;
mod lobby;
mod markup;
mod notices;
mod notify;
mod phase;
mod play;
pub mod puzzles;
mod records;
mod rematch;
mod render;
mod replay;
mod seated;
mod settings;
mod solve;
mod stats;
mod tables;
mod text;
mod threads;
mod timers;

pub use attempt::DailyAnswer;
pub use away::AwayRequest;
pub use clock::{Clock, SystemClock};
pub use coach::{hint_note, review_text};
pub use deadlines::{ClockBounds, OnTimeout, Timers};
pub use forget::LiveSeats;
pub use invitations::{Invitee, LobbyChoices};
pub use limits::{LimitProblem, Limits, MAX_BOARD_PING_SECS, MAX_COUNT as MAX_LIMIT};
pub use markup::Markup;
pub use records::Records;
pub use rematch::Lobbies;
pub use seated::Away;
pub use settings::{BoardStyle, ServerSettings};
pub use tables::Tables;
pub use text::duration;

use crate::engine::picture::Picture;
use crate::engine::{Level, Locale, Msg, Seat, SeededDice, Tr, View};
use crate::id::{ChannelId, GameId, GuildId, MessageId, UserId};
use crate::store::StoreError;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatInfo {
    /// The Discord user; `None` for a bot seat.
    pub user: Option<UserId>,
    /// Display name as given (escaped only when shown).
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<Level>,
}

/// The session's own data beside the game: stored as JSON in the game row's `seats` column.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    pub seats: Vec<SeatInfo>,
    /// The language shared messages (boards, lobby) are shown in: the server's.
    pub locale: Locale,
    /// The host allowed a one-player game.
    #[serde(default)]
    pub solitaire: bool,
    /// Unix seconds when an unstarted lobby expires.
    pub lobby_expires_at: i64,
    /// Unix seconds of the last reminder sent for the current wait (0: none).
    #[serde(default)]
    pub reminded_at: i64,
    /// Unix seconds when the current wait's turn notices were looked at (0: never): a wait is
    /// noticed once, `deadlines::NOTICE_GRACE_SECS` after it began.
    #[serde(default)]
    pub noticed_at: i64,
    /// Seats that asked the coach for a hint: the game is marked as coached for good.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hinted: Vec<Seat>,
    /// Set in the lobby of a rematch.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch: Option<Rematch>,
    /// The game's own turn timer (seconds), chosen by the host within the server's bounds;
    /// `None`: the server's timers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_timer: Option<u64>,
    /// People the host invited who have not joined yet: a seat is kept for each.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub invited: Vec<SeatInfo>,
    /// Only the invited may join.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub private: bool,
    /// The number of the day whose daily Can't Stop this game is: its dice are the day's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub daily: Option<i64>,
    /// The game moves into a thread of its own when it starts.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub threaded: bool,
    /// The thread's parent and line, once the game moved into its thread.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thread: Option<GameThread>,
}

impl Table {
    /// A table with these seats, shown in `locale`, with no timers, hints or rematch yet.
    pub fn new(seats: Vec<SeatInfo>, locale: Locale, solitaire: bool) -> Table {
        Table {
            seats,
            locale,
            solitaire,
            lobby_expires_at: 0,
            reminded_at: 0,
            noticed_at: 0,
            hinted: vec![],
            rematch: None,
            turn_timer: None,
            invited: vec![],
            private: false,
            daily: None,
            threaded: false,
            thread: None,
        }
    }
}

/// What a rematch lobby remembers of the game it plays again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rematch {
    /// The finished game.
    pub of: GameId,
    /// Its seats in the order they will play now (rotated): the lobby keeps its seats in this
    /// order and names the people it still expects.
    pub seats: Vec<SeatInfo>,
}

/// Whether the bot may open a thread where a lobby is opened, as the front end sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ThreadRoom {
    /// A channel threads start in, and the bot may start public threads there.
    Allowed,
    /// A channel threads start in, but the bot lacks the permission to.
    NoPermission,
    /// No thread can start here (already a thread, a direct message): the game stays here.
    NotHere,
}

/// Where a started game plays when it plays in its own thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameThread {
    /// The channel the lobby was opened in.
    pub parent: ChannelId,
    /// The lobby message there, now the line that links to the thread.
    pub line: MessageId,
}

/// A person acting through Discord.
#[derive(Clone, Debug)]
pub struct User {
    pub id: UserId,
    pub name: String,
    pub locale: Locale,
    /// Manage Server permission in this guild: may abandon anyone's game.
    pub manager: bool,
}

/// Where a command was used.
#[derive(Clone, Copy, Debug)]
pub struct Place {
    pub guild: Option<GuildId>,
    pub channel: ChannelId,
    /// The server's language, for messages everyone sees.
    pub locale: Locale,
    /// Whether a game started here may move into a thread of its own.
    pub threads: ThreadRoom,
}

/// A message for the channel: content (pings), the embed view, and whom it may mention.
#[derive(Clone, Debug, PartialEq)]
pub struct Post {
    pub content: Option<String>,
    pub view: View,
    /// The only users this message may ping (Discord `allowed_mentions`).
    pub ping: Vec<UserId>,
    /// The board as a picture, shown as the embed's image, on servers that chose pictures. A
    /// post without one removes any picture the message had.
    pub picture: Option<Box<Picture>>,
}

/// How to answer an interaction.
// One per interaction, moved straight into the answer: boxing the post would only add an
// allocation.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    /// Only the person who clicked or typed sees this.
    Private(String),
    /// Replace the clicked message (Discord's UPDATE_MESSAGE).
    Update(Post),
    /// A board only the person who clicked sees (a look at more of it), beside the clicked one.
    Show(Post),
}

/// Answers the interaction a click came with: implemented by the front end, which answers in
/// time (deferring a slow one) and makes sure the board shows an answer it could not deliver.
#[async_trait::async_trait]
pub trait Responder: Send + Sync {
    async fn answer(&self, reply: Reply);
}

/// Channel messages the session sends without an interaction to answer (new boards, bot moves,
/// expiry). Implemented over Discord's HTTP API, and by a recorder in tests.
#[async_trait::async_trait]
pub trait Outbox: Send + Sync {
    /// Posts a message; returns its id.
    async fn post(&self, channel: ChannelId, post: &Post) -> Result<MessageId, OutboxError>;
    async fn edit(&self, channel: ChannelId, message: MessageId, post: &Post) -> Result<(), OutboxError>;
    /// Posts a short text that may ping exactly `ping`.
    async fn say(&self, channel: ChannelId, text: &str, ping: &[UserId]) -> Result<(), OutboxError>;
    /// Sends `text` to `user` alone, in a direct message (turn notices). Test recorders that
    /// leave it out refuse every DM.
    async fn direct(&self, _user: UserId, _text: &str) -> Result<(), OutboxError> {
        Err(OutboxError::Refused("no direct messages here".into()))
    }

    /// Opens a public thread named `name` from `message` of `channel`; returns the thread. A
    /// front end without threads refuses, and the game plays in its channel.
    async fn start_thread(
        &self,
        _channel: ChannelId,
        _message: MessageId,
        _name: &str,
    ) -> Result<ChannelId, OutboxError> {
        Err(OutboxError::Refused("no threads here".into()))
    }

    /// Closes the thread that `message` of `channel` started, if it started one (a start that
    /// crashed after Discord opened it): posts `text` there and archives it. Says whether there
    /// was one; a front end without threads has none.
    async fn close_thread_of(
        &self,
        _channel: ChannelId,
        _message: MessageId,
        _text: &str,
    ) -> Result<bool, OutboxError> {
        Ok(false)
    }
}

/// Whether the member asking may see a channel (Discord's View Channel), as the front end knows
/// it now: history, replays and reviews show a game only to members who may see the channel it
/// was played in, so a private channel's games stay as private as its messages.
pub trait Sight: Send + Sync {
    fn sees(&self, channel: ChannelId) -> bool;
}

/// Why a channel message was not sent. The session logs it and carries on: a board that could
/// not be posted stays due and is tried again.
#[derive(Debug, thiserror::Error)]
pub enum OutboxError {
    /// The platform refused the message (a deleted message or channel, a limit) or could not
    /// be reached; the text is its reason.
    #[error("{0}")]
    Refused(String),
    /// The user takes no direct messages from the bot (their privacy settings, or no server in
    /// common).
    #[error("the user's direct messages are closed")]
    Closed,
    /// The channel (or thread) no longer exists.
    #[error("the channel was deleted")]
    ChannelGone,
}

/// Actions after which a game's state is stored as a snapshot with its action, so a load
/// replays at most this many.
pub const SNAPSHOT_EVERY: usize = 50;

#[derive(Clone, Debug)]
pub struct Settings {
    pub lobby_expiry: Duration,
    pub bot_delay: Duration,
    /// Turn timers where a server has not set its own.
    pub timers: Timers,
    /// Fixed dice for tests and reproductions; `None` for real play.
    pub dice_seed: Option<u64>,
    /// Actions between a game's snapshots ([`SNAPSHOT_EVERY`]; tests take fewer).
    pub snapshot_every: usize,
    /// How the front end writes mentions, times and names.
    pub markup: &'static dyn Markup,
    /// Limits against abuse: rates, quotas, pings.
    pub limits: Limits,
}

impl Settings {
    /// The dice for a game's `step`-th random event: seeded when a seed is set (so a whole game
    /// repeats exactly), otherwise fresh. Whatever is drawn is stored in the log either way.
    fn dice(&self, game: GameId, step: u64) -> SeededDice {
        match self.dice_seed {
            Some(seed) => SeededDice::new(
                seed ^ (game.get() as u64).rotate_left(32) ^ step.wrapping_mul(0x9E37_79B9_7F4A_7C15),
            ),
            None => SeededDice::new(rand::random()),
        }
    }
}

/// Why a command was refused, as its catalogue message: worded in the asker's language only
/// where it is shown (the Discord layer), so no worded string crosses the layers as an error.
#[derive(Clone, Debug, PartialEq)]
pub struct Refused(pub Msg);

impl Refused {
    pub fn new(id: &str) -> Refused {
        Refused(Msg::new(id))
    }

    /// The message in `locale`.
    pub fn words(&self, locale: Locale) -> String {
        Tr::new(locale, &[]).msg(&self.0)
    }

    /// A store failure, logged here; the asker is told it failed, not why.
    fn store(e: &StoreError) -> Refused {
        tracing::error!(error = %e, "storage failed");
        match e {
            StoreError::OtherShard { .. } => Refused::new("click-other-shard"),
            _ => Refused::new("store-failed"),
        }
    }
}

impl From<Msg> for Refused {
    fn from(msg: Msg) -> Refused {
        Refused(msg)
    }
}

fn store_failed(tr: &Tr, e: &StoreError) -> String {
    tr.msg(&Refused::store(e).0)
}

/// How a seat of an ended game is named: a forgotten player as "someone".
fn seat_name(seat: &SeatInfo, tr: &Tr, markup: &dyn Markup) -> String {
    if seat.user.is_none() && seat.bot.is_none() {
        tr.t("history-anonymous")
    } else {
        markup.escape(&seat.name)
    }
}

#[cfg(test)]
mod tests;
