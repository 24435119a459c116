//! Shards: one process never touches another's games; claims on PostgreSQL.

use super::*;

on_backends!([sqlite_file: SqliteFile, postgres: Postgres]
    a_process_never_loads_or_writes_another_shards_game,
);

on_backends!([postgres: Postgres]
    overlapping_processes_cannot_both_claim_a_shard,
    a_claim_whose_connection_breaks_claims_its_shards_again,
    a_claim_taken_by_another_process_meanwhile_is_lost,
    processes_given_different_shard_totals_are_refused,
);

/// Two processes on one database, shards 0 and 1 of 2: each loads only its own guilds' games
/// (DMs are shard 0), and one cannot write the other's game by any path, not even inside a
/// batch with its own appends.
async fn a_process_never_loads_or_writes_another_shards_game(db: TestDb) {
    let (lower, upper) = two_processes(&db.url).await;
    // (id >> 22) % 2: 0 and 1; the huge id is above 2^63 and lands on shard 1 as Discord
    // computes it on the unsigned id.
    let in_guild = |channel, guild: Option<u64>| GameRow {
        guild_id: guild.map(GuildId),
        ..game("cantstop", channel)
    };
    let zero = insert(&lower, &in_guild(1, Some(2 << 22))).await;
    let dm = insert(&lower, &in_guild(2, None)).await;
    let one = insert(&upper, &in_guild(3, Some(3 << 22))).await;
    let huge = insert(&upper, &in_guild(4, Some(HUGE_SNOWFLAKE))).await;
    assert_eq!(
        ShardRange::new(0, 1, 2)
            .unwrap()
            .shard_of(Some(GuildId(HUGE_SNOWFLAKE))),
        1
    );
    let refused = lower.insert_game(&in_guild(5, Some(3 << 22))).await;
    assert!(
        matches!(refused, Err(StoreError::OtherShard { .. })),
        "{refused:?}"
    );

    assert_eq!(
        active_ids(&lower.load_active().await.unwrap()),
        vec![zero.id, dm.id]
    );
    assert_eq!(
        active_ids(&upper.load_active().await.unwrap()),
        vec![one.id, huge.id]
    );
    assert_eq!(
        db.store.load_active().await.unwrap().len(),
        4,
        "one process runs all"
    );

    // Shard 1 tries to steal shard 0's game: an append (batched with one of its own), a row
    // update, and a finish are refused, and nothing of them is stored.
    let mine = action(0, "roll", &[1, 2, 3, 4]);
    let (stolen, own) = tokio::join!(
        upper.append_action(zero.id, 0, &mine, played(Status::Playing, 5, None)),
        upper.append_action(one.id, 0, &mine, played(Status::Playing, 5, None)),
    );
    assert!(
        matches!(stolen, Err(StoreError::OtherShard { game, .. }) if game == zero.id),
        "{stolen:?}"
    );
    own.expect("its own game is written beside the refused one");
    let taken = GameRow {
        status: Status::Abandoned,
        updated_at: 9,
        ..zero.clone()
    };
    let updated = upper.update_game(&taken, None).await;
    assert!(
        matches!(updated, Err(StoreError::OtherShard { .. })),
        "{updated:?}"
    );
    let finish = Finish {
        guild: zero.guild_id,
        kind: "cantstop".into(),
        seats: vec![],
        rated: false,
    };
    let finished = upper.finish_game(dm.id, 0, &mine, 9, &finish).await;
    assert!(
        matches!(finished, Err(StoreError::OtherShard { .. })),
        "{finished:?}"
    );
    for id in [zero.id, dm.id] {
        let stored = load(&lower, id).await;
        assert!(stored.log.is_empty(), "nothing appended to game {id}");
        assert_eq!(
            (stored.row.status, stored.row.updated_at),
            (Status::Lobby, 1_700_000_000)
        );
    }
    assert_eq!(load(&upper, one.id).await.log, vec![mine.clone()]);

    // Its owner writes it as usual.
    lower
        .append_action(zero.id, 0, &mine, played(Status::Playing, 6, None))
        .await
        .expect("the owner appends");
    lower.update_game(&taken, None).await.expect("the owner updates");
    assert_eq!(load(&lower, zero.id).await.row.status, Status::Abandoned);
    lower.close().await;
    upper.close().await;
}

/// A process claims its shards at start-up; another whose range overlaps is refused, naming the
/// shard, until the holder is gone.
async fn overlapping_processes_cannot_both_claim_a_shard(db: TestDb) {
    use std::time::Duration;
    let process = |first, last| Store::connect_shards(&db.url, ShardRange::new(first, last, 2).unwrap());
    let lower = process(0, 0).await.unwrap();
    let held = lower
        .claim_shards(Duration::ZERO, SHARD_CLAIM_CHECK)
        .await
        .expect("shard 0 is free");
    let both = process(0, 1).await.unwrap();
    let refused = both
        .claim_shards(Duration::from_millis(300), SHARD_CLAIM_CHECK)
        .await
        .err()
        .expect("shard 0 is held");
    assert!(
        refused.to_string().contains("shard 0 of 2 is already run"),
        "{refused}"
    );
    let upper = process(1, 1).await.unwrap();
    let _upper = upper
        .claim_shards(Duration::ZERO, SHARD_CLAIM_CHECK)
        .await
        .expect("the refused claim gave shard 1 back");
    drop(held);
    let again = process(0, 0).await.unwrap();
    again
        .claim_shards(Duration::from_secs(5), SHARD_CLAIM_CHECK)
        .await
        .expect("free again once its holder is gone");
}

