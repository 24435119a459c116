//! The pieces, scores and missions (§3, §5), the legal moves of §4 and their resolution: the part
//! of the rules bots simulate, kept apart from the turn phases and the log so it clones cheaply.

use super::board::{BLACK, Board, LEAVES, NEUTRAL_TURN, Path, RED, REVERSES, Sq};
use super::squares::Squares;
use crate::engine::{Msg, Seat};
use serde::{Deserialize, Serialize};
use std::ops::ControlFlow;

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

/// Where the pieces stand and how the players are doing. The pieces are sets of squares, so a
/// position copies without allocating and a path is checked for blockers in a few operations.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "Record", try_from = "Record")]
pub struct Position {
    /// Each side's ninjas.
    pieces: [Squares; 2],
    /// The board's number of squares, for the stored form.
    size: u16,
    pub score: [u32; 2],
    pub missions: [Option<Mission>; 2],
}

/// A position as it is stored: each square's ninja (0 none, else seat + 1) and each side's count,
/// the form stored games have always had.
#[derive(Serialize, Deserialize)]
struct Record {
    cells: Vec<u8>,
    ninjas: [usize; 2],
    score: [u32; 2],
    missions: [Option<Mission>; 2],
}

impl From<Position> for Record {
    fn from(p: Position) -> Self {
        let cells = (0..p.size)
            .map(|sq| p.at(sq as Sq).map_or(0, |seat| seat as u8 + 1))
            .collect();
        Record {
            cells,
            ninjas: [p.ninjas(BLACK), p.ninjas(RED)],
            score: p.score,
            missions: p.missions,
        }
    }
}

impl TryFrom<Record> for Position {
    type Error = String;

