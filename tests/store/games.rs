//! Games and their logs: round trips, appends and conflicts, settings, imports, undecodable rows, reopening.

use super::*;

on_backends!([sqlite_memory: SqliteMemory, sqlite_file: SqliteFile, postgres: Postgres]
    round_trip_keeps_every_field,
    appended_actions_load_in_order,
    duplicate_seq_is_a_conflict_and_changes_nothing,
    finished_and_abandoned_games_leave_load_active,
    logs_of_many_games_are_kept_apart,
    settings_are_set_read_and_overwritten,
    concurrent_appends_of_one_seq_let_exactly_one_win,
    appending_to_a_missing_game_is_an_error,
    one_bad_append_does_not_fail_the_others_committed_with_it,
    an_append_writes_the_board_and_updates_commit_beside_it,
    import_copies_games_with_their_logs,
);

on_backends!([sqlite_file: SqliteFile, postgres: Postgres]
    undecodable_rows_are_skipped_and_the_rest_load,
    reopening_keeps_everything,
    a_newer_schema_is_refused_by_version,
);

async fn round_trip_keeps_every_field(db: TestDb) {
    let store = &db.store;
    let row = GameRow {
        kind: "cantstop".into(),
        guild_id: Some(GuildId(HUGE_SNOWFLAKE)),
        channel_id: ChannelId(1 << 63),
        host_id: UserId(u64::MAX),
        status: Status::Playing,
        options: json!({"switch": false, "nested": {"list": [1, 2.5, "three", null]}}),
        seats: json!([{"user": "1152921504606846976", "name": "Ann \"the dice\" 🎲"}]),
        setup_dice: vec![0, 1, 255, 6],
        board_message_id: Some(MessageId(HUGE_SNOWFLAKE - 1)),
        created_at: 1_700_000_001,
        updated_at: 1_700_000_002,
        ..game("x", 0)
    };
    let stored = insert(store, &row).await;
    assert!(stored.id > GameId(0));
    assert_eq!(
        load(store, stored.id).await,
        StoredGame {
            row: stored.clone(),
            log: vec![]
        }
    );

    let dm = GameRow {
        guild_id: None,
        board_message_id: None,
        setup_dice: vec![],
        ..game("saizumi", 7)
    };
    let dm = insert(store, &dm).await;
    assert_ne!(dm.id, stored.id);
    assert_eq!(load(store, dm.id).await.row, dm);

    let changed = GameRow {
        status: Status::Finished,
        seats: json!([]),
        setup_dice: vec![2],
        options: json!({"switch": true}),
        board_message_id: Some(MessageId(99)),
        updated_at: 1_800_000_000,
        // Moved into its own thread when it started.
        channel_id: ChannelId(stored.channel_id.get() + 1),
        ..stored.clone()
    };
    store.update_game(&changed, None).await.expect("update");
    assert_eq!(load(store, stored.id).await.row, changed);
    assert_eq!(load(store, dm.id).await.row, dm, "other games are untouched");

    assert!(
        store
            .load_game(GameId(stored.id.get() + dm.id.get() + 1000))
            .await
            .expect("load")
            .is_none()
    );
    let missing = GameRow {
        id: GameId(stored.id.get() + dm.id.get() + 1000),
        ..changed
    };
    assert!(matches!(
        store.update_game(&missing, None).await,
        Err(StoreError::Invalid(_))
    ));
}

async fn appended_actions_load_in_order(db: TestDb) {
    let store = &db.store;
    let row = insert(store, &game("cantstop", 5)).await;
    let log = vec![
        action(0, "roll", &[1, 2, 3, 4]),
        action(0, "pair-3-7", &[]),
        action(1, "stop", &[]),
        action(1, "roll", &[6, 6, 6, 6]),
        action(0, "resign", &[]),
    ];
    for (seq, entry) in (0..).zip(&log) {
        store
            .append_action(
                row.id,
                seq,
                entry,
                played(Status::Playing, 1_700_000_100 + seq, None),
            )
            .await
            .expect("append");
    }
    let loaded = load(store, row.id).await;
    assert_eq!(loaded.log, log);
    assert_eq!(loaded.row.status, Status::Playing);
    assert_eq!(
        loaded.row.updated_at, 1_700_000_104,
        "the last append stamps the game"
    );

    let active = store.load_active().await.expect("load_active");
    assert_eq!(active, vec![loaded]);
}

