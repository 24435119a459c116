//! Ninja Versus Ninja bots against each other: win rates with 95% confidence intervals (seats
//! alternating between games) and the time of each move decision (dice down) per level. `GAMES=n cargo bench --bench
//! ninja_bots` plays n games per pairing (default 100). Seeds are fixed, so a run reproduces.

mod common;

use common::{ci95, games_from_env, percentile};
use saikoro_core::engine::{Game, Level, Outcome, Seat, SeededDice, driver};
use saikoro_core::games::ninja::bots::NinjaBot;
use saikoro_core::games::ninja::{Ninja, Options};
use std::time::{Duration, Instant};

const DEFAULT_GAMES: usize = 100;
/// The machine has two cores.
const THREADS: usize = 2;

/// One game between `levels` (Black, Red) from `seed`: the winner, and each move decision's time by seat.
fn play(levels: [Level; 2], seed: u64, times: &mut [Vec<Duration>; 2]) -> Option<Seat> {
    let bots = levels.map(NinjaBot);
    let mut dice = SeededDice::new(seed);
    let mut chance = SeededDice::new(seed ^ 0x5EED_B075);
    let mut game = Ninja::new(&Options::default(), 2, &mut dice).expect("valid setup");
    let outcome = driver::play(
        &mut game,
        &mut dice,
        100_000,
        |g: &Ninja, seat| {
            let start = Instant::now();
            let action = bots[seat].action(g, &mut chance);
            // Only real decisions: before the roll every level just presses Roll.
            if g.dice().is_some() {
                times[seat].push(start.elapsed());
            }
            action
        },
        |_, _, _, _| {},
    )
    .expect("bots play legal moves to the end");
    match outcome {
        Outcome::Won { winners } => winners.first().copied(),
        _ => None,
    }
}

/// `a`'s wins against `b` over `games` games, seats swapped every other game, and every
/// decision's time of each level.
fn pairing(a: Level, b: Level, games: usize, seed: u64) -> (u64, Vec<Duration>, Vec<Duration>) {
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..THREADS)
            .map(|t| {
                s.spawn(move || {
                    let (mut wins, mut ta, mut tb) = (0, vec![], vec![]);
                    for g in (t..games).step_by(THREADS) {
                        let a_seat = g % 2;
                        let levels = if a_seat == 0 { [a, b] } else { [b, a] };
                        let mut times = [vec![], vec![]];
                        wins += u64::from(play(levels, seed + g as u64, &mut times) == Some(a_seat));
                        ta.extend(std::mem::take(&mut times[a_seat]));
                        tb.extend(std::mem::take(&mut times[1 - a_seat]));
                    }
                    (wins, ta, tb)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a worker panicked"))
            .fold((0, vec![], vec![]), |(w, mut ta, mut tb), (w2, a2, b2)| {
                ta.extend(a2);
                tb.extend(b2);
                (w + w2, ta, tb)
            })
    })
}

fn main() {
    let games = games_from_env(DEFAULT_GAMES);
    println!("Ninja Versus Ninja bots — seats alternating, 95% confidence intervals\n");
    println!("| pairing | games | win rate of the first | 95% CI |");
    println!("|---|---:|---:|---:|");
    let mut times: Vec<(Level, Vec<Duration>)> = Level::ALL.iter().map(|&l| (l, vec![])).collect();
    let pairings = [
        (Level::Strong, Level::Normal),
        (Level::Normal, Level::Easy),
        (Level::Strong, Level::Easy),
    ];
    for (i, (a, b)) in pairings.into_iter().enumerate() {
        let (wins, ta, tb) = pairing(a, b, games, 1_000_000 * (i as u64 + 1));
        for (level, t) in [(a, ta), (b, tb)] {
            if let Some(entry) = times.iter_mut().find(|(l, _)| *l == level) {
                entry.1.extend(t);
            }
        }
        let p = wins as f64 / games as f64;
        let half = ci95(p * (1.0 - p), games as f64);
        println!(
            "| {} vs {} | {games} | {:.1}% | {:.1}–{:.1}% |",
            a.id(),
            b.id(),
            100.0 * p,
            100.0 * (p - half),
            100.0 * (p + half)
        );
    }
    println!("\n| level | decisions | p50 | p99 | max |");
    println!("|---|---:|---:|---:|---:|");
    for (level, mut t) in times {
        t.sort_unstable();
        println!(
            "| {} | {} | {:?} | {:?} | {:?} |",
            level.id(),
            t.len(),
            percentile(&t, 0.5),
            percentile(&t, 0.99),
            t.last().copied().unwrap_or_default()
        );
    }
}
