//! Wise Man's Stones engine speed: random playouts per second (what a simulating bot pays
//! for) and the cost of listing every legal chain.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use saikoro_core::engine::bot::pick_index;
use saikoro_core::engine::{Game, SeededDice, driver};
use saikoro_core::games::stones::{Options, Stones};
use std::hint::black_box;

/// One game with uniformly random legal choices; returns the number of actions.
fn random_playout(seed: u64, options: &Options) -> usize {
    let mut dice = SeededDice::new(seed);
    let mut chooser = SeededDice::new(!seed);
    let mut game = Stones::new(options, 2, &mut dice).expect("two players");
    let mut actions = 0;
    driver::play(
        &mut game,
        &mut dice,
        10_000,
        |g: &Stones, seat| {
            let legal = g.legal_actions(seat);
            legal[pick_index(legal.len(), &mut chooser)].clone()
        },
        |_, _, _, _| actions += 1,
    )
    .expect("random play ends");
    actions
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("stones");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0;
    group.bench_function("random_playout", |b| {
        b.iter(|| {
            seed += 1;
            black_box(random_playout(seed, &Options::default()))
        });
    });
    let dice = Options {
        dice: true,
        ..Options::default()
    };
    group.bench_function("random_playout_dice", |b| {
        b.iter(|| {
            seed += 1;
            black_box(random_playout(seed, &dice))
        });
    });
    let start = Stones::new(&Options::default(), 2, &mut SeededDice::new(1)).expect("setup");
    group.bench_function("legal_chains_at_the_start", |b| {
        b.iter(|| black_box(&start).legal_chains().len());
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