async fn duplicate_seq_is_a_conflict_and_changes_nothing(db: TestDb) {
    let store = &db.store;
    let row = insert(store, &game("ninja", 5)).await;
    let first = action(0, "move-3", &[4]);
    store
        .append_action(row.id, 0, &first, played(Status::Playing, 10, None))
        .await
        .expect("first append");

    let late = action(1, "move-5", &[2]);
    let err = store
        .append_action(row.id, 0, &late, played(Status::Finished, 20, None))
        .await
        .expect_err("duplicate");
    assert!(
        matches!(err, StoreError::Conflict { game, seq: 0 } if game == row.id),
        "expected a conflict, got {err:?}"
    );

    let loaded = load(store, row.id).await;
    assert_eq!(loaded.log, vec![first.clone()]);
    assert_eq!(
        loaded.row.status,
        Status::Playing,
        "the losing append's status is not written"
    );
    assert_eq!(loaded.row.updated_at, 10);

    store
        .append_action(row.id, 1, &late, played(Status::Playing, 30, None))
        .await
        .expect("next seq still free");
    assert_eq!(load(store, row.id).await.log, vec![first, late]);
}

async fn finished_and_abandoned_games_leave_load_active(db: TestDb) {
    let store = &db.store;
    let lobby = insert(store, &game("cantstop", 1)).await;
    let finishing = insert(store, &game("ishigaki", 2)).await;
    let abandoning = insert(store, &game("saizumi", 3)).await;
    assert_eq!(
        active_ids(&store.load_active().await.expect("load")),
        vec![lobby.id, finishing.id, abandoning.id]
    );

    store
        .append_action(
            finishing.id,
            0,
            &action(0, "roll", &[5]),
            played(Status::Playing, 5, None),
        )
        .await
        .expect("append");
    let playing = store.load_active().await.expect("load");
    assert_eq!(playing[1].row.status, Status::Playing);

    store
        .append_action(
            finishing.id,
            1,
            &action(1, "win", &[]),
            played(Status::Finished, 6, None),
        )
        .await
        .expect("append");
    store
        .update_game(
            &GameRow {
                status: Status::Abandoned,
                updated_at: 7,
                ..abandoning.clone()
            },
            None,
        )
        .await
        .expect("abandon");

    assert_eq!(
        active_ids(&store.load_active().await.expect("load")),
        vec![lobby.id]
    );
    let finished = load(store, finishing.id).await;
    assert_eq!(finished.row.status, Status::Finished);
    assert_eq!(finished.log.len(), 2, "a finished game keeps its log");
    assert_eq!(load(store, abandoning.id).await.row.status, Status::Abandoned);
}

async fn logs_of_many_games_are_kept_apart(db: TestDb) {
    let store = &db.store;
    let mut ids = Vec::new();
    for channel in 0..6 {
        ids.push(insert(store, &game("cantstop", channel)).await.id);
    }
    // Interleaved appends, a different number per game (game 0 gets none).
    for round in 0..5_i64 {
        for (n, &id) in ids.iter().enumerate() {
            if round < i64::try_from(n).expect("small") {
                let entry = action(
                    n % 2,
                    &format!("g{n}-a{round}"),
                    &[u8::try_from(n).expect("small")],
                );
                store
                    .append_action(id, round, &entry, played(Status::Playing, round, None))
                    .await
                    .expect("append");
            }
        }
    }
    let active = store.load_active().await.expect("load");
    assert_eq!(active_ids(&active), ids);
    for (n, game) in active.iter().enumerate() {
        let names: Vec<&str> = game.log.iter().map(|a| a.action.as_str()).collect();
        let expected: Vec<String> = (0..n.min(5)).map(|round| format!("g{n}-a{round}")).collect();
        assert_eq!(names, expected, "log of game {n}");
        assert_eq!(
            game,
            &load(store, game.row.id).await,
            "load_active agrees with load_game"
        );
    }
}

