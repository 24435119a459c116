//! A whole turn as every level plays it, in the search and the rules' board alike: the chain,
//! its captures scored, and the initial stone removed once another stone of one's own can
//! start a chain. With the die, a stone placed next to enemy stones can be jumped; if the
//! opponent's next roll could jump every placed stone, a player without its initial stone has
//! no origin and loses at once. So with the die the initial stone stays while that sweep is
//! likelier than keeping it strands its owner (its two exits are its only way out).

use super::super::board::Position;
use super::super::{Chain, Shortfall};
use crate::engine::Seat;

/// `seat`'s turn: `chain` played, its captures scored, the initial stone removed or kept by
/// [`removes`].
pub(super) fn turn(pos: &Position, seat: Seat, chain: Chain, dice: Option<Shortfall>) -> Position {
    let mut next = pos.clone();
    let jumped = next.play(seat, chain);
    next.settle(seat, jumped);
    if removes(&next, seat, dice) {
        next.remove_initial(seat);
    }
    next
}

/// Does `seat` remove its initial stone at the end of its turn here (captures settled)?
pub(super) fn removes(pos: &Position, seat: Seat, dice: Option<Shortfall>) -> bool {
    if !pos.initial[seat] || !pos.stone_can_start(seat) {
        return false;
    }
    if dice.is_none() {
        return true;
    }
    let mut removed = pos.clone();
    removed.remove_initial(seat);
    let sweep = sweep_chance(&removed, seat, dice);
    sweep == 0.0 || stuck_chance(pos, seat, dice) >= sweep
}

/// The chance that the opponent's next turn leaves `me` no stone on the board (each jumped
/// or taken from a neutral corner), over the opponent's roll.
fn sweep_chance(pos: &Position, me: Seat, dice: Option<Shortfall>) -> f64 {
    let lengths = pos.sweeping_lengths(1 - me);
    match dice {
        None => f64::from(u8::from(lengths != 0)),
        Some(_) => roll_chance(lengths, pos.hands[1 - me]),
    }
}

/// The chance that `seat` has no legal chain when its turn starts here (corner takes
/// assumed): with the die, over the six rolls; without, 0 or 1.
pub(super) fn stuck_chance(pos: &Position, seat: Seat, dice: Option<Shortfall>) -> f64 {
    if pos.hands[seat] == 0 {
        return 0.0;
    }
    let mut freed = pos.clone();
    freed.take_all(seat);
    match dice {
        Some(Shortfall::Lose) => 1.0 - roll_chance(freed.lengths_available(seat), pos.hands[seat]),
        _ => f64::from(u8::from(!freed.has_chain(seat, 1..=1))),
    }
}

/// The chance that a roll's requirement (the roll, at most `hand`) is one of `lengths` (bit k:
/// length k).
fn roll_chance(lengths: u8, hand: u8) -> f64 {
    (1..=6u8).filter(|&r| lengths & 1 << r.min(hand) != 0).count() as f64 / 6.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stones::board::{Piece, parse_cell};

    fn cell(name: &str) -> usize {
        usize::from(parse_cell(name).expect("a cell"))
    }

    /// P1 has just placed b1 from a1; P2 (initial stone gone) has a stone on `p2`.
    fn after_b1(p2: &str) -> Position {
        let mut pos = Position::start();
        pos.board[cell("b1")] = Piece::Stone(0);
        pos.hands[0] -= 1;
        pos.board[cell("g7")] = Piece::Empty;
        pos.initial[1] = false;
        pos.board[cell(p2)] = Piece::Stone(1);
        pos
    }

    /// With the die, b1 alone is swept by P2's `c1 W` (landing on the emptied a1), while the
    /// kept initial stone still has a1 N for every roll: it stays. It goes when keeping it
    /// strands P1 for sure, when P2's stone is out of reach or can take only part, and
    /// without the die, as every level played.
    #[test]
    fn with_the_die_the_initial_stone_stays_while_the_placed_stones_could_be_swept() {
        let dice = Some(Shortfall::Lose);
        let threatened = after_b1("c1");
        assert_eq!(stuck_chance(&threatened, 0, dice), 0.0);
        let mut removed = threatened.clone();
        removed.remove_initial(0);
        assert!(sweep_chance(&removed, 0, dice) > 0.0);
        assert!(!removes(&threatened, 0, dice));
        assert!(removes(&threatened, 0, None));
        // Kept, the initial stone could not move at all (a2 and b1 are its exits): it goes.
        let mut cornered = threatened.clone();
        cornered.board[cell("a2")] = Piece::Stone(0);
        assert!(removes(&cornered, 0, dice));
        let safe = after_b1("e7");
        assert!(removes(&safe, 0, dice));
        // With one stone in P2's hand, b1 can go but b2 would stay: no sweep.
        let mut partial = threatened;
        partial.board[cell("b2")] = Piece::Stone(0);
        partial.hands[1] = 1;
        assert!(removes(&partial, 0, dice));
    }
}
