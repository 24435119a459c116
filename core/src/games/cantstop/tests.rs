//! The worked examples of the rules page (§7), the rejections of §5, resigning, the options, and
//! snapshots of the board. Positions are reached by playing real actions with scripted dice.

use super::*;
use crate::engine::{Arg, Locale, ScriptedDice, text};

/// A game whose start player is seat 0 (the setup draw is scripted to 1).
fn new_game(players: usize, options: Options) -> CantStop {
    let mut dice = ScriptedDice::new([1]);
    let game = CantStop::new(&options, players, &mut dice).expect("valid setup");
    assert_eq!(dice.remaining(), 0);
    game
}

/// Plays steps like `"0 roll 1,5,4,6"`, `"0 m6+10"`, `"1 stop"`: seat, action id, scripted dice.
/// Returns every log line produced.
fn play(game: &mut CantStop, steps: &[&str]) -> Vec<Msg> {
    let mut events = vec![];
    for step in steps {
        let mut parts = step.split(' ');
        let seat: Seat = parts.next().and_then(|s| s.parse().ok()).expect("seat");
        let action: Action = parts.next().and_then(|a| a.parse().ok()).expect("action id");
        let faces = parts
            .next()
            .map(|d| crate::engine::dice::parse_dice_list(d, 6).expect("dice"))
            .unwrap_or_default();
        let mut dice = ScriptedDice::new(faces);
        match game.apply(seat, &action, &mut dice) {
            Ok(lines) => events.extend(lines),
            Err(e) => panic!("step `{step}` was rejected: {}", e.msg().id),
        }
        assert_eq!(dice.remaining(), 0, "step `{step}` left dice unused");
    }
    events
}

fn moves(ids: &[&str]) -> Vec<Move> {
    ids.iter()
        .map(|id| match id.parse() {
            Ok(Action::Move(mv)) => mv,
            _ => panic!("`{id}` is not a move id"),
        })
        .collect()
}

