//! The two published reference players, exactly as published, as one parametrised heuristic.
//!
//! Both follow Michael Keller's *Rule of 28* framework for when to stop and James Glenn's move
//! choice:
//! - **Stop score** of the turn so far: every one-space advance of a runner this turn adds its
//!   column's progress value, and placing a new runner (the advance onto marker + 1) adds twice
//!   the value, so a column whose runner went `n` spaces up this turn scores `value × (n + 1)`.
//!   Once all three runners are placed: `odd` is added if all three columns are odd, `even` if
//!   all are even, `low` if all are ≤ 7 and `high` if all are ≥ 7. Stop as soon as the score
//!   reaches `threshold`; with no progress yet the rules force a roll.
//! - **Move choice**: maximise the sum of the move values of the columns advanced (a double such
//!   as 7 + 7 counts twice) minus `marker` for each new runner placed; ties go to the first move
//!   in the engine's pairing order.
//!
//! Glenn & Aloi ("A Generalized Heuristic for Can't Stop", 2009) tuned the same parameters;
//! their progress values replace Keller's column values in the stop score (a new runner scores
//! twice, as in the Rule of 28), their odd/even/high/low values replace ±2/+4, and the threshold
//! is 29. Neither heuristic looks at the opponents or at whether stopping would win: as published.
//! `stop_to_win` adds that obvious check, off in both published parameter sets; the bench uses
//! it to show the strong player also beats the heuristics with it.

use crate::games::cantstop::{COLUMNS_TO_WIN, CantStop, Move, RUNNERS, height};

/// The parameters of a Rule-of-28-style heuristic; values are indexed by column (0 and 1 unused).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Heuristic {
    pub name: &'static str,
    /// Stop-score value of one space of progress in each column.
    pub progress: [i32; 13],
    /// Move-choice value of one space of progress in each column.
    pub moves: [i32; 13],
    pub odd: i32,
    pub even: i32,
    pub high: i32,
    pub low: i32,
    /// Move-choice penalty for each new runner placed.
    pub marker: i32,
    /// Stop when the stop score reaches this.
    pub threshold: i32,
    /// Also stop whenever stopping wins the game (not part of the published heuristics).
    pub stop_to_win: bool,
}

/// Keller's Rule of 28 with Glenn's move choice.
pub const RULE_OF_28: Heuristic = Heuristic {
    name: "rule28",
    progress: [0, 0, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6],
    moves: [0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1],
    odd: 2,
    even: -2,
    high: 4,
    low: 4,
    marker: 6,
    threshold: 28,
    stop_to_win: false,
};

/// Glenn & Aloi's tuned parameters for the same framework.
pub const GLENN_ALOI: Heuristic = Heuristic {
    name: "glenn-aloi",
    progress: [0, 0, 7, 7, 3, 2, 2, 1, 2, 2, 3, 7, 7],
    moves: [0, 0, 7, 0, 2, 0, 4, 3, 4, 0, 2, 0, 7],
    odd: 7,
    even: 1,
    high: 6,
    low: 5,
    marker: 6,
    threshold: 29,
    stop_to_win: false,
};

impl Heuristic {
    /// The stop score of the active player's turn so far.
    pub fn stop_score(&self, game: &CantStop) -> i32 {
        let me = game.active();
        let runners = game.runners();
        let mut score: i32 = runners
            .iter()
            .map(|&(c, p)| {
                let advanced = i32::from(p) - i32::from(game.marker(me, c));
                self.progress[usize::from(c)] * (advanced + 1)
            })
            .sum();
        if runners.len() == RUNNERS {
            let all = |f: fn(u8) -> bool| runners.iter().all(|&(c, _)| f(c));
            if all(|c| c % 2 == 1) {
                score += self.odd;
            }
            if all(|c| c % 2 == 0) {
                score += self.even;
            }
            if all(|c| c <= 7) {
                score += self.low;
            }
            if all(|c| c >= 7) {
                score += self.high;
            }
        }
        score
    }

    /// Should the active player stop now (only asked after a successful move)?
    pub fn wants_stop(&self, game: &CantStop) -> bool {
        self.stop_score(game) >= self.threshold || (self.stop_to_win && stopping_wins(game))
    }

    /// The move-choice score of `mv` with the runners as they stand.
    pub fn move_score(&self, game: &CantStop, mv: Move) -> i32 {
        let mut placed = [false; 13];
        for (c, _) in game.runners() {
            placed[usize::from(c)] = true;
        }
        mv.sums()
            .map(|s| {
                let c = usize::from(s);
                let new = !std::mem::replace(&mut placed[c], true);
                self.moves[c] - if new { self.marker } else { 0 }
            })
            .sum()
    }

    /// The best of the legal moves (the first of equals), if the dice are waiting for one.
    pub fn choose_move(&self, game: &CantStop) -> Option<Move> {
        let moves = game.legal_moves();
        let best = moves.iter().map(|&m| self.move_score(game, m)).max()?;
        moves.into_iter().find(|&m| self.move_score(game, m) == best)
    }
}

/// Would the active player win by stopping now (runners at summits claim their columns)?
pub fn stopping_wins(game: &CantStop) -> bool {
    let summits = game.runners().iter().filter(|&&(c, p)| p == height(c)).count();
    game.claimed_count(game.active()) + summits >= COLUMNS_TO_WIN
}
