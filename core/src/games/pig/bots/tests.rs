use super::*;
use crate::engine::{Outcome, SeededDice, driver};

/// Every level ends a solitaire game, the strong one in fewer turns than easy on average.
#[test]
fn every_level_finishes_and_strong_takes_fewer_turns_than_easy() {
    let turns = |level: Level| -> u32 {
        (0..40)
            .map(|seed| {
                let mut dice = SeededDice::new(seed);
                let mut game = Pig::new(&super::super::Options::default(), 1, &mut dice).expect("setup");
                let bot = Pig::bot(level);
                let mut rng = SeededDice::new(seed ^ 7);
                driver::play_logged(&mut game, &mut dice, 10_000, |g, s| bot.choose(g, s, &mut rng))
                    .0
                    .map(|outcome| match outcome {
                        Outcome::Solitaire { turns } => turns,
                        other => panic!("{other:?}"),
                    })
                    .expect("the game ends")
            })
            .sum()
    };
    assert!(turns(Level::Strong) < turns(Level::Easy));
}
