//! The coach: Wise Man's Stones has no exact measure, so each choice is played out to the end
//! by the normal player, on the same dice for every choice, and the likeliest to win is advised.

use crate::engine::rollout::{self, Rollouts};
use crate::engine::{Msg, Seat, Weighing};
use crate::games::stones::Stones;

use super::{Player, Style};

/// Games played out per choice: enough to tell a blunder from a good chain within a hint's time.
pub const PLAYOUTS: u32 = 24;
/// Moves a hint plays out at most (no new round of playouts starts past it): about a second
/// on one core in release (`cargo bench --bench coach`).
pub const HINT_MOVES: usize = 70_000;
/// A fixed seed, so a position is always weighed the same (the daily puzzles rely on it).
const SEED: u64 = 0x0053_544f_4e45;
/// A guard against endless playouts; real games end far sooner.
const MAX_MOVES: usize = 600;

/// Every choice of `seat` with its chance to win by playouts; `None` with one choice or none.
pub fn weigh(game: &Stones, seat: Seat) -> Option<Weighing> {
    weigh_within(game, seat, usize::MAX)
}

/// The choice likeliest to win and how sure that is, or the only thing to do; weighed within
/// [`HINT_MOVES`], so a hint answers in about a second whatever the position.
pub fn hint(game: &Stones, seat: Seat) -> Msg {
    rollout::hint(game, seat, weigh_within(game, seat, HINT_MOVES))
}

fn weigh_within(game: &Stones, seat: Seat, budget: usize) -> Option<Weighing> {
    let policy = Player(Style::Greedy);
    let r = Rollouts {
        policy: &policy,
        playouts: PLAYOUTS,
        seed: SEED,
        max_moves: MAX_MOVES,
    };
    rollout::weigh_within(game, seat, &r, 1, |g, _| g.clone(), budget)
}
