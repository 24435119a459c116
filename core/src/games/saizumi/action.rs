//! Saizumi's actions and their ids.

use crate::engine::RESIGN;
use std::fmt;
use std::str::FromStr;

/// Action ids: `place:<k>:<slot>`, `use:<pile>:<pos>[:<N>]`, `done`, `take:<slot>:<pile>:<a|b>`,
/// `claim:<slot>[:<halves>]`, `resign`. Numbers and letters are kept as sent so the rules can
/// refuse a wrong one with its own reason (§6).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Stone `stone` (its position 1–3 in this turn's reveal) onto market slot `slot`.
    Place {
        stone: u32,
        slot: u32,
    },
    Use {
        pile: u32,
        pos: u32,
        face: Option<u32>,
    },
    Done,
    Take {
        slot: u32,
        pile: u32,
        half: String,
    },
    Claim {
        slot: u32,
        halves: Option<String>,
    },
    Resign,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Place { stone, slot } => write!(f, "place:{stone}:{slot}"),
            Action::Use {
                pile,
                pos,
                face: None,
            } => write!(f, "use:{pile}:{pos}"),
            Action::Use {
                pile,
                pos,
                face: Some(n),
            } => write!(f, "use:{pile}:{pos}:{n}"),
            Action::Done => f.write_str("done"),
            Action::Take { slot, pile, half } => write!(f, "take:{slot}:{pile}:{half}"),
            Action::Claim { slot, halves: None } => write!(f, "claim:{slot}"),
            Action::Claim {
                slot,
                halves: Some(h),
            } => write!(f, "claim:{slot}:{h}"),
            Action::Resign => f.write_str(RESIGN),
        }
    }
}

/// An action id that is none of the forms above.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownAction;

impl FromStr for Action {
    type Err = UnknownAction;

    fn from_str(s: &str) -> Result<Self, UnknownAction> {
        let number = |t: &str| {
            (!t.is_empty() && t.len() <= 9 && t.bytes().all(|b| b.is_ascii_digit()))
                .then(|| t.parse::<u32>().ok())
                .flatten()
                .ok_or(UnknownAction)
        };
        let letters = |t: &str| {
            (t.len() <= 60 && t.chars().all(|c| c.is_ascii_alphanumeric()))
                .then(|| t.to_owned())
                .ok_or(UnknownAction)
        };
        let parts: Vec<&str> = s.split(':').collect();
        match parts[..] {
            ["done"] => Ok(Action::Done),
            [RESIGN] => Ok(Action::Resign),
            ["place", k, slot] => Ok(Action::Place {
                stone: number(k)?,
                slot: number(slot)?,
            }),
            ["use", pile, pos] => Ok(Action::Use {
                pile: number(pile)?,
                pos: number(pos)?,
                face: None,
            }),
            ["use", pile, pos, n] => Ok(Action::Use {
                pile: number(pile)?,
                pos: number(pos)?,
                face: Some(number(n)?),
            }),
            ["take", slot, pile, half] => Ok(Action::Take {
                slot: number(slot)?,
                pile: number(pile)?,
                half: letters(half)?,
            }),
            ["claim", slot] => Ok(Action::Claim {
                slot: number(slot)?,
                halves: None,
            }),
            ["claim", slot, halves] => Ok(Action::Claim {
                slot: number(slot)?,
                halves: Some(letters(halves)?),
            }),
            _ => Err(UnknownAction),
        }
    }
}
