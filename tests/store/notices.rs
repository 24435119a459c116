//! Turn notices by direct message (issue 29 item 4): each player's choice and language, switched
//! off once when their DMs are closed; a turn claimed once per game and player, across restarts,
//! and forgotten with the game's end; forget-me. Also the hosts told a server has no threads.

use super::{Backend, GUILD, TestDb, action, game, insert, played, run};
use saikoro::engine::Locale;
use saikoro::id::{GameId, GuildId, UserId};
use saikoro::store::{GameRow, NotifyRow, Status};

on_backends!([sqlite_memory: SqliteMemory, sqlite_file: SqliteFile, postgres: Postgres]
    a_choice_is_kept_and_switched_off_once,
    a_turn_is_noticed_once_across_restarts,
    a_games_notices_go_with_its_end,
    a_host_is_told_once_per_server_across_restarts,
);

on_backends!([sqlite_file: SqliteFile, postgres: Postgres]
    migration_0130_forgets_the_notices_of_games_that_ended,
);

/// Above i64::MAX, as a snowflake may be.
const ANN: UserId = UserId(u64::MAX - 7);
const BEN: UserId = UserId(42);

async fn a_choice_is_kept_and_switched_off_once(db: TestDb) {
    let store = &db.store;
    assert_eq!(store.notify_of(ANN).await.unwrap(), None, "off unless asked");
    assert!(
        !store.switch_notify_off(ANN).await.unwrap(),
        "nothing to switch off"
    );
    let on = NotifyRow {
        dm: true,
        locale: Locale::Ja,
    };
    store.set_notify(ANN, on).await.unwrap();
    store.set_notify(BEN, NotifyRow { dm: true, ..on }).await.unwrap();
    assert_eq!(store.notify_of(ANN).await.unwrap(), Some(on));
    assert!(store.switch_notify_off(ANN).await.unwrap(), "switched off");
    assert!(!store.switch_notify_off(ANN).await.unwrap(), "only once");
    let off = NotifyRow { dm: false, ..on };
    assert_eq!(
        store.notify_of(ANN).await.unwrap(),
        Some(off),
        "the language stays"
    );
    assert_eq!(store.notify_of(BEN).await.unwrap(), Some(on), "others' stay on");
    store
        .forget_player(&ANN.get().to_string(), |_| None)
        .await
        .unwrap();
    assert_eq!(store.notify_of(ANN).await.unwrap(), None, "forgotten");
    assert_eq!(store.notify_of(BEN).await.unwrap(), Some(on));
}

async fn a_turn_is_noticed_once_across_restarts(db: TestDb) {
    let game = GameId(7);
    assert!(db.store.claim_turn_notice(game, ANN, 3).await.unwrap());
    assert!(
        !db.store.claim_turn_notice(game, ANN, 3).await.unwrap(),
        "once a turn"
    );
    assert!(
        db.store.claim_turn_notice(game, BEN, 3).await.unwrap(),
        "per player"
    );
    assert!(
        db.store.claim_turn_notice(GameId(8), ANN, 3).await.unwrap(),
        "per game"
    );
    let db = if db.backend == Backend::SqliteMemory {
        db
    } else {
        db.reopen().await
    };
    assert!(
        !db.store.claim_turn_notice(game, ANN, 3).await.unwrap(),
        "after a restart"
    );
    assert!(
        !db.store.claim_turn_notice(game, ANN, 2).await.unwrap(),
        "never an older turn"
    );
    assert!(
        db.store.claim_turn_notice(game, ANN, 5).await.unwrap(),
        "a later turn"
    );
    db.store
        .forget_player(&ANN.get().to_string(), |_| None)
        .await
        .unwrap();
    assert!(
        db.store.claim_turn_notice(game, ANN, 5).await.unwrap(),
        "forgotten"
    );
    assert!(
        !db.store.claim_turn_notice(game, BEN, 3).await.unwrap(),
        "others' kept"
    );
}

