//! The worked examples of the rules page (§8), every rejection of §6, the board options (§2),
//! labels, and snapshots of the board. Positions follow §8's convention: a listed ninja replaces
//! its side's start ninja in the same column, unless the position is "only" the listed ninjas.

use super::*;
use crate::engine::{Locale, ScriptedDice, text};

/// Opening dice that make Black move first (3+3 against 1+1).
const BLACK_FIRST: [u8; 4] = [3, 3, 1, 1];

fn start() -> Ninja {
    let mut dice = ScriptedDice::new(BLACK_FIRST);
    let game = Ninja::new(&Options::default(), 2, &mut dice).expect("valid setup");
    assert_eq!(dice.remaining(), 0);
    game
}

fn sq(game: &Ninja, name: &str) -> Sq {
    game.board()
        .parse(name)
        .unwrap_or_else(|| panic!("{name} is a square"))
}

/// A position by §8's convention, `active` to move.
fn position(black: &[&str], red: &[&str], only: bool, active: Seat) -> Ninja {
    let mut game = Ninja::with_position(Options::default(), start().position().clone(), active);
    for (seat, listed) in [(BLACK, black), (RED, red)] {
        let squares: Vec<Sq> = listed.iter().map(|n| sq(&game, n)).collect();
        let board = game.board().clone();
        let pos = game.position_mut();
        let own: Vec<Sq> = pos.squares_of(seat).collect();
        for s in own {
            if only || squares.iter().any(|&l| board.col(l) == board.col(s)) {
                pos.set(s, None);
            }
        }
        for s in squares {
            pos.set(s, Some(seat));
        }
    }
    game
}

fn mission(game: &mut Ninja, seat: Seat, square: &str, turn: u8, shadow: u8, reversal_used: bool) {
    let square = sq(game, square);
    game.position_mut().missions[seat] = Some(Mission {
        square,
        turn,
        shadow,
        reversal_used,
    });
    assert!(game.position().invariant_holds(game.board()));
}

fn apply(game: &mut Ninja, seat: Seat, action: &str, dice: &[u8]) -> Vec<Msg> {
    let action: Action = action
        .parse()
        .unwrap_or_else(|_| panic!("`{action}` is an action id"));
    let mut dice = ScriptedDice::new(dice.iter().copied());
    let lines = game
        .apply(seat, &action, &mut dice)
        .unwrap_or_else(|e| panic!("{action} was refused: {}", e.msg().id));
    assert_eq!(dice.remaining(), 0, "{action} left dice unused");
    assert!(
        game.position().invariant_holds(game.board()),
        "§5 invariant after {action}"
    );
    lines
}

fn roll(game: &mut Ninja, a: u8, b: u8) -> Vec<Msg> {
    let seat = game.active();
    apply(game, seat, "roll", &[a, b])
}

/// Asserts the action is refused with `reason` and changes nothing.
fn rejected(game: &Ninja, seat: Seat, action: &str, reason: &str) -> Msg {
    let mut after = game.clone();
    let action: Action = action
        .parse()
        .unwrap_or_else(|_| panic!("`{action}` is an action id"));
    let err = after
        .apply(seat, &action, &mut ScriptedDice::new([]))
        .expect_err("the action should be refused");
    assert_eq!(err.msg().id, reason);
    assert!(
        text::has_message(&err.msg().id),
        "{} is in the catalogue",
        err.msg().id
    );
    assert_eq!(&after, game, "a refused action changes nothing");
    err.msg()
}

fn text_arg(msg: &Msg, key: &str) -> String {
    match msg.args.get(key) {
        Some(crate::engine::Arg::Text(t)) => t.clone(),
        other => panic!("{key}: {other:?}"),
    }
}

/// The destinations of the ninja on `from` for the dice down.
fn destinations(game: &Ninja, from: &str) -> Vec<String> {
    let from = sq(game, from);
    game.legal_moves()
        .iter()
        .filter(|m| m.from == from)
        .map(|m| game.board().name(m.to))
        .collect()
}

