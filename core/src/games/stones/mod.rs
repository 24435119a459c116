//! Wise Man's Stones (賢者の石, Logy Games): place a chain of 1–6 stones growing from one of your
//! stones; a step that meets jewels or enemy stones leaps the whole run and captures it. The
//! contract is `shared/rules/wise-mans-stones.md`. This file holds the turn's flow and the
//! read-only API bots use; `board.rs` holds the position and chain legality, `rules.rs` whether
//! an action is legal, `view.rs` draws the board.

pub mod board;
pub mod bots;
mod picture;
mod rules;
mod view;

#[cfg(test)]
mod proptests;
#[cfg(test)]
mod tests;

pub use board::{Chain, Dir, Piece, Position, StepError, cell_name, parse_cell};
pub use rules::Placement;

use crate::engine::{
    Dice, Game, Level, Msg, OptionKind, OptionSpec, Outcome, RuleError, Seat, SetupError, Strategy, Tr, View,
};
use board::{NEUTRAL, bits};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

pub const PLAYERS: RangeInclusive<usize> = 2..=2;
/// P1 (seat 0, the host: the platform seats the host first) moves first; P2 wins ties.
pub const P1: Seat = 0;
pub const P2: Seat = 1;

/// Who wins when both hands are empty with these scores: ties go to the second player (§5).
pub fn winner_by(scores: [u32; 2]) -> Seat {
    if scores[P1] > scores[P2] { P1 } else { P2 }
}
/// The most directions a chain holds. A longer typed chain keeps its first ones: still over 6, it
/// is refused by the rules with "at most 6", not as an unknown move.
const MAX_PARSED: usize = 16;

/// What the die decides when no chain of the rolled length exists (§9.11).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Shortfall {
    /// The no-pass rule: the player loses.
    #[default]
    Lose,
    /// The player places the longest legal chain up to the roll.
    MaxPossible,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// "Smile of the Gods": a d6 fixes how many stones are placed.
    pub dice: bool,
    pub dice_shortfall: Shortfall,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// The canonical notation: `place a1 ENEENN`.
    Place(Chain),
    /// The landing-cell notation `place a1 b1 b2 d2`, converted against the board when applied.
    PlaceAt {
        origin: u8,
        cells: Vec<u8>,
    },
    Take(u8),
    End {
        remove: bool,
    },
    Resign,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Place(chain) => write!(f, "place {chain}"),
            Action::PlaceAt { origin, cells } => {
                write!(f, "place {}", cell_name(*origin))?;
                cells.iter().try_for_each(|c| write!(f, " {}", cell_name(*c)))
            }
            Action::Take(c) => write!(f, "take {}", cell_name(*c)),
            Action::End { remove: false } => f.write_str("end"),
            Action::End { remove: true } => f.write_str("end remove"),
            Action::Resign => f.write_str(crate::engine::RESIGN),
        }
    }
}

/// An action id this game does not know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownAction;

impl FromStr for Action {
    type Err = UnknownAction;

    fn from_str(s: &str) -> Result<Self, UnknownAction> {
        let words: Vec<&str> = s.split(' ').collect();
        let cell = |w: &str| parse_cell(w).ok_or(UnknownAction);
        match words[..] {
            ["end"] => Ok(Action::End { remove: false }),
            ["end", "remove"] => Ok(Action::End { remove: true }),
            [crate::engine::RESIGN] => Ok(Action::Resign),
            ["take", c] => Ok(Action::Take(cell(c)?)),
            ["place", origin] => Ok(Action::Place(Chain::new(cell(origin)?, &[]))),
            ["place", origin, dirs] if dirs.chars().all(|c| Dir::from_letter(c).is_some()) => {
                let dirs: Vec<Dir> = dirs
                    .chars()
                    .filter_map(Dir::from_letter)
                    .take(MAX_PARSED)
                    .collect();
                Ok(Action::Place(Chain::new(cell(origin)?, &dirs)))
            }
            // A chain as the hint and the log write it (`a1 NE`), `place` left out.
            [origin, dirs] if parse_cell(origin).is_some() => format!("place {origin} {dirs}").parse(),
            ["place", origin, ref rest @ ..] => Ok(Action::PlaceAt {
                origin: cell(origin)?,
                cells: rest
                    .iter()
                    .take(MAX_PARSED)
                    .map(|w| cell(w))
                    .collect::<Result<_, _>>()?,
            }),
            _ => Err(UnknownAction),
        }
    }
}

/// Where the turn stands (the state machine of §3; TURN_START and TURN_END run inside `apply`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Takes, then exactly one chain.
    Place,
    /// Takes, then `end` or `end remove`.
    EndPhase,
    Over,
}

