//! Pig passes the engine's conformance suite; its own property: scores only grow and stay below
//! the target until the game ends.

use super::*;
use crate::engine::conformance::{Playout, Profile, conformance};
use proptest::prelude::*;

conformance!(
    Pig,
    Profile {
        options: vec![
            serde_json::json!({ "target": 10 }),
            serde_json::json!({ "target": 100 })
        ],
        candidates: |_| vec![Action::Roll, Action::Hold, Action::Resign],
        ..Profile::new(32)
    }
);

proptest! {
    #[test]
    fn scores_only_grow_and_reach_the_target_only_at_the_end(seed in any::<u64>(), players in PLAYERS) {
        let game = Playout::<Pig>::random(&serde_json::json!({}), players, seed, 0);
        for pair in game.states.windows(2) {
            for s in 0..players {
                prop_assert!(pair[1].score(s) >= pair[0].score(s));
            }
            prop_assert!(pair[0].outcome.is_some() || (0..players).all(|s| pair[0].score(s) < pair[0].target()));
        }
    }
}
