//! What is kept per player: rematches, quotas, forget-me, quarantine, time off and invitations.

use super::*;

on_backends!([sqlite_memory: SqliteMemory, sqlite_file: SqliteFile, postgres: Postgres]
    a_rematch_stays_taken_when_its_lobby_closes_unstarted,
    hosted_games_and_open_lobbies_are_counted,
    a_users_games_are_found_by_key_and_forgotten_in_full,
    a_quarantined_game_leaves_the_index_and_the_due_games,
    time_off_is_kept_per_server_and_forget_me_removes_it,
    a_players_live_games_include_the_lobbies_they_are_invited_to,
);

on_backends!([sqlite_file: SqliteFile, postgres: Postgres]
    the_user_games_migration_back_fills_hosts_seats_and_results,
);

async fn a_rematch_stays_taken_when_its_lobby_closes_unstarted(db: TestDb) {
    let store = &db.store;
    let of = insert(store, &game("cantstop", 1)).await;
    let lobby = store
        .insert_rematch(&game("cantstop", 1), of.id)
        .await
        .expect("insert")
        .expect("the first rematch");
    let cancelled = GameRow {
        status: Status::Abandoned,
        updated_at: 8,
        ..load(store, lobby).await.row
    };
    store.update_game(&cancelled, None).await.expect("cancel");
    assert!(store.has_rematch(of.id).await.expect("read"));
    let again = store.insert_rematch(&game("cantstop", 1), of.id).await;
    assert_eq!(again.expect("insert"), None);
    // The refused lobby was rolled back.
    assert_eq!(active_ids(&store.load_active().await.expect("load")), vec![of.id]);
}

async fn hosted_games_and_open_lobbies_are_counted(db: TestDb) {
    let store = &db.store;
    let (ann, ben) = (UserId(42), UserId(7));
    let elsewhere = GuildId(GUILD.get() + (1 << 22));
    insert(store, &game("cantstop", 1)).await;
    let playing = GameRow {
        status: Status::Playing,
        ..game("ishigaki", 2)
    };
    insert(store, &playing).await;
    let ended = insert(store, &game("saizumi", 3)).await;
    let ended = GameRow {
        status: Status::Abandoned,
        ..ended
    };
    store.update_game(&ended, None).await.expect("abandon");
    let bens = GameRow {
        host_id: ben,
        guild_id: Some(elsewhere),
        ..game("stones", 4)
    };
    insert(store, &bens).await;

    // Ann hosts a lobby and a game in play; the abandoned game counts no more.
    assert_eq!(store.count_hosted(ann).await.expect("count"), 2);
    assert_eq!(store.count_hosted(ben).await.expect("count"), 1);
    assert_eq!(store.count_hosted(UserId(3)).await.expect("count"), 0);
    // Lobbies only, per server.
    assert_eq!(store.count_lobbies(GUILD).await.expect("count"), 1);
    assert_eq!(store.count_lobbies(elsewhere).await.expect("count"), 1);
}

/// A session's table of seats, as the bot stores it: the users' ids and names.
fn table(users: &[(u64, &str)]) -> serde_json::Value {
    let seats: Vec<_> = users
        .iter()
        .map(|(id, name)| json!({"user": id, "name": name}))
        .collect();
    json!({"seats": seats, "locale": "en", "lobby_expires_at": 0})
}

async fn games_of(store: &Store, player: &str) -> Vec<GameId> {
    let games = store.games_of(player).await.expect("games of");
    games.iter().map(|g| g.id).collect()
}

