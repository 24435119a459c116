//! Wise Man's Stones' own properties over random games (the engine's conformance suite covers
//! what every game shares): pieces are conserved and each capture scores once, and the chains
//! the step controls offer are exactly the legal chains, checked against a brute force over
//! every direction sequence.

use super::*;
use crate::engine::conformance::{Playout, Profile, conformance};
use crate::engine::view::{Row, Target};
use crate::engine::{Locale, Tr};
use board::{CELLS, HAND, MAX_CHAIN};
use proptest::prelude::*;
use std::collections::BTreeSet;

conformance!(
    Stones,
    Profile {
        options: vec![
            options_json(true, false),
            options_json(true, true),
            options_json(false, true)
        ],
        candidates,
        resign_one_in: 250,
        ..Profile::new(24)
    }
);

fn options_json(dice: bool, max_possible: bool) -> serde_json::Value {
    serde_json::json!({
        "dice": dice,
        "dice_shortfall": if max_possible { "max_possible" } else { "lose" },
    })
}

/// Random legal play, now and then a resignation.
fn playout(seed: u64, dice: bool, max_possible: bool) -> Playout<Stones> {
    Playout::random(&options_json(dice, max_possible), 2, seed, 250)
}

/// Chains from a spread of cells, takes and ends, legal or not.
fn candidates(_: &Stones) -> Vec<Action> {
    let mut all = vec![];
    for cell in (0..CELLS as u8).step_by(3) {
        let dirs: Vec<Dir> = (0..usize::from(cell % 5))
            .map(|i| Dir::ALL[(usize::from(cell) + i) % 4])
            .collect();
        all.push(Action::Place(Chain::new(cell, &dirs)));
        all.extend(format!("take {}", cell_name(cell)).parse());
    }
    all.extend(["end", "end remove"].iter().flat_map(|id| id.parse::<Action>()));
    all
}

fn count(game: &Stones, piece: Piece) -> usize {
    game.pos.board.iter().filter(|&&p| p == piece).count()
}

/// Pieces on the board + in hand + captured (+ a removed initial stone) = what the game started
/// with, and each score is exactly its captures' worth.
fn check_conservation(game: &Stones) {
    let pos = &game.pos;
    assert_eq!(
        count(game, Piece::Jewel) + usize::from(pos.jewels_won[0] + pos.jewels_won[1]),
        12
    );
    for seat in 0..2 {
        let on_board = count(game, Piece::Stone(seat as u8)) + count(game, Piece::Initial(seat as u8));
        let removed = usize::from(!pos.initial[seat]);
        let captured = usize::from(pos.stones_won[1 - seat]);
        assert_eq!(
            on_board + usize::from(pos.hands[seat]) + captured + removed,
            usize::from(HAND) + 1,
            "seat {seat}"
        );
        assert_eq!(
            pos.scores[seat],
            2 * u32::from(pos.jewels_won[seat]) + u32::from(pos.stones_won[seat]),
            "seat {seat}'s score is its captures"
        );
        assert_eq!(
            pos.initial[seat],
            pos.board[usize::from(board::HOME[seat])] == Piece::Initial(seat as u8)
        );
    }
    assert_eq!(count(game, Piece::Blank), 9);
}

/// Every legal chain by brute force: every origin cell, every direction sequence up to six,
/// each checked by the rules' own validation.
fn brute_force_chains(game: &Stones) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for origin in 0..CELLS as u8 {
        for len in 1..=MAX_CHAIN {
            for code in 0..4usize.pow(len as u32) {
                let dirs: Vec<Dir> = (0..len).map(|i| Dir::ALL[code >> (2 * i) & 3]).collect();
                let action = Action::Place(Chain::new(origin, &dirs));
                if game.check_place(&action).is_some_and(|r| r.is_ok()) {
                    out.insert(action.to_string());
                }
            }
        }
    }
    out
}

/// Every chain the step controls lead to, following enabled buttons and select options from
/// the empty draft; every board on the way must fit Discord's limits.
fn chains_by_steps(game: &Stones) -> BTreeSet<String> {
    let names = vec!["ann".to_owned(), "ben".to_owned()];
    let tr = Tr::new(Locale::En, &names);
    let ja = Tr::new(Locale::Ja, &names);
    let mut out = BTreeSet::new();
    let mut todo = vec![String::new()];
    let mut seen = BTreeSet::new();
    while let Some(draft) = todo.pop() {
        if !seen.insert(draft.clone()) {
            continue;
        }
        let view = Game::view(game, None, &draft, &tr);
        view.check_limits()
            .unwrap_or_else(|e| panic!("draft `{draft}`: {e}"));
        Game::view(game, None, &draft, &ja)
            .check_limits()
            .unwrap_or_else(|e| panic!("draft `{draft}` in Japanese: {e}"));
        for row in &view.rows {
            let ids: Vec<&str> = match row {
                Row::Buttons { buttons } => buttons
                    .iter()
                    .filter(|b| !b.disabled)
                    .map(|b| b.id.as_str())
                    .collect(),
                Row::Select(s) => s.options.iter().map(|o| o.value.as_str()).collect(),
            };
            for id in ids {
                match Target::of(id) {
                    Target::Step(next) if next.len() > draft.len() => todo.push(next.to_owned()),
                    Target::Step(_) => {}
                    Target::Act(a) if a.starts_with("place ") => {
                        out.insert(a.to_owned());
                    }
                    Target::Act(_) => {}
                }
            }
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn random_games_conserve_pieces_and_score_each_capture_once(seed in any::<u64>(), dice in any::<bool>(), max in any::<bool>()) {
        let p = playout(seed, dice, max);
        let last = p.states.last().expect("states");
        prop_assert!(Game::outcome(last).is_some());
        for state in &p.states {
            check_conservation(state);
        }
        // A turn's end scores exactly its pending pieces, once.
        for (entry, pair) in p.log.iter().zip(p.states.windows(2)) {
            let (a, b) = (&pair[0], &pair[1]);
            if entry.action.starts_with("end") {
                let me = a.active;
                let captures = |s: &Stones| usize::from(s.pos.stones_won[me] + s.pos.jewels_won[me]);
                prop_assert_eq!(b.pos.scores[me] - a.pos.scores[me], a.pos.value(a.turn.captured));
                prop_assert_eq!(captures(b) - captures(a), board::bits(a.turn.captured).count());
                prop_assert!(board::bits(a.turn.captured).all(|c| b.pos.board[usize::from(c)] == Piece::Empty));
            }
        }
    }
}

/// The step controls offer exactly the legal chains, which are exactly what a brute force over
/// every direction sequence accepts; every draft's board fits Discord's limits.
#[test]
fn the_chains_offered_step_by_step_are_exactly_the_legal_chains() {
    let mut checked = 0;
    for seed in 0..6u64 {
        let p = playout(seed, seed % 3 == 1, seed % 3 == 2);
        let places: Vec<&Stones> = p.states.iter().filter(|s| s.phase == Phase::Place).collect();
        for state in places.iter().step_by(places.len().div_ceil(3).max(1)) {
            let legal: BTreeSet<String> = state
                .legal_chains()
                .iter()
                .map(|c| Action::Place(*c).to_string())
                .collect();
            assert_eq!(brute_force_chains(state), legal, "seed {seed}");
            assert_eq!(chains_by_steps(state), legal, "seed {seed}");
            checked += 1;
        }
    }
    assert!(checked >= 12, "{checked}");
}
