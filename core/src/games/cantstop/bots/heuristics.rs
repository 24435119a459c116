//! The published reference players, as James Glenn's Java implements them (package
//! `com.bloxomo.gametheory.cantstop`): Michael Keller's Rule of 28 and Glenn & Aloi's tuned
//! champions ("A Generalized Heuristic for Can't Stop", FLAIRS 2009). All are one framework,
//! `GeneralizedRuleOfNStrategy` scoring spaces as `WeightedSpacesWithBasicPenaltyGroupsStrategy`:
//!
//! - **Progress count** (`netProgressCount`): each space a runner climbed this turn is worth its
//!   column's progress points, and the first space of a runner counts twice ("marked" plus
//!   "advanced"), so a runner `n` spaces up scores `points × (n + 1)`. Once all three runners are
//!   out (`markedPenalty`): all even adds `even`, else all odd adds `odd`; all ≤ 7 adds `low` and
//!   all ≥ 7 adds `high` (column 7 is both).
//! - **Roll again** (`rollAgain`) unless the position already wins (`isFinal`); otherwise roll if
//!   the count is below the threshold, or if a runner is still free and the open columns
//!   outnumber the columns used this turn (the *fill rule*: `countUsedColumns < 3 &&
//!   countFreeColumns > countUsedColumns`, where a column is open unless claimed or topped by
//!   this turn's runner).
//! - **Move choice** (`pickPairs`, `netChoiceCount`): the highest choice count of the position the
//!   move leads to, that is its choice points, **minus** the same group values (a positive value
//!   deters in the choice what it hastens in the stop), minus `marker` for every runner out. The
//!   first of equal moves in the engine's pairing order wins (Glenn's order is a hash set's).
//!
//! With several players, Glenn's `PvPCantStopSimulator.convertToSinglePlayer` sees columns claimed
//! by anyone as topped and wins when the player's own claims reach three; so do these players.

use crate::games::cantstop::{COLUMNS, COLUMNS_TO_WIN, CantStop, Move, RUNNERS, height};

/// How a heuristic values the spaces a move climbs ("choice points").
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Choice {
    /// `RuleOfN.ColumnWeightsArray`: every space is worth the column's weight, and the first
    /// space of a new runner counts twice (marked + advanced), like the progress count.
    Constant([i32; 13]),
    /// `LinearWeightsGenome.advancedChoicePoints`: the space at height `s` of a column of height
    /// `h` is worth `⌊slope × (s − 1) / (h − 1)⌋ + intercept`; placing a runner adds nothing
    /// (`markedChoicePoints` is 0).
    Linear { intercept: [i32; 13], slope: [f64; 13] },
}

/// The parameters of a Rule-of-N player; arrays are indexed by column (0 and 1 unused).
#[derive(Clone, Debug, PartialEq)]
pub struct Heuristic {
    pub name: &'static str,
    /// Progress points of one space in each column.
    pub progress: [i32; 13],
    pub choice: Choice,
    pub odd: i32,
    pub even: i32,
    pub high: i32,
    pub low: i32,
    /// Subtracted from the choice count for every runner out.
    pub marker: i32,
    /// Stop once the progress count reaches this (and the fill rule lets it).
    pub threshold: i32,
}

/// Mirrors weights given for columns 2 to 7 onto 8 to 12, as Glenn's `ColumnWeightsArray` and
/// the symmetric `LinearWeightsGenome` do; `zero` fills columns 0 and 1, which do not exist.
const fn mirrored<T: Copy>(w: [T; 6], zero: T) -> [T; 13] {
    let mut all = [zero; 13];
    let mut i = 0;
    while i < 6 {
        all[2 + i] = w[i];
        all[12 - i] = w[i];
        i += 1;
    }
    all
}

/// Keller's Rule of 28 as Glenn simulates it (`CantStopSimulator.main`'s default and
/// `RuleOfNSimulator`: progress 6 5 4 3 2 1, choice 1 2 3 4 5 6 for columns 2 to 7, odd +2,
/// even −2, high +4, low +4, 6 per runner, 28). Glenn & Aloi report 10.74 turns in solitaire.
pub const RULE_OF_28: Heuristic = Heuristic {
    name: "rule28",
    progress: mirrored([6, 5, 4, 3, 2, 1], 0),
    choice: Choice::Constant(mirrored([1, 2, 3, 4, 5, 6], 0)),
    odd: 2,
    even: -2,
    high: 4,
    low: 4,
    marker: 6,
    threshold: 28,
};

/// Glenn & Aloi's champion with constant weights (`PvPCantStopSimulator.main`: progress
/// 7 7 3 2 2 1, choice 7 0 2 0 4 3, odd 7, even 1, high 6, low 5, 6 per runner, 29); about
/// 9.05–9.12 turns in solitaire.
pub const GLENN_ALOI: Heuristic = Heuristic {
    name: "glenn-aloi",
    progress: mirrored([7, 7, 3, 2, 2, 1], 0),
    choice: Choice::Constant(mirrored([7, 0, 2, 0, 4, 3], 0)),
    odd: 7,
    even: 1,
    high: 6,
    low: 5,
    marker: 6,
    threshold: 29,
};

