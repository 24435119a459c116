//! Rules tests: the worked examples of §9, the rejections of §7, resigning, setup, views and
//! pictures (the properties over random games are in `proptests.rs`).

use super::*;
use crate::engine::{Arg, Locale, ScriptedDice, SeededDice, replay};

const A: Seat = 0;
const B: Seat = 1;
const C: Seat = 2;
const D: Seat = 3;

fn options(crumbling: bool) -> Options {
    Options {
        crumbling,
        ..Options::default()
    }
}

/// A race position with A to play.
fn race(crumbling: bool, squares: &[u8]) -> Ishigaki {
    Ishigaki::with_position(options(crumbling), squares, &[], Phase::Race, A)
}

/// One turn through `apply`: Roll, then Stop (no `d2`) or Roll die 2. Every scripted die is used.
fn turn(game: &mut Ishigaki, seat: Seat, d1: u8, d2: Option<u8>) -> Vec<Msg> {
    let mut dice = ScriptedDice::new([d1].into_iter().chain(d2));
    let mut lines = game.apply(seat, &Action::Roll, &mut dice).expect("roll");
    let choice = if d2.is_some() {
        Action::RollDie2
    } else {
        Action::Stop
    };
    lines.extend(game.apply(seat, &choice, &mut dice).expect("choice"));
    assert_eq!(dice.remaining(), 0, "every scripted die is drawn");
    lines
}

fn squares(game: &Ishigaki) -> Vec<u8> {
    (0..game.players()).map(|s| game.square(s)).collect()
}

fn winner(game: &Ishigaki) -> Option<Seat> {
    match game.outcome() {
        Some(Outcome::Won { winners }) if winners.len() == 1 => Some(winners[0]),
        _ => None,
    }
}

/// §9 examples 1–18: one turn by A from a position.
#[test]
fn worked_examples_1_to_18_single_turns() {
    // (example, crumbling, before, die 1, die 2, after); A moves.
    type Example = (u8, bool, &'static [u8], u8, Option<u8>, &'static [u8]);
    let examples: [Example; 16] = [
        (1, false, &[0, 0], 2, None, &[1, 0]),
        (2, false, &[3, 0], 1, Some(4), &[5, 0]),
        (3, false, &[6, 0], 3, Some(5), &[9, 0]),
        (4, false, &[2, 0], 4, Some(5), &[6, 0]),
        (5, false, &[6, 0], 4, Some(6), &[11, 0]),
        (6, false, &[10, 0], 5, Some(6), &[16, 0]),
        (7, false, &[0, 4], 5, Some(2), &[0, 4]),
        (8, false, &[8, 4, 2], 3, Some(3), &[5, 4, 2]),
        (9, false, &[6, 6, 3], 2, Some(2), &[3, 3, 3]),
        (10, false, &[4, 10, 7], 5, Some(5), &[4, 7, 7]),
        (11, false, &[0, 0, 0], 1, Some(1), &[0, 0, 0]),
        (12, false, &[1, 2, 0], 6, Some(6), &[1, 0, 0]),
        (15, true, &[3, 0], 4, None, &[3, 0]),
        (16, true, &[4, 0], 3, Some(5), &[7, 0]),
        (17, true, &[10, 0], 4, Some(2), &[7, 0]),
        (18, true, &[3, 16, 12], 6, Some(6), &[3, 11, 12]),
    ];
    for (n, crumbling, before, d1, d2, after) in examples {
        let mut game = race(crumbling, before);
        turn(&mut game, A, d1, d2);
        assert_eq!(squares(&game), after, "example {n}");
        assert_eq!(game.phase, Phase::Race, "example {n}");
        assert_eq!(game.active, B, "example {n}: the next seat plays");
        assert!(game.arrivals.is_empty(), "example {n}");
    }
}

#[test]
fn worked_example_11_all_on_start_nobody_moves() {
    let mut game = race(false, &[0, 0, 0]);
    let lines = turn(&mut game, A, 1, Some(1));
    assert_eq!(squares(&game), [0, 0, 0]);
    assert_eq!(game.active, B, "B to play");
    assert!(lines.iter().any(|m| m.id == "ishigaki-log-nobody-falls"));
}

#[test]
fn worked_example_13_overshoot_starts_the_final_round() {
    let mut game = race(false, &[17, 5, 3]);
    let lines = turn(&mut game, A, 5, Some(6));
    assert_eq!(squares(&game), [20, 5, 3]);
    assert_eq!(game.arrivals, [A], "arrival 1");
    assert_eq!(game.phase, Phase::FinalRound { to_play: vec![B, C] });
    assert_eq!(game.active, B);
    assert!(
        lines
            .iter()
            .any(|m| m.id == "ishigaki-log-arrival" && m.args["arrival"] == Arg::Num(1))
    );
}

