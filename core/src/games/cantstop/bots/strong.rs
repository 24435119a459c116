//! The strong player: an exact expectimax over the rest of the turn, scored by a race model.
//!
//! Within a turn nothing the opponents do matters, so the turn is a small acyclic decision
//! problem: from the runners as they stand, roll (each of the 1296 outcomes, grouped by their
//! pairings) and take the best move, or stop and bank. The search looks `depth` rolls ahead and
//! memoises by runner positions; a bust is worth the board as it was at the start of the turn.
//!
//! A board is scored as a race. Each player's *distance* is the cost of the spaces still to climb
//! in their cheapest columns still open to them, as many as they need to win; a space costs the
//! expected rolls to hit its column (`1 / P(a roll offers the column)`), so the short outer columns
//! cost as much per space as they are rare. Two distances turn into a win chance by a normal
//! approximation of the race, counting who moves next and how much luck is still to come, so the
//! bot takes more risk when it is behind and banks when it is ahead. Alone, it minimises its
//! expected distance (fewest turns).

use crate::engine::Seat;
use crate::games::cantstop::{COLUMNS, CantStop, HEIGHTS, MARKER_LIMIT, Move, Phase, RUNNERS, pairings};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::OnceLock;

/// The strong player's tuning. The defaults won self-play matches against their neighbours
/// (depth 4 against 3: 52.5% of 4,000 games; spread 4 against 1.9: 52.5% of 3,000).
#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    /// Rolls the search looks ahead from a decision once all three runners are out; one fewer
    /// before that, when the tree is wider and stopping is rarely right.
    pub depth: u8,
    /// The head start, in distance, of an opponent who moves before us.
    pub tempo: f64,
    /// Luck still to come: the race's spread per square root of the distances left.
    pub spread: f64,
}

impl Default for Params {
    fn default() -> Self {
        Self {
            depth: 4,
            tempo: 3.0,
            spread: 4.0,
        }
    }
}

/// What the strong player does now: roll, stop, or one of the legal moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    Roll,
    Stop,
    Move(Move),
}

/// The strong player's decision for the active seat of `game`.
pub fn decide(game: &CantStop, params: &Params) -> Decision {
    best(&weigh(game, params))
}

/// The choice with the highest value; ties go to the first weighed (the first legal move, or
/// stopping). Nothing weighed: roll.
pub fn best(weighed: &[(Decision, f64)]) -> Decision {
    weighed
        .iter()
        .fold(None, |best: Option<(Decision, f64)>, &(d, v)| match best {
            Some((_, b)) if v <= b => best,
            _ => Some((d, v)),
        })
        .map_or(Decision::Roll, |(d, _)| d)
}

/// Every choice open to the active seat with what the search expects of it: the chance to win,
/// or alone minus the distance still to go (see `Search::score`). Stop comes before Roll, moves
/// in the game's order; empty when there is nothing to decide (a turn's first roll, game over).
pub fn weigh(game: &CantStop, params: &Params) -> Vec<(Decision, f64)> {
    let mut search = Search::new(game, params);
    let runners = current_runners(game);
    match game.phase() {
        Phase::Rolled(_) => game
            .moves()
            .into_iter()
            .map(|mv| {
                let mut after = runners;
                for s in mv.sums() {
                    search.advance(&mut after, s);
                }
                (Decision::Move(mv), search.value(&after, search.depth_for(&after)))
            })
            .collect(),
        Phase::Choosing => {
            let stop = search.score(&runners);
            let roll = search.roll_value(&runners, search.depth_for(&runners));
            vec![(Decision::Stop, stop), (Decision::Roll, roll)]
        }
        Phase::TurnStart | Phase::Over => vec![],
    }
}

/// Runner positions by column (0 = none), as the search keeps them.
type Runners = [u8; 13];

fn current_runners(game: &CantStop) -> Runners {
    let mut r = [0; 13];
    for (c, p) in game.runners() {
        r[usize::from(c)] = p;
    }
    r
}

fn placed(r: &Runners) -> usize {
    r.iter().filter(|&&p| p > 0).count()
}

/// A runner configuration and the remaining depth as one hash key (4 bits per column).
fn key(r: &Runners, depth: u8) -> u64 {
    r.iter().fold(u64::from(depth), |k, &p| k << 4 | u64::from(p))
}

/// The rolls that offer the same three pairings, as one case of the search.
struct RollClass {
    /// The share of the 1296 rolls.
    weight: f64,
    pairs: [(u8, u8); 3],
}