/// Games are found by their host, their seats as inserted and as updated, and their results;
/// forgetting takes the user off every one (host, ended seats, results, figures) and leaves
/// live seats to their sessions and other players alone.
async fn a_users_games_are_found_by_key_and_forgotten_in_full(db: TestDb) {
    let store = &db.store;
    let hosted = insert(
        store,
        &GameRow {
            host_id: UserId(7),
            seats: table(&[(7, "ann"), (8, "ben")]),
            ..game("cantstop", 1)
        },
    )
    .await;
    let mut joined = insert(
        store,
        &GameRow {
            seats: table(&[(9, "cat")]),
            ..game("cantstop", 2)
        },
    )
    .await;
    assert_eq!(games_of(store, "7").await, vec![hosted.id]);
    assert_eq!(games_of(store, "8").await, vec![hosted.id]);
    assert_eq!(games_of(store, "42").await, vec![joined.id], "the host");
    assert!(games_of(store, "ann").await.is_empty(), "names are not keys");
    joined.seats = table(&[(9, "cat"), (7, "ann")]);
    store.update_game(&joined, None).await.expect("ann joins");
    assert_eq!(games_of(store, "7").await, vec![hosted.id, joined.id]);

    let finished = Finish {
        guild: Some(GUILD),
        kind: "cantstop".into(),
        seats: vec![
            saikoro::store::SeatResult {
                player: "7".into(),
                place: 1,
                won: true,
                resigned: false,
                turns: None,
            },
            saikoro::store::SeatResult {
                player: "8".into(),
                place: 2,
                won: false,
                resigned: false,
                turns: None,
            },
        ],
        rated: true,
    };
    store
        .finish_game(hosted.id, 0, &action(0, "stop", &[]), 100, &finished)
        .await
        .expect("finish");
    assert!(
        store
            .standing(Some(GUILD), "cantstop", "7")
            .await
            .unwrap()
            .is_some()
    );

    let forget = |seats: &serde_json::Value| Some(json!({"forgot": seats["seats"].as_array().map(Vec::len)}));
    assert_eq!(
        store.forget_player("7", forget).await.expect("forget"),
        1,
        "one result"
    );
    let ended = load(store, hosted.id).await.row;
    assert_eq!((ended.host_id, ended.seats), (UserId(0), json!({"forgot": 2})));
    let live = load(store, joined.id).await.row;
    assert_eq!(
        live.seats, joined.seats,
        "a live game's seats are its session's to change"
    );
    assert_eq!(
        games_of(store, "7").await,
        vec![joined.id],
        "only a live game stays"
    );
    assert_eq!(
        games_of(store, "8").await,
        vec![hosted.id],
        "the others keep theirs"
    );
    assert!(
        store
            .standing(Some(GUILD), "cantstop", "7")
            .await
            .unwrap()
            .is_none()
    );
    assert!(store.summaries(Some(GUILD), "7").await.unwrap().is_empty());
    assert!(store.head_to_head(Some(GUILD), "8", 5).await.unwrap().is_empty());
    let recent = store.recent_games(Some(GUILD), None, 5).await.unwrap();
    let players: Vec<&str> = recent.iter().map(|r| r.player.as_str()).collect();
    assert_eq!(players, ["anon", "8"]);
    // A forget repeated (a stale confirmation) finds nothing left.
    assert_eq!(store.forget_player("7", forget).await.expect("again"), 0);
}

/// A database from before `user_games` (migration 0070 undone on a second connection) gets it
/// back-filled from every game's host and seats, a rematch's seats and the results.
async fn the_user_games_migration_back_fills_hosts_seats_and_results(db: TestDb) {
    let first = insert(
        &db.store,
        &GameRow {
            seats: table(&[(7, "ann")]),
            ..game("cantstop", 1)
        },
    )
    .await;
    let undo = if db.backend == Backend::Postgres {
        "DROP TABLE user_games; DROP TRIGGER user_games_inserted ON games; \
         DROP TRIGGER user_games_updated ON games; DROP TRIGGER user_games_result ON results; \
         DROP FUNCTION note_user_games(); DROP FUNCTION note_user_result(); \
         DROP FUNCTION users_named(BIGINT, TEXT); DELETE FROM _sqlx_migrations WHERE version = 70"
    } else {
        "DROP TRIGGER user_games_inserted; DROP TRIGGER user_games_updated; \
         DROP TRIGGER user_games_result; DROP TABLE user_games; \
         DELETE FROM _sqlx_migrations WHERE version = 70"
    };
    db.execute(undo).await;
    let mut rematch = table(&[(8, "ben")]);
    rematch["rematch"] = json!({"of": first.id.get(), "seats": [{"user": 9, "name": "cat"}]});
    db.execute(&format!(
        "INSERT INTO games (kind, guild_id, channel_id, host_id, status, options, seats, setup_dice, \
         created_at, updated_at) VALUES ('cantstop', 1, 2, 11, 'lobby', '{{}}', '{rematch}', '', 0, 0); \
         INSERT INTO games (kind, guild_id, channel_id, host_id, status, options, seats, setup_dice, \
         created_at, updated_at) VALUES ('cantstop', 1, 3, 12, 'finished', '{{}}', 'not json', '', 0, 0); \
         INSERT INTO results (game_id, seat, guild_id, kind, player, place, won, resigned, finished_at) \
         VALUES ({id}, 0, 1, 'cantstop', '10', 1, TRUE, FALSE, 0), \
         ({id}, 1, 1, 'cantstop', 'bot:normal', 2, FALSE, FALSE, 0)",
        id = first.id.get()
    ))
    .await;
    let db = db.reopen().await;
    let store = &db.store;
    let of = |player: &'static str| games_of(store, player);
    let second = GameId(first.id.get() + 1);
    let third = GameId(first.id.get() + 2);
    assert_eq!(of("7").await, vec![first.id], "a seat");
    assert_eq!(of("42").await, vec![first.id], "a host");
    assert_eq!(
        (of("8").await, of("9").await, of("11").await),
        (vec![second], vec![second], vec![second])
    );
    assert_eq!(of("12").await, vec![third], "seats that are not JSON name no one");
    assert_eq!(of("10").await, vec![first.id], "a result");
    assert!(of("bot:normal").await.is_empty());
}

