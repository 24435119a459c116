//! Turn notices by direct message (issue 29 item 4): each player's choice and language, switched
//! off once when their DMs are closed; a turn claimed once per game and player, across restarts;
//! forget-me.

use super::{Backend, TestDb, run};
use saikoro::engine::Locale;
use saikoro::id::{GameId, UserId};
use saikoro::store::NotifyRow;

on_backends!([sqlite_memory: SqliteMemory, sqlite_file: SqliteFile, postgres: Postgres]
    a_choice_is_kept_and_switched_off_once,
    a_turn_is_noticed_once_across_restarts,
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
