//! Can't Stop engine speed: random playouts per second (what a simulating bot pays for), and the
//! cost of listing the moves of a roll, of the exact bust chance and of drawing the board picture.
//! `solitaire_random_stop_0_3` is the workload used to compare with other engines: one player, a
//! uniformly random legal move, and after each move a stop with probability 0.3.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use saikoro_core::engine::bot::pick_index;
use saikoro_core::engine::{Dice, Game, Outcome, ScriptedDice, SeededDice, driver};
use saikoro_core::games::cantstop::{Action, CantStop, Options, Phase};
use std::hint::black_box;

/// One two-player game with uniformly random legal choices; returns the number of actions.
fn random_playout(seed: u64) -> usize {
    let mut dice = SeededDice::new(seed);
    let mut chooser = SeededDice::new(!seed);
    let mut game = CantStop::new(&Options::default(), 2, &mut dice).expect("two players");
    let mut actions = 0;
    driver::play(
        &mut game,
        &mut dice,
        usize::MAX,
        |game, seat| {
            // The typed, allocation-free list a simulating bot uses (`legal_actions` is its Vec).
            let legal = game.actions(seat);
            legal[pick_index(legal.len(), &mut chooser)]
        },
        |_, _, _, _| actions += 1,
    )
    .expect("random play ends");
    actions
}

/// One solitaire game: a uniformly random legal move, then stop with probability 3/10.
fn random_solitaire(seed: u64) -> u32 {
    let mut dice = SeededDice::new(seed);
    let mut chooser = SeededDice::new(!seed);
    let mut game = CantStop::new(&Options::default(), 1, &mut dice).expect("one player");
    let outcome = driver::play(
        &mut game,
        &mut dice,
        usize::MAX,
        |game, seat| match game.phase() {
            Phase::Choosing if chooser.roll(10) <= 3 => Action::Stop,
            Phase::Rolled(_) => {
                let legal = game.actions(seat);
                legal[pick_index(legal.len(), &mut chooser)]
            }
            _ => Action::Roll,
        },
        |_, _, _, _| {},
    )
    .expect("random play ends");
    match outcome {
        Outcome::Solitaire { turns } => turns,
        other => panic!("a solitaire game ended with {other:?}"),
    }
}

/// Runners on 6 and 10 and a roll of 2,4,3,5 waiting for a move (rules page, example 2).
fn rolled_position() -> CantStop {
    let mut dice = ScriptedDice::new([1, 1, 5, 4, 6, 2, 4, 3, 5]);
    let mut game = CantStop::new(&Options::default(), 2, &mut dice).expect("two players");
    for action in ["roll", "m6+10", "roll"] {
        let action: Action = action.parse().expect("action id");
        game.apply(0, &action, &mut dice).expect("scripted play");
    }
    assert!(matches!(game.phase(), Phase::Rolled(_)));
    game
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("cantstop");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0;
    group.bench_function("random_playout_2p", |b| {
        b.iter(|| {
            seed += 1;
            black_box(random_playout(seed))
        });
    });
    group.bench_function("solitaire_random_stop_0_3", |b| {
        b.iter(|| {
            seed += 1;
            black_box(random_solitaire(seed))
        });
    });
    let rolled = rolled_position();
    group.bench_function("legal_moves_of_a_roll", |b| {
        b.iter(|| black_box(&rolled).legal_actions(0));
    });
    group.bench_function("bust_probability", |b| {
        b.iter(|| black_box(&rolled).bust_probability());
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
