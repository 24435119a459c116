//! Pictures readable on a phone: what a picture really draws (through its game's scale and
//! offset) is measured, so no game can draw a label or a marker smaller than the frame's
//! [`SCALE`] allows, however it lays out its board.

use super::{Playout, first_steps, long_names};
use crate::engine::frame::SCALE;
use crate::engine::picture::measured;
use crate::engine::{Game, Locale, Tr};

/// Every picture of the usual game (default options) at every player count, in English and
/// Japanese with 32-character names, with each first step of its decision drafted, draws no
/// text smaller than [`SCALE`]'s label and no marker smaller than its marker: 12 px and 16 px
/// once a phone shows it. Options that make a board larger (Ninja's long boards, a long wall)
/// may scale it down, so they are not held to it.
pub fn pictures_are_readable<G: Game>() {
    for players in G::PLAYERS {
        let japanese: Vec<String> = (0..players).map(|s| format!("{s}{}", "忍".repeat(31))).collect();
        let english = long_names(players);
        for seed in 0..3 {
            let playout = Playout::<G>::random(&serde_json::json!({}), players, seed, 0);
            let every = (playout.states.len() / 12).max(1);
            let states = playout.states.iter().step_by(every).chain(playout.states.last());
            for (k, state) in states.enumerate() {
                let locale = Locale::ALL[k % Locale::ALL.len()];
                let names = if locale == Locale::Ja { &japanese } else { &english };
                let tr = Tr::new(locale, names);
                let view = Game::view(state, None, "", &tr);
                for draft in std::iter::once(String::new()).chain(first_steps(&view).take(3)) {
                    let (picture, smallest) = measured(|| Game::picture(state, &draft, &tr));
                    if picture.is_none() {
                        continue;
                    }
                    assert!(
                        smallest.within(SCALE),
                        "{} with {players} players, seed {seed}, draft {draft:?}: drew {smallest:?}, \
                         the least readable on a phone is {SCALE:?}",
                        G::ID
                    );
                }
            }
        }
    }
}
