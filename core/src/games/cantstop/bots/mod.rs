//! Can't Stop players. Easy plays the Rule of 28 loosely (a threshold drawn on every decision
//! and now and then any legal move), normal is the Rule of 28 exactly as published (see
//! `heuristics`), and strong searches the rest of its turn exactly and scores boards as a race
//! (see `strong`).

pub mod coach;
pub mod heuristics;
pub mod strong;

#[cfg(test)]
mod tests;

use crate::engine::bot::{Bot, Level, RandomBot, pick_index};
use crate::engine::{AnyGame, Dice, Seat};
use crate::games::cantstop::{Action, CantStop, Phase};
pub use heuristics::{Choice, GLENN_ALOI, GLENN_LINEAR, Heuristic, RULE_OF_28};
pub use strong::{Decision, Params};

/// The Can't Stop player for a level.
pub fn bot(level: Level) -> Box<dyn Bot> {
    match level {
        Level::Easy => Box::new(EasyBot),
        Level::Normal => Box::new(HeuristicBot(&RULE_OF_28)),
        Level::Strong => Box::new(StrongBot::default()),
    }
}

/// The Can't Stop state behind `game`, when it is `seat`'s turn to act.
fn turn_of(game: &dyn AnyGame, seat: Seat) -> Option<&CantStop> {
    game.as_any()
        .downcast_ref::<CantStop>()
        .filter(|g| g.active() == seat && g.phase() != Phase::Over)
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

impl Bot for HeuristicBot {
    fn choose(&self, game: &dyn AnyGame, seat: Seat, rng: &mut dyn Dice) -> String {
        match turn_of(game, seat) {
            Some(g) => self.action(g).to_string(),
            None => RandomBot.choose(game, seat, rng),
        }
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

impl Bot for EasyBot {
    fn choose(&self, game: &dyn AnyGame, seat: Seat, rng: &mut dyn Dice) -> String {
        match turn_of(game, seat) {
            Some(g) => self.action(g, rng).to_string(),
            None => RandomBot.choose(game, seat, rng),
        }
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

impl Bot for StrongBot {
    fn choose(&self, game: &dyn AnyGame, seat: Seat, rng: &mut dyn Dice) -> String {
        match turn_of(game, seat) {
            Some(g) => self.action(g).to_string(),
            None => RandomBot.choose(game, seat, rng),
        }
    }
}
