//! The reference heuristics against hand-worked positions, legality of every level over random
//! positions, and the strong player's sense on a few clear positions.

use super::*;
use crate::engine::bot::RandomBot;
use crate::engine::{Game, Locale, Outcome, ScriptedDice, SeededDice, Tr};
use crate::games::cantstop::{CantStop, Move, Options};
use proptest::prelude::*;

/// A game where seat 0 starts and the dice are `rolls`, four faces per roll.
fn scripted(players: usize, rolls: &[[u8; 4]]) -> (CantStop, ScriptedDice) {
    let game = CantStop::new(&Options::default(), players, &mut ScriptedDice::new([1])).expect("setup");
    (game, ScriptedDice::new(rolls.concat()))
}

fn act(game: &mut CantStop, action: Action, dice: &mut ScriptedDice) {
    let seat = game.active();
    Game::apply(game, seat, &action, dice).unwrap_or_else(|e| panic!("{action} refused: {}", e.0.id));
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
    assert!(!RULE_OF_28.wants_stop(&game));
    // 6 three up (2 × 4 = 8), 8 two up (2 × 3 = 6): 12 + 8 + 6 − 2 = 24, still short.
    roll_and_move(&mut game, Move::Both(6, 8), &mut dice);
    assert_eq!(RULE_OF_28.stop_score(&game), 24);
    assert!(!RULE_OF_28.wants_stop(&game));
    assert_eq!(HeuristicBot(&RULE_OF_28).action(&game), Action::Roll);
    // 6 four up (2 × 5 = 10), 8 three up (2 × 4 = 8): 12 + 10 + 8 − 2 = 28: stop.
    roll_and_move(&mut game, Move::Both(6, 8), &mut dice);
    assert_eq!(RULE_OF_28.stop_score(&game), 28);
    assert!(RULE_OF_28.wants_stop(&game));
    assert_eq!(HeuristicBot(&RULE_OF_28).action(&game), Action::Stop);
}

#[test]
fn glenn_aloi_scores_with_its_own_values_and_stops_at_29() {
    let (mut game, mut dice) = scripted(2, &[[1, 1, 3, 3], [3, 3, 4, 4], [3, 3, 4, 4]]);
    roll_and_move(&mut game, Move::Both(2, 6), &mut dice);
    roll_and_move(&mut game, Move::Both(6, 8), &mut dice);
    // Progress values 2 → 7, 6 → 2, 8 → 2: 7 × 2 + 2 × 3 + 2 × 2 = 24, all even +1: 25.
    assert_eq!(GLENN_ALOI.stop_score(&game), 25);
    assert!(!GLENN_ALOI.wants_stop(&game));
    // 7 × 2 + 2 × 4 + 2 × 3 + 1 = 29: stop.
    roll_and_move(&mut game, Move::Both(6, 8), &mut dice);
    assert_eq!(GLENN_ALOI.stop_score(&game), 29);
    assert_eq!(HeuristicBot(&GLENN_ALOI).action(&game), Action::Stop);
}

#[test]
fn odd_and_low_adjustments_apply_once_all_runners_are_placed() {
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
fn move_choice_takes_the_best_move_value_less_the_marker_penalty() {
    // Rolls 1,5,4,6 with no runners: 6+10, 5+11, 7+9, each placing two runners (−12).
    let (mut game, mut dice) = scripted(2, &[[1, 5, 4, 6], [2, 4, 3, 5]]);
    act(&mut game, Action::Roll, &mut dice);
    // Rule of 28: 6+10 → 5 + 3 − 12 = −4, 5+11 → 4 + 2 − 12 = −6, 7+9 → 6 + 4 − 12 = −2.
    assert_eq!(RULE_OF_28.move_score(&game, Move::Both(6, 10)), -4);
    assert_eq!(RULE_OF_28.choose_move(&game), Some(Move::Both(7, 9)));
    // Glenn & Aloi: 6+10 → 4 + 2 − 12 = −6, 5+11 → −12, 7+9 → 3 + 0 − 12 = −9.
    assert_eq!(GLENN_ALOI.choose_move(&game), Some(Move::Both(6, 10)));
    act(&mut game, Action::Move(Move::Both(6, 10)), &mut dice);
    // Runners on 6 and 10; rolls 2,4,3,5: 6+8 (8 placed), 5 or 9 alone, 7+7 (placed, then up).
    act(&mut game, Action::Roll, &mut dice);
    // Rule of 28: 6+8 → 5 + 5 − 6 = 4, 5 → 4 − 6, 9 → 4 − 6, 7+7 → 6 + 6 − 6 = 6.
    assert_eq!(RULE_OF_28.move_score(&game, Move::Both(7, 7)), 6);
    assert_eq!(RULE_OF_28.choose_move(&game), Some(Move::Both(7, 7)));
    // Glenn & Aloi: 6+8 → 4 + 4 − 6 = 2, 5 → −6, 9 → −6, 7+7 → 3 + 3 − 6 = 0.
    assert_eq!(GLENN_ALOI.choose_move(&game), Some(Move::Both(6, 8)));
    assert_eq!(
        HeuristicBot(&GLENN_ALOI).action(&game),
        Action::Move(Move::Both(6, 8))
    );
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
fn stopping_to_win_is_not_part_of_the_published_heuristics() {
    let (mut game, mut dice) = two_claimed(&[[3, 3, 3, 3]; 6]);
    for _ in 0..5 {
        roll_and_move(&mut game, Move::Both(6, 6), &mut dice);
    }
    roll_and_move(&mut game, Move::One(6), &mut dice);
    assert_eq!(game.runner(6), Some(11), "the summit of 6");
    // Eleven spaces up in 6: 2 × (11 + 1) = 24, one runner: no adjustment. Below 28.
    assert_eq!(RULE_OF_28.stop_score(&game), 24);
    assert!(heuristics::stopping_wins(&game));
    assert!(!RULE_OF_28.wants_stop(&game));
    let sensible = Heuristic {
        stop_to_win: true,
        ..RULE_OF_28
    };
    assert!(sensible.wants_stop(&game));
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
        let mut bots: Vec<Box<dyn Bot>> = Level::ALL.into_iter().map(bot).collect();
        bots.push(Box::new(HeuristicBot(&GLENN_ALOI)));
        let mut rng = SeededDice::new(seed ^ 1);
        for b in &bots {
            let id = b.choose(&game, seat, &mut rng);
            prop_assert!(offered.contains(&id), "{id} is not among {offered:?}");
        }
    }
}

#[test]
fn strong_beats_random_play_clearly() {
    let strong = bot(Level::Strong);
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
