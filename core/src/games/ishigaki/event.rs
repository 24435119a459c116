//! What happens in Ishigaki Race, as data, and its words for the log.

use super::{Deserialize, Msg, Seat, Serialize, climb};

/// What happened, as data; [`Game::describe`](crate::engine::Game::describe) words it for the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    Start {
        player: Seat,
    },
    Die1 {
        player: Seat,
        die: u8,
    },
    /// The mover kept die 1 alone.
    Stop {
        player: Seat,
        die1: u8,
    },
    Higher {
        player: Seat,
        die: u8,
        sum: u8,
        climb: u8,
    },
    Slip {
        player: Seat,
        die: u8,
    },
    Doubles {
        player: Seat,
        die: u8,
    },
    NobodyFalls,
    Moved {
        player: Seat,
        from: u8,
        to: u8,
    },
    Fell {
        player: Seat,
        from: u8,
        to: u8,
    },
    Crumbled {
        player: Seat,
        from: u8,
        to: u8,
    },
    Arrived {
        player: Seat,
        arrival: usize,
    },
    FinalRound {
        first: Seat,
    },
    RollOff {
        first: Seat,
    },
    /// A roll-off roll: die 2 (if rolled) and the value it scored.
    Value {
        player: Seat,
        die1: u8,
        die2: Option<u8>,
        value: u8,
    },
    RollOffWon {
        player: Seat,
        value: u8,
    },
    RollOffTie {
        value: u8,
    },
    RollOffOut {
        player: Seat,
    },
    Won {
        player: Seat,
    },
    Resigned {
        player: Seat,
    },
    RaceResumes,
}

impl Event {
    pub(super) fn describe(self) -> Msg {
        let moved = |id, player, from: u8, to: u8| {
            Msg::new(id)
                .seat("player", player)
                .arg("from", from)
                .arg("to", to)
        };
        match self {
            Event::Start { player } => Msg::new("ishigaki-log-start").seat("player", player),
            Event::Die1 { player, die } => Msg::new("ishigaki-log-die1")
                .seat("player", player)
                .arg("die", die),
            Event::Stop { player, die1 } => Msg::new("ishigaki-log-stop")
                .arg("climb", climb(die1))
                .seat("player", player),
            Event::Higher {
                player,
                die,
                sum,
                climb,
            } => Msg::new("ishigaki-log-higher")
                .arg("die", die)
                .arg("sum", sum)
                .arg("climb", climb)
                .seat("player", player),
            Event::Slip { player, die } => Msg::new("ishigaki-log-slip")
                .arg("die", die)
                .seat("player", player),
            Event::Doubles { player, die } => Msg::new("ishigaki-log-doubles")
                .arg("die", die)
                .seat("player", player),
            Event::NobodyFalls => Msg::new("ishigaki-log-nobody-falls"),
            Event::Moved { player, from, to } => moved("ishigaki-log-move", player, from, to),
            Event::Fell { player, from, to } => moved("ishigaki-log-fall", player, from, to),
            Event::Crumbled { player, from, to } => moved("ishigaki-log-crumble", player, from, to),
            Event::Arrived { player, arrival } => Msg::new("ishigaki-log-arrival")
                .seat("player", player)
                .arg("arrival", arrival),
            Event::FinalRound { first } => Msg::new("ishigaki-log-final-round").seat("player", first),
            Event::RollOff { first } => Msg::new("ishigaki-log-rolloff").seat("player", first),
            Event::Value {
                player,
                die1,
                die2,
                value,
            } => match die2 {
                None => Msg::new("ishigaki-log-value-stop"),
                Some(d2) if d2 < die1 => Msg::new("ishigaki-log-value-lower").arg("die", d2),
                Some(d2) if d2 == die1 => Msg::new("ishigaki-log-value-doubles").arg("die", d2),
                Some(d2) => Msg::new("ishigaki-log-value-higher").arg("die", d2),
            }
            .seat("player", player)
            .arg("value", value),
            Event::RollOffWon { player, value } => Msg::new("ishigaki-log-rolloff-won")
                .seat("player", player)
                .arg("value", value),
            Event::RollOffTie { value } => Msg::new("ishigaki-log-rolloff-tie").arg("value", value),
            Event::RollOffOut { player } => Msg::new("ishigaki-log-rolloff-out").seat("player", player),
            Event::Won { player } => Msg::new("outcome-won").seat("player", player),
            Event::Resigned { player } => Msg::new("log-resigned").seat("player", player),
            Event::RaceResumes => Msg::new("ishigaki-log-race-resumes"),
        }
    }
}
