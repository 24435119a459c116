//! The strong player: a two-ply search. Its own chains are ranked by what they capture now; the
//! best `width` of them are played out (pieces scored, initial stone removed as the players
//! do), and each is answered by the opponent's best reply over all its chains, the opponent
//! first taking any corner stone. Leaves are scored as the race the game is: the score
//! difference, the stones left in hand (the player who runs out last plays alone at the end),
//! the tie going to P2, a player with no legal chain losing at once, and a finished game by its
//! result.

use super::super::board::Position;
use super::super::{Chain, P2, Stones};
use crate::engine::Seat;

#[derive(Clone, Copy, Debug)]
pub struct Params {
    /// How many of its own chains (best captures first) are searched against a reply.
    pub width: usize,
    /// Worth of a stone in hand more than the opponent, in points.
    pub hand: f64,
}

impl Default for Params {
    fn default() -> Self {
        Self { width: 16, hand: 0.15 }
    }
}

const WIN: f64 = 1000.0;

/// The value of a position for `me` when `to_move` starts the next turn.
fn evaluate(pos: &Position, me: Seat, params: &Params) -> f64 {
    let opp = 1 - me;
    let diff = f64::from(pos.scores[me]) - f64::from(pos.scores[opp]);
    // Ties go to P2: half a point decides them.
    let tie = if me == P2 { 0.5 } else { -0.5 };
    if pos.hands == [0, 0] {
        return if diff + tie > 0.0 { WIN + diff } else { -WIN + diff };
    }
    diff + tie + params.hand * (f64::from(pos.hands[me]) - f64::from(pos.hands[opp]))
}

/// Can `seat` start a turn here (the check of TURN_START, corner takes assumed)?
fn can_move(pos: &Position, seat: Seat) -> bool {
    if pos.hands[seat] == 0 {
        return true;
    }
    let mut freed = pos.clone();
    freed.take_all(seat);
    freed.has_chain(seat, 1..=1)
}

/// A whole turn of `seat`: the chain, its captures scored, the initial stone removed when a
/// placed stone can start the next chain (as every level plays).
fn turn(pos: &Position, seat: Seat, chain: Chain) -> Position {
    let mut next = pos.clone();
    let jumped = next.play(seat, chain);
    next.settle(seat, jumped);
    if next.initial[seat] {
        let mut removed = next.clone();
        removed.remove_initial(seat);
        if removed.has_chain(seat, 1..=1) {
            return removed;
        }
    }
    next
}

/// The value for `me` of the opponent's best answer to `pos` (their turn next, or mine again
/// when their hand is empty).
fn reply_value(pos: &Position, me: Seat, params: &Params) -> f64 {
    let opp = 1 - me;
    if pos.hands == [0, 0] {
        return evaluate(pos, me, params);
    }
    if pos.hands[opp] == 0 {
        // Play-over: only I move on; my next turn is judged by its capture potential.
        return evaluate(pos, me, params);
    }
    let mut start = pos.clone();
    start.take_all(opp);
    if !start.has_chain(opp, 1..=1) {
        return WIN;
    }
    let fragile = start.initial[me] || start.origins(me).len() <= 3;
    let mut worst = f64::INFINITY;
    start.walk(opp, 1..=6, |chain, jumped, _| {
        let gain = start.value(jumped);
        // Only replies that capture, or could strand me, need a full look; the rest are
        // bounded by the quiet reply's value.
        let value = if gain > 0 || fragile || worst.is_infinite() {
            let after = turn(&start, opp, chain);
            if fragile && !can_move(&after, me) {
                -WIN
            } else {
                evaluate(&after, me, params)
            }
        } else {
            return true;
        };
        if value < worst {
            worst = value;
        }
        true
    });
    worst
}

/// The chain `params` prefers among the legal `chains` of the active player.
pub fn choose(game: &Stones, chains: &[Chain], params: &Params) -> Chain {
    let me = game.active();
    let pos = game.position();
    let mut ranked: Vec<(u32, usize, Chain)> = vec![];
    pos.walk(me, game.lengths(), |chain, jumped, _| {
        ranked.push((pos.value(jumped), chain.len(), chain));
        true
    });
    // Most points first; among equals fewer stones, then the enumeration order.
    ranked.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut best = (f64::NEG_INFINITY, chains[0]);
    for &(_, _, chain) in ranked.iter().take(params.width.max(1)) {
        let after = turn(pos, me, chain);
        let value = reply_value(&after, me, params);
        if value > best.0 {
            best = (value, chain);
        }
    }
    best.1
}
