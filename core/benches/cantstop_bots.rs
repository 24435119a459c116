//! Can't Stop bots against the published baselines. `cargo bench --bench cantstop_bots`
//! (`GAMES=n`, default 2,000): solitaire averages with standard errors next to the published
//! figures (HEURISTIC_SOLO = 10 × GAMES games for the fast heuristics, GAMES for the others),
//! strong's win rate with a 95% interval in 2-, 3- and 4-player games against copies of each
//! baseline (GAMES games each, strong's seat rotating), a few other pairings, and decision times.
//! Seeds are fixed, so a run reproduces exactly.

mod common;

use common::{ci95, games_from_env, percentile};
use saikoro_core::engine::bot::{Bot, RandomBot, Strategy, Typed};
use saikoro_core::engine::{Game, Outcome, SeededDice, driver};
use saikoro_core::games::cantstop::bots::{
    EasyBot, GLENN_ALOI, GLENN_LINEAR, HeuristicBot, RULE_OF_28, StrongBot,
};
use saikoro_core::games::cantstop::{Action, CantStop, Options};
use std::time::{Duration, Instant};

const DEFAULT_GAMES: usize = 2_000;
/// Threads: the machine has two cores.
const THREADS: usize = 2;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Player {
    Random,
    Easy,
    Rule28,
    GlennAloi,
    GlennLinear,
    Strong,
}

impl Player {
    fn name(self) -> &'static str {
        match self {
            Player::Random => "random",
            Player::Easy => "easy",
            Player::Rule28 => "normal = Rule of 28",
            Player::GlennAloi => "Glenn & Aloi constant",
            Player::GlennLinear => "Glenn linear",
            Player::Strong => "strong",
        }
    }

    /// The published solitaire average, where there is one.
    fn published(self) -> &'static str {
        match self {
            Player::Rule28 => "10.74 (Glenn & Aloi 2009)",
            Player::GlennAloi => "9.05–9.12 (Glenn & Aloi 2009)",
            Player::GlennLinear => "8.79 (Glenn's code, 250,000 games)",
            _ => "—",
        }
    }

    fn bot(self) -> Box<dyn Bot> {
        let typed = |strategy: Box<dyn Strategy<CantStop>>| -> Box<dyn Bot> { Box::new(Typed(strategy)) };
        match self {
            Player::Random => Box::new(RandomBot),
            Player::Easy => typed(Box::new(EasyBot)),
            Player::Rule28 => typed(Box::new(HeuristicBot(&RULE_OF_28))),
            Player::GlennAloi => typed(Box::new(HeuristicBot(&GLENN_ALOI))),
            Player::GlennLinear => typed(Box::new(HeuristicBot(&GLENN_LINEAR))),
            Player::Strong => typed(Box::<StrongBot>::default()),
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

/// Runs jobs `0..games` over the cores; their results, in no particular order.
fn parallel(games: usize, job: impl Fn(usize) -> u32 + Sync) -> Vec<u32> {
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..THREADS)
            .map(|t| {
                let job = &job;
                s.spawn(move || (t..games).step_by(THREADS).map(job).collect::<Vec<_>>())
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a worker panicked"))
            .collect()
    })
}

/// `a`'s wins over `games` games against `players − 1` copies of `b`; `a` sits in seat
/// `g % players` in game `g`.
fn wins(a: Player, b: Player, players: usize, games: usize, seed: u64) -> usize {
    let won = parallel(games, |g| {
        let seat = g % players;
        let mut seats = vec![b; players];
        seats[seat] = a;
        match play(&seats, seed + g as u64, &mut None) {
            Outcome::Won { winners } => u32::from(winners == [seat]),
            _ => 0,
        }
    });
    won.iter().filter(|&&w| w == 1).count()
}

/// The turns of `games` solitaire games: mean and standard error.
fn solitaire(p: Player, games: usize, seed: u64) -> (f64, f64) {
    let turns = parallel(games, |g| match play(&[p], seed + g as u64, &mut None) {
        Outcome::Solitaire { turns } => turns,
        other => panic!("a solitaire game ended as {other:?}"),
    });
    let n = turns.len() as f64;
    let mean = turns.iter().map(|&t| f64::from(t)).sum::<f64>() / n;
    let var = turns.iter().map(|&t| (f64::from(t) - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, (var / n).sqrt())
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

/// A win rate as "p% | lo–hi%".
fn rate(wins: usize, games: usize) -> String {
    let p = wins as f64 / games as f64;
    let half = ci95(p * (1.0 - p), games as f64);
    format!(
        "{:.1}% | {:.1}–{:.1}%",
        100.0 * p,
        100.0 * (p - half),
        100.0 * (p + half)
    )
}

fn main() {
    let games = games_from_env(DEFAULT_GAMES);
    let baselines = [Player::Rule28, Player::GlennAloi, Player::GlennLinear];

    println!("Can't Stop bots — solitaire: turns to claim three columns\n");
    println!("| player | games | average turns ± standard error | published |");
    println!("|---|---:|---:|---:|");
    for p in [
        Player::Easy,
        Player::Rule28,
        Player::GlennAloi,
        Player::GlennLinear,
        Player::Strong,
    ] {
        let n = if baselines.contains(&p) { 10 * games } else { games };
        let (mean, se) = solitaire(p, n, 9_000_000);
        println!("| {} | {n} | {mean:.2} ± {se:.2} | {} |", p.name(), p.published());
    }

    println!("\nStrong against copies of each baseline, strong's seat rotating, 95% intervals\n");
    println!("| players | opponents | games | strong wins | 95% interval | even share |");
    println!("|---:|---|---:|---:|---:|---:|");
    for players in 2..=4 {
        for (i, &b) in baselines.iter().enumerate() {
            let seed = 1_000_000 * (10 * players + i) as u64;
            let w = wins(Player::Strong, b, players, games, seed);
            println!(
                "| {players} | {} | {games} | {} | {:.0}% |",
                b.name(),
                rate(w, games),
                100.0 / players as f64
            );
        }
    }

    println!("\nOther two-player pairings, seats alternating\n");
    println!("| pairing | games | first wins | 95% interval |");
    println!("|---|---:|---:|---:|");
    let pairings = [
        (Player::GlennAloi, Player::Rule28, 10 * games),
        (Player::GlennLinear, Player::Rule28, 10 * games),
        (Player::Strong, Player::Easy, games),
        (Player::Rule28, Player::Easy, 10 * games),
        (Player::Easy, Player::Random, games / 10 + 1),
    ];
    for (i, (a, b, n)) in pairings.into_iter().enumerate() {
        let w = wins(a, b, 2, n, 500_000_000 + 1_000_000 * i as u64);
        println!("| {} vs {} | {n} | {} |", a.name(), b.name(), rate(w, n));
    }

    println!("\n| decision time (vs Rule of 28, one thread) | decisions | p50 | p99 | max |");
    println!("|---|---:|---:|---:|---:|");
    for p in [Player::Easy, Player::Rule28, Player::Strong] {
        let t = decision_times(p, (games / 10).max(20), 7_000_000);
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