fn ids(lines: &[Msg]) -> Vec<&str> {
    lines.iter().map(|m| m.id.as_str()).collect()
}

fn labels(game: &Ninja) -> Vec<String> {
    let tr = Tr::new(Locale::En, &[]);
    Game::legal_actions(game, game.active())
        .iter()
        .map(|a| game.label(a, &tr))
        .collect()
}

#[test]
fn action_ids_round_trip_and_junk_is_unknown() {
    for id in ["roll", "resign", "c1-c4", "c10-c11", "a2-a2", "A", "AB"] {
        let action: Action = id.parse().expect(id);
        assert_eq!(action.to_string(), id);
    }
    for junk in [
        "", "c1", "c1-", "-c4", "c1c4", "ABC", "a", "Roll", "c100-c1", "c1-c4x",
    ] {
        assert_eq!(junk.parse::<Action>(), Err(UnknownAction), "`{junk}`");
    }
    assert_eq!(option_label(0), "A");
    assert_eq!(option_label(25), "Z");
    assert_eq!(option_label(26), "AA");
    assert_eq!(option_label(27), "AB");
}

#[test]
fn default_board_is_the_reconstruction_of_section_2() {
    let game = start();
    let board = game.board();
    assert_eq!((board.width, board.rows), (6, 11));
    let names = |seat| {
        let mut v: Vec<String> = game.position().squares_of(seat).map(|s| board.name(s)).collect();
        v.sort();
        v
    };
    assert_eq!(names(BLACK), ["a2", "b1", "c1", "d1", "e1", "f2"]);
    assert_eq!(names(RED), ["a10", "b11", "c11", "d11", "e11", "f10"]);
    assert_eq!(board.depth(BLACK, sq(&game, "c11")), 4);
    assert_eq!(board.depth(BLACK, sq(&game, "c8")), 1);
    assert_eq!(board.depth(BLACK, sq(&game, "c7")), 0);
    assert_eq!(board.depth(RED, sq(&game, "c1")), 4);
    assert_eq!(board.depth(RED, sq(&game, "c4")), 1);
    assert_eq!(board.depth(RED, sq(&game, "c5")), 0);
    assert_eq!(game.position().score, [0, 0]);
    assert_eq!(game.position().missions, [None, None]);
}

#[test]
fn board_options_are_checked_with_catalogue_messages() {
    let setup = |o: Options| {
        Ninja::new(&o, 2, &mut ScriptedDice::new(BLACK_FIRST))
            .map(|_| ())
            .map_err(|e| e.msg())
    };
    let err = |o: Options| setup(o).expect_err("refused");
    assert_eq!(
        err(Options {
            points_by_depth: vec![1, 2, 3],
            ..Options::default()
        })
        .id,
        "ninja-setup-points"
    );
    let e = err(Options {
        black_start: "b1 c5".into(),
        ..Options::default()
    });
    assert_eq!(
        (e.id.as_str(), text_arg(&e, "square").as_str()),
        ("ninja-setup-outside-dojo", "c5")
    );
    let e = err(Options {
        black_start: "b1 b1".into(),
        ..Options::default()
    });
    assert_eq!(e.id, "ninja-setup-twice");
    let e = err(Options {
        black_start: "b1 g1".into(),
        ..Options::default()
    });
    assert_eq!(e.id, "ninja-setup-not-a-square");
    let e = err(Options {
        red_start: "c11 c1".into(),
        ..Options::default()
    });
    assert_eq!(
        (e.id.as_str(), text_arg(&e, "side").as_str()),
        ("ninja-setup-outside-dojo", "red")
    );
    assert_eq!(
        err(Options {
            black_start: " ".into(),
            ..Options::default()
        })
        .id,
        "ninja-setup-no-ninjas"
    );
    for e in [
        "ninja-setup-points",
        "ninja-setup-outside-dojo",
        "ninja-setup-twice",
        "ninja-setup-not-a-square",
        "ninja-setup-no-ninjas",
    ] {
        assert!(text::has_message(e));
    }
    // A smaller board with its own starts and scores.
    let small = Options {
        width: 4,
        dojo_depth: 2,
        neutral_depth: 1,
        black_start: "a1 d2".into(),
        red_start: "b5".into(),
        points_by_depth: vec![2, 5],
    };
    let game = Ninja::new(&small, 2, &mut ScriptedDice::new(BLACK_FIRST)).expect("valid");
    assert_eq!(game.board().rows, 5);
    assert_eq!(game.position().ninjas(RED), 1);
    assert_eq!(game.board().points_for(2), 5);
    assert!(Ninja::set_up(&Options::default(), 3, &mut ScriptedDice::new(BLACK_FIRST)).is_err());
    // The registry resolves typed options, `red_start` empty mirrors Black.
    let json = serde_json::json!({"black_start": "a1 f4"});
    let options = crate::engine::options_of::<Ninja>(&json).expect("valid");
    let game = Ninja::set_up(&options, 2, &mut ScriptedDice::new(BLACK_FIRST)).expect("valid");
    let mut red: Vec<String> = game
        .position()
        .squares_of(RED)
        .map(|s| game.board().name(s))
        .collect();
    red.sort();
    assert_eq!(red, ["a11", "f8"]);
}

