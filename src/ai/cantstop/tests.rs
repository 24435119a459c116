use super::*;
use crate::engine::{Game, ScriptedDice};
use crate::games::cantstop::{CantStop, Move, Options};

#[test]
fn every_level_answers_with_a_legal_choice_at_the_start() {
    let game = CantStop::new(&Options::default(), 2, &mut ScriptedDice::new([1])).expect("setup");
    for level in Level::ALL {
        let id = bot(level).choose(&game, 0, &mut ScriptedDice::new([1, 1]));
        assert_eq!(id, "roll");
    }
    let _ = Move::One(2);
}
