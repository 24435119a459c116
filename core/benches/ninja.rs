//! Ninja Versus Ninja engine speed: random playouts per second through the engine's driver (what
//! a simulating bot pays for), and the cost of listing the options of a roll.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use saikoro_core::engine::bot::pick_index;
use saikoro_core::engine::{Game, ScriptedDice, SeededDice, driver};
use saikoro_core::games::ninja::{Action, Ninja, Options};
use std::hint::black_box;

/// One game with uniformly random legal choices; returns the number of actions.
fn random_playout(seed: u64) -> usize {
    let mut dice = SeededDice::new(seed);
    let mut chooser = SeededDice::new(!seed);
    let mut game = Ninja::new(&Options::default(), 2, &mut dice).expect("two players");
    let mut actions = 0;
    driver::play(
        &mut game,
        &mut dice,
        100_000,
        |g: &Ninja, seat| {
            let legal = g.legal_actions(seat);
            legal[pick_index(legal.len(), &mut chooser)].clone()
        },
        |_, _, _, _| actions += 1,
    )
    .expect("random play ends");
    actions
}

/// The start with 4+4 rolled: the most options a first move has.
fn rolled_position() -> Ninja {
    let mut dice = ScriptedDice::new([3, 3, 1, 1, 4, 4]);
    let mut game = Ninja::new(&Options::default(), 2, &mut dice).expect("two players");
    game.apply(0, &Action::Roll, &mut dice).expect("Black rolls");
    game
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("ninja");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0;
    group.bench_function("random_playout", |b| {
        b.iter(|| {
            seed += 1;
            black_box(random_playout(seed))
        });
    });
    let rolled = rolled_position();
    group.bench_function("options_of_a_roll", |b| {
        b.iter(|| black_box(&rolled).legal_moves());
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
