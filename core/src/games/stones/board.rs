//! The position (board, hands, scores, initial stones) and chain legality (§4): one step, a
//! whole chain, and the enumeration of every legal chain that the rules, the view and the bots
//! share. Cells are numbered `row * 7 + column` from a1 = 0 to g7 = 48.

use crate::engine::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::RangeInclusive;

pub const SIZE: u8 = 7;
pub const CELLS: usize = 49;
/// The most stones one chain may place.
pub const MAX_CHAIN: usize = 6;
/// Stones in each hand at the start, besides the initial stone.
pub const HAND: u8 = 30;
pub const JEWEL_POINTS: u32 = 2;
pub const STONE_POINTS: u32 = 1;
/// Home corners: P1 a1, P2 g7 (§2, reconstructed).
pub const HOME: [u8; 2] = [0, 48];
/// Neutral corners a7 and g1.
pub const NEUTRAL: [u8; 2] = [42, 6];

/// What stands on a cell. Seats are stored as `u8` to keep the board small for search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Piece {
    Empty,
    /// The blank centre: nothing stands there, nothing passes.
    Blank,
    Jewel,
    Stone(u8),
    /// A player's initial stone in their home corner.
    Initial(u8),
}

impl Piece {
    pub fn owner(self) -> Option<Seat> {
        match self {
            Piece::Stone(s) | Piece::Initial(s) => Some(usize::from(s)),
            _ => None,
        }
    }
}

pub type Board = [Piece; CELLS];

/// A [`Board`] as a list of its cells: serde's derives stop at arrays of 32.
mod cells {
    use super::{Board, CELLS, Piece};
    use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error};

    pub fn serialize<S: Serializer>(board: &Board, s: S) -> Result<S::Ok, S::Error> {
        board.as_slice().serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Board, D::Error> {
        let cells = Vec::<Piece>::deserialize(d)?;
        let len = cells.len();
        cells
            .try_into()
            .map_err(|_| D::Error::invalid_length(len, &format!("{CELLS} cells").as_str()))
    }
}

/// `a1` … `g7`.
pub fn cell_name(cell: u8) -> String {
    format!("{}{}", char::from(b'a' + cell % SIZE), cell / SIZE + 1)
}

pub fn parse_cell(s: &str) -> Option<u8> {
    let b = s.as_bytes();
    match b {
        [col @ b'a'..=b'g', row @ b'1'..=b'7'] => Some((row - b'1') * SIZE + (col - b'a')),
        _ => None,
    }
}

/// The cells whose bit is set, in board order.
pub fn bits(mut mask: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        let cell = mask.trailing_zeros() as u8;
        mask &= mask.wrapping_sub(1);
        (usize::from(cell) < CELLS).then_some(cell)
    })
}

fn is_blank(cell: u8) -> bool {
    let (row, col) = (cell / SIZE, cell % SIZE);
    (2..=4).contains(&row) && (2..=4).contains(&col)
}

/// The 12 jewels: the cells at Manhattan distance 3 from d4.
fn is_jewel_start(cell: u8) -> bool {
    let (row, col) = (i32::from(cell / SIZE), i32::from(cell % SIZE));
    (row - 3).abs() + (col - 3).abs() == 3
}

/// No neighbour: the edge of the board.
const OFF: u8 = u8::MAX;

/// Each cell's neighbour towards N, E, S and W (in [`Dir`]'s order), or [`OFF`].
const NEIGHBOURS: [[u8; CELLS]; 4] = {
    let mut table = [[OFF; CELLS]; 4];
    let mut cell = 0;
    while cell < CELLS as u8 {
        let (row, col) = (cell / SIZE, cell % SIZE);
        if row + 1 < SIZE {
            table[0][cell as usize] = cell + SIZE;
        }
        if col + 1 < SIZE {
            table[1][cell as usize] = cell + 1;
        }
        if row > 0 {
            table[2][cell as usize] = cell - SIZE;
        }
        if col > 0 {
            table[3][cell as usize] = cell - 1;
        }
        cell += 1;
    }
    table
};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Dir {
    N,
    E,
    S,
    W,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

    pub fn letter(self) -> char {
        match self {
            Dir::N => 'N',
            Dir::E => 'E',
            Dir::S => 'S',
            Dir::W => 'W',
        }
    }

    pub fn from_letter(c: char) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| d.letter() == c)
    }

    #[must_use]
    pub fn opposite(self) -> Dir {
        Dir::ALL[(self as usize + 2) % 4]
    }

    /// The neighbour of `cell` this way, if it is on the board. A table: steps are the
    /// searching bot's inner loop.
    pub fn from(self, cell: u8) -> Option<u8> {
        let next = NEIGHBOURS[self as usize][usize::from(cell)];
        (next != OFF).then_some(next)
    }

    /// The direction from `a` to `b` when they share a row or a column (and differ).
    pub fn towards(a: u8, b: u8) -> Option<Dir> {
        let (ar, ac, br, bc) = (a / SIZE, a % SIZE, b / SIZE, b % SIZE);
        match (ar.cmp(&br), ac.cmp(&bc)) {
            (std::cmp::Ordering::Less, std::cmp::Ordering::Equal) => Some(Dir::N),
            (std::cmp::Ordering::Greater, std::cmp::Ordering::Equal) => Some(Dir::S),
            (std::cmp::Ordering::Equal, std::cmp::Ordering::Less) => Some(Dir::E),
            (std::cmp::Ordering::Equal, std::cmp::Ordering::Greater) => Some(Dir::W),
            _ => None,
        }
    }
}

