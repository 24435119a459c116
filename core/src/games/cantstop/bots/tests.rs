//! The reference heuristics against hand-worked positions, legality of every level over random
//! positions, and the strong player's sense on a few clear positions.

use super::*;
use crate::engine::bot::{Bot, RandomBot, Typed};
use crate::engine::{AnyGame, Game, Locale, Outcome, ScriptedDice, SeededDice, Tr};
use crate::games::cantstop::{CantStop, Move, Options};
use proptest::prelude::*;

/// A game where seat 0 starts and the dice are `rolls`, four faces per roll.
fn scripted(players: usize, rolls: &[[u8; 4]]) -> (CantStop, ScriptedDice) {
    let game = CantStop::new(&Options::default(), players, &mut ScriptedDice::new([1])).expect("setup");
    (game, ScriptedDice::new(rolls.concat()))
}

fn act(game: &mut CantStop, action: Action, dice: &mut ScriptedDice) {
    let seat = game.active();
    Game::apply(game, seat, &action, dice).unwrap_or_else(|e| panic!("{action} refused: {}", e.msg().id));
}

/// Roll, then make `mv`.
fn roll_and_move(game: &mut CantStop, mv: Move, dice: &mut ScriptedDice) {
    act(game, Action::Roll, dice);
    act(game, Action::Move(mv), dice);
}

#[test]
fn rule_of_28_stops_when_the_score_reaches_28() {
    let (mut game, mut dice) = scripted(2, &[[1, 1, 3, 3], [3, 3, 4, 4], [3, 3, 4, 4], [3, 3, 4, 4]]);
    // 2 + 6 from markers at 0: both runners placed, each worth twice its value:
    // 2 → 6 × 2 = 12, 6 → 2 × 2 = 4: 16.
    roll_and_move(&mut game, Move::Both(2, 6), &mut dice);
    assert_eq!(RULE_OF_28.stop_score(&game), 16);
    // 6 + 8: 6 is two spaces up (2 × 3 = 6), 8 placed (2 × 2 = 4); three runners on even
    // columns: −2; 2, 6, 8 are neither all ≤ 7 nor all ≥ 7. 12 + 6 + 4 − 2 = 20.
    roll_and_move(&mut game, Move::Both(6, 8), &mut dice);
    assert_eq!(RULE_OF_28.stop_score(&game), 20);
    assert!(RULE_OF_28.wants_roll(&game));
    // 6 three up (2 × 4 = 8), 8 two up (2 × 3 = 6): 12 + 8 + 6 − 2 = 24, still short.
    roll_and_move(&mut game, Move::Both(6, 8), &mut dice);
    assert_eq!(RULE_OF_28.stop_score(&game), 24);
    assert!(RULE_OF_28.wants_roll(&game));
    assert_eq!(HeuristicBot(&RULE_OF_28).action(&game), Action::Roll);
    // 6 four up (2 × 5 = 10), 8 three up (2 × 4 = 8): 12 + 10 + 8 − 2 = 28: stop.
    roll_and_move(&mut game, Move::Both(6, 8), &mut dice);
    assert_eq!(RULE_OF_28.stop_score(&game), 28);
    assert!(!RULE_OF_28.wants_roll(&game));
    assert_eq!(HeuristicBot(&RULE_OF_28).action(&game), Action::Stop);
}

#[test]
fn glenn_aloi_scores_with_its_own_values_and_stops_at_29() {
    let (mut game, mut dice) = scripted(2, &[[1, 1, 3, 3], [3, 3, 4, 4], [3, 3, 4, 4]]);
    roll_and_move(&mut game, Move::Both(2, 6), &mut dice);
    roll_and_move(&mut game, Move::Both(6, 8), &mut dice);
    // Progress values 2 → 7, 6 → 2, 8 → 2: 7 × 2 + 2 × 3 + 2 × 2 = 24, all even +1: 25.
    assert_eq!(GLENN_ALOI.stop_score(&game), 25);
    assert!(GLENN_ALOI.wants_roll(&game));
    // 7 × 2 + 2 × 4 + 2 × 3 + 1 = 29: stop.
    roll_and_move(&mut game, Move::Both(6, 8), &mut dice);
    assert_eq!(GLENN_ALOI.stop_score(&game), 29);
    assert_eq!(HeuristicBot(&GLENN_ALOI).action(&game), Action::Stop);
}

