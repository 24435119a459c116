//! Ninja's own properties over random games (the engine's conformance suite covers what every
//! game shares): legal play keeps the §5 invariant, the options are exactly the destinations a
//! brute force over every step sequence finds, and the step controls reach every legal move.

use super::board::Dir;
use super::*;
use crate::engine::SeededDice;
use crate::engine::bot::pick_index;
use crate::engine::conformance::{Playout, Profile, conformance};
use crate::engine::{Locale, Tr};
use proptest::prelude::*;
use std::collections::BTreeSet;

conformance!(
    Ninja,
    Profile {
        options: (1..4).map(board_options).collect(),
        candidates: candidate_actions,
        unlisted: by_label,
        // The tallest boards the options allow.
        most: crate::engine::testing::Budget {
            lines: 48,
            ..suite::MOST
        },
        ..Profile::new(12)
    }
);

/// A few boards: the default and smaller or wider ones with their own starts.
fn board_options(variant: u8) -> serde_json::Value {
    match variant % 4 {
        0 => serde_json::json!({}),
        1 => {
            serde_json::json!({"width": 4, "dojo_depth": 2, "neutral_depth": 1, "black_start": "a1 b1 c2 d2",
            "points_by_depth": [1, 3]})
        }
        2 => serde_json::json!({"width": 9, "dojo_depth": 8, "neutral_depth": 9,
            "black_start": "a1 b1 c1 d1 e1 f1 g1 h1 i1 a2 i2", "points_by_depth": [1, 2, 3, 4, 5, 6, 7, 8]}),
        _ => serde_json::json!({"neutral_depth": 0, "red_start": "a8 f8 c6"}),
    }
}

fn playout(seed: u64, variant: u8) -> Playout<Ninja> {
    Playout::random(&board_options(variant), 2, seed, 1000)
}

/// Every legal (origin, destination) by brute force: all 4^n sequences of single steps, each
/// classified by its runs of equal directions into the shapes of §4, checked as §4's pseudocode says.
fn brute_force(game: &Ninja) -> BTreeSet<(Sq, Sq)> {
    let board = game.board();
    let position = game.position();
    let me = game.active();
    let n = game.steps().expect("dice down");
    let forward = board::Dir::forward(me);
    let back = forward.opposite();
    let mission = position.missions[me];
    let mut out = BTreeSet::new();
    for k in position.squares_of(me) {
        let may_leave = mission.is_none_or(|m| m.square == k);
        let may_reverse = mission.is_none_or(|m| m.square == k && !m.reversal_used);
        'seq: for code in 0..4usize.pow(n as u32) {
            let dirs: Vec<Dir> = (0..n)
                .map(|i| Dir::ALL[code / 4usize.pow(i as u32) % 4])
                .collect();
            let mut runs: Vec<(Dir, usize)> = vec![];
            for &d in &dirs {
                match runs.last_mut() {
                    Some((last, len)) if *last == d => *len += 1,
                    _ => runs.push((d, 1)),
                }
            }
            let perpendicular = |a: Dir, b: Dir| a.perpendicular().contains(&b);
            let turning_run = match runs[..] {
                [_] => None,
                [(a, _), (b, _)] if perpendicular(a, b) => None,
                [(a, _), (b, _)] if a == forward && b == back => Some(0),
                [(a, _), (b, _), (c, _)] if a == forward && b == back && perpendicular(a, c) => Some(0),
                [(c, _), (a, _), (b, _)] if a == forward && b == back && perpendicular(a, c) => Some(1),
                _ => continue,
            };
            let mut path = vec![];
            let mut at = k;
            for &d in &dirs {
                match board.step(at, d) {
                    Some(next) => at = next,
                    None => continue 'seq,
                }
                path.push(at);
            }
            let to = *path.last().expect("n ≥ 2");
            if path[..n - 1].iter().any(|&s| s != k && position.at(s).is_some()) {
                continue;
            }
            if to != k && position.at(to) == Some(me) {
                continue;
            }
            if let Some(r) = turning_run {
                let turning = path[runs[..=r].iter().map(|(_, len)| len).sum::<usize>() - 1];
                if !may_reverse || board.depth(me, turning) == 0 {
                    continue;
                }
            }
            if !may_leave && path.iter().any(|&s| !board.in_dojo(me, s)) {
                continue;
            }
            out.insert((k, to));
        }
    }
    out
}

fn check_invariant(game: &Ninja) {
    assert!(
        game.position().invariant_holds(game.board()),
        "§5 invariant broken:\n{game:?}"
    );
    for seat in [BLACK, RED] {
        assert!(game.position().score[seat] < TARGET || Game::outcome(game).is_some());
        if let Some(m) = game.position().missions[seat] {
            assert!((1..=MISSION_TURNS).contains(&m.turn));
            assert!(m.shadow <= game.board().dojo_depth);
        }
    }
    if !game.is_over() && game.dice().is_some() {
        assert!(
            !game.legal_moves().is_empty(),
            "a roll without options passes at once"
        );
    }
}

/// Every legal move is reachable through the public board's steps, in both languages.
fn check_steps_reach_every_move(game: &Ninja) {
    if game.dice().is_none() || game.is_over() {
        return;
    }
    let names = vec!["ann".to_owned(), "ben".to_owned()];
    for locale in Locale::ALL {
        let tr = Tr::new(locale, &names);
        let mut drafts = vec![String::new()];
        let mut seen = BTreeSet::new();
        let mut reachable = 0;
        while let Some(draft) = drafts.pop() {
            if !seen.insert(draft.clone()) {
                continue;
            }
            for id in Game::view(game, None, &draft, &tr)
                .rows
                .iter()
                .flat_map(|r| r.ids())
            {
                if let Some(next) = id.strip_prefix('~') {
                    drafts.push(next.to_owned());
                }
                if !draft.is_empty() && id.contains('-') {
                    reachable += 1;
                }
            }
        }
        assert_eq!(reachable, game.legal_moves().len());
    }
}

