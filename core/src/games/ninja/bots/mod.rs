//! Ninja Versus Ninja players. All three score positions with one evaluation: points, ninjas,
//! each mission's chance of coming home in the turns it has left (an exact recursion over 2d4
//! that ignores blocking), what it would score and what going deeper could add, and the chance
//! that the player about to roll kills the other's mission ninja. Normal plays the move whose
//! result scores best, blind to the opponent's replies; easy does the same but plays a random
//! move one time in three; strong searches whole turns with a Monte Carlo tree search over the
//! 2d4 totals (`search`), scoring the decisions it reaches with the evaluation plus the chance
//! that the player about to roll kills (and the other's a turn later, at half weight, since the
//! target may still move away).

use super::board::{Board, Sq};
use super::{Action, MISSION_TURNS, Move, Ninja, Position, TARGET};
use crate::engine::bot::{Level, Strategy, pick_index};
use crate::engine::{Dice, Seat};
use std::sync::LazyLock;

pub mod coach;
mod search;
#[cfg(test)]
mod tests;

/// 2d4 totals 2..=8 and their weights out of 16.
const TOTALS: [(usize, f64); 7] = [
    (2, 1.0),
    (3, 2.0),
    (4, 3.0),
    (5, 4.0),
    (6, 3.0),
    (7, 2.0),
    (8, 1.0),
];
/// Evaluation units per point scored.
const POINT: f64 = 10.0;
/// A ninja's worth in the evaluation.
const NINJA: f64 = 6.0;
/// The weight of a kill chance one turn further off, which the target may still escape.
const LATER: f64 = 0.5;
/// A won or lost game.
const DECIDED: f64 = 10_000.0;

pub fn strategy(level: Level) -> Box<dyn Strategy<Ninja>> {
    Box::new(NinjaBot(level))
}

pub struct NinjaBot(pub Level);

impl NinjaBot {
    /// The action for the seat to act; the dice are only for easy's random moves.
    pub fn action(&self, game: &Ninja, rng: &mut dyn Dice) -> Action {
        let moves = game.legal_moves();
        if moves.is_empty() {
            return Action::Roll;
        }
        let me = game.active();
        let board = game.board();
        let position = game.position();
        let static_value = |mv: &Move| evaluate(board, &after(position, me, mv), me);
        let chosen = match self.0 {
            Level::Easy if rng.roll(3) == 1 => moves[pick_index(moves.len(), rng)],
            Level::Easy | Level::Normal => best(&moves, static_value),
            Level::Strong => {
                let seed = (0..4).fold(0u64, |seed, _| seed << 8 | u64::from(rng.roll(255)));
                let steps = game.steps().expect("moves are listed after the roll");
                search::choose(board, position, me, steps, seed)
            }
        };
        game.action_of(&chosen)
    }
}

impl Strategy<Ninja> for NinjaBot {
    fn play(&self, game: &Ninja, _: Seat, rng: &mut dyn Dice) -> Action {
        self.action(game, rng)
    }
}

/// The move with the highest value (the first of equals).
fn best(moves: &[Move], value: impl Fn(&Move) -> f64) -> Move {
    let mut top = moves[0];
    let mut top_value = f64::NEG_INFINITY;
    for mv in moves {
        let v = value(mv);
        if v > top_value {
            top = *mv;
            top_value = v;
        }
    }
    top
}

/// The position after `seat` plays `mv` and its turn ends (the mission clock run).
fn after(position: &Position, seat: Seat, mv: &Move) -> Position {
    let mut next = position.clone();
    next.play(seat, mv);
    if decided(&next).is_none() {
        next.clock(seat);
    }
    next
}

/// The winner, when the position is won (§3.5, §3.7).
fn decided(position: &Position) -> Option<Seat> {
    (0..2).find(|&s| position.score[s] >= TARGET || position.ninjas(1 - s) == 0)
}

/// What `attacker`, to roll next, expects from killing the other side's mission ninja: for
/// each total, whether some ninja of its reaches it, times what that mission is worth.
fn kill_chance(board: &Board, position: &Position, attacker: Seat) -> f64 {
    let defender = 1 - attacker;
    let Some(m) = position.missions[defender] else {
        return 0.0;
    };
    let worth = NINJA + mission_value(board, position, defender);
    let attackers: Vec<Sq> = position.squares_of(attacker).collect();
    let mut total = 0.0;
    for (steps, weight) in TOTALS {
        let reaches = attackers.iter().any(|&from| {
            let (dc, dr) = board.offset(from, m.square);
            let distance = usize::from(dc.unsigned_abs() + dr.unsigned_abs());
            // Every path is a Manhattan path or a reversal longer by an even number.
            distance <= steps
                && (steps - distance) % 2 == 0
                && position
                    .check_move(board, attacker, from, m.square, steps)
                    .is_ok()
        });
        if reaches {
            total += weight * worth;
        }
    }
    total / 16.0
}