#[test]
fn odd_and_low_values_apply_once_all_runners_are_placed() {
    let (mut game, mut dice) = scripted(2, &[[1, 2, 2, 3], [3, 4, 1, 1]]);
    roll_and_move(&mut game, Move::Both(3, 5), &mut dice);
    // Two runners: no adjustment yet. Rule of 28: 5 × 2 + 3 × 2 = 16.
    assert_eq!(RULE_OF_28.stop_score(&game), 16);
    roll_and_move(&mut game, Move::One(7), &mut dice);
    // 3, 5, 7 are all odd and all ≤ 7: 16 + 1 × 2 + 2 (odd) + 4 (low) = 24.
    assert_eq!(RULE_OF_28.stop_score(&game), 24);
    // Glenn & Aloi: 7 × 2 + 2 × 2 + 1 × 2 = 20, + 7 (odd) + 5 (low) = 32.
    assert_eq!(GLENN_ALOI.stop_score(&game), 32);
}

#[test]
fn column_7_counts_as_high_and_as_low() {
    let (mut game, mut dice) = scripted(2, &[[4, 4, 5, 5], [3, 4, 1, 1]]);
    roll_and_move(&mut game, Move::Both(8, 10), &mut dice);
    roll_and_move(&mut game, Move::One(7), &mut dice);
    // 8, 10, 7 placed: 2 × 2 + 4 × 2 + 1 × 2 = 14; all ≥ 7 with 7 counted high: + 4.
    assert_eq!(RULE_OF_28.stop_score(&game), 18);
}

#[test]
fn a_new_runner_counts_its_first_space_twice_in_the_move_choice() {
    // Runners on 6 and 8, one free; the roll 1 5 2 6 offers 6 + 8, 3 or 11 alone, and 7 + 7.
    let (mut game, mut dice) = scripted(2, &[[3, 3, 4, 4], [1, 5, 2, 6]]);
    roll_and_move(&mut game, Move::Both(6, 8), &mut dice);
    act(&mut game, Action::Roll, &mut dice);
    // Choice counts of the positions reached (weights 6, 5, 4, 3, 2, 1 towards the edges),
    // less 6 per runner: 6 + 8 → 5 × 3 + 5 × 3 − 12 = 18; 7 + 7 places a runner on 7 and
    // climbs again: 5 × 2 + 5 × 2 + 6 × 3 − 18 = 20 (without the marked space it would be 14);
    // 3 → 5 × 2 + 5 × 2 + 2 × 2 − 18 = 6.
    assert_eq!(RULE_OF_28.choice_score(&game, Move::Both(6, 8)), 18);
    assert_eq!(RULE_OF_28.choice_score(&game, Move::Both(7, 7)), 20);
    assert_eq!(RULE_OF_28.choice_score(&game, Move::One(3)), 6);
    assert_eq!(RULE_OF_28.choose_move(&game), Some(Move::Both(7, 7)));
}

#[test]
fn group_values_deter_in_the_move_choice() {
    // Runners on 3 and 5, one free; the roll 3 4 4 4 offers 7 or 8 alone.
    let (mut game, mut dice) = scripted(2, &[[1, 2, 2, 3], [3, 4, 4, 4]]);
    roll_and_move(&mut game, Move::Both(3, 5), &mut dice);
    act(&mut game, Action::Roll, &mut dice);
    // 3, 5 → 2 × 2 + 4 × 2 = 12. 7: + 6 × 2, all odd (−2) and all ≤ 7 (−4), − 18 = 0.
    // 8: + 5 × 2, no group, − 18 = 4. Without the groups, 7 would score 6 and win.
    assert_eq!(RULE_OF_28.choice_score(&game, Move::One(7)), 0);
    assert_eq!(RULE_OF_28.choice_score(&game, Move::One(8)), 4);
    assert_eq!(RULE_OF_28.choose_move(&game), Some(Move::One(8)));
    // Glenn & Aloi's choice weights (7 0 2 0 4 3): 3, 5 → 0; 7: 3 × 2 − 7 − 5 − 18 = −24;
    // 8: 4 × 2 − 18 = −10.
    assert_eq!(GLENN_ALOI.choice_score(&game, Move::One(7)), -24);
    assert_eq!(GLENN_ALOI.choose_move(&game), Some(Move::One(8)));
}