/// Asserts the action is refused with `reason` and changes nothing.
fn rejected(game: &CantStop, seat: Seat, action: &str, reason: &str) -> Msg {
    let mut after = game.clone();
    let action: Action = action.parse().expect("action id");
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

fn ids(events: &[Msg]) -> Vec<&str> {
    events.iter().map(|m| m.id.as_str()).collect()
}

#[test]
fn action_ids_round_trip_and_junk_is_unknown() {
    for id in ["roll", "stop", "resign", "m6+10", "m5", "m7+7", "m2+12"] {
        let action: Action = id.parse().expect(id);
        assert_eq!(action.to_string(), id);
    }
    assert_eq!("m10+6".parse::<Action>(), Ok(Action::Move(Move::Both(6, 10))));
    for junk in [
        "", "m", "m1", "m13", "m6+", "m+6", "m6++6", "m6+10+2", "roll ", "Roll", "x",
    ] {
        assert_eq!(junk.parse::<Action>(), Err(UnknownAction), "`{junk}`");
    }
}

#[test]
fn the_buttons_notation_parses_as_a_person_types_it() {
    for (typed, mv) in [
        ("6+10", Move::Both(6, 10)),
        ("6 + 10", Move::Both(6, 10)),
        ("10+6", Move::Both(6, 10)),
        ("5 only", Move::One(5)),
        ("m5 only", Move::One(5)),
    ] {
        assert_eq!(typed.parse::<Action>(), Ok(Action::Move(mv)), "`{typed}`");
    }
    for junk in ["6 +", "only", "1 only", "6+10 only x"] {
        assert_eq!(junk.parse::<Action>(), Err(UnknownAction), "`{junk}`");
    }
}

#[test]
fn the_state_is_the_board_as_data() {
    let mut game = CantStop::new(&Options::default(), 2, &mut ScriptedDice::new([1])).unwrap();
    let state = Game::state(&game);
    assert_eq!(state["phase"], "roll");
    assert_eq!(state["runners"].as_array().unwrap().len(), 11, "columns 2 to 12");
    Game::apply(&mut game, 0, &Action::Roll, &mut ScriptedDice::new([1, 5, 4, 6])).unwrap();
    Game::apply(
        &mut game,
        0,
        &Action::Move(Move::Both(6, 10)),
        &mut ScriptedDice::new([]),
    )
    .unwrap();
    let state = Game::state(&game);
    assert_eq!(state["phase"], "continue");
    assert_eq!(state["runners"][4], 1, "column 6");
    assert_eq!(state["runners"][8], 1, "column 10");
    assert_eq!(
        state["markers"][0][4], 0,
        "markers move only when the turn is stopped"
    );
}

#[test]
fn the_start_player_is_drawn_from_the_dice() {
    let mut dice = ScriptedDice::new([3]);
    let game = CantStop::new(&Options::default(), 4, &mut dice).expect("setup");
    assert_eq!(game.active(), 2);
    assert_eq!(game.to_act(), vec![2]);
    assert_eq!(game.legal_actions(2), vec![Action::Roll]);
    assert!(game.legal_actions(0).is_empty());
    for players in [0, 5] {
        assert!(CantStop::set_up(&Options::default(), players, &mut ScriptedDice::new([1])).is_err());
    }
}

/// §7.1
#[test]
fn example_1_pairings_of_a_roll() {
    assert_eq!(pairings([1, 5, 4, 6]), [(6, 10), (5, 11), (7, 9)]);
    let mut game = new_game(2, Options::default());
    play(&mut game, &["0 roll 1,5,4,6"]);
    assert_eq!(game.phase(), Phase::Rolled([1, 5, 4, 6]));
    assert_eq!(game.dice(), Some([1, 5, 4, 6]));
    assert_eq!(game.legal_moves(), moves(&["m6+10", "m5+11", "m7+9"]));
}

/// §7.2, with a marker already on 7 so "marker + 2" is visible.
#[test]
fn example_2_one_free_runner() {
    let mut game = new_game(2, Options::default());
    play(
        &mut game,
        &[
            "0 roll 3,4,1,1",
            "0 m2+7",
            "0 stop",
            "1 roll 1,1,1,1",
            "1 m2+2",
            "1 stop",
        ],
    );
    assert_eq!(game.marker(0, 7), 1);
    play(&mut game, &["0 roll 1,5,4,6", "0 m6+10", "0 roll 2,4,3,5"]);
    assert_eq!(game.runners(), vec![(6, 1), (10, 1)]);
    assert_eq!(game.legal_moves(), moves(&["m6+8", "m5", "m9", "m7+7"]));
    rejected(&game, 0, "m5+9", "cantstop-rule-no-free-runner");

    let mut six_eight = game.clone();
    play(&mut six_eight, &["0 m6+8"]);
    assert_eq!(six_eight.runners(), vec![(6, 2), (8, 1), (10, 1)]);

    let mut five = game.clone();
    play(&mut five, &["0 m5"]);
    assert_eq!(five.runners(), vec![(5, 1), (6, 1), (10, 1)]);

    play(&mut game, &["0 m7+7"]);
    assert_eq!(game.runner(7), Some(game.marker(0, 7) + 2));
    assert_eq!(game.free_runners(), 0);
}

/// §7.3: rule d.
#[test]
fn example_3_both_sums_must_be_used() {
    let mut game = new_game(2, Options::default());
    play(&mut game, &["0 roll 1,2,3,3", "0 m3+6", "0 roll 2,4,5,5"]);
    let legal = game.legal_moves();
    assert!(legal.contains(&Move::Both(6, 10)));
    assert!(!legal.contains(&Move::One(6)));
    let reason = rejected(&game, 0, "m6", "cantstop-rule-use-both");
    assert_eq!(reason.args.get("a"), Some(&Arg::Num(6)));
    assert_eq!(reason.args.get("b"), Some(&Arg::Num(10)));
    play(&mut game, &["0 m6+10"]);
    assert_eq!(game.runners(), vec![(3, 1), (6, 2), (10, 1)]);
}

/// §7.4: all runners placed and only 2s rolled.
#[test]
fn example_4_bust_passes_the_turn() {
    let mut game = new_game(2, Options::default());
    play(
        &mut game,
        &[
            "0 roll 1,2,1,1",
            "0 m2+3",
            "0 stop",
            "1 roll 2,2,2,2",
            "1 m4+4",
            "1 stop",
        ],
    );
    let before = game.clone();
    play(&mut game, &["0 roll 1,2,3,3", "0 m3+6", "0 roll 4,4,1,1", "0 m8"]);
    assert_eq!(game.runners(), vec![(3, 2), (6, 1), (8, 1)]);
    assert_eq!(game.bust_rolls(), {
        // Only rolls whose every pair sums to something other than 3, 6 and 8.
        let mut busts = 0;
        for n in 0..ROLLS {
            let d = [n % 6, n / 6 % 6, n / 36 % 6, n / 216].map(|v| v as u8 + 1);
            let sums = pairings(d);
            if sums
                .iter()
                .all(|&(x, y)| ![3, 6, 8].contains(&x) && ![3, 6, 8].contains(&y))
            {
                busts += 1;
            }
        }
        busts
    });
    let events = play(&mut game, &["0 roll 1,1,1,1"]);
    assert_eq!(ids(&events), ["cantstop-log-rolled", "cantstop-log-bust"]);
    assert_eq!(game.active(), 1);
    assert_eq!(game.phase(), Phase::TurnStart);
    assert!(game.runners().is_empty());
    for column in COLUMNS {
        assert_eq!(
            game.marker(0, column),
            before.marker(0, column),
            "column {column}"
        );
    }
    assert_eq!(game.turn(), before.turn() + 1);
}

/// ben claims column 7 by rolling 1,6,1,6 seven times (7 + 7 each time, then 7 alone).
fn ben_claims_seven(game: &mut CantStop) {
    for _ in 0..6 {
        play(game, &["1 roll 1,6,1,6", "1 m7+7"]);
    }
    play(game, &["1 roll 1,6,1,6"]);
    assert_eq!(game.legal_moves(), moves(&["m7", "m2+12"]));
    play(game, &["1 m7"]);
    assert_eq!(game.runner(7), Some(13));
    let events = play(game, &["1 stop"]);
    assert_eq!(ids(&events), ["cantstop-log-stopped", "cantstop-log-claimed"]);
    assert_eq!(game.claimed_by(7), Some(1));
}

/// §7.5
#[test]
fn example_5_a_claimed_column_is_unusable() {
    let mut game = new_game(2, Options::default());
    play(&mut game, &["0 roll 3,4,1,1", "0 m2+7", "0 stop"]);
    ben_claims_seven(&mut game);
    assert_eq!(game.marker(0, 7), 0, "ann's marker in 7 left the board");
    assert!(!game.is_usable(7));
    play(&mut game, &["0 roll 1,3,1,4"]);
    assert_eq!(game.legal_moves(), moves(&["m4+5", "m2"]));
    play(&mut game, &["0 m4+5", "0 roll 3,4,2,5"]);
    assert_eq!(game.legal_moves(), moves(&["m5+9", "m6", "m8"]));
    let reason = rejected(&game, 0, "m7+7", "cantstop-rule-column-claimed");
    assert_eq!(reason.args.get("player"), Some(&Arg::Seat(1)));
    rejected(&game, 0, "m6+8", "cantstop-rule-no-free-runner");
    play(&mut game, &["0 m5+9"]);
    assert_eq!(game.runners(), vec![(4, 1), (5, 2), (9, 1)]);
}

/// §7.6
#[test]
fn example_6_summit_then_claim_removes_other_markers() {
    let mut game = new_game(2, Options::default());
    play(
        &mut game,
        &[
            "0 roll 1,1,1,1",
            "0 m2+2",
            "0 stop",
            "1 roll 1,1,3,3",
            "1 m2+6",
            "1 stop",
        ],
    );
    assert_eq!((game.marker(0, 2), game.marker(1, 2)), (2, 1));
    play(&mut game, &["0 roll 1,1,3,4", "0 m2+7"]);
    assert_eq!(game.runner(2), Some(3), "placed at marker + 1 = the summit");
    assert_eq!(game.claimed_by(2), None, "nothing is claimed before stopping");
    play(&mut game, &["0 roll 1,1,2,2"]);
    assert_eq!(game.legal_moves(), moves(&["m4", "m3+3"]));
    rejected(&game, 0, "m2", "cantstop-rule-runner-at-summit");
    let events = play(&mut game, &["0 m4", "0 stop"]);
    assert!(ids(&events).contains(&"cantstop-log-claimed"));
    assert_eq!(game.claimed_by(2), Some(0));
    assert_eq!(game.marker(0, 2), 3);
    assert_eq!(game.marker(1, 2), 0, "ben's marker in 2 is removed");
    assert_eq!(game.marker(1, 6), 1, "ben's other markers stay");
    assert_eq!(game.claimed_count(0), 1);
    assert_eq!(game.active(), 1);
}

/// §7.7
#[test]
fn example_7_a_bust_loses_an_unclaimed_summit() {
    let mut game = new_game(2, Options::default());
    play(
        &mut game,
        &[
            "0 roll 6,6,6,6",
            "0 m12+12",
            "0 stop",
            "1 roll 1,1,1,1",
            "1 m2+2",
            "1 stop",
        ],
    );
    play(&mut game, &["0 roll 6,6,1,2", "0 m3+12"]);
    assert_eq!(game.runner(12), Some(3));
    let events = play(&mut game, &["0 roll 6,6,6,6"]);
    assert_eq!(ids(&events), ["cantstop-log-rolled", "cantstop-log-bust"]);
    assert_eq!(game.claimed_by(12), None);
    assert_eq!(game.marker(0, 12), 2);
    assert_eq!(game.marker(0, 3), 0);
    assert_eq!(game.active(), 1);
}

/// Claims 2, 12 and 3 in one turn of seat 0: fourteen actions ending in a stop.
const THREE_CLAIMS: &[&str] = &[
    "0 roll 1,1,1,1",
    "0 m2+2",
    "0 roll 1,1,1,1",
    "0 m2",
    "0 roll 6,6,6,6",
    "0 m12+12",
    "0 roll 6,6,6,6",
    "0 m12",
    "0 roll 1,2,1,2",
    "0 m3+3",
    "0 roll 1,2,1,2",
    "0 m3+3",
    "0 roll 1,2,1,2",
    "0 m3",
];

/// §7.8
#[test]
fn example_8_three_claims_win_at_once() {
    let mut game = new_game(3, Options::default());
    play(&mut game, THREE_CLAIMS);
    assert_eq!(game.outcome(), None, "summits claim nothing until the stop");
    let events = play(&mut game, &["0 stop"]);
    assert_eq!(
        ids(&events)
            .iter()
            .filter(|id| **id == "cantstop-log-claimed")
            .count(),
        3
    );
    assert_eq!(game.outcome(), Some(Outcome::Won { winners: vec![0] }));
    assert_eq!(game.phase(), Phase::Over);
    assert!(game.to_act().is_empty());
    assert!((0..3).all(|s| game.legal_actions(s).is_empty()));
    rejected(&game, 1, "roll", "rule-game-over");
    rejected(&game, 1, "resign", "rule-game-over");
}

#[test]
fn solitaire_counts_turns() {
    let mut game = new_game(1, Options::default());
    play(&mut game, &["0 roll 5,5,5,6", "0 m10+11", "0 stop"]);
    play(
        &mut game,
        &[
            "0 roll 1,1,1,1",
            "0 m2+2",
            "0 roll 6,6,6,6",
            "0 m12+12",
            "0 roll 1,1,1,1",
        ],
    );
    assert_eq!(game.legal_moves(), moves(&["m2"]));
    play(&mut game, &["0 m2", "0 roll 1,1,1,1"]);
    assert_eq!(game.turn(), 3, "the bust on 2s ended turn 2");
    assert_eq!(game.active(), 0);
    play(&mut game, THREE_CLAIMS);
    play(&mut game, &["0 stop"]);
    assert_eq!(game.outcome(), Some(Outcome::Solitaire { turns: 3 }));
}

#[test]
fn wrong_phase_and_wrong_seat_are_refused_with_reasons() {
    let mut game = new_game(2, Options::default());
    rejected(&game, 0, "stop", "cantstop-rule-stop-no-progress");
    rejected(&game, 0, "m6+10", "cantstop-rule-roll-first");
    let reason = rejected(&game, 1, "roll", "rule-not-your-turn");
    assert_eq!(reason.args.get("player"), Some(&Arg::Seat(0)));
    rejected(&game, 2, "roll", "rule-not-playing");
    play(&mut game, &["0 roll 1,5,4,6"]);
    rejected(&game, 0, "roll", "cantstop-rule-choose-move-first");
    rejected(&game, 0, "stop", "cantstop-rule-choose-move-first");
    rejected(&game, 0, "m3+8", "cantstop-rule-not-in-roll");
    rejected(&game, 0, "m2", "cantstop-rule-not-in-roll");
    rejected(&game, 0, "m6", "cantstop-rule-use-both");
    rejected(&game, 1, "m6+10", "rule-not-your-turn");
    play(&mut game, &["0 m6+10"]);
    rejected(&game, 0, "m6+10", "cantstop-rule-roll-first");
    assert_eq!(game.legal_actions(0), vec![Action::Roll, Action::Stop]);
}

#[test]
fn resigning_removes_markers_and_the_last_player_wins() {
    let mut game = new_game(3, Options::default());
    play(
        &mut game,
        &["0 roll 1,1,1,1", "0 m2+2", "0 roll 1,1,1,1", "0 m2", "0 stop"],
    );
    assert_eq!(game.claimed_by(2), Some(0));
    play(&mut game, &["1 roll 1,5,4,6", "1 m6+10"]);
    // ann resigns while ben is mid-turn: her claim is released, ben keeps his turn.
    let events = play(&mut game, &["0 resign"]);
    assert_eq!(ids(&events), ["log-resigned"]);
    assert!(!game.is_playing(0));
    assert_eq!(game.claimed_by(2), None);
    assert_eq!(game.marker(0, 2), 0);
    assert!(game.is_usable(2));
    assert_eq!((game.active(), game.phase()), (1, Phase::Choosing));
    rejected(&game, 0, "resign", "rule-not-playing");
    // ben resigns on his own turn: his runners leave and cal plays.
    play(
        &mut game,
        &["1 stop", "2 roll 1,5,4,6", "2 m5+11", "2 stop", "1 resign"],
    );
    assert_eq!(game.outcome(), Some(Outcome::Won { winners: vec![2] }));
    assert!(game.runners().is_empty());
}

#[test]
fn the_active_player_resigning_passes_the_turn() {
    let mut game = new_game(3, Options::default());
    play(&mut game, &["0 roll 1,5,4,6", "0 m6+10", "0 resign"]);
    assert_eq!(game.outcome(), None);
    assert_eq!((game.active(), game.phase()), (1, Phase::TurnStart));
    assert!(game.runners().is_empty());
    play(&mut game, &["1 roll 1,1,1,1", "1 m2+2", "1 stop"]);
    assert_eq!(game.active(), 2, "play skips nobody but the resigned seat");
    play(&mut game, &["2 roll 1,1,1,1", "2 m2+2", "2 stop"]);
    assert_eq!(game.active(), 1);
}

#[test]
fn solitaire_resign_has_no_winner() {
    let mut game = new_game(1, Options::default());
    play(&mut game, &["0 roll 1,5,4,6", "0 resign"]);
    assert_eq!(game.outcome(), Some(Outcome::NoWinner));
}

/// Markers in columns 2–10 for seat 0, then a roll of 5,6,5,6 (pairs 11+11 and 10+12).
fn nine_columns(options: Options) -> CantStop {
    let mut game = new_game(2, options);
    let ben_passes = ["1 roll 3,3,3,3", "1 m6+6", "1 stop"];
    play(
        &mut game,
        &["0 roll 1,1,1,2", "0 m2+3", "0 roll 2,2,2,2", "0 m4+4", "0 stop"],
    );
    play(&mut game, &ben_passes);
    play(
        &mut game,
        &["0 roll 2,3,2,4", "0 m5+6", "0 roll 3,4,3,4", "0 m7+7", "0 stop"],
    );
    play(&mut game, &ben_passes);
    play(
        &mut game,
        &["0 roll 4,4,4,5", "0 m8+9", "0 roll 5,5,5,5", "0 m10+10", "0 stop"],
    );
    play(&mut game, &ben_passes);
    assert!((2..=10).all(|c| game.marker(0, c) > 0));
    play(&mut game, &["0 roll 5,6,5,6"]);
    game
}

#[test]
fn marker_limit_blocks_a_tenth_column() {
    let free = nine_columns(Options::default());
    assert_eq!(free.legal_moves(), moves(&["m11+11", "m10+12"]));

    let limited = nine_columns(Options { marker_limit: true });
    assert_eq!(limited.legal_moves(), moves(&["m10"]));
    let reason = rejected(&limited, 0, "m11+11", "cantstop-rule-marker-limit");
    assert_eq!(reason.args.get("column"), Some(&Arg::Num(11)));
    assert!(limited.bust_rolls() > free.bust_rolls());
}

#[test]
fn options_default_to_off_in_json() {
    let options: Options = serde_json::from_value(serde_json::json!({})).expect("empty options");
    assert!(!options.marker_limit);
    let options: Options = serde_json::from_value(serde_json::json!({ "marker_limit": true })).expect("on");
    assert!(options.marker_limit);
}

#[test]
fn bust_chance_with_runners_on_six_seven_eight() {
    let mut game = new_game(2, Options::default());
    assert_eq!(game.bust_rolls(), 0);
    play(&mut game, &["0 roll 3,3,4,4", "0 m6+8", "0 roll 3,4,1,1", "0 m7"]);
    assert_eq!(game.runners(), vec![(6, 1), (7, 1), (8, 1)]);
    // The well-known figure for 6-7-8: a roll succeeds 91.98% of the time, so 104 of 1296 bust.
    assert_eq!(game.bust_rolls(), 104);
    assert!((game.bust_probability() - 104.0 / 1296.0).abs() < 1e-12);
}

/// The terminal's board is the column list: its legend (the lines above it) names every symbol
/// the columns and the players field show but the seats' marks and the symbols that begin what
/// they mean in words, and nothing they do not (the emoji mountain's ▫️ and ⬛ are not there),
/// in random positions of random games in both languages.
#[test]
fn the_terminal_board_and_its_legend_agree() {
    use crate::engine::testing::{random_positions, symbols};
    let names = ["Ann".to_owned(), "Ben".to_owned(), "Cho".to_owned()];
    let worded =
        |s: &&str| crate::engine::view::SEAT_EMOJI.contains(s) || ["🎲", "⚠️", "🏆", "🏁"].contains(s);
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..6 {
        let options = Options {
            marker_limit: seed % 2 == 0,
        };
        for game in random_positions(new_game(3, options), seed, 400) {
            for locale in Locale::ALL {
                let view = Game::view(&game, None, "", &Tr::new(locale, &names));
                let text = view.text.clone().expect("Can't Stop has a text board");
                // The legend's lines (packed to a phone's width), then the columns' (`` ` 2 ( 3)` ``).
                let split = text.find("\n`").expect("a legend, then the columns");
                let (legend, columns) = (&text[..split], &text[split + 1..]);
                // The players field too (its 🔒 and ⚪); the log's lines are words.
                let players = &view.fields[0];
                let board = format!("{columns}\n{}\n{}", players.name, players.value);
                let shown: Vec<String> = symbols(&board)
                    .into_iter()
                    .filter(|s| !worded(s))
                    .map(str::to_owned)
                    .collect();
                for symbol in &shown {
                    assert!(
                        legend.contains(symbol.as_str()),
                        "{symbol} unexplained in {legend:?}\n{board}"
                    );
                }
                for symbol in symbols(legend) {
                    assert!(board.contains(symbol), "{symbol} named, not shown\n{board}");
                }
                let terminal = view.to_text();
                assert!(!terminal.contains("▫️") && !terminal.contains("⬛"), "{terminal}");
                seen.extend(shown);
            }
        }
    }
    assert!(seen.len() >= 3, "random games showed only {seen:?}");
}

// Board snapshots.

fn snapshot_text(game: &CantStop) -> String {
    let names: Vec<String> = ["ann", "ben", "cho", "dan"][..game.players()]
        .iter()
        .map(std::string::ToString::to_string)
        .collect();
    let tr = Tr::new(Locale::En, &names);
    crate::engine::testing::board_text(&Game::view(game, None, "", &tr))
}

#[test]
fn board_at_the_start() {
    insta::assert_snapshot!("start", snapshot_text(&new_game(2, Options::default())));
}

#[test]
fn board_mid_turn_with_runners() {
    let mut game = new_game(2, Options::default());
    play(
        &mut game,
        &[
            "0 roll 3,4,1,1",
            "0 m2+7",
            "0 stop",
            "1 roll 1,5,4,6",
            "1 m6+10",
            "1 stop",
        ],
    );
    play(&mut game, &["0 roll 1,5,4,6", "0 m6+10", "0 roll 2,4,3,5"]);
    insta::assert_snapshot!("rolled", snapshot_text(&game));
    play(&mut game, &["0 m7+7"]);
    insta::assert_snapshot!("choosing", snapshot_text(&game));
}

#[test]
fn board_with_a_claimed_column() {
    let mut game = new_game(2, Options { marker_limit: true });
    play(&mut game, &["0 roll 3,4,1,1", "0 m2+7", "0 stop"]);
    ben_claims_seven(&mut game);
    play(&mut game, &["0 roll 1,1,2,2", "0 m2+4", "0 roll 1,1,1,1", "0 m2"]);
    insta::assert_snapshot!("claimed", snapshot_text(&game));
}

#[test]
fn board_when_the_game_is_over() {
    let mut game = new_game(2, Options::default());
    play(
        &mut game,
        &[
            "0 roll 1,5,4,6",
            "0 m6+10",
            "0 stop",
            "1 roll 5,5,5,5",
            "1 m10+10",
            "1 stop",
        ],
    );
    play(&mut game, THREE_CLAIMS);
    play(&mut game, &["0 stop"]);
    insta::assert_snapshot!("over", snapshot_text(&game));
}

#[test]
fn board_with_three_players_and_a_claim() {
    let mut game = new_game(3, Options::default());
    play(&mut game, &["0 roll 3,4,1,1", "0 m2+7", "0 stop"]);
    ben_claims_seven(&mut game);
    play(&mut game, &["2 roll 1,1,1,3", "2 m2+4"]);
    insta::assert_snapshot!("three_players", snapshot_text(&game));
}

/// Four players' markers and a runner sharing spaces: the mountain marks them and lists who.
#[test]
fn board_with_four_players_sharing_spaces() {
    let mut game = new_game(4, Options::default());
    play(
        &mut game,
        &[
            "0 roll 1,1,3,4",
            "0 m2+7",
            "0 stop",
            "1 roll 1,1,3,4",
            "1 m2+7",
            "1 stop",
            "2 roll 3,4,3,4",
            "2 m7+7",
            "2 roll 1,1,1,1",
            "2 m2+2",
            "2 stop",
            "3 roll 1,1,3,4",
            "3 m2+7",
        ],
    );
    let text = snapshot_text(&game);
    insta::assert_snapshot!("four_players", text);
}

/// The mountain's lines: every one 11 emoji, the columns' tracks exactly their heights.
#[test]
fn the_mountain_has_the_tracks_shape() {
    let names = vec![];
    let tr = Tr::new(Locale::En, &names);
    let view = Game::view(&new_game(2, Options::default()), None, "", &tr);
    let lines: Vec<&str> = view.description.lines().take(13).collect();
    for line in &lines {
        assert_eq!(crate::engine::testing::emoji_count(line), 11, "{line}");
    }
    for (i, column) in COLUMNS.enumerate() {
        // A space is ▫️ (two chars, the square and its variation selector); the sky ⬛ one.
        let cells = |l: &str| l.replace('\u{FE0F}', "").chars().nth(i);
        let spaces = lines.iter().filter(|l| cells(l) == Some('▫')).count();
        assert_eq!(
            spaces,
            usize::from(HEIGHTS[usize::from(column)]),
            "column {column}"
        );
    }
}

/// The board picture of a position with runners, markers and a claimed column, against a
/// golden PNG compared pixel by pixel, and its alt text.
#[test]
fn the_board_picture_matches_its_golden_png() {
    let mut game = new_game(2, Options::default());
    play(&mut game, &["0 roll 3,4,1,1", "0 m2+7", "0 stop"]);
    ben_claims_seven(&mut game);
    play(&mut game, &["0 roll 1,1,2,2", "0 m2+4", "0 roll 1,1,1,1", "0 m2"]);
    let names = ["Ann".to_owned(), "Ben".to_owned()];
    let picture = Game::picture(&game, "", &Tr::new(Locale::En, &names)).expect("Can't Stop draws its board");
    crate::engine::testing::check_picture(&picture).expect("a small PNG with alt text");
    assert_eq!(
        picture.alt,
        "Can't Stop mountain, columns 2 to 12. Ann (vermillion circle): 2 at 1/3. \
         Ben (blue square): no markers. White runners this turn: 2 at 3/3, 4 at 1/7. \
         Column 7 claimed by Ben."
    );
    crate::engine::testing::assert_golden_png(
        &picture.png,
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/src/games/cantstop/snapshots/board.png"
        ),
    );
}

/// The start player is drawn at set-up: a new game's first report names them, the solitaire
/// game (no draw) and a game under way name nobody, and the board's log does not keep it.
#[test]
fn the_drawn_start_player_opens_the_game() {
    let game = CantStop::new(&Options::default(), 3, &mut ScriptedDice::new([2])).expect("setup");
    assert_eq!(Game::opening(&game), [Event::Start { player: 1 }]);
    let names = ["ann".to_owned(), "ben".to_owned(), "cho".to_owned()];
    let words = text::Tr::new(Locale::En, &names);
    assert_eq!(
        words.msg(&game.describe(&Event::Start { player: 1 })),
        "🎲 The die chose 🟦 ben to start."
    );
    assert!(game.log.is_empty());
    assert!(Game::opening(&new_game(1, Options::default())).is_empty());
    let mut played = new_game(2, Options::default());
    play(&mut played, &["0 roll 1,5,4,6"]);
    assert!(Game::opening(&played).is_empty());
}

mod stepping;
