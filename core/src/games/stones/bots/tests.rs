//! Every level plays only legal actions to the end, and the strong player sees clear tactics.

use super::*;
use crate::engine::{Game, Level, Locale, Outcome, SeededDice, Tr, driver};
use crate::games::stones::{Options, Piece, Shortfall};

fn game(options: Options) -> Stones {
    Stones::new(&options, 2, &mut SeededDice::new(1)).expect("setup")
}

#[test]
fn every_level_plays_legal_games_to_the_end() {
    let names: Vec<String> = vec![];
    let tr = Tr::new(Locale::En, &names);
    for (i, options) in [
        Options::default(),
        Options {
            dice: true,
            dice_shortfall: Shortfall::Lose,
        },
        Options {
            dice: true,
            dice_shortfall: Shortfall::MaxPossible,
        },
    ]
    .into_iter()
    .enumerate()
    {
        for (a, b) in [
            (Level::Easy, Level::Strong),
            (Level::Strong, Level::Normal),
            (Level::Normal, Level::Easy),
        ] {
            let bots = [Stones::bot(a), Stones::bot(b)];
            let mut g = game(options);
            let mut rng = SeededDice::new(i as u64);
            let mut dice = SeededDice::new(7 + i as u64);
            let outcome = driver::play(
                &mut g,
                &mut dice,
                1_000,
                |g: &Stones, seat| {
                    let id = bots[seat].choose(g, seat, &mut rng);
                    assert!(
                        crate::engine::AnyGame::choices(g, seat, &tr)
                            .iter()
                            .any(|c| c.id == id),
                        "{id} is offered"
                    );
                    id.parse::<Action>().expect("an id")
                },
                |_, _, _, _| {},
            )
            .expect("the game ends");
            assert!(matches!(outcome, Outcome::Won { .. }));
        }
    }
}

/// P2's only stone stands on b1: capturing it leaves P2 without an origin, which wins at once.
#[test]
fn strong_strands_an_opponent_without_origin() {
    let mut g = game(Options::default());
    g.pos.remove_initial(1);
    g.pos.board[1] = Piece::Stone(1);
    let action = Player(Style::Search(Params::default())).action(&g, &mut SeededDice::new(1));
    let Action::Place(chain) = action else {
        panic!("{action}")
    };
    let placed = g
        .check_place(&Action::Place(chain))
        .and_then(Result::ok)
        .expect("legal");
    assert!(placed.jumped & 1 << 1 != 0, "{chain} captures b1");
    Game::apply(&mut g, 0, &Action::Place(chain), &mut SeededDice::new(1)).expect("legal");
    Game::apply(&mut g, 0, &Action::End { remove: false }, &mut SeededDice::new(1)).expect("legal");
    assert_eq!(Game::outcome(&g), Some(Outcome::Won { winners: vec![0] }));
    assert_eq!(g.stuck(), Some(1));
}

#[test]
fn normal_captures_the_most_and_every_level_takes_corner_stones() {
    let g = game(Options::default());
    let pos = g.position();
    let mut most = 0;
    pos.walk(0, 1..=6, |_, jumped, _| {
        most = most.max(pos.value(jumped));
        true
    });
    let chain = greedy(&g);
    let placed = g
        .check_place(&Action::Place(chain))
        .and_then(Result::ok)
        .expect("legal");
    assert_eq!(pos.value(placed.jumped), most);
    assert!(most >= 8);

    let mut g = game(Options::default());
    g.pos.board[42] = Piece::Stone(1);
    for level in Level::ALL {
        let id = Stones::bot(level).choose(&g, 0, &mut SeededDice::new(3));
        assert_eq!(id, "take a7", "{level:?}");
    }
}

#[test]
fn the_initial_stone_goes_once_another_stone_can_start() {
    let mut g = game(Options::default());
    Game::apply(
        &mut g,
        0,
        &"place a1 NN".parse().expect("id"),
        &mut SeededDice::new(1),
    )
    .expect("legal");
    assert!(wants_removal(&g));
    Game::apply(
        &mut g,
        0,
        &"end remove".parse().expect("id"),
        &mut SeededDice::new(1),
    )
    .expect("legal");
    Game::apply(
        &mut g,
        1,
        &"place g7 S".parse().expect("id"),
        &mut SeededDice::new(1),
    )
    .expect("legal");
    Game::apply(&mut g, 1, &"end".parse().expect("id"), &mut SeededDice::new(1)).expect("legal");
    Game::apply(
        &mut g,
        0,
        &"place a3 N".parse().expect("id"),
        &mut SeededDice::new(1),
    )
    .expect("legal");
    assert!(!wants_removal(&g), "already gone");
}

/// The coach, by playouts, sees that the chains that strand P2 win every game, and weighs a
/// position the same every time.
#[test]
fn the_coach_weighs_the_stranding_captures_as_sure_wins() {
    let mut g = game(Options::default());
    g.pos.remove_initial(1);
    g.pos.board[1] = Piece::Stone(1);
    let w = coach::weigh(&g, 0).expect("several chains");
    let strands = |id: &str| {
        let action: Action = id.parse().expect("an id");
        let placed = g.check_place(&action).and_then(Result::ok).expect("legal");
        placed.jumped & 1 << 1 != 0
    };
    let sure: Vec<&str> = w
        .choices
        .iter()
        .filter(|(a, _)| strands(a))
        .map(|(a, _)| a.as_str())
        .collect();
    assert!(!sure.is_empty());
    assert!(sure.iter().all(|a| w.cost(a) == Some(0.0)), "{w:?}");
    assert!(w.choices.iter().any(|(_, v)| *v < 1.0), "{w:?}");
    // Each chain costs what it wins less often than a sure win.
    for (a, v) in &w.choices {
        assert_eq!(w.cost(a), Some(1.0 - v), "{a}: {w:?}");
    }
    assert_eq!(w.choices.len(), Game::legal_actions(&g, 0).len());
    assert_eq!(coach::weigh(&g, 0), Some(w.clone()));
    let hint = Game::hint(&g, 0).expect("a hint for the awaited seat");
    assert_eq!(hint.id, "stones-hint-best");
    let best: Action = w.best.parse().expect("an id");
    for locale in Locale::ALL {
        let tr = Tr::new(locale, &[]);
        let (said, label) = (tr.msg(&hint), g.label(&best, &tr));
        assert!(said.contains(&label) && label != w.best, "{said}");
    }
    assert_eq!(hint.args["chance"], crate::engine::Arg::Text("100".into()));
    assert_eq!(Game::hint(&g, 1), None);
}

/// With the die the strong player searches by playouts: of the three chains a roll of 2 allows
/// from a1, only `a1 EE` jumps P2's last stone on b1 (P2 has no origin left and loses), and the
/// search finds it, the same way every time.
#[test]
fn with_the_die_the_search_strands_an_opponent_without_origin() {
    let mut g = game(Options {
        dice: true,
        dice_shortfall: Shortfall::Lose,
    });
    g.pos.remove_initial(1);
    g.pos.board[1] = Piece::Stone(1);
    (g.roll, g.required) = (Some(2), Some(2));
    assert_eq!(g.legal_chains().len(), 3);
    let strong = Player(Style::Search(Params::default()));
    let action = strong.action(&g, &mut SeededDice::new(1));
    assert_eq!(action.to_string(), "place a1 EE");
    assert_eq!(strong.action(&g, &mut SeededDice::new(2)), action);
}