#[test]
fn worked_example_14_goal_ninja_ignored_by_doubles() {
    let phase = Phase::FinalRound { to_play: vec![B, C] };
    let mut game = Ishigaki::with_position(options(false), &[20, 12, 15], &[A], phase, B);
    turn(&mut game, B, 4, Some(4));
    assert_eq!(squares(&game), [20, 12, 12]);
    assert_eq!(game.active, C);
    assert_eq!(game.phase, Phase::FinalRound { to_play: vec![C] });
}

/// Example 19, played from the race to the roll-off.
fn example_19() -> Ishigaki {
    let mut game = race(false, &[18, 16, 10, 9]);
    turn(&mut game, A, 4, None);
    assert_eq!(game.square(A), 20);
    assert_eq!(game.arrivals, [A]);
    assert_eq!(
        game.phase,
        Phase::FinalRound {
            to_play: vec![B, C, D]
        }
    );
    turn(&mut game, B, 4, Some(6));
    assert_eq!(game.square(B), 20);
    assert_eq!(game.arrivals, [A, B], "arrival 2");
    assert_eq!(
        game.phase,
        Phase::FinalRound { to_play: vec![C, D] },
        "no extension"
    );
    turn(&mut game, C, 2, None);
    assert_eq!(game.square(C), 11);
    turn(&mut game, D, 3, Some(3));
    assert_eq!(squares(&game), [20, 20, 8, 9]);
    game
}

#[test]
fn worked_example_19_second_arrival_then_roll_off() {
    let game = example_19();
    let Phase::RollOff(r) = &game.phase else {
        panic!("expected a roll-off, got {:?}", game.phase);
    };
    assert_eq!(r.order, [B, A], "latest arrival first");
    assert_eq!(game.active, B, "A does not play again");
    assert_eq!(game.outcome(), None);
}

#[test]
fn worked_example_20_roll_off_die_2_lower() {
    let mut game = example_19();
    turn(&mut game, B, 5, Some(3));
    let Phase::RollOff(r) = &game.phase else {
        panic!("still the roll-off");
    };
    assert_eq!(r.values, [0]);
    turn(&mut game, A, 2, None);
    assert_eq!(winner(&game), Some(A));
    assert_eq!(squares(&game), [20, 20, 8, 9], "roll-off dice move nobody");
}

#[test]
fn worked_example_21_roll_off_doubles() {
    let mut game = example_19();
    turn(&mut game, B, 6, None);
    turn(&mut game, A, 6, Some(6));
    assert_eq!(winner(&game), Some(A));
    assert!(
        game.log()
            .any(|m| m.id == "ishigaki-log-value-doubles" && m.args["value"] == Arg::Num(12))
    );
}

#[test]
fn worked_example_22_roll_off_tie_repeats_among_the_tied() {
    // A, C and D arrived in that order; B plays the last final-round turn.
    let phase = Phase::FinalRound { to_play: vec![B] };
    let mut game = Ishigaki::with_position(options(false), &[20, 0, 20, 20], &[A, C, D], phase, B);
    turn(&mut game, B, 1, None);
    let Phase::RollOff(r) = &game.phase else {
        panic!("expected a roll-off");
    };
    assert_eq!(r.order, [D, C, A]);
    turn(&mut game, D, 5, None);
    turn(&mut game, C, 2, Some(6));
    turn(&mut game, A, 4, Some(4));
    let Phase::RollOff(r) = &game.phase else {
        panic!("the tie repeats");
    };
    assert_eq!(r.order, [C, A], "D is out; same order");
    assert_eq!(r.out, [(D, 5)]);
    assert_eq!(r.round, 2);
    assert_eq!(game.active, C);
    turn(&mut game, C, 6, None);
    turn(&mut game, A, 3, Some(1));
    assert_eq!(winner(&game), Some(C));
}

#[test]
fn worked_example_23_single_arrival_wins() {
    let mut game = race(false, &[19, 14]);
    turn(&mut game, A, 1, None);
    assert_eq!(game.phase, Phase::FinalRound { to_play: vec![B] });
    turn(&mut game, B, 2, Some(6));
    assert_eq!(squares(&game), [20, 17]);
    assert_eq!(winner(&game), Some(A), "no roll-off");
    assert_eq!(game.to_act(), Vec::<Seat>::new());
}