/// §8.1
#[test]
fn example_1_opening_roll_ties_reroll() {
    let mut dice = ScriptedDice::new([2, 2, 1, 3, 1, 1, 3, 2]);
    let game = Ninja::new(&Options::default(), 2, &mut dice).expect("setup");
    assert_eq!(dice.remaining(), 0);
    assert_eq!(game.active(), RED);
    assert_eq!(Game::to_act(&game), vec![RED]);
    assert_eq!(Game::legal_actions(&game, RED), vec![Action::Roll]);
    assert!(Game::legal_actions(&game, BLACK).is_empty());
    let log: Vec<String> = game.log().map(|m| m.id).collect();
    assert_eq!(
        log,
        [
            "ninja-log-opening",
            "ninja-log-opening-tie",
            "ninja-log-opening",
            "ninja-log-first"
        ]
    );
    let mut dice = ScriptedDice::new(BLACK_FIRST);
    assert_eq!(
        Ninja::new(&Options::default(), 2, &mut dice)
            .expect("setup")
            .active(),
        BLACK
    );
}

/// §8.2
#[test]
fn example_2_straight() {
    let mut game = start();
    roll(&mut game, 1, 2);
    assert!(destinations(&game, "c1").contains(&"c4".to_owned()));
    apply(&mut game, BLACK, "c1-c4", &[]);
    assert_eq!(game.position().at(sq(&game, "c4")), Some(BLACK));
    assert_eq!(game.position().missions[BLACK], None);
    assert_eq!(game.active(), RED);
}

/// §8.3
#[test]
fn example_3_l_shape() {
    let mut game = start();
    roll(&mut game, 2, 2);
    assert_eq!(destinations(&game, "a2"), ["a6", "b5", "c4", "d3", "e2"]);
    apply(&mut game, BLACK, "a2-c4", &[]);
    assert_eq!(game.position().missions[BLACK], None);
}

/// §8.4: blocking, and the destination check before the path check.
#[test]
fn example_4_blocked_paths() {
    let mut game = start();
    roll(&mut game, 1, 2);
    let e = rejected(&game, BLACK, "c1-f1", "ninja-rule-blocked");
    assert_eq!(text_arg(&e, "squares"), "d1");
    let e = rejected(&game, BLACK, "b1-e1", "ninja-rule-own-destination");
    assert_eq!(text_arg(&e, "square"), "e1");
    apply(&mut game, BLACK, "b1-d2", &[]);
    assert_eq!(game.position().at(sq(&game, "d2")), Some(BLACK));
}

