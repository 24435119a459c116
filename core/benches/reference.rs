//! How strong are the strong bots of the newer games against a plain reference that no one
//! tuned: UCT Monte Carlo tree search (UCB1, c = √2) with a fixed number of uniformly random
//! playouts per decision, open-loop over the dice and, in Saizumi, over guessed decks (it never
//! sees the true order). One strong bot against the reference in every other seat, the strong
//! seat rotating; its win rate (a shared win counts as its share) with a 95% interval beside the
//! even share, and both sides' decision times (the strong bot's on the CPU too).
//!
//! `PLAYOUTS=1000,10000 GAMES=20,4 cargo bench -p saikoro-core --bench reference [-- GAME…]`
//! (defaults: 1,000 playouts, 10 games; `GAMES` gives one count per `PLAYOUTS` entry, the last
//! repeated; `FIRST=n` starts at game n, to add games to an earlier run's; games: ninja, stones,
//! stones-dice, saizumi-3, saizumi-4). Each finished game is
//! reported on stderr as it ends, so a long run stopped early still tells what it played. Seeds
//! are fixed, so a run reproduces. `MEASURED_PLAYOUTS=n` puts the reference itself, with `n`
//! playouts, in the strong bot's seat: whether more search still wins games against it.
// Each game's options are named by inference from the game they are played with.
#![allow(clippy::default_trait_access)]

#[allow(dead_code)]
mod common;

use common::{ci95, cpu_time, percentile};
use saikoro_core::engine::bot::pick_index;
use saikoro_core::engine::{Dice, Game, Level, Outcome, Seat, SeededDice, driver};
use saikoro_core::games::{ninja::Ninja, saizumi::Saizumi, stones, stones::Stones};
use std::time::{Duration, Instant};

/// UCB1's exploration constant.
const EXPLORE: f64 = std::f64::consts::SQRT_2;
/// A playout or game still running after this many moves is abandoned (a guard, not a rule).
const MAX_MOVES: usize = 5_000;
/// The most seats any game has.
const SEATS: usize = 5;

/// A node of the search tree: reached by a sequence of actions, whatever the dice were.
struct Node<A> {
    visits: f64,
    /// Wins per seat through this node, a shared win counting as its share.
    wins: [f64; SEATS],
    children: Vec<(A, usize)>,
}

impl<A> Node<A> {
    fn new() -> Self {
        Node {
            visits: 0.0,
            wins: [0.0; SEATS],
            children: Vec::new(),
        }
    }
}

/// The reference's choice for `seat`: `playouts` iterations of UCT from `game`, each in a
/// world from `guess` (the game itself where nothing is hidden) on its own dice; the most
/// visited action at the root.
fn uct<G: Game>(
    game: &G,
    seat: Seat,
    playouts: u32,
    seed: u64,
    guess: fn(&G, &mut dyn Dice) -> G,
) -> G::Action {
    let legal = game.legal_actions(seat);
    if legal.len() == 1 {
        return legal[0].clone();
    }
    let mut nodes: Vec<Node<G::Action>> = vec![Node::new()];
    for i in 0..playouts {
        let mut rng = SeededDice::new(seed.wrapping_add(u64::from(i)));
        let mut state = guess(game, &mut rng);
        let mut path = vec![0];
        // Selection and one expansion.
        while state.outcome().is_none() {
            let Some(mover) = state.first_to_act() else { break };
            let node = *path.last().expect("the root");
            let legal = state.legal_actions(mover);
            let untried: Vec<&G::Action> = legal
                .iter()
                .filter(|a| !nodes[node].children.iter().any(|(c, _)| c == *a))
                .collect();
            let (action, child, expanded) = if untried.is_empty() {
                let (action, child) = select(&nodes, node, &legal, mover);
                (action, child, false)
            } else {
                let action = untried[pick_index(untried.len(), &mut rng)].clone();
                nodes.push(Node::new());
                let child = nodes.len() - 1;
                nodes[node].children.push((action.clone(), child));
                (action, child, true)
            };
            if state
                .apply_events(mover, &action, &mut rng, &mut Vec::new())
                .is_err()
            {
                break;
            }
            path.push(child);
            if expanded {
                break;
            }
        }
        let shares = random_playout(&mut state, &mut rng);
        for &n in &path {
            nodes[n].visits += 1.0;
            for (w, s) in nodes[n].wins.iter_mut().zip(shares) {
                *w += s;
            }
        }
    }
    nodes[0]
        .children
        .iter()
        .filter(|(a, _)| legal.contains(a))
        .max_by(|a, b| nodes[a.1].visits.total_cmp(&nodes[b.1].visits))
        .map_or_else(|| legal[0].clone(), |(a, _)| a.clone())
}

