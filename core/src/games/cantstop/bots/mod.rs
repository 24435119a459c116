//! Can't Stop players. Easy plays the Rule of 28 loosely (a threshold drawn on every decision
//! and now and then any legal move), normal is the Rule of 28 exactly as published (see
//! `heuristics`), and strong searches the rest of its turn exactly and scores boards as a race
//! (see `strong`).

pub mod coach;
pub mod heuristics;
pub mod strong;

#[cfg(test)]
mod tests;

use crate::engine::bot::{Level, Strategy, pick_index};
use crate::engine::{Dice, Seat};
use crate::games::cantstop::{Action, CantStop, Phase};
pub use heuristics::{Choice, GLENN_ALOI, GLENN_LINEAR, Heuristic, RULE_OF_28};
pub use strong::{Decision, Params};

/// The Can't Stop player for a level.
pub fn strategy(level: Level) -> Box<dyn Strategy<CantStop>> {
    match level {
        Level::Easy => Box::new(EasyBot),
        Level::Normal => Box::new(HeuristicBot(&RULE_OF_28)),
        Level::Strong => Box::new(StrongBot::default()),
    }
}

/// Plays a published heuristic exactly.
pub struct HeuristicBot(pub &'static Heuristic);

impl HeuristicBot {
    pub fn action(&self, game: &CantStop) -> Action {
        match game.phase() {
            Phase::Rolled(_) => self.0.choose_move(game).map_or(Action::Roll, Action::Move),
            Phase::Choosing if !self.0.wants_roll(game) => Action::Stop,
            _ => Action::Roll,
        }
    }
}

impl Strategy<CantStop> for HeuristicBot {
    fn play(&self, game: &CantStop, _: Seat, _: &mut dyn Dice) -> Action {
        self.action(game)
    }
}

/// The Rule of 28 played loosely: a stop threshold drawn from 2d6 each time (16 to 46, 31 on
/// average) and one move in three picked at random, so it busts and wastes rolls now and then.
pub struct EasyBot;

impl EasyBot {
    pub fn action(&self, game: &CantStop, rng: &mut dyn Dice) -> Action {
        match game.phase() {
            Phase::Rolled(_) => {
                let moves = game.moves();
                if moves.len() > 1 && rng.roll(3) == 1 {
                    Action::Move(moves[pick_index(moves.len(), rng)])
                } else {
                    RULE_OF_28.choose_move(game).map_or(Action::Roll, Action::Move)
                }
            }
            Phase::Choosing => {
                let threshold = 10 + 3 * i32::from(rng.d6() + rng.d6());
                if RULE_OF_28.stop_score(game) >= threshold {
                    Action::Stop
                } else {
                    Action::Roll
                }
            }
            Phase::TurnStart | Phase::Over => Action::Roll,
        }
    }
}

impl Strategy<CantStop> for EasyBot {
    fn play(&self, game: &CantStop, _: Seat, rng: &mut dyn Dice) -> Action {
        self.action(game, rng)
    }
}

/// The strong player (see [`strong`]).
#[derive(Default)]
pub struct StrongBot(pub Params);

impl StrongBot {
    pub fn action(&self, game: &CantStop) -> Action {
        match strong::decide(game, &self.0) {
            Decision::Roll => Action::Roll,
            Decision::Stop => Action::Stop,
            Decision::Move(mv) => Action::Move(mv),
        }
    }
}

impl Strategy<CantStop> for StrongBot {
    fn play(&self, game: &CantStop, _: Seat, _: &mut dyn Dice) -> Action {
        self.action(game)
    }
}