/// §8.5
#[test]
fn example_5_friendly_end() {
    let mut game = start();
    roll(&mut game, 2, 3);
    rejected(&game, BLACK, "a2-f2", "ninja-rule-own-destination");
    assert_eq!(destinations(&game, "a2"), ["a7", "b6", "c5", "d4", "e3"]);
}

/// §8.6
#[test]
fn example_6_exact_count() {
    let mut game = start();
    roll(&mut game, 1, 2);
    let e = rejected(&game, BLACK, "c1-c3", "ninja-rule-not-exactly");
    assert_eq!(text_arg(&e, "square"), "c3");
    assert_eq!(e.args.get("steps"), Some(&crate::engine::Arg::Num(3)));
}

/// §8.7
#[test]
fn example_7_mission_start() {
    let mut game = start();
    roll(&mut game, 1, 3);
    assert!(
        labels(&game).iter().any(|l| l.ends_with("f2→e5 starts mission")),
        "{:?}",
        labels(&game)
    );
    let lines = apply(&mut game, BLACK, "f2-e5", &[]);
    assert!(ids(&lines).contains(&"ninja-log-mission"));
    let m = game.position().missions[BLACK].expect("a mission");
    assert_eq!(
        (
            game.board().name(m.square).as_str(),
            m.turn,
            m.shadow,
            m.reversal_used
        ),
        ("e5", 2, 0, false)
    );
}

/// §8.8
#[test]
fn example_8_second_ninja_stays_home() {
    let mut game = position(&["c6"], &[], false, BLACK);
    mission(&mut game, BLACK, "c6", 2, 0, false);
    roll(&mut game, 1, 2);
    let e = rejected(&game, BLACK, "f2-f5", "ninja-rule-one-mission");
    assert_eq!(text_arg(&e, "square"), "c6");
    apply(&mut game, BLACK, "f2-e4", &[]);
    let m = game.position().missions[BLACK].expect("still out");
    assert_eq!((game.board().name(m.square).as_str(), m.turn), ("c6", 3));
}

/// §8.9
#[test]
fn example_9_reversal_scoring() {
    let mut game = position(&["c8"], &[], false, BLACK);
    mission(&mut game, BLACK, "c8", 2, 1, false);
    roll(&mut game, 4, 4);
    assert!(
        labels(&game)
            .iter()
            .any(|l| l.ends_with("c8→c4 reversal, home +3")),
        "{:?}",
        labels(&game)
    );
    assert!(
        labels(&game)
            .iter()
            .any(|l| l.ends_with("c8→c2 reversal, home +2"))
    );
    let e = rejected(&game, BLACK, "c8-c6", "ninja-rule-blocked");
    assert_eq!(text_arg(&e, "squares"), "c11");
    let mut two = game.clone();
    apply(&mut two, BLACK, "c8-c2", &[]);
    assert_eq!(two.position().score[BLACK], 2);
    let lines = apply(&mut game, BLACK, "c8-c4", &[]);
    assert!(ids(&lines).contains(&"ninja-log-home"));
    assert_eq!(game.position().score[BLACK], 3);
    assert_eq!(game.position().missions[BLACK], None);
}

fn example_10_position() -> Ninja {
    let mut game = position(&["c9"], &["d9"], false, BLACK);
    mission(&mut game, BLACK, "c9", 2, 2, false);
    game
}

/// §8.10
#[test]
fn example_10_reversal_then_turn_kills() {
    let mut game = example_10_position();
    roll(&mut game, 1, 2);
    assert!(
        labels(&game)
            .iter()
            .any(|l| l.ends_with("c9→d9 reversal, kills 🟦")),
        "{:?}",
        labels(&game)
    );
    let lines = apply(&mut game, BLACK, "c9-d9", &[]);
    assert!(ids(&lines).contains(&"ninja-log-kill"));
    assert_eq!(game.position().ninjas(RED), 5);
    let m = game.position().missions[BLACK].expect("still out");
    assert_eq!(
        (
            game.board().name(m.square).as_str(),
            m.shadow,
            m.reversal_used,
            m.turn
        ),
        ("d9", 3, true, 3)
    );
}

