//! Ishigaki Race: random-playout games per second, and the computer player's decision time.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use saikoro::ai::{self, Level, pick_index};
use saikoro::engine::{AnyGame, Dice, Locale, SeededDice, Tr};
use saikoro::games::GameKind;
use std::hint::black_box;

/// One game from setup to the end with uniformly random legal choices.
fn random_game(seed: u64, players: usize, crumbling: bool) -> usize {
    let mut dice = SeededDice::new(seed);
    let mut choose = SeededDice::new(!seed);
    let options = serde_json::json!({ "crumbling": crumbling });
    let mut game = GameKind::Ishigaki
        .new_game(&options, players, &mut dice)
        .expect("a valid setup");
    let tr = Tr::new(Locale::En, &[]);
    let mut actions = 0;
    while game.outcome().is_none() {
        let seat = game.to_act()[0];
        let choices = game.choices(seat, &tr);
        let id = &choices[pick_index(choices.len(), &mut choose)].id;
        game.apply(seat, id, &mut dice).expect("a legal choice");
        actions += 1;
    }
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
            })
        });
    }
    group.finish();
}

/// A strong bot's decision after die 1, its tables already solved (as in a running game).
fn decision(c: &mut Criterion) {
    let mut dice = SeededDice::new(7);
    let mut game: Box<dyn AnyGame> = GameKind::Ishigaki
        .new_game(&serde_json::Value::Null, 3, &mut dice)
        .expect("a valid setup");
    let seat = game.to_act()[0];
    game.apply(seat, "roll", &mut dice).expect("roll");
    let bot = ai::bot(GameKind::Ishigaki, Level::Strong);
    let mut rng = SeededDice::new(1);
    bot.choose(game.as_ref(), seat, &mut rng);
    c.bench_function("ishigaki/strong_decision", |b| {
        b.iter(|| black_box(bot.choose(game.as_ref(), seat, &mut rng as &mut dyn Dice)))
    });
    // A new bot solves the two-ninja race for the board on its first decision.
    c.bench_function("ishigaki/strong_first_decision", |b| {
        b.iter(|| {
            let bot = ai::bot(GameKind::Ishigaki, Level::Strong);
            black_box(bot.choose(game.as_ref(), seat, &mut rng as &mut dyn Dice))
        })
    });
}

criterion_group!(benches, playouts, decision);
criterion_main!(benches);
