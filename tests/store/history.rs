//! The players' history in the store (SQLite in memory): a finishing action writes results and
//! ratings once, with it; the leaderboard, stats and history queries answer per server.

use super::{GUILD, game_row, seat};
use saikoro::engine::LoggedAction;
use saikoro::history::{Rating, rate};
use saikoro::id::{GameId, GuildId};
use saikoro::store::{Finish, SeatResult, Status, Store, StoreError};

const OTHER_GUILD: GuildId = GuildId(42);

async fn store() -> Store {
    Store::connect("sqlite::memory:").await.expect("store")
}

async fn new_game(store: &Store, guild: GuildId, kind: &str) -> GameId {
    store
        .insert_game(&game_row(guild, kind, Status::Playing))
        .await
        .expect("insert")
}

fn last_action() -> LoggedAction {
    LoggedAction {
        seat: 0,
        action: "stop".into(),
        dice: vec![],
    }
}

/// Plays out a finished game: one action, then the final one with its results.
async fn finish(store: &Store, guild: GuildId, kind: &str, seats: Vec<SeatResult>, at: i64) -> GameId {
    let game = new_game(store, guild, kind).await;
    let rated = seats.len() >= 2;
    let finish = Finish {
        guild: Some(guild),
        kind: kind.into(),
        seats,
        rated,
    };
    store
        .finish_game(game, 0, &last_action(), at, &finish)
        .await
        .expect("finish");
    game
}

#[tokio::test]
async fn a_finished_game_rates_its_players_once_and_a_second_finish_changes_nothing() {
    let store = store().await;
    let game = finish(
        &store,
        GUILD,
        "cantstop",
        vec![seat("10", 1, true), seat("20", 2, false)],
        100,
    )
    .await;
    let expected = rate(&[Rating::default(); 2], &[1, 2]);
    let (board, total) = store.leaderboard(Some(GUILD), "cantstop", 0, 10).await.unwrap();
    assert_eq!(total, 2);
    assert_eq!(board[0].player, "10");
    assert_eq!((board[0].games, board[0].wins), (1, 1));
    assert_eq!(board[0].rating, expected[0]);
    assert_eq!(board[1].rating, expected[1]);
    assert_eq!((board[1].games, board[1].wins, board[1].position), (1, 0, 2));
    assert_eq!(
        store.load_game(game).await.unwrap().unwrap().row.status,
        Status::Finished
    );

    // The same final action again (a retried click after a crash): refused whole.
    let again = Finish {
        guild: Some(GUILD),
        kind: "cantstop".into(),
        seats: vec![seat("10", 1, true), seat("20", 2, false)],
        rated: true,
    };
    let err = store.finish_game(game, 0, &last_action(), 101, &again).await;
    assert!(matches!(err, Err(StoreError::Conflict { .. })), "{err:?}");
    let (after, _) = store.leaderboard(Some(GUILD), "cantstop", 0, 10).await.unwrap();
    assert_eq!(after, board);
    assert_eq!(store.results_of(Some(GUILD), "10").await.unwrap().len(), 1);
}

#[tokio::test]
async fn ratings_carry_from_game_to_game_and_servers_never_mix() {
    let store = store().await;
    finish(
        &store,
        GUILD,
        "cantstop",
        vec![seat("10", 1, true), seat("20", 2, false)],
        100,
    )
    .await;
    finish(
        &store,
        GUILD,
        "cantstop",
        vec![seat("20", 1, true), seat("10", 2, false)],
        200,
    )
    .await;
    finish(
        &store,
        OTHER_GUILD,
        "cantstop",
        vec![seat("10", 1, true), seat("20", 2, false)],
        300,
    )
    .await;
    let first = rate(&[Rating::default(); 2], &[1, 2]);
    let second = rate(&[first[1], first[0]], &[1, 2]);
    let mine = store
        .standing(Some(GUILD), "cantstop", "10")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(mine.rating, second[1]);
    assert_eq!((mine.games, mine.wins), (2, 1));
    let elsewhere = store
        .standing(Some(OTHER_GUILD), "cantstop", "10")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(elsewhere.rating, first[0]);
    assert_eq!(elsewhere.games, 1);
    assert!(
        store
            .standing(Some(GUILD), "ishigaki", "10")
            .await
            .unwrap()
            .is_none()
    );
}

#[tokio::test]
async fn two_bots_of_one_level_are_one_player_with_both_seats_moves() {
    let store = store().await;
    let seats = vec![
        seat("10", 1, true),
        seat("bot:easy", 2, false),
        seat("bot:easy", 2, false),
    ];
    finish(&store, GUILD, "cantstop", seats, 100).await;
    let moved = rate(&[Rating::default(); 3], &[1, 2, 2]);
    let bot = store
        .standing(Some(GUILD), "cantstop", "bot:easy")
        .await
        .unwrap()
        .unwrap();
    let expected_mu = Rating::default().mu + 2.0 * (moved[1].mu - Rating::default().mu);
    assert!((bot.rating.mu - expected_mu).abs() < 1e-9, "{bot:?}");
    assert_eq!(bot.games, 1);
}

