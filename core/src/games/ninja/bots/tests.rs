use super::*;
use crate::engine::{AnyGame, Game, Locale, Outcome, ScriptedDice, SeededDice, Tr, driver};
use crate::games::ninja::{Mission, Options};

/// Black to move with the dice down: `black` replaces the start ninjas of its columns, with a
/// mission on the first square.
fn rolled(black: &[&str], mission: (u8, u8), score: u32, dice: [u8; 2]) -> Ninja {
    let mut game = Ninja::new(&Options::default(), 2, &mut ScriptedDice::new([3, 3, 1, 1])).expect("setup");
    let board = game.board().clone();
    let squares: Vec<Sq> = black.iter().map(|n| board.parse(n).expect("square")).collect();
    let mut position = game.position().clone();
    let own: Vec<Sq> = position.squares_of(0).collect();
    for s in own {
        if squares.iter().any(|&l| board.col(l) == board.col(s)) {
            position.set(s, None);
        }
    }
    for &s in &squares {
        position.set(s, Some(0));
    }
    position.score[0] = score;
    position.missions[0] = Some(Mission {
        square: squares[0],
        turn: mission.0,
        shadow: mission.1,
        reversal_used: false,
    });
    game = Ninja::with_position(Options::default(), position, 0);
    Game::apply(&mut game, 0, &Action::Roll, &mut ScriptedDice::new(dice)).expect("roll");
    game
}

fn choice(level: Level, game: &Ninja) -> String {
    NinjaBot(level).action(game, &mut SeededDice::new(1)).to_string()
}

#[test]
fn normal_and_strong_take_the_win_and_bring_a_late_mission_home() {
    // §8.18: a9→a4 reaches 7 points.
    let win = rolled(&["a9"], (2, 2), 5, [2, 3]);
    // Turn 3 with shadow 4: c9→c4 scores, anything else loses the ninja.
    let home = rolled(&["c9"], (3, 4), 0, [2, 3]);
    for level in [Level::Normal, Level::Strong] {
        assert_eq!(choice(level, &win), "a9-a4", "{level:?}");
        assert_eq!(choice(level, &home), "c9-c4", "{level:?}");
    }
}

/// Each level against each, through the engine's driver and the interface a person uses:
/// every choice is legal and the game ends.
#[test]
fn every_level_plays_legal_moves_to_the_end() {
    for (i, levels) in [[Level::Easy, Level::Normal], [Level::Strong, Level::Easy]]
        .into_iter()
        .enumerate()
    {
        let bots = levels.map(Ninja::bot);
        let mut dice = SeededDice::new(i as u64);
        let mut chance = SeededDice::new(99);
        let mut game: Box<dyn AnyGame> =
            Box::new(Ninja::new(&Options::default(), 2, &mut dice).expect("setup"));
        let outcome = driver::play(
            game.as_mut(),
            &mut dice,
            20_000,
            |g, seat| bots[seat].choose(g, seat, &mut chance),
            |_, _, _, _| {},
        )
        .expect("legal play to the end");
        assert!(matches!(outcome, Outcome::Won { .. }));
    }
}

#[test]
fn a_bot_asked_out_of_turn_answers_with_a_choice_of_that_seat() {
    let game = Ninja::new(&Options::default(), 2, &mut ScriptedDice::new([3, 3, 1, 1])).expect("setup");
    assert_eq!(Game::legal_actions(&game, 0), vec![Action::Roll]);
    for level in Level::ALL {
        assert_eq!(
            Ninja::bot(level).choose(&game, 0, &mut SeededDice::new(3)),
            "roll"
        );
    }
}

