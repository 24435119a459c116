//! `saikoro puzzles generate GAME --count N`: plays seeded bot games (strong against normal),
//! keeps decisions the coach finds clear by at least 5 points of winning chance that playouts
//! confirm at the 95% level, checks each again with a fresh evaluation on another seed, and
//! stores those that keep their best move. Progress on stderr, a summary on stdout.
//!
//! Playouts are played by the game's normal bot, as the playout coaches' are: the strong bots
//! search inside every move, which made a playout 90 ms (Stones) to 450 ms (Can't Stop), against
//! well under a millisecond. Both the confirmation and the check run in rounds
//! (`engine::sieve`), so a clear decision is settled early and a close one dropped early.

use super::Halt;
use crate::engine::puzzle::{Found, Rounds, Screen, hunt, initial_rating, keeps_best};
use crate::engine::{Bot, Level, Msg, SeededDice, Tr};
use crate::games::GameKind;
use crate::history::PuzzleRating;
use crate::store::{NewPuzzle, PuzzleChoice, Store};
use std::time::{Duration, Instant};

#[derive(clap::Subcommand)]
pub enum PuzzlesCommand {
    /// Generate puzzles of a game (one with a coach) into the configured database.
    Generate(GenerateArgs),
}

#[derive(clap::Args)]
pub struct GenerateArgs {
    /// The game.
    pub game: String,
    /// How many puzzles to store.
    #[arg(long, default_value_t = 10)]
    pub count: usize,
    /// Seed of the bot games and playouts: the same seed finds the same puzzles.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The most playouts per choice, to confirm a puzzle and again to check it (played in
    /// rounds of 100, a choice leaving once settled).
    #[arg(long, default_value_t = 1000)]
    pub playouts: u32,
    /// Start no new bot game after this many minutes, even if fewer puzzles are stored (the
    /// summary still follows).
    #[arg(long)]
    pub minutes: Option<u64>,
    /// The database (default: the configuration's).
    #[arg(long)]
    pub database: Option<String>,
}

/// Bot games tried per puzzle asked for before giving up.
const GAMES_PER_PUZZLE: u64 = 50;
/// Keeps the re-check's seeds apart from the confirmation's.
const CHECK_SEED: u64 = 0x5eed_c0ffee;
/// Playouts per choice in a round of the confirmation and the check.
const BATCH: u32 = 100;

fn rounds(playouts: u32, seed: u64) -> Rounds {
    Rounds {
        level: Level::Normal,
        batch: BATCH,
        most: playouts,
        seed,
    }
}

/// What a generation did, for its summary.
struct Tally {
    stored: usize,
    confirmed: usize,
    /// Confirmed puzzles whose best move the fresh check kept (stored, or stored before).
    kept: usize,
    games: u64,
    seconds: Vec<f64>,
}

pub fn generate(args: &GenerateArgs, url: &str, now: i64, tr: &Tr) -> Result<(), Halt> {
    let kind = GameKind::from_id(&args.game)
        .filter(|k| k.coached())
        .ok_or_else(|| tr.msg(&Msg::new("puzzle-no-coach").arg("game", args.game.as_str())))?;
    let runtime = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
    let store = runtime.block_on(Store::connect(url)).map_err(|e| e.to_string())?;
    let mut tally = Tally {
        stored: 0,
        confirmed: 0,
        kept: 0,
        games: 0,
        seconds: Vec::new(),
    };
    let players = *kind.players().start().max(&2);
    // Time per stored puzzle: the games searched for it, its playouts and its check.
    let mut since = Instant::now();
    let deadline = args
        .minutes
        .map(|m| since + Duration::from_secs(m.saturating_mul(60)));
    while tally.stored < args.count
        && tally.games < GAMES_PER_PUZZLE * args.count as u64
        && deadline.is_none_or(|d| Instant::now() < d)
    {
        let seed = args.seed.wrapping_mul(1_000_003).wrapping_add(tally.games);
        tally.games += 1;
        let Some(found) = find(kind, players, seed, args.playouts) else {
            continue;
        };
        tally.confirmed += 1;
        let check = rounds(args.playouts, seed ^ CHECK_SEED);
        let ids: Vec<String> = found.chances.iter().map(|c| c.action.clone()).collect();
        if !keeps_best(found.game.as_ref(), found.seat, &ids, &found.best, check) {
            continue;
        }
        tally.kept += 1;
        let id = runtime
            .block_on(store.insert_puzzle(&stored(kind, players, &found, now)))
            .map_err(|e| e.to_string())?;
        let Some(id) = id else {
            eprintln!("{}", tr.msg(&repeated(kind, &tally)));
            continue;
        };
        tally.seconds.push(since.elapsed().as_secs_f64());
        since = Instant::now();
        tally.stored += 1;
        eprintln!("{}", tr.msg(&progress(kind, &tally, id, found.difficulty)));
    }
    runtime.block_on(store.close());
    println!("{}", tr.msg(&summary(kind, &tally)));
    Ok(())
}

