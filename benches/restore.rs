#![allow(unsafe_code)] // the counting allocator below is how this bench measures memory
//! Start-up with many stored games: how long `Tables::restore` takes with N unfinished Can't Stop
//! games in SQLite (it reads their index; each game loads when first touched), the heap held per
//! game once started, and the time of a game's first touch (load and replay of 30 actions); the
//! first start with every game due, to its first answer and to the end of its due pass, with the
//! pass before any click and in the background; then the first touch of games with long logs,
//! stored with and without the session's snapshots.
//! A bench binary (not a test): `cargo bench --bench restore [-- N]` (default 10,000 games).

use saikoro::engine::bot::{Bot, RandomBot};
use saikoro::engine::{Locale, ScriptedDice, SeededDice, driver, replay};
use saikoro::games::GameKind;
use saikoro::id::{ChannelId, GameId, GuildId, MessageId, UserId};
use saikoro::session::ids;
use saikoro::session::{
    Outbox, OutboxError, Post, Reply, Responder, SNAPSHOT_EVERY, SeatInfo, Settings, Table, Tables, Timers,
    User,
};
use saikoro::store::{GameRow, Played, Status, Store, StoredGame};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Counts live heap bytes, so the memory a restored game holds is measured exactly rather than
/// read off RSS (which the allocator does not give back).
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size(), Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Restoring posts nothing for games whose board exists; this outbox proves it by refusing.
struct Silent;

#[async_trait::async_trait]
impl Outbox for Silent {
    async fn post(&self, _: ChannelId, _: &Post) -> Result<MessageId, OutboxError> {
        Err(OutboxError::Refused("restore should not post".into()))
    }
    async fn edit(&self, _: ChannelId, _: MessageId, _: &Post) -> Result<(), OutboxError> {
        Err(OutboxError::Refused("restore should not edit".into()))
    }
    async fn say(&self, _: ChannelId, _: &str, _: &[UserId]) -> Result<(), OutboxError> {
        Err(OutboxError::Refused("restore should not speak".into()))
    }
}

/// Keeps a click's answer.
#[derive(Default)]
struct Kept(std::sync::Mutex<Option<Reply>>);

#[async_trait::async_trait]
impl Responder for Kept {
    async fn answer(&self, reply: Reply) {
        *self.0.lock().unwrap() = Some(reply);
    }
}

/// A two-player game part-way through: `actions` random legal moves from a seeded start. With
/// `never_stop` the players roll until they bust, so the game never ends and its log grows as
/// long as asked.
fn stored_game(seed: u64, actions: usize, never_stop: bool) -> StoredGame {
    let kind = GameKind::from_id("cantstop").unwrap();
    let mut dice = SeededDice::new(seed);
    let mut setup = saikoro::engine::RecordingDice::new(&mut dice);
    let mut game = kind.new_game(&serde_json::Value::Null, 2, &mut setup).unwrap();
    let setup_dice = setup.drawn;
    let mut rng = SeededDice::new(seed + 1);
    let (_, mut log) = driver::play_logged(game.as_mut(), &mut dice, actions, |game, seat| {
        let choice = RandomBot.choose(game, seat, &mut rng);
        if never_stop && choice == "stop" {
            "roll".into()
        } else {
            choice
        }
    });
    if game.outcome().is_some() {
        log.pop(); // keep it unfinished: the last action ended it
    }
    let seats = ["ann", "ben"]
        .iter()
        .enumerate()
        .map(|(i, n)| SeatInfo {
            user: Some(UserId(1000 + i as u64)),
            name: (*n).into(),
            bot: None,
        })
        .collect();
    let table = Table::new(seats, Locale::En, false);
    StoredGame {
        row: GameRow {
            id: GameId(0),
            kind: kind.id().into(),
            guild_id: Some(GuildId(1)),
            channel_id: ChannelId(10_000 + seed),
            host_id: UserId(1000),
            status: Status::Playing,
            options: serde_json::Value::Null,
            seats: serde_json::to_value(table).unwrap(),
            setup_dice,
            board_message_id: Some(MessageId(1)),
            created_at: 0,
            updated_at: 0,
        },
        log,
    }
}

/// Games whose first touch is timed (a `/cantstop log` in their channel).
const TOUCHED: usize = 100;
/// The actions of a long game: a snapshot covers the first 2,000 and 25 follow it, as a session
/// that snapshots every [`SNAPSHOT_EVERY`] actions leaves them.
const LONG: usize = 2_025;
/// Long games stored each way.
const LONG_GAMES: u64 = 20;

