//! What the engine and the games refuse, as typed values. Each carries or builds the catalogue
//! [`Msg`] a person reads ([`RuleError::msg`], [`SetupError::msg`]), so the layers above pass
//! the error itself and word it only where it is shown.

use super::{Msg, Seat};
use std::ops::RangeInclusive;

/// An action refused by the rules. The game state is unchanged; the reason is shown to the player.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// The game has ended: nothing more is played, whatever was sent.
    #[error("the game is over")]
    GameOver,
    /// No action of this game has that id (a forged, mangled or stale button).
    #[error("no action `{0}` in this game")]
    UnknownAction(String),
    /// The seat acted out of turn; `awaited` is the seat whose turn it is.
    #[error("it is seat {awaited}'s turn")]
    NotYourTurn { awaited: Seat },
    /// The game's own rules refuse the action, with the message that says why.
    #[error("rule error: {}", .0.id)]
    Refused(Msg),
}

impl RuleError {
    /// A refusal by the game's rules with a message that takes no arguments.
    pub fn new(id: &str) -> Self {
        Self::Refused(Msg::new(id))
    }

    /// The catalogue message that tells the player why.
    pub fn msg(&self) -> Msg {
        match self {
            Self::GameOver => Msg::new("rule-game-over"),
            Self::UnknownAction(action) => Msg::new("rule-unknown-action").arg("action", action.as_str()),
            Self::NotYourTurn { awaited } => Msg::new("rule-not-your-turn").seat("player", *awaited),
            Self::Refused(msg) => msg.clone(),
        }
    }
}

impl From<Msg> for RuleError {
    fn from(m: Msg) -> Self {
        Self::Refused(m)
    }
}

/// A game that cannot be set up as asked, with the catalogue message that says why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The game does not take that many players. `message` is the game's catalogue id for it
    /// (with `min`, `max` and `players` as arguments).
    #[error("{players} players, not {min} to {max}")]
    Seats {
        players: usize,
        min: usize,
        max: usize,
        message: &'static str,
    },
    /// An option's value is not one the game declares (checked by the engine).
    #[error("invalid option: {}", .0.id)]
    Option(Msg),
    /// The game's own check of its options refuses them.
    #[error("cannot set up the game: {}", .0.id)]
    Refused(Msg),
}

impl SetupError {
    /// `players` against the seats a game declares; `message` words a refusal.
    pub fn check_seats(
        seats: RangeInclusive<usize>,
        players: usize,
        message: &'static str,
    ) -> Result<(), Self> {
        if seats.contains(&players) {
            return Ok(());
        }
        Err(Self::Seats {
            players,
            min: *seats.start(),
            max: *seats.end(),
            message,
        })
    }

    /// The catalogue message that tells the host why.
    pub fn msg(&self) -> Msg {
        match self {
            Self::Seats {
                players,
                min,
                max,
                message,
            } => Msg::new(*message)
                .arg("min", *min)
                .arg("max", *max)
                .arg("players", *players),
            Self::Option(msg) | Self::Refused(msg) => msg.clone(),
        }
    }
}

impl From<Msg> for SetupError {
    fn from(m: Msg) -> Self {
        Self::Refused(m)
    }
}

/// A stored snapshot that does not fit the game's state (its format changed in an upgrade, or
/// the record is corrupt); the caller replays the whole log instead.
#[derive(Debug, thiserror::Error)]
#[error(transparent)]
pub struct RestoreError(#[from] serde_json::Error);
