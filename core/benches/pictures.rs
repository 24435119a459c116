//! Board pictures: the time to draw and encode one PNG (criterion, per game, on a position in
//! the middle of a seeded random game), then a table over positions all through random games:
//! the median and slowest render time and the median and largest PNG size; then, per game, the
//! animated GIF of the longest of 200 random games (its moves, size and time to build).
//!
//! cargo bench -p saikoro-core --bench pictures

use criterion::{Criterion, criterion_group, criterion_main};
use saikoro_core::engine::bot::pick_index;
use saikoro_core::engine::driver::play_logged;
use saikoro_core::engine::{AnyGame, Locale, SeededDice, Tr, animation};
use saikoro_core::games::GameKind;
use std::hint::black_box;
use std::time::Instant;

const NAMES: [&str; 5] = ["Ann", "Ben", "Cho", "Dai", "Eve"];

/// Every position of a random game of `kind` with the most players it allows (up to 4).
fn positions(kind: GameKind, seed: u64) -> Vec<Box<dyn AnyGame>> {
    let players = (*kind.players().end()).min(4);
    let mut dice = SeededDice::new(seed);
    let mut choose = SeededDice::new(!seed);
    let mut game = kind
        .new_game(&serde_json::json!({}), players, &mut dice)
        .expect("a valid setup");
    let tr = Tr::new(Locale::En, &[]);
    let mut out = vec![game.clone_box()];
    while game.outcome().is_none() {
        let Some(&seat) = game.to_act().first() else { break };
        let choices = game.choices(seat, &tr);
        let id = choices[pick_index(choices.len(), &mut choose)].id.clone();
        game.apply(seat, &id, &mut dice).expect("a legal choice");
        out.push(game.clone_box());
    }
    out
}

fn names() -> Vec<String> {
    NAMES.iter().map(std::string::ToString::to_string).collect()
}

fn render(c: &mut Criterion) {
    let names = names();
    let tr = Tr::new(Locale::En, &names);
    let mut group = c.benchmark_group("picture");
    for &kind in GameKind::ALL {
        let all = positions(kind, 1);
        let middle = &all[all.len() / 2];
        group.bench_function(kind.id(), |b| b.iter(|| black_box(middle.picture("", &tr))));
    }
    group.finish();
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// Render time and size over positions all through a few random games of each kind.
fn table(_: &mut Criterion) {
    let names = names();
    let tr = Tr::new(Locale::En, &names);
    println!("\n| game | pictures | median ms | slowest ms | median KB | largest KB |");
    println!("|---|---|---|---|---|---|");
    for &kind in GameKind::ALL {
        let (mut times, mut sizes) = (vec![], vec![]);
        for seed in 0..4 {
            let all = positions(kind, seed);
            for game in all.iter().step_by((all.len() / 40).max(1)) {
                let start = Instant::now();
                let picture = game.picture("", &tr).expect("every game draws its board");
                times.push(start.elapsed().as_secs_f64() * 1000.0);
                sizes.push(picture.png.len() as f64 / 1024.0);
            }
        }
        let slowest = times.iter().copied().fold(0.0, f64::max);
        let largest = sizes.iter().copied().fold(0.0, f64::max);
        println!(
            "| {} | {} | {:.2} | {:.2} | {:.1} | {:.1} |",
            kind.id(),
            times.len(),
            median(times),
            slowest,
            median(sizes),
            largest
        );
    }
}

/// The animation of the longest of 200 random games of each kind (most players up to 4).
fn animations(_: &mut Criterion) {
    let names = names();
    let tr = Tr::new(Locale::En, &names);
    println!("\n| game | moves | GIF KB | build s |");
    println!("|---|---|---|---|");
    for &kind in GameKind::ALL {
        let players = (*kind.players().end()).min(4);
        let longest = (0..200)
            .map(|seed| {
                let start = kind
                    .new_game(&serde_json::json!({}), players, &mut SeededDice::new(seed))
                    .expect("a valid setup");
                let mut game = start.clone_box();
                let mut choose = SeededDice::new(!seed);
                let (_, log) = play_logged(game.as_mut(), &mut SeededDice::new(seed + 1), 5000, |g, seat| {
                    let choices = g.choices(seat, &tr);
                    choices[pick_index(choices.len(), &mut choose)].id.clone()
                });
                (start, log)
            })
            .max_by_key(|(_, log)| log.len())
            .expect("200 games");
        let moves = longest.1.len();
        let started = Instant::now();
        let gif = animation::animate(longest.0, &longest.1, &tr).expect("a random game replays");
        println!(
            "| {} | {moves} | {} | {:.1} |",
            kind.id(),
            gif.png.len() / 1024,
            started.elapsed().as_secs_f64()
        );
    }
}

criterion_group!(benches, render, table, animations);
criterion_main!(benches);
