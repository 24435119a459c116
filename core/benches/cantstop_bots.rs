//! Can't Stop bots against each other: win rates with 95% confidence intervals, solitaire turns
//! and decision times. `cargo bench --bench cantstop_bots [-- GAMES]` (or `CANTSTOP_GAMES=n`):
//! GAMES two-player games for strong against each published reference (default 20,000), a
//! quarter of that for the other pairings and for solitaire. Seeds are fixed, so a run reproduces exactly; seats alternate between games.

mod common;

use common::*;
use saikoro_core::engine::bot::{Bot, RandomBot};
use saikoro_core::engine::{Game, Outcome, SeededDice, driver};
use saikoro_core::games::cantstop::bots::{
    EasyBot, GLENN_ALOI, Heuristic, HeuristicBot, RULE_OF_28, StrongBot,
};
use saikoro_core::games::cantstop::{Action, CantStop, Options};
use std::time::{Duration, Instant};

const DEFAULT_GAMES: usize = 20_000;
/// The references with the obvious check added that stopping wins the game.
static RULE_OF_28_WIN: Heuristic = Heuristic {
    stop_to_win: true,
    ..RULE_OF_28
};
static GLENN_ALOI_WIN: Heuristic = Heuristic {
    stop_to_win: true,
    ..GLENN_ALOI
};
/// Threads: the machine has two cores.
const THREADS: usize = 2;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Player {
    Random,
    Easy,
    Rule28,
    GlennAloi,
    Rule28Win,
    GlennAloiWin,
    Strong,
}

impl Player {
    fn name(self) -> &'static str {
        match self {
            Player::Random => "random",
            Player::Easy => "easy",
            Player::Rule28 => "normal (rule28)",
            Player::GlennAloi => "glenn-aloi",
            Player::Rule28Win => "rule28 + stop to win",
            Player::GlennAloiWin => "glenn-aloi + stop to win",
            Player::Strong => "strong",
        }
    }

    fn bot(self) -> Box<dyn Bot> {
        match self {
            Player::Random => Box::new(RandomBot),
            Player::Easy => Box::new(EasyBot),
            Player::Rule28 => Box::new(HeuristicBot(&RULE_OF_28)),
            Player::GlennAloi => Box::new(HeuristicBot(&GLENN_ALOI)),
            Player::Rule28Win => Box::new(HeuristicBot(&RULE_OF_28_WIN)),
            Player::GlennAloiWin => Box::new(HeuristicBot(&GLENN_ALOI_WIN)),
            Player::Strong => Box::new(StrongBot::default()),
        }
    }
}

