//! §4's paths walked once per board geometry: for every side, roll total and origin, the
//! destinations in the page's order and, for each, every shape that ends there, in §4's order,
//! with what its checks need. Listing moves then tests each path's squares against the pieces
//! instead of walking shapes square by square, which is what bots and rollouts pay for.

use super::board::{BLACK, Board, MAX_STEPS, RED, Sq};
use super::position::order_key;
use super::squares::Squares;
use crate::engine::Seat;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::{Arc, Mutex};

/// Some square of the path lies outside the mover's dojo.
pub const LEAVES: u8 = 1;
/// The path doubles back (a reversal).
pub const REVERSES: u8 = 2;
/// The reversal turns outside the enemy dojo (§4: never legal).
pub const NEUTRAL_TURN: u8 = 4;

/// One shape walked from one origin.
#[derive(Clone, PartialEq, Eq)]
pub struct Path {
    /// p1..p(n-1) other than the origin: a ninja on any of them blocks (the origin counts empty).
    pub between: Squares,
    /// [`LEAVES`], [`REVERSES`], [`NEUTRAL_TURN`].
    pub flags: u8,
    /// The deepest depth over the origin and the path.
    pub depth: u8,
    /// The turning square of a reversal.
    pub turning: Option<Sq>,
    squares: [Sq; MAX_STEPS],
    len: u8,
}

impl Path {
    /// p1..pn, for naming the square a refusal is about.
    pub fn squares(&self) -> &[Sq] {
        &self.squares[..usize::from(self.len)]
    }
}

/// A destination of one origin and the range of its paths: first those that may be legal, then
/// the reversals turning outside the enemy dojo, which never are (kept for §6's refusal).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Target {
    pub to: Sq,
    /// The squares every legal-looking path crosses: a ninja on one blocks them all.
    pub crossed: Squares,
    first: u32,
    live_end: u32,
    end: u32,
}

/// Every path of a board geometry (width, rows, dojo depth), indexed by side, steps and origin.
#[derive(Default, PartialEq, Eq)]
pub struct Paths {
    squares: usize,
    /// Per (side, steps, origin): its ranges of `targets`, every target and those reached
    /// without leaving the dojo (by their paths that stay in it).
    origins: Vec<[(u32, u32); 2]>,
    targets: Vec<Target>,
    #[allow(clippy::struct_field_names)] // the type is the table of these paths
    paths: Vec<Path>,
    /// Each square's place in the page's order (by column, then row), and back.
    rank: Vec<u8>,
    by_rank: Vec<Sq>,
}

impl fmt::Debug for Paths {
    // The tables are derived from the board: a board's debug print needs not list them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Paths({} squares, {} paths)", self.squares, self.paths.len())
    }
}

impl Paths {
    /// The destinations `seat`'s ninja on `from` may reach with `steps`, if nothing is in the
    /// way, in the page's order.
    pub fn targets(&self, seat: Seat, steps: usize, from: Sq) -> &[Target] {
        self.range(seat, steps, from, 0)
    }

    /// [`Paths::targets`] for a ninja that may not leave its dojo (another is on a mission, §5):
    /// the targets its paths within the dojo reach, with only those paths (they keep their order,
    /// so the first legal one is the same).
    pub fn home_targets(&self, seat: Seat, steps: usize, from: Sq) -> &[Target] {
        self.range(seat, steps, from, 1)
    }

    fn range(&self, seat: Seat, steps: usize, from: Sq, kind: usize) -> &[Target] {
        if steps > MAX_STEPS || usize::from(from) >= self.squares {
            return &[];
        }
        let (first, end) = self.origins[self.index(seat, steps, from)][kind];
        &self.targets[first as usize..end as usize]
    }

    /// The paths to one target, those that may be legal first, each part in §4's shape order
    /// (§6's refusal is the same in this order: it keeps the first of each kind).
    pub fn paths(&self, target: &Target) -> &[Path] {
        &self.paths[target.first as usize..target.end as usize]
    }

    /// The paths to one target that may be legal, in §4's shape order.
    pub fn live(&self, target: &Target) -> &[Path] {
        &self.paths[target.first as usize..target.live_end as usize]
    }

    /// A square's place in the page's order.
    pub fn rank(&self, sq: Sq) -> u8 {
        self.rank[usize::from(sq)]
    }

    /// The square at a place in the page's order.
    pub fn by_rank(&self, rank: u8) -> Sq {
        self.by_rank[usize::from(rank)]
    }

