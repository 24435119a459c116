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

/// The moves of a seeded game of normal against strong players (seat `s` strong when `s + seed`
/// is even), its final scores, and the first decision with a choice after move 30.
fn moves_of(players: usize, seed: u64) -> (Vec<String>, Vec<i64>, Option<Saizumi>) {
    let mut dice = SeededDice::new(seed);
    let mut game = Saizumi::new(&Options::default(), players, &mut dice).expect("setup");
    let bots: Vec<Box<dyn Strategy<Saizumi>>> = (0..players)
        .map(|s| {
            strategy(if (s as u64 + seed).is_multiple_of(2) {
                Level::Strong
            } else {
                Level::Normal
            })
        })
        .collect();
    let (mut moves, mut decision) = (vec![], None);
    while Game::outcome(&game).is_none() {
        let seat = game.first_to_act().expect("someone to act");
        if moves.len() >= 30 && decision.is_none() && Game::legal_actions(&game, seat).len() > 1 {
            decision = Some(game.clone());
        }
        let action = bots[seat].play(&game, seat, &mut dice);
        moves.push(action.to_string());
        game.apply_events(seat, &action, &mut dice, &mut vec![])
            .expect("a legal move");
    }
    (moves, (0..players).map(|s| game.score(s)).collect(), decision)
}