/// One game between `seats` (in seating order) from `seed`: the outcome and, when asked, every
/// decision's time by seat.
fn play(seats: &[Player], seed: u64, times: &mut Option<Vec<Vec<Duration>>>) -> Outcome {
    let bots: Vec<Box<dyn Bot>> = seats.iter().map(|p| p.bot()).collect();
    let mut dice = SeededDice::new(seed);
    let mut chance = SeededDice::new(seed ^ 0x5EED_B075);
    let mut game = CantStop::new(&Options::default(), seats.len(), &mut dice).expect("valid setup");
    driver::play(
        &mut game,
        &mut dice,
        usize::MAX,
        |game, seat| {
            let start = Instant::now();
            let id = bots[seat].choose(game, seat, &mut chance);
            if let Some(t) = times.as_mut() {
                t[seat].push(start.elapsed());
            }
            id.parse::<Action>().expect("bots answer with action ids")
        },
        |_, _, _, _| {},
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

/// Runs jobs `0..games` over the cores and sums what they return.
fn parallel(games: usize, job: impl Fn(usize) -> u64 + Sync) -> u64 {
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..THREADS)
            .map(|t| {
                let job = &job;
                s.spawn(move || (t..games).step_by(THREADS).map(job).sum::<u64>())
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a worker panicked"))
            .sum()
    })
}

/// `a`'s wins against `b` over `games` two-player games, seats swapped every other game.
fn pairing(a: Player, b: Player, games: usize, seed: u64) -> u64 {
    parallel(games, |g| {
        let a_first = g % 2 == 0;
        let seats = if a_first { [a, b] } else { [b, a] };
        match play(&seats, seed + g as u64, &mut None) {
            Outcome::Won { winners } => u64::from(winners == [usize::from(!a_first)]),
            _ => 0,
        }
    })
}

fn solitaire(p: Player, games: usize, seed: u64) -> f64 {
    let turns = parallel(games, |g| match play(&[p], seed + g as u64, &mut None) {
        Outcome::Solitaire { turns } => u64::from(turns),
        _ => 0,
    });
    turns as f64 / games as f64
}

/// Every decision's time for `p`, playing two-player games against the Rule of 28.
fn decision_times(p: Player, games: usize, seed: u64) -> Vec<Duration> {
    let mut all = vec![];
    for g in 0..games {
        let seats = if g % 2 == 0 {
            [p, Player::Rule28]
        } else {
            [Player::Rule28, p]
        };
        let mut times = Some(vec![vec![]; 2]);
        play(&seats, seed + g as u64, &mut times);
        all.extend(times.into_iter().flatten().nth(g % 2).unwrap_or_default());
    }
    all.sort_unstable();
    all
}

fn games_wanted() -> usize {
    std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .or_else(|| std::env::var("CANTSTOP_GAMES").ok()?.parse().ok())
        .unwrap_or(DEFAULT_GAMES)
}

fn main() {
    let games = games_wanted();
    let few = (games / 4).max(1);
    println!("Can't Stop bots — two-player games, seats alternating, 95% confidence intervals\n");
    println!("| pairing | games | win rate of the first | 95% CI |");
    println!("|---|---:|---:|---:|");
    let pairings = [
        (Player::Strong, Player::Rule28, games),
        (Player::Strong, Player::GlennAloi, games),
        (Player::Strong, Player::Rule28Win, few),
        (Player::Strong, Player::GlennAloiWin, few),
        (Player::Strong, Player::Easy, few),
        (Player::GlennAloi, Player::Rule28, few),
        (Player::GlennAloiWin, Player::Rule28Win, few),
        (Player::Rule28, Player::Easy, few),
        (Player::Easy, Player::Random, few / 10 + 1),
    ];
    for (i, (a, b, n)) in pairings.into_iter().enumerate() {
        let wins = pairing(a, b, n, 1_000_000 * (i as u64 + 1));
        let p = wins as f64 / n as f64;
        let half = ci95(p * (1.0 - p), n as f64);
        println!(
            "| {} vs {} | {n} | {:.1}% | {:.1}–{:.1}% |",
            a.name(),
            b.name(),
            100.0 * p,
            100.0 * (p - half),
            100.0 * (p + half)
        );
    }
    println!("\n| solitaire | games | average turns to claim three columns |");
    println!("|---|---:|---:|");
    let solo = [
        Player::Easy,
        Player::Rule28,
        Player::GlennAloi,
        Player::Rule28Win,
        Player::GlennAloiWin,
        Player::Strong,
    ];
    for p in solo {
        println!("| {} | {few} | {:.2} |", p.name(), solitaire(p, few, 9_000_000));
    }
    println!("\n| decision time (vs rule28, one thread) | decisions | p50 | p99 | max |");
    println!("|---|---:|---:|---:|---:|");
    for p in [Player::Easy, Player::Rule28, Player::Strong] {
        let t = decision_times(p, (games / 100).max(20), 7_000_000);
        println!(
            "| {} | {} | {:?} | {:?} | {:?} |",
            p.name(),
            t.len(),
            percentile(&t, 0.5),
            percentile(&t, 0.99),
            t.last().copied().unwrap_or_default()
        );
    }
}