#[test]
fn worked_example_24_final_round_wraps_around() {
    let mut game = Ishigaki::with_position(options(false), &[0, 0, 19, 0], &[], Phase::Race, C);
    turn(&mut game, C, 1, None);
    assert_eq!(
        game.phase,
        Phase::FinalRound {
            to_play: vec![D, A, B]
        }
    );
    for seat in [D, A, B] {
        assert_eq!(game.to_act(), [seat]);
        turn(&mut game, seat, 1, None);
    }
    assert_eq!(winner(&game), Some(C), "the race ends after B");
}

#[test]
fn the_dice_pick_the_start_player() {
    for (roll, start) in [(1, A), (3, C), (4, D)] {
        let game = Ishigaki::new(&Options::default(), 4, &mut ScriptedDice::new([roll])).unwrap();
        assert_eq!(game.to_act(), [start]);
        assert_eq!(squares(&game), [0; 4]);
    }
}

#[test]
fn setup_refuses_player_counts_and_boards_naming_the_rule() {
    let err = |o: &Options, n: usize| {
        Ishigaki::set_up(o, n, &mut ScriptedDice::new([1]))
            .map(|_| ())
            .unwrap_err()
            .msg()
            .id
    };
    assert!(err(&Options::default(), 1) == "ishigaki-setup-players");
    assert!(err(&Options::default(), 5) == "ishigaki-setup-players");
    let board = |goal: u8, minus_two: &[u8]| Options {
        crumbling: true,
        goal,
        minus_two: minus_two.to_vec(),
    };
    assert!(err(&board(0, &[]), 2) == "ishigaki-setup-goal");
    assert!(err(&board(20, &[20]), 2) == "ishigaki-setup-minus-two-range");
    assert!(err(&board(20, &[0]), 2) == "ishigaki-setup-minus-two-range");
    assert!(err(&board(20, &[5, 9, 5]), 2) == "ishigaki-setup-minus-two-twice");
    assert!(err(&board(20, &[5, 7]), 2) == "ishigaki-setup-minus-two-close");
    for ok in [board(1, &[]), board(20, &[5, 8, 11]), board(255, &[1, 254])] {
        assert!(
            Ishigaki::new(&ok, 2, &mut ScriptedDice::new([1])).is_ok(),
            "{ok:?}"
        );
    }
}

#[test]
fn options_from_json_take_defaults() {
    let options = crate::engine::options_of::<Ishigaki>(&serde_json::json!({ "crumbling": true })).unwrap();
    let game = Ishigaki::set_up(&options, 2, &mut ScriptedDice::new([2])).unwrap();
    assert_eq!(
        game.options,
        Options {
            crumbling: true,
            goal: 20,
            minus_two: vec![5, 9, 13, 17]
        }
    );
    assert_eq!(game.active, B);
}

/// Applies an action that must be refused, checks the reply and that nothing changed.
fn refused(game: &Ishigaki, seat: Seat, action: Action) -> Msg {
    let mut after = game.clone();
    // Any die drawn would be a bug: strict scripted dice with no values panic.
    let err = after
        .apply(seat, &action, &mut ScriptedDice::new([]))
        .expect_err("refused");
    assert_eq!(&after, game, "a refused action changes nothing");
    err.msg()
}

#[test]
fn rejections_follow_the_table() {
    let mut game = race(false, &[0, 0, 0]);
    assert_eq!(refused(&game, 7, Action::Roll).id, "rule-not-playing");
    let msg = refused(&game, B, Action::Roll);
    assert_eq!(
        (msg.id.as_str(), &msg.args["player"]),
        ("rule-not-your-turn", &Arg::Seat(A))
    );
    assert_eq!(refused(&game, A, Action::Stop).id, "ishigaki-roll-first");
    assert_eq!(refused(&game, A, Action::RollDie2).id, "ishigaki-roll-first");
    game.apply(A, &Action::Roll, &mut ScriptedDice::new([4])).unwrap();
    let msg = refused(&game, A, Action::Roll);
    assert_eq!(
        (msg.id.as_str(), &msg.args["die"]),
        ("ishigaki-choose", &Arg::Num(4))
    );
    game.apply(A, &Action::Stop, &mut ScriptedDice::new([])).unwrap();
    // A double click or an old prompt after the turn ended.
    assert_eq!(refused(&game, A, Action::RollDie2).id, "ishigaki-turn-over");
    assert_eq!(refused(&game, A, Action::Stop).id, "ishigaki-turn-over");
    assert_eq!(refused(&game, A, Action::Roll).id, "rule-not-your-turn");

    let mut rolloff = example_19();
    let msg = refused(&rolloff, A, Action::Roll);
    assert_eq!(
        (msg.id.as_str(), &msg.args["player"]),
        ("ishigaki-not-your-roll", &Arg::Seat(B))
    );
    assert_eq!(refused(&rolloff, C, Action::Roll).id, "ishigaki-not-your-roll");
    turn(&mut rolloff, B, 5, Some(3));
    turn(&mut rolloff, A, 2, None);
    let msg = refused(&rolloff, B, Action::Roll);
    assert_eq!(
        (msg.id.as_str(), &msg.args["player"]),
        ("ishigaki-game-over", &Arg::Seat(A))
    );
    assert_eq!(refused(&rolloff, C, Action::Resign).id, "ishigaki-game-over");
    let tr = Tr::new(Locale::En, &[]);
    assert_eq!(tr.msg(&msg), "The game is over — 🔴 #1 won.");
}

