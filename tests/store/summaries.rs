//! The players' summaries and head-to-head rows equal a recomputation from the games played: as
//! `finish_game` keeps them game by game, and as migrations 0020 (`rivals`) and 0030
//! (`player_stats`) back-fill them from a database holding finished games. On a SQLite file, and on PostgreSQL when
//! SAIKORO_TEST_POSTGRES_URL is set (.ci/postgres.sh starts one).

use super::migrations::migrate_to;
use super::postgres::Schema;
use super::{GUILD, game_row, seat};
use saikoro::engine::LoggedAction;
use saikoro::id::{GameId, GuildId};
use saikoro::store::{ALL_KINDS, ANONYMOUS, Finish, PlayerSummary, SeatResult, Status, Store};
use std::collections::BTreeMap;

const OTHER_GUILD: GuildId = GuildId(42);
const PLAYERS: [&str; 4] = ["10", "20", "30", "bot:easy"];

/// A finished game as the test plays it.
struct Played {
    guild: GuildId,
    kind: &'static str,
    seats: Vec<SeatResult>,
    at: i64,
}

fn resigned(player: &str, place: u32) -> SeatResult {
    SeatResult {
        resigned: true,
        ..seat(player, place, false)
    }
}

fn solo(player: &str, turns: u32) -> SeatResult {
    SeatResult {
        turns: Some(turns),
        ..seat(player, 1, false)
    }
}

/// Wins, losses, ties, a resignation, solitaire, two bots of one level in one game, a forgotten
/// player, another server, and two games finishing in the same second.
fn games() -> Vec<Played> {
    let g = |guild, kind, seats, at| Played {
        guild,
        kind,
        seats,
        at,
    };
    vec![
        g(
            GUILD,
            "cantstop",
            vec![seat("10", 1, true), seat("20", 2, false)],
            100,
        ),
        g(
            GUILD,
            "cantstop",
            vec![seat("10", 1, true), seat("30", 2, false)],
            110,
        ),
        // A tie between winners.
        g(
            GUILD,
            "ishigaki",
            vec![seat("10", 1, true), seat("20", 1, true)],
            120,
        ),
        g(
            GUILD,
            "cantstop",
            vec![seat("30", 1, true), seat("20", 2, false), resigned("10", 3)],
            130,
        ),
        g(GUILD, "cantstop", vec![solo("10", 17)], 140),
        g(GUILD, "cantstop", vec![solo("10", 12)], 150),
        g(
            GUILD,
            "saizumi",
            vec![
                seat("10", 1, true),
                seat("bot:easy", 2, false),
                seat("bot:easy", 3, false),
            ],
            160,
        ),
        g(
            GUILD,
            "cantstop",
            vec![
                seat("bot:easy", 2, false),
                seat("bot:easy", 1, true),
                seat("20", 3, false),
            ],
            170,
        ),
        // Finished the other way round (see `FINISH_ORDER`): a loss, then a win.
        g(
            GUILD,
            "cantstop",
            vec![seat("10", 2, false), seat("20", 1, true)],
            180,
        ),
        g(
            GUILD,
            "cantstop",
            vec![seat("10", 1, true), seat("30", 2, false)],
            180,
        ),
        g(
            OTHER_GUILD,
            "cantstop",
            vec![seat("10", 1, true), seat("20", 2, false)],
            190,
        ),
        g(
            GUILD,
            "cantstop",
            vec![seat("10", 1, true), seat(ANONYMOUS, 2, false)],
            200,
        ),
        g(
            GUILD,
            "ishigaki",
            vec![seat("10", 1, true), seat("20", 2, false)],
            210,
        ),
        g(
            GUILD,
            "ishigaki",
            vec![seat("10", 1, true), seat("30", 2, false)],
            220,
        ),
        // A draw: nobody won.
        g(
            GUILD,
            "ishigaki",
            vec![seat("10", 1, false), seat("20", 1, false)],
            230,
        ),
        g(GUILD, "ishigaki", vec![solo("20", 30)], 240),
        g(
            GUILD,
            "saizumi",
            vec![seat("20", 1, true), seat("10", 2, false)],
            250,
        ),
    ]
}

/// The order `finish_game` is called in: games 8 and 9 (same second) swapped.
const FINISH_ORDER: [usize; 17] = [0, 1, 2, 3, 4, 5, 6, 7, 9, 8, 10, 11, 12, 13, 14, 15, 16];

