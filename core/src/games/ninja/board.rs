//! The board of §2 (a reconstruction, so every value is configuration), the path shapes of §4,
//! and those paths walked once per board geometry: for every side, roll total and origin, the
//! destinations in the page's order and, for each, every shape that ends there, in §4's order,
//! with what its checks need. Listing moves then tests each path's squares against the pieces
//! instead of walking shapes square by square, which is what bots and rollouts pay for.

pub use super::squares::Sq;
use super::squares::Squares;
use crate::engine::{Msg, Seat};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::sync::{Arc, Mutex, OnceLock};

/// Black (seat 0, the challenger) and Red (seat 1).
pub const BLACK: Seat = 0;
pub const RED: Seat = 1;

/// The longest move: 2d4.
pub const MAX_STEPS: usize = 8;

/// An orthogonal step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    North,
    South,
    East,
    West,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::North, Dir::South, Dir::East, Dir::West];

    #[must_use]
    pub fn opposite(self) -> Dir {
        match self {
            Dir::North => Dir::South,
            Dir::South => Dir::North,
            Dir::East => Dir::West,
            Dir::West => Dir::East,
        }
    }

    /// The two directions at 90°.
    pub fn perpendicular(self) -> [Dir; 2] {
        match self {
            Dir::North | Dir::South => [Dir::East, Dir::West],
            Dir::East | Dir::West => [Dir::North, Dir::South],
        }
    }

    /// A player's forward: toward the enemy dojo.
    pub fn forward(seat: Seat) -> Dir {
        if seat == BLACK { Dir::North } else { Dir::South }
    }
}

/// One allowed shape of §4: up to three straight segments. For a reversal the turning square is
/// the last square of the first forward segment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    pub segments: Vec<(Dir, usize)>,
    /// Index in the path of the turning square, for reversals.
    pub turning: Option<usize>,
    /// Where it ends relative to its start: columns east, rows north.
    pub offset: (i8, i8),
}

impl Shape {
    fn new(segments: Vec<(Dir, usize)>, turning: Option<usize>) -> Self {
        let offset = segments.iter().fold((0, 0), |(c, r), &(dir, n)| {
            let n = n as i8;
            match dir {
                Dir::North => (c, r + n),
                Dir::South => (c, r - n),
                Dir::East => (c + n, r),
                Dir::West => (c - n, r),
            }
        });
        Self {
            segments,
            turning,
            offset,
        }
    }
}

/// Every shape of exactly `n` steps for a player moving `forward`, in the order of §4.
pub fn shapes(n: usize, forward: Dir) -> Vec<Shape> {
    let back = forward.opposite();
    let mut out = vec![];
    for x in Dir::ALL {
        out.push(Shape::new(vec![(x, n)], None));
    }
    for x in Dir::ALL {
        for y in x.perpendicular() {
            for a in 1..n {
                out.push(Shape::new(vec![(x, a), (y, n - a)], None));
            }
        }
    }
    for a in 1..n {
        out.push(Shape::new(vec![(forward, a), (back, n - a)], Some(a - 1)));
    }
    for side in forward.perpendicular() {
        for a in 1..n {
            for b in 1..n - a {
                out.push(Shape::new(
                    vec![(forward, a), (back, b), (side, n - a - b)],
                    Some(a - 1),
                ));
            }
        }
    }
    for side in forward.perpendicular() {
        for c in 1..n {
            for a in 1..n - c {
                out.push(Shape::new(
                    vec![(side, c), (forward, a), (back, n - c - a)],
                    Some(c + a - 1),
                ));
            }
        }
    }
    out
}

/// The geometry and scoring of a board. It is stored as the options that describe it and built
/// again from them, so its shape tables are not stored and a stored board passes set-up's checks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "super::Options", try_from = "super::Options")]
pub struct Board {
    pub width: u8,
    pub rows: u8,
    pub dojo_depth: u8,
    pub points: Vec<u32>,
    /// Each side's start squares.
    pub starts: [Vec<Sq>; 2],
    /// Per square: its neighbour in each [`Dir`], and for each side its depth and whether it is
    /// that side's dojo — looked up, not computed, since move generation is what bots pay for.
    neighbours: Vec<[Option<Sq>; 4]>,
    depths: [Vec<u8>; 2],
    dojos: [Vec<bool>; 2],
    /// Every path from every square, shared by every board of this geometry.
    paths: Arc<Paths>,
}