/// One turn as it happened, for the board's "last turn" line.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnRecord {
    pub seat: Seat,
    pub chain: Option<Chain>,
    pub landings: Vec<u8>,
    /// The pieces jumped (bit per cell), removed and scored at the turn's end.
    pub captured: u64,
    /// The neutral corners whose enemy stone was taken.
    pub takes: Vec<u8>,
    pub points: u32,
    pub removed_initial: bool,
}

/// A game of Wise Man's Stones. Cheap to clone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stones {
    options: Options,
    pos: Position,
    active: Seat,
    phase: Phase,
    /// The die's requirement for this turn (dice variant only): `min(roll, hand)`.
    required: Option<u8>,
    roll: Option<u8>,
    /// This turn so far (its `captured` is the pending set shown as 💥).
    turn: TurnRecord,
    last: Option<TurnRecord>,
    outcome: Option<Outcome>,
    /// How the game ended when nobody ran out of stones: the seat that could not move.
    stuck: Option<Seat>,
    resigned: Option<Seat>,
}

/// What happened, as data; [`Game::describe`] words it for the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    PlayOver {
        player: Seat,
    },
    Rolled {
        player: Seat,
        roll: u8,
        required: u8,
    },
    NoChain {
        player: Seat,
    },
    Took {
        player: Seat,
        cell: u8,
    },
    Placed {
        player: Seat,
        chain: Chain,
        landings: Vec<u8>,
    },
    /// The pieces jumped this turn (bit per cell) left the board and scored.
    Captured {
        player: Seat,
        cells: u64,
        points: u32,
    },
    RemovedInitial {
        player: Seat,
    },
    Resigned {
        player: Seat,
    },
}

impl Event {
    fn describe(&self) -> Msg {
        match self {
            Event::PlayOver { player } => Msg::new("stones-log-play-over").seat("player", *player),
            Event::Rolled {
                player,
                roll,
                required,
            } => Msg::new("stones-log-rolled")
                .seat("player", *player)
                .arg("roll", *roll)
                .arg("required", *required),
            Event::NoChain { player } => Msg::new("stones-log-no-chain").seat("player", *player),
            Event::Took { player, cell } => Msg::new("stones-log-took")
                .seat("player", *player)
                .arg("cell", cell_name(*cell)),
            Event::Placed {
                player,
                chain,
                landings,
            } => Msg::new("stones-log-placed")
                .seat("player", *player)
                .arg("chain", chain.to_string())
                .arg("cells", cells_text(landings.iter().copied())),
            Event::Captured {
                player,
                cells,
                points,
            } => Msg::new("stones-log-captured")
                .seat("player", *player)
                .arg("cells", cells_text(bits(*cells)))
                .arg("points", *points),
            Event::RemovedInitial { player } => {
                Msg::new("stones-log-removed-initial").seat("player", *player)
            }
            Event::Resigned { player } => Msg::new("log-resigned").seat("player", *player),
        }
    }
}

