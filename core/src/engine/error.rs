//! What the engine and the games refuse, as typed values. Each carries or builds the catalogue
//! [`Msg`] a person reads ([`RuleError::msg`], [`SetupError::msg`]), so the layers above pass
//! the error itself and word it only where it is shown.

use super::{Msg, Seat, Tr};
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
    /// The dice ran out while the set-up still rolled (a replayed record's, which are finite).
    #[error("the dice ran out before the game was set up")]
    DiceRanOut,
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
            Self::DiceRanOut => Msg::new("setup-dice-ran-out"),
        }
    }
}

impl From<Msg> for SetupError {
    fn from(m: Msg) -> Self {
        Self::Refused(m)
    }
}

/// A stored game or record that cannot be rebuilt: its snapshot does not fit the game's state
/// (a format changed in an upgrade), or its set-up or log does not fit the rules and its dice
/// (a corrupt or hostile record). Nothing is rebuilt from it.
#[derive(Debug, thiserror::Error)]
pub enum RestoreError {
    #[error("the snapshot does not fit the game's state: {0}")]
    Snapshot(#[from] serde_json::Error),
    /// The snapshot was stored by a build whose state had another version (`None`: none, from
    /// before versions), so its fields may mean something else.
    #[error("the snapshot's state version is {found:?}, this build's is {expected}")]
    SnapshotVersion { found: Option<u32>, expected: u32 },
    #[error("unknown game `{0}`")]
    UnknownGame(String),
    /// The seats do not decode (the layer above stores them).
    #[error("the seats do not decode: {0}")]
    Seats(String),
    #[error("the set-up is refused: {0}")]
    Setup(SetupError),
    /// The set-up drew more dice than the record holds.
    #[error("the set-up dice ran out")]
    SetupDiceRanOut,
    /// The set-up drew fewer dice than the record holds.
    #[error("the set-up left {0} dice unused")]
    SetupDiceLeft(usize),
    /// The rules refuse a logged action (`index` is 0-based).
    #[error("move {} ({action} by seat {seat}) is refused: {error}", index + 1)]
    Refused {
        index: usize,
        seat: Seat,
        action: String,
        error: RuleError,
    },
    /// A logged action drew more dice than were recorded with it.
    #[error("move {} ({action} by seat {seat}) ran out of its recorded dice", index + 1)]
    DiceRanOut {
        index: usize,
        seat: Seat,
        action: String,
    },
    /// A logged action drew fewer dice than were recorded with it.
    #[error("move {} ({action} by seat {seat}) left {left} recorded dice unused", index + 1)]
    DiceLeft {
        index: usize,
        seat: Seat,
        action: String,
        left: usize,
    },
}

impl RestoreError {
    /// What is wrong, as the catalogue words it in `tr`'s language (with the rules' own reason
    /// where they refused).
    pub fn describe(&self, tr: &Tr) -> String {
        let head = tr.msg(&self.msg());
        match self {
            Self::Setup(e) => format!("{head} {}", tr.msg(&e.msg())),
            Self::Refused { error, .. } => format!("{head} {}", tr.msg(&error.msg())),
            _ => head,
        }
    }

    /// The catalogue message that says what is wrong (without the rules' reason: see
    /// [`RestoreError::describe`]).
    pub fn msg(&self) -> Msg {
        let at = |id: &str, index: usize, seat: Seat, action: &str| {
            Msg::new(id)
                .arg("move", index + 1)
                .arg("seat", seat)
                .arg("action", action)
        };
        match self {
            Self::Snapshot(_) | Self::SnapshotVersion { .. } => Msg::new("restore-snapshot"),
            Self::UnknownGame(game) => Msg::new("restore-unknown-game").arg("game", game.as_str()),
            Self::Seats(_) => Msg::new("restore-seats"),
            Self::Setup(_) => Msg::new("restore-setup"),
            Self::SetupDiceRanOut => Msg::new("restore-setup-dice-ran-out"),
            Self::SetupDiceLeft(left) => Msg::new("restore-setup-dice-left").arg("left", *left),
            Self::Refused {
                index, seat, action, ..
            } => at("restore-refused", *index, *seat, action),
            Self::DiceRanOut { index, seat, action } => at("restore-dice-ran-out", *index, *seat, action),
            Self::DiceLeft {
                index,
                seat,
                action,
                left,
            } => at("restore-dice-left", *index, *seat, action).arg("left", *left),
        }
    }
}
