//! Snapshots of every registered game: random legal games, played once as they are and once
//! through a snapshot after every action (`restore(snapshot(g))` in place of `g`), must pass
//! through the same states, say the same log lines and end the same way. A field a snapshot
//! left out or read back wrong shows as a different state, or later as a different game.

use super::GameKind;
use crate::engine::bot::pick_index;
use crate::engine::{AnyGame, Locale, ScriptedDice, SeededDice, Tr, driver};
use serde_json::{Value, json};

/// Far above any real game.
const LIMIT: usize = 5_000;

/// The options each kind is played with: its defaults and a set that changes what its state
/// holds (another board, another card list), so a snapshot cannot rely on the defaults.
fn option_sets(kind: GameKind) -> Vec<Value> {
    let other = match kind.id() {
        "cantstop" => json!({ "marker_limit": true }),
        "ishigaki" => json!({ "crumbling": true }),
        "ninja" => json!({
            "width": 7,
            "black_start": "a1 b1 c1 d1 e1 f1",
            "red_start": "g11 f11 e11 d11 c11 b11",
        }),
        "stones" => json!({ "dice": true }),
        "saizumi" => {
            let cards = super::saizumi::cards::BUILT_IN
                .replacen(r#"id="A1", copies=6"#, r#"id="Z9", copies=5"#, 1)
                .replacen(r#"id="A2", copies=6"#, r#"id="A2", copies=7"#, 1)
                .replacen("mult=3", "mult=4", 1);
            json!({ "cards": cards })
        }
        other => panic!("no options to try for {other}"),
    };
    vec![json!({}), other]
}

/// `game` restored from its own snapshot: the same state, and the same snapshot again.
fn round_trip(kind: GameKind, game: &dyn AnyGame) -> Box<dyn AnyGame> {
    let snapshot = game.snapshot();
    let restored = kind
        .restore(&snapshot)
        .unwrap_or_else(|e| panic!("{}: the snapshot does not restore: {e}", kind.id()));
    assert_eq!(format!("{restored:?}"), format!("{game:?}"), "{}", kind.id());
    assert_eq!(restored.snapshot(), snapshot, "{}", kind.id());
    restored
}

#[test]
fn every_game_restored_from_a_snapshot_plays_on_the_same() {
    for &kind in GameKind::ALL {
        for options in option_sets(kind) {
            for players in kind.players() {
                for seed in [3, 17] {
                    let seed = seed + players as u64;
                    let mut dice = SeededDice::new(seed);
                    let mut game = kind.new_game(&options, players, &mut dice).expect("valid set-up");
                    let start = game.clone();
                    let names: Vec<String> = (0..players).map(|s| format!("p{s}")).collect();
                    let tr = Tr::new(Locale::En, &names);
                    let mut chooser = SeededDice::new(seed ^ 0x5EED);
                    let (outcome, log) = driver::play_logged(game.as_mut(), &mut dice, LIMIT, |g, seat| {
                        let choices = g.choices(seat, &tr);
                        choices[pick_index(choices.len(), &mut chooser)].id.clone()
                    });
                    let outcome = outcome.expect("random legal play ends");

                    // The game as played, and its twin that lives only through snapshots.
                    let mut played = start.clone();
                    let mut twin = start;
                    for entry in &log {
                        twin = round_trip(kind, twin.as_ref());
                        let apply = |g: &mut Box<dyn AnyGame>| {
                            let mut dice = ScriptedDice::new(entry.dice.iter().copied());
                            g.apply(entry.seat, &entry.action, &mut dice)
                                .unwrap_or_else(|e| panic!("{} refused: {}", entry.action, e.0.id))
                        };
                        let said = apply(&mut played);
                        assert_eq!(apply(&mut twin), said, "{}: {}", kind.id(), entry.action);
                        assert_eq!(format!("{twin:?}"), format!("{played:?}"), "{}", kind.id());
                    }
                    round_trip(kind, twin.as_ref());
                    assert_eq!(twin.outcome(), Some(outcome), "{}", kind.id());
                }
            }
        }
    }
}

#[test]
fn a_snapshot_with_a_board_no_game_could_have_is_refused() {
    let kind = GameKind::from_id("ninja").expect("registered");
    let game = kind
        .new_game(&json!({}), 2, &mut SeededDice::new(1))
        .expect("valid set-up");
    let mut state: Value = serde_json::from_str(&game.snapshot()).expect("JSON");
    assert!(kind.restore(&state.to_string()).is_ok());
    // Wider than the options allow: the board would be built out of its tables' range.
    state["board"]["width"] = json!(250);
    assert!(kind.restore(&state.to_string()).is_err());
}