    fn try_from(r: Record) -> Result<Self, String> {
        if r.cells.len() > usize::from(Sq::MAX) + 1 {
            return Err(format!("{} squares is more than a board has", r.cells.len()));
        }
        let mut pieces = [Squares::default(); 2];
        for (sq, &cell) in r.cells.iter().enumerate() {
            match cell {
                0 => {}
                1 | 2 => pieces[usize::from(cell - 1)].insert(sq as Sq),
                _ => return Err(format!("square {sq} holds seat {cell}")),
            }
        }
        if r.ninjas != [pieces[BLACK].count(), pieces[RED].count()] {
            return Err("the ninja counts do not match the squares".into());
        }
        Ok(Position {
            pieces,
            size: r.cells.len() as u16,
            score: r.score,
            missions: r.missions,
        })
    }
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
        Self {
            pieces: board.starts.clone().map(|squares| squares.into_iter().collect()),
            size: board.squares() as u16,
            score: [0; 2],
            missions: [None; 2],
        }
    }

    /// The seat whose ninja stands on `sq`.
    pub fn at(&self, sq: Sq) -> Option<Seat> {
        [BLACK, RED]
            .into_iter()
            .find(|&seat| self.pieces[seat].contains(sq))
    }

    pub fn ninjas(&self, seat: Seat) -> usize {
        self.pieces[seat].count()
    }

    /// `seat`'s ninjas' squares, in square order.
    pub fn squares_of(&self, seat: Seat) -> impl Iterator<Item = Sq> + '_ {
        self.pieces[seat].iter()
    }

    /// Places or removes pieces, for tests of a rule.
    #[cfg(test)]
    pub fn set(&mut self, sq: Sq, seat: Option<Seat>) {
        self.pieces.iter_mut().for_each(|p| p.remove(sq));
        if let Some(s) = seat {
            self.pieces[s].insert(sq);
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
        let paths = board.paths();
        let Some(target) = paths.targets(seat, steps, from).iter().find(|t| t.to == to) else {
            return Err(Refusal::NotExactly);
        };
        let mover = Mover::new(self, seat, from);
        // The refusal of the candidate path that got furthest through the checks.
        let mut worst = Refusal::NotExactly;
        for path in paths.paths(target) {
            match mover.fault(path) {
                None => return Ok(self.resolve(board, &mover, to, path)),
                Some(fault) => worst = furthest(worst, mover.refusal(fault, path)),
            }
        }
        Err(worst)
    }

    /// Every legal move of `seat` with `steps` (§4), one per (origin, destination), sorted by
    /// origin then destination (`a1 < a2 < … < a11 < b1`).
    pub fn moves(&self, board: &Board, seat: Seat, steps: usize) -> Vec<Move> {
        // Enough for most rolls, so listing seldom grows the vector.
        let mut out = Vec::with_capacity(32);
        let _ = self.each_move(board, seat, steps, |mv| {
            out.push(mv);
            ControlFlow::Continue(())
        });
        out
    }

    /// Whether `seat` has any legal move with `steps` (none is a pass, §3.2).
    pub fn has_move(&self, board: &Board, seat: Seat, steps: usize) -> bool {
        self.each_move(board, seat, steps, |_| ControlFlow::Break(()))
            .is_break()
    }

    /// Calls `found` with each legal move in [`Position::moves`]'s order, until it breaks.
    fn each_move(
        &self,
        board: &Board,
        seat: Seat,
        steps: usize,
        mut found: impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let paths = board.paths();
        // The origins in the page's order: their places in it, as a set, read back in order.
        let ranked: Squares = self.squares_of(seat).map(|sq| paths.rank(sq)).collect();
        for from in ranked.iter().map(|rank| paths.by_rank(rank)) {
            let mover = Mover::new(self, seat, from);
            // While another ninja is on a mission, only paths within the dojo can be legal.
            let targets = if mover.mission.is_some() && !mover.is_mission_ninja {
                paths.home_targets(seat, steps, from)
            } else {
                paths.targets(seat, steps, from)
            };
            for target in targets {
                if (target.to != from && self.pieces[seat].contains(target.to))
                    || !target.crossed.is_disjoint(&mover.occupied)
                {
                    continue;
                }
                // All legal paths to one destination do the same (§4): the first one decides.
                if let Some(path) = paths.live(target).iter().find(|p| mover.fault(p).is_none()) {
                    found(self.resolve(board, &mover, target.to, path))?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// The move along a legal path: what it starts, the shadow after it and what it scores.
    fn resolve(&self, board: &Board, mover: &Mover, to: Sq, path: &Path) -> Move {
        let (seat, from) = (mover.seat, mover.from);
        let starts_mission = board.in_dojo(seat, from) && path.flags & LEAVES != 0;
        let shadow = match mover.mission {
            Some(m) if mover.is_mission_ninja => m.shadow.max(path.depth),
            _ if starts_mission => path.depth,
            _ => 0,
        };
        let home = ((starts_mission || mover.is_mission_ninja) && board.in_dojo(seat, to))
            .then(|| board.points_for(shadow));
        Move {
            from,
            to,
            reversal: path.flags & REVERSES != 0,
            kills: self.pieces[1 - seat].contains(to),
            starts_mission,
            shadow,
            home,
        }
    }

    /// Resolves a legal move (§3 step 4).
    pub fn play(&mut self, seat: Seat, mv: &Move) -> Resolved {
        let enemy = 1 - seat;
        let killed = self.pieces[enemy].contains(mv.to);
        if killed {
            self.pieces[enemy].remove(mv.to);
            if self.missions[enemy].is_some_and(|m| m.square == mv.to) {
                self.missions[enemy] = None;
            }
        }
        self.pieces[seat].remove(mv.from);
        self.pieces[seat].insert(mv.to);
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
            self.pieces[seat].remove(sq);
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

/// One ninja about to move, and what §4's checks of its paths need to know.
struct Mover {
    seat: Seat,
    from: Sq,
    mission: Option<Mission>,
    is_mission_ninja: bool,
    /// Every ninja's square: a path is blocked if one lies between its ends.
    occupied: Squares,
}

/// The first check of §4 a path fails, in §6's order.
#[derive(Clone, Copy)]
enum Fault {
    /// Another ninja is on a mission, on this square.
    OneMission(Sq),
    Reversed,
    /// It would turn on this square.
    ReversalZone(Sq),
    Blocked,
}

impl Mover {
    fn new(position: &Position, seat: Seat, from: Sq) -> Self {
        let mission = position.missions[seat];
        Self {
            seat,
            from,
            mission,
            is_mission_ninja: mission.is_some_and(|m| m.square == from),
            occupied: position.pieces[BLACK].union(&position.pieces[RED]),
        }
    }

    fn fault(&self, path: &Path) -> Option<Fault> {
        if let Some(m) = self.mission
            && path.flags & LEAVES != 0
            && !self.is_mission_ninja
        {
            return Some(Fault::OneMission(m.square));
        }
        if path.flags & REVERSES != 0
            && self.is_mission_ninja
            && self.mission.is_some_and(|m| m.reversal_used)
        {
            return Some(Fault::Reversed);
        }
        if let Some(turn) = path.turning
            && path.flags & NEUTRAL_TURN != 0
        {
            return Some(Fault::ReversalZone(turn));
        }
        if !path.between.is_disjoint(&self.occupied) {
            return Some(Fault::Blocked);
        }
        None
    }

    /// A fault as §6's refusal, naming its square.
    fn refusal(&self, fault: Fault, path: &Path) -> Refusal {
        match fault {
            Fault::OneMission(out) => Refusal::OneMission(out),
            Fault::Reversed => Refusal::Reversed,
            Fault::ReversalZone(turn) => Refusal::ReversalZone(turn),
            Fault::Blocked => {
                let squares = path.squares();
                let at = squares[..squares.len() - 1]
                    .iter()
                    .find(|&&sq| sq != self.from && self.occupied.contains(sq));
                Refusal::Blocked(at.into_iter().copied().collect())
            }
        }
    }
}

/// The refusal of the path that passed more of §6's checks; blocked squares accumulate.
pub(super) fn furthest(a: Refusal, b: Refusal) -> Refusal {
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
