//! Ishigaki Race's own properties over random games (the engine's conformance suite covers what
//! every game shares): legal play keeps the race's rules, with or without resignations.

use super::*;
use crate::engine::conformance::{Playout, Profile, conformance};
use crate::engine::text::has_message;
use proptest::prelude::*;

conformance!(
    Ishigaki,
    Profile {
        options: vec![serde_json::json!({ "crumbling": true })],
        candidates: |_| vec![Action::Roll, Action::Stop, Action::RollDie2, Action::Resign],
        resign_one_in: 80,
        // Five players each on a square of their own and the final round's line: the worst case
        // is a line over the shared budget (the usual board is about 23 lines).
        most: crate::engine::testing::Budget {
            lines: 46,
            ..suite::MOST
        },
        ..Profile::new(48)
    }
);

fn check_invariants(game: &Ishigaki) {
    let goal = game.options.goal;
    for s in 0..game.players() {
        assert!(game.square(s) <= goal, "nobody above the goal");
        if game.at_goal(s) {
            assert_eq!(game.square(s), goal);
            assert!(game.in_game(s));
        } else if game.in_game(s) {
            assert!(game.square(s) < goal, "only the goal group is on the goal");
        }
    }
    match &game.phase {
        Phase::Race => assert!(game.arrivals.is_empty()),
        Phase::FinalRound { to_play } => {
            assert!(!game.arrivals.is_empty());
            assert_eq!(to_play.first(), Some(&game.active));
        }
        Phase::RollOff(r) => {
            assert!(r.order.len() >= 2 && r.values.len() < r.order.len());
            assert_eq!(r.roller(), game.active);
        }
        Phase::Over { winner } => assert!(game.in_game(*winner)),
    }
    if !matches!(game.phase, Phase::Over { .. }) {
        assert!(game.in_game(game.active));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_play_keeps_the_rules(
        seed in any::<u64>(),
        players in PLAYERS,
        crumbling in any::<bool>(),
        resign_one_in in prop_oneof![Just(0usize), Just(40usize)],
    ) {
        let options = serde_json::json!({ "crumbling": crumbling });
        let game = Playout::<Ishigaki>::random(&options, players, seed, resign_one_in);
        for state in &game.states {
            check_invariants(state);
            for m in state.log() {
                prop_assert!(has_message(&m.id), "{}", m.id);
            }
        }
        let outcome = Game::outcome(game.states.last().expect("the end"));
        let won = matches!(outcome, Some(Outcome::Won { .. }));
        prop_assert!(won || resign_one_in > 0, "{:?}", outcome);
    }
}
