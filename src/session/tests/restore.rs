//! Stored games that do not rebuild (corrupt or hostile rows) are set aside while every other
//! game plays on, and rows of any shape load or are refused without hanging or panicking.

use super::*;
use crate::engine::{LoggedAction, RestoreError};
use crate::store::{GameRow, LiveGame, Snapshot};
use index::LoadFailed;
use proptest::prelude::*;

/// Turns game `id` into the record of issue #33 that hung the bot: Ninja without set-up dice.
/// `due`: due now, so the start-up pass loads it.
async fn corrupt(url: &str, id: GameId, due: bool) {
    let mut conn = <sqlx::SqliteConnection as sqlx::Connection>::connect(url)
        .await
        .unwrap();
    sqlx::query(
        "UPDATE games SET kind = 'ninja', options = '{}', setup_dice = X'', \
         due_at = CASE WHEN $1 THEN 0 ELSE NULL END WHERE id = $2",
    )
    .bind(due)
    .bind(id.get())
    .execute(&mut conn)
    .await
    .unwrap();
}

async fn quarantined(url: &str) -> Vec<(i64, String)> {
    let mut conn = <sqlx::SqliteConnection as sqlx::Connection>::connect(url)
        .await
        .unwrap();
    sqlx::query_as("SELECT id, quarantined FROM games WHERE quarantined IS NOT NULL ORDER BY id")
        .fetch_all(&mut conn)
        .await
        .unwrap()
}

async fn actions_stored(hub: &Tables, game: GameId) -> usize {
    hub.play.store.load_game(game).await.unwrap().unwrap().log.len()
}

#[tokio::test]
async fn a_stored_game_that_does_not_rebuild_is_set_aside_and_the_others_play_on() {
    let (dir, url) = temp_db("quarantine");
    let out = Arc::new(Channel::default());
    let hub = restarted(&url, &out, Timers::default()).await;
    let (due, sound, clicked) = (CHANNEL, THREAD, ChannelId(79));
    let mut games = vec![];
    let mut boards = vec![];
    for channel in [due, sound, clicked] {
        games.push(started_in(&hub, &out, channel).await);
        boards.push(button_ids(&out.last(channel).1)[0].clone());
    }
    // The board pings whoever is to play.
    let first = user(out.last(sound).1.ping[0], "first");
    drop(hub);
    corrupt(&url, games[0], true).await;
    corrupt(&url, games[2], false).await;

    // The start-up pass loads the due one: it does not rebuild, so it is set aside.
    let hub = restarted(&url, &out, Timers::default()).await;
    assert_eq!(hub.restore().await.unwrap(), 3);
    let aside = quarantined(&url).await;
    assert_eq!(aside.len(), 1, "{aside:?}");
    assert_eq!(aside[0].0, games[0].get());
    assert!(aside[0].1.contains("set-up dice ran out"), "{aside:?}");
    assert_eq!(hub.play.index.active(), 2, "out of the index");

    // The other one is set aside by its first click, which is told why; nothing is stored.
    let before = actions_stored(&hub, games[2]).await;
    let ann = user(1, "ann");
    for (game, board) in [(games[2], &boards[2]), (games[0], &boards[0])] {
        match click(&hub, &out, board, &ann).await {
            Reply::Private(text) => assert!(text.contains("damaged"), "{game}: {text}"),
            other => panic!("{game}: {other:?}"),
        }
    }
    assert_eq!(actions_stored(&hub, games[2]).await, before, "nothing changed");
    assert_eq!(quarantined(&url).await.len(), 2);
    assert_eq!(hub.play.index.active(), 1);
    let failed = hub.play.index.live(games[2]).await.err();
    assert_eq!(failed, Some(LoadFailed::Quarantined));

    // The sound game plays on, and the set-aside games' channels take new games.
    assert!(matches!(
        click(&hub, &out, &boards[1], &first).await,
        Reply::Update(_)
    ));
    assert!(open(&hub, due, &ann).await.starts_with("Lobby opened"));

    // After another restart the set-aside games are skipped, and their boards still say why.
    drop(hub);
    let hub = restarted(&url, &out, Timers::default()).await;
    assert_eq!(
        hub.restore().await.unwrap(),
        2,
        "the sound game and the new lobby"
    );
    match click(&hub, &out, &boards[0], &ann).await {
        Reply::Private(text) => assert!(text.contains("damaged"), "{text}"),
        other => panic!("{other:?}"),
    }
    std::fs::remove_dir_all(dir).ok();
}

/// A stored row, as the store could hand one back after corruption or tampering.
#[derive(Clone, Debug)]
struct Row {
    kind: String,
    lobby: bool,
    seats: serde_json::Value,
    options: serde_json::Value,
    setup_dice: Vec<u8>,
    snapshot: Option<(usize, String)>,
    tail: Vec<LoggedAction>,
}