/// §8.11
#[test]
fn example_11_adjacent_defender_cannot_kill() {
    let game = example_10_position();
    let (d9, c9) = (sq(&game, "d9"), sq(&game, "c9"));
    for steps in 2..=8 {
        let moves = game.position().moves(game.board(), RED, steps);
        assert!(!moves.iter().any(|m| m.from == d9 && m.to == c9), "{steps}");
        assert!(
            game.position()
                .check_move(game.board(), RED, d9, c9, steps)
                .is_err()
        );
    }
}

/// §8.12
#[test]
fn example_12_once_per_mission() {
    let mut game = example_10_position();
    mission(&mut game, BLACK, "c9", 2, 2, true);
    roll(&mut game, 1, 2);
    assert_eq!(
        destinations(&game, "c9"),
        ["a8", "a10", "b7", "b11", "c6", "d7", "e8", "e10"]
    );
    rejected(&game, BLACK, "c9-d9", "ninja-rule-reversed");
}

/// §8.13
#[test]
fn example_13_no_reversal_in_the_neutral_zone() {
    let mut game = position(&["c6"], &[], false, BLACK);
    mission(&mut game, BLACK, "c6", 2, 0, false);
    roll(&mut game, 2, 2);
    let e = rejected(&game, BLACK, "c6-c4", "ninja-rule-reversal-zone");
    assert_eq!(text_arg(&e, "square"), "c7");
    let mut same = game.clone();
    apply(&mut same, BLACK, "c6-c6", &[]);
    let m = same.position().missions[BLACK].expect("still out");
    assert_eq!((m.shadow, m.reversal_used), (1, true));
    let lines = apply(&mut game, BLACK, "c6-c2", &[]);
    assert!(ids(&lines).contains(&"ninja-log-home"));
    assert_eq!(game.position().score[BLACK], 0);
    assert_eq!(game.position().missions[BLACK], None);
}

/// §8.14
#[test]
fn example_14_kill_an_invader() {
    let mut game = position(&[], &["c4"], false, BLACK);
    mission(&mut game, RED, "c4", 2, 1, false);
    roll(&mut game, 2, 2);
    apply(&mut game, BLACK, "a2-c4", &[]);
    assert_eq!(game.position().missions, [None, None]);
    assert_eq!(game.position().ninjas(RED), 5);
    assert_eq!(game.position().score, [0, 0]);
}

/// §8.15
#[test]
fn example_15_mission_ninja_killed() {
    let mut game = position(&["c9"], &[], false, RED);
    mission(&mut game, BLACK, "c9", 2, 2, false);
    roll(&mut game, 1, 1);
    assert!(
        labels(&game).iter().any(|l| l.ends_with("c11→c9 kills 🔴")),
        "{:?}",
        labels(&game)
    );
    apply(&mut game, RED, "c11-c9", &[]);
    assert_eq!(game.position().missions[BLACK], None);
    assert_eq!(game.position().ninjas(BLACK), 5);
    roll(&mut game, 2, 2);
    apply(&mut game, BLACK, "f2-f6", &[]);
    assert!(game.position().missions[BLACK].is_some());
}

/// §8.16
#[test]
fn example_16_timeout() {
    let mut game = position(&["c7"], &[], false, BLACK);
    mission(&mut game, BLACK, "c7", 3, 0, false);
    let mut three = game.clone();
    roll(&mut game, 1, 1);
    assert!(game.legal_moves().iter().all(|m| m.home.is_none()));
    let lines = apply(&mut game, BLACK, "d1-d3", &[]);
    assert!(ids(&lines).contains(&"ninja-log-expired"));
    assert_eq!(game.position().at(sq(&game, "c7")), None);
    assert_eq!(game.position().ninjas(BLACK), 5);
    assert_eq!(game.position().missions[BLACK], None);
    assert_eq!(game.position().score[BLACK], 0);
    roll(&mut three, 1, 2);
    apply(&mut three, BLACK, "c7-c4", &[]);
    assert_eq!(three.position().ninjas(BLACK), 6);
    assert_eq!(three.position().missions[BLACK], None);
}