async fn settings_are_set_read_and_overwritten(db: TestDb) {
    let store = &db.store;
    assert_eq!(store.setting(GUILD, "turn_timer").await.expect("get"), None);

    store
        .set_setting(GUILD, "turn_timer", &json!({"minutes": 30}))
        .await
        .expect("set");
    store
        .set_setting(GuildId(HUGE_SNOWFLAKE), "turn_timer", &json!(5))
        .await
        .expect("set other guild");
    store
        .set_setting(GUILD, "locale", &json!("ja"))
        .await
        .expect("set other key");
    assert_eq!(
        store.setting(GUILD, "turn_timer").await.expect("get"),
        Some(json!({"minutes": 30}))
    );

    store
        .set_setting(GUILD, "turn_timer", &json!({"minutes": 60}))
        .await
        .expect("overwrite");
    assert_eq!(
        store.setting(GUILD, "turn_timer").await.expect("get"),
        Some(json!({"minutes": 60}))
    );
    assert_eq!(
        store
            .setting(GuildId(HUGE_SNOWFLAKE), "turn_timer")
            .await
            .expect("get"),
        Some(json!(5))
    );
    assert_eq!(
        store.setting(GUILD, "locale").await.expect("get"),
        Some(json!("ja"))
    );
    assert_eq!(
        store
            .setting(GuildId(GUILD.get() + 1), "locale")
            .await
            .expect("get"),
        None
    );
}

async fn concurrent_appends_of_one_seq_let_exactly_one_win(db: TestDb) {
    let store = Arc::new(db.store);
    let row = insert(&store, &game("cantstop", 9)).await;
    let clicks: Vec<_> = (0..8)
        .map(|n| {
            let store = Arc::clone(&store);
            let entry = action(n % 2, &format!("click-{n}"), &[]);
            tokio::spawn(async move {
                let outcome = store
                    .append_action(row.id, 0, &entry, played(Status::Playing, 1, None))
                    .await;
                (entry, outcome)
            })
        })
        .collect();
    let mut winners = Vec::new();
    for click in clicks {
        let (entry, outcome) = click.await.expect("task");
        match outcome {
            Ok(()) => winners.push(entry),
            Err(StoreError::Conflict { game, seq: 0 }) => assert_eq!(game, row.id),
            Err(other) => panic!("expected Ok or Conflict, got {other:?}"),
        }
    }
    assert_eq!(winners.len(), 1, "exactly one click lands");
    assert_eq!(load(&store, row.id).await.log, winners);
}

async fn appending_to_a_missing_game_is_an_error(db: TestDb) {
    let store = &db.store;
    let err = store
        .append_action(
            GameId(4242),
            0,
            &action(0, "roll", &[]),
            played(Status::Playing, 1, None),
        )
        .await
        .expect_err("missing");
    assert!(matches!(err, StoreError::Invalid(_)), "not a conflict: {err:?}");
    assert!(store.load_game(GameId(4242)).await.expect("load").is_none());
}

/// Appends that arrive together are committed in one transaction (group commit); a conflict or
/// a missing game among them gets its own error and the others still land.
async fn one_bad_append_does_not_fail_the_others_committed_with_it(db: TestDb) {
    let store = &db.store;
    let taken = insert(store, &game("cantstop", 20)).await;
    let first = action(0, "roll", &[1, 2, 3, 4]);
    store
        .append_action(taken.id, 0, &first, played(Status::Playing, 1, None))
        .await
        .expect("first append");
    let mut fresh = Vec::new();
    for channel in 21..26 {
        fresh.push(insert(store, &game("cantstop", channel)).await.id);
    }
    let entry = action(1, "stop", &[]);
    // Joined on one task: every append is queued before the writer looks, so they share a batch.
    let good = futures_util::future::join_all(
        fresh
            .iter()
            .map(|&id| store.append_action(id, 0, &entry, played(Status::Playing, 2, None))),
    );
    let conflict = store.append_action(taken.id, 0, &entry, played(Status::Playing, 2, None));
    let missing = store.append_action(GameId(987_654), 0, &entry, played(Status::Playing, 2, None));
    let (good, conflict, missing) = tokio::join!(good, conflict, missing);
    for outcome in good {
        outcome.expect("a good append commits beside the bad ones");
    }
    assert!(
        matches!(conflict, Err(StoreError::Conflict { game, seq: 0 }) if game == taken.id),
        "{conflict:?}"
    );
    assert!(matches!(missing, Err(StoreError::Invalid(_))), "{missing:?}");
    for id in fresh {
        assert_eq!(load(store, id).await.log, vec![entry.clone()]);
    }
    assert_eq!(load(store, taken.id).await.log, vec![first]);
}

