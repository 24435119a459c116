//! Puzzle ratings, pure: an answer is a game between the player and the puzzle, won by the
//! player when right, and both Glicko-2 ratings move, as chess sites rate their puzzles.

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

/// A Glicko-2 rating: value, deviation (uncertainty) and volatility.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PuzzleRating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Default for PuzzleRating {
    /// A newcomer's: 1500 with Glicko-2's starting uncertainty.
    fn default() -> Self {
        Glicko2Rating::new().into()
    }
}

impl PuzzleRating {
    /// A new puzzle's, from its difficulty's rating: surer than a newcomer's, since generation
    /// measured how clear its best move is.
    pub fn of_puzzle(rating: f64) -> Self {
        PuzzleRating {
            rating,
            deviation: PUZZLE_DEVIATION,
            ..Self::default()
        }
    }
}

/// A new puzzle's starting deviation.
const PUZZLE_DEVIATION: f64 = 200.0;

impl From<Glicko2Rating> for PuzzleRating {
    fn from(g: Glicko2Rating) -> Self {
        PuzzleRating {
            rating: g.rating,
            deviation: g.deviation,
            volatility: g.volatility,
        }
    }
}

impl From<PuzzleRating> for Glicko2Rating {
    fn from(r: PuzzleRating) -> Self {
        Glicko2Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

/// The player's and the puzzle's ratings after an answer, right (`solved`) or not.
pub fn rate_answer(player: PuzzleRating, puzzle: PuzzleRating, solved: bool) -> (PuzzleRating, PuzzleRating) {
    let outcome = if solved { Outcomes::WIN } else { Outcomes::LOSS };
    let (p, q) = glicko2(&player.into(), &puzzle.into(), &outcome, &Glicko2Config::new());
    (p.into(), q.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_right_answer_raises_the_player_and_lowers_the_puzzle() {
        let player = PuzzleRating::default();
        let puzzle = PuzzleRating::of_puzzle(1700.0);
        let (p, q) = rate_answer(player, puzzle, true);
        assert!(p.rating > 1500.0 && q.rating < 1700.0, "{p:?} {q:?}");
        let (p, q) = rate_answer(player, puzzle, false);
        assert!(p.rating < 1500.0 && q.rating > 1700.0, "{p:?} {q:?}");
        assert!(p.deviation < player.deviation);
    }

    #[test]
    fn solving_a_hard_puzzle_gains_more_than_an_easy_one() {
        let player = PuzzleRating::default();
        let (hard, _) = rate_answer(player, PuzzleRating::of_puzzle(1900.0), true);
        let (easy, _) = rate_answer(player, PuzzleRating::of_puzzle(1100.0), true);
        assert!(hard.rating > easy.rating);
    }
}