/// The expected points of `seat`'s mission, weighed by its chance of coming home, and a share
/// of what going deeper could still add while turns remain.
fn mission_value(board: &Board, position: &Position, seat: Seat) -> f64 {
    let Some(m) = position.missions[seat] else {
        return 0.0;
    };
    let turns_left = MISSION_TURNS + 1 - m.turn;
    let distance = board.distance_home(seat, m.square);
    let banked = home_chance(distance, turns_left) * f64::from(board.points_for(m.shadow));
    let deepest = f64::from(board.points_for(board.dojo_depth));
    let potential = if turns_left > 1 {
        0.25 * (deepest - f64::from(board.points_for(m.shadow))) * home_chance(distance + 2, turns_left - 1)
    } else {
        0.0
    };
    (banked + potential) * POINT
}

/// `me`'s view of a position at the end of a turn, with `to_move` about to roll: the static
/// value and `to_move`'s chance of killing the other's mission ninja.
fn evaluate_turn(board: &Board, position: &Position, me: Seat, to_move: Seat) -> f64 {
    let value = evaluate(board, position, me);
    if decided(position).is_some() {
        return value;
    }
    // The player to roll threatens now; the other threatens after, if its target stays put.
    let threat = |attacker: Seat| kill_chance(board, position, attacker);
    let other = 1 - to_move;
    let swing = threat(to_move) - LATER * threat(other);
    if to_move == me {
        value + swing
    } else {
        value - swing
    }
}

/// `me`'s view of a position at the end of a turn.
fn evaluate(board: &Board, position: &Position, me: Seat) -> f64 {
    match decided(position) {
        Some(w) if w == me => return DECIDED + f64::from(position.score[me]),
        Some(_) => return -DECIDED,
        None => {}
    }
    let side = |s: Seat| {
        let mut v = f64::from(position.score[s]) * POINT + position.ninjas(s) as f64 * NINJA;
        if let Some(m) = position.missions[s] {
            let turns_left = MISSION_TURNS + 1 - m.turn;
            let p = home_chance(board.distance_home(s, m.square), turns_left);
            v += mission_value(board, position, s) - (1.0 - p) * NINJA;
        }
        // Points near the target are worth more: they close the game.
        v + f64::from(position.score[s].min(TARGET)).powi(2) * 0.5
    };
    side(me) - side(1 - me)
}

/// The chance of crossing `distance` rows home within `turns` rolls of 2d4, always moving the
/// mission ninja straight home (blocking ignored). Read from a table: the evaluation asks it
/// for every move the search scores.
fn home_chance(distance: u8, turns: u8) -> f64 {
    static TABLE: LazyLock<Vec<[f64; HOME_TURNS]>> = LazyLock::new(|| {
        let mut table = vec![[0.0; HOME_TURNS]; HOME_ROWS];
        for turns in 0..HOME_TURNS {
            for distance in 0..HOME_ROWS {
                table[distance][turns] = if distance == 0 {
                    1.0
                } else if turns == 0 {
                    0.0
                } else {
                    TOTALS
                        .iter()
                        .map(|&(steps, weight)| {
                            weight * distance.checked_sub(steps).map_or(1.0, |d| table[d][turns - 1])
                        })
                        .sum::<f64>()
                        / 16.0
                };
            }
        }
        table
    });
    let (distance, turns) = (usize::from(distance), usize::from(turns));
    // Out of the table: farther than eight rows a turn, or more turns than a mission has.
    if distance >= HOME_ROWS || turns >= HOME_TURNS {
        return f64::from(u8::from(distance == 0));
    }
    TABLE[distance][turns]
}

/// Rows and turns [`home_chance`] tabulates: a mission has at most `MISSION_TURNS`, and no roll
/// crosses more than 8 rows.
const HOME_TURNS: usize = MISSION_TURNS as usize + 2;
const HOME_ROWS: usize = 8 * HOME_TURNS + 1;