async fn an_append_writes_the_board_and_updates_commit_beside_it(db: TestDb) {
    let store = &db.store;
    let board = Some(MessageId(77));
    let playing = insert(
        store,
        &GameRow {
            board_message_id: board,
            ..game("cantstop", 30)
        },
    )
    .await;
    let roll = action(0, "roll", &[1, 2, 3, 4]);
    let kept = Played {
        board,
        ..played(Status::Playing, 3, Some(40))
    };
    store
        .append_action(playing.id, 0, &roll, kept)
        .await
        .expect("append");
    assert_eq!(load(store, playing.id).await.row.board_message_id, board);
    assert_eq!(store.next_due().await.unwrap(), Some(40));
    // The turn passed: the clicked board froze and no next one is posted yet.
    let stop = action(0, "stop", &[]);
    store
        .append_action(playing.id, 1, &stop, played(Status::Playing, 4, Some(4)))
        .await
        .expect("append");
    let stored = load(store, playing.id).await;
    assert_eq!(stored.row.board_message_id, None);
    assert_eq!((stored.row.updated_at, stored.log.len()), (4, 2));

    // Updates and appends queued together commit together; a bad one fails alone.
    let lobby = insert(store, &game("cantstop", 31)).await;
    let joined = GameRow {
        seats: json!([{"name": "Ann"}, {"name": "Bo"}]),
        board_message_id: Some(MessageId(78)),
        updated_at: 5,
        ..lobby.clone()
    };
    let missing = GameRow {
        id: GameId(987_654),
        ..joined.clone()
    };
    let roll_again = action(1, "roll", &[6, 6, 6, 6]);
    let (update, append, bad) = tokio::join!(
        store.update_game(&joined, Some(50)),
        store.append_action(playing.id, 2, &roll_again, played(Status::Playing, 5, None)),
        store.update_game(&missing, None),
    );
    update.expect("update");
    append.expect("append");
    assert!(matches!(bad, Err(StoreError::Invalid(_))), "{bad:?}");
    assert_eq!(load(store, lobby.id).await.row, joined);
    assert_eq!(load(store, playing.id).await.log, vec![roll, stop, roll_again]);
}

async fn import_copies_games_with_their_logs(db: TestDb) {
    let store = &db.store;
    let existing = insert(store, &game("cantstop", 1)).await;
    let long_log: Vec<LoggedAction> = (0..2500)
        .map(|n| action(n % 4, &format!("a{n}"), &[1, 2]))
        .collect();
    let games = vec![
        StoredGame {
            row: GameRow {
                status: Status::Playing,
                ..game("ishigaki", 2)
            },
            log: long_log,
        },
        StoredGame {
            row: game("ninja", 3),
            log: vec![],
        },
        StoredGame {
            row: GameRow {
                status: Status::Finished,
                ..game("saizumi", 4)
            },
            log: vec![action(1, "x", &[])],
        },
    ];
    let ids = store.import(&games).await.expect("import");
    assert_eq!(ids.len(), 3);
    assert!(!ids.contains(&existing.id));
    for (id, original) in ids.iter().zip(&games) {
        let expected = StoredGame {
            row: GameRow {
                id: *id,
                ..original.row.clone()
            },
            log: original.log.clone(),
        };
        assert_eq!(load(store, *id).await, expected);
    }
    assert_eq!(
        active_ids(&store.load_active().await.expect("load")),
        vec![existing.id, ids[0], ids[1]]
    );
}

