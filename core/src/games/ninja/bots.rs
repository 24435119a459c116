//! Ninja Versus Ninja players. All three score positions with one evaluation: points, ninjas,
//! each mission's chance of coming home in the turns it has left (an exact recursion over 2d4
//! that ignores blocking) and what it would score. Easy looks one move ahead and often plays a
//! random move; normal looks one move ahead and also weighs the opponent's kill chances on the
//! next roll; strong is an expectimax over the opponent's seven 2d4 totals and its best reply.

use super::board::{Board, Sq};
use super::{Action, MISSION_TURNS, Move, Ninja, Position, TARGET};
use crate::engine::bot::{Bot, Level, RandomBot, pick_index};
use crate::engine::{AnyGame, Dice, Game, Seat};

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
/// A won or lost game.
const DECIDED: f64 = 10_000.0;

pub fn bot(level: Level) -> Box<dyn Bot> {
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
        let chosen = match self.0 {
            Level::Easy if rng.roll(3) == 1 => moves[pick_index(moves.len(), rng)],
            Level::Easy => best(&moves, |mv| evaluate(board, &after(position, me, mv), me)),
            Level::Normal => best(&moves, |mv| {
                let next = after(position, me, mv);
                evaluate(board, &next, me) - threat(board, &next, me)
            }),
            Level::Strong => best(&moves, |mv| expectimax(board, position, me, mv)),
        };
        game.action_of(&chosen)
    }
}

impl Bot for NinjaBot {
    fn choose(&self, game: &dyn AnyGame, seat: Seat, rng: &mut dyn Dice) -> String {
        match game
            .as_any()
            .downcast_ref::<Ninja>()
            .filter(|g| g.active() == seat && !g.is_over())
        {
            Some(g) => self.action(g, rng).to_string(),
            None => RandomBot.choose(game, seat, rng),
        }
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

/// `me`'s move `mv`, then the opponent's roll and its best reply for it, averaged over 2d4.
fn expectimax(board: &Board, position: &Position, me: Seat, mv: &Move) -> f64 {
    let next = after(position, me, mv);
    if decided(&next).is_some() {
        return evaluate(board, &next, me);
    }
    let enemy = 1 - me;
    let mut total = 0.0;
    for (steps, weight) in TOTALS {
        let replies = next.moves(board, enemy, steps);
        let value = if replies.is_empty() {
            let mut passed = next.clone();
            passed.clock(enemy);
            evaluate(board, &passed, me)
        } else {
            replies
                .iter()
                .map(|reply| evaluate(board, &after(&next, enemy, reply), me))
                .fold(f64::INFINITY, f64::min)
        };
        total += weight * value;
    }
    total / 16.0
}

/// How much `me` stands to lose to the opponent's next roll: for each total, its best kill of
/// one of `me`'s ninjas, valued as that ninja's worth.
fn threat(board: &Board, position: &Position, me: Seat) -> f64 {
    if decided(position).is_some() {
        return 0.0;
    }
    let enemy = 1 - me;
    let mut total = 0.0;
    for (steps, weight) in TOTALS {
        let loss = position
            .moves(board, enemy, steps)
            .iter()
            .filter(|m| m.kills)
            .map(|m| ninja_worth(board, position, me, m.to))
            .fold(0.0, f64::max);
        total += weight * loss;
    }
    total / 16.0
}

/// A ninja's worth to its owner: a mission ninja carries its expected points home.
fn ninja_worth(board: &Board, position: &Position, seat: Seat, sq: Sq) -> f64 {
    match position.missions[seat] {
        Some(m) if m.square == sq => NINJA + mission_value(board, position, seat),
        _ => NINJA,
    }
}

/// The expected points of `seat`'s mission, weighed by its chance of coming home.
fn mission_value(board: &Board, position: &Position, seat: Seat) -> f64 {
    let Some(m) = position.missions[seat] else {
        return 0.0;
    };
    let turns_left = MISSION_TURNS + 1 - m.turn;
    let p = home_chance(board.distance_home(seat, m.square), turns_left);
    // A mission that can still go deeper is worth a little more than its shadow.
    let deeper = if turns_left > 1 && m.shadow < board.dojo_depth {
        0.3
    } else {
        0.0
    };
    p * (f64::from(board.points_for(m.shadow)) + deeper) * POINT
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
/// mission ninja straight home (blocking ignored).
fn home_chance(distance: u8, turns: u8) -> f64 {
    if distance == 0 {
        return 1.0;
    }
    if turns == 0 {
        return 0.0;
    }
    TOTALS
        .iter()
        .map(|&(steps, weight)| {
            let p = if steps >= usize::from(distance) {
                1.0
            } else {
                home_chance(distance - steps as u8, turns - 1)
            };
            weight * p
        })
        .sum::<f64>()
        / 16.0
}

/// Plays a whole game between two levels from `seed` through the engine's driver: the winner.
pub fn play_out(levels: [Level; 2], seed: u64) -> Option<Seat> {
    use crate::engine::{SeededDice, driver};
    let mut dice = SeededDice::new(seed);
    let mut chance = SeededDice::new(seed ^ 0x5EED_B075);
    let mut game = Ninja::new(&super::Options::default(), 2, &mut dice).ok()?;
    let bots = [NinjaBot(levels[0]), NinjaBot(levels[1])];
    let outcome = driver::play(
        &mut game,
        &mut dice,
        100_000,
        |g: &Ninja, seat| bots[seat].action(g, &mut chance),
        |_, _, _, _| {},
    )
    .ok()?;
    match outcome {
        crate::engine::Outcome::Won { winners } => winners.first().copied(),
        _ => None,
    }
}