/// Every player's summaries, recomputed plainly from the games: results in the order they
/// finished (then game id, place, seat), one summary per game and one over all games.
fn expected(played: &[(GameId, Played)]) -> BTreeMap<(GuildId, String), Vec<PlayerSummary>> {
    let mut rows = vec![];
    for (id, p) in played {
        for (index, s) in p.seats.iter().enumerate() {
            if s.player != ANONYMOUS {
                rows.push(((p.at, id.get(), s.place, index), p, s));
            }
        }
    }
    rows.sort_by_key(|(order, _, _)| *order);
    let mut out: BTreeMap<(GuildId, String), BTreeMap<String, PlayerSummary>> = BTreeMap::new();
    for ((at, id, _, _), p, s) in rows {
        for kind in [p.kind, ALL_KINDS] {
            let e = out
                .entry((p.guild, s.player.clone()))
                .or_default()
                .entry(kind.to_owned())
                .or_insert_with(|| PlayerSummary {
                    kind: kind.to_owned(),
                    games: 0,
                    wins: 0,
                    streak: 0,
                    best_streak: 0,
                    solo_games: 0,
                    solo_best: None,
                    solo_turns: 0,
                    first_at: at,
                    first_game: id,
                    versus_first_at: None,
                    versus_first_game: None,
                });
            if let Some(turns) = s.turns {
                e.solo_games += 1;
                e.solo_turns += i64::from(turns);
                e.solo_best = Some(e.solo_best.unwrap_or(i64::MAX).min(i64::from(turns)));
            } else {
                e.versus_first_at.get_or_insert(at);
                e.versus_first_game.get_or_insert(id);
                e.games += 1;
                if s.won {
                    e.wins += 1;
                    e.streak += 1;
                } else {
                    e.streak = 0;
                }
                e.best_streak = e.best_streak.max(e.streak);
            }
        }
    }
    out.into_iter()
        .map(|(key, kinds)| (key, kinds.into_values().collect()))
        .collect()
}

/// Head-to-head recomputed from the games: per ordered pair of seats of different players.
fn expected_rivals(played: &[(GameId, Played)]) -> BTreeMap<(GuildId, String, String), (i64, i64, i64)> {
    let mut out = BTreeMap::new();
    for (_, p) in played {
        for m in &p.seats {
            for o in &p.seats {
                if m.player == o.player || m.player == ANONYMOUS || o.player == ANONYMOUS {
                    continue;
                }
                let e = out
                    .entry((p.guild, m.player.clone(), o.player.clone()))
                    .or_insert((0, 0, 0));
                e.0 += 1;
                e.1 += i64::from(m.place < o.place);
                e.2 += i64::from(m.place > o.place);
            }
        }
    }
    out
}

async fn summaries_in(store: &Store) -> BTreeMap<(GuildId, String), Vec<PlayerSummary>> {
    let mut out = BTreeMap::new();
    for guild in [GUILD, OTHER_GUILD] {
        for player in PLAYERS.into_iter().chain([ANONYMOUS]) {
            let mut rows = store.summaries(Some(guild), player).await.expect("summaries");
            rows.sort_by(|a, b| a.kind.cmp(&b.kind));
            if !rows.is_empty() {
                out.insert((guild, player.to_owned()), rows);
            }
        }
    }
    out
}

async fn rivals_in(store: &Store) -> BTreeMap<(GuildId, String, String), (i64, i64, i64)> {
    let mut out = BTreeMap::new();
    for guild in [GUILD, OTHER_GUILD] {
        for player in PLAYERS.into_iter().chain([ANONYMOUS]) {
            for h in store
                .head_to_head(Some(guild), player, 100)
                .await
                .expect("rivals")
            {
                out.insert(
                    (guild, player.to_owned(), h.opponent),
                    (h.games, h.ahead, h.behind),
                );
            }
        }
    }
    out
}

/// Plays the games through `finish_game`, checks the summaries and head-to-head after them and
/// after a player asks to be forgotten.
async fn kept_game_by_game(url: &str) {
    let store = Store::connect(url).await.expect("store");
    let mut played = vec![];
    for p in games() {
        let id = store
            .insert_game(&game_row(p.guild, p.kind, Status::Playing))
            .await
            .expect("insert");
        played.push((id, p));
    }
    // An abandoned game counts for nobody.
    store
        .insert_game(&game_row(GUILD, "cantstop", Status::Abandoned))
        .await
        .expect("insert");
    let last = LoggedAction {
        seat: 0,
        action: "stop".into(),
        dice: vec![],
    };
    for i in FINISH_ORDER {
        let (id, p) = &played[i];
        let finish = Finish {
            guild: Some(p.guild),
            kind: p.kind.into(),
            seats: p.seats.clone(),
            rated: p.seats.len() >= 2 && p.seats.iter().any(|s| s.won),
        };
        store
            .finish_game(*id, 0, &last, p.at, &finish)
            .await
            .expect("finish");
    }
    let want = expected(&played);
    // The series is varied enough to mean something: a streak broken and rebuilt, both sorts.
    let mine = &want[&(GUILD, "10".to_owned())];
    let all = mine.iter().find(|s| s.kind == ALL_KINDS).expect("all games");
    assert_eq!(
        (all.streak, all.best_streak, all.solo_games),
        (0, 4, 2),
        "{all:?}"
    );
    assert_eq!(summaries_in(&store).await, want);
    assert_eq!(rivals_in(&store).await, expected_rivals(&played));

    store.forget_player("30", |_| None).await.expect("forget");
    let mut want = want;
    want.retain(|(_, player), _| player != "30");
    assert_eq!(summaries_in(&store).await, want);
    store.close().await;
}