#[test]
fn the_fill_rule_rolls_on_past_the_threshold_while_a_runner_is_free() {
    let twos = [1, 1, 6, 6];
    let (mut game, mut dice) = scripted(2, &[twos, twos, [3, 4, 3, 4]]);
    roll_and_move(&mut game, Move::Both(2, 12), &mut dice);
    roll_and_move(&mut game, Move::Both(2, 12), &mut dice);
    // 2 and 12 two spaces up: 6 × 3 × 2 = 36, past 28; one runner free, nine columns open.
    assert_eq!(RULE_OF_28.stop_score(&game), 36);
    assert!(heuristics::fill_rule(&game));
    assert_eq!(HeuristicBot(&RULE_OF_28).action(&game), Action::Roll);
    assert_eq!(HeuristicBot(&GLENN_ALOI).action(&game), Action::Roll);
    roll_and_move(&mut game, Move::Both(7, 7), &mut dice);
    // All three runners out: the count alone decides. 36 + 1 × 3 (2, 7, 12 form no group).
    assert!(!heuristics::fill_rule(&game));
    assert_eq!(RULE_OF_28.stop_score(&game), 39);
    assert_eq!(HeuristicBot(&RULE_OF_28).action(&game), Action::Stop);
}

#[test]
fn glenn_linear_values_a_space_by_its_height() {
    let (mut game, mut dice) = scripted(1, &[[3, 4, 3, 4], [3, 4, 6, 6]]);
    act(&mut game, Action::Roll, &mut dice);
    // Column 7 (13 spaces): ⌊32 × (s − 1) / 12⌋ + 5 per space, nothing for placing:
    // spaces 1 and 2 → 5 + 7 = 12, less 12 for the runner.
    assert_eq!(GLENN_LINEAR.choice_score(&game, Move::Both(7, 7)), 0);
    act(&mut game, Action::Move(Move::Both(7, 7)), &mut dice);
    act(&mut game, Action::Stop, &mut dice);
    act(&mut game, Action::Roll, &mut dice);
    // Next turn from the marker at 2: space 3 of 7 → ⌊64 / 12⌋ + 5 = 10; space 1 of 12 →
    // 0 + 15; two runners: 25 − 24 = 1.
    assert_eq!(GLENN_LINEAR.choice_score(&game, Move::Both(7, 12)), 1);
}

/// A solitaire game that has claimed 2 and 12 in its first turn, with `rolls` to come.
fn two_claimed(rolls: &[[u8; 4]]) -> (CantStop, ScriptedDice) {
    let twos = [1, 1, 6, 6];
    let (mut game, mut dice) = scripted(1, &[&[twos, twos, twos], rolls].concat());
    for _ in 0..3 {
        roll_and_move(&mut game, Move::Both(2, 12), &mut dice);
    }
    act(&mut game, Action::Stop, &mut dice);
    assert_eq!(game.claimed_count(0), 2);
    (game, dice)
}

#[test]
fn the_published_players_stop_when_stopping_wins() {
    let (mut game, mut dice) = two_claimed(&[[3, 3, 3, 3]; 6]);
    for _ in 0..5 {
        roll_and_move(&mut game, Move::Both(6, 6), &mut dice);
    }
    roll_and_move(&mut game, Move::One(6), &mut dice);
    assert_eq!(game.runner(6), Some(11), "the summit of 6");
    // Eleven spaces up in 6: 2 × (11 + 1) = 24, below 28, and the fill rule would roll on.
    assert_eq!(RULE_OF_28.stop_score(&game), 24);
    assert!(heuristics::fill_rule(&game));
    assert!(heuristics::stopping_wins(&game));
    for h in [&RULE_OF_28, &GLENN_ALOI, &GLENN_LINEAR] {
        assert_eq!(HeuristicBot(h).action(&game), Action::Stop, "{}", h.name);
    }
}