/// §8.17
#[test]
fn example_17_shadow_is_the_maximum() {
    let mut game = position(&["e9"], &[], false, BLACK);
    mission(&mut game, BLACK, "e9", 2, 4, true);
    roll(&mut game, 3, 2);
    apply(&mut game, BLACK, "e9-e4", &[]);
    assert_eq!(game.position().score[BLACK], 4);
}

/// §8.18
#[test]
fn example_18_win_by_seven() {
    let mut game = position(&["a9"], &[], false, BLACK);
    game.position_mut().score[BLACK] = 5;
    mission(&mut game, BLACK, "a9", 2, 2, false);
    roll(&mut game, 2, 3);
    let lines = apply(&mut game, BLACK, "a9-a4", &[]);
    assert!(ids(&lines).contains(&"ninja-log-win-points"));
    assert_eq!(game.position().score[BLACK], 7);
    assert_eq!(Game::outcome(&game), Some(Outcome::Won { winners: vec![BLACK] }));
    assert!(Game::to_act(&game).is_empty());
    rejected(&game, RED, "roll", "rule-game-over");
}

/// §8.19
#[test]
fn example_19_elimination_before_the_clock() {
    let mut game = position(&["c9", "b1", "d1"], &["e9"], true, BLACK);
    mission(&mut game, BLACK, "c9", 3, 2, true);
    roll(&mut game, 1, 1);
    let lines = apply(&mut game, BLACK, "c9-e9", &[]);
    assert_eq!(ids(&lines).last(), Some(&"ninja-log-win-wipeout"));
    assert!(!ids(&lines).contains(&"ninja-log-expired"));
    assert_eq!(Game::outcome(&game), Some(Outcome::Won { winners: vec![BLACK] }));
}

/// §8.20
#[test]
fn example_20_no_legal_move_passes() {
    let setup = || {
        let mut game = position(&["c8", "c4"], &["b8", "d8", "c9", "a11", "f11"], true, BLACK);
        mission(&mut game, BLACK, "c8", 2, 1, false);
        game
    };
    for (a, b) in [(4, 4), (3, 4)] {
        let mut game = setup();
        let lines = roll(&mut game, a, b);
        assert_eq!(ids(&lines), ["ninja-log-rolled", "ninja-log-pass"]);
        assert_eq!(game.active(), RED);
        assert_eq!(game.dice(), None);
        assert_eq!(game.position().missions[BLACK].map(|m| m.turn), Some(3));
    }
}

/// §9.7: losing the last ninja to the clock loses.
#[test]
fn losing_the_last_ninja_to_the_clock_loses() {
    let mut game = position(&["c7"], &["a11"], true, BLACK);
    mission(&mut game, BLACK, "c7", 3, 0, false);
    roll(&mut game, 1, 1);
    let lines = apply(&mut game, BLACK, "c7-c9", &[]);
    assert_eq!(ids(&lines)[1..], ["ninja-log-expired", "ninja-log-win-wipeout"]);
    assert_eq!(Game::outcome(&game), Some(Outcome::Won { winners: vec![RED] }));
}

/// §5: a mission may begin and end in one move.
#[test]
fn a_mission_may_begin_and_end_in_one_move() {
    let mut game = position(&["a4"], &[], false, BLACK);
    roll(&mut game, 4, 4);
    apply(&mut game, BLACK, "a4-a4", &[]);
    assert_eq!(game.position().score[BLACK], 1);
    assert_eq!(game.position().missions[BLACK], None);
}

// §6: every rejection with its message, and nothing changed.

