//! Saizumi computer players against each other: win shares with 95% intervals for 3 and 4
//! players (one seat of the stronger level, the others of the weaker, the seat rotated each game),
//! and how long each level takes to decide (p50 / p99). Games per table row: env `GAMES`
//! (default 24). First, the playouts' speed: games per second of the normal player in every
//! seat (as the coach and the puzzles play out), 2 and 4 players, the median of 7 runs of
//! `PLAYOUTS` games (default 20) on the CPU and wall-clock; `PLAYOUTS_ONLY=1` stops there. Run
//! with `cargo bench -p saikoro-core --bench saizumi_bots`.

mod common;

use common::{ci95, cpu_time, games_from_env, percentile};
use saikoro_core::engine::driver::play;
use saikoro_core::engine::{AnyGame, Bot, Game, Level, Outcome, SeededDice};
use saikoro_core::games::GameKind;
use saikoro_core::games::saizumi::{Options, Saizumi};
use std::time::{Duration, Instant};

/// One game of normal players from `seed`, as a playout plays it.
fn playout(players: usize, seed: u64) {
    let mut dice = SeededDice::new(seed);
    let mut game = Saizumi::new(&Options::default(), players, &mut dice).expect("setup");
    let bot = Saizumi::strategy(Level::Normal);
    while Game::outcome(&game).is_none() {
        let seat = game.first_to_act().expect("someone to act");
        let action = bot.play(&game, seat, &mut dice);
        game.apply_events(seat, &action, &mut dice, &mut Vec::new())
            .expect("a legal move");
    }
}

/// Prints the median games per second, on the CPU and wall-clock, of 7 runs of `games` playouts.
fn playout_rate(players: usize, games: u64) {
    let (mut cpu, mut wall): (Vec<f64>, Vec<f64>) = (0..7u64)
        .map(|run| {
            let (start, start_cpu) = (Instant::now(), cpu_time());
            for g in 0..games {
                playout(players, run * games + g);
            }
            let rate = |took: Duration| games as f64 / took.as_secs_f64();
            (rate(cpu_time().saturating_sub(start_cpu)), rate(start.elapsed()))
        })
        .unzip();
    cpu.sort_by(f64::total_cmp);
    wall.sort_by(f64::total_cmp);
    println!(
        "| {players} | {games} × 7 | {:.1} | {:.1} | {:.1}–{:.1} |",
        cpu[3], wall[3], cpu[0], cpu[6]
    );
}

/// Plays one game; returns the share of the win each seat got and the decision times per level.
fn game(levels: &[Level], seed: u64, times: &mut [Vec<Duration>; 3]) -> Vec<f64> {
    let kind = GameKind::from_id("saizumi").expect("registered");
    let bots: Vec<Box<dyn Bot>> = levels.iter().map(|&l| kind.bot(l)).collect();
    let mut dice = SeededDice::new(seed);
    let mut rng = SeededDice::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut game: Box<dyn AnyGame> = kind
        .new_game(&serde_json::Value::Null, levels.len(), &mut dice)
        .expect("setup");
    let outcome = play(
        game.as_mut(),
        &mut dice,
        10_000,
        |g, seat| {
            let start = Instant::now();
            let id = bots[seat].choose(g, seat, &mut rng);
            let level = Level::ALL
                .iter()
                .position(|l| *l == levels[seat])
                .expect("a level");
            times[level].push(start.elapsed());
            id
        },
        |_, _, _, _| {},
    )
    .expect("the game ends");
    let Outcome::Won { winners } = outcome else {
        panic!("{outcome:?}")
    };
    (0..levels.len())
        .map(|s| {
            if winners.contains(&s) {
                1.0 / winners.len() as f64
            } else {
                0.0
            }
        })
        .collect()
}

fn main() {
    let playouts = std::env::var("PLAYOUTS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(20);
    println!("| players | playouts | games/s (CPU, median) | games/s (wall, median) | CPU range |");
    println!("|---|---|---|---|---|");
    for players in [2, 4] {
        playout_rate(players, playouts);
    }
    if std::env::var("PLAYOUTS_ONLY").is_ok_and(|v| v == "1") {
        return;
    }
    println!();
    let games = games_from_env(24) as u64;
    let mut times: [Vec<Duration>; 3] = Default::default();
    println!("| players | seat level | vs | games | win share | 95% CI | fair share |");
    println!("|---|---|---|---|---|---|---|");
    for players in [3usize, 4] {
        for (hero, rest) in [(Level::Strong, Level::Normal), (Level::Normal, Level::Easy)] {
            let mut shares = vec![];
            for g in 0..games {
                let seat = (g as usize) % players;
                let levels: Vec<Level> = (0..players)
                    .map(|s| if s == seat { hero } else { rest })
                    .collect();
                let result = game(&levels, 1_000 + g + 100_000 * players as u64, &mut times);
                shares.push(result[seat]);
            }
            let n = shares.len() as f64;
            let mean = shares.iter().sum::<f64>() / n;
            let var = shares.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
            let half = ci95(var, n);
            println!(
                "| {players} | {} | {} | {games} | {:.1}% | {:.1}–{:.1}% | {:.1}% |",
                hero.id(),
                rest.id(),
                mean * 100.0,
                (mean - half).max(0.0) * 100.0,
                (mean + half).min(1.0) * 100.0,
                100.0 / players as f64
            );
        }
    }
    println!();
    println!("| level | decisions | p50 | p99 |");
    println!("|---|---|---|---|");
    for (level, t) in Level::ALL.iter().zip(times.iter_mut()) {
        let count = t.len();
        t.sort_unstable();
        let (p50, p99) = (percentile(t, 0.5), percentile(t, 0.99));
        println!("| {} | {count} | {p50:.2?} | {p99:.2?} |", level.id());
    }
}
