//! Saizumi random playouts per second: the rules' speed without any bot thinking.

use criterion::{Criterion, criterion_group, criterion_main};
use saikoro_core::engine::bot::RandomBot;
use saikoro_core::engine::driver::play;
use saikoro_core::engine::{AnyGame, Bot, SeededDice};
use saikoro_core::games::GameKind;
use std::hint::black_box;

fn random_game(seed: u64, players: usize) {
    let kind = GameKind::from_id("saizumi").expect("registered");
    let mut dice = SeededDice::new(seed);
    let mut rng = SeededDice::new(!seed);
    let mut game: Box<dyn AnyGame> = kind
        .new_game(&serde_json::Value::Null, players, &mut dice)
        .expect("setup");
    let outcome = play(
        game.as_mut(),
        &mut dice,
        10_000,
        |g, seat| RandomBot.choose(g, seat, &mut rng),
        |_, _, _, _| {},
    )
    .expect("the game ends");
    black_box(outcome);
}

fn playouts(c: &mut Criterion) {
    for players in [2, 4] {
        let mut seed = 0;
        c.bench_function(&format!("saizumi random playout {players}p"), |b| {
            b.iter(|| {
                seed += 1;
                random_game(seed, players);
            })
        });
    }
}

criterion_group!(benches, playouts);
criterion_main!(benches);