#[test]
fn rejections_of_turn_and_seat() {
    let mut game = start();
    rejected(&game, 2, "roll", "rule-not-playing");
    let e = rejected(&game, RED, "roll", "rule-not-your-turn");
    assert_eq!(e.args.get("player"), Some(&crate::engine::Arg::Seat(BLACK)));
    rejected(&game, BLACK, "c1-c4", "ninja-rule-roll-first");
    rejected(&game, BLACK, "A", "ninja-rule-roll-first");
    roll(&mut game, 1, 2);
    rejected(&game, BLACK, "roll", "ninja-rule-rolled");
    apply(&mut game, RED, "resign", &[]);
    rejected(&game, BLACK, "roll", "rule-game-over");
    rejected(&game, RED, "resign", "rule-game-over");
}

#[test]
fn rejection_unknown_label() {
    let mut game = start();
    roll(&mut game, 1, 2);
    let n = game.legal_moves().len();
    let last = option_label(n - 1);
    let e = rejected(&game, BLACK, &option_label(n), "ninja-rule-no-option");
    assert_eq!(text_arg(&e, "last"), last);
    // A label plays its option.
    let first = game.legal_moves()[0];
    apply(&mut game, BLACK, "A", &[]);
    assert_eq!(game.position().at(first.to), Some(BLACK));
}

#[test]
fn rejection_bad_square_and_no_ninja() {
    let mut game = start();
    roll(&mut game, 1, 2);
    let e = rejected(&game, BLACK, "g4-c1", "ninja-rule-not-a-square");
    // Anything shaped like a square is the board's to refuse, naming it.
    rejected(&game, BLACK, "c1-c0", "ninja-rule-not-a-square");
    rejected(&game, BLACK, "c01-c4", "ninja-rule-not-a-square");
    assert_eq!("C1-c4".parse::<Action>(), "c1-c4".parse::<Action>());
    assert_eq!(text_arg(&e, "square"), "g4");
    rejected(&game, BLACK, "c1-c12", "ninja-rule-not-a-square");
    let e = rejected(&game, BLACK, "c5-c8", "ninja-rule-no-ninja");
    assert_eq!(text_arg(&e, "square"), "c5");
    rejected(&game, BLACK, "c11-c8", "ninja-rule-no-ninja");
}

#[test]
fn resigning_gives_the_game_to_the_opponent_from_either_seat() {
    let mut game = start();
    let lines = apply(&mut game, RED, "resign", &[]);
    assert_eq!(ids(&lines), ["log-resigned"]);
    assert_eq!(Game::outcome(&game), Some(Outcome::Won { winners: vec![BLACK] }));
}

#[test]
fn timeout_rolls_then_plays_the_first_option() {
    let mut game = start();
    assert_eq!(Game::timeout_action(&game, BLACK), Some(Action::Roll));
    roll(&mut game, 1, 2);
    let first = Game::legal_actions(&game, BLACK)[0].clone();
    assert_eq!(Game::timeout_action(&game, BLACK), Some(first));
}

// Board snapshots.

fn snapshot_text(game: &Ninja, draft: &str) -> String {
    let names = vec!["ann".to_owned(), "ben".to_owned()];
    let tr = Tr::new(Locale::En, &names);
    crate::engine::testing::board_text(&Game::view(game, None, draft, &tr))
}

#[test]
fn board_at_the_start() {
    insta::assert_snapshot!("start", snapshot_text(&start(), ""));
}

#[test]
fn board_with_a_picked_ninja() {
    let mut game = start();
    roll(&mut game, 2, 2);
    insta::assert_snapshot!("rolled", snapshot_text(&game, ""));
    insta::assert_snapshot!("picked", snapshot_text(&game, "a2"));
    // A stale draft shows the board as for "".
    assert_eq!(snapshot_text(&game, "c5"), snapshot_text(&game, ""));
    assert_eq!(snapshot_text(&game, "junk.x"), snapshot_text(&game, ""));
}