#[test]
fn strong_stops_when_stopping_wins() {
    let threes = [1, 2, 1, 2];
    let (mut game, mut dice) = two_claimed(&[threes, threes, threes]);
    roll_and_move(&mut game, Move::Both(3, 3), &mut dice);
    roll_and_move(&mut game, Move::Both(3, 3), &mut dice);
    assert_eq!(
        StrongBot::default().action(&game),
        Action::Roll,
        "one space short"
    );
    roll_and_move(&mut game, Move::One(3), &mut dice);
    assert_eq!(StrongBot::default().action(&game), Action::Stop);
}

#[test]
fn the_coach_says_what_strong_does_and_the_bust_chance() {
    let threes = [1, 2, 1, 2];
    let (mut game, mut dice) = two_claimed(&[threes, threes, threes]);
    assert_eq!(coach::hint(&game).id, "cantstop-hint-start");
    act(&mut game, Action::Roll, &mut dice);
    // 1 2 1 2 pairs into 3 + 3 (twice) or 2 + 4 (2 is claimed): strong takes 3 + 3.
    assert_eq!(StrongBot::default().action(&game), Action::Move(Move::Both(3, 3)));
    let hint = coach::hint(&game);
    assert_eq!(hint.id, "cantstop-hint-move-both");
    let tr = Tr::new(Locale::En, &[]);
    act(&mut game, Action::Move(Move::Both(3, 3)), &mut dice);
    let bust = format!("{}%", crate::games::cantstop::view::percent(game.bust_rolls()));
    assert!(tr.msg(&hint).contains(&bust), "{} names {bust}", tr.msg(&hint));
    // One space short of the summit of 3, strong rolls on; at the summit, stopping wins.
    roll_and_move(&mut game, Move::Both(3, 3), &mut dice);
    assert_eq!(StrongBot::default().action(&game), Action::Roll);
    assert_eq!(coach::hint(&game).id, "cantstop-hint-roll");
    roll_and_move(&mut game, Move::One(3), &mut dice);
    assert_eq!(StrongBot::default().action(&game), Action::Stop);
    let hint = coach::hint(&game);
    assert_eq!(hint.id, "cantstop-hint-stop-claims");
    let text = Tr::new(Locale::Ja, &[]).msg(&hint);
    assert!(text.contains('3'), "{text}");
}

#[test]
fn strong_does_not_stop_after_one_small_move() {
    let (mut game, mut dice) = scripted(2, &[[1, 5, 4, 6]]);
    act(&mut game, Action::Roll, &mut dice);
    let Action::Move(mv) = StrongBot::default().action(&game) else {
        panic!("a roll waits for a move");
    };
    assert!(game.legal_moves().contains(&mv));
    act(&mut game, Action::Move(mv), &mut dice);
    assert_eq!(StrongBot::default().action(&game), Action::Roll);
}

