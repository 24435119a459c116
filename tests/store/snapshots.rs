//! Due games and snapshots riding with their appends.

use super::*;

on_backends!([sqlite_memory: SqliteMemory, sqlite_file: SqliteFile, postgres: Postgres]
    due_games_are_the_unfinished_ones_whose_time_came,
    a_snapshot_rides_with_its_append_and_the_live_load_starts_after_it,
);

on_backends!([sqlite_file: SqliteFile, postgres: Postgres]
    a_snapshot_for_another_shards_game_is_refused_with_its_action,
);

/// What start-up and the timer task read: the index of unfinished games, and which are due.
async fn due_games_are_the_unfinished_ones_whose_time_came(db: TestDb) {
    let store = &db.store;
    let lobby = insert(store, &game("cantstop", 1)).await;
    let playing = insert(store, &game("cantstop", 2)).await;
    let ended = insert(store, &game("cantstop", 3)).await;
    let never = insert(store, &game("cantstop", 4)).await;
    // A new game is due at its creation until its writer says otherwise.
    assert_eq!(store.next_due().await.unwrap(), Some(1_700_000_000));
    store.update_game(&lobby, Some(100)).await.unwrap();
    store
        .append_action(
            playing.id,
            0,
            &action(0, "roll", &[1]),
            played(Status::Playing, 50, Some(200)),
        )
        .await
        .unwrap();
    let abandoned = GameRow {
        status: Status::Abandoned,
        ..ended.clone()
    };
    store.update_game(&abandoned, Some(10)).await.unwrap();
    store.update_game(&never, None).await.unwrap();

    let index: Vec<GameId> = store
        .load_index()
        .await
        .unwrap()
        .into_iter()
        .map(|game| game.id)
        .collect();
    assert_eq!(
        index,
        vec![lobby.id, playing.id, never.id],
        "ended games leave the index"
    );
    assert_eq!(store.next_due().await.unwrap(), Some(100));
    let due = |at, after| async move { store.due_games(at, after, 10).await.unwrap() };
    assert_eq!(
        due(99, GameId(0)).await,
        vec![],
        "nothing yet; an ended game is never due"
    );
    assert_eq!(due(150, GameId(0)).await, vec![(lobby.id, 100)]);
    assert_eq!(
        due(200, GameId(0)).await,
        vec![(lobby.id, 100), (playing.id, 200)]
    );
    assert_eq!(due(200, lobby.id).await, vec![(playing.id, 200)], "paged by id");
    assert_eq!(store.due_games(200, GameId(0), 1).await.unwrap().len(), 1);

    // A new due time is kept only where the game is still due as it was read.
    store
        .set_due(&[(lobby.id, 100, Some(300)), (playing.id, 150, Some(900))])
        .await
        .unwrap();
    assert_eq!(due(299, GameId(0)).await, vec![(playing.id, 200)]);
    assert_eq!(
        due(300, GameId(0)).await,
        vec![(lobby.id, 300), (playing.id, 200)]
    );

    // New timers: a game in play becomes due by its last action + the soonest timer.
    store.reschedule(Some(GUILD), Some(5)).await.unwrap();
    assert_eq!(due(55, GameId(0)).await, vec![(playing.id, 55)]);
    store.reschedule(None, None).await.unwrap();
    assert_eq!(
        store.next_due().await.unwrap(),
        Some(300),
        "timers off: only the lobby"
    );
}

/// An append that carries a snapshot of the game after it.
fn with_snapshot(state: &str) -> Played {
    Played {
        snapshot: Some(state.to_owned()),
        ..played(Status::Playing, 1_700_000_100, None)
    }
}

async fn a_snapshot_rides_with_its_append_and_the_live_load_starts_after_it(db: TestDb) {
    let store = &db.store;
    let row = insert(store, &game("cantstop", 70)).await;
    let log: Vec<LoggedAction> = (0..8u8)
        .map(|i| action(usize::from(i % 2), &format!("act{i}"), &[i + 1]))
        .collect();
    let append = |seq: usize, played: Played| store.append_action(row.id, seq as i64, &log[seq], played);
    let live = |expected_snapshot: Option<Snapshot>, tail: &[LoggedAction]| {
        let tail = tail.to_vec();
        async move {
            let live = store.load_live(row.id).await.expect("load").expect("game exists");
            assert_eq!((live.snapshot, live.tail), (expected_snapshot, tail));
        }
    };
    let snapshot = |covers, state: &str| {
        Some(Snapshot {
            covers,
            state: state.to_owned(),
        })
    };
    for seq in 0..3 {
        append(seq, played(Status::Playing, 1_700_000_100, None))
            .await
            .expect("append");
    }
    live(None, &log[..3]).await;

    // Action 3 carries the state after it: four actions are covered, none is left to replay.
    append(3, with_snapshot("after four")).await.expect("append");
    live(snapshot(4, "after four"), &[]).await;
    // Appends without one keep it, and the live load returns only what follows it.
    for seq in 4..6 {
        append(seq, played(Status::Playing, 1_700_000_100, None))
            .await
            .expect("append");
    }
    live(snapshot(4, "after four"), &log[4..6]).await;
    // A refused append writes no snapshot either: it is the same statement.
    let taken = append(5, with_snapshot("never")).await;
    assert!(matches!(taken, Err(StoreError::Conflict { .. })), "{taken:?}");
    live(snapshot(4, "after four"), &log[4..6]).await;
    // A later snapshot replaces it.
    append(6, with_snapshot("after seven")).await.expect("append");
    append(7, played(Status::Playing, 1_700_000_100, None))
        .await
        .expect("append");
    live(snapshot(7, "after seven"), &log[7..]).await;
    // One that no longer loads (another state version) is replaced by the state rebuilt from
    // the log, unless an append replaced it meanwhile (it covers other than `was` then).
    store
        .replace_snapshot(row.id, "stale guess", 8, 4)
        .await
        .expect("replace");
    live(snapshot(7, "after seven"), &log[7..]).await;
    store
        .replace_snapshot(row.id, "rebuilt", 8, 7)
        .await
        .expect("replace");
    live(snapshot(8, "rebuilt"), &[]).await;

    // Whoever reads the whole log still gets every action.
    let whole = load(store, row.id).await;
    assert_eq!(whole.log, log);
    assert_eq!(store.load_active().await.expect("load")[0].log, log);
    assert!(
        store
            .load_live(GameId(row.id.get() + 1))
            .await
            .expect("load")
            .is_none()
    );
}

async fn a_snapshot_for_another_shards_game_is_refused_with_its_action(db: TestDb) {
    let (lower, upper) = two_processes(&db.url).await;
    let zero = insert(
        &lower,
        &GameRow {
            guild_id: Some(GuildId(2 << 22)),
            ..game("cantstop", 71)
        },
    )
    .await;
    let roll = action(0, "roll", &[1, 2, 3, 4]);
    lower
        .append_action(zero.id, 0, &roll, with_snapshot("mine"))
        .await
        .expect("its own shard's game");
    let stolen = upper
        .append_action(zero.id, 1, &roll, with_snapshot("stolen"))
        .await;
    assert!(
        matches!(stolen, Err(StoreError::OtherShard { game, .. }) if game == zero.id),
        "{stolen:?}"
    );
    let live = lower
        .load_live(zero.id)
        .await
        .expect("load")
        .expect("game exists");
    assert_eq!(
        (live.snapshot, live.tail),
        (
            Some(Snapshot {
                covers: 1,
                state: "mine".into()
            }),
            vec![]
        )
    );
    assert_eq!(load(&lower, zero.id).await.log, vec![roll]);
}
