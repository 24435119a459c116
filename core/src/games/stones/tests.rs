//! The worked examples of the rules page (§8, one test each), the rejections of §6, the
//! notation, the options, the draft controls and snapshots of the board.

use super::*;
use crate::engine::{AnyGame, Locale, ScriptedDice, text};

const DICE: Options = Options {
    dice: true,
    dice_shortfall: Shortfall::Lose,
};

fn cell(name: &str) -> u8 {
    parse_cell(name).unwrap_or_else(|| panic!("`{name}` is a cell"))
}

/// S0: the §2 setup, P1 to move (no dice drawn without the variant).
fn s0() -> Stones {
    Stones::new(&Options::default(), 2, &mut ScriptedDice::new([])).expect("setup")
}

/// S0 changed by `edit`, then TURN_START run again for the seat to move with `dice`.
fn position(options: Options, dice: &[u8], edit: impl FnOnce(&mut Stones)) -> Stones {
    let mut game = Stones::new(&options, 2, &mut ScriptedDice::new([6])).expect("setup");
    edit(&mut game);
    let mut dice = ScriptedDice::new(dice.iter().copied());
    game.begin_turn(&mut dice, &mut vec![]);
    assert_eq!(dice.remaining(), 0);
    game
}

fn set(game: &mut Stones, cells: &[&str], piece: Piece) {
    for c in cells {
        game.pos.board[usize::from(cell(c))] = piece;
    }
}

/// P1's initial stone taken off (as if removed earlier).
fn without_initial(game: &mut Stones, seat: Seat) {
    game.pos.remove_initial(seat);
}

/// Plays steps like `"0 place a1 NN"`, `"0 end"`; a trailing `/3` scripts the dice drawn.
fn play(game: &mut Stones, steps: &[&str]) -> Vec<Msg> {
    let mut events = vec![];
    for step in steps {
        let (step_text, faces) = step.split_once(" /").unwrap_or((step, ""));
        let (seat, action) = step_text.split_once(' ').expect("seat and action");
        let seat: Seat = seat.parse().expect("seat");
        let action: Action = action.parse().unwrap_or_else(|_| panic!("`{action}` parses"));
        let mut dice = ScriptedDice::new(crate::engine::dice::parse_dice_list(faces, 6).expect("dice"));
        match Game::apply(game, seat, &action, &mut dice) {
            Ok(lines) => events.extend(lines),
            Err(e) => panic!("step `{step}` was rejected: {} {:?}", e.msg().id, e.msg().args),
        }
        assert_eq!(dice.remaining(), 0, "step `{step}` left dice unused");
    }
    events
}

/// Asserts the action is refused with `reason` and changes nothing; returns the message.
fn rejected(game: &Stones, seat: Seat, action: &str, reason: &str) -> Msg {
    let mut after = game.clone();
    let err = AnyGame::apply(&mut after, seat, action, &mut ScriptedDice::new([]))
        .expect_err("the action should be refused");
    assert_eq!(err.msg().id, reason, "{action}: {:?}", err.msg().args);
    assert!(
        text::has_message(&err.msg().id),
        "{} is in the catalogue",
        err.msg().id
    );
    assert_eq!(&after, game, "a refused action changes nothing");
    err.msg()
}

/// A rejected step: the reason and the step's number.
fn rejected_step(game: &Stones, action: &str, reason: &str, step: i64) -> Msg {
    let msg = rejected(game, game.active(), action, reason);
    assert_eq!(msg.args["step"], Arg::Num(step), "{action}");
    msg
}

fn piece(game: &Stones, name: &str) -> Piece {
    game.pos.board[usize::from(cell(name))]
}

fn p1(name: &str, game: &Stones) -> bool {
    piece(game, name) == Piece::Stone(0)
}

fn winner(game: &Stones) -> Seat {
    match Game::outcome(game) {
        Some(Outcome::Won { winners }) => winners[0],
        other => panic!("no winner: {other:?}"),
    }
}

