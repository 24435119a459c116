//! The coach: Saizumi has no exact measure and hides the deck's order, so each choice is played
//! out to the end by the normal player in several guessed decks (the unseen cards shuffled, never
//! the true order), on the same dice for every choice, and the likeliest to win is advised.

use crate::engine::rollout::{self, Rollouts};
use crate::engine::{Msg, Seat, SeededDice, Weighing};
use crate::games::saizumi::Saizumi;

use super::NormalBot;

/// Games played out per choice, spread over `WORLDS` guessed decks.
pub const PLAYOUTS: u32 = 16;
/// Guessed deck orders.
const WORLDS: u32 = 4;
/// Moves a hint plays out at most (no new round of playouts starts past it): about a second
/// on one core in release (`cargo bench --bench coach`).
pub const HINT_MOVES: usize = 10_000;
/// A fixed seed, so a position is always weighed the same (the daily puzzles rely on it).
const SEED: u64 = 0x5341_495a_554d;
/// A guard against endless playouts; real games end far sooner.
const MAX_MOVES: usize = 2_000;

/// Every choice of `seat` with its chance to win by playouts; `None` with one choice or none.
pub fn weigh(game: &Saizumi, seat: Seat) -> Option<Weighing> {
    weigh_within(game, seat, usize::MAX)
}

/// The choice likeliest to win and how sure that is, or the only thing to do; weighed within
/// [`HINT_MOVES`], so a hint answers in about a second whatever the position.
pub fn hint(game: &Saizumi, seat: Seat) -> Msg {
    rollout::hint(game, seat, weigh_within(game, seat, HINT_MOVES))
}

fn weigh_within(game: &Saizumi, seat: Seat, budget: usize) -> Option<Weighing> {
    let r = Rollouts {
        policy: &NormalBot,
        playouts: PLAYOUTS,
        seed: SEED,
        max_moves: MAX_MOVES,
    };
    let guess = |g: &Saizumi, seed| g.with_deck_guessed(&mut SeededDice::new(seed));
    rollout::weigh_within(game, seat, &r, WORLDS, guess, budget)
}