/// A chain: an origin and up to 16 directions, two bits each (ids may carry more than the
/// rules allow so that the rules, not the parser, refuse them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Chain {
    pub origin: u8,
    len: u8,
    dirs: u32,
}

impl Chain {
    pub fn new(origin: u8, dirs: &[Dir]) -> Self {
        let mut chain = Self {
            origin,
            len: 0,
            dirs: 0,
        };
        for &d in dirs {
            chain = chain.then(d);
        }
        chain
    }

    /// This chain one direction longer.
    #[must_use]
    pub fn then(self, d: Dir) -> Self {
        Self {
            origin: self.origin,
            len: self.len + 1,
            dirs: self.dirs | (d as u32) << (2 * u32::from(self.len)),
        }
    }

    pub fn len(self) -> usize {
        usize::from(self.len)
    }

    pub fn is_empty(self) -> bool {
        self.len == 0
    }

    pub fn dir(self, i: usize) -> Dir {
        Dir::ALL[(self.dirs >> (2 * i) & 3) as usize]
    }

    pub fn dirs(self) -> impl Iterator<Item = Dir> {
        (0..self.len()).map(move |i| self.dir(i))
    }

    /// The cells a legal chain's stones land on, on the board it is played on.
    pub fn landings(self, board: &Board, me: Seat) -> Vec<u8> {
        let mut board = *board;
        let mut at = self.origin;
        let mut jumped = 0;
        self.dirs()
            .map(|d| {
                at = step(&board, me, at, d, &mut jumped).expect("a legal chain");
                board[usize::from(at)] = Piece::Stone(me as u8);
                at
            })
            .collect()
    }

    /// Where a legal chain ends (its origin when empty).
    fn end(self, board: &Board, me: Seat) -> u8 {
        self.landings(board, me).last().copied().unwrap_or(self.origin)
    }
}

impl fmt::Display for Chain {
    /// `a1 ENEENN`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&cell_name(self.origin))?;
        if !self.is_empty() {
            f.write_str(" ")?;
        }
        self.dirs().try_for_each(|d| write!(f, "{}", d.letter()))
    }
}

/// Why one step is illegal (§4, §6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepError {
    /// The run from this cell in this direction leaves the board.
    OffBoard(u8, Dir),
    Blank(u8),
    OwnStone(u8),
    HomeCorner(u8),
    Backward,
    NotInLine {
        from: u8,
        to: u8,
    },
    WrongLanding {
        listed: u8,
        landing: u8,
    },
}

/// One step from `from` (the last placed stone, or the origin): leaps the run of jewels and
/// enemy stones ahead to the first empty cell, adding the run to `jumped`.
pub fn step(board: &Board, me: Seat, from: u8, d: Dir, jumped: &mut u64) -> Result<u8, StepError> {
    let mut run = 0u64;
    let mut at = from;
    loop {
        let x = d.from(at).ok_or(StepError::OffBoard(from, d))?;
        match board[usize::from(x)] {
            Piece::Blank => return Err(StepError::Blank(x)),
            Piece::Empty => {
                // An empty home corner of one's own is only there once the initial stone left.
                if x == HOME[me] {
                    return Err(StepError::HomeCorner(x));
                }
                *jumped |= run;
                return Ok(x);
            }
            Piece::Jewel => run |= 1 << x,
            p if p.owner() == Some(me) => return Err(StepError::OwnStone(x)),
            _ => run |= 1 << x,
        }
        at = x;
    }
}

/// Board, hands, scores and initial stones: everything a chain's legality and a turn's result
/// depend on.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Position {
    #[serde(with = "cells")]
    pub board: Board,
    pub hands: [u8; 2],
    pub scores: [u32; 2],
    /// Is each player's initial stone still on its home corner?
    pub initial: [bool; 2],
    /// Jewels each player captured.
    pub jewels_won: [u8; 2],
    /// Enemy stones each player captured (jumped or taken).
    pub stones_won: [u8; 2],
}