use crate::engine::Arg;

#[test]
fn the_setup_is_the_reconstructed_layout() {
    let game = s0();
    let jewels: Vec<String> = (0..49u8)
        .filter(|&c| game.pos.board[usize::from(c)] == Piece::Jewel)
        .map(cell_name)
        .collect();
    assert_eq!(
        jewels,
        [
            "d1", "c2", "e2", "b3", "f3", "a4", "g4", "b5", "f5", "c6", "e6", "d7"
        ]
    );
    let blanks = (0..49u8)
        .filter(|&c| game.pos.board[usize::from(c)] == Piece::Blank)
        .count();
    assert_eq!(blanks, 9);
    for c in ["c3", "d4", "e5", "c5", "e3"] {
        assert_eq!(piece(&game, c), Piece::Blank, "{c}");
    }
    assert_eq!(piece(&game, "a1"), Piece::Initial(0));
    assert_eq!(piece(&game, "g7"), Piece::Initial(1));
    assert_eq!(piece(&game, "a7"), Piece::Empty);
    assert_eq!(piece(&game, "g1"), Piece::Empty);
    assert_eq!(game.pos.hands, [30, 30]);
    assert_eq!(game.pos.scores, [0, 0]);
    assert_eq!((game.active(), game.phase()), (P1, Phase::Place));
    assert_eq!(Game::to_act(&game), vec![0]);
    for players in [1, 3] {
        assert!(Stones::set_up(&Options::default(), players, &mut ScriptedDice::new([])).is_err());
    }
}

/// §8.1
#[test]
fn example_1_a_straight_chain() {
    let mut game = s0();
    play(&mut game, &["0 place a1 NN"]);
    assert!(p1("a2", &game) && p1("a3", &game));
    assert_eq!(game.pos.hands[0], 28);
    assert_eq!(game.current_turn().captured, 0);
    play(&mut game, &["0 end"]);
    assert_eq!(game.pos.scores, [0, 0]);
    assert_eq!(game.active(), P2);
}

/// §8.2
#[test]
fn example_2_a_jump_scores_at_turn_end() {
    let mut game = s0();
    play(&mut game, &["0 place a1 NNNNE"]);
    for c in ["a2", "a3", "a5", "a6", "b6"] {
        assert!(p1(c, &game), "{c}");
    }
    assert_eq!(piece(&game, "a4"), Piece::Jewel, "pending until the turn ends");
    assert_eq!(game.pos.scores[0], 0);
    play(&mut game, &["0 end"]);
    assert_eq!(piece(&game, "a4"), Piece::Empty);
    assert_eq!(game.pos.scores[0], 2);
    assert_eq!(game.pos.hands[0], 25);
}

/// §8.3
#[test]
fn example_3_four_jewels_in_one_chain() {
    let mut game = s0();
    play(&mut game, &["0 place a1 ENEENN"]);
    for c in ["b1", "b2", "d2", "f2", "f4", "f6"] {
        assert!(p1(c, &game), "{c}");
    }
    let pending: Vec<String> = board::bits(game.current_turn().captured).map(cell_name).collect();
    assert_eq!(pending, ["c2", "e2", "f3", "f5"]);
    let names = vec!["ann".to_owned(), "ben".to_owned()];
    let board = Game::view(&game, None, "", &Tr::new(Locale::En, &names)).description;
    assert_eq!(board.matches("💥").count(), 4, "{board}");
    play(&mut game, &["0 end"]);
    assert_eq!(game.pos.scores[0], 8);
    assert_eq!(game.pos.hands[0], 24);
    // The last turn wraps to a phone's width.
    let words = turn_text(&game).replace('\n', " ");
    assert!(
        words.contains("a1 ENEENN → b1 b2 d2 f2 f4 f6")
            && words.contains("c2 e2 f3 f5")
            && words.contains("+8"),
        "{words}"
    );
}