/// The server processes holding shard locks of this test's schema, as the keeper keys them.
async fn shard_lock_holders(db: &TestDb) -> Vec<i32> {
    let mut conn = sqlx::PgConnection::connect(&db.url).await.expect("open postgres");
    sqlx::query_scalar(
        "SELECT DISTINCT pid FROM pg_locks WHERE locktype = 'advisory' AND granted \
         AND objsubid = 2 \
         AND classid::bigint = (hashtext('saikoro shards ' || current_schema())::bigint & 4294967295)",
    )
    .fetch_all(&mut conn)
    .await
    .expect("pg_locks")
}

/// Ends a server process's session, as a restarted server or a cut network would.
async fn break_connection(db: &TestDb, pid: i32) {
    db.execute(&format!("SELECT pg_terminate_backend({pid})")).await;
}

/// When the connection holding a claim breaks, the claim takes its shards again on a new one:
/// another process is still refused afterwards, and the claim is not reported lost.
async fn a_claim_whose_connection_breaks_claims_its_shards_again(db: TestDb) {
    use std::time::Duration;
    let range = ShardRange::new(0, 0, 2).unwrap();
    let store = Store::connect_shards(&db.url, range).await.unwrap();
    let mut claim = store
        .claim_shards(Duration::ZERO, Duration::from_millis(100))
        .await
        .expect("shard 0 is free");
    let before = shard_lock_holders(&db).await;
    assert_eq!(before.len(), 1, "one connection holds the claim: {before:?}");
    break_connection(&db, before[0]).await;
    let mut after = vec![];
    for _ in 0..100 {
        after = shard_lock_holders(&db).await;
        if !after.is_empty() && after != before {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(
        after.len() == 1 && after != before,
        "claimed again on a new connection: before {before:?}, after {after:?}"
    );
    let other = Store::connect_shards(&db.url, range).await.unwrap();
    other
        .claim_shards(Duration::from_millis(300), SHARD_CLAIM_CHECK)
        .await
        .err()
        .expect("the shard is held again");
    assert!(
        tokio::time::timeout(Duration::from_millis(300), claim.lost())
            .await
            .is_err(),
        "a claim taken again is not lost"
    );
}

/// If another process takes a shard while the claim's connection is broken, the claim reports
/// it lost, naming the shard, so its process stops.
async fn a_claim_taken_by_another_process_meanwhile_is_lost(db: TestDb) {
    use std::time::Duration;
    let range = ShardRange::new(0, 0, 2).unwrap();
    let first = Store::connect_shards(&db.url, range).await.unwrap();
    // It looks at its connection only after the other process has had time to take the shard.
    let mut claim = first
        .claim_shards(Duration::ZERO, Duration::from_secs(3))
        .await
        .expect("shard 0 is free");
    let holders = shard_lock_holders(&db).await;
    assert_eq!(holders.len(), 1, "{holders:?}");
    break_connection(&db, holders[0]).await;
    let second = Store::connect_shards(&db.url, range).await.unwrap();
    let _taken = second
        .claim_shards(Duration::from_secs(2), SHARD_CLAIM_CHECK)
        .await
        .expect("the broken claim's shard is free");
    let why = tokio::time::timeout(Duration::from_secs(10), claim.lost())
        .await
        .expect("the first claim learns it lost the shard");
    assert!(
        why.contains("shard 0 of 2 is already run") && why.contains("broken"),
        "{why}"
    );
}

/// Guilds map to shards by the total, so processes given different totals would split them
/// differently: a process is refused while another runs with another total, even on shard
/// numbers nobody holds, and may start once that one is gone.
async fn processes_given_different_shard_totals_are_refused(db: TestDb) {
    use std::time::Duration;
    let process =
        |first, last, total| Store::connect_shards(&db.url, ShardRange::new(first, last, total).unwrap());
    let halves = process(0, 0, 2).await.unwrap();
    let held = halves
        .claim_shards(Duration::ZERO, SHARD_CLAIM_CHECK)
        .await
        .expect("free");
    let quarters = process(2, 3, 4).await.unwrap();
    let refused = quarters
        .claim_shards(Duration::from_millis(300), SHARD_CLAIM_CHECK)
        .await
        .err()
        .expect("another total is running");
    assert!(
        refused.to_string().contains("shard total of 2, not 4"),
        "{refused}"
    );
    let other_half = process(1, 1, 2).await.unwrap();
    let other_half_held = other_half
        .claim_shards(Duration::ZERO, SHARD_CLAIM_CHECK)
        .await
        .expect("the same total is welcome");
    drop((held, other_half_held));
    quarters
        .claim_shards(Duration::from_secs(5), SHARD_CLAIM_CHECK)
        .await
        .expect("free once the other total is gone");
}
