//! Pig's players: hold once the turn's total reaches a threshold, or when holding wins. Easy
//! holds early and now and then rolls at random; strong holds late.

use super::{Action, Pig};
use crate::engine::bot::{Level, Strategy};
use crate::engine::{Dice, Game, Seat};

#[cfg(test)]
mod tests;

pub fn strategy(level: Level) -> Box<dyn Strategy<Pig>> {
    Box::new(HoldAt(match level {
        Level::Easy => 10,
        Level::Normal => 20,
        Level::Strong => 25,
    }))
}

/// Holds at this turn total.
pub struct HoldAt(pub u32);

impl Strategy<Pig> for HoldAt {
    fn play(&self, game: &Pig, seat: Seat, rng: &mut dyn Dice) -> Action {
        let wins = game.score(seat) + game.pending() >= game.target();
        let early = self.0 < 20 && rng.roll(4) == 1;
        match Game::legal_actions(game, seat)[..] {
            [_, hold] if wins || (game.pending() >= self.0 && !early) => hold,
            _ => Action::Roll,
        }
    }
}
