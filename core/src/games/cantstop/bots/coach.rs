//! The coach: what the strong player would do in a position, and why, in words.

use super::strong::{self, Decision, Params};
use crate::engine::{Game, Measure, Msg, ScriptedDice, Weighing};
use crate::games::cantstop::view::percent;
use crate::games::cantstop::{Action, CantStop, Move, Phase, height};

/// The strong player's advice for the active seat, with the bust chance it faces.
pub fn hint(game: &CantStop) -> Msg {
    match strong::decide(game, &Params::default()) {
        Decision::Move(mv) => {
            // The chance to bust on the roll after the move: applying a move draws no dice.
            let mut next = game.clone();
            let busts = match Game::apply(
                &mut next,
                game.active(),
                &Action::Move(mv),
                &mut ScriptedDice::new([]),
            ) {
                Ok(_) => next.bust_rolls(),
                Err(_) => game.bust_rolls(),
            };
            let msg = match mv {
                Move::Both(a, b) => Msg::new("cantstop-hint-move-both").arg("a", a).arg("b", b),
                Move::One(a) => Msg::new("cantstop-hint-move-one").arg("a", a),
            };
            msg.arg("percent", percent(busts))
        }
        Decision::Roll if game.phase() != Phase::Choosing => Msg::new("cantstop-hint-start"),
        Decision::Roll => Msg::new("cantstop-hint-roll").arg("percent", percent(game.bust_rolls())),
        Decision::Stop => {
            let summits: Vec<String> = game
                .runners()
                .into_iter()
                .filter(|&(c, p)| p == height(c))
                .map(|(c, _)| c.to_string())
                .collect();
            let busts = percent(game.bust_rolls());
            if summits.is_empty() {
                Msg::new("cantstop-hint-stop").arg("percent", busts)
            } else {
                Msg::new("cantstop-hint-stop-claims")
                    .arg("percent", busts)
                    .arg("count", summits.len())
                    .arg("columns", summits.join(", "))
            }
        }
    }
}

/// The strong player's weighing of the active seat's decision, for reviews: the chance to win
/// against the others still playing, or alone the expected rolls still needed. `None` when there
/// is only one thing to do.
pub fn weigh(game: &CantStop) -> Option<Weighing> {
    let weighed = strong::weigh(game, &Params::default());
    if weighed.len() < 2 {
        return None;
    }
    let id = |d: Decision| {
        match d {
            Decision::Roll => Action::Roll,
            Decision::Stop => Action::Stop,
            Decision::Move(mv) => Action::Move(mv),
        }
        .to_string()
    };
    let me = game.active();
    let rivals = (0..game.players()).any(|s| s != me && game.is_playing(s));
    Some(Weighing {
        measure: if rivals {
            Measure::WinChance
        } else {
            Measure::Rolls
        },
        best: id(strong::best(&weighed)),
        choices: weighed.into_iter().map(|(d, v)| (id(d), v)).collect(),
        playouts: None,
    })
}