/// A game whose record does not rebuild is set aside: out of the index, the due games and
/// `load_active` for good (a reschedule does not bring it back), its rows kept; the others stay.
async fn a_quarantined_game_leaves_the_index_and_the_due_games(db: TestDb) {
    let store = &db.store;
    let broken = insert(store, &game("ninja", 1)).await;
    let sound = insert(store, &game("cantstop", 2)).await;
    let ended = insert(store, &game("cantstop", 3)).await;
    for row in [&broken, &sound] {
        let playing = GameRow {
            status: Status::Playing,
            ..row.clone()
        };
        store.update_game(&playing, Some(100)).await.unwrap();
    }
    let abandoned = GameRow {
        status: Status::Abandoned,
        ..ended.clone()
    };
    store.update_game(&abandoned, None).await.unwrap();
    assert_eq!(store.load_quarantined().await.unwrap(), vec![]);

    store
        .quarantine(broken.id, "the set-up dice ran out")
        .await
        .unwrap();
    store
        .quarantine(ended.id, "an ended game is left alone")
        .await
        .unwrap();
    let index: Vec<(GameId, String)> = store
        .load_index()
        .await
        .unwrap()
        .into_iter()
        .map(|game| (game.id, game.kind))
        .collect();
    assert_eq!(index, vec![(sound.id, "cantstop".to_owned())]);
    assert_eq!(store.load_quarantined().await.unwrap(), vec![broken.id]);
    assert_eq!(active_ids(&store.load_active().await.unwrap()), vec![sound.id]);
    assert_eq!(
        store.due_games(1_000, GameId(0), 10).await.unwrap(),
        vec![(sound.id, 100)]
    );
    store.reschedule(None, Some(5)).await.unwrap();
    let due: Vec<GameId> = store
        .due_games(i64::MAX, GameId(0), 10)
        .await
        .unwrap()
        .into_iter()
        .map(|(id, _)| id)
        .collect();
    assert_eq!(due, vec![sound.id], "a reschedule leaves it out");
    assert_eq!(
        load(store, broken.id).await.row.kind,
        "ninja",
        "its rows are kept"
    );
}

async fn time_off_is_kept_per_server_and_forget_me_removes_it(db: TestDb) {
    use saikoro::store::AwayRow;
    let store = &db.store;
    let ann = UserId(7);
    assert_eq!(store.away_of(GUILD, ann).await.unwrap(), None);
    let away = AwayRow {
        until: 1_700_086_400,
        back_at: None,
    };
    store.set_away(GUILD, ann, away).await.unwrap();
    assert_eq!(store.away_of(GUILD, ann).await.unwrap(), Some(away));
    assert_eq!(store.away_of(GuildId(99), ann).await.unwrap(), None, "per server");
    assert_eq!(store.away_of(GUILD, UserId(8)).await.unwrap(), None, "per player");
    let back = AwayRow {
        back_at: Some(1_700_000_100),
        ..away
    };
    store.set_away(GUILD, ann, back).await.unwrap();
    assert_eq!(store.away_of(GUILD, ann).await.unwrap(), Some(back), "replaced");
    store.forget_player("7", |_| None).await.unwrap();
    assert_eq!(store.away_of(GUILD, ann).await.unwrap(), None, "forgotten");
}

async fn a_players_live_games_include_the_lobbies_they_are_invited_to(db: TestDb) {
    let store = &db.store;
    let table = |invited: u64| {
        json!({"seats": [{"user": 42, "name": "host"}], "locale": "en", "lobby_expires_at": 0,
               "invited": [{"user": invited, "name": ""}]})
    };
    let invited = insert(
        store,
        &GameRow {
            seats: table(7),
            ..game("cantstop", 1)
        },
    )
    .await;
    let elsewhere = insert(
        store,
        &GameRow {
            seats: table(7),
            guild_id: Some(GuildId(99)),
            ..game("cantstop", 2)
        },
    )
    .await;
    let ended = insert(
        store,
        &GameRow {
            seats: table(7),
            ..game("cantstop", 3)
        },
    )
    .await;
    store
        .update_game(
            &GameRow {
                status: Status::Abandoned,
                ..ended.clone()
            },
            None,
        )
        .await
        .unwrap();
    let others = insert(
        store,
        &GameRow {
            seats: table(8),
            ..game("cantstop", 4)
        },
    )
    .await;
    assert_eq!(
        store.live_games_of(GUILD, "7", 10).await.unwrap(),
        vec![invited.id]
    );
    assert_eq!(
        store.live_games_of(GUILD, "42", 10).await.unwrap(),
        vec![others.id, invited.id],
        "the host's, newest first"
    );
    assert_eq!(
        store.live_games_of(GUILD, "42", 1).await.unwrap(),
        vec![others.id]
    );
    assert_eq!(
        store.live_games_of(GuildId(99), "7", 10).await.unwrap(),
        vec![elsewhere.id]
    );
}