fn roll_classes() -> &'static [RollClass] {
    static CLASSES: OnceLock<Vec<RollClass>> = OnceLock::new();
    CLASSES.get_or_init(|| {
        let mut counts: HashMap<[(u8, u8); 3], u32> = HashMap::new();
        for a in 1..=6 {
            for b in 1..=6 {
                for c in 1..=6 {
                    for d in 1..=6 {
                        let mut pairs = pairings([a, b, c, d]).map(|(x, y)| (x.min(y), x.max(y)));
                        pairs.sort_unstable();
                        *counts.entry(pairs).or_default() += 1;
                    }
                }
            }
        }
        let mut classes: Vec<RollClass> = counts
            .into_iter()
            .map(|(pairs, n)| RollClass {
                weight: f64::from(n) / 1296.0,
                pairs,
            })
            .collect();
        classes.sort_unstable_by_key(|c| c.pairs);
        classes
    })
}

/// The cost of one space in each column: the expected rolls until a roll offers the column.
/// (Self-play found no gain in biasing these either way.)
fn space_costs() -> [f64; 13] {
    let mut hits = [0.0; 13];
    for class in roll_classes() {
        let mut offered = [false; 13];
        for (x, y) in class.pairs {
            offered[usize::from(x)] = true;
            offered[usize::from(y)] = true;
        }
        for c in COLUMNS {
            if offered[usize::from(c)] {
                hits[usize::from(c)] += class.weight;
            }
        }
    }
    let mut costs = [0.0; 13];
    for c in COLUMNS {
        costs[usize::from(c)] = 1.0 / hits[usize::from(c)];
    }
    costs
}

/// A distance too far to be a race: the player cannot win any more.
const OUT_OF_REACH: f64 = 1e6;

/// A fast hash for the memo's integer keys (the default SipHash costs more than the search step).
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

struct Search<'p> {
    params: &'p Params,
    me: Seat,
    /// Every seat's markers; a resigned seat is left out of `rivals`.
    markers: Vec<Runners>,
    rivals: Vec<Seat>,
    claimed: [Option<Seat>; 13],
    marker_limit: bool,
    costs: [f64; 13],
    /// Each rival's distance while we claim nothing new.
    rival_distances: Vec<f64>,
    /// The score of the board as it stands: what a bust leaves.
    bust: f64,
    memo: HashMap<u64, f64, BuildHasherDefault<KeyHasher>>,
}

impl<'p> Search<'p> {
    fn new(game: &CantStop, params: &'p Params) -> Self {
        let me = game.active();
        let markers = (0..game.players())
            .map(|s| {
                let mut m = [0; 13];
                for c in COLUMNS {
                    m[usize::from(c)] = game.marker(s, c);
                }
                m
            })
            .collect();
        let mut claimed = [None; 13];
        for c in COLUMNS {
            claimed[usize::from(c)] = game.claimed_by(c);
        }
        let mut search = Self {
            params,
            me,
            markers,
            rivals: (0..game.players())
                .filter(|&s| s != me && game.is_playing(s))
                .collect(),
            claimed,
            marker_limit: game.options().marker_limit,
            costs: space_costs(),
            rival_distances: vec![],
            bust: 0.0,
            memo: HashMap::default(),
        };
        search.rival_distances = search
            .rivals
            .iter()
            .map(|&o| search.distance(&search.markers[o], &search.claimed, o))
            .collect();
        search.bust = search.score(&[0; 13]);
        search
    }

    fn depth_for(&self, r: &Runners) -> u8 {
        if placed(r) == RUNNERS {
            self.params.depth
        } else {
            self.params.depth.saturating_sub(1).max(1)
        }
    }

    /// Can a sum go on `c` with runners `r`, `placed` of them out (rules §4.3, as the engine
    /// decides)?
    fn usable(&self, r: &Runners, placed: usize, c: u8) -> bool {
        let i = usize::from(c);
        if self.claimed[i].is_some() {
            return false;
        }
        if r[i] > 0 {
            return r[i] < HEIGHTS[i];
        }
        if placed >= RUNNERS {
            return false;
        }
        let own = &self.markers[self.me];
        if self.marker_limit && own[i] == 0 {
            let in_use = COLUMNS
                .filter(|&k| own[usize::from(k)] > 0 || r[usize::from(k)] > 0)
                .count();
            return in_use < MARKER_LIMIT;
        }
        true
    }

    fn advance(&self, r: &mut Runners, c: u8) {
        let i = usize::from(c);
        r[i] = if r[i] == 0 {
            self.markers[self.me][i] + 1
        } else {
            r[i] + 1
        };
    }

