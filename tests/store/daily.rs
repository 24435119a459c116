//! The daily Can't Stop's tables (issue 31): the deployment's one secret, one attempt per player
//! per day across servers, leaderboards per server and over all, days played, forget-me.

use super::{Backend, GUILD, TestDb, action, game_row, insert, load, played, run};
use saikoro::id::{GameId, GuildId, UserId};
use saikoro::store::{DailyResult, Status, StoreError};

on_backends!([sqlite_memory: SqliteMemory, sqlite_file: SqliteFile, postgres: Postgres]
    the_daily_secret_is_made_once,
    one_attempt_per_player_and_day_across_servers,
    leaderboards_rank_by_turns_then_busts_per_server_and_over_all,
    the_games_of_unfinished_attempts_are_listed,
    a_dailys_last_action_and_result_are_one_write,
);

fn result(turns: u32, busts: u32, at: i64) -> DailyResult {
    DailyResult {
        turns,
        busts,
        marks: "B".repeat(turns as usize),
        finished_at: at,
    }
}

async fn the_daily_secret_is_made_once(db: TestDb) {
    let first = db.store.daily_secret(u64::MAX - 3).await.unwrap();
    assert_eq!(first, u64::MAX - 3, "every bit kept");
    assert_eq!(
        db.store.daily_secret(42).await.unwrap(),
        first,
        "the first one stays"
    );
    if db.backend == Backend::SqliteFile {
        let db = db.reopen().await;
        assert_eq!(db.store.daily_secret(42).await.unwrap(), first, "across restarts");
    }
}

async fn one_attempt_per_player_and_day_across_servers(db: TestDb) {
    let store = &db.store;
    let ann = UserId(u64::MAX - 1);
    let claimed = store.claim_daily(ann, 12, Some(GUILD), "Ann").await.unwrap();
    assert_eq!(
        (claimed.guild, claimed.game, claimed.result.clone()),
        (GUILD.get(), None, None)
    );
    assert!(store.set_daily_game(ann, 12, GameId(5)).await.unwrap());
    assert!(
        !store.set_daily_game(ann, 12, GameId(6)).await.unwrap(),
        "one game per attempt"
    );
    let elsewhere = store
        .claim_daily(ann, 12, Some(GuildId(99)), "Ann")
        .await
        .unwrap();
    assert_eq!(
        (elsewhere.guild, elsewhere.game),
        (GUILD.get(), Some(GameId(5))),
        "the first stays"
    );
    assert!(store.finish_daily(ann, 12, &result(8, 2, 100)).await.unwrap());
    assert!(
        !store.finish_daily(ann, 12, &result(3, 0, 101)).await.unwrap(),
        "once"
    );
    let done = store.daily_of(ann, 12).await.unwrap().unwrap();
    assert_eq!(done.result, Some(result(8, 2, 100)));
    assert_eq!(
        store.daily_of(ann, 13).await.unwrap(),
        None,
        "another day is free"
    );
    store.claim_daily(ann, 11, None, "Ann").await.unwrap();
    store.finish_daily(ann, 11, &result(9, 1, 50)).await.unwrap();
    store.claim_daily(ann, 14, None, "Ann").await.unwrap();
    assert_eq!(
        store.daily_days(ann).await.unwrap(),
        vec![11, 12],
        "finished days only"
    );
    store
        .forget_player(&ann.get().to_string(), |_| None)
        .await
        .unwrap();
    assert_eq!(store.daily_of(ann, 12).await.unwrap(), None, "forgotten");
    assert_eq!(store.daily_days(ann).await.unwrap(), Vec::<i64>::new());
}

async fn leaderboards_rank_by_turns_then_busts_per_server_and_over_all(db: TestDb) {
    let store = &db.store;
    let other = GuildId(99);
    let players = [
        (1, GUILD, 9, 1),
        (2, GUILD, 7, 3),
        (3, other, 7, 1),
        (4, GUILD, 7, 3),
    ];
    for (i, (id, guild, turns, busts)) in players.into_iter().enumerate() {
        store
            .claim_daily(UserId(id), 5, Some(guild), &format!("p{id}"))
            .await
            .unwrap();
        store
            .finish_daily(UserId(id), 5, &result(turns, busts, i as i64))
            .await
            .unwrap();
    }
    store
        .claim_daily(UserId(5), 5, Some(GUILD), "unfinished")
        .await
        .unwrap();
    let names =
        |board: Vec<saikoro::store::DailyAttempt>| board.into_iter().map(|a| a.name).collect::<Vec<_>>();
    let here = store.daily_board(5, Some(GUILD), 10).await.unwrap();
    assert_eq!(
        names(here),
        ["p2", "p4", "p1"],
        "fewer turns, fewer busts, sooner"
    );
    let all = store.daily_board(5, None, 10).await.unwrap();
    assert_eq!(names(all), ["p3", "p2", "p4", "p1"]);
    assert_eq!(store.daily_board(5, None, 2).await.unwrap().len(), 2, "limited");
    assert!(
        store.daily_board(6, None, 10).await.unwrap().is_empty(),
        "per day"
    );
}

async fn the_games_of_unfinished_attempts_are_listed(db: TestDb) {
    let store = &db.store;
    let (ann, ben, cat) = (UserId(1), UserId(2), UserId(3));
    for (player, game) in [(ann, 7), (ben, 3), (cat, 9)] {
        store.claim_daily(player, 12, Some(GUILD), "x").await.unwrap();
        store.set_daily_game(player, 12, GameId(game)).await.unwrap();
    }
    store
        .claim_daily(UserId(4), 12, Some(GUILD), "no game yet")
        .await
        .unwrap();
    store.finish_daily(cat, 12, &result(8, 2, 100)).await.unwrap();
    assert_eq!(
        store.daily_games_in_play().await.unwrap(),
        vec![GameId(3), GameId(7)],
        "made and not finished, in order"
    );
}

/// The action that ends a daily and its result are written together or not at all, and no
/// normal game's results row is written.
async fn a_dailys_last_action_and_result_are_one_write(db: TestDb) {
    let store = &db.store;
    let ann = UserId(u64::MAX - 5);
    let game = insert(store, &game_row(GUILD, "cantstop", Status::Playing)).await;
    store.claim_daily(ann, 20, Some(GUILD), "Ann").await.unwrap();
    store.set_daily_game(ann, 20, game.id).await.unwrap();
    store
        .append_action(
            game.id,
            0,
            &action(0, "roll", &[1, 2, 3, 4]),
            played(Status::Playing, 80, None),
        )
        .await
        .unwrap();
    // A final action whose place is taken (a retried click) is refused, and records no result.
    let taken = store
        .finish_daily_game(game.id, 0, &action(0, "stop", &[]), ann, 20, &result(7, 1, 90))
        .await;
    assert!(matches!(taken, Err(StoreError::Conflict { .. })), "{taken:?}");
    assert_eq!(store.daily_of(ann, 20).await.unwrap().unwrap().result, None);
    store
        .finish_daily_game(game.id, 1, &action(0, "stop", &[]), ann, 20, &result(7, 1, 90))
        .await
        .unwrap();
    assert_eq!(
        store.daily_of(ann, 20).await.unwrap().unwrap().result,
        Some(result(7, 1, 90))
    );
    let stored = load(store, game.id).await;
    assert_eq!((stored.row.status, stored.log.len()), (Status::Finished, 2));
    assert!(
        store
            .results_of(Some(GUILD), &ann.to_string())
            .await
            .unwrap()
            .is_empty()
    );
}
