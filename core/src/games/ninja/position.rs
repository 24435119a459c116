//! The pieces, scores and missions (§3, §5), the legal moves of §4 and their resolution: the part
//! of the rules bots simulate, kept apart from the turn phases and the log so it clones cheaply.

use super::board::{BLACK, Board, RED, Shape, Sq, Walk};
use crate::engine::{Msg, Seat};
use serde::{Deserialize, Serialize};

/// A player's running mission (§3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mission {
    /// Where the mission ninja stands.
    pub square: Sq,
    /// The owner's mission turn, 1–3.
    pub turn: u8,
    /// The deepest depth visited, 0 up to the dojo depth.
    pub shadow: u8,
    pub reversal_used: bool,
}

/// One legal move (§4): an origin and a destination, with what its paths do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub from: Sq,
    pub to: Sq,
    /// Its paths reverse (every legal path to one destination has the same shape kind).
    pub reversal: bool,
    /// An enemy stands on the destination.
    pub kills: bool,
    /// The ninja leaves its dojo from home: a mission begins.
    pub starts_mission: bool,
    /// The shadow after the move, for the mission ninja (or the one starting).
    pub shadow: u8,
    /// It ends the mission at home, scoring this much.
    pub home: Option<u32>,
}

/// Where the pieces stand and how the players are doing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    /// Each square's ninja: 0 none, else seat + 1.
    cells: Vec<u8>,
    ninjas: [usize; 2],
    pub score: [u32; 2],
    pub missions: [Option<Mission>; 2],
}

/// Why a move from `from` to `to` with `steps` is not legal (§6, in its order after the turn checks).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    NoNinja,
    OwnDestination,
    NotExactly,
    OneMission(Sq),
    Reversed,
    ReversalZone(Sq),
    Blocked(Vec<Sq>),
}

impl Refusal {
    pub fn message(&self, board: &Board, from: Sq, to: Sq, steps: usize) -> Msg {
        match self {
            Refusal::NoNinja => Msg::new("ninja-rule-no-ninja").arg("square", board.name(from)),
            Refusal::OwnDestination => Msg::new("ninja-rule-own-destination").arg("square", board.name(to)),
            Refusal::NotExactly => Msg::new("ninja-rule-not-exactly")
                .arg("square", board.name(to))
                .arg("steps", steps),
            Refusal::OneMission(out) => Msg::new("ninja-rule-one-mission").arg("square", board.name(*out)),
            Refusal::Reversed => Msg::new("ninja-rule-reversed"),
            Refusal::ReversalZone(turn) => {
                Msg::new("ninja-rule-reversal-zone").arg("square", board.name(*turn))
            }
            Refusal::Blocked(at) => {
                let names: Vec<String> = at.iter().map(|&s| board.name(s)).collect();
                Msg::new("ninja-rule-blocked").arg("squares", names.join(", "))
            }
        }
    }
}

/// What resolving a move did, for the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resolved {
    pub killed: bool,
    pub started: bool,
    pub home: Option<u32>,
}

impl Position {
    pub fn new(board: &Board) -> Self {
        let mut cells = vec![0; board.squares()];
        for seat in [BLACK, RED] {
            for &sq in &board.starts[seat] {
                cells[usize::from(sq)] = seat as u8 + 1;
            }
        }
        Self {
            cells,
            ninjas: [board.starts[BLACK].len(), board.starts[RED].len()],
            score: [0; 2],
            missions: [None; 2],
        }
    }

    /// The seat whose ninja stands on `sq`.
    pub fn at(&self, sq: Sq) -> Option<Seat> {
        match self.cells.get(usize::from(sq)) {
            Some(&c) if c > 0 => Some(usize::from(c - 1)),
            _ => None,
        }
    }

    pub fn ninjas(&self, seat: Seat) -> usize {
        self.ninjas[seat]
    }