fn seats() -> impl Strategy<Value = serde_json::Value> {
    let table = (0usize..8).prop_map(|n| {
        let seats = (0..n)
            .map(|i| SeatInfo {
                user: Some(UserId(i as u64 + 1)),
                name: format!("p{i}"),
                bot: None,
            })
            .collect();
        serde_json::to_value(Table::new(seats, Locale::En, false)).unwrap()
    });
    prop_oneof![
        4 => table,
        1 => Just(serde_json::json!({"seats": "many"})),
        1 => any::<i64>().prop_map(serde_json::Value::from),
    ]
}

/// The state a real game of `kind` has after set-up, cut short or with a byte changed.
fn snapshot_of(kind: &str, cut: usize, byte: Option<(usize, u8)>) -> String {
    let Some(kind) = GameKind::from_id(kind) else {
        return "{}".into();
    };
    let mut dice = crate::engine::SeededDice::new(3);
    let Ok(game) = kind.new_game(&serde_json::json!({}), *kind.players().start(), &mut dice) else {
        return "null".into();
    };
    let mut state = game.snapshot().into_bytes();
    if let Some((at, b)) = byte {
        let at = at % state.len();
        state[at] = b;
    }
    state.truncate(state.len() - cut % (state.len() + 1));
    String::from_utf8_lossy(&state).into_owned()
}

fn row() -> impl Strategy<Value = Row> {
    let ids: Vec<String> = GameKind::ALL.iter().map(|k| k.id().to_owned()).collect();
    let kind = prop_oneof![5 => prop::sample::select(ids), 1 => "[a-z]{0,8}"];
    let action = (
        "[a-z0-9:+~. -]{0,12}",
        0usize..6,
        prop::collection::vec(any::<u8>(), 0..6),
    )
        .prop_map(|(action, seat, dice)| LoggedAction { seat, action, dice });
    let snapshot = prop::option::weighted(
        0.4,
        (
            0usize..400,
            0usize..3,
            prop::option::of((any::<usize>(), any::<u8>())),
        ),
    );
    (
        kind,
        any::<bool>(),
        seats(),
        prop_oneof![
            Just(serde_json::json!({})),
            Just(serde_json::json!([1, 2])),
            Just(serde_json::Value::Null)
        ],
        prop::collection::vec(any::<u8>(), 0..16),
        snapshot,
        prop::collection::vec(action, 0..8),
    )
        .prop_map(|(kind, lobby, seats, options, setup_dice, snapshot, tail)| {
            let snapshot = snapshot.map(|(covers, cut, byte)| (covers, snapshot_of(&kind, cut, byte)));
            Row {
                kind,
                lobby,
                seats,
                options,
                setup_dice,
                snapshot,
                tail,
            }
        })
}

fn live(row: Row) -> LiveGame {
    LiveGame {
        row: GameRow {
            id: GameId(1),
            kind: row.kind,
            guild_id: Some(GuildId(1)),
            channel_id: CHANNEL,
            host_id: UserId(1),
            status: if row.lobby { Status::Lobby } else { Status::Playing },
            options: row.options,
            seats: row.seats,
            setup_dice: row.setup_dice,
            board_message_id: None,
            created_at: 0,
            updated_at: 0,
        },
        snapshot: row.snapshot.map(|(covers, state)| Snapshot { covers, state }),
        tail: row.tail,
    }
}

/// Cases per run: `SAIKORO_FUZZ_CASES`, or a few for an ordinary `cargo test`.
fn cases() -> u32 {
    std::env::var("SAIKORO_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(64)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// Whatever a row holds, it loads, or is refused with an error that names what is wrong
    /// in the catalogue's words (so it can be set aside); nothing panics or hangs.
    #[test]
    fn a_stored_row_of_any_shape_loads_or_is_refused_in_words(row in row()) {
        let lobby = row.lobby;
        match live::load_session(live(row), &crate::discord::DiscordMarkup) {
            Ok(session) => prop_assert_eq!(session.phase.game().is_none(), lobby),
            Err(e) => {
                let said = e.describe(&Tr::new(Locale::Ja, &[]));
                prop_assert!(crate::engine::text::has_message(&e.msg().id), "{e}");
                prop_assert!(!said.is_empty() && !said.contains("restore-"), "{said}");
            }
        }
    }
}

/// The record as a stored row: refused at once, with the reason, not replayed for ever.
#[test]
fn the_ninja_row_without_set_up_dice_is_refused() {
    let row = Row {
        kind: "ninja".into(),
        lobby: false,
        seats: serde_json::to_value(Table::new(
            ["a", "b"]
                .iter()
                .enumerate()
                .map(|(i, name)| SeatInfo {
                    user: Some(UserId(i as u64 + 1)),
                    name: (*name).into(),
                    bot: None,
                })
                .collect(),
            Locale::En,
            false,
        ))
        .unwrap(),
        options: serde_json::json!({}),
        setup_dice: vec![],
        snapshot: None,
        tail: vec![],
    };
    let refused = live::load_session(live(row), &crate::discord::DiscordMarkup).err();
    assert!(
        matches!(refused, Some(RestoreError::SetupDiceRanOut)),
        "{refused:?}"
    );
}