/// A position reached by `steps` random legal actions (fewer if the game ends first).
fn random_position(seed: u64, players: usize, marker_limit: bool, steps: usize) -> CantStop {
    let options = Options { marker_limit };
    let mut dice = SeededDice::new(seed);
    let mut game = CantStop::new(&options, players, &mut dice).expect("setup");
    for _ in 0..steps {
        let seat = game.active();
        let legal = Game::legal_actions(&game, seat);
        if legal.is_empty() {
            break;
        }
        let action = legal[pick_index(legal.len(), &mut dice)];
        Game::apply(&mut game, seat, &action, &mut dice).expect("a legal action");
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_level_only_chooses_offered_actions(
        seed in any::<u64>(),
        players in 1usize..=4,
        marker_limit in any::<bool>(),
        steps in 0usize..400,
    ) {
        let game = random_position(seed, players, marker_limit, steps);
        prop_assume!(Game::outcome(&game).is_none());
        let seat = game.active();
        let offered: Vec<String> = AnyGame::choices(&game, seat, &Tr::new(Locale::En, &[]))
            .into_iter()
            .map(|c| c.id)
            .collect();
        let mut bots: Vec<Box<dyn Bot>> = Level::ALL.into_iter().map(CantStop::bot).collect();
        bots.push(Box::new(Typed::<CantStop>(Box::new(HeuristicBot(&GLENN_ALOI)))));
        bots.push(Box::new(Typed::<CantStop>(Box::new(HeuristicBot(&GLENN_LINEAR)))));
        let mut rng = SeededDice::new(seed ^ 1);
        for b in &bots {
            let id = b.choose(&game, seat, &mut rng);
            prop_assert!(offered.contains(&id), "{id} is not among {offered:?}");
        }
    }
}

#[test]
fn strong_beats_random_play_clearly() {
    let strong = CantStop::bot(Level::Strong);
    let mut strong_wins = 0;
    let games = 24;
    for g in 0..games {
        let strong_seat = g % 2;
        let mut dice = SeededDice::new(g as u64);
        let mut rng = SeededDice::new(!(g as u64));
        let mut game = CantStop::new(&Options::default(), 2, &mut dice).expect("setup");
        while Game::outcome(&game).is_none() {
            let seat = game.active();
            let id = if seat == strong_seat {
                strong.choose(&game, seat, &mut rng)
            } else {
                RandomBot.choose(&game, seat, &mut rng)
            };
            AnyGame::apply(&mut game, seat, &id, &mut dice).expect("a legal choice");
        }
        if Game::outcome(&game)
            == Some(Outcome::Won {
                winners: vec![strong_seat],
            })
        {
            strong_wins += 1;
        }
    }
    assert!(strong_wins >= 23, "strong won only {strong_wins} of {games}");
}

/// A logged two-player game of the Rule of 28 (seat 0) against strong (seat 1), and a solitaire
/// one of easy play.
fn logged_game(players: usize, seed: u64) -> (CantStop, Vec<crate::engine::LoggedAction>) {
    let setup = || CantStop::set_up(&Options::default(), players, &mut SeededDice::new(seed)).expect("setup");
    let mut game = setup();
    let bots = [CantStop::bot(Level::Normal), CantStop::bot(Level::Strong)];
    let mut rng = SeededDice::new(seed ^ 7);
    let easy = CantStop::bot(Level::Easy);
    let (_, log) =
        crate::engine::driver::play_logged(&mut game, &mut SeededDice::new(seed), 10_000, |g, s| {
            if players == 1 {
                easy.choose(g, s, &mut rng)
            } else {
                bots[s % 2].choose(g, s, &mut rng)
            }
        });
    (setup(), log)
}

#[test]
fn a_review_lists_only_decisions_strong_makes_otherwise_costliest_first() {
    use crate::engine::coach::{Measure, review};
    for (players, measure) in [(2, Measure::WinChance), (1, Measure::Rolls)] {
        let (mut fresh, log) = logged_game(players, 11);
        let names = ["ann".to_owned(), "ben".to_owned()];
        let tr = Tr::new(Locale::En, &names);
        let slips = review(&mut fresh, &log, &tr).expect("the log replays");
        assert!(
            !slips.is_empty(),
            "{players} players: the weaker play slipped somewhere"
        );
        assert!(
            slips.windows(2).all(|w| w[0].cost >= w[1].cost),
            "costliest first"
        );
        for slip in &slips {
            assert_eq!(slip.measure, measure);
            assert!(slip.cost > 0.0);
            // The position before the slip, and the strong player's own choice there.
            let (mut game, _) = logged_game(players, 11);
            crate::engine::replay(&mut game, &log[..slip.step - 1]).expect("replays");
            let strong = StrongBot::default().action(&game).to_string();
            assert_eq!(log[slip.step - 1].action, slip.taken_id);
            assert_ne!(slip.taken_id, strong, "step {} matched the strong bot", slip.step);
            assert_eq!(slip.best_id, strong);
        }
        // In two-player games strong (seat 1) never differs from itself.
        assert!(slips.iter().all(|s| players == 1 || s.seat == 0));
    }
}

#[test]
fn the_coach_weighs_the_choice_strong_makes() {
    let (mut game, log) = logged_game(3, 5);
    for entry in log.iter().take(150) {
        let state = game.clone();
        if let Some(w) = coach::weigh(&state) {
            assert_eq!(w.best, StrongBot::default().action(&state).to_string());
            assert!(
                w.choices
                    .iter()
                    .all(|(_, v)| *v <= w.choices.iter().find(|c| c.0 == w.best).unwrap().1)
            );
        }
        let mut dice = ScriptedDice::new(entry.dice.iter().copied()).lenient();
        AnyGame::apply(&mut game, entry.seat, &entry.action, &mut dice).expect("replays");
    }
}