/// Glenn's best linear-weights genome (`LinearWeightsGenome.main`: progress 15 13 8 8 4 3,
/// choice intercepts 15 0 3 0 7 5 and slopes 72 48 56 44 28 32, odd 11, even −1, high = low 4,
/// 12 per runner, 61), noted there at 8.787 turns over 250,000 solitaire games.
pub const GLENN_LINEAR: Heuristic = Heuristic {
    name: "glenn-linear",
    progress: mirrored([15, 13, 8, 8, 4, 3], 0),
    choice: Choice::Linear {
        intercept: mirrored([15, 0, 3, 0, 7, 5], 0),
        slope: mirrored([72.0, 48.0, 56.0, 44.0, 28.0, 32.0], 0.0),
    },
    odd: 11,
    even: -1,
    high: 4,
    low: 4,
    marker: 12,
    threshold: 61,
};

impl Heuristic {
    /// The group values of the columns with runners, once all three are out (`markedPenalty`).
    fn groups(&self, columns: &[u8]) -> i32 {
        if columns.len() < RUNNERS {
            return 0;
        }
        let all = |f: fn(&u8) -> bool| columns.iter().all(f);
        let parity = if all(|c| c % 2 == 0) {
            self.even
        } else if all(|c| c % 2 == 1) {
            self.odd
        } else {
            0
        };
        let low = if all(|&c| c <= 7) { self.low } else { 0 };
        let high = if all(|&c| c >= 7) { self.high } else { 0 };
        parity + low + high
    }

    /// The progress count of the active player's turn so far (`netProgressCount`).
    pub fn stop_score(&self, game: &CantStop) -> i32 {
        let me = game.active();
        let runners = game.runners();
        let climbed: i32 = runners
            .iter()
            .map(|&(c, p)| {
                let spaces = i32::from(p) - i32::from(game.marker(me, c));
                self.progress[usize::from(c)] * (spaces + 1)
            })
            .sum();
        let columns: Vec<u8> = runners.iter().map(|&(c, _)| c).collect();
        climbed + self.groups(&columns)
    }

    /// Roll again after a successful move (`rollAgain`): never once stopping wins; otherwise
    /// while the count is short of the threshold or the fill rule holds.
    pub fn wants_roll(&self, game: &CantStop) -> bool {
        !stopping_wins(game) && (fill_rule(game) || self.stop_score(game) < self.threshold)
    }

    /// Choice points of climbing column `c` from the player's marker `from` to `to`.
    fn choice_points(&self, c: u8, from: u8, to: u8) -> i32 {
        let i = usize::from(c);
        match self.choice {
            Choice::Constant(w) => w[i] * (i32::from(to - from) + 1),
            Choice::Linear { intercept, slope } => {
                let top = f64::from(height(c) - 1);
                (from + 1..=to)
                    .map(|s| (slope[i] * f64::from(s - 1) / top) as i32 + intercept[i])
                    .sum()
            }
        }
    }

    /// The choice count of the position `mv` leads to (`netChoiceCount`).
    pub fn choice_score(&self, game: &CantStop, mv: Move) -> i32 {
        let me = game.active();
        let mut runners = [0u8; 13];
        for (c, p) in game.runners() {
            runners[usize::from(c)] = p;
        }
        for s in mv.sums() {
            let r = &mut runners[usize::from(s)];
            *r = if *r == 0 { game.marker(me, s) + 1 } else { *r + 1 };
        }
        let columns: Vec<u8> = COLUMNS.filter(|&c| runners[usize::from(c)] > 0).collect();
        let points: i32 = columns
            .iter()
            .map(|&c| self.choice_points(c, game.marker(me, c), runners[usize::from(c)]))
            .sum();
        points - self.groups(&columns) - self.marker * columns.len() as i32
    }

    /// The best of the legal moves (the first of equals), if the dice are waiting for one.
    pub fn choose_move(&self, game: &CantStop) -> Option<Move> {
        let moves = game.moves();
        let best = moves.iter().map(|&m| self.choice_score(game, m)).max()?;
        moves.into_iter().find(|&m| self.choice_score(game, m) == best)
    }
}

/// Would the active player win by stopping now (runners at summits claim their columns)?
pub fn stopping_wins(game: &CantStop) -> bool {
    let summits = game.runners().iter().filter(|&&(c, p)| p == height(c)).count();
    game.claimed_count(game.active()) + summits >= COLUMNS_TO_WIN
}

/// Glenn's fill rule: a runner is still free and the columns neither claimed nor topped by this
/// turn's runners outnumber the columns used this turn (`countUsedColumns`,
/// `countFreeColumns`). A runner topped this turn counts as used but not open, as in Glenn's.
pub fn fill_rule(game: &CantStop) -> bool {
    let used = game.runners().len();
    let open = COLUMNS
        .filter(|&c| game.claimed_by(c).is_none() && game.progress(c) < height(c))
        .count();
    used < RUNNERS && open > used
}