/// UCB1 among `node`'s children that are legal now, for `mover`'s wins.
fn select<A: Clone + PartialEq>(nodes: &[Node<A>], node: usize, legal: &[A], mover: Seat) -> (A, usize) {
    let parent = nodes[node].visits.max(1.0).ln();
    let value = |(_, c): &&(A, usize)| {
        let child = &nodes[*c];
        child.wins[mover] / child.visits + EXPLORE * (parent / child.visits).sqrt()
    };
    nodes[node]
        .children
        .iter()
        .filter(|(a, _)| legal.contains(a))
        .max_by(|a, b| value(a).total_cmp(&value(b)))
        .cloned()
        .expect("every legal action was tried")
}

/// Plays `game` to its end by uniformly random legal actions: each seat's share of the win.
fn random_playout<G: Game>(game: &mut G, rng: &mut SeededDice) -> [f64; SEATS] {
    for _ in 0..MAX_MOVES {
        if game.outcome().is_some() {
            break;
        }
        let Some(seat) = game.first_to_act() else { break };
        let legal = game.legal_actions(seat);
        let action = legal[pick_index(legal.len(), rng)].clone();
        if game.apply_events(seat, &action, rng, &mut Vec::new()).is_err() {
            break;
        }
    }
    shares(game.outcome())
}

fn shares(outcome: Option<Outcome>) -> [f64; SEATS] {
    let mut shares = [0.0; SEATS];
    if let Some(Outcome::Won { winners }) = outcome {
        for &w in &winners {
            shares[w] = 1.0 / winners.len() as f64;
        }
    }
    shares
}

/// One game: the strong bot (or, with `MEASURED_PLAYOUTS`, the reference with that many
/// playouts) in `strong`'s seat, the reference in the others. The strong seat's
/// share of the win, and the decision times: the strong bot's wall-clock and on the CPU (its
/// own work, without the wait for a core of a shared machine), the reference's wall-clock.
fn play<G: Game>(
    options: &G::Options,
    players: usize,
    strong: Seat,
    playouts: u32,
    seed: u64,
    guess: fn(&G, &mut dyn Dice) -> G,
) -> (f64, Vec<Duration>, Vec<Duration>, Vec<Duration>) {
    let bot = G::strategy(Level::Strong);
    let measured = measured_playouts();
    let mut dice = SeededDice::new(seed);
    let mut chance = SeededDice::new(seed ^ 0x5EED_B075);
    let mut game = G::set_up(options, players, &mut dice).expect("valid setup");
    let (mut bot_times, mut bot_cpu, mut ref_times) = (vec![], vec![], vec![]);
    let mut decision = 0u64;
    let outcome = driver::play(
        &mut game,
        &mut dice,
        MAX_MOVES,
        |g: &G, seat| {
            decision += 1;
            let (start, start_cpu) = (Instant::now(), cpu_time());
            let action = if seat == strong {
                match measured {
                    // Its own seeds, apart from the other seat's.
                    Some(n) => uct(g, seat, n, seed.wrapping_mul(104_729) ^ decision, guess),
                    None => bot.play(g, seat, &mut chance),
                }
            } else {
                uct(g, seat, playouts, seed.wrapping_mul(7919) ^ decision, guess)
            };
            let took = start.elapsed();
            if g.legal_actions(seat).len() > 1 {
                if seat == strong {
                    bot_times.push(took);
                    bot_cpu.push(cpu_time().saturating_sub(start_cpu));
                } else {
                    ref_times.push(took);
                }
            }
            action
        },
        |_, _, _, _| {},
    );
    (shares(outcome.ok())[strong], bot_times, bot_cpu, ref_times)
}