fn turn_text(game: &Stones) -> String {
    let names = vec!["ann".to_owned(), "ben".to_owned()];
    let view = Game::view(game, None, "", &Tr::new(Locale::En, &names));
    view.fields
        .iter()
        .map(|f| f.value.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

/// §8.4
#[test]
fn example_4_a_mixed_run_is_leapt_whole() {
    let mut game = position(Options::default(), &[], |g| {
        set(g, &["b1", "c1"], Piece::Stone(1));
    });
    play(&mut game, &["0 place a1 EEN"]);
    for c in ["e1", "f1", "f2"] {
        assert!(p1(c, &game), "{c}");
    }
    play(&mut game, &["0 end"]);
    assert_eq!(game.pos.scores[0], 4);
    for c in ["b1", "c1", "d1"] {
        assert_eq!(piece(&game, c), Piece::Empty, "{c}");
    }
}

/// §8.5
#[test]
fn example_5_the_blank_centre_stops_a_step() {
    let mut game = s0();
    let msg = rejected_step(&game, "place a1 ENEN", "stones-rule-blank", 4);
    assert_eq!(msg.args["cell"], Arg::Text("d3".into()));
    play(&mut game, &["0 place a1 ENN"]);
    for c in ["b1", "b2", "b4"] {
        assert!(p1(c, &game), "{c}");
    }
    assert_eq!(game.current_turn().captured, 1 << cell("b3"));
}

/// §8.6
#[test]
fn example_6_a_run_reaching_the_edge() {
    let game = position(Options::default(), &[], |g| {
        without_initial(g, 0);
        set(g, &["b4"], Piece::Stone(0));
    });
    rejected_step(&game, "place b4 W", "stones-rule-off-board", 1);
}

/// §8.7
#[test]
fn example_7_a_run_of_enemy_stones_and_corner_leaves_the_board() {
    let game = position(Options::default(), &[], |g| {
        without_initial(g, 0);
        set(g, &["g3"], Piece::Stone(0));
        set(g, &["g5", "g6"], Piece::Stone(1));
    });
    rejected_step(&game, "place g3 N", "stones-rule-off-board", 1);
}

/// §8.8
#[test]
fn example_8_own_stones_block() {
    let game = position(Options::default(), &[], |g| {
        without_initial(g, 0);
        set(g, &["a3", "a5"], Piece::Stone(0));
    });
    let msg = rejected_step(&game, "place a3 N", "stones-rule-own-stone", 1);
    assert_eq!(msg.args["cell"], Arg::Text("a5".into()));
}

/// §8.9
#[test]
fn example_9_backward_and_landing_notation() {
    let game = s0();
    rejected_step(&game, "place a1 NNS", "stones-rule-backward", 3);
    rejected_step(&game, "place a1 b2", "stones-rule-not-in-line", 1);
    let msg = rejected_step(&game, "place a1 a3", "stones-rule-wrong-landing", 1);
    assert_eq!(msg.args["landing"], Arg::Text("a2".into()));
    let msg = rejected_step(&game, "place a1 b1 b2 c2", "stones-rule-wrong-landing", 3);
    assert_eq!(msg.args["landing"], Arg::Text("d2".into()));
    // The landing notation converts to the canonical chain.
    let mut game = s0();
    play(&mut game, &["0 place a1 b1 b2 d2"]);
    assert_eq!(
        game.current_turn().chain.map(|c| c.to_string()),
        Some("a1 ENE".into())
    );
}

/// §8.10
#[test]
fn example_10_the_origin_rule_and_removing_the_initial_stone() {
    let mut game = position(Options::default(), &[], |g| {
        set(g, &["a2", "a3"], Piece::Stone(0));
    });
    rejected(&game, 0, "place a3 N", "stones-rule-from-initial");
    play(&mut game, &["0 place a1 E", "0 end remove"]);
    assert_eq!(piece(&game, "a1"), Piece::Empty);
    assert!(!game.pos.initial[0]);
    assert_eq!(game.pos.scores[0], 0, "removal is unscored");
    play(&mut game, &["1 place g7 S", "1 end"]);
    play(&mut game, &["0 place a3 N"]);
    assert!(p1("a5", &game));
    assert_eq!(game.current_turn().captured, 1 << cell("a4"));
}

/// §8.11
#[test]
fn example_11_home_corners() {
    let game = position(Options::default(), &[], |g| {
        without_initial(g, 0);
        set(g, &["a2"], Piece::Stone(0));
    });
    rejected_step(&game, "place a2 S", "stones-rule-home-corner", 1);
    let mut game = position(Options::default(), &[], |g| {
        without_initial(g, 0);
        without_initial(g, 1);
        set(g, &["f7"], Piece::Stone(0));
        set(g, &["e7", "g5"], Piece::Stone(1));
    });
    play(&mut game, &["0 place f7 E", "0 end"]);
    assert!(p1("g7", &game));
    // No P2 chain can ever jump g7: beyond a corner is off the board.
    let g7 = 1u64 << cell("g7");
    let mut chains = 0;
    game.pos.walk(1, 1..=6, |_, jumped, _| {
        chains += 1;
        assert_eq!(jumped & g7, 0);
        true
    });
    assert!(chains > 0);
}

/// §8.12
#[test]
fn example_12_neutral_corners() {
    let mut game = position(Options::default(), &[], |g| {
        without_initial(g, 0);
        set(g, &["a6"], Piece::Stone(0));
        set(g, &["a7"], Piece::Stone(1));
    });
    rejected_step(&game, "place a6 N", "stones-rule-off-board", 1);
    play(&mut game, &["0 take a7"]);
    assert_eq!(game.pos.scores[0], 1);
    play(&mut game, &["0 place a6 N"]);
    assert!(p1("a7", &game));
    rejected(&game, 0, "take g1", "stones-rule-corner-empty");
    rejected(&game, 1, "take a7", "rule-not-your-turn");
    play(&mut game, &["0 end", "1 take a7"]);
    assert_eq!(game.pos.scores, [1, 1]);
    assert_eq!(piece(&game, "a7"), Piece::Empty);
}

/// §8.13
#[test]
fn example_13_at_most_six_stones_and_no_more_than_the_hand() {
    let game = s0();
    rejected(&game, 0, "place a1 NNNNENE", "stones-rule-too-long");
    // However long a typed chain, the reason is the rule, not "unknown move".
    rejected(
        &game,
        0,
        "place a1 NNNNNNNNNNNNNNNNNNNNNNNN",
        "stones-rule-too-long",
    );
    rejected(
        &game,
        0,
        "place a1 a2 a3 a5 a6 b6 c6 d6 e6 f6 g6 g5 g4 g3 g2 g1 f1 e1",
        "stones-rule-too-long",
    );
    let game = position(Options::default(), &[], |g| g.pos.hands[0] = 3);
    rejected(&game, 0, "place a1 NNNE", "stones-rule-hand");
    assert!(game.legal_chains().iter().all(|c| c.len() <= 3));
}

/// §8.14
#[test]
fn example_14_play_over_and_the_tie_going_to_p2() {
    let mut game = position(Options::default(), &[], |g| {
        g.pos.hands = [0, 2];
        g.active = P2;
    });
    assert_eq!(game.active(), P2);
    rejected(&game, 1, "place g7 WWW", "stones-rule-hand");
    let log = play(&mut game, &["1 place g7 W", "1 end"]);
    assert!(
        log.iter().any(|m| m.id == "stones-log-play-over"),
        "P1's turn is skipped"
    );
    assert_eq!(game.active(), P2);
    play(&mut game, &["1 place g7 S", "1 end"]);
    assert_eq!(game.phase(), Phase::Over);
    assert_eq!(game.pos.scores, [0, 0]);
    assert_eq!(winner(&game), P2);
}

/// §8.15
#[test]
fn example_15_no_exit_from_the_initial_stone_loses() {
    let game = position(Options::default(), &[], |g| {
        set(g, &["a2", "b1"], Piece::Stone(0));
    });
    assert_eq!(game.phase(), Phase::Over);
    assert_eq!(game.stuck(), Some(P1));
    assert_eq!(winner(&game), P2);
}

/// §8.16
#[test]
fn example_16_no_origin_loses() {
    let game = position(Options::default(), &[], |g| {
        without_initial(g, 0);
        g.pos.hands[0] = 12;
    });
    assert_eq!(game.stuck(), Some(P1));
    assert_eq!(winner(&game), P2);
}

/// §8.17
#[test]
fn example_17_higher_score_wins_ties_to_p2() {
    for (scores, expected) in [([14, 14], P2), ([15, 14], P1), ([14, 15], P2)] {
        let game = position(Options::default(), &[], |g| {
            g.pos.hands = [0, 0];
            g.pos.scores = scores;
        });
        assert_eq!(game.phase(), Phase::Over);
        assert_eq!(winner(&game), expected, "{scores:?}");
    }
}

/// §8.18
#[test]
fn example_18_the_die_asks_for_at_most_the_hand() {
    let game = position(DICE, &[5], |g| g.pos.hands[0] = 3);
    assert_eq!(game.dice(), Some((3, 5)));
    for chain in ["place a1 N", "place a1 NN"] {
        rejected(&game, 0, chain, "stones-rule-dice");
    }
    rejected(&game, 0, "place a1 NNNE", "stones-rule-hand");
    let mut ok = game.clone();
    play(&mut ok, &["0 place a1 NNN"]);
    assert!(game.legal_chains().iter().all(|c| c.len() == 3));
}

/// §8.19
#[test]
fn example_19_shortfall_lose_or_max_possible() {
    let stones = |g: &mut Stones| set(g, &["a2", "b2", "c1"], Piece::Stone(0));
    let game = position(DICE, &[2], stones);
    assert_eq!(game.stuck(), Some(P1));
    assert_eq!(winner(&game), P2);

    let max = Options {
        dice: true,
        dice_shortfall: Shortfall::MaxPossible,
    };
    let game = position(max, &[2], stones);
    assert_eq!(game.phase(), Phase::Place);
    assert_eq!(game.legal_chains(), vec![Chain::new(0, &[Dir::E])]);
    rejected(&game, 0, "place a1 EN", "stones-rule-dice-longest");
    let mut ok = game.clone();
    play(&mut ok, &["0 place a1 E"]);

    let game = position(Options::default(), &[], stones);
    assert_eq!(game.legal_chains(), vec![Chain::new(0, &[Dir::E])]);
}

#[test]
fn max_possible_refuses_a_shorter_chain_than_possible() {
    let max = Options {
        dice: true,
        dice_shortfall: Shortfall::MaxPossible,
    };
    let game = position(max, &[4], |_| {});
    assert_eq!(game.lengths(), 4..=4);
    let msg = rejected(&game, 0, "place a1 NN", "stones-rule-dice");
    assert_eq!(msg.args["required"], Arg::Num(4));
    let game = position(max, &[3], |g| set(g, &["a2", "b2", "c1"], Piece::Stone(0)));
    rejected(&game, 0, "place a1 N", "stones-rule-own-stone");
    let msg = rejected(&game, 0, "place a1 EE", "stones-rule-dice-longest");
    assert_eq!(msg.args["required"], Arg::Num(1));
}

#[test]
fn the_die_is_rolled_at_each_turn_start() {
    let mut game = Stones::new(&DICE, 2, &mut ScriptedDice::new([2])).expect("setup");
    assert_eq!(game.dice(), Some((2, 2)));
    let log = play(&mut game, &["0 place a1 NN", "0 end /6"]);
    assert!(log.iter().any(|m| m.id == "stones-log-rolled"));
    assert_eq!(game.dice(), Some((6, 6)));
    assert!(game.legal_chains().iter().all(|c| c.len() == 6));
}

/// Every rejection of §6 not met in the examples.
#[test]
fn rejections_change_nothing() {
    let game = s0();
    rejected(&game, 1, "place g7 S", "rule-not-your-turn");
    rejected(&game, 1, "end", "rule-not-your-turn");
    rejected(&game, 2, "end", "rule-not-playing");
    rejected(&game, 0, "place a1 h1", "rule-unknown-action");
    rejected(&game, 0, "place a1", "stones-rule-no-stones");
    rejected(&game, 0, "place b1 N", "stones-rule-not-your-stone");
    rejected(&game, 0, "place g7 W", "stones-rule-not-your-stone");
    rejected(&game, 0, "end", "stones-rule-place-first");
    rejected(&game, 0, "take b2", "stones-rule-not-neutral");
    rejected(&game, 0, "take a1", "stones-rule-not-neutral");
    let mut placed = s0();
    play(&mut placed, &["0 place a1 N"]);
    rejected(&placed, 0, "place a2 N", "stones-rule-placed-already");
    rejected(&placed, 1, "take a7", "rule-not-your-turn");
    let own = position(Options::default(), &[], |g| set(g, &["g1"], Piece::Stone(0)));
    rejected(&own, 0, "take g1", "stones-rule-take-own");
    let mut gone = position(Options::default(), &[], |g| {
        without_initial(g, 0);
        set(g, &["b4"], Piece::Stone(0));
    });
    play(&mut gone, &["0 place b4 N"]);
    rejected(&gone, 0, "end remove", "stones-rule-initial-gone");
    let mut over = s0();
    play(&mut over, &["1 resign"]);
    assert_eq!(winner(&over), P1);
    rejected(&over, 0, "resign", "rule-game-over");
    rejected(&over, 0, "place a1 N", "rule-game-over");
}

#[test]
fn resigning_from_either_seat_at_any_time() {
    let mut game = s0();
    let log = play(&mut game, &["1 resign"]);
    assert_eq!(log[0].id, "log-resigned");
    assert_eq!(winner(&game), P1);
    assert_eq!(game.resigned(), Some(P2));
    let board = Game::view(&game, None, "", &Tr::new(Locale::En, &names())).description;
    assert!(board.contains("ben resigned"), "{board}");
    let mut game = s0();
    play(&mut game, &["0 place a1 N", "0 resign"]);
    assert_eq!(winner(&game), P2);
    assert!(Game::to_act(&game).is_empty());
}

#[test]
fn takes_are_free_actions_in_both_phases_and_the_loss_check_counts_them() {
    // P1's one stone a6: west is the edge, east and south runs end at the edge or the closed
    // home corner a1, north is P2's stone on a7. Taking a7 opens the way, so P1 does not lose.
    let mut game = position(Options::default(), &[], |g| {
        without_initial(g, 0);
        set(g, &["a6"], Piece::Stone(0));
        set(
            g,
            &["b6", "d6", "f6", "g6", "a5", "a3", "a2", "a7", "g1"],
            Piece::Stone(1),
        );
    });
    assert_eq!(game.phase(), Phase::Place);
    assert!(game.legal_chains().is_empty());
    assert_eq!(
        Game::legal_actions(&game, 0),
        vec![Action::Take(cell("a7")), Action::Take(cell("g1"))]
    );
    assert_eq!(Game::timeout_action(&game, 0), Some(Action::Take(cell("a7"))));
    insta::assert_snapshot!("take_first", snapshot_text(&game, ""));
    play(&mut game, &["0 take a7", "0 place a6 N", "0 take g1"]);
    assert_eq!(Game::legal_actions(&game, 0), vec![Action::End { remove: false }]);
    play(&mut game, &["0 end"]);
    assert_eq!(game.pos.scores[0], 2);
    let turn = game.last_turn().expect("a turn");
    assert_eq!(turn.takes, vec![cell("a7"), cell("g1")]);
}

#[test]
fn legal_actions_and_timeouts() {
    let game = s0();
    let actions = Game::legal_actions(&game, 0);
    assert!(Game::legal_actions(&game, 1).is_empty());
    assert!(actions.iter().all(|a| matches!(a, Action::Place(_))));
    assert_eq!(actions.len(), game.legal_chains().len());
    assert_eq!(Game::timeout_action(&game, 0), Some(actions[0].clone()));
    assert_eq!(Game::timeout_action(&game, 1), None);
    let mut game = s0();
    play(&mut game, &["0 place a1 N"]);
    assert_eq!(
        Game::legal_actions(&game, 0),
        vec![Action::End { remove: false }, Action::End { remove: true }]
    );
    assert_eq!(
        Game::timeout_action(&game, 0),
        Some(Action::End { remove: false })
    );
}

#[test]
fn options_are_declared_with_their_defaults() {
    use crate::engine::{Registered, Rules, options_of};
    let rules = Registered::<Stones>::NEW;
    assert_eq!(rules.id(), "stones");
    let options = options_of::<Stones>(&serde_json::json!({"dice": true, "dice_shortfall": "max_possible"}))
        .expect("valid options");
    let game = Stones::set_up(&options, 2, &mut ScriptedDice::new([4])).expect("setup");
    let game = &game;
    assert_eq!(game.options().dice_shortfall, Shortfall::MaxPossible);
    assert_eq!(game.dice(), Some((4, 4)));
    assert!(
        rules
            .new_game(
                &serde_json::json!({"dice_shortfall": "win"}),
                2,
                &mut ScriptedDice::new([])
            )
            .is_err()
    );
    for spec in Stones::OPTIONS {
        assert!(text::has_message(&spec.description_id("stones")));
    }
}

fn names() -> Vec<String> {
    vec!["ann".to_owned(), "ben".to_owned()]
}

fn snapshot_text(game: &Stones, draft: &str) -> String {
    let names = names();
    let tr = Tr::new(Locale::En, &names);
    crate::engine::testing::board_text(&Game::view(game, None, draft, &tr))
}

#[test]
fn the_draft_is_built_a_step_at_a_time() {
    let game = s0();
    let names = names();
    let tr = Tr::new(Locale::En, &names);
    let ids = |draft: &str| -> Vec<(String, bool)> {
        Game::view(&game, None, draft, &tr)
            .rows
            .iter()
            .flat_map(|r| match r {
                Row::Buttons { buttons } => buttons.iter().map(|b| (b.id.clone(), b.disabled)).collect(),
                Row::Select(s) => s
                    .options
                    .iter()
                    .map(|o| (o.value.clone(), false))
                    .collect::<Vec<_>>(),
            })
            .collect()
    };
    // The only origin is a1: the compass shows at once, N and E enabled.
    let start = ids("");
    assert_eq!(
        start[..4],
        [
            ("~a1.N".into(), false),
            ("~a1.E".into(), false),
            ("~a1.S".into(), true),
            ("~a1.W".into(), true)
        ]
    );
    let at = ids("a1.E.N.E");
    assert!(at.contains(&("place a1 ENE".into(), false)), "{at:?}");
    assert!(at.contains(&("~a1.E.N".into(), false)), "Back");
    // A forged draft shows the board as for "".
    assert_eq!(ids("zz.Q"), start);
    assert_eq!(ids("a1.S"), start);
    assert_eq!(ids("a1.E.Q"), start);
    assert_eq!(ids("E.N"), start);
    assert_eq!(
        Game::view(&game, None, "a1.E.N.S", &tr),
        Game::view(&game, None, "", &tr)
    );
    let view = Game::view(&game, None, "a1.E.N.E", &tr);
    assert!(
        view.description.contains("Would capture c2 (+2)"),
        "{}",
        view.description
    );
}

use crate::engine::{Row, Tr};

#[test]
fn board_at_the_start() {
    insta::assert_snapshot!("start", snapshot_text(&s0(), ""));
}

#[test]
fn board_with_a_draft_previewed() {
    insta::assert_snapshot!("draft", snapshot_text(&s0(), "a1.E.N.E.E"));
}

#[test]
fn board_choosing_an_origin() {
    let game = position(Options::default(), &[], |g| {
        without_initial(g, 0);
        set(g, &["b4", "f2", "a6"], Piece::Stone(0));
        set(g, &["a7"], Piece::Stone(1));
    });
    insta::assert_snapshot!("origin", snapshot_text(&game, ""));
}

#[test]
fn board_in_the_end_phase() {
    let mut game = s0();
    play(&mut game, &["0 place a1 ENEENN"]);
    insta::assert_snapshot!("end_phase", snapshot_text(&game, ""));
}

#[test]
fn board_with_the_die() {
    let mut game = Stones::new(&DICE, 2, &mut ScriptedDice::new([3])).expect("setup");
    play(&mut game, &["0 place a1 ENN", "0 end remove /4"]);
    insta::assert_snapshot!("dice", snapshot_text(&game, "g7.W"));
}

#[test]
fn board_when_the_game_is_over() {
    let mut game = position(Options::default(), &[], |g| {
        g.pos.hands = [0, 2];
        g.pos.scores = [9, 9];
        g.active = P2;
    });
    play(&mut game, &["1 place g7 WW", "1 end"]);
    insta::assert_snapshot!("over", snapshot_text(&game, ""));
    let ja = Game::view(&game, None, "", &Tr::new(Locale::Ja, &names()));
    ja.check_limits().expect("Japanese board fits");
}

/// §4: a pending piece may be jumped again in the same chain, but scores once.
#[test]
fn a_piece_jumped_twice_scores_once() {
    let mut game = position(Options::default(), &[], |g| {
        without_initial(g, 1);
        set(g, &["d6"], Piece::Stone(1));
        set(g, &["b6"], Piece::Stone(0));
        g.active = P2;
    });
    // West over c6 and b6 to a6, round by a7 and b7, then south over b6 again and b5 to b4.
    play(&mut game, &["1 place d6 WNES"]);
    assert_eq!(
        game.current_turn().landings,
        [cell("a6"), cell("a7"), cell("b7"), cell("b4")]
    );
    assert_eq!(
        game.current_turn().captured,
        1 << cell("c6") | 1 << cell("b6") | 1 << cell("b5")
    );
    play(&mut game, &["1 end"]);
    assert_eq!(game.pos.scores[1], 2 + 1 + 2);
    assert_eq!((game.pos.jewels_won[1], game.pos.stones_won[1]), (2, 1));
}

/// The picture of a position a few moves into a seeded game, against its golden PNG (pixels,
/// with a small tolerance), and its alt text naming every player.
#[test]
fn the_board_picture_matches_its_golden_png() {
    let options = Options::default();
    let players = 2;
    let game = Stones::new(&options, players, &mut crate::engine::SeededDice::new(7)).expect("setup");
    crate::engine::testing::assert_golden_picture(
        game,
        players,
        24,
        "",
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/src/games/stones/snapshots/board.png"
        ),
    );
}

/// The picture with a decision half made (the draft the step buttons carry), against its
/// golden PNG: the draft must show.
#[test]
fn the_draft_picture_matches_its_golden_png() {
    let options = Options::default();
    let game = Stones::new(&options, 2, &mut crate::engine::SeededDice::new(7)).expect("setup");
    crate::engine::testing::assert_golden_draft(
        game,
        2,
        24,
        2,
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/src/games/stones/snapshots/draft.png"
        ),
    );
}

mod notation;
mod wording;
