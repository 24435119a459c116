//! How long the coach of the newer games takes to weigh a decision (a 💡 Hint click, a review's
//! step, a daily puzzle's check): mid-game positions reached by normal bots from fixed seeds,
//! each weighed once. `POSITIONS=n cargo bench --bench coach` (default 20 per game) prints the
//! median, p90 and worst time per game.
// Each game's options are named by inference from the game they are timed with.
#![allow(clippy::default_trait_access)]

// Only the percentiles: the rest serves the bots' benches.
#[allow(dead_code)]
mod common;

use common::percentile;
use saikoro_core::engine::{Game, Level, SeededDice};
use saikoro_core::games::{ninja::Ninja, saizumi::Saizumi, stones, stones::Stones};
use std::time::{Duration, Instant};

/// A decision (two choices or more) after about `moves` moves of normal play, or `None` if the
/// game ended first.
fn position<G: Game>(options: &G::Options, players: usize, seed: u64, moves: usize) -> Option<G> {
    let mut dice = SeededDice::new(seed);
    let mut game = G::set_up(options, players, &mut dice).ok()?;
    let bot = G::strategy(Level::Normal);
    let mut played = 0;
    loop {
        game.outcome().is_none().then_some(())?;
        let seat = game.first_to_act()?;
        if played >= moves && game.legal_actions(seat).len() > 1 {
            return Some(game);
        }
        let action = bot.play(&game, seat, &mut dice);
        game.apply_events(seat, &action, &mut dice, &mut Vec::new())
            .ok()?;
        played += 1;
    }
}

/// Times the coach's weighing at `count` positions of `G`.
fn time<G: Game>(name: &str, options: &G::Options, players: usize, count: usize) {
    let mut times: Vec<Duration> = (0..count as u64)
        .filter_map(|seed| position::<G>(options, players, seed, 4 + seed as usize % 20))
        .map(|game| {
            let seat = game.first_to_act().expect("a decision");
            let start = Instant::now();
            let weighed = game.weigh(seat);
            let took = start.elapsed();
            assert!(weighed.is_some(), "{name}: a decision with choices is weighed");
            took
        })
        .collect();
    times.sort();
    println!(
        "{name}: {} positions, median {:?}, p90 {:?}, worst {:?}",
        times.len(),
        percentile(&times, 0.5),
        percentile(&times, 0.9),
        times.last().copied().unwrap_or_default()
    );
}

fn main() {
    let count = std::env::var("POSITIONS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(20);
    time::<Ninja>("ninja", &Default::default(), 2, count);
    time::<Stones>("stones", &Default::default(), 2, count);
    let dice = stones::Options {
        dice: true,
        ..Default::default()
    };
    time::<Stones>("stones with dice", &dice, 2, count);
    time::<Saizumi>("saizumi 3p", &Default::default(), 3, count);
    time::<Saizumi>("saizumi 4p", &Default::default(), 4, count);
}
