//! Every level plays only legal actions to the end, and the strong player sees clear tactics.

use super::*;
use crate::engine::{Game, Level, Locale, Outcome, SeededDice, Tr, driver};
use crate::games::stones::{Options, Shortfall};

fn game(options: Options) -> Stones {
    Stones::new(&options, 2, &mut SeededDice::new(1)).expect("setup")
}

#[test]
fn every_level_plays_legal_games_to_the_end() {
    let names: Vec<String> = vec![];
    let tr = Tr::new(Locale::En, &names);
    for (i, options) in [
        Options::default(),
        Options { dice: true, dice_shortfall: Shortfall::Lose },
        Options { dice: true, dice_shortfall: Shortfall::MaxPossible },
    ]
    .into_iter()
    .enumerate()
    {
        for (a, b) in [(Level::Easy, Level::Strong), (Level::Strong, Level::Normal), (Level::Normal, Level::Easy)] {
            let bots = [Stones::bot(a), Stones::bot(b)];
            let mut g = game(options);
            let mut rng = SeededDice::new(i as u64);
            let mut dice = SeededDice::new(7 + i as u64);
            let outcome = driver::play(&mut g, &mut dice, 1_000, |g: &Stones, seat| {
                let id = bots[seat].choose(g, seat, &mut rng);
                assert!(crate::engine::AnyGame::choices(g, seat, &tr).iter().any(|c| c.id == id), "{id} is offered");
                id.parse::<Action>().expect("an id")
            }, |_, _, _, _| {})
            .expect("the game ends");
            assert!(matches!(outcome, Outcome::Won { .. }));
        }
    }
}