async fn undecodable_rows_are_skipped_and_the_rest_load(db: TestDb) {
    let store = &db.store;
    let mut ids = Vec::new();
    for channel in 0..5 {
        let row = insert(store, &game("cantstop", channel)).await;
        store
            .append_action(
                row.id,
                0,
                &action(0, "roll", &[3]),
                played(Status::Playing, 1, None),
            )
            .await
            .expect("append");
        ids.push(row.id);
    }
    let [good_a, bad_options, bad_seats, bad_status, good_b] = ids[..] else {
        unreachable!()
    };
    db.execute(&format!(
        "UPDATE games SET options = '{{not json' WHERE id = {bad_options}"
    ))
    .await;
    db.execute(&format!("UPDATE games SET seats = '' WHERE id = {bad_seats}"))
        .await;
    db.execute(&format!(
        "UPDATE games SET status = 'Playing' WHERE id = {bad_status}"
    ))
    .await;

    let warnings = Warnings::capture();
    let active = store
        .load_active()
        .await
        .expect("one bad row does not fail the load");
    let warnings = warnings.finish();
    for bad in [bad_options, bad_seats, bad_status] {
        assert!(
            warnings.contains(&format!("skipping stored game {bad}:")),
            "warns about game {bad}: {warnings}"
        );
    }
    assert_eq!(active_ids(&active), vec![good_a, good_b]);
    assert!(active.iter().all(|g| g.log == vec![action(0, "roll", &[3])]));

    for bad in [bad_options, bad_seats, bad_status] {
        match store.load_game(bad).await {
            Err(StoreError::Invalid(why)) => assert!(why.contains(&bad.to_string()), "names the game: {why}"),
            other => panic!("game {bad} should not decode: {other:?}"),
        }
    }

    // A log that cannot be replayed (a gap) is as undecodable as bad JSON.
    db.execute(&format!("UPDATE actions SET seq = 5 WHERE game_id = {good_b}"))
        .await;
    assert_eq!(
        active_ids(&store.load_active().await.expect("load")),
        vec![good_a]
    );
}

async fn reopening_keeps_everything(db: TestDb) {
    let row = insert(
        &db.store,
        &GameRow {
            guild_id: Some(GuildId(HUGE_SNOWFLAKE)),
            ..game("cantstop", 8)
        },
    )
    .await;
    let log = vec![action(0, "roll", &[1, 1, 2, 2]), action(0, "stop", &[])];
    for (seq, entry) in (0..).zip(&log) {
        db.store
            .append_action(row.id, seq, entry, played(Status::Playing, 50 + seq, None))
            .await
            .expect("append");
    }
    db.store
        .set_setting(GuildId(HUGE_SNOWFLAKE), "timer", &json!(15))
        .await
        .expect("setting");
    let before = db.store.load_active().await.expect("load");

    let db = db.reopen().await;
    assert_eq!(db.store.load_active().await.expect("load after reopen"), before);
    assert_eq!(before[0].log, log);
    assert_eq!(
        db.store
            .setting(GuildId(HUGE_SNOWFLAKE), "timer")
            .await
            .expect("get"),
        Some(json!(15))
    );
    let next = insert(&db.store, &game("cantstop", 9)).await;
    assert!(next.id > row.id, "ids continue after a reopen");
}

async fn a_newer_schema_is_refused_by_version(db: TestDb) {
    let checksum = if db.backend == Backend::Postgres {
        "'\\x00'::bytea"
    } else {
        "X'00'"
    };
    db.execute(&format!(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
         VALUES (987654, 'from a newer saikoro', TRUE, {checksum}, 0)"
    ))
    .await;
    db.store.close().await;
    match Store::connect(&db.url).await {
        Err(StoreError::Invalid(why)) => assert!(why.contains("987654"), "names the version: {why}"),
        Err(other) => panic!("expected a database error, got {other:?}"),
        Ok(_) => panic!("a schema newer than the binary must be refused"),
    }
}