    /// `seat`'s ninjas' squares, in square order.
    pub fn squares_of(&self, seat: Seat) -> impl Iterator<Item = Sq> + '_ {
        let mark = seat as u8 + 1;
        self.cells
            .iter()
            .enumerate()
            .filter(move |&(_, &c)| c == mark)
            .map(|(i, _)| i as Sq)
    }

    /// Places or removes pieces, for tests of a rule.
    #[cfg(test)]
    pub fn set(&mut self, sq: Sq, seat: Option<Seat>) {
        let cell = &mut self.cells[usize::from(sq)];
        if *cell > 0 {
            self.ninjas[usize::from(*cell - 1)] -= 1;
        }
        *cell = seat.map_or(0, |s| s as u8 + 1);
        if let Some(s) = seat {
            self.ninjas[s] += 1;
        }
    }

    /// Checks one move: `Ok` with what it does, or why it is refused (§4 and §6).
    pub fn check_move(
        &self,
        board: &Board,
        seat: Seat,
        from: Sq,
        to: Sq,
        steps: usize,
    ) -> Result<Move, Refusal> {
        if self.at(from) != Some(seat) {
            return Err(Refusal::NoNinja);
        }
        if to != from && self.at(to) == Some(seat) {
            return Err(Refusal::OwnDestination);
        }
        // The refusal of the candidate path that got furthest through the checks.
        let mut worst = Refusal::NotExactly;
        let offset = board.offset(from, to);
        for shape in board.shapes(seat, steps).iter().filter(|s| s.offset == offset) {
            let Some(walk) = board.walk(from, shape) else {
                continue;
            };
            match self.path_move(board, seat, from, shape, &walk) {
                Ok(mv) => return Ok(mv),
                Err(refusal) => worst = furthest(worst, refusal),
            }
        }
        Err(worst)
    }

    /// One path's move, or the first check of §4 it fails.
    fn path_move(
        &self,
        board: &Board,
        seat: Seat,
        from: Sq,
        shape: &Shape,
        walk: &Walk,
    ) -> Result<Move, Refusal> {
        let mission = self.missions[seat];
        let is_mission_ninja = mission.is_some_and(|m| m.square == from);
        let path = walk.path();
        let to = walk.destination();
        let leaves = path.iter().any(|&sq| !board.in_dojo(seat, sq));
        if let Some(m) = mission
            && leaves
            && !is_mission_ninja
        {
            return Err(Refusal::OneMission(m.square));
        }
        if shape.turning.is_some() && is_mission_ninja && mission.is_some_and(|m| m.reversal_used) {
            return Err(Refusal::Reversed);
        }
        if let Some(t) = shape.turning
            && board.depth(seat, path[t]) == 0
        {
            return Err(Refusal::ReversalZone(path[t]));
        }
        if let Some(&at) = path[..path.len() - 1]
            .iter()
            .find(|&&sq| sq != from && self.at(sq).is_some())
        {
            return Err(Refusal::Blocked(vec![at]));
        }
        let depth = path
            .iter()
            .map(|&sq| board.depth(seat, sq))
            .max()
            .unwrap_or(0)
            .max(board.depth(seat, from));
        let starts_mission = board.in_dojo(seat, from) && leaves;
        let shadow = match mission {
            Some(m) if is_mission_ninja => m.shadow.max(depth),
            _ if starts_mission => depth,
            _ => 0,
        };
        let home = ((starts_mission || is_mission_ninja) && board.in_dojo(seat, to))
            .then(|| board.points_for(shadow));
        Ok(Move {
            from,
            to,
            reversal: shape.turning.is_some(),
            kills: self.at(to) == Some(1 - seat),
            starts_mission,
            shadow,
            home,
        })
    }

    /// Every legal move of `seat` with `steps` (§4), one per (origin, destination), sorted by
    /// origin then destination (`a1 < a2 < … < a11 < b1`).
    pub fn moves(&self, board: &Board, seat: Seat, steps: usize) -> Vec<Move> {
        let mut origins: Vec<Sq> = self.squares_of(seat).collect();
        origins.sort_by_key(|&sq| order_key(board, sq));
        let mut out = vec![];
        for from in origins {
            let start = out.len();
            let mut found = [false; 256];
            let (col, row) = (board.col(from) as i8, board.row(from) as i8);
            for shape in board.shapes(seat, steps) {
                // The destination first: most shapes end where another already led.
                let (dc, dr) = shape.offset;
                let Some(to) = u8::try_from(col + dc)
                    .ok()
                    .zip(u8::try_from(row + dr).ok())
                    .and_then(|(c, r)| board.at(c, r))
                else {
                    continue;
                };
                if found[usize::from(to)] || (to != from && self.at(to) == Some(seat)) {
                    continue;
                }
                let Some(walk) = board.walk(from, shape) else {
                    continue;
                };
                if let Ok(mv) = self.path_move(board, seat, from, shape, &walk) {
                    found[usize::from(to)] = true;
                    out.push(mv);
                }
            }
            out[start..].sort_by_key(|mv| order_key(board, mv.to));
        }
        out
    }

    /// Resolves a legal move (§3 step 4).
    pub fn play(&mut self, seat: Seat, mv: &Move) -> Resolved {
        let enemy = 1 - seat;
        let killed = self.at(mv.to) == Some(enemy);
        if killed {
            self.ninjas[enemy] -= 1;
            if self.missions[enemy].is_some_and(|m| m.square == mv.to) {
                self.missions[enemy] = None;
            }
        }
        self.cells[usize::from(mv.from)] = 0;
        self.cells[usize::from(mv.to)] = seat as u8 + 1;
        let mission = &mut self.missions[seat];
        if mv.starts_mission {
            *mission = Some(Mission {
                square: mv.from,
                turn: 1,
                shadow: 0,
                reversal_used: false,
            });
        }
        if let Some(m) = mission
            && m.square == mv.from
        {
            m.square = mv.to;
            m.shadow = mv.shadow;
            m.reversal_used |= mv.reversal;
        }
        if let Some(points) = mv.home {
            self.score[seat] += points;
            *mission = None;
        }
        Resolved {
            killed,
            started: mv.starts_mission,
            home: mv.home,
        }
    }

    /// The mission clock (§3 step 6): at turn 3 the mission ninja is removed (its square
    /// returned), else the turn advances.
    pub fn clock(&mut self, seat: Seat) -> Option<Sq> {
        let m = self.missions[seat].as_mut()?;
        if m.turn >= 3 {
            let sq = m.square;
            self.missions[seat] = None;
            self.cells[usize::from(sq)] = 0;
            self.ninjas[seat] -= 1;
            Some(sq)
        } else {
            m.turn += 1;
            None
        }
    }

    /// The §5 invariant: every ninja outside its own dojo is its player's mission ninja.
    pub fn invariant_holds(&self, board: &Board) -> bool {
        [BLACK, RED].into_iter().all(|seat| {
            self.squares_of(seat)
                .all(|sq| board.in_dojo(seat, sq) || self.missions[seat].is_some_and(|m| m.square == sq))
        }) && self
            .missions
            .iter()
            .enumerate()
            .all(|(seat, m)| m.is_none_or(|m| self.at(m.square) == Some(seat)))
    }
}

/// The refusal of the path that passed more of §6's checks; blocked squares accumulate.
fn furthest(a: Refusal, b: Refusal) -> Refusal {
    let rank = |r: &Refusal| match r {
        Refusal::NoNinja | Refusal::OwnDestination | Refusal::NotExactly => 0,
        Refusal::OneMission(_) => 1,
        Refusal::Reversed => 2,
        Refusal::ReversalZone(_) => 3,
        Refusal::Blocked(_) => 4,
    };
    match (a, b) {
        (Refusal::Blocked(mut at), Refusal::Blocked(more)) => {
            for sq in more {
                if !at.contains(&sq) {
                    at.push(sq);
                }
            }
            Refusal::Blocked(at)
        }
        (a, b) if rank(&b) > rank(&a) => b,
        (a, _) => a,
    }
}

/// Squares in the page's order: by column, then by row as a number.
pub fn order_key(board: &Board, sq: Sq) -> (u8, u8) {
    (board.col(sq), board.row(sq))
}