#[test]
fn the_coach_advises_the_winning_move_the_same_every_time() {
    // §8.18: a9→a4 reaches 7 points; every playout of it is won.
    let win = rolled(&["a9"], (2, 2), 5, [2, 3]);
    let w = coach::weigh(&win, 0).expect("several moves");
    assert_eq!(w.best, "a9-a4");
    assert_eq!(w.cost("a9-a4"), Some(0.0));
    assert_eq!(w.choices.len(), win.legal_moves().len());
    assert!(w.choices.iter().any(|(a, v)| a != "a9-a4" && *v < 1.0), "{w:?}");
    // Each move costs what it wins less often than the sure win.
    for (a, v) in &w.choices {
        assert_eq!(w.cost(a), Some(1.0 - v), "{a}: {w:?}");
    }
    assert_eq!(
        coach::weigh(&win, 0),
        Some(w.clone()),
        "a position weighs the same every time"
    );
    assert_eq!(coach::weigh(&win, 1), None, "not the awaited seat");
    let hint = Game::hint(&win, 0).expect("a hint for the awaited seat");
    assert_eq!(hint.id, "ninja-hint-best");
    // The move is named as its button reads, in each language (`B a9→a4 home +3`), not by id.
    let best: Action = "a9-a4".parse().expect("an id");
    for locale in Locale::ALL {
        let tr = Tr::new(locale, &[]);
        let label = win.label(&best, &tr);
        assert!(label.contains("a9→a4"), "{label}");
        assert!(tr.msg(&hint).contains(&label), "{}", tr.msg(&hint));
        assert!(!tr.msg(&hint).contains("a9-a4"), "{}", tr.msg(&hint));
    }
    assert_eq!(hint.args["chance"], crate::engine::Arg::Text("100".into()));
    // A sure win is sure only as far as 24 playouts tell (± 8 points), and the runner-up is the
    // best of the rest.
    assert_eq!(hint.args["margin"], crate::engine::Arg::Text("8".into()));
    let runner_up = w
        .choices
        .iter()
        .filter(|(a, _)| a != "a9-a4")
        .map(|c| c.1)
        .fold(0.0, f64::max);
    assert_eq!(
        hint.args["other_chance"],
        crate::engine::Arg::Text(format!("{:.0}", runner_up * 100.0))
    );
    assert_eq!(
        hint.args["playouts"],
        crate::engine::Arg::Num(coach::PLAYOUTS.into())
    );
    // Before the roll there is one thing to do.
    let fresh = Ninja::new(&Options::default(), 2, &mut ScriptedDice::new([3, 3, 1, 1])).expect("setup");
    assert_eq!(Game::hint(&fresh, 0).expect("a hint").id, "ninja-hint-only");
    assert_eq!(Game::hint(&fresh, 1), None);
}

/// Strong against normal over a few seeded games, seats alternating: the search must win most
/// of them (a search that helps the opponent, or ignores what it learns, does not).
#[test]
fn strong_beats_normal_and_repeats_itself_from_its_seed() {
    let mut strong_wins = 0;
    for game_no in 0..6u64 {
        let strong_seat = (game_no % 2) as Seat;
        let mut dice = SeededDice::new(100 + game_no);
        let mut chance = SeededDice::new(7 + game_no);
        let mut game = Ninja::new(&Options::default(), 2, &mut dice).expect("setup");
        let outcome = driver::play(
            &mut game,
            &mut dice,
            2_000,
            |g: &Ninja, seat| {
                let level = if seat == strong_seat {
                    Level::Strong
                } else {
                    Level::Normal
                };
                NinjaBot(level).action(g, &mut chance)
            },
            |_, _, _, _| {},
        )
        .expect("legal play to the end");
        if outcome
            == (Outcome::Won {
                winners: vec![strong_seat],
            })
        {
            strong_wins += 1;
        }
    }
    assert!(strong_wins >= 5, "strong won {strong_wins} of 6");
    // The same position and seed, the same move.
    let win = rolled(&["a9", "c9"], (2, 1), 3, [2, 2]);
    let first = NinjaBot(Level::Strong).action(&win, &mut SeededDice::new(5));
    for _ in 0..3 {
        assert_eq!(
            NinjaBot(Level::Strong).action(&win, &mut SeededDice::new(5)),
            first
        );
    }
}