#[test]
fn unknown_action_ids_are_refused() {
    let mut game: Box<dyn crate::engine::AnyGame> = Box::new(race(false, &[0, 0]));
    let err = game.apply(A, "jump", &mut ScriptedDice::new([])).unwrap_err();
    assert_eq!(err.msg().id, "rule-unknown-action");
}

#[test]
fn resigning_drops_the_turn_and_the_last_player_wins() {
    let mut game = race(false, &[3, 4, 5]);
    game.apply(A, &Action::Roll, &mut ScriptedDice::new([6])).unwrap();
    game.apply(A, &Action::Resign, &mut ScriptedDice::new([]))
        .unwrap();
    assert_eq!(game.to_act(), [B], "A's turn is dropped");
    assert_eq!(game.die1, None);
    assert_eq!(refused(&game, A, Action::Roll).id, "rule-not-playing");
    // A's ninja left the board: doubles see only B and C.
    turn(&mut game, B, 2, Some(2));
    assert_eq!((game.square(B), game.square(C)), (4, 2));
    turn(&mut game, C, 1, None);
    assert_eq!(game.to_act(), [B], "turns skip A");
    game.apply(C, &Action::Resign, &mut ScriptedDice::new([]))
        .unwrap();
    assert_eq!(winner(&game), Some(B));
}

#[test]
fn when_the_whole_goal_group_resigns_the_race_goes_on() {
    let phase = Phase::FinalRound { to_play: vec![B, C] };
    let mut game = Ishigaki::with_position(options(false), &[20, 12, 15], &[A], phase, B);
    game.apply(B, &Action::Roll, &mut ScriptedDice::new([3])).unwrap();
    game.apply(A, &Action::Resign, &mut ScriptedDice::new([]))
        .unwrap();
    assert_eq!(game.phase, Phase::Race);
    assert_eq!(game.to_act(), [B], "B finishes the turn");
    game.apply(B, &Action::Stop, &mut ScriptedDice::new([])).unwrap();
    assert_eq!(game.to_act(), [C]);
    turn(&mut game, C, 1, None);
    assert_eq!(game.to_act(), [B], "normal play, A skipped");
}

#[test]
fn resigning_in_the_final_round_and_the_roll_off() {
    // The last player owed a final turn resigns: the race is settled.
    let phase = Phase::FinalRound { to_play: vec![C] };
    let mut game = Ishigaki::with_position(options(false), &[20, 20, 3], &[A, B], phase, C);
    game.apply(C, &Action::Resign, &mut ScriptedDice::new([]))
        .unwrap();
    assert!(matches!(&game.phase, Phase::RollOff(r) if r.order == [B, A]));
    assert_eq!(game.to_act(), [B]);

    // A contender who rolled resigns: their value goes, the round closes when all have rolled.
    let phase = Phase::FinalRound { to_play: vec![D] };
    let mut game = Ishigaki::with_position(options(false), &[20, 20, 20, 0], &[A, B, C], phase, D);
    turn(&mut game, D, 1, None);
    turn(&mut game, C, 6, None);
    turn(&mut game, B, 2, None);
    game.apply(C, &Action::Resign, &mut ScriptedDice::new([]))
        .unwrap();
    let Phase::RollOff(r) = &game.phase else {
        panic!("roll-off goes on");
    };
    assert_eq!((r.order.clone(), r.values.clone()), (vec![B, A], vec![2]));
    assert_eq!(game.to_act(), [A]);
    game.apply(B, &Action::Resign, &mut ScriptedDice::new([]))
        .unwrap();
    assert_eq!(
        winner(&game),
        Some(A),
        "the last contender wins though D still plays"
    );
}