/// Stores `game` as a session would have: a snapshot of its state written with action
/// `covered - 1`, the actions after it appended one by one.
async fn store_with_snapshot(store: &Store, game: &StoredGame, covered: usize) -> GameId {
    let mut setup = ScriptedDice::new(game.row.setup_dice.iter().copied());
    let mut state = kind().new_game(&game.row.options, 2, &mut setup).unwrap();
    replay(state.as_mut(), &game.log[..covered]).unwrap();
    let before = StoredGame {
        row: GameRow {
            channel_id: ChannelId(game.row.channel_id.get() + 100_000),
            ..game.row.clone()
        },
        log: game.log[..covered - 1].to_vec(),
    };
    let id = store.import(&[before]).await.unwrap()[0];
    for (seq, action) in game.log.iter().enumerate().skip(covered - 1) {
        let played = Played {
            status: Status::Playing,
            at: 0,
            due_at: None,
            board: Some(MessageId(1)),
            snapshot: (seq == covered - 1).then(|| state.snapshot()),
        };
        store.append_action(id, seq as i64, action, played).await.unwrap();
    }
    id
}

/// The median time of the first touch of each game (a click on an old board: the game loads,
/// then the click is refused as out of date).
async fn first_touches(url: &str, settings: &Settings, games: &[GameId]) -> Duration {
    let mut times = vec![];
    for _ in 0..3 {
        let hub = Tables::new(
            Store::connect(url).await.unwrap(),
            Arc::new(Silent),
            settings.clone(),
        );
        hub.restore().await.unwrap();
        let started = Instant::now();
        for &game in games {
            let route = ids::TableRoute::Game {
                game,
                version: 0,
                action: "roll".into(),
            };
            let answer = Kept::default();
            hub.click(&route, MessageId(1), &viewer(), &answer).await;
            let reply = answer.0.lock().unwrap().take();
            assert!(format!("{reply:?}").contains("out of date"), "{reply:?}");
        }
        times.push(started.elapsed() / games.len() as u32);
    }
    times.sort();
    times[1]
}

fn kind() -> GameKind {
    GameKind::from_id("cantstop").unwrap()
}

fn viewer() -> User {
    User {
        id: UserId(1000),
        name: "ann".into(),
        locale: Locale::En,
        manager: false,
    }
}

fn rss_kib(field: &str) -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with(field))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

