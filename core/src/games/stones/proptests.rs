//! Property tests over random games: legal play ends without panicking, pieces are conserved
//! and each capture scores once, the log replays to the same state, refused actions change
//! nothing, the chains the step controls offer are exactly the legal chains (checked against a
//! brute force over every direction sequence), and every board for every reachable draft fits
//! Discord's limits.

use super::*;
use crate::engine::view::{Row, Target};
use crate::engine::{AnyGame, Locale, LoggedAction, Registered, Rules, SeededDice, Tr, driver, replay};
use board::{CELLS, HAND, MAX_CHAIN};
use proptest::prelude::*;
use std::cell::RefCell;
use std::collections::BTreeSet;
use std::rc::Rc;

/// Far above any real game: a turn is at most a chain, two takes and an end.
const MAX_ACTIONS: usize = 1_000;

/// A seeded source that remembers what each action drew, for the log.
struct Recorder {
    inner: SeededDice,
    drawn: Rc<RefCell<Vec<u8>>>,
}

impl Dice for Recorder {
    fn roll(&mut self, sides: u8) -> u8 {
        let v = self.inner.roll(sides);
        self.drawn.borrow_mut().push(v);
        v
    }
}

struct Playout {
    options: serde_json::Value,
    setup_dice: Vec<u8>,
    log: Vec<LoggedAction>,
    states: Vec<Stones>,
}

fn options_json(dice: bool, max_possible: bool) -> serde_json::Value {
    serde_json::json!({
        "dice": dice,
        "dice_shortfall": if max_possible { "max_possible" } else { "lose" },
    })
}

/// Random legal play through the engine's driver, now and then a resignation.
fn playout(seed: u64, dice: bool, max_possible: bool) -> Playout {
    let options = options_json(dice, max_possible);
    let drawn = Rc::new(RefCell::new(vec![]));
    let mut source = Recorder {
        inner: SeededDice::new(seed),
        drawn: drawn.clone(),
    };
    let typed = Options {
        dice,
        dice_shortfall: if max_possible {
            Shortfall::MaxPossible
        } else {
            Shortfall::Lose
        },
    };
    let mut game = Stones::new(&typed, 2, &mut source).expect("setup");
    let setup_dice = drawn.take();
    let mut chooser = SeededDice::new(seed ^ 0x5EED);
    let mut log = vec![];
    let mut states = vec![game.clone()];
    driver::play(
        &mut game,
        &mut source,
        MAX_ACTIONS,
        |g: &Stones, seat| {
            if chooser.roll(250) == 1 {
                return Action::Resign;
            }
            let legal = Game::legal_actions(g, seat);
            assert!(!legal.is_empty(), "the seat to act always has a legal action");
            legal[crate::engine::bot::pick_index(legal.len(), &mut chooser)].clone()
        },
        |g: &Stones, seat, action, _| {
            log.push(LoggedAction {
                seat,
                action: action.to_string(),
                dice: drawn.take(),
            });
            states.push(g.clone());
        },
    )
    .expect("random legal play ends");
    Playout {
        options,
        setup_dice,
        log,
        states,
    }
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
    fn random_games_end_conserve_pieces_and_replay(seed in any::<u64>(), dice in any::<bool>(), max in any::<bool>()) {
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
        let mut game = Registered::<Stones>::NEW
            .new_game(&p.options, 2, &mut crate::engine::ScriptedDice::new(p.setup_dice.clone()))
            .expect("setup");
        replay(game.as_mut(), &p.log).expect("the log replays");
        let replayed: &Stones = game.as_any().downcast_ref().expect("stones");
        prop_assert_eq!(replayed, last);
    }

    #[test]
    fn refused_actions_change_nothing(seed in any::<u64>(), picks in proptest::collection::vec((0usize..2, 0usize..49, proptest::collection::vec(0usize..4, 0..8), 0u8..6), 1..40)) {
        let p = playout(seed, seed % 2 == 0, false);
        for (i, (seat, cell, dirs, kind)) in picks.into_iter().enumerate() {
            let state = &p.states[i * 7 % p.states.len()];
            let dirs: Vec<Dir> = dirs.into_iter().map(|d| Dir::ALL[d]).collect();
            let id = match kind {
                0 => Action::Place(Chain::new(cell as u8, &dirs)).to_string(),
                1 => format!("take {}", cell_name(cell as u8)),
                2 => "end".to_owned(),
                3 => "end remove".to_owned(),
                4 => format!("place {} {}", cell_name(cell as u8), dirs.iter().map(|d| cell_name(d.from(cell as u8).unwrap_or(0))).collect::<Vec<_>>().join(" ")),
                _ => "place zz".to_owned(),
            };
            let mut after = state.clone();
            if AnyGame::apply(&mut after, seat, &id, &mut SeededDice::new(seed)).is_err() {
                prop_assert_eq!(&after, state, "{} refused yet changed the state", id);
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

/// Every board of a random game in both languages, and the timeout always makes progress.
#[test]
fn every_board_fits_and_the_timeout_is_always_legal() {
    let names = vec!["ann".to_owned(), "ben".to_owned()];
    for seed in 0..4u64 {
        let p = playout(seed + 100, seed % 2 == 1, false);
        for state in &p.states {
            for locale in Locale::ALL {
                let view = Game::view(state, None, "", &Tr::new(locale, &names));
                view.check_limits().unwrap_or_else(|e| panic!("{e}"));
            }
            if Game::outcome(state).is_none() {
                let seat = state.active();
                let timeout = Game::timeout_action(state, seat).expect("a timeout action");
                let mut after = state.clone();
                Game::apply(&mut after, seat, &timeout, &mut SeededDice::new(seed)).expect("legal");
                assert_ne!(&after, state);
            }
        }
    }
}