impl From<Board> for super::Options {
    fn from(board: Board) -> Self {
        let starts = |seat: Seat| {
            let names: Vec<String> = board.starts[seat].iter().map(|&sq| board.name(sq)).collect();
            names.join(" ")
        };
        let (black_start, red_start) = (starts(BLACK), starts(RED));
        Self {
            width: board.width,
            dojo_depth: board.dojo_depth,
            neutral_depth: board.rows - 2 * board.dojo_depth,
            black_start,
            red_start,
            points_by_depth: board.points,
        }
    }
}

impl TryFrom<super::Options> for Board {
    type Error = String;

    fn try_from(options: super::Options) -> Result<Self, String> {
        // A new game's checks first: a record with numbers out of range is refused, not a panic.
        let value = serde_json::to_value(&options).map_err(|e| e.to_string())?;
        crate::engine::options::resolve(<super::Ninja as crate::engine::Game>::OPTIONS, &value)
            .map_err(|msg| msg.id)?;
        options.board().map_err(|msg| msg.id)
    }
}

impl Board {
    pub fn new(width: u8, dojo_depth: u8, neutral_depth: u8, points: Vec<u32>) -> Self {
        let mut board = Self {
            width,
            rows: 2 * dojo_depth + neutral_depth,
            dojo_depth,
            points,
            starts: [vec![], vec![]],
            neighbours: vec![],
            depths: [vec![], vec![]],
            dojos: [vec![], vec![]],
            paths: Arc::default(),
        };
        let squares = 0..board.squares() as Sq;
        board.neighbours = squares
            .clone()
            .map(|sq| Dir::ALL.map(|d| board.neighbour(sq, d)))
            .collect();
        for seat in [BLACK, RED] {
            board.depths[seat] = squares
                .clone()
                .map(|sq| board.row_depth(seat, board.row(sq)))
                .collect();
            board.dojos[seat] = squares
                .clone()
                .map(|sq| board.row_in_dojo(seat, board.row(sq)))
                .collect();
        }
        board.paths = for_board(&board);
        board
    }

    pub fn squares(&self) -> usize {
        usize::from(self.width) * usize::from(self.rows)
    }

    /// Column from 0 (`a`).
    pub fn col(&self, sq: Sq) -> u8 {
        sq % self.width
    }

    /// Row from 1.
    pub fn row(&self, sq: Sq) -> u8 {
        sq / self.width + 1
    }

    /// The square at a column (0-based) and row (1-based), if it is on the board.
    pub fn at(&self, col: u8, row: u8) -> Option<Sq> {
        (col < self.width && (1..=self.rows).contains(&row)).then(|| (row - 1) * self.width + col)
    }

    pub fn name(&self, sq: Sq) -> String {
        square_name(self.col(sq), self.row(sq))
    }

    /// Reads `c10` (on this board).
    pub fn parse(&self, text: &str) -> Option<Sq> {
        let (col, row) = parse_square(text)?;
        self.at(col, row)
    }

    /// Where `to` lies from `from`: columns east, rows north.
    pub fn offset(&self, from: Sq, to: Sq) -> (i8, i8) {
        (
            self.col(to) as i8 - self.col(from) as i8,
            self.row(to) as i8 - self.row(from) as i8,
        )
    }

    pub fn step(&self, sq: Sq, dir: Dir) -> Option<Sq> {
        self.neighbours[usize::from(sq)][dir as usize]
    }

    fn neighbour(&self, sq: Sq, dir: Dir) -> Option<Sq> {
        let (col, row) = (self.col(sq), self.row(sq));
        match dir {
            Dir::North => self.at(col, row + 1),
            Dir::South => self.at(col, row.checked_sub(1)?),
            Dir::East => self.at(col + 1, row),
            Dir::West => self.at(col.checked_sub(1)?, row),
        }
    }

    /// Is `sq` in `seat`'s own dojo?
    pub fn in_dojo(&self, seat: Seat, sq: Sq) -> bool {
        self.dojos[seat][usize::from(sq)]
    }

    fn row_in_dojo(&self, seat: Seat, row: u8) -> bool {
        if seat == BLACK {
            row <= self.dojo_depth
        } else {
            row > self.rows - self.dojo_depth
        }
    }

    /// A row's depth for `seat` (§2): 0 outside the enemy dojo, else 1 (its front row) up.
    pub fn row_depth(&self, seat: Seat, row: u8) -> u8 {
        let front = if seat == BLACK {
            row.saturating_sub(self.rows - self.dojo_depth)
        } else {
            (self.dojo_depth + 1).saturating_sub(row)
        };
        front.min(self.dojo_depth)
    }

    pub fn depth(&self, seat: Seat, sq: Sq) -> u8 {
        self.depths[seat][usize::from(sq)]
    }

    /// Points for coming home with `shadow` (§5): the shadow-th entry, 0 for shadow 0.
    pub fn points_for(&self, shadow: u8) -> u32 {
        match shadow {
            0 => 0,
            s => self.points.get(usize::from(s) - 1).copied().unwrap_or(0),
        }
    }