impl Position {
    /// The reconstructed layout of §2 (the default configuration).
    pub fn start() -> Self {
        let mut board = [Piece::Empty; CELLS];
        for cell in 0..CELLS as u8 {
            if is_blank(cell) {
                board[usize::from(cell)] = Piece::Blank;
            } else if is_jewel_start(cell) {
                board[usize::from(cell)] = Piece::Jewel;
            }
        }
        board[usize::from(HOME[0])] = Piece::Initial(0);
        board[usize::from(HOME[1])] = Piece::Initial(1);
        Self {
            board,
            hands: [HAND; 2],
            scores: [0; 2],
            initial: [true; 2],
            jewels_won: [0; 2],
            stones_won: [0; 2],
        }
    }

    /// The longest chain `me` could place by hand and by the six-stone limit.
    pub fn max_len(&self, me: Seat) -> u8 {
        self.hands[me].min(MAX_CHAIN as u8)
    }

    /// Where `me`'s chains may start: the initial stone while it stands, else any own stone.
    pub fn origins(&self, me: Seat) -> Vec<u8> {
        bits(self.origin_mask(me)).collect()
    }

    /// [`Position::origins`] as bits.
    pub fn origin_mask(&self, me: Seat) -> u64 {
        if self.initial[me] {
            return 1 << HOME[me];
        }
        self.stone_mask(me)
    }

    /// `me`'s placed stones (not the initial stone) as bits.
    fn stone_mask(&self, me: Seat) -> u64 {
        let stone = Piece::Stone(me as u8);
        (0..CELLS)
            .filter(|&c| self.board[c] == stone)
            .fold(0, |m, c| m | 1 << c)
    }

    /// Could a placed stone of `me` start a chain, were the initial stone removed? (The
    /// initial stone blocks a step exactly as its emptied corner would.)
    pub fn stone_can_start(&self, me: Seat) -> bool {
        let mut found = false;
        self.walk_origins(self.stone_mask(me), me, 1..=1, |_, _, _| {
            found = true;
            false
        });
        found
    }

    /// Calls `f(chain, jumped, last landing)` for every legal chain of `me` with a length in
    /// `lens`, origin by origin, directions N E S W, each chain before its extensions. Stops
    /// when `f` returns false.
    pub fn walk(&self, me: Seat, lens: RangeInclusive<u8>, f: impl FnMut(Chain, u64, u8) -> bool) {
        self.walk_origins(self.origin_mask(me), me, lens, f);
    }

    /// [`Position::walk`] from the `origins` given as bits.
    fn walk_origins(
        &self,
        origins: u64,
        me: Seat,
        lens: RangeInclusive<u8>,
        mut f: impl FnMut(Chain, u64, u8) -> bool,
    ) {
        let mut board = self.board;
        for origin in bits(origins) {
            if !self.walk_from(&mut board, me, Chain::new(origin, &[]), 0, lens.clone(), &mut f) {
                return;
            }
        }
    }

    /// Like [`Position::walk`] over the legal chains that extend `chain` (legal so far, its
    /// stones already on `board`, having jumped `jumped`). Returns false if `f` stopped it.
    pub fn walk_from(
        &self,
        board: &mut Board,
        me: Seat,
        chain: Chain,
        jumped: u64,
        lens: RangeInclusive<u8>,
        f: &mut impl FnMut(Chain, u64, u8) -> bool,
    ) -> bool {
        let hi = (*lens.end()).min(self.max_len(me));
        let lo = (*lens.start()).max(1);
        if lo > hi {
            return true;
        }
        let at = chain.end(&self.board, me);
        Walker { board, me, lo, hi, f }.go(chain, at, jumped)
    }

    /// The lengths (bit k: length k) of `opp`'s chains at the start of their turn here (their
    /// corner takes done) that leave the other player no placed stone, each jumping them all;
    /// none when `opp` has no stone in hand.
    pub fn sweeping_lengths(&self, opp: Seat) -> u8 {
        if self.hands[opp] == 0 {
            return 0;
        }
        let mut start = self.clone();
        start.take_all(opp);
        let theirs = start.stone_mask(1 - opp);
        let mut lengths = 0u8;
        start.walk(opp, 1..=MAX_CHAIN as u8, |chain, jumped, _| {
            if jumped & theirs == theirs {
                lengths |= 1 << chain.len();
            }
            true
        });
        lengths
    }

    /// Does `me` have a legal chain with a length in `lens`?
    pub fn has_chain(&self, me: Seat, lens: RangeInclusive<u8>) -> bool {
        let mut found = false;
        self.walk(me, lens, |_, _, _| {
            found = true;
            false
        });
        found
    }

