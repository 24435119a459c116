use super::*;
use crate::engine::driver::play;
use crate::engine::{AnyGame, Bot, Locale, Outcome, SeededDice, Tr};
use crate::games::saizumi::{Options, Pile};

/// A whole game with the given level at each seat: every choice is offered and legal.
fn game_of(levels: &[Level], seed: u64) -> Outcome {
    let mut dice = SeededDice::new(seed);
    let mut game: Box<dyn AnyGame> =
        Box::new(Saizumi::new(&Options::default(), levels.len(), &mut dice).expect("setup"));
    let bots: Vec<Box<dyn Bot>> = levels.iter().map(|&l| Saizumi::bot(l)).collect();
    let mut rng = SeededDice::new(seed ^ 0xB07);
    let tr = Tr::new(Locale::En, &[]);
    play(
        game.as_mut(),
        &mut dice,
        5_000,
        |g, seat| {
            let id = bots[seat].choose(g, seat, &mut rng);
            assert!(g.choices(seat, &tr).iter().any(|c| c.id == id), "{id} is offered");
            id
        },
        |_, _, _, _| {},
    )
    .expect("the game ends")
}

#[test]
fn every_level_plays_legal_games_to_the_end() {
    for (seed, levels) in [
        (1, vec![Level::Easy, Level::Normal]),
        (2, vec![Level::Strong, Level::Easy, Level::Normal]),
        (3, vec![Level::Strong, Level::Strong, Level::Normal, Level::Easy]),
        (
            4,
            vec![
                Level::Normal,
                Level::Strong,
                Level::Easy,
                Level::Strong,
                Level::Normal,
            ],
        ),
    ] {
        assert!(matches!(game_of(&levels, seed), Outcome::Won { .. }));
    }
}

fn position(piles: &[(Seat, &[(u8, Half)])], dice: Roll) -> Saizumi {
    let mut game = Saizumi::new(&Options::default(), 3, &mut SeededDice::new(5)).expect("setup");
    game.active = 0;
    for (seat, cards) in piles {
        let label = game.next_label[*seat];
        game.next_label[*seat] += 1;
        let cards = cards.iter().map(|&(card, half)| Placed { card, half }).collect();
        game.piles[*seat].push(Pile { label, cards });
    }
    game.checks_pending = 1;
    game.roll(&mut crate::engine::ScriptedDice::new(dice), &mut vec![]);
    game
}

/// The first stone of kind `id`.
fn stone(id: &str) -> u8 {
    let list = super::super::CardList::built_in();
    let kind = list.kinds.iter().position(|k| k.id == id).expect("kind") as u8;
    list.stones.iter().position(|&k| k == kind).expect("a copy") as u8
}

#[test]
fn outlook_is_the_score_then_the_survival_odds() {
    let game = position(&[], [1, 2, 3, 4]);
    let single = [Placed {
        card: stone("A2"),
        half: Half::B,
    }];
    let look = |checks| Look {
        checks,
        per_card: 0.0,
    };
    assert_eq!(outlook(&game, &single, look(0)), vec![0.0, -3.0]);
    let p = 671.0 / 1296.0;
    let v = outlook(&game, &single, look(1));
    assert!((v[1] - (-3.0 * (1.0 - p))).abs() < 1e-9, "{v:?}");
    let triple = [Placed {
        card: stone("B5"),
        half: Half::B,
    }];
    assert!(pile_value(&game, &triple, look(4)) < 0.0);
    let kept = outlook(
        &game,
        &triple,
        Look {
            checks: 0,
            per_card: 2.0,
        },
    );
    assert_eq!(kept, vec![0.0, -1.0]);
}

#[test]
fn strong_uses_set_like_example_7() {
    // Ann: C1b, A3b, B4a; Bea: A3a; Cid: B3b; dice 4-6-6-2, Ann responding last.
    let b3 = stone("B3");
    let game = position(
        &[
            (
                0,
                &[
                    (stone("C1"), Half::B),
                    (stone("A3"), Half::B),
                    (stone("B4"), Half::A),
                ],
            ),
            (1, &[(stone("A3") + 1, Half::A)]),
            (2, &[(b3, Half::B)]),
        ],
        [4, 6, 6, 2],
    );
    let mut game = game;
    for s in [1, 2] {
        Game::apply(&mut game, s, &Action::Done, &mut SeededDice::new(1)).expect("done");
    }
    assert_eq!(Game::to_act(&game), [0]);
    assert_eq!(StrongBot::default().decide(&game, 0).to_string(), "use:1:3");
    assert_eq!(NormalBot::decide(&game, 0).to_string(), "use:1:3");
}

#[test]
fn nobody_responds_without_a_reason_but_strong_may_fell_others() {
    let game = position(
        &[
            (1, &[(stone("B6"), Half::B), (stone("B5"), Half::B)]),
            (2, &[(stone("C3"), Half::B)]),
        ],
        [1, 2, 3, 4],
    );
    assert_eq!(Game::to_act(&game), [1]);
    assert_eq!(NormalBot::decide(&game, 1), Action::Done);
}

/// The coach plays the deck out in guessed orders: two games that differ only in the unseen
/// order are weighed alike, and its advice is one of the responder's choices.
#[test]
fn the_coach_does_not_peek_at_the_deck() {
    let game = position(
        &[
            (1, &[(stone("B6"), Half::B), (stone("B5"), Half::B)]),
            (2, &[(stone("C3"), Half::B)]),
        ],
        [1, 2, 3, 4],
    );
    let mut other = game.clone();
    // The bottom stack, still whole, in another order.
    let n = other.deck.len();
    other.deck[n - super::super::STACK - 4..].reverse();
    assert_ne!(other.deck, game.deck);
    let w = coach::weigh(&game, 1).expect("several responses");
    assert_eq!(coach::weigh(&other, 1), Some(w.clone()));
    let ids: Vec<String> = Game::legal_actions(&game, 1)
        .iter()
        .map(std::string::ToString::to_string)
        .collect();
    assert!(ids.contains(&w.best), "{w:?}");
    // The advice is the likeliest to win, and each choice costs its gap to it.
    let top = w.choices.iter().map(|c| c.1).fold(0.0, f64::max);
    for (a, v) in &w.choices {
        assert_eq!(w.cost(a), Some(top - v), "{a}: {w:?}");
    }
    assert_eq!(w.choices.len(), ids.len());
    let hint = Game::hint(&game, 1).expect("a hint for the responder");
    assert_eq!(hint.id, "saizumi-hint-best");
    // The hint is weighed within its budget, so it may advise another choice: it names one by
    // its label, in every language.
    for locale in Locale::ALL {
        let tr = Tr::new(locale, &[]);
        let said = tr.msg(&hint);
        let named = Game::legal_actions(&game, 1)
            .iter()
            .any(|a| said.contains(&game.label(a, &tr)) && game.label(a, &tr) != a.to_string());
        assert!(named, "{said}");
    }
    assert_eq!(Game::hint(&game, 0), None, "not awaited now");
}