#[tokio::test]
async fn solitaire_records_turns_and_leaves_the_rating_unchanged() {
    let store = store().await;
    finish(
        &store,
        GUILD,
        "cantstop",
        vec![seat("10", 1, true), seat("20", 2, false)],
        100,
    )
    .await;
    let before = store
        .standing(Some(GUILD), "cantstop", "10")
        .await
        .unwrap()
        .unwrap();
    let mut solo = seat("10", 1, false);
    solo.turns = Some(17);
    finish(&store, GUILD, "cantstop", vec![solo], 200).await;
    let after = store
        .standing(Some(GUILD), "cantstop", "10")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(after.rating, before.rating);
    assert_eq!((after.games, after.wins), (2, 1));
    let results = store.results_of(Some(GUILD), "10").await.unwrap();
    assert_eq!(results[1].turns, Some(17));
    assert_eq!(results[1].mu, None);
}

#[tokio::test]
async fn leaderboard_pages_share_positions_on_equal_ratings() {
    let store = store().await;
    // Two separate wins over fresh players give "1" and "2" the same rating.
    finish(
        &store,
        GUILD,
        "cantstop",
        vec![seat("1", 1, true), seat("3", 2, false)],
        100,
    )
    .await;
    finish(
        &store,
        GUILD,
        "cantstop",
        vec![seat("2", 1, true), seat("4", 2, false)],
        200,
    )
    .await;
    let (page, total) = store.leaderboard(Some(GUILD), "cantstop", 1, 2).await.unwrap();
    assert_eq!(total, 4);
    let positions: Vec<(String, i64)> = page.iter().map(|s| (s.player.clone(), s.position)).collect();
    assert_eq!(positions, [("2".to_owned(), 1), ("3".to_owned(), 3)]);
}

#[tokio::test]
async fn forgetting_a_player_keeps_the_games_but_not_the_name() {
    let store = store().await;
    finish(
        &store,
        GUILD,
        "cantstop",
        vec![seat("10", 1, true), seat("20", 2, false)],
        100,
    )
    .await;
    assert_eq!(store.forget_player("10", |_| None).await.unwrap(), 1);
    assert!(
        store
            .standing(Some(GUILD), "cantstop", "10")
            .await
            .unwrap()
            .is_none()
    );
    assert!(store.results_of(Some(GUILD), "10").await.unwrap().is_empty());
    let recent = store.recent_games(Some(GUILD), None, 5).await.unwrap();
    let players: Vec<&str> = recent.iter().map(|r| r.player.as_str()).collect();
    assert_eq!(players, ["anon", "20"]);
    // The other player's head-to-head no longer names them either.
    assert!(store.head_to_head(Some(GUILD), "20", 5).await.unwrap().is_empty());
}

#[tokio::test]
async fn head_to_head_counts_each_opponent_met_in_this_server_and_who_placed_ahead() {
    let store = store().await;
    let three = vec![seat("10", 1, true), seat("20", 2, false), seat("30", 3, false)];
    finish(&store, GUILD, "cantstop", three, 100).await;
    finish(
        &store,
        GUILD,
        "ishigaki",
        vec![seat("20", 1, true), seat("10", 2, false)],
        200,
    )
    .await;
    // A tie places neither ahead; another server's game never counts here.
    finish(
        &store,
        GUILD,
        "cantstop",
        vec![seat("10", 1, true), seat("30", 1, true)],
        300,
    )
    .await;
    finish(
        &store,
        OTHER_GUILD,
        "cantstop",
        vec![seat("10", 1, true), seat("20", 2, false)],
        400,
    )
    .await;
    let rivals = store.head_to_head(Some(GUILD), "10", 5).await.unwrap();
    let rows: Vec<(&str, i64, i64, i64)> = rivals
        .iter()
        .map(|h| (h.opponent.as_str(), h.games, h.ahead, h.behind))
        .collect();
    assert_eq!(rows, [("20", 2, 1, 1), ("30", 2, 1, 0)]);
    let theirs = store.head_to_head(Some(GUILD), "30", 1).await.unwrap();
    assert_eq!(
        (theirs[0].opponent.as_str(), theirs[0].ahead, theirs[0].behind),
        ("10", 0, 1)
    );
    let elsewhere = store.head_to_head(Some(OTHER_GUILD), "10", 5).await.unwrap();
    assert_eq!((elsewhere.len(), elsewhere[0].games), (1, 1));
}