#[test]
fn board_mid_mission_and_game_over() {
    let mut game = example_10_position();
    game.position_mut().score = [3, 2];
    insta::assert_snapshot!("mid_mission", snapshot_text(&game, ""));
    let mut ja = game.clone();
    roll(&mut ja, 1, 2);
    let names = vec!["ann".to_owned(), "ben".to_owned()];
    let view = Game::view(&ja, None, "c9", &Tr::new(Locale::Ja, &names));
    view.check_limits().expect("fits");
    insta::assert_snapshot!(
        "mid_mission_ja",
        format!("{}\n{}", view.to_text(), view.controls_text())
    );
    let mut over = position(&["a9"], &[], false, BLACK);
    over.position_mut().score[BLACK] = 5;
    mission(&mut over, BLACK, "a9", 2, 2, false);
    roll(&mut over, 2, 3);
    apply(&mut over, BLACK, "a9-a4", &[]);
    insta::assert_snapshot!("over", snapshot_text(&over, ""));
}

/// §4 shape 5 and §9.3: with the square ahead taken, a turn then a reversal still doubles back.
#[test]
fn turn_then_reversal_when_the_square_ahead_is_taken() {
    let mut game = position(&["c9"], &["c10"], false, BLACK);
    mission(&mut game, BLACK, "c9", 2, 2, false);
    roll(&mut game, 1, 2);
    assert!(
        labels(&game).iter().any(|l| l.ends_with("c9→b9 reversal")),
        "{:?}",
        labels(&game)
    );
    apply(&mut game, BLACK, "c9-b9", &[]);
    let m = game.position().missions[BLACK].expect("still out");
    assert_eq!(
        (game.board().name(m.square).as_str(), m.shadow, m.reversal_used),
        ("b9", 3, true)
    );
}

/// The picture of a position a few moves into a seeded game, against its golden PNG (pixels,
/// with a small tolerance), and its alt text naming every player.
#[test]
fn the_board_picture_matches_its_golden_png() {
    let options = Options::default();
    let players = 2;
    let game = Ninja::new(&options, players, &mut crate::engine::SeededDice::new(7)).expect("setup");
    crate::engine::testing::assert_golden_picture(
        game,
        players,
        30,
        "",
        concat!(env!("CARGO_MANIFEST_DIR"), "/src/games/ninja/snapshots/board.png"),
    );
}

/// The picture with a decision half made (the draft the step buttons carry), against its
/// golden PNG: the draft must show.
#[test]
fn the_draft_picture_matches_its_golden_png() {
    let options = Options::default();
    let game = Ninja::new(&options, 2, &mut crate::engine::SeededDice::new(7)).expect("setup");
    crate::engine::testing::assert_golden_draft(
        game,
        2,
        30,
        1,
        concat!(env!("CARGO_MANIFEST_DIR"), "/src/games/ninja/snapshots/draft.png"),
    );
}

/// A snapshot whose board no options allow does not restore.
#[test]
fn a_snapshot_with_a_board_no_game_could_have_is_refused() {
    use crate::engine::{AnyGame, Registered, Rules};
    let game = start();
    let mut state: serde_json::Value = serde_json::from_str(&AnyGame::snapshot(&game)).expect("JSON");
    assert!(Registered::<Ninja>::NEW.restore(&state.to_string()).is_ok());
    // Wider than the options allow: the board would be built out of its tables' range.
    state["state"]["board"]["width"] = serde_json::json!(250);
    assert!(Registered::<Ninja>::NEW.restore(&state.to_string()).is_err());
}

#[test]
fn the_rules_page_commands_parse() {
    assert_eq!("move A".parse::<Action>(), Ok(Action::Label("A".into())));
    assert_eq!("move AB".parse::<Action>(), Ok(Action::Label("AB".into())));
    assert_eq!("move ab".parse::<Action>(), Ok(Action::Label("AB".into())));
    assert_eq!("move c1 c4".parse::<Action>(), "c1-c4".parse::<Action>());
    assert!("c1-c4".parse::<Action>().is_ok());
    for junk in [
        "move",
        "move ",
        "move a b c",
        "move roll x",
        "move abc",
        "move a1",
    ] {
        assert!(junk.parse::<Action>().is_err(), "`{junk}`");
    }
}