/// Writes the games and their results as rows, the way a build at that schema left them.
async fn insert_rows(url: &str, played: &[(GameId, Played)]) {
    let mut statements = vec![];
    for (id, p) in played {
        let guild = p.guild.get().cast_signed();
        statements.push(format!(
            "INSERT INTO games (id, kind, guild_id, channel_id, host_id, status, options, seats, \
             setup_dice, board_message_id, created_at, updated_at) \
             VALUES ({id}, '{}', {guild}, 7, 1, 'finished', '{{}}', '{{}}', '', NULL, 0, {})",
            p.kind, p.at
        ));
        for (index, s) in p.seats.iter().enumerate() {
            let turns = s.turns.map_or("NULL".to_owned(), |t| t.to_string());
            statements.push(format!(
                "INSERT INTO results (game_id, seat, guild_id, kind, player, place, won, resigned, \
                 turns, mu, sigma, finished_at) VALUES ({id}, {index}, {guild}, '{}', '{}', {}, {}, {}, \
                 {turns}, NULL, NULL, {})",
                p.kind, s.player, s.place, s.won, s.resigned, p.at
            ));
        }
    }
    statements.push(
        "INSERT INTO games (id, kind, guild_id, channel_id, host_id, status, options, seats, \
         setup_dice, board_message_id, created_at, updated_at) \
         VALUES (999, 'cantstop', 42, 7, 1, 'abandoned', '{}', '{}', '', NULL, 0, 0)"
            .to_owned(),
    );
    let script = statements.join(";\n");
    if url.starts_with("sqlite:") {
        let pool = sqlx::SqlitePool::connect(url).await.expect("open sqlite");
        sqlx::raw_sql(&script).execute(&pool).await.expect("rows");
        pool.close().await;
    } else {
        let pool = sqlx::PgPool::connect(url).await.expect("open postgres");
        sqlx::raw_sql(&script).execute(&pool).await.expect("rows");
        pool.close().await;
    }
}

/// A database with finished games at schema `version`, then migrated by the store: the
/// back-filled tables equal the recomputation.
async fn back_filled(url: &str, version: i64) {
    migrate_to(url, version).await;
    let played: Vec<(GameId, Played)> = (1..).map(GameId).zip(games()).collect();
    insert_rows(url, &played).await;
    let store = Store::connect(url).await.expect("store migrates the rest");
    if version < 20 {
        assert_eq!(rivals_in(&store).await, expected_rivals(&played));
    }
    assert_eq!(summaries_in(&store).await, expected(&played));
    store.close().await;
}

/// Runs `body` on a new SQLite file.
async fn on_sqlite<F: Future<Output = ()>>(body: impl FnOnce(String) -> F) {
    let dir = std::env::temp_dir().join(format!(
        "saikoro-history-summary-{}-{}",
        std::process::id(),
        rand::random::<u32>()
    ));
    std::fs::create_dir_all(&dir).expect("temp dir");
    body(format!("sqlite:{}?mode=rwc", dir.join("db").display())).await;
    std::fs::remove_dir_all(&dir).ok();
}

async fn on_postgres<F: Future<Output = ()>>(body: impl FnOnce(String) -> F) {
    let schema = Schema::create("saikoro_summary").await;
    body(schema.url()).await;
    schema.drop().await;
}

#[tokio::test]
async fn summaries_kept_game_by_game_equal_a_recomputation_sqlite() {
    on_sqlite(|url| async move { kept_game_by_game(&url).await }).await;
}

#[tokio::test]
async fn migration_0030_back_fills_summaries_sqlite() {
    on_sqlite(|url| async move { back_filled(&url, 20).await }).await;
}

#[tokio::test]
async fn migration_0020_back_fills_rivals_sqlite() {
    on_sqlite(|url| async move { back_filled(&url, 10).await }).await;
}

#[tokio::test]
#[cfg_attr(
    not(postgres_tests),
    ignore = "needs PostgreSQL: set SAIKORO_TEST_POSTGRES_URL, e.g. eval \"$(bash .ci/postgres.sh)\""
)]
async fn summaries_kept_game_by_game_equal_a_recomputation_postgres() {
    on_postgres(|url| async move { kept_game_by_game(&url).await }).await;
}

#[tokio::test]
#[cfg_attr(
    not(postgres_tests),
    ignore = "needs PostgreSQL: set SAIKORO_TEST_POSTGRES_URL, e.g. eval \"$(bash .ci/postgres.sh)\""
)]
async fn migration_0030_back_fills_summaries_postgres() {
    on_postgres(|url| async move { back_filled(&url, 20).await }).await;
}

#[tokio::test]
#[cfg_attr(
    not(postgres_tests),
    ignore = "needs PostgreSQL: set SAIKORO_TEST_POSTGRES_URL, e.g. eval \"$(bash .ci/postgres.sh)\""
)]
async fn migration_0020_back_fills_rivals_postgres() {
    on_postgres(|url| async move { back_filled(&url, 10).await }).await;
}