#[test]
fn labels_name_the_climb_or_the_value() {
    let names = vec!["ann".to_owned(), "ben".to_owned()];
    let tr = Tr::new(Locale::En, &names);
    let mut game = race(false, &[0, 0]);
    assert_eq!(game.label(&Action::Roll, &tr), "Roll");
    game.apply(A, &Action::Roll, &mut ScriptedDice::new([5])).unwrap();
    assert_eq!(game.label(&Action::Stop, &tr), "Stop (climb 2)");
    assert_eq!(game.label(&Action::RollDie2, &tr), "Roll die 2");
    let mut rolloff = example_19();
    rolloff
        .apply(B, &Action::Roll, &mut ScriptedDice::new([5]))
        .unwrap();
    assert_eq!(rolloff.label(&Action::Stop, &tr), "Stop (value 5)");
}

/// The view as text with its buttons, for snapshots.
fn shown(game: &Ishigaki, names: &[&str]) -> String {
    let names: Vec<String> = names.iter().map(|n| (*n).to_owned()).collect();
    let view = game.view(None, "", &Tr::new(Locale::En, &names));
    view.check_limits().expect("within Discord's limits");
    format!(
        "{}\n{}\ncolour {:06X}",
        view.to_text(),
        view.controls_text(),
        view.colour
    )
}

#[test]
fn snapshot_start() {
    let game = Ishigaki::new(&Options::default(), 3, &mut ScriptedDice::new([2])).unwrap();
    insta::assert_snapshot!(shown(&game, &["ann", "ben", "cho"]));
}

#[test]
fn snapshot_decision_with_odds() {
    let mut game = race(false, &[9, 12, 12]);
    turn(&mut game, A, 2, Some(5));
    game.apply(B, &Action::Roll, &mut ScriptedDice::new([3])).unwrap();
    insta::assert_snapshot!(shown(&game, &["ann", "ben", "cho"]));
}

#[test]
fn snapshot_final_round() {
    let mut game = race(false, &[17, 5, 3]);
    turn(&mut game, A, 5, Some(6));
    game.apply(B, &Action::Roll, &mut ScriptedDice::new([4])).unwrap();
    insta::assert_snapshot!(shown(&game, &["ann", "ben", "cho"]));
}

#[test]
fn snapshot_roll_off() {
    let phase = Phase::FinalRound { to_play: vec![B] };
    let mut game = Ishigaki::with_position(options(false), &[20, 0, 20, 20], &[A, C, D], phase, B);
    turn(&mut game, B, 1, None);
    turn(&mut game, D, 5, None);
    turn(&mut game, C, 2, Some(6));
    turn(&mut game, A, 4, Some(4));
    game.apply(C, &Action::Roll, &mut ScriptedDice::new([3])).unwrap();
    insta::assert_snapshot!(shown(&game, &["ann", "ben", "cho", "dai"]));
}

#[test]
fn snapshot_crumbling_on() {
    let mut game = race(true, &[3, 16, 12]);
    turn(&mut game, A, 6, Some(6));
    game.apply(B, &Action::Roll, &mut ScriptedDice::new([1])).unwrap();
    insta::assert_snapshot!(shown(&game, &["ann", "ben", "cho"]));
}

#[test]
fn snapshot_game_over() {
    let mut game = example_19();
    turn(&mut game, B, 6, None);
    turn(&mut game, A, 6, Some(6));
    insta::assert_snapshot!(shown(&game, &["ann", "ben", "cho", "dai"]));
}

#[test]
fn a_tall_board_folds_its_track_within_the_limits() {
    let minus_two: Vec<u8> = (1..255).step_by(3).collect();
    let options = Options {
        crumbling: true,
        goal: 255,
        minus_two,
    };
    let game = Ishigaki::with_position(options, &[250, 100, 7, 0], &[], Phase::Race, A);
    let long = "n".repeat(32);
    let text = shown(&game, &[&long, &long, &long, &long]);
    assert!(text.contains('⋮'), "empty stretches fold");
    let plain = Ishigaki::with_position(
        Options {
            goal: 255,
            ..Options::default()
        },
        &[250, 100, 7, 0],
        &[],
        Phase::Race,
        A,
    );
    assert!(shown(&plain, &["a", "b", "c", "d"]).lines().count() < 40);
}