    /// Rows a ninja on `sq` must still cross to be back in its own dojo.
    pub fn distance_home(&self, seat: Seat, sq: Sq) -> u8 {
        let row = self.row(sq);
        if seat == BLACK {
            row.saturating_sub(self.dojo_depth)
        } else {
            (self.rows - self.dojo_depth + 1).saturating_sub(row)
        }
    }

    /// The shapes of `steps` steps for `seat`, in §4's order (the same on every board).
    pub fn shapes(&self, seat: Seat, steps: usize) -> &'static [Shape] {
        static TABLE: OnceLock<[Vec<Vec<Shape>>; 2]> = OnceLock::new();
        let table = TABLE.get_or_init(|| {
            [BLACK, RED].map(|seat| (0..=MAX_STEPS).map(|n| shapes(n, Dir::forward(seat))).collect())
        });
        table[seat].get(steps).map_or(&[], Vec::as_slice)
    }

    /// The paths of this board's geometry, for listing and checking moves.
    pub(crate) fn paths(&self) -> &Paths {
        &self.paths
    }

    /// Walks a shape from `from`: the squares p1..pn, or `None` if one is off the board.
    pub fn walk(&self, from: Sq, shape: &Shape) -> Option<Walk> {
        let mut walk = Walk {
            squares: [0; MAX_STEPS],
            len: 0,
        };
        let mut at = from;
        for &(dir, count) in &shape.segments {
            for _ in 0..count {
                at = self.step(at, dir)?;
                walk.squares[walk.len] = at;
                walk.len += 1;
            }
        }
        Some(walk)
    }

    /// The board rules of §2 the start squares break, as a catalogue message.
    pub fn place(&mut self, black: &str, red: &str) -> Result<(), Msg> {
        let black_squares = self.read_starts(BLACK, black)?;
        let red_squares = if red.trim().is_empty() {
            black_squares
                .iter()
                .map(|&sq| {
                    let mirrored = self.rows + 1 - self.row(sq);
                    (mirrored - 1) * self.width + self.col(sq)
                })
                .collect()
        } else {
            self.read_starts(RED, red)?
        };
        self.starts = [black_squares, red_squares];
        Ok(())
    }

    fn read_starts(&self, seat: Seat, text: &str) -> Result<Vec<Sq>, Msg> {
        let side = side_id(seat);
        let mut squares: Vec<Sq> = vec![];
        for word in text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|w| !w.is_empty())
        {
            let sq = self.parse(&word.to_ascii_lowercase()).ok_or_else(|| {
                Msg::new("ninja-setup-not-a-square")
                    .arg("square", word)
                    .arg("side", side)
            })?;
            if !self.in_dojo(seat, sq) {
                return Err(Msg::new("ninja-setup-outside-dojo")
                    .arg("square", self.name(sq))
                    .arg("side", side));
            }
            if squares.contains(&sq) {
                return Err(Msg::new("ninja-setup-twice")
                    .arg("square", self.name(sq))
                    .arg("side", side));
            }
            squares.push(sq);
        }
        if squares.is_empty() {
            return Err(Msg::new("ninja-setup-no-ninjas").arg("side", side));
        }
        Ok(squares)
    }
}

/// The squares a path visits after its start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Walk {
    pub squares: [Sq; MAX_STEPS],
    pub len: usize,
}

impl Walk {
    pub fn path(&self) -> &[Sq] {
        &self.squares[..self.len]
    }

    pub fn destination(&self) -> Sq {
        self.squares[self.len - 1]
    }
}

/// `black` / `red`, for catalogue selectors.
pub fn side_id(seat: Seat) -> &'static str {
    if seat == BLACK { "black" } else { "red" }
}

pub fn square_name(col: u8, row: u8) -> String {
    format!("{}{row}", char::from(b'a' + col))
}

/// Reads what looks like a square's name: a letter and one or two digits. Whether the board has
/// that square is the board's to say ("c0 is not a square"), so `c0` and `c05` read as row 0.
pub fn parse_square(text: &str) -> Option<(u8, u8)> {
    let mut chars = text.chars();
    let col = chars
        .next()
        .filter(char::is_ascii_alphabetic)?
        .to_ascii_lowercase();
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let row = if digits.starts_with('0') {
        0
    } else {
        digits.parse().ok()?
    };
    Some((col as u8 - b'a', row))
}

/// Squares in the page's order: by column, then by row as a number.
pub fn order_key(board: &Board, sq: Sq) -> (u8, u8) {
    (board.col(sq), board.row(sq))
}

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
