//! Saizumi's own properties over random games (the engine's conformance suite covers what every
//! game shares): legal play ends in 11–15 turns, every card is accounted for, the responder
//! queue keeps its order, pile scores follow §5, and every board and step draft fits Discord
//! with five long names.

use super::*;
use crate::engine::bot::pick_index;
use crate::engine::conformance::{Playout, Profile, conformance};
use crate::engine::{Locale, SeededDice};
use proptest::prelude::*;

conformance!(
    Saizumi,
    Profile {
        options: vec![serde_json::json!({ "cards": other_cards() })],
        candidates: |_| candidates(),
        unlisted: legal_unlisted,
        resign_one_in: 60,
        words_beside_picture: false,
        // Five players' fields (a line each and one per pile, tall piles wrapped) beside nine
        // market slots: a few lines over the shared budget (about 37 at most in 30 random
        // five-player games).
        most: crate::engine::testing::Budget {
            lines: 44,
            ..suite::MOST
        },
        ..Profile::new(40)
    }
);

/// A card list besides the built-in one, so a state cannot rely on the default list.
fn other_cards() -> String {
    cards::BUILT_IN
        .replacen(r#"id="A1", copies=6"#, r#"id="Z9", copies=5"#, 1)
        .replacen(r#"id="A2", copies=6"#, r#"id="A2", copies=7"#, 1)
        .replacen("mult=3", "mult=4", 1)
}

/// Random legal play: uniform among the first awaited seat's actions (a responder is done half
/// the time), with, if `resigns`, now and then a resignation by any seat still playing.
fn playout(seed: u64, players: usize, resigns: bool) -> Playout<Saizumi> {
    Playout::random_with(
        &serde_json::Value::Null,
        players,
        seed,
        |current: &Saizumi, chooser| {
            if resigns && chooser.roll(60) == 1 {
                let playing: Vec<Seat> = (0..players).filter(|&s| current.is_playing(s)).collect();
                return (playing[pick_index(playing.len(), chooser)], Action::Resign);
            }
            let seat = Game::to_act(current)[0];
            let legal = Game::legal_actions(current, seat);
            let action = if legal[0] == Action::Done && chooser.roll(2) == 1 {
                Action::Done
            } else {
                legal[pick_index(legal.len(), chooser)].clone()
            };
            (seat, action)
        },
    )
}

/// Every card is somewhere: deck, to place, market, piles, discards, or set aside as a visitor.
fn check_conservation(game: &Saizumi) {
    let mut stones: Vec<Card> = vec![];
    let mut visitors = 0usize;
    for d in game.deck() {
        match d {
            Drawn::Stone(c) => stones.push(*c),
            Drawn::Visitor => visitors += 1,
        }
    }
    stones.extend(game.to_place().iter().map(|&(_, c)| c));
    stones.extend((1..=SLOTS).flat_map(|s| game.slot(s).to_vec()));
    for seat in 0..game.players() {
        stones.extend(
            game.piles(seat)
                .iter()
                .flat_map(|p| p.cards.iter().map(|c| c.card)),
        );
    }
    stones.extend(game.discards());
    let set_aside = usize::from(game.visitors_seen());
    assert_eq!(stones.len() + visitors + set_aside, ALL_CARDS, "63 cards in all");
    assert_eq!(visitors + set_aside, cards::VISITORS);
    stones.sort_unstable();
    assert_eq!(
        stones,
        (0..cards::STONES as Card).collect::<Vec<_>>(),
        "each stone exactly once"
    );
}

/// §5 recomputed here from the card list.
fn check_scores(game: &Saizumi) {
    for seat in 0..game.players() {
        let mut total = 0;
        for pile in game.piles(seat) {
            assert!(!pile.cards.is_empty(), "empty piles vanish");
            let half = |p: &Placed| {
                let kind = &game.cards().kinds[usize::from(game.cards().stones[usize::from(p.card)])];
                if p.half == Half::A {
                    kind.a.clone()
                } else {
                    kind.b.clone()
                }
            };
            let top = half(pile.cards.last().expect("non-empty"));
            let pips = pile
                .cards
                .iter()
                .map(|p| half(p).row.iter().filter(|&&f| f == top.centre).count() as i64)
                .sum::<i64>();
            let expected = pips * i64::from(top.mult) * (pile.cards.len() as i64 - 2);
            assert_eq!(game.pile_score(&pile.cards), expected);
            total += expected;
        }
        assert_eq!(game.score(seat), total);
        let labels: Vec<u32> = game.piles(seat).iter().map(|p| p.label).collect();
        assert!(
            labels.windows(2).all(|w| w[0] < w[1]),
            "labels in creation order, never reused"
        );
    }
}

/// The queue as rolled: from the seat after the active one round to it, only seats with piles.
fn check_queue(game: &Saizumi) {
    if let Phase::Respond { queue, at, .. } = game.phase() {
        // Places after the active seat in the playing order.
        let n = game.players();
        let place = |s: Seat| game.order().iter().position(|&o| o == s).expect("seated");
        let active = place(game.active());
        let order: Vec<usize> = queue.iter().map(|&s| (place(s) + n - active - 1) % n).collect();
        assert!(
            order.windows(2).all(|w| w[0] < w[1]),
            "queue {queue:?} after seat {}",
            game.active()
        );
        assert!(queue.iter().all(|&s| game.is_playing(s)));
        assert!(*at < queue.len(), "a finished queue collapses at once");
        assert_eq!(Game::to_act(game), [queue[*at]]);
        let waiting = &queue[*at + 1..];
        assert!(
            waiting.iter().all(|&s| !game.piles(s).is_empty()),
            "waiting seats hold piles"
        );
    }
}

fn check_state(game: &Saizumi) {
    check_conservation(game);
    check_scores(game);
    check_queue(game);
    assert_eq!(*game.phase() == Phase::Over, Game::outcome(game).is_some());
    assert!(usize::from(game.checks_done()) <= cards::VISITORS);
    if *game.phase() == Phase::Place {
        assert!(!game.to_place().is_empty());
    }
}

/// Every action a seat could send, legal or not, for a position.
fn candidates() -> Vec<Action> {
    let mut all = vec![Action::Done, Action::Resign];
    for slot in 0..=10 {
        for stone in 0..=4 {
            all.push(Action::Place { stone, slot });
        }
        all.push(Action::Claim { slot, halves: None });
        all.push(Action::Claim {
            slot,
            halves: Some("ab".into()),
        });
        for pile in 0..=3 {
            for half in ["a", "b", "c"] {
                all.push(Action::Take {
                    slot,
                    pile,
                    half: half.into(),
                });
            }
        }
    }
    for pile in 0..=3 {
        for pos in 0..=4 {
            for face in [None, Some(0), Some(3), Some(7)] {
                all.push(Action::Use { pile, pos, face });
            }
        }
    }
    all
}

/// A claim whose halves fit the slot is legal even when not among the listed patterns.
fn legal_unlisted(game: &Saizumi, seat: Seat, action: &Action) -> bool {
    matches!(action, Action::Claim { .. }) && {
        let mut copy = game.clone();
        Game::apply(&mut copy, seat, action, &mut SeededDice::new(1)).is_ok()
    }
}

/// A game not over shows its awaited seat controls on the public board.
fn check_controls(game: &Saizumi) {
    let names: Vec<String> = (0..game.players()).map(|s| format!("p{s}")).collect();
    let view = Game::view(game, None, "", &Tr::new(Locale::En, &names));
    if Game::outcome(game).is_none() {
        assert!(!view.rows.is_empty(), "the awaited seat has controls");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn random_play_ends_in_11_to_15_turns(seed in any::<u64>(), players in PLAYERS) {
        let game = playout(seed, players, false);
        let last = game.states.last().expect("the end");
        prop_assert!((11..=15).contains(&last.turn()), "turn {}", last.turn());
        prop_assert_eq!(usize::from(last.checks_done()), cards::VISITORS);
        let Some(Outcome::Won { winners }) = Game::outcome(last) else {
            panic!("a winner");
        };
        let best = (0..players).map(|s| last.score(s)).max().expect("players");
        prop_assert!(!winners.is_empty());
        for s in 0..players {
            prop_assert_eq!(winners.contains(&s), last.score(s) == best);
        }
        for state in &game.states {
            check_state(state);
        }
    }

    #[test]
    fn resigning_keeps_the_game_sound(seed in any::<u64>(), players in PLAYERS) {
        let game = playout(seed, players, true);
        for state in &game.states {
            check_state(state);
            for seat in (0..players).filter(|&s| !state.is_playing(s)) {
                prop_assert!(state.piles(seat).is_empty(), "a resigned seat's piles left the game");
                prop_assert!(!Game::to_act(state).contains(&seat));
            }
        }
    }

    #[test]
    fn the_awaited_seat_always_has_controls(seed in any::<u64>(), players in PLAYERS) {
        let game = playout(seed, players, seed % 3 == 0);
        for state in &game.states {
            check_controls(state);
        }
    }
}
