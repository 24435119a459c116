//! The strong player: a two-ply search. Its own chains are ranked by what they capture now net
//! of the stones they spend; the best `width` of them are played out (pieces scored, initial stone removed as the players
//! do), and each is answered by the opponent's best reply over all its chains, the opponent
//! first taking any corner stone. Leaves are scored as the race the game is: the score
//! difference, the stones left in hand (the player who runs out last plays alone at the end),
//! the tie going to P2, a player with no legal chain losing at once (with the die, the chance
//! of a roll that cannot be met), what I could capture on my next turn, and a finished game by
//! its result. Weights were tuned in self-play with random openings.

use super::super::board::Position;
use super::super::{Chain, P2, Shortfall, Stones};
use super::turn::{stuck_chance, turn};
use crate::engine::Seat;

#[derive(Clone, Copy, Debug)]
pub struct Params {
    /// How many of its own chains (best captures first) are searched against a reply.
    pub width: usize,
    /// Worth of a stone in hand more than the opponent, in points.
    pub hand: f64,
    /// Worth of a point I could capture on my next turn after the opponent's best answer.
    pub threat: f64,
    /// With the die, the turns a decision plays out in the tree search (`search`) instead
    /// (0: this search with the die too).
    pub turns: u32,
}

impl Default for Params {
    fn default() -> Self {
        Self {
            width: 40,
            hand: 1.0,
            threat: 0.3,
            turns: TURNS,
        }
    }
}

/// With the die, the turns a decision plays out (in the tree and out of it): within 50 ms at
/// the 99th percentile on a shared 2-core machine (see README's figures).
pub const TURNS: u32 = 60_000;

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

/// The most `me` could capture on a turn starting here.
fn threat(pos: Option<&Position>, me: Seat) -> f64 {
    let Some(pos) = pos else {
        return 0.0;
    };
    let mut start = pos.clone();
    start.take_all(me);
    let mut most = 0;
    start.walk(me, 1..=6, |_, jumped, _| {
        most = most.max(start.value(jumped));
        true
    });
    f64::from(most)
}

/// The value for `me` of the opponent's best answer to `pos` (their turn next, or mine again
/// when their hand is empty). With the die, the answer is averaged over the opponent's roll.
fn reply_value(pos: &Position, me: Seat, params: &Params, dice: Option<Shortfall>) -> f64 {
    let opp = 1 - me;
    if pos.hands[opp] == 0 {
        // Game over, or play-over: only I move on, where a roll I cannot meet still loses.
        let stuck = stuck_chance(pos, me, dice);
        return (1.0 - stuck) * evaluate(pos, me, params) - stuck * WIN;
    }
    let mut start = pos.clone();
    start.take_all(opp);
    // With the die, a roll I cannot meet loses, so every reply is checked for that.
    let fragile =
        dice == Some(Shortfall::Lose) || start.initial[me] || start.origin_mask(me).count_ones() <= 3;
    // The opponent's best answer (lowest value for me) by length, with the position it leaves.
    let mut best = [f64::INFINITY; 7];
    let mut leaves: [Option<Position>; 7] = Default::default();
    start.walk(opp, 1..=6, |chain, jumped, _| {
        let k = chain.len();
        // A reply that captures nothing and cannot strand me is no better than the first such.
        if start.value(jumped) == 0 && !fragile && best[k].is_finite() {
            return true;
        }
        let after = turn(&start, opp, chain, dice);
        let stuck = if fragile {
            stuck_chance(&after, me, dice)
        } else {
            0.0
        };
        let value = (1.0 - stuck) * evaluate(&after, me, params) - stuck * WIN;
        if value < best[k] {
            best[k] = value;
            leaves[k] = Some(after);
        }
        true
    });
    let hand = usize::from(start.hands[opp]);
    let answer = |r: usize| -> f64 {
        let lengths = match dice {
            None => 1..=r.min(hand).min(6),
            Some(Shortfall::Lose) => r.min(hand)..=r.min(hand),
            // The longest chain up to the roll.
            Some(Shortfall::MaxPossible) => {
                let k = (1..=r.min(hand))
                    .rev()
                    .find(|&k| best[k].is_finite())
                    .unwrap_or(1);
                k..=k
            }
        };
        match lengths
            .filter(|&k| best[k].is_finite())
            .min_by(|&a, &b| best[a].total_cmp(&best[b]))
        {
            Some(k) => best[k] + params.threat * threat(leaves[k].as_ref(), me),
            None => WIN,
        }
    };
    match dice {
        None => answer(6),
        Some(_) => (1..=6).map(answer).sum::<f64>() / 6.0,
    }
}

/// Every legal chain of the active player with what it captures now, most points first,
/// among equals fewer stones, then the enumeration order.
pub(super) fn ranked(game: &Stones) -> Vec<(u32, usize, Chain)> {
    let pos = game.position();
    let mut ranked: Vec<(u32, usize, Chain)> = vec![];
    pos.walk(game.active(), game.lengths(), |chain, jumped, _| {
        ranked.push((pos.value(jumped), chain.len(), chain));
        true
    });
    ranked.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    ranked
}

/// The chain `params` prefers among the legal `chains` of the active player.
pub fn choose(game: &Stones, chains: &[Chain], params: &Params) -> Chain {
    let me = game.active();
    let pos = game.position();
    let dice = game.options().dice.then_some(game.options().dice_shortfall);
    let mut candidates = ranked(game);
    // What a chain gains now, net of the stones it spends (a stable sort keeps the order).
    let worth = |&(points, len, _): &(u32, usize, Chain)| f64::from(points) - params.hand * len as f64;
    candidates.sort_by(|a, b| worth(b).total_cmp(&worth(a)));
    let mut best = (f64::NEG_INFINITY, chains[0]);
    for &(_, _, chain) in candidates.iter().take(params.width.max(1)) {
        let after = turn(pos, me, chain, dice);
        let value = reply_value(&after, me, params, dice);
        if value > best.0 {
            best = (value, chain);
        }
    }
    best.1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, SeededDice};
    use crate::games::stones::{Options, Piece};

    /// With the die, a player who plays on alone (the opponent's hand is empty) still loses to a
    /// roll it cannot meet: the position is worth that risk, not only its race.
    #[test]
    fn playing_on_alone_still_counts_the_rolls_that_strand_me() {
        let options = Options {
            dice: true,
            dice_shortfall: Shortfall::Lose,
        };
        let game = Stones::new(&options, 2, &mut SeededDice::new(1)).expect("setup");
        let mut pos = game.position().clone();
        pos.hands = [6, 0];
        let params = Params::default();
        let dice = Some(Shortfall::Lose);
        // From a1 every length can be placed: the race alone.
        let free = reply_value(&pos, 0, &params, dice);
        assert_eq!(free, evaluate(&pos, 0, &params));
        // My own stones on a2 and b1 close my initial stone's only exits: every roll strands me.
        pos.board[7] = Piece::Stone(0);
        pos.board[1] = Piece::Stone(0);
        assert_eq!(stuck_chance(&pos, 0, dice), 1.0);
        assert_eq!(reply_value(&pos, 0, &params, dice), -WIN);
        assert!(evaluate(&pos, 0, &params) > 0.0, "ahead in the race");
    }
}
