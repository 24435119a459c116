//! How long the coach of the newer games takes: a 💡 Hint (weighed within the hint's budget) and,
//! with `WEIGH=1`, a full weighing (a review's step, a daily puzzle's check), at mid-game
//! positions reached by normal bots from fixed seeds, each once. `POSITIONS=n cargo bench
//! --bench coach` (default 20 per game) prints the median, p90, p99 and worst time per game,
//! wall-clock and on the CPU.
// Each game's options are named by inference from the game they are timed with.
#![allow(clippy::default_trait_access)]

// Only the percentiles and the CPU clock: the rest serves the bots' benches.
#[allow(dead_code)]
mod common;

use common::{cpu_time, percentile};
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

/// Times `what` at `count` positions of `G`: wall-clock and this thread's CPU time (the wait
/// for a core left out, as on a machine of its own).
fn time<G: Game>(name: &str, options: &G::Options, players: usize, count: usize, what: &str) {
    let (mut wall, mut cpu): (Vec<Duration>, Vec<Duration>) = (0..count as u64)
        .filter_map(|seed| position::<G>(options, players, seed, 4 + seed as usize % 20))
        .map(|game| {
            let seat = game.first_to_act().expect("a decision");
            let (start, start_cpu) = (Instant::now(), cpu_time());
            let answered = if what == "hint" {
                game.hint(seat).is_some()
            } else {
                game.weigh(seat).is_some()
            };
            let took = (start.elapsed(), cpu_time().saturating_sub(start_cpu));
            assert!(answered, "{name}: a decision with choices is answered");
            took
        })
        .unzip();
    for (clock, times) in [("wall", &mut wall), ("cpu", &mut cpu)] {
        times.sort();
        println!(
            "{name} {what} ({clock}): {} positions, median {:?}, p90 {:?}, p99 {:?}, worst {:?}",
            times.len(),
            percentile(times, 0.5),
            percentile(times, 0.9),
            percentile(times, 0.99),
            times.last().copied().unwrap_or_default()
        );
    }
}

fn main() {
    let count = std::env::var("POSITIONS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(20);
    let weigh = std::env::var("WEIGH").is_ok_and(|w| w == "1");
    let dice = stones::Options {
        dice: true,
        ..Default::default()
    };
    for what in ["hint", "weigh"] {
        if what == "weigh" && !weigh {
            continue;
        }
        time::<Ninja>("ninja", &Default::default(), 2, count, what);
        time::<Stones>("stones", &Default::default(), 2, count, what);
        time::<Stones>("stones with dice", &dice, 2, count, what);
        time::<Saizumi>("saizumi 3p", &Default::default(), 3, count, what);
        time::<Saizumi>("saizumi 4p", &Default::default(), 4, count, what);
    }
}
