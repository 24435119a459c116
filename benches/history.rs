//! The players' history queries at scale: a SQLite file (and PostgreSQL when
//! SAIKORO_TEST_POSTGRES_URL is set) holding SAIKORO_BENCH_GAMES (100000) finished 3-player
//! games between 300 people and the bots of one server, plus another server's games that must not
//! slow it. The games are written at schema 0020 and the store's start-up runs migration 0030,
//! whose back-fill of the players' summaries is timed. Prints the median and slowest of
//! SAIKORO_BENCH_RUNS (51) calls per query, in ms, and the median again on the schema before
//! migration 0020 (old index, no trend index, head-to-head by join; stats read every result).
//!
//! cargo bench --bench history

#[path = "../tests/common/migrations.rs"]
mod migrations;
#[path = "../tests/common/postgres.rs"]
mod postgres;

use migrations::migrate_to;
use postgres::Schema;
use saikoro::id::GuildId;
use saikoro::store::Store;
use sqlx::Connection;
use std::collections::HashMap;
use std::time::Instant;

const PEOPLE: u64 = 300;
const GUILD: u64 = 1_100_000_000_000_000_001;
const OTHER_GUILD: u64 = 1_100_000_000_000_000_002;
const KINDS: [&str; 3] = ["cantstop", "ishigaki", "saizumi"];

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Deterministic pseudo-random numbers, so every run seeds the same database.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n
    }
}