/// Every action a seat could send here, legal or not.
fn candidate_actions(game: &Ninja) -> Vec<Action> {
    let board = game.board();
    let mut all = vec![
        Action::Roll,
        Action::Resign,
        Action::Label("A".into()),
        Action::Label("ZZ".into()),
    ];
    let squares: Vec<(u8, u8)> = (0..board.squares() as Sq)
        .map(|s| (board.col(s), board.row(s)))
        .collect();
    let origins: Vec<(u8, u8)> = [BLACK, RED]
        .into_iter()
        .flat_map(|s| {
            game.position()
                .squares_of(s)
                .map(|q| (board.col(q), board.row(q)))
        })
        .chain([(0, board.rows + 1), (board.width, 1)])
        .collect();
    for &from in &origins {
        for &to in squares.iter().step_by(3).chain([(board.width, 2)].iter()) {
            all.push(Action::Move { from, to });
        }
    }
    all
}

/// A square's label is accepted from the seat to act when it names a legal move.
fn by_label(game: &Ninja, seat: Seat, action: &Action) -> bool {
    matches!(action, Action::Label(_)) && game.move_of(action).is_some() && seat == game.active()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn random_play_ends_and_keeps_the_invariant(seed in any::<u64>(), variant in 0u8..4) {
        let game = playout(seed, variant);
        for s in &game.states {
            check_invariant(s);
        }
        let last = game.states.last().expect("at least the start");
        prop_assert!(Game::outcome(last).is_some());
    }

    #[test]
    fn options_are_exactly_the_brute_force_destinations(seed in any::<u64>(), variant in 0u8..4) {
        let game = playout(seed, variant);
        let rolled = game.states.iter().filter(|s| s.dice().is_some() && !s.is_over());
        for s in rolled.step_by(5).take(8) {
            let moves = s.legal_moves();
            let listed: BTreeSet<(Sq, Sq)> = moves.iter().map(|m| (m.from, m.to)).collect();
            prop_assert_eq!(listed.len(), moves.len(), "one option per (origin, destination)");
            prop_assert_eq!(&listed, &brute_force(s));
            let keys: Vec<_> = moves.iter().map(|m| (board::order_key(s.board(), m.from), board::order_key(s.board(), m.to))).collect();
            prop_assert!(keys.windows(2).all(|w| w[0] < w[1]), "sorted by origin, then destination");
        }
    }

    #[test]
    fn the_steps_reach_every_legal_move(seed in any::<u64>(), variant in 0u8..4) {
        let game = playout(seed, variant);
        for s in game.states.iter().step_by(3).chain(game.states.last()) {
            check_steps_reach_every_move(s);
        }
    }
}

/// A random position on a board of `variant`: about one square in five holds a ninja of each
/// side, and each side maybe has a mission on one of its ninjas, whether or not play could
/// reach it (both generators must agree on any position).
fn random_position(game: &Ninja, rng: &mut SeededDice) -> Position {
    let board = game.board();
    let mut position = game.position().clone();
    for sq in 0..board.squares() as Sq {
        let seat = match rng.roll(10) {
            1 | 2 => Some(BLACK),
            3 | 4 => Some(RED),
            _ => None,
        };
        position.set(sq, seat);
    }
    for seat in [BLACK, RED] {
        let own: Vec<Sq> = position.squares_of(seat).collect();
        position.missions[seat] = (rng.roll(3) > 1 && !own.is_empty()).then(|| Mission {
            square: own[pick_index(own.len(), rng)],
            turn: rng.roll(MISSION_TURNS),
            shadow: rng.roll(board.dojo_depth + 1) - 1,
            reversal_used: rng.roll(2) == 1,
        });
    }
    position
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The path tables list and check moves exactly as walking every shape did: the same moves
    /// in the same order with the same effects, and the same refusal for every other pair.
    #[test]
    fn the_path_tables_agree_with_walking_the_shapes(seed in any::<u64>(), variant in 0u8..4) {
        let mut rng = SeededDice::new(seed);
        let options: Options = serde_json::from_value(board_options(variant)).expect("valid options");
        let game = Ninja::new(&options, 2, &mut rng).expect("valid setup");
        let board = game.board();
        let position = random_position(&game, &mut rng);
        for seat in [BLACK, RED] {
            for steps in 1..=board::MAX_STEPS + 1 {
                let listed = position.moves(board, seat, steps);
                prop_assert_eq!(&listed, &reference::moves(&position, board, seat, steps));
                prop_assert_eq!(position.has_move(board, seat, steps), !listed.is_empty());
            }
        }
        let seat = usize::from(rng.roll(2) - 1);
        let steps = usize::from(rng.roll(DIE) + rng.roll(DIE));
        let squares = 0..board.squares() as Sq;
        for from in squares.clone().filter(|&sq| position.at(sq).is_some() || rng.roll(8) == 1) {
            for to in squares.clone() {
                prop_assert_eq!(
                    position.check_move(board, seat, from, to, steps),
                    reference::check_move(&position, board, seat, from, to, steps),
                    "{} to {} with {}", board.name(from), board.name(to), steps
                );
            }
        }
    }
}
