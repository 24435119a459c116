//! The move generator as it was before the path tables (shapes walked square by square for every
//! call), kept for tests only: the differential test in `proptests.rs` holds the fast one to it.

use super::board::order_key;
use super::board::{Board, Shape, Sq, Walk};
use super::position::{Move, Position, Refusal, furthest};
use crate::engine::Seat;

/// [`Position::check_move`], walking each shape.
pub fn check_move(
    p: &Position,
    board: &Board,
    seat: Seat,
    from: Sq,
    to: Sq,
    steps: usize,
) -> Result<Move, Refusal> {
    if p.at(from) != Some(seat) {
        return Err(Refusal::NoNinja);
    }
    if to != from && p.at(to) == Some(seat) {
        return Err(Refusal::OwnDestination);
    }
    let mut worst = Refusal::NotExactly;
    let offset = board.offset(from, to);
    for shape in board.shapes(seat, steps).iter().filter(|s| s.offset == offset) {
        let Some(walk) = board.walk(from, shape) else {
            continue;
        };
        match path_move(p, board, seat, from, shape, &walk) {
            Ok(mv) => return Ok(mv),
            Err(refusal) => worst = furthest(worst, refusal),
        }
    }
    Err(worst)
}

/// [`Position::moves`], walking every shape from every origin.
pub fn moves(p: &Position, board: &Board, seat: Seat, steps: usize) -> Vec<Move> {
    let mut origins: Vec<Sq> = p.squares_of(seat).collect();
    origins.sort_by_key(|&sq| order_key(board, sq));
    let mut out = vec![];
    for from in origins {
        let start = out.len();
        let mut found = [false; 256];
        let (col, row) = (board.col(from) as i8, board.row(from) as i8);
        for shape in board.shapes(seat, steps) {
            let (dc, dr) = shape.offset;
            let Some(to) = u8::try_from(col + dc)
                .ok()
                .zip(u8::try_from(row + dr).ok())
                .and_then(|(c, r)| board.at(c, r))
            else {
                continue;
            };
            if found[usize::from(to)] || (to != from && p.at(to) == Some(seat)) {
                continue;
            }
            let Some(walk) = board.walk(from, shape) else {
                continue;
            };
            if let Ok(mv) = path_move(p, board, seat, from, shape, &walk) {
                found[usize::from(to)] = true;
                out.push(mv);
            }
        }
        out[start..].sort_by_key(|mv| order_key(board, mv.to));
    }
    out
}

/// One path's move, or the first check of §4 it fails.
fn path_move(
    p: &Position,
    board: &Board,
    seat: Seat,
    from: Sq,
    shape: &Shape,
    walk: &Walk,
) -> Result<Move, Refusal> {
    let mission = p.missions[seat];
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
        .find(|&&sq| sq != from && p.at(sq).is_some())
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
    let home =
        ((starts_mission || is_mission_ninja) && board.in_dojo(seat, to)).then(|| board.points_for(shadow));
    Ok(Move {
        from,
        to,
        reversal: shape.turning.is_some(),
        kills: p.at(to) == Some(1 - seat),
        starts_mission,
        shadow,
        home,
    })
}
