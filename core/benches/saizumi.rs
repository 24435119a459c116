//! Saizumi random playouts per second: the rules' speed (legal actions, apply, the automatic
//! steps) without bots or labels.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use saikoro_core::engine::bot::pick_index;
use saikoro_core::engine::driver::play;
use saikoro_core::engine::{Game, SeededDice};
use saikoro_core::games::saizumi::{Options, Saizumi};
use std::hint::black_box;

fn random_game(seed: u64, players: usize) {
    let mut dice = SeededDice::new(seed);
    let mut rng = SeededDice::new(!seed);
    let mut game = Saizumi::new(&Options::default(), players, &mut dice).expect("setup");
    let outcome = play(
        &mut game,
        &mut dice,
        10_000,
        |g: &Saizumi, seat| {
            let legal = g.legal_actions(seat);
            legal[pick_index(legal.len(), &mut rng)].clone()
        },
        |_, _, _, _| {},
    )
    .expect("the game ends");
    black_box(outcome);
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("saizumi");
    // One element per game, so criterion prints games/s.
    group.throughput(Throughput::Elements(1));
    for players in [2, 4] {
        let mut seed = 0;
        group.bench_function(format!("random_playout_{players}p"), |b| {
            b.iter(|| {
                seed += 1;
                random_game(seed, players);
            });
        });
    }
    group.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