type Ratings = HashMap<(i64, &'static str, String), (f64, f64, i64, i64)>;
type Rivals = HashMap<(i64, String, String), (i64, i64, i64)>;

/// The seeding SQL: games, their results and the ratings they led to, written directly (the
/// point is the queries, not 100,000 fsyncs). Each statement is one multi-row INSERT.
fn seed_sql(games: usize) -> Vec<String> {
    let mut rng = Lcg(17);
    let (mut ratings, mut rivals) = (Ratings::new(), Rivals::new());
    let mut statements = vec![];
    for chunk_start in (0..games).step_by(1000) {
        let (mut game_rows, mut result_rows) = (vec![], vec![]);
        for g in chunk_start..(chunk_start + 1000).min(games) {
            let id = g + 1;
            // One game in ten is another server's.
            let guild = if g % 10 == 9 { OTHER_GUILD } else { GUILD }.cast_signed();
            let kind = KINDS[g % KINDS.len()];
            let at = 1_700_000_000 + g as i64 * 60;
            game_rows.push(format!(
                "({id}, '{kind}', {guild}, 1, 1, 'finished', '{{}}', '{{}}', '', NULL, {at}, {at})"
            ));
            let players = three_players(&mut rng);
            let winner = rng.below(3) as usize;
            count_rivals(&mut rivals, guild, &players, winner);
            for (seat, player) in players.iter().enumerate() {
                let won = seat == winner;
                let place = if won { 1 } else { 2 };
                let (mu, sigma) = rate(&mut ratings, (guild, kind, player.clone()), won);
                result_rows.push(format!(
                    "({id}, {seat}, {guild}, '{kind}', '{player}', {place}, {won}, false, NULL, {mu}, {sigma}, {at})"
                ));
            }
        }
        statements.extend(inserts(
            "games (id, kind, guild_id, channel_id, host_id, status, options, seats, setup_dice, \
             board_message_id, created_at, updated_at)",
            &game_rows,
        ));
        statements.extend(inserts(
            "results (game_id, seat, guild_id, kind, player, place, won, resigned, turns, mu, \
             sigma, finished_at)",
            &result_rows,
        ));
    }
    let rows: Vec<String> = ratings
        .iter()
        .map(|((guild, kind, player), (mu, sigma, games, wins))| {
            format!(
                "({guild}, '{kind}', '{player}', {mu}, {sigma}, {}, {games}, {wins})",
                mu - 3.0 * sigma
            )
        })
        .collect();
    statements.extend(inserts(
        "ratings (guild_id, kind, player, mu, sigma, score, games, wins)",
        &rows,
    ));
    let rows: Vec<String> = rivals
        .iter()
        .map(|((guild, player, opponent), (games, ahead, behind))| {
            format!("({guild}, '{player}', '{opponent}', {games}, {ahead}, {behind})")
        })
        .collect();
    statements.extend(inserts(
        "rivals (guild_id, player, opponent, games, ahead, behind)",
        &rows,
    ));
    statements
}

/// Three different players of a game: people, sometimes a bot.
fn three_players(rng: &mut Lcg) -> Vec<String> {
    let mut players: Vec<String> = vec![];
    while players.len() < 3 {
        let p = match rng.below(PEOPLE + 3) {
            p if p < PEOPLE => (1_000 + p).to_string(),
            p => format!("bot:{}", ["easy", "normal", "strong"][(p - PEOPLE) as usize]),
        };
        if !players.contains(&p) {
            players.push(p);
        }
    }
    players
}

/// Head-to-head as `finish_game` keeps it: each seat against each other seat.
fn count_rivals(rivals: &mut Rivals, guild: i64, players: &[String], winner: usize) {
    for (m, mine) in players.iter().enumerate() {
        for (o, theirs) in players.iter().enumerate().filter(|(o, _)| *o != m) {
            let entry = rivals
                .entry((guild, mine.clone(), theirs.clone()))
                .or_insert((0, 0, 0));
            entry.0 += 1;
            entry.1 += i64::from(m == winner);
            entry.2 += i64::from(o == winner);
        }
    }
}

/// A plausible rating after one more game (not TrueSkill: the bench measures reads), as (mu, sigma).
fn rate(ratings: &mut Ratings, key: (i64, &'static str, String), won: bool) -> (f64, f64) {
    let entry = ratings.entry(key).or_insert((25.0_f64, 8.3_f64, 0, 0));
    entry.0 += if won { 0.8 } else { -0.4 };
    entry.1 = (entry.1 * 0.98).max(1.0);
    entry.2 += 1;
    entry.3 += i64::from(won);
    (entry.0, entry.1)
}

/// Multi-row INSERTs of at most 1,000 rows each into `table (columns)`.
fn inserts(table: &str, rows: &[String]) -> Vec<String> {
    rows.chunks(1000)
        .map(|chunk| format!("INSERT INTO {table} VALUES {}", chunk.join(",")))
        .collect()
}

/// The schema and head-to-head query stats used before the covering index and the rivals
/// table (migration 0020), to print the "before" column from the same data.
const BEFORE_SCHEMA: &str = "DROP INDEX results_player_cover; DROP INDEX results_trend; \
     CREATE INDEX results_player ON results (guild_id, player, finished_at)";
const BEFORE_HEAD_TO_HEAD: &str = "SELECT o.player AS opponent, COUNT(*) AS games, \
     SUM(CASE WHEN m.place < o.place THEN 1 ELSE 0 END) AS ahead, \
     SUM(CASE WHEN m.place > o.place THEN 1 ELSE 0 END) AS behind \
     FROM results m JOIN results o ON o.game_id = m.game_id AND o.player <> m.player \
     WHERE m.guild_id = $1 AND m.player = $2 AND o.player <> 'anon' \
     GROUP BY o.player ORDER BY games DESC, opponent LIMIT 3";

/// A plain connection beside the store, for the "before" schema and query.
enum Conn {
    Sqlite(sqlx::SqliteConnection),
    Postgres(sqlx::PgConnection),
}

impl Conn {
    async fn open(url: &str) -> Conn {
        if url.starts_with("sqlite:") {
            Conn::Sqlite(sqlx::SqliteConnection::connect(url).await.expect("open sqlite"))
        } else {
            Conn::Postgres(sqlx::PgConnection::connect(url).await.expect("open postgres"))
        }
    }

    async fn script(&mut self, sql: &str) {
        match self {
            Conn::Sqlite(c) => sqlx::raw_sql(sql).execute(c).await.map(drop),
            Conn::Postgres(c) => sqlx::raw_sql(sql).execute(c).await.map(drop),
        }
        .expect("script");
    }

    async fn head_to_head(&mut self, guild: i64, player: &str) -> usize {
        match self {
            Conn::Sqlite(c) => sqlx::query(BEFORE_HEAD_TO_HEAD)
                .bind(guild)
                .bind(player)
                .fetch_all(c)
                .await
                .map(|r| r.len()),
            Conn::Postgres(c) => sqlx::query(BEFORE_HEAD_TO_HEAD)
                .bind(guild)
                .bind(player)
                .fetch_all(c)
                .await
                .map(|r| r.len()),
        }
        .expect("head-to-head")
    }
}

/// Runs the seeding statements in one transaction on a connection of their own.
async fn seed(url: &str, statements: &[String]) {
    let script = format!("BEGIN;\n{};\nCOMMIT;", statements.join(";\n"));
    if url.starts_with("sqlite:") {
        let mut conn = sqlx::SqliteConnection::connect(url).await.expect("open sqlite");
        sqlx::raw_sql(&script)
            .execute(&mut conn)
            .await
            .expect("seed sqlite");
    } else {
        let mut conn = sqlx::PgConnection::connect(url).await.expect("open postgres");
        sqlx::raw_sql(&script)
            .execute(&mut conn)
            .await
            .expect("seed postgres");
        // What autovacuum does soon after such a load on a live server; without it the planner
        // guesses at empty tables' statistics for the first queries.
        sqlx::raw_sql("ANALYZE")
            .execute(&mut conn)
            .await
            .expect("analyze postgres");
    }
}

fn median_and_max(mut xs: Vec<f64>) -> (f64, f64) {
    xs.sort_by(f64::total_cmp);
    (xs[xs.len() / 2], xs[xs.len() - 1])
}

async fn time<F, Fut, T>(runs: usize, mut f: F) -> (f64, f64)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = T>,
{
    let mut ms = Vec::with_capacity(runs);
    for _ in 0..runs {
        let start = Instant::now();
        std::hint::black_box(f().await);
        ms.push(start.elapsed().as_secs_f64() * 1000.0);
    }
    median_and_max(ms)
}

/// What `/saikoro stats` reads for a person: their summaries, the trend of their favourite
/// game's rating and their head-to-head; or, `before`, every result and the head-to-head by join.
async fn stats_read(store: &Store, before: Option<&mut Conn>, person: &str) {
    let guild = Some(GuildId(GUILD));
    if let Some(conn) = before {
        std::hint::black_box(store.results_of(guild, person).await.expect("results"));
        std::hint::black_box(conn.head_to_head(GUILD.cast_signed(), person).await);
    } else {
        std::hint::black_box(store.summaries(guild, person).await.expect("summaries"));
        std::hint::black_box(
            store
                .rating_trend(guild, person, "cantstop", 11)
                .await
                .expect("trend"),
        );
        std::hint::black_box(store.head_to_head(guild, person, 3).await.expect("h2h"));
    }
}

/// Each query's median and slowest time; head-to-head by the old join and stats from every
/// result when `before` is given.
async fn queries(
    store: &Store,
    mut before: Option<&mut Conn>,
    runs: usize,
) -> Vec<(&'static str, (f64, f64))> {
    let guild = Some(GuildId(GUILD));
    let person = "1042";
    let mut rows = vec![
        (
            "leaderboard page 1",
            time(runs, || store.leaderboard(guild, "cantstop", 0, 10)).await,
        ),
        (
            "leaderboard page 20",
            time(runs, || store.leaderboard(guild, "cantstop", 190, 10)).await,
        ),
        (
            "caller's own row",
            time(runs, || store.standing(guild, "cantstop", person)).await,
        ),
        (
            "every result of a person",
            time(runs, || store.results_of(guild, person)).await,
        ),
        (
            "every result of the strong bot",
            time(runs, || store.results_of(guild, "bot:strong")).await,
        ),
        (
            "stats: a person's summaries",
            time(runs, || store.summaries(guild, person)).await,
        ),
        (
            "stats: the strong bot's summaries",
            time(runs, || store.summaries(guild, "bot:strong")).await,
        ),
        (
            "stats: a person's rating trend",
            time(runs, || store.rating_trend(guild, person, "cantstop", 11)).await,
        ),
        (
            "history: the server's 10 latest",
            time(runs, || store.recent_games(guild, None, 10)).await,
        ),
        (
            "history: a person's 10 latest",
            time(runs, || store.recent_games(guild, Some(person), 10)).await,
        ),
        (
            "forget-me: a person's games by key",
            time(runs, || store.games_of(person)).await,
        ),
    ];
    let guild_key = GUILD.cast_signed();
    let mut h2h = Vec::with_capacity(runs);
    let mut stats = Vec::with_capacity(runs);
    for _ in 0..runs {
        let start = Instant::now();
        match before.as_deref_mut() {
            Some(conn) => drop(std::hint::black_box(conn.head_to_head(guild_key, person).await)),
            None => drop(std::hint::black_box(store.head_to_head(guild, person, 3).await)),
        }
        h2h.push(start.elapsed().as_secs_f64() * 1000.0);
        let start = Instant::now();
        stats_read(store, before.as_deref_mut(), person).await;
        stats.push(start.elapsed().as_secs_f64() * 1000.0);
    }
    rows.push(("stats: a person's head-to-head", median_and_max(h2h)));
    rows.push(("stats: all a person's stats read", median_and_max(stats)));
    rows
}

/// One whole forget-me of a person in about 1,000 games (it changes the data, so it runs last,
/// once): its time (64 games per write turn, so other games' writes wait for one turn at most).
async fn forget_one(store: &Store) {
    let person = "1043";
    let games = store.games_of(person).await.expect("games of").len();
    let start = Instant::now();
    let changed = store.forget_player(person, |_| None).await.expect("forget");
    println!(
        "forget-me of a person in {games} games: {:.1} ms, {changed} results changed",
        start.elapsed().as_secs_f64() * 1000.0
    );
}

async fn measure(backend: &str, url: &str, games: usize, runs: usize) {
    migrate_to(url, 20).await;
    let seeding = Instant::now();
    seed(url, &seed_sql(games)).await;
    eprintln!(
        "{backend}: seeded {games} games in {:.1} s",
        seeding.elapsed().as_secs_f64()
    );
    let migrating = Instant::now();
    let store = Store::connect(url).await.expect("store");
    println!(
        "\n{backend}: migration 0030 (summaries back-filled from {games} games) took {:.2} s",
        migrating.elapsed().as_secs_f64()
    );
    let after = queries(&store, None, runs).await;
    let mut conn = Conn::open(url).await;
    conn.script(BEFORE_SCHEMA).await;
    let before = queries(&store, Some(&mut conn), runs).await;
    println!("{backend}, {games} finished games, {runs} calls each");
    println!(
        "{:<36} {:>10} {:>10} {:>17}",
        "query", "median ms", "max ms", "before: median ms"
    );
    for ((name, (median, max)), (_, (was, _))) in after.into_iter().zip(before) {
        println!("{name:<36} {median:>10.3} {max:>10.3} {was:>17.3}");
    }
    forget_one(&store).await;
    store.close().await;
}

fn main() {
    // `cargo bench` passes `--bench`; this binary takes no other arguments.
    let games = env_usize("SAIKORO_BENCH_GAMES", 100_000);
    let runs = env_usize("SAIKORO_BENCH_RUNS", 51);
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    runtime.block_on(async {
        let dir = std::env::temp_dir().join(format!("saikoro-history-bench-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let url = format!("sqlite:{}?mode=rwc", dir.join("bench.db").display());
        measure("SQLite (file, WAL)", &url, games, runs).await;
        std::fs::remove_dir_all(&dir).ok();
        if Schema::server().is_some() {
            // A schema of its own, dropped afterwards, so the server may be shared.
            let schema = Schema::create("saikoro_history_bench").await;
            measure("PostgreSQL", &schema.url(), games, runs).await;
            schema.drop().await;
        }
    });
}