/// A table row: the strong bot against the reference over `games` games.
fn row<G: Game>(
    name: &str,
    options: &G::Options,
    players: usize,
    playouts: u32,
    games: usize,
    guess: fn(&G, &mut dyn Dice) -> G,
) {
    let (mut won, mut bot_times, mut bot_cpu, mut ref_times) = (vec![], vec![], vec![], vec![]);
    let started = Instant::now();
    let first: usize = std::env::var("FIRST")
        .ok()
        .and_then(|f| f.parse().ok())
        .unwrap_or(0);
    for g in first..first + games {
        let (share, b, c, r) = play::<G>(options, players, g % players, playouts, 1_000 + g as u64, guess);
        eprintln!(
            "{name} against {playouts}: game {} of {first}..{}, the measured seat's share {share:.2}, {:.0?} so far",
            g + 1,
            first + games,
            started.elapsed()
        );
        won.push(share);
        bot_times.extend(b);
        bot_cpu.extend(c);
        ref_times.extend(r);
    }
    let n = won.len() as f64;
    let mean = won.iter().sum::<f64>() / n;
    let variance = won.iter().map(|w| (w - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    // Never narrower than one game's worth, so a clean sweep of a few games is not certainty.
    let half = ci95(variance.max(1.0 / n), n);
    bot_times.sort_unstable();
    bot_cpu.sort_unstable();
    ref_times.sort_unstable();
    println!(
        "| {name} | {playouts} | {games} | {:.0}% ({:.0}–{:.0}%) | {:.0}% | {:?} / {:?} | {:?} / {:?} | {:?} |",
        100.0 * mean,
        100.0 * (mean - half).max(0.0),
        100.0 * (mean + half).min(1.0),
        100.0 / players as f64,
        percentile(&bot_times, 0.5),
        percentile(&bot_times, 0.99),
        percentile(&bot_cpu, 0.5),
        percentile(&bot_cpu, 0.99),
        percentile(&ref_times, 0.5),
    );
}

/// `MEASURED_PLAYOUTS`: the reference's playouts in the measured seat, if it replaces the
/// strong bot there.
fn measured_playouts() -> Option<u32> {
    std::env::var("MEASURED_PLAYOUTS").ok()?.parse().ok()
}

fn same<G: Clone>(game: &G, _: &mut dyn Dice) -> G {
    game.clone()
}

fn main() {
    let playouts: Vec<u32> = std::env::var("PLAYOUTS").ok().map_or_else(
        || vec![1_000],
        |p| p.split(',').filter_map(|n| n.trim().parse().ok()).collect(),
    );
    // One count per playouts setting: the bigger searches take far longer per game.
    let games: Vec<usize> = std::env::var("GAMES")
        .ok()
        .map(|g| g.split(',').filter_map(|n| n.trim().parse().ok()).collect())
        .filter(|g: &Vec<usize>| !g.is_empty())
        .unwrap_or_else(|| vec![10]);
    let only: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    let wanted = |name: &str| only.is_empty() || only.iter().any(|o| o == name);
    let dice = stones::Options {
        dice: true,
        ..Default::default()
    };
    let measured = measured_playouts().map_or_else(|| "strong".into(), |n| format!("UCT-{n}"));
    println!(
        "| game | reference playouts | games | {measured}'s wins (95%) | even share | {measured} p50 / p99 | {measured} CPU p50 / p99 | reference p50 |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (i, &p) in playouts.iter().enumerate() {
        let games = games[i.min(games.len() - 1)];
        if wanted("ninja") {
            row::<Ninja>("ninja", &Default::default(), 2, p, games, same);
        }
        if wanted("stones") {
            row::<Stones>("stones", &Default::default(), 2, p, games, same);
        }
        if wanted("stones-dice") {
            row::<Stones>("stones with dice", &dice, 2, p, games, same);
        }
        for players in [3, 4] {
            if wanted(&format!("saizumi-{players}")) {
                row::<Saizumi>(
                    &format!("saizumi {players}p"),
                    &Default::default(),
                    players,
                    p,
                    games,
                    |g, d| g.with_deck_guessed(d),
                );
            }
        }
    }
}