/// FNV-1a, so a pinned game fits on a line.
fn fingerprint(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// A pinned game: players, seed, moves, their fingerprint, the final scores and the weighing's.
type Pin = (usize, u64, usize, u64, &'static [i64], Option<u64>);

/// The normal and strong players' decisions, pinned on whole seeded games (the moves and final
/// scores, and the coach's weighing of a decision, which the normal player plays out) as the
/// first, straightforward valuation played them, enumerating every ordered reroll: a faster
/// valuation must not change a single move.
#[test]
fn seeded_games_between_normal_and_strong_are_played_as_pinned() {
    // Players, seed: moves, their fingerprint, the scores, the weighing's fingerprint (seeds 1
    // and 2 only: a weighing plays hundreds of games).
    let pinned: [Pin; 12] = [
        (
            2,
            1,
            73,
            17_680_394_872_242_860_614,
            &[2, 67],
            Some(15_790_876_717_484_277_332),
        ),
        (
            2,
            2,
            74,
            4_491_681_337_211_906_613,
            &[100, 36],
            Some(4_367_411_119_497_665_802),
        ),
        (2, 3, 76, 2_192_853_645_694_368_102, &[28, 88], None),
        (2, 4, 71, 583_231_790_524_441_366, &[56, 4], None),
        (
            3,
            1,
            80,
            14_594_670_892_975_014_475,
            &[14, 36, 36],
            Some(7_582_956_621_039_292_952),
        ),
        (
            3,
            2,
            88,
            9_084_172_230_465_592_721,
            &[18, 0, 3],
            Some(4_068_179_865_108_994_890),
        ),
        (3, 3, 81, 12_132_434_388_586_954_622, &[0, 9, 0], None),
        (3, 4, 87, 16_142_156_760_195_589_128, &[14, 0, 6], None),
        (
            4,
            1,
            88,
            10_808_621_902_671_510_716,
            &[0, 6, 4, 42],
            Some(9_552_451_289_640_410_274),
        ),
        (
            4,
            2,
            86,
            14_461_169_981_416_850_546,
            &[42, 4, 6, 3],
            Some(14_666_987_895_231_366_101),
        ),
        (4, 3, 76, 576_127_318_785_183_215, &[0, 36, 0, 6], None),
        (4, 4, 85, 4_981_095_524_169_285_327, &[0, 0, 5, 0], None),
    ];
    for (players, seed, count, print, scores, weighed) in pinned {
        let (moves, final_scores, decision) = moves_of(players, seed);
        let game = format!("{players} players, seed {seed}");
        assert_eq!(
            (moves.len(), fingerprint(&moves.join(" "))),
            (count, print),
            "{game}"
        );
        assert_eq!(final_scores, scores, "{game}");
        let decision = decision.expect("a decision after move 30");
        let seat = decision.first_to_act().expect("a seat");
        let weighing = weighed.map(|_| fingerprint(&format!("{:?}", coach::weigh(&decision, seat))));
        assert_eq!(weighing, weighed, "{game}");
    }
}

/// The reference the tabulated dice arithmetic is held to: every ordered reroll enumerated, a
/// hashed lookup per roll.
mod reference {
    use super::super::super::{Effect, ROLLS, Roll, Saizumi, counts, multisets};
    use super::Placed;

    pub fn multiset_index(c: &[u8; 7]) -> usize {
        multisets().iter().position(|(m, _)| m == c).expect("four dice")
    }

    pub fn outcomes(dice: Roll, effect: Effect, face: Option<u8>) -> Vec<(usize, f64)> {
        let reroll: Vec<usize> = match effect {
            Effect::Set(n) => return vec![(multiset_index(&counts(&[n; 4])), 1.0)],
            Effect::RerollAll => (0..4).collect(),
            Effect::Reroll(printed) => {
                let n = printed.or(face).unwrap_or_default();
                (0..4).filter(|&i| dice[i] == n).collect()
            }
        };
        let k = reroll.len() as u32;
        let total = 6u32.pow(k);
        let mut chance = vec![0.0; multisets().len()];
        for n in 0..total {
            let mut roll = dice;
            for (j, &i) in reroll.iter().enumerate() {
                roll[i] = (n / 6u32.pow(j as u32) % 6) as u8 + 1;
            }
            chance[multiset_index(&counts(&roll))] += 1.0 / f64::from(total);
        }
        chance.into_iter().enumerate().filter(|(_, p)| *p > 0.0).collect()
    }

    /// The chance that a check's lowest matching card is each position (1-based).
    pub fn falls(game: &Saizumi, cards: &[Placed]) -> Vec<f64> {
        let mut falls = vec![0.0; cards.len() + 1];
        for (c, w) in multisets() {
            if let Some(m) = game.lowest_match(cards, c) {
                falls[m] += f64::from(*w) / f64::from(ROLLS);
            }
        }
        falls
    }
}

fn effect_strategy() -> impl proptest::strategy::Strategy<Value = Effect> {
    use proptest::prelude::*;
    prop_oneof![
        Just(Effect::RerollAll),
        proptest::option::of(1..=6u8).prop_map(Effect::Reroll),
        (1..=6u8).prop_map(Effect::Set),
    ]
}

proptest::proptest! {
    /// Every effect on every roll: the same outcomes, in the same order, with bit-identical
    /// chances (a decision compares sums of them).
    #[test]
    fn outcomes_are_the_enumerated_rerolls(
        dice in proptest::array::uniform4(1..=6u8),
        effect in effect_strategy(),
        face in proptest::option::of(1..=6u8),
    ) {
        let (fast, slow) = (odds::outcomes(dice, effect, face), reference::outcomes(dice, effect, face));
        proptest::prop_assert_eq!(fast, slow);
    }

    /// Any pile of up to eight cards of the built-in list: the same rolls fell the same card,
    /// so its outlook is bit-identical to one by [`Saizumi::lowest_match`].
    #[test]
    fn a_piles_falls_are_its_lowest_matches(
        cards in proptest::collection::vec((0..54u8, proptest::bool::ANY), 0..8),
        checks in 0..4u32,
    ) {
        let game = position(&[], [1, 2, 3, 4]);
        let cards: Vec<Placed> = cards
            .into_iter()
            .map(|(card, b)| Placed { card, half: if b { Half::B } else { Half::A } })
            .collect();
        let falls = reference::falls(&game, &cards);
        let look = Look { checks, per_card: 1.5 };
        // The outlook of one check from a pile's falls, as the straightforward one had it.
        let mut value: Vec<f64> = (0..=cards.len())
            .map(|j| game.pile_score(&cards[..j]) as f64 + look.per_card * j as f64)
            .collect();
        for _ in 0..checks {
            let mut next = vec![0.0; cards.len() + 1];
            let mut fell = 0.0;
            for j in 0..=cards.len() {
                if j > 0 {
                    fell += falls[j];
                }
                let collapse: f64 = (1..=j).map(|m| falls[m] * value[m - 1]).sum();
                next[j] = collapse + (1.0 - fell) * value[j];
            }
            value = next;
        }
        proptest::prop_assert_eq!(outlook(&game, &cards, look), value);
        for (i, (c, _)) in multisets().iter().enumerate() {
            let rows: Vec<_> = masks(&game, &cards).collect();
            let kept = game.lowest_match(&cards, c).map_or(cards.len(), |m| m - 1);
            proptest::prop_assert_eq!(standing(&rows, i), kept);
        }
    }
}

#[test]
fn every_roll_has_its_own_index() {
    for (i, (c, _)) in multisets().iter().enumerate() {
        assert_eq!(odds::multiset_index(c), i);
        assert_eq!(reference::multiset_index(c), i);
    }
}