    /// The best expected score from runners `r` with `depth` rolls still allowed.
    fn value(&mut self, r: &Runners, depth: u8) -> f64 {
        let stop = self.score(r);
        if depth == 0 {
            return stop;
        }
        let k = key(r, depth);
        if let Some(&v) = self.memo.get(&k) {
            return v;
        }
        let v = stop.max(self.roll_value(r, depth));
        self.memo.insert(k, v);
        v
    }

    /// The expected score of rolling now and then playing on well. Many rolls offer the same
    /// move, so each move's value is worked out once per call: `moves[a][b]` for both sums
    /// `a ≤ b`, `moves[0][s]` for `s` alone (NaN: not yet known, −∞: illegal).
    fn roll_value(&mut self, r: &Runners, depth: u8) -> f64 {
        let mut moves = [[f64::NAN; 13]; 13];
        let mut total = 0.0;
        let placed = placed(r);
        for class in roll_classes() {
            let mut best = f64::NEG_INFINITY;
            for &(a, b) in &class.pairs {
                let both = self.move_value(&mut moves, r, placed, a, b, depth);
                if both > f64::NEG_INFINITY {
                    best = best.max(both);
                } else {
                    // Rule d: one sum alone only when the pairing cannot use both.
                    best = best
                        .max(self.move_value(&mut moves, r, placed, 0, a, depth))
                        .max(self.move_value(&mut moves, r, placed, 0, b, depth));
                }
            }
            total += class.weight * if best > f64::NEG_INFINITY { best } else { self.bust };
        }
        total
    }

    /// The value of moving sums `a` then `b` (`a` = 0: only `b`) from `r` with `placed` runners
    /// out, or −∞ if illegal.
    fn move_value(
        &mut self,
        moves: &mut [[f64; 13]; 13],
        r: &Runners,
        placed: usize,
        a: u8,
        b: u8,
        depth: u8,
    ) -> f64 {
        let known = moves[usize::from(a)][usize::from(b)];
        if !known.is_nan() {
            return known;
        }
        let mut after = *r;
        let mut placed = placed;
        let mut legal = true;
        for s in [a, b] {
            if s > 0 && legal {
                legal = self.usable(&after, placed, s);
                placed += usize::from(after[usize::from(s)] == 0);
                self.advance(&mut after, s);
            }
        }
        let v = if legal {
            self.value(&after, depth - 1)
        } else {
            f64::NEG_INFINITY
        };
        moves[usize::from(a)][usize::from(b)] = v;
        v
    }

    /// What stopping with runners `r` is worth: the chance to win the race (alone: minus the
    /// distance still to go).
    fn score(&self, r: &Runners) -> f64 {
        let mut claimed = self.claimed;
        let mut mine = self.markers[self.me];
        let mut claims = false;
        for c in COLUMNS {
            let i = usize::from(c);
            if r[i] > 0 {
                mine[i] = r[i];
                if r[i] == HEIGHTS[i] {
                    claimed[i] = Some(self.me);
                    claims = true;
                }
            }
        }
        let own = self.distance(&mine, &claimed, self.me);
        if self.rivals.is_empty() {
            return -own;
        }
        if own == 0.0 {
            return 1.0;
        }
        self.rivals
            .iter()
            .zip(&self.rival_distances)
            .map(|(&o, &d)| {
                let d = if claims {
                    self.distance(&self.markers[o], &claimed, o)
                } else {
                    d
                };
                self.race(own, d)
            })
            .product()
    }

    /// The chance to finish before a rival who moves next, by a normal approximation.
    fn race(&self, own: f64, rival: f64) -> f64 {
        let z = (rival - own - self.params.tempo) / (self.params.spread * (own + rival + 1.0).sqrt());
        1.0 / (1.0 + (-1.702 * z).exp())
    }

    /// The cost of the cheapest open columns `seat` still needs to claim.
    fn distance(&self, markers: &Runners, claimed: &[Option<Seat>; 13], seat: Seat) -> f64 {
        let owned = claimed.iter().filter(|c| **c == Some(seat)).count();
        let need = crate::games::cantstop::COLUMNS_TO_WIN.saturating_sub(owned);
        let mut best = [OUT_OF_REACH; 3];
        for c in COLUMNS {
            let i = usize::from(c);
            if claimed[i].is_some() {
                continue;
            }
            let cost = f64::from(HEIGHTS[i] - markers[i]) * self.costs[i];
            if cost < best[2] {
                best[2] = cost;
                if best[2] < best[1] {
                    best.swap(1, 2);
                    if best[1] < best[0] {
                        best.swap(0, 1);
                    }
                }
            }
        }
        best[..need].iter().sum()
    }
}
