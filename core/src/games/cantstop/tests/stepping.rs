//! The moves the game offers and its busts, against the rules read literally: runners stepped
//! sum by sum.

use super::*;

/// The moves of a roll as rules §4.3 reads: step the runners sum by sum, asking `blocked`
/// each time, the way the rules read (what `pairing_moves` and `allows` shortcut).
fn moves_by_stepping(game: &CantStop, dice: [u8; 4]) -> Vec<Move> {
    let usable = |r: &Runners, s| game.blocked(r, placed(r), s).is_none();
    let mut moves = vec![];
    for (x, y) in pairings(dice) {
        let (a, b) = (x.min(y), x.max(y));
        let mut runners = game.runners;
        let mut found = vec![];
        if usable(&runners, a) {
            game.advance(&mut runners, a);
            if usable(&runners, b) {
                found.push(Move::Both(a, b));
            }
        }
        if found.is_empty() {
            found.extend(
                [a, b]
                    .into_iter()
                    .filter(|&s| usable(&game.runners, s))
                    .map(Move::One),
            );
        }
        for mv in found {
            if !moves.contains(&mv) {
                moves.push(mv);
            }
        }
    }
    moves
}

/// Listing and checking moves per pairing agrees with stepping the runners, for every roll, in
/// the positions of random games of every size, with and without the marker limit.
#[test]
fn listed_and_allowed_moves_agree_with_stepping_the_runners() {
    let mut positions = 0;
    for (seed, players, marker_limit) in [(3, 1, false), (4, 2, true), (5, 3, true), (6, 4, true)] {
        let mut dice = crate::engine::SeededDice::new(seed);
        let options = Options { marker_limit };
        let mut game = CantStop::new(&options, players, &mut dice).expect("setup");
        while game.outcome().is_none() {
            if game.phase() == Phase::Choosing {
                for n in 0..ROLLS {
                    let d = std::array::from_fn(|k| (n / 6u32.pow(k as u32) % 6 + 1) as u8);
                    let listed = game.moves_for_roll(d);
                    assert_eq!(listed, moves_by_stepping(&game, d), "{d:?} in {game:?}");
                    for (x, y) in pairings(d) {
                        for mv in [Move::both(x, y), Move::One(x), Move::One(y)] {
                            assert_eq!(game.allows(d, mv), listed.contains(&mv), "{mv:?} {d:?}");
                        }
                    }
                }
                positions += 1;
            }
            let seat = game.active();
            let legal = game.legal_actions(seat);
            let action = legal[crate::engine::bot::pick_index(legal.len(), &mut dice)];
            game.apply(seat, &action, &mut dice).expect("a legal action");
        }
    }
    assert!(positions > 100, "only {positions} positions checked");
}

/// The quick bust test (single sums only) agrees with listing the moves, for every roll, in
/// positions with runners from a random game (marker limit on, so that block is reached too).
#[test]
fn a_roll_busts_exactly_when_it_offers_no_move() {
    let mut dice = crate::engine::SeededDice::new(7);
    let options = Options { marker_limit: true };
    let mut game = CantStop::new(&options, 2, &mut dice).expect("setup");
    let mut positions = 0;
    while game.outcome().is_none() {
        if game.phase() == Phase::Choosing {
            for n in 0..ROLLS {
                let d = std::array::from_fn(|k| (n / 6u32.pow(k as u32) % 6 + 1) as u8);
                assert_eq!(
                    game.busts(d),
                    game.moves_for_roll(d).is_empty(),
                    "{d:?} in {game:?}"
                );
            }
            positions += 1;
        }
        let seat = game.active();
        let legal = game.legal_actions(seat);
        let action = legal[crate::engine::bot::pick_index(legal.len(), &mut dice)];
        game.apply(seat, &action, &mut dice).expect("a legal action");
    }
    assert!(positions > 20, "only {positions} positions checked");
}