async fn a_games_notices_go_with_its_end(db: TestDb) {
    let store = &db.store;
    let finishing = insert(store, &game("cantstop", 1)).await.id;
    let abandoning = insert(store, &game("cantstop", 2)).await;
    let playing = insert(store, &game("cantstop", 3)).await.id;
    for game in [finishing, abandoning.id, playing] {
        assert!(store.claim_turn_notice(game, ANN, 3).await.unwrap());
    }
    let started = played(Status::Playing, 5, None);
    store
        .append_action(finishing, 0, &action(0, "roll", &[5]), started)
        .await
        .unwrap();
    assert!(
        !store.claim_turn_notice(finishing, ANN, 3).await.unwrap(),
        "kept while the game plays"
    );
    let finished = played(Status::Finished, 6, None);
    store
        .append_action(finishing, 1, &action(0, "stop", &[]), finished)
        .await
        .unwrap();
    let abandoned = GameRow {
        status: Status::Abandoned,
        updated_at: 7,
        ..abandoning.clone()
    };
    store.update_game(&abandoned, None).await.unwrap();
    // A claim succeeds again only where the game's rows went with its end.
    assert!(
        store.claim_turn_notice(finishing, ANN, 3).await.unwrap(),
        "finished"
    );
    assert!(
        store.claim_turn_notice(abandoning.id, ANN, 3).await.unwrap(),
        "abandoned"
    );
    assert!(
        !store.claim_turn_notice(playing, ANN, 3).await.unwrap(),
        "a game in play keeps its notices"
    );
}

async fn a_host_is_told_once_per_server_across_restarts(db: TestDb) {
    let other = GuildId(GUILD.get() + 1);
    assert!(db.store.tell_no_threads(GUILD, ANN).await.unwrap());
    assert!(!db.store.tell_no_threads(GUILD, ANN).await.unwrap(), "once");
    assert!(db.store.tell_no_threads(other, ANN).await.unwrap(), "per server");
    assert!(db.store.tell_no_threads(GUILD, BEN).await.unwrap(), "per host");
    let db = if db.backend == Backend::SqliteMemory {
        db
    } else {
        db.reopen().await
    };
    assert!(
        !db.store.tell_no_threads(GUILD, ANN).await.unwrap(),
        "after a restart"
    );
    db.store
        .forget_player(&ANN.get().to_string(), |_| None)
        .await
        .unwrap();
    assert!(db.store.tell_no_threads(GUILD, ANN).await.unwrap(), "forgotten");
    assert!(
        !db.store.tell_no_threads(GUILD, BEN).await.unwrap(),
        "others' kept"
    );
}

/// A database from before migration 0130 (undone on a second connection) keeps the notices of
/// games in play and loses those of games that ended.
async fn migration_0130_forgets_the_notices_of_games_that_ended(db: TestDb) {
    let ended = insert(&db.store, &game("cantstop", 1)).await;
    let playing = insert(&db.store, &game("cantstop", 2)).await.id;
    let undo = if db.backend == Backend::Postgres {
        "DROP TRIGGER turn_notices_ended ON games; DROP FUNCTION forget_turn_notices(); \
         DROP TABLE told_no_threads; DELETE FROM _sqlx_migrations WHERE version = 130"
    } else {
        "DROP TRIGGER turn_notices_ended; DROP TABLE told_no_threads; \
         DELETE FROM _sqlx_migrations WHERE version = 130"
    };
    db.execute(undo).await;
    let abandoned = GameRow {
        status: Status::Abandoned,
        ..ended.clone()
    };
    db.store.update_game(&abandoned, None).await.unwrap();
    for game in [ended.id, playing] {
        assert!(db.store.claim_turn_notice(game, ANN, 3).await.unwrap());
    }
    let db = db.reopen().await;
    assert!(
        db.store.claim_turn_notice(ended.id, ANN, 3).await.unwrap(),
        "forgotten"
    );
    assert!(
        !db.store.claim_turn_notice(playing, ANN, 3).await.unwrap(),
        "kept"
    );
}