impl Stones {
    pub fn options(&self) -> &Options {
        &self.options
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The seat whose turn it is (the last to play once the game is over).
    pub fn active(&self) -> Seat {
        self.active
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The die's requirement this turn and the roll it came from (dice variant).
    pub fn dice(&self) -> Option<(u8, u8)> {
        self.required.zip(self.roll)
    }

    /// This turn so far.
    pub fn current_turn(&self) -> &TurnRecord {
        &self.turn
    }

    pub fn last_turn(&self) -> Option<&TurnRecord> {
        self.last.as_ref()
    }

    /// The position ending this turn would leave, before the next player's turn: the pieces
    /// jumped this turn gone and scored, the initial stone removed if `remove`.
    pub fn ended(&self, remove: bool) -> Position {
        let mut next = self.pos.clone();
        next.settle(self.active, self.turn.captured);
        if remove {
            next.remove_initial(self.active);
        }
        next
    }

    /// The seat that lost for having no legal chain, if the game ended so.
    pub fn stuck(&self) -> Option<Seat> {
        self.stuck
    }

    /// The seat that resigned, if one did.
    pub fn resigned(&self) -> Option<Seat> {
        self.resigned
    }

    /// The chain lengths the active player may place now: 1..=min(6, hand), or the die's
    /// requirement (with `max_possible`, the longest legal length up to it on this board).
    pub fn lengths(&self) -> RangeInclusive<u8> {
        let me = self.active;
        let cap = self.pos.max_len(me);
        match self.required {
            None => 1..=cap,
            Some(r) if self.options.dice_shortfall == Shortfall::Lose => r..=r,
            Some(r) => {
                let longest = self.pos.longest(me, r);
                longest.max(1)..=longest.max(1)
            }
        }
    }

    /// Every legal chain for the active player now, in search order (origin, then N E S W,
    /// shorter before longer). Empty outside PLACE.
    pub fn legal_chains(&self) -> Vec<Chain> {
        let mut out = vec![];
        if self.phase == Phase::Place {
            let lens = self.lengths();
            self.pos.walk(self.active, lens, |chain, _, _| {
                out.push(chain);
                true
            });
        }
        out
    }

    /// The opponent stones the active player could take now.
    pub fn takes(&self) -> Vec<u8> {
        if !matches!(self.phase, Phase::Place | Phase::EndPhase) {
            return vec![];
        }
        let enemy = 1 - self.active;
        NEUTRAL
            .into_iter()
            .filter(|&c| self.pos.board[usize::from(c)].owner() == Some(enemy))
            .collect()
    }

    /// TURN_START (§3): game over, play-over, the die, the no-pass loss; else PLACE.
    fn begin_turn(&mut self, dice: &mut dyn Dice, events: &mut Vec<Event>) {
        self.required = None;
        self.roll = None;
        self.turn = TurnRecord {
            seat: self.active,
            ..TurnRecord::default()
        };
        if self.pos.hands == [0, 0] {
            self.finish(winner_by(self.pos.scores));
            return;
        }
        if self.pos.hands[self.active] == 0 {
            events.push(Event::PlayOver { player: self.active });
            self.active = 1 - self.active;
            self.turn.seat = self.active;
        }
        let me = self.active;
        if self.options.dice {
            let roll = dice.d6();
            let required = roll.min(self.pos.hands[me]);
            self.roll = Some(roll);
            self.required = Some(required);
            events.push(Event::Rolled {
                player: me,
                roll,
                required,
            });
        }
        // The check assumes every available take (taking only frees cells).
        let mut freed = self.pos.clone();
        freed.take_all(me);
        // Any legal chain's first step is itself a legal one-stone chain.
        let lens = match self.required {
            Some(r) if self.options.dice_shortfall == Shortfall::Lose => r..=r,
            _ => 1..=1,
        };
        if freed.has_chain(me, lens) {
            self.phase = Phase::Place;
        } else {
            events.push(Event::NoChain { player: me });
            self.stuck = Some(me);
            self.finish(1 - me);
        }
    }

    fn finish(&mut self, winner: Seat) {
        self.phase = Phase::Over;
        self.required = None;
        self.roll = None;
        self.outcome = Some(Outcome::Won {
            winners: vec![winner],
        });
    }

    fn take(&mut self, corner: u8, events: &mut Vec<Event>) {
        let me = self.active;
        self.pos.take(me, corner);
        self.turn.takes.push(corner);
        self.turn.points += 1;
        events.push(Event::Took {
            player: me,
            cell: corner,
        });
    }

    fn place(&mut self, placement: Placement, events: &mut Vec<Event>) {
        let me = self.active;
        self.pos.put(me, &placement.landings);
        events.push(Event::Placed {
            player: me,
            chain: placement.chain,
            landings: placement.landings.clone(),
        });
        self.turn.chain = Some(placement.chain);
        self.turn.landings = placement.landings;
        self.turn.captured = placement.jumped;
        self.phase = Phase::EndPhase;
    }

    /// TURN_END: the jumped pieces leave and score; maybe the initial stone leaves; next turn.
    fn end_turn(&mut self, remove: bool, dice: &mut dyn Dice, events: &mut Vec<Event>) {
        let me = self.active;
        let points = self.pos.settle(me, self.turn.captured);
        self.turn.points += points;
        if points > 0 {
            events.push(Event::Captured {
                player: me,
                cells: self.turn.captured,
                points,
            });
        }
        if remove {
            self.pos.remove_initial(me);
            self.turn.removed_initial = true;
            events.push(Event::RemovedInitial { player: me });
        }
        self.last = Some(std::mem::take(&mut self.turn));
        self.active = 1 - me;
        self.begin_turn(dice, events);
    }
}

/// Cells as words: `b1 b2 d2`.
pub fn cells_text(cells: impl Iterator<Item = u8>) -> String {
    cells.map(cell_name).collect::<Vec<_>>().join(" ")
}

impl Game for Stones {
    const ID: &'static str = "stones";
    const PLAYERS: RangeInclusive<usize> = PLAYERS;
    const STATE_VERSION: u32 = 1;
    const OPTIONS: &'static [OptionSpec] = &[
        OptionSpec {
            key: "dice",
            kind: OptionKind::Switch { default: false },
        },
        OptionSpec {
            key: "dice_shortfall",
            kind: OptionKind::Choice {
                default: "lose",
                values: &["lose", "max_possible"],
            },
        },
    ];

    type Options = Options;
    type Action = Action;
    type Event = Event;

    fn new(options: &Options, _players: usize, dice: &mut dyn Dice) -> Result<Self, SetupError> {
        let mut game = Self {
            options: *options,
            pos: Position::start(),
            active: P1,
            phase: Phase::Place,
            required: None,
            roll: None,
            turn: TurnRecord::default(),
            last: None,
            outcome: None,
            stuck: None,
            resigned: None,
        };
        game.begin_turn(dice, &mut vec![]);
        Ok(game)
    }

    fn to_act(&self) -> Vec<Seat> {
        if self.outcome.is_some() {
            vec![]
        } else {
            vec![self.active]
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if self.outcome.is_some() || seat != self.active {
            return vec![];
        }
        let mut out: Vec<Action> = self.legal_chains().into_iter().map(Action::Place).collect();
        out.extend(self.takes().into_iter().map(Action::Take));
        if self.phase == Phase::EndPhase {
            out.push(Action::End { remove: false });
            if self.pos.initial[seat] {
                out.push(Action::End { remove: true });
            }
        }
        out
    }

    fn apply_events(
        &mut self,
        seat: Seat,
        action: &Action,
        dice: &mut dyn Dice,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let placement = self.check(seat, action)?;
        match action {
            Action::Place(_) | Action::PlaceAt { .. } => {
                self.place(placement.expect("a checked placement"), events);
            }
            Action::Take(c) => self.take(*c, events),
            Action::End { remove } => self.end_turn(*remove, dice, events),
            Action::Resign => {
                events.push(Event::Resigned { player: seat });
                self.resigned = Some(seat);
                self.finish(1 - seat);
            }
        }
        Ok(())
    }

    fn describe(&self, event: &Event) -> Msg {
        event.describe()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn label(&self, action: &Action, tr: &Tr) -> String {
        view::label(self, action, tr)
    }

    /// Out of time: the first legal chain (a take when no chain is possible before one), then `end`.
    fn timeout_action(&self, seat: Seat) -> Option<Action> {
        if self.outcome.is_some() || seat != self.active {
            return None;
        }
        match self.phase {
            Phase::Place => {
                let mut first = None;
                self.pos.walk(self.active, self.lengths(), |chain, _, _| {
                    first = Some(chain);
                    false
                });
                first
                    .map(Action::Place)
                    .or_else(|| self.takes().first().map(|&c| Action::Take(c)))
            }
            Phase::EndPhase => Some(Action::End { remove: false }),
            Phase::Over => None,
        }
    }

    fn state(&self) -> serde_json::Value {
        let phase = match self.phase {
            Phase::Place => "place",
            Phase::EndPhase => "end",
            Phase::Over => "over",
        };
        let cells: serde_json::Map<String, serde_json::Value> = (0..board::CELLS as u8)
            .map(|cell| {
                (
                    board::cell_name(cell),
                    board::piece_state(self.pos.board[usize::from(cell)]),
                )
            })
            .collect();
        serde_json::json!({
            "phase": phase,
            "active": self.active,
            "roll": self.roll,
            "required": self.required,
            "cells": cells,
            "hands": self.pos.hands,
            "scores": self.pos.scores,
            "jewels_won": self.pos.jewels_won,
            "stones_won": self.pos.stones_won,
        })
    }

    fn opening(&self) -> Vec<Event> {
        // Only the first die is drawn at set-up (dice variant).
        match (self.roll, self.required) {
            (Some(roll), Some(required)) => vec![Event::Rolled {
                player: self.active,
                roll,
                required,
            }],
            _ => vec![],
        }
    }

    fn picture(&self, draft: &str, tr: &Tr) -> Option<crate::engine::picture::Picture> {
        Some(picture::picture(self, draft, tr))
    }

    fn view(&self, viewer: Option<Seat>, draft: &str, tr: &Tr) -> View {
        view::view(self, viewer, draft, tr)
    }

    const COACHED: bool = true;

    fn hint(&self, seat: Seat) -> Option<Msg> {
        self.to_act()
            .contains(&seat)
            .then(|| bots::coach::hint(self, seat))
    }

    fn weigh(&self, seat: Seat) -> Option<crate::engine::Weighing> {
        bots::coach::weigh(self, seat)
    }

    fn strategy(level: Level) -> Box<dyn Strategy<Self>> {
        bots::strategy(level)
    }
}