/// The start square reads as the board names it, in the log too (Japanese: すたあと, not 0).
#[test]
fn japanese_log_names_the_start_square_as_the_board_does() {
    use crate::engine::{Locale, Msg, Tr};
    let names = vec!["ann".to_owned()];
    let tr = Tr::new(Locale::Ja, &names);
    let board = tr.msg(
        &Msg::new("ishigaki-seat-square")
            .seat("player", 0)
            .arg("square", 0i64),
    );
    assert!(board.contains("すたあと"), "{board}");
    for id in ["ishigaki-log-move", "ishigaki-log-fall"] {
        let down = tr.msg(&Msg::new(id).seat("player", 0).arg("from", 3i64).arg("to", 0i64));
        assert!(down.ends_with("：3 → すたあと"), "{down}");
        let up = tr.msg(&Msg::new(id).seat("player", 0).arg("from", 0i64).arg("to", 2i64));
        assert!(up.ends_with("：すたあと → 2"), "{up}");
    }
}

/// The odds under a rolled die name the start square as the board does, not as 0: a slip from
/// square 1 with die 1 = 3 lands on the start.
#[test]
fn odds_name_the_start_square_as_the_board_does() {
    let mut game = race(false, &[1, 5]);
    game.apply(A, &Action::Roll, &mut ScriptedDice::new([3]))
        .expect("roll");
    for (locale, start) in [(Locale::Ja, "すたあと"), (Locale::En, "start")] {
        let names = vec!["ann".to_owned(), "ben".to_owned()];
        let view = game.view(None, "", &Tr::new(locale, &names));
        let odds: String = view.fields.iter().map(|f| f.value.clone()).collect();
        assert!(odds.contains(&format!("→ {start}")), "{odds}");
        assert!(!odds.contains("→ 0"), "{odds}");
    }
}

/// The coach reviews a game of easy (A) against strong (B) from the solved race: every slip is a
/// choice the strong player makes otherwise, with a positive cost in win chance, costliest first.
#[test]
fn a_review_lists_easy_choices_strong_makes_otherwise_costliest_first() {
    use crate::engine::coach::{Measure, review};
    use crate::engine::driver;
    let new = || Ishigaki::new(&Options::default(), 2, &mut SeededDice::new(4)).expect("setup");
    let bots = [Ishigaki::bot(Level::Easy), Ishigaki::bot(Level::Strong)];
    let mut rng = SeededDice::new(9);
    let mut game = new();
    let (_, log) = driver::play_logged(&mut game, &mut SeededDice::new(4), 10_000, |g, s| {
        bots[s].choose(g, s, &mut rng)
    });
    let names = ["ann".to_owned(), "ben".to_owned()];
    let slips = review(&mut new(), &log, &Tr::new(Locale::En, &names)).expect("replays");
    assert!(!slips.is_empty(), "easy play slips");
    assert!(slips.windows(2).all(|w| w[0].cost >= w[1].cost));
    let strong = bots::IshigakiBot::new(Level::Strong);
    for slip in &slips {
        assert_eq!(slip.measure, Measure::WinChance);
        assert!(slip.cost > 0.0 && slip.cost <= 1.0, "{}", slip.cost);
        let mut before = new();
        replay(&mut before, &log[..slip.step - 1]).expect("replays");
        let choice = strong.decide(&before, &mut ScriptedDice::new([])).to_string();
        assert_ne!(slip.taken_id, choice, "step {}", slip.step);
        assert_eq!(slip.best_id, choice);
    }
    // The hint names the strong player's choice and a chance in percent.
    let mut before = new();
    replay(&mut before, &log[..slips[0].step - 1]).expect("replays");
    let hint = bots::hint(&before);
    let expected = if slips[0].best_id == "die2" {
        "ishigaki-hint-die2"
    } else {
        "ishigaki-hint-stop"
    };
    assert_eq!(hint.id, expected);
    assert!(Tr::new(Locale::Ja, &names).msg(&hint).contains('%'));
}

/// The picture of a position a few moves into a seeded game, against its golden PNG (pixels,
/// with a small tolerance), and its alt text naming every player.
#[test]
fn the_board_picture_matches_its_golden_png() {
    let options = Options {
        crumbling: true,
        ..Options::default()
    };
    let players = 3;
    let game = Ishigaki::new(&options, players, &mut SeededDice::new(7)).expect("setup");
    crate::engine::testing::assert_golden_picture(
        game,
        players,
        40,
        "",
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/src/games/ishigaki/snapshots/board.png"
        ),
    );
}