    fn index(&self, seat: Seat, steps: usize, from: Sq) -> usize {
        (seat * (MAX_STEPS + 1) + steps) * self.squares + usize::from(from)
    }

    fn build(board: &Board) -> Paths {
        let squares = board.squares();
        let mut by_rank: Vec<Sq> = (0..squares as Sq).collect();
        by_rank.sort_by_key(|&sq| order_key(board, sq));
        let mut rank = vec![0; squares];
        for (r, &sq) in by_rank.iter().enumerate() {
            rank[usize::from(sq)] = r as u8;
        }
        let mut paths = Paths {
            squares,
            origins: Vec::with_capacity(2 * (MAX_STEPS + 1) * squares),
            rank,
            by_rank,
            ..Paths::default()
        };
        for seat in [BLACK, RED] {
            // Steps 0 have no move (the shortest roll is 2).
            for steps in 0..=MAX_STEPS {
                for from in 0..squares as Sq {
                    let none = paths.targets.len() as u32;
                    let ranges = match steps {
                        0 => [(none, none); 2],
                        _ => paths.add_origin(board, seat, steps, from),
                    };
                    paths.origins.push(ranges);
                }
            }
        }
        paths
    }

    /// Walks every shape from `from` and files the paths by destination: the ranges of its
    /// targets and of its targets within the dojo.
    fn add_origin(&mut self, board: &Board, seat: Seat, steps: usize, from: Sq) -> [(u32, u32); 2] {
        let mut by_target: BTreeMap<(u8, u8), (Sq, Vec<Path>)> = BTreeMap::new();
        for shape in board.shapes(seat, steps) {
            let Some(walk) = board.walk(from, shape) else {
                continue;
            };
            let path = walk.path();
            let to = walk.destination();
            let turning = shape.turning.map(|t| path[t]);
            let mut flags = 0;
            if path.iter().any(|&sq| !board.in_dojo(seat, sq)) {
                flags |= LEAVES;
            }
            if let Some(t) = turning {
                flags |= REVERSES;
                if board.depth(seat, t) == 0 {
                    flags |= NEUTRAL_TURN;
                }
            }
            let depth = path.iter().map(|&sq| board.depth(seat, sq)).max().unwrap_or(0);
            let entry = by_target.entry(order_key(board, to)).or_insert((to, vec![]));
            entry.1.push(Path {
                between: path[..path.len() - 1]
                    .iter()
                    .copied()
                    .filter(|&sq| sq != from)
                    .collect(),
                flags,
                depth: depth.max(board.depth(seat, from)),
                turning,
                squares: walk.squares,
                len: walk.len as u8,
            });
        }
        let all = self.targets.len() as u32;
        let mut home = vec![];
        for (to, found) in by_target.into_values() {
            let (live, never): (Vec<Path>, Vec<Path>) =
                found.into_iter().partition(|p| p.flags & NEUTRAL_TURN == 0);
            let stays: Vec<Path> = live.iter().filter(|p| p.flags & LEAVES == 0).cloned().collect();
            if !stays.is_empty() {
                home.push((to, stays));
            }
            self.push_target(to, live, never);
        }
        let home_first = self.targets.len() as u32;
        for (to, stays) in home {
            self.push_target(to, stays, vec![]);
        }
        [(all, home_first), (home_first, self.targets.len() as u32)]
    }

    /// Files one target's paths: those that may be legal, then those that never are.
    fn push_target(&mut self, to: Sq, live: Vec<Path>, never: Vec<Path>) {
        let crossed = live
            .iter()
            .map(|p| p.between)
            .reduce(|a, b| a.intersection(&b))
            .unwrap_or_default();
        let first = self.paths.len() as u32;
        self.paths.extend(live);
        let live_end = self.paths.len() as u32;
        self.paths.extend(never);
        self.targets.push(Target {
            to,
            crossed,
            first,
            live_end,
            end: self.paths.len() as u32,
        });
    }
}

/// The paths of `board`'s geometry, built once per geometry and process: a board is made again
/// whenever a stored game is read, and its tables depend only on width, rows and dojo depth.
pub fn for_board(board: &Board) -> Arc<Paths> {
    static BUILT: Mutex<BTreeMap<(u8, u8, u8), Arc<Paths>>> = Mutex::new(BTreeMap::new());
    let key = (board.width, board.rows, board.dojo_depth);
    let mut built = BUILT.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    built
        .entry(key)
        .or_insert_with(|| Arc::new(Paths::build(board)))
        .clone()
}
