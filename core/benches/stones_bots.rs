//! Wise Man's Stones bots against each other: win rates with 95% confidence intervals, seats
//! alternating, and decision times per level. `GAMES=n cargo bench -p saikoro-core --bench
//! stones_bots` (default 40 games a pairing). Each player's first chain is random (the bots
//! are deterministic without the die). Seeds are fixed, so a run reproduces.

mod common;

use common::{ci95, games_from_env, percentile};
use saikoro_core::engine::bot::pick_index;
use saikoro_core::engine::{Bot, Game, Level, Outcome, SeededDice, driver};
use saikoro_core::games::stones::{Action, Options, Phase, Stones};
use std::time::{Duration, Instant};

const DEFAULT_GAMES: usize = 40;
/// The first chains of a game are random, so that games between deterministic players differ.
const RANDOM_OPENING: usize = 2;
/// Threads: the machine has two cores.
const THREADS: usize = 2;

/// A decision's time, and whether it chose a chain (the rest are takes and ends).
type Timed = (Duration, bool);

/// One game between `seats` from `seed`: the winner and each decision's time by seat.
fn play(seats: [Level; 2], seed: u64, options: &Options) -> (usize, [Vec<Timed>; 2]) {
    let bots: Vec<Box<dyn Bot>> = seats.iter().map(|&l| Stones::bot(l)).collect();
    let mut dice = SeededDice::new(seed);
    let mut chance = SeededDice::new(seed ^ 0x5EED_B075);
    let mut game = Stones::new(options, 2, &mut dice).expect("valid setup");
    let mut times = [vec![], vec![]];
    let mut chains = 0;
    let outcome = driver::play(
        &mut game,
        &mut dice,
        10_000,
        |g: &Stones, seat| {
            if g.phase() == Phase::Place && g.takes().is_empty() && chains < RANDOM_OPENING {
                chains += 1;
                let legal = g.legal_chains();
                return Action::Place(legal[pick_index(legal.len(), &mut chance)]);
            }
            let start = Instant::now();
            let id = bots[seat].choose(g, seat, &mut chance);
            times[seat].push((start.elapsed(), g.phase() == Phase::Place));
            id.parse::<Action>().expect("bots answer with action ids")
        },
        |_, _, _, _| {},
    )
    .expect("the game ends");
    let Outcome::Won { winners } = outcome else {
        panic!("two-player games have a winner")
    };
    (winners[0], times)
}

/// `a`'s wins against `b` over `games` games (seats swapped every other game), and every
/// decision's time per level.
fn pairing(a: Level, b: Level, games: usize, seed: u64, options: &Options) -> (u64, Vec<(Level, Timed)>) {
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..THREADS)
            .map(|t| {
                s.spawn(move || {
                    let mut wins = 0;
                    let mut times = vec![];
                    for g in (t..games).step_by(THREADS) {
                        let a_first = g % 2 == 0;
                        let seats = if a_first { [a, b] } else { [b, a] };
                        let (winner, t) = play(seats, seed + g as u64, options);
                        wins += u64::from(winner == usize::from(!a_first));
                        for (seat, ts) in t.into_iter().enumerate() {
                            times.extend(ts.into_iter().map(|d| (seats[seat], d)));
                        }
                    }
                    (wins, times)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a worker panicked"))
            .fold((0, vec![]), |(w, mut t), (w2, t2)| {
                t.extend(t2);
                (w + w2, t)
            })
    })
}

fn main() {
    let games = games_from_env(DEFAULT_GAMES);
    let mut all_times: Vec<(Level, Timed)> = vec![];
    for (variant, options) in [
        ("standard", Options::default()),
        (
            "dice",
            Options {
                dice: true,
                ..Options::default()
            },
        ),
    ] {
        println!("\nWise Man's Stones bots ({variant}) — seats alternating, 95% confidence intervals\n");
        println!("| pairing | games | win rate of the first | 95% CI |");
        println!("|---|---:|---:|---:|");
        let pairings = [
            (Level::Strong, Level::Normal),
            (Level::Normal, Level::Easy),
            (Level::Strong, Level::Easy),
        ];
        for (i, (a, b)) in pairings.into_iter().enumerate() {
            let (wins, times) = pairing(a, b, games, 1_000_000 * (i as u64 + 1), &options);
            all_times.extend(times);
            let p = wins as f64 / games as f64;
            let half = ci95(p * (1.0 - p), games as f64);
            println!(
                "| {} vs {} | {games} | {:.1}% | {:.1}–{:.1}% |",
                a.id(),
                b.id(),
                100.0 * p,
                100.0 * (p - half).max(0.0),
                100.0 * (p + half).min(1.0)
            );
        }
    }
    println!("\n| decision time (two threads) | decisions | p50 | p99 | max |");
    println!("|---|---:|---:|---:|---:|");
    for (level, chains_only) in Level::ALL.into_iter().flat_map(|l| [(l, false), (l, true)]) {
        let mut t: Vec<Duration> = all_times
            .iter()
            .filter(|(l, (_, chain))| *l == level && (*chain || !chains_only))
            .map(|(_, (d, _))| *d)
            .collect();
        t.sort_unstable();
        println!(
            "| {}{} | {} | {:?} | {:?} | {:?} |",
            level.id(),
            if chains_only { " (chains only)" } else { "" },
            t.len(),
            percentile(&t, 0.5),
            percentile(&t, 0.99),
            t.last().copied().unwrap_or_default()
        );
    }
}
