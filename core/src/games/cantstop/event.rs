//! What happens in Can't Stop, as data, and its words for the log.

use super::{Deserialize, Move, Msg, Seat, Serialize};

/// What happened, as data; [`Game::describe`](crate::engine::Game::describe) words it for the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// The start player drawn at set-up (not kept in the log: only a new game's first report).
    Start {
        player: Seat,
    },
    Rolled {
        player: Seat,
        dice: [u8; 4],
    },
    Bust {
        player: Seat,
    },
    Moved {
        player: Seat,
        mv: Move,
    },
    Stopped {
        player: Seat,
    },
    Claimed {
        player: Seat,
        column: u8,
    },
    Resigned {
        player: Seat,
    },
}

impl Event {
    pub(super) fn describe(self) -> Msg {
        match self {
            Event::Start { player } => Msg::new("cantstop-log-start").seat("player", player),
            Event::Rolled { player, dice } => Msg::new("cantstop-log-rolled")
                .seat("player", player)
                .arg("d1", dice[0])
                .arg("d2", dice[1])
                .arg("d3", dice[2])
                .arg("d4", dice[3]),
            Event::Bust { player } => Msg::new("cantstop-log-bust").seat("player", player),
            Event::Moved {
                player,
                mv: Move::Both(a, b),
            } => Msg::new("cantstop-log-moved-both")
                .seat("player", player)
                .arg("a", a)
                .arg("b", b),
            Event::Moved {
                player,
                mv: Move::One(a),
            } => Msg::new("cantstop-log-moved-one")
                .seat("player", player)
                .arg("a", a),
            Event::Stopped { player } => Msg::new("cantstop-log-stopped").seat("player", player),
            Event::Claimed { player, column } => Msg::new("cantstop-log-claimed")
                .seat("player", player)
                .arg("column", column),
            Event::Resigned { player } => Msg::new("log-resigned").seat("player", player),
        }
    }
}