fn main() {
    let n: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(10_000);
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let dir = std::env::temp_dir().join(format!("saikoro-restore-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}", dir.join("games.db").display());
    runtime.block_on(async {
        store_unfinished(&url, n).await;
        println!("stored {n} unfinished games in {}", dir.display());
        let settings = settings();
        restarts(&url, &settings, n).await;
        let long_url = format!("sqlite://{}", dir.join("long.db").display());
        long_games(&long_url, &settings).await;
        println!(
            "peak RSS of the bench: {:.1} MiB",
            rss_kib("VmHWM:") as f64 / 1024.0
        );
    });
    std::fs::remove_dir_all(dir).ok();
}

/// `n` unfinished games of 30 actions each, imported in pages as an old saikoro left them.
async fn store_unfinished(url: &str, n: usize) {
    let store = Store::connect(url).await.unwrap();
    for first in (0..n as u64).step_by(1000) {
        let page: Vec<StoredGame> = (first..(first + 1000).min(n as u64))
            .map(|s| stored_game(s, 30, false))
            .collect();
        store.import(&page).await.unwrap();
    }
    store.close().await;
}

fn settings() -> Settings {
    Settings {
        lobby_expiry: Duration::from_secs(600),
        bot_delay: Duration::ZERO,
        timers: Timers::default(),
        dice_seed: None,
        snapshot_every: SNAPSHOT_EVERY,
        markup: &saikoro::discord::DiscordMarkup,
        limits: saikoro::session::Limits::default(),
    }
}

/// The first start after an upgrade, then three ordinary restarts: start-up time, heap held and
/// the first touch of a game.
async fn restarts(url: &str, settings: &Settings, n: usize) {
    // Imported games (like games of a saikoro from before due times) are all due once: the
    // first start looks at each, a page at a time, and stores when it is next due. Measured on
    // a copy both ways: the whole pass before the first answer, and the pass in the background.
    let copy = copy_of(url, "waiting");
    let waiting = first_start(&copy, settings, n, false).await;
    let first = first_start(url, settings, n, true).await;

    let (mut times, mut held, mut touched) = (vec![], vec![], vec![]);
    for _ in 0..3 {
        let before = LIVE.load(Ordering::Relaxed);
        let started = Instant::now();
        let hub = Tables::new(
            Store::connect(url).await.unwrap(),
            Arc::new(Silent),
            settings.clone(),
        );
        let restored = hub.restore().await.unwrap();
        times.push(started.elapsed());
        assert_eq!(restored, n, "every stored game comes back");
        held.push(LIVE.load(Ordering::Relaxed).saturating_sub(before));
        // First touches: each loads its game from the store and replays its log.
        let started = Instant::now();
        for channel in (0..TOUCHED as u64).map(|s| ChannelId(10_000 + s)) {
            let log = hub.log(kind(), channel, &viewer(), None).await;
            assert!(!log.is_empty());
        }
        touched.push(started.elapsed() / TOUCHED as u32);
        drop(hub);
    }
    times.sort();
    held.sort_unstable();
    touched.sort();
    let median = times[times.len() / 2];
    println!("first start, every game due once as after an upgrade or a long outage:");
    println!("| due pass | first answer | pass ended |");
    println!("|---|---|---|");
    for (how, (answer, ended)) in [("before any click", waiting), ("in the background", first)] {
        println!(
            "| {how} | {:.0} ms | {:.0} ms |",
            answer.as_secs_f64() * 1e3,
            ended.as_secs_f64() * 1e3
        );
    }
    println!(
        "| games | start-up (median of 3) | per game | heap held (median) | per game | first touch (median) |"
    );
    println!("|---|---|---|---|---|---|");
    println!(
        "| {n} | {:.0} ms | {:.1} µs | {:.1} MiB | {:.0} B | {:.2} ms |",
        median.as_secs_f64() * 1e3,
        median.as_secs_f64() * 1e6 / n as f64,
        held[1] as f64 / (1024.0 * 1024.0),
        held[1] as f64 / n as f64,
        touched[1].as_secs_f64() * 1e3,
    );
}

/// A copy of the SQLite database at `url` beside it, named `name`; its URL.
fn copy_of(url: &str, name: &str) -> String {
    let path = std::path::PathBuf::from(url.trim_start_matches("sqlite://"));
    let copy = path.with_file_name(format!("{name}.db"));
    std::fs::copy(&path, &copy).unwrap();
    // Pages not yet checkpointed are in the write-ahead log: without it the copy is malformed.
    for suffix in ["-wal", "-shm"] {
        let log = std::path::PathBuf::from(format!("{}{suffix}", path.display()));
        if log.exists() {
            std::fs::copy(&log, copy.with_file_name(format!("{name}.db{suffix}"))).unwrap();
        }
    }
    format!("sqlite://{}", copy.display())
}

/// A start with `n` due games: the time to the first answer (a click on the game the due pass
/// reaches last) and to the end of the pass, run before any click (`background` false, as
/// before) or while clicks are answered.
async fn first_start(url: &str, settings: &Settings, n: usize, background: bool) -> (Duration, Duration) {
    let started = Instant::now();
    let hub = Tables::new(
        Store::connect(url).await.unwrap(),
        Arc::new(Silent),
        settings.clone(),
    );
    let pass = if background {
        assert_eq!(hub.restore_index().await.unwrap(), n);
        let hub = hub.clone();
        Some(tokio::spawn(async move { hub.catch_up().await }))
    } else {
        assert_eq!(hub.restore().await.unwrap(), n);
        None
    };
    let route = ids::TableRoute::Game {
        game: GameId(n as i64),
        version: 0,
        action: "roll".into(),
    };
    let answer = Kept::default();
    hub.click(&route, MessageId(1), &viewer(), &answer).await;
    let answered = started.elapsed();
    let reply = answer.0.lock().unwrap().take();
    assert!(format!("{reply:?}").contains("out of date"), "{reply:?}");
    if let Some(pass) = pass {
        pass.await.unwrap();
    }
    (answered, started.elapsed())
}

/// Long games: the same logs stored without snapshots and as sessions store them, then the
/// first touch of each kind.
async fn long_games(long_url: &str, settings: &Settings) {
    let store = Store::connect(long_url).await.unwrap();
    let long: Vec<StoredGame> = (0..LONG_GAMES).map(|s| stored_game(s, LONG, true)).collect();
    assert!(long.iter().all(|g| g.log.len() == LONG), "a game ended early");
    let whole = store.import(&long).await.unwrap();
    let covered = LONG / SNAPSHOT_EVERY * SNAPSHOT_EVERY;
    let mut snapshotted = vec![];
    for game in &long {
        snapshotted.push(store_with_snapshot(&store, game, covered).await);
    }
    store.close().await;
    // The first start looks at every imported game once (they are due); later ones do not.
    let hub = Tables::new(
        Store::connect(long_url).await.unwrap(),
        Arc::new(Silent),
        settings.clone(),
    );
    hub.restore().await.unwrap();
    drop(hub);
    let replayed = first_touches(long_url, settings, &whole).await;
    let restored = first_touches(long_url, settings, &snapshotted).await;
    println!();
    println!(
        "| long game | first touch, whole log replayed (median) | first touch, snapshot + {} actions (median) |",
        LONG - covered
    );
    println!("|---|---|---|");
    println!(
        "| {LONG} actions | {:.2} ms | {:.2} ms |",
        replayed.as_secs_f64() * 1e3,
        restored.as_secs_f64() * 1e3,
    );
}