/// Games whose coach is weighed only where the strong and normal bots disagree
/// ([`Screen::Disputed`]): Saizumi's weighing plays every choice out in four guessed decks, and
/// weighing every decision found one candidate in minutes.
const DISPUTED_ONLY: &[&str] = &["saizumi"];

/// One seeded bot game searched for a puzzle; the seat to move alternates with the seed.
fn find(kind: GameKind, players: usize, seed: u64, playouts: u32) -> Option<Found> {
    let mut dice = SeededDice::new(seed);
    let mut game = kind.new_game(&serde_json::json!({}), players, &mut dice).ok()?;
    let bots: Vec<Box<dyn Bot>> = (0..players)
        .map(|seat| {
            let strong = (seat as u64).wrapping_add(seed).is_multiple_of(2);
            kind.bot(if strong { Level::Strong } else { Level::Normal })
        })
        .collect();
    let (strong, normal) = (kind.bot(Level::Strong), kind.bot(Level::Normal));
    let screen = if DISPUTED_ONLY.contains(&kind.id()) {
        Screen::Disputed {
            strong: strong.as_ref(),
            normal: normal.as_ref(),
        }
    } else {
        Screen::Every
    };
    let mut rng = SeededDice::new(seed.rotate_left(32));
    hunt(
        game.as_mut(),
        &bots,
        &mut dice,
        &mut rng,
        rounds(playouts, seed),
        screen,
    )
}

fn stored(kind: GameKind, players: usize, found: &Found, now: i64) -> NewPuzzle {
    NewPuzzle {
        kind: kind.id().to_owned(),
        players,
        options: serde_json::json!({}),
        snapshot: found.game.snapshot(),
        seat: found.seat,
        choices: found
            .chances
            .iter()
            .map(|c| PuzzleChoice {
                id: c.action.clone(),
                chance: c.chance,
                margin: c.margin,
            })
            .collect(),
        best: found.best.clone(),
        difficulty: found.difficulty,
        rating: PuzzleRating::of_puzzle(initial_rating(found.difficulty)),
        created_at: now,
    }
}

fn progress(kind: GameKind, tally: &Tally, id: i64, difficulty: u8) -> Msg {
    Msg::new("puzzles-progress")
        .arg("game", kind.id())
        .arg("n", tally.stored)
        .arg("id", id)
        .arg("difficulty", difficulty)
        .arg("games", tally.games)
}

fn repeated(kind: GameKind, tally: &Tally) -> Msg {
    Msg::new("puzzles-repeated")
        .arg("game", kind.id())
        .arg("games", tally.games)
}

fn summary(kind: GameKind, tally: &Tally) -> Msg {
    let mut seconds = tally.seconds.clone();
    seconds.sort_by(f64::total_cmp);
    let median = seconds.get(seconds.len() / 2).copied().unwrap_or(0.0);
    Msg::new("puzzles-done")
        .arg("game", kind.id())
        .arg("stored", tally.stored)
        .arg("confirmed", tally.confirmed)
        .arg("kept", tally.kept)
        .arg("games", tally.games)
        .arg("median", format!("{median:.2}"))
}
