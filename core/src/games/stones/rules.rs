//! Whether an action is legal (§4, §6): a placement's start and each of its steps, a corner
//! take, the end of a turn. Checking changes nothing; `mod.rs` applies what passes.

use super::board::{self, HOME, NEUTRAL};
use super::{Action, Chain, Dir, PLAYERS, Phase, Piece, StepError, Stones, cell_name};
use crate::engine::{Msg, RuleError, Seat};

/// A chain checked against the board: where its stones land and what it jumps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    pub chain: Chain,
    pub landings: Vec<u8>,
    pub jumped: u64,
}

/// Why a placement is refused: the message, and for a step the step's number.
fn step_error(step: usize, err: StepError) -> RuleError {
    let step = step + 1;
    let msg = match err {
        StepError::OffBoard(from, d) => Msg::new("stones-rule-off-board")
            .arg("from", cell_name(from))
            .arg("dir", d.letter().to_string()),
        StepError::Blank(c) => Msg::new("stones-rule-blank").arg("cell", cell_name(c)),
        StepError::OwnStone(c) => Msg::new("stones-rule-own-stone").arg("cell", cell_name(c)),
        StepError::HomeCorner(c) => Msg::new("stones-rule-home-corner").arg("cell", cell_name(c)),
        StepError::Backward => Msg::new("stones-rule-backward"),
        StepError::NotInLine { from, to } => Msg::new("stones-rule-not-in-line")
            .arg("from", cell_name(from))
            .arg("cell", cell_name(to)),
        StepError::WrongLanding { listed, landing } => Msg::new("stones-rule-wrong-landing")
            .arg("cell", cell_name(listed))
            .arg("landing", cell_name(landing)),
    };
    RuleError::Refused(msg.arg("step", step))
}

/// A placement's steps as given: directions, or the cells the stones land on.
#[derive(Clone, Copy)]
enum Steps<'a> {
    Dirs(Chain),
    Cells(&'a [u8]),
}

impl Stones {
    /// Checks a placement (either notation) for the active player without changing anything
    /// (§4, §6); `None` for an action that is not a placement.
    pub fn check_place(&self, action: &Action) -> Option<Result<Placement, RuleError>> {
        match action {
            Action::Place(chain) => Some(self.check_steps(chain.origin, Steps::Dirs(*chain))),
            Action::PlaceAt { origin, cells } => Some(self.check_steps(*origin, Steps::Cells(cells))),
            _ => None,
        }
    }

    /// What a chain of `k` stones from `origin` must meet before its steps are looked at: a
    /// length within the hand, the chain limit and the die, and a stone of the mover's own.
    fn check_start(&self, origin: u8, k: usize) -> Result<(), RuleError> {
        let me = self.active;
        if k == 0 {
            return Err(RuleError::new("stones-rule-no-stones"));
        }
        if k > board::MAX_CHAIN {
            return Err(Msg::new("stones-rule-too-long")
                .arg("max", board::MAX_CHAIN)
                .into());
        }
        let hand = self.pos.hands[me];
        if k > usize::from(hand) {
            return Err(Msg::new("stones-rule-hand").arg("hand", hand).into());
        }
        if let Some(required) = self.required {
            let lens = self.lengths();
            if k != usize::from(*lens.start()) {
                let id = if *lens.start() == required {
                    "stones-rule-dice"
                } else {
                    "stones-rule-dice-longest"
                };
                return Err(Msg::new(id)
                    .arg("required", *lens.start())
                    .arg("roll", self.roll.unwrap_or(required))
                    .into());
            }
        }
        if self.pos.board[usize::from(origin)].owner() != Some(me) {
            return Err(Msg::new("stones-rule-not-your-stone")
                .arg("cell", cell_name(origin))
                .into());
        }
        if self.pos.initial[me] && origin != HOME[me] {
            return Err(Msg::new("stones-rule-from-initial")
                .arg("cell", cell_name(HOME[me]))
                .into());
        }
        Ok(())
    }

    fn check_steps(&self, origin: u8, steps: Steps) -> Result<Placement, RuleError> {
        let me = self.active;
        let k = match steps {
            Steps::Dirs(chain) => chain.len(),
            Steps::Cells(cells) => cells.len(),
        };
        self.check_start(origin, k)?;
        let mut board = self.pos.board;
        let mut at = origin;
        let mut jumped = 0;
        let mut dirs = Vec::with_capacity(k);
        let mut landings = Vec::with_capacity(k);
        for i in 0..k {
            let d = match steps {
                Steps::Cells(cells) => Dir::towards(at, cells[i]).ok_or_else(|| {
                    step_error(
                        i,
                        StepError::NotInLine {
                            from: at,
                            to: cells[i],
                        },
                    )
                })?,
                Steps::Dirs(chain) => chain.dir(i),
            };
            if dirs.last().is_some_and(|&p: &Dir| p.opposite() == d) {
                return Err(step_error(i, StepError::Backward));
            }
            let next = board::step(&board, me, at, d, &mut jumped).map_err(|e| step_error(i, e))?;
            if let Steps::Cells(cells) = steps
                && cells[i] != next
            {
                return Err(step_error(
                    i,
                    StepError::WrongLanding {
                        listed: cells[i],
                        landing: next,
                    },
                ));
            }
            board[usize::from(next)] = Piece::Stone(me as u8);
            dirs.push(d);
            landings.push(next);
            at = next;
        }
        Ok(Placement {
            chain: Chain::new(origin, &dirs),
            landings,
            jumped,
        })
    }

    /// Checks an action against the rules without changing anything.
    pub(super) fn check(&self, seat: Seat, action: &Action) -> Result<Option<Placement>, RuleError> {
        if self.outcome.is_some() {
            return Err(RuleError::GameOver);
        }
        if seat >= *PLAYERS.end() {
            return Err(RuleError::new("rule-not-playing"));
        }
        if *action == Action::Resign {
            return Ok(None);
        }
        if seat != self.active {
            return Err(RuleError::NotYourTurn { awaited: self.active });
        }
        match action {
            Action::Place(_) | Action::PlaceAt { .. } => {
                if self.phase == Phase::EndPhase {
                    return Err(RuleError::new("stones-rule-placed-already"));
                }
                self.check_place(action).transpose()
            }
            Action::Take(c) => {
                if !NEUTRAL.contains(c) {
                    return Err(Msg::new("stones-rule-not-neutral")
                        .arg("cell", cell_name(*c))
                        .into());
                }
                match self.pos.board[usize::from(*c)].owner() {
                    None => Err(Msg::new("stones-rule-corner-empty")
                        .arg("cell", cell_name(*c))
                        .into()),
                    Some(owner) if owner == seat => {
                        Err(Msg::new("stones-rule-take-own").arg("cell", cell_name(*c)).into())
                    }
                    Some(_) => Ok(None),
                }
            }
            Action::End { remove } => {
                if self.phase == Phase::Place {
                    return Err(RuleError::new("stones-rule-place-first"));
                }
                if *remove && !self.pos.initial[seat] {
                    return Err(RuleError::new("stones-rule-initial-gone"));
                }
                Ok(None)
            }
            Action::Resign => Ok(None),
        }
    }
}