    /// The lengths of `me`'s legal chains, as bits (bit k: some chain of k stones).
    pub fn lengths_available(&self, me: Seat) -> u8 {
        let all = (1..=self.max_len(me)).fold(0u8, |m, k| m | 1 << k);
        let mut found = 0u8;
        self.walk(me, 1..=MAX_CHAIN as u8, |chain, _, _| {
            found |= 1 << chain.len();
            found != all
        });
        found
    }

    /// The longest legal chain length of `me` up to `cap` (0: none).
    pub fn longest(&self, me: Seat, cap: u8) -> u8 {
        let mut best = 0;
        self.walk(me, 1..=cap, |chain, _, _| {
            best = best.max(chain.len() as u8);
            best < cap
        });
        best
    }

    /// Points of the pieces in `jumped` for `me`.
    pub fn value(&self, jumped: u64) -> u32 {
        bits(jumped)
            .map(|c| match self.board[usize::from(c)] {
                Piece::Jewel => JEWEL_POINTS,
                _ => STONE_POINTS,
            })
            .sum()
    }

    /// Puts `me`'s stones on the landings (the chain was checked).
    pub fn put(&mut self, me: Seat, landings: &[u8]) {
        for &c in landings {
            self.board[usize::from(c)] = Piece::Stone(me as u8);
        }
        self.hands[me] -= landings.len() as u8;
    }

    /// `me` takes the enemy stone on a neutral corner (checked): +1.
    pub fn take(&mut self, me: Seat, corner: u8) {
        self.board[usize::from(corner)] = Piece::Empty;
        self.scores[me] += STONE_POINTS;
        self.stones_won[me] += 1;
    }

    /// Takes every enemy stone on the neutral corners.
    pub fn take_all(&mut self, me: Seat) {
        for corner in NEUTRAL {
            if self.board[usize::from(corner)].owner() == Some(1 - me) {
                self.take(me, corner);
            }
        }
    }

    /// TURN_END: the jumped pieces leave the board and score for `me`. Returns the points.
    pub fn settle(&mut self, me: Seat, jumped: u64) -> u32 {
        let points = self.value(jumped);
        for c in bits(jumped) {
            match self.board[usize::from(c)] {
                Piece::Jewel => self.jewels_won[me] += 1,
                _ => self.stones_won[me] += 1,
            }
            self.board[usize::from(c)] = Piece::Empty;
        }
        self.scores[me] += points;
        points
    }

    /// The initial stone leaves (unscored, for good).
    pub fn remove_initial(&mut self, me: Seat) {
        self.board[usize::from(HOME[me])] = Piece::Empty;
        self.initial[me] = false;
    }

    /// Plays a legal chain for `me` (no checks): stones placed, hand reduced. Returns the jumped set.
    pub fn play(&mut self, me: Seat, chain: Chain) -> u64 {
        let mut jumped = 0;
        let mut at = chain.origin;
        for d in chain.dirs() {
            at = step(&self.board, me, at, d, &mut jumped).expect("a legal chain");
            self.board[usize::from(at)] = Piece::Stone(me as u8);
        }
        self.hands[me] -= chain.len() as u8;
        jumped
    }
}

/// The depth-first enumeration behind [`Position::walk`]: own stones placed so far stay on the
/// board copy, so they block later steps exactly as the rules say.
struct Walker<'a, F> {
    board: &'a mut Board,
    me: Seat,
    lo: u8,
    hi: u8,
    f: &'a mut F,
}

impl<F: FnMut(Chain, u64, u8) -> bool> Walker<'_, F> {
    fn go(&mut self, chain: Chain, at: u8, jumped: u64) -> bool {
        let len = chain.len() as u8;
        if len > self.hi {
            return true;
        }
        if len >= self.lo && !(self.f)(chain, jumped, at) {
            return false;
        }
        if len == self.hi {
            return true;
        }
        let back = (len > 0).then(|| chain.dir(chain.len() - 1).opposite());
        for d in Dir::ALL {
            if Some(d) == back {
                continue;
            }
            let mut j = jumped;
            if let Ok(next) = step(self.board, self.me, at, d, &mut j) {
                self.board[usize::from(next)] = Piece::Stone(self.me as u8);
                let more = self.go(chain.then(d), next, j);
                self.board[usize::from(next)] = Piece::Empty;
                if !more {
                    return false;
                }
            }
        }
        true
    }
}

/// A cell as data for scripts: `"empty"`, `"blank"`, `"jewel"`, or a seat's stone
/// (`{"stone": seat, "initial": bool}`).
pub fn piece_state(piece: Piece) -> serde_json::Value {
    match piece {
        Piece::Empty => "empty".into(),
        Piece::Blank => "blank".into(),
        Piece::Jewel => "jewel".into(),
        Piece::Stone(seat) => serde_json::json!({ "stone": seat, "initial": false }),
        Piece::Initial(seat) => serde_json::json!({ "stone": seat, "initial": true }),
    }
}
