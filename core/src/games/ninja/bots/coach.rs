//! The coach: Ninja Versus Ninja has no exact measure, so each move is played out to the end by
//! the normal player, on the same dice for every move, and the likeliest to win is advised.

use crate::engine::rollout::{self, Rollouts};
use crate::engine::{Msg, Seat, Weighing};
use crate::games::ninja::Ninja;

use super::NinjaBot;
use crate::engine::bot::Level;

/// Games played out per move: enough to tell a blunder from a good move within a hint's time.
pub const PLAYOUTS: u32 = 24;
/// Moves a hint plays out at most (no new round of playouts starts past it): about a second
/// on one core in release (`cargo bench --bench coach`).
pub const HINT_MOVES: usize = 300_000;
/// A fixed seed, so a position is always weighed the same (the daily puzzles rely on it).
const SEED: u64 = 0x004e_494e_4a41;
/// A guard against endless playouts; real games end far sooner.
const MAX_MOVES: usize = 600;

/// Every move of `seat` with its chance to win by playouts; `None` with one move or none.
pub fn weigh(game: &Ninja, seat: Seat) -> Option<Weighing> {
    weigh_within(game, seat, usize::MAX)
}

/// The move likeliest to win and how sure that is, or the only thing to do; weighed within
/// [`HINT_MOVES`], so a hint answers in about a second whatever the position.
pub fn hint(game: &Ninja, seat: Seat) -> Msg {
    rollout::hint(game, seat, weigh_within(game, seat, HINT_MOVES))
}

fn weigh_within(game: &Ninja, seat: Seat, budget: usize) -> Option<Weighing> {
    let policy = NinjaBot(Level::Normal);
    let r = Rollouts {
        policy: &policy,
        playouts: PLAYOUTS,
        seed: SEED,
        max_moves: MAX_MOVES,
    };
    rollout::weigh_within(game, seat, &r, 1, |g, _| g.clone(), budget)
}
