//! Pig's rules with scripted dice.

use super::*;
use crate::engine::ScriptedDice;
use crate::engine::testing::assert_refused;

fn two_players() -> Pig {
    Pig::new(&Options { target: 10 }, 2, &mut ScriptedDice::new([1])).expect("setup")
}

#[test]
fn a_one_loses_the_turn_total_and_holding_banks_it() {
    let mut game = two_players();
    game.apply(0, &Action::Roll, &mut ScriptedDice::new([5]))
        .expect("roll");
    assert_eq!(game.pending(), 5);
    game.apply(0, &Action::Roll, &mut ScriptedDice::new([1]))
        .expect("roll");
    assert_eq!((game.pending(), game.score(0), game.active()), (0, 0, 1));
    game.apply(1, &Action::Roll, &mut ScriptedDice::new([6]))
        .expect("roll");
    game.apply(1, &Action::Hold, &mut ScriptedDice::new([]))
        .expect("hold");
    assert_eq!((game.score(1), game.active()), (6, 0));
}

#[test]
fn reaching_the_target_wins() {
    let mut game = two_players();
    for die in [6, 4] {
        game.apply(0, &Action::Roll, &mut ScriptedDice::new([die]))
            .expect("roll");
    }
    game.apply(0, &Action::Hold, &mut ScriptedDice::new([]))
        .expect("hold");
    assert_eq!(game.outcome(), Some(Outcome::Won { winners: vec![0] }));
}

#[test]
fn out_of_turn_and_empty_holds_are_refused() {
    let game = two_players();
    assert_eq!(assert_refused(&game, 1, &Action::Roll).id, "rule-not-your-turn");
    assert_eq!(assert_refused(&game, 0, &Action::Hold).id, "pig-hold-nothing");
}
