//! Property tests over random games: legal play ends in 11–15 turns, every card is accounted for,
//! the responder queue keeps its order, the log replays to the same state, illegal actions change
//! nothing, pile scores follow §5, and every board (every step draft included) fits Discord with
//! five long names.

use super::*;
use crate::engine::bot::pick_index;
use crate::engine::{
    AnyGame, Locale, LoggedAction, RecordingDice, Registered, Rules, SeededDice, apply_logged, testing,
};
use proptest::prelude::*;

/// Far above any real game.
const MAX_ACTIONS: usize = 5_000;

struct Playout {
    players: usize,
    setup_dice: Vec<u8>,
    log: Vec<LoggedAction>,
    states: Vec<Saizumi>,
}

fn state(game: &dyn AnyGame) -> &Saizumi {
    game.as_any().downcast_ref().expect("a Saizumi game")
}

/// Random legal play: uniform among the awaited seat's actions (a responder is done half the
/// time), with, if `resigns`, now and then a resignation by any seat still playing.
fn playout(seed: u64, players: usize, resigns: bool) -> Playout {
    let mut dice = SeededDice::new(seed);
    let mut chooser = SeededDice::new(seed.rotate_left(23) ^ 0x5A12);
    let mut setup = RecordingDice::new(&mut dice);
    let mut game = Registered::<Saizumi>::NEW
        .new_game(&serde_json::Value::Null, players, &mut setup)
        .expect("valid setup");
    let setup_dice = setup.drawn;
    let mut log = vec![];
    let mut states = vec![state(game.as_ref()).clone()];
    while game.outcome().is_none() {
        assert!(
            log.len() < MAX_ACTIONS,
            "seed {seed}: no end after {MAX_ACTIONS} actions"
        );
        let current = state(game.as_ref());
        let (seat, action) = if resigns && chooser.roll(60) == 1 {
            let playing: Vec<Seat> = (0..players).filter(|&s| current.is_playing(s)).collect();
            (playing[pick_index(playing.len(), &mut chooser)], Action::Resign)
        } else {
            let seat = Game::to_act(current)[0];
            let legal = Game::legal_actions(current, seat);
            assert!(!legal.is_empty(), "the awaited seat always has a legal action");
            let action = if legal[0] == Action::Done && chooser.roll(2) == 1 {
                Action::Done
            } else {
                legal[pick_index(legal.len(), &mut chooser)].clone()
            };
            (seat, action)
        };
        let (_, logged) = apply_logged(game.as_mut(), seat, &action.to_string(), &mut dice)
            .unwrap_or_else(|e| panic!("legal action {action} refused: {}", e.0.id));
        log.push(logged);
        states.push(state(game.as_ref()).clone());
    }
    Playout {
        players,
        setup_dice,
        log,
        states,
    }
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

fn check_refusals(game: &Saizumi, junk: &[String]) {
    for seat in 0..=game.players() {
        let legal = Game::legal_actions(game, seat);
        for action in candidates() {
            if legal.contains(&action) || legal_unlisted(game, seat, &action) {
                continue;
            }
            if action == Action::Resign && Game::outcome(game).is_none() && game.is_playing(seat) {
                continue;
            }
            testing::assert_refused(game, seat, &action);
        }
        testing::assert_junk_refused(game, seat, junk);
    }
}

fn long_names(players: usize) -> Vec<String> {
    (0..players)
        .map(|s| {
            format!("{s}_{}", "Wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww")
                .chars()
                .take(32)
                .collect()
        })
        .collect()
}

fn check_views(game: &Saizumi, all_drafts: bool) {
    let names = long_names(game.players());
    for locale in Locale::ALL {
        let tr = Tr::new(locale, &names);
        let drafts = if all_drafts {
            view::reachable_drafts(game, &tr)
        } else {
            vec![String::new()]
        };
        for draft in drafts {
            let v = Game::view(game, None, &draft, &tr);
            v.check_limits()
                .unwrap_or_else(|e| panic!("{e}\ndraft {draft}\n{}", v.to_text()));
            let shown = format!("{}{}", v.to_text(), v.controls_text());
            assert!(!shown.contains('⟦'), "a message is missing:\n{shown}");
            if draft.is_empty() && Game::outcome(game).is_none() {
                assert!(!v.rows.is_empty(), "the awaited seat has controls");
            }
            for id in v.rows.iter().flat_map(|r| r.ids()) {
                if !id.starts_with('~') {
                    let action: Action = id.parse().unwrap_or_else(|_| panic!("`{id}` is an action id"));
                    let mut copy = game.clone();
                    let seat = Game::to_act(game)[0];
                    Game::apply(&mut copy, seat, &action, &mut SeededDice::new(3))
                        .unwrap_or_else(|e| panic!("button {id} is refused: {}", e.0.id));
                }
            }
        }
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
    fn replaying_the_log_reproduces_the_game(seed in any::<u64>(), players in PLAYERS, resigns in any::<bool>()) {
        let game = playout(seed, players, resigns);
        let fresh: Saizumi = testing::replayed(&serde_json::Value::Null, game.players, &game.setup_dice, &game.log).map_err(TestCaseError::fail)?;
        prop_assert_eq!(&fresh, game.states.last().expect("final state"));
    }

    #[test]
    fn illegal_actions_are_refused_and_change_nothing(
        seed in any::<u64>(),
        players in PLAYERS,
        junk in proptest::collection::vec("[a-z0-9: ]{0,10}", 4),
    ) {
        let game = playout(seed, players, false);
        for state in game.states.iter().step_by(9).chain(game.states.last()) {
            check_refusals(state, &junk);
        }
    }

    #[test]
    fn every_board_fits_discord(seed in any::<u64>(), players in PLAYERS) {
        let game = playout(seed, players, seed % 3 == 0);
        for (i, state) in game.states.iter().enumerate() {
            check_views(state, i % 11 == 0);
        }
    }
}
