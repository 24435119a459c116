use super::*;
use crate::engine::bot::{Bot, RandomBot, Typed};
use crate::engine::{AnyGame, Game, Locale, ScriptedDice, SeededDice, Tr, driver};
use crate::games::ishigaki::PLAYERS;

/// A bot's choice for the active seat after die 1 shows `d1`.
fn choice(level: Level, mut game: Ishigaki, d1: u8) -> Action {
    let seat = game.active();
    Game::apply(&mut game, seat, &Action::Roll, &mut ScriptedDice::new([d1])).unwrap();
    // An rng that never makes easy play slip up.
    IshigakiBot::new(level).decide(&game, &mut ScriptedDice::new([6]))
}

fn race(squares: &[u8]) -> Ishigaki {
    Ishigaki::with_position(Options::default(), squares, &[], Phase::Race, 0)
}

#[test]
fn obvious_race_decisions() {
    for level in Level::ALL {
        // A 6 can only slip or make doubles, which would hit nobody or the mover itself.
        assert_eq!(choice(level, race(&[0, 0]), 6), Action::Stop, "{level:?}");
        assert_eq!(choice(level, race(&[10, 5]), 6), Action::Stop, "{level:?}");
        // After a 1 die 2 never slips, and doubles on the start hit nobody.
        assert_eq!(choice(level, race(&[0, 0]), 1), Action::RollDie2, "{level:?}");
    }
    for level in [Level::Normal, Level::Strong] {
        // Far behind a rival who will arrive next turn, doubles are the only hope.
        assert_eq!(choice(level, race(&[0, 19]), 6), Action::RollDie2);
    }
}

#[test]
fn the_final_turn_goes_for_the_goal() {
    let final_turn = |me: u8| {
        let phase = Phase::FinalRound { to_play: vec![1] };
        Ishigaki::with_position(Options::default(), &[20, me], &[0], phase, 1)
    };
    for level in [Level::Normal, Level::Strong] {
        assert_eq!(choice(level, final_turn(18), 4), Action::Stop, "a stop arrives");
        assert_eq!(
            choice(level, final_turn(14), 5),
            Action::RollDie2,
            "only 5+6 arrives"
        );
    }
}

#[test]
fn roll_off_decisions() {
    // Two at the goal; seat 1 arrived last and rolls first.
    let rolloff = |first_value: Option<u8>| {
        let phase = Phase::FinalRound { to_play: vec![2] };
        let mut game = Ishigaki::with_position(Options::default(), &[20, 20, 0], &[0, 1], phase, 2);
        let mut dice = ScriptedDice::new([1, 1]);
        Game::apply(&mut game, 2, &Action::Roll, &mut dice).unwrap();
        Game::apply(&mut game, 2, &Action::Stop, &mut dice).unwrap();
        if let Some(v) = first_value {
            // Stop on a die showing v, or roll 6 + 5 for 11.
            let dice: Vec<u8> = if v == 11 { vec![5, 6] } else { vec![v] };
            let mut dice = ScriptedDice::new(dice);
            Game::apply(&mut game, 1, &Action::Roll, &mut dice).unwrap();
            let choice = if v == 11 { Action::RollDie2 } else { Action::Stop };
            Game::apply(&mut game, 1, &choice, &mut dice).unwrap();
        }
        game
    };
    for level in [Level::Normal, Level::Strong] {
        assert_eq!(
            choice(level, rolloff(Some(11)), 6),
            Action::RollDie2,
            "only 6+6 beats 11"
        );
        assert_eq!(choice(level, rolloff(Some(3)), 4), Action::Stop, "4 beats 3");
        assert_eq!(
            choice(level, rolloff(Some(5)), 1),
            Action::RollDie2,
            "1 loses to 5"
        );
        assert_eq!(
            choice(level, rolloff(None), 6),
            Action::Stop,
            "a 6 is hard to beat"
        );
    }
    assert!((0.3..0.7).contains(&first_roller_chance()));
}

#[test]
fn the_solved_table_makes_sense() {
    let t = Tables::solve(&Options::default());
    let win = |a: usize, b: usize| t.win[a * t.goal + b];
    assert!(win(19, 0) > 0.95 && win(0, 19) < 0.1);
    assert!(win(10, 10) > 0.5, "moving first is an edge");
    for a in 0..19 {
        assert!(win(a + 1, 5) >= win(a, 5) - 1e-9, "higher is never worse ({a})");
    }
    assert_eq!(t.reach[19], 1.0);
    assert_eq!(t.reach[0], 0.0);
}

/// Plays a game with the given bots per seat; returns the winner.
fn play(bots: &[&dyn Bot], options: &Options, seed: u64) -> Seat {
    let mut dice = SeededDice::new(seed);
    let mut rng = SeededDice::new(!seed);
    let mut game: Box<dyn AnyGame> = Box::new(Ishigaki::new(options, bots.len(), &mut dice).unwrap());
    let tr = Tr::new(Locale::En, &[]);
    let outcome = driver::play(
        game.as_mut(),
        &mut dice,
        100_000,
        |game, seat| {
            let id = bots[seat].choose(game, seat, &mut rng);
            assert!(
                game.choices(seat, &tr).iter().any(|c| c.id == id),
                "`{id}` is a legal choice"
            );
            id
        },
        |_, _, _, _| {},
    )
    .expect("the game ends");
    match outcome {
        crate::engine::Outcome::Won { winners } => winners[0],
        other => panic!("{other:?}"),
    }
}

#[test]
fn every_level_always_chooses_a_legal_action() {
    let tall = Options {
        crumbling: true,
        goal: 50,
        minus_two: vec![10, 20, 30],
    };
    for level in Level::ALL {
        let bot = Typed::<Ishigaki>(Box::new(IshigakiBot::new(level)));
        for players in PLAYERS {
            for seed in 0..4 {
                let crumbling = Options {
                    crumbling: seed % 2 == 0,
                    ..Options::default()
                };
                let bots = vec![&bot as &dyn Bot; players];
                play(&bots, &crumbling, seed);
                play(&bots, &tall, seed);
            }
        }
    }
}

#[test]
fn beats_random_play_clearly() {
    let bot = Typed::<Ishigaki>(Box::new(IshigakiBot::new(Level::Normal)));
    let games = 200;
    let mut wins = 0;
    for seed in 0..games {
        // The bot takes either seat in turn.
        let seat = (seed % 2) as usize;
        let mut bots: Vec<&dyn Bot> = vec![&RandomBot, &RandomBot];
        bots[seat] = &bot;
        if play(&bots, &Options::default(), seed) == seat {
            wins += 1;
        }
    }
    assert!(wins * 100 > games * 60, "won {wins} of {games}");
}
