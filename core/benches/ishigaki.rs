//! Ishigaki Race: random-playout games per second, and the computer player's decision time.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use saikoro_core::engine::bot::{Level, pick_index};
use saikoro_core::engine::{AnyGame, Dice, Game, SeededDice, driver};
use saikoro_core::games::ishigaki::{Ishigaki, Options};
use std::hint::black_box;

/// One game from setup to the end with uniformly random legal choices, played as the typed
/// game (as a simulating bot would), so no button labels are built.
fn random_game(seed: u64, players: usize, crumbling: bool) -> usize {
    let mut dice = SeededDice::new(seed);
    let mut choose = SeededDice::new(!seed);
    let options = Options {
        crumbling,
        ..Options::default()
    };
    let mut game = Ishigaki::new(&options, players, &mut dice).expect("a valid setup");
    let mut actions = 0;
    driver::play(
        &mut game,
        &mut dice,
        usize::MAX,
        |game: &Ishigaki, seat| {
            let legal = game.legal_actions(seat);
            legal[pick_index(legal.len(), &mut choose)]
        },
        |_, _, _, _| actions += 1,
    )
    .expect("random play ends");
    actions
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("ishigaki");
    group.throughput(Throughput::Elements(1));
    for (players, crumbling) in [(2, false), (4, true)] {
        let mut seed = 0;
        let name = format!("random_game/{players}p/crumbling={crumbling}");
        group.bench_function(name, |b| {
            b.iter(|| {
                seed += 1;
                black_box(random_game(seed, players, crumbling))
            });
        });
    }
    group.finish();
}

/// A strong bot's decision after die 1, its tables already solved (as in a running game).
fn decision(c: &mut Criterion) {
    let mut dice = SeededDice::new(7);
    let mut game: Box<dyn AnyGame> =
        Box::new(Ishigaki::new(&Options::default(), 3, &mut dice).expect("a valid setup"));
    let seat = driver::awaited(game.as_ref())[0];
    game.apply(seat, "roll", &mut dice).expect("roll");
    let bot = Ishigaki::bot(Level::Strong);
    let mut rng = SeededDice::new(1);
    bot.choose(game.as_ref(), seat, &mut rng);
    c.bench_function("ishigaki/strong_decision", |b| {
        b.iter(|| black_box(bot.choose(game.as_ref(), seat, &mut rng as &mut dyn Dice)));
    });
    // A new bot solves the two-ninja race for the board on its first decision.
    c.bench_function("ishigaki/strong_first_decision", |b| {
        b.iter(|| {
            let bot = Ishigaki::bot(Level::Strong);
            black_box(bot.choose(game.as_ref(), seat, &mut rng as &mut dyn Dice))
        });
    });
}

criterion_group!(benches, playouts, decision);
criterion_main!(benches);
