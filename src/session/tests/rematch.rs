//! Rematches and forget-me.

use super::*;

/// A Rematch click as Discord delivers it: served by the records, answered privately.
async fn rematch(hub: &Arc<Tables>, custom_id: &str, who: &User) -> String {
    let Some(Route::Records(route)) = ids::decode(custom_id, None) else {
        return Tr::new(who.locale, &[]).t("click-unknown");
    };
    match hub.records().click(route, Some(GuildId(1)), who, &SeesAll).await {
        Reply::Private(text) => text,
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn rematch_opens_one_lobby_with_the_seats_rotated_and_refuses_the_rest() {
    let dir = std::env::temp_dir().join(format!("saikoro-rematch-{}", rand::random::<u64>()));
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}", dir.join("games.db").display());
    let (hub, out) = hub_with(Store::connect(&url).await.unwrap());
    let (ann, ben, cat) = (user(1, "ann"), user(2, "ben"), user(3, "cat"));
    let game = started(&hub, &out).await;
    // An abandoned game has no Rematch, and a forged click for it opens nothing.
    hub.abandon(cantstop(), CHANNEL, &ann).await;
    let (_, abandoned) = out.last(CHANNEL);
    assert!(button_ids(&abandoned).is_empty());
    let forged = format!("rm:{game}");
    assert!(
        rematch(&hub, &forged, &ann)
            .await
            .contains("can't be played again")
    );
    assert_eq!(hub.play.index.active(), 0);

    let game = started(&hub, &out).await;
    hub.resign(cantstop(), CHANNEL, &ann).await;
    let (_, last) = out.last(CHANNEL);
    assert!(last.content.as_deref().unwrap().contains("ben wins"));
    assert_eq!(button_ids(&last), vec![format!("rm:{game}")]);
    let id = &button_ids(&last)[0];
    let posted = out.messages.lock().unwrap().len();
    // Someone who did not play, an unknown game, another server: nothing is created.
    assert!(rematch(&hub, id, &cat).await.contains("Only the players"));
    assert!(
        rematch(&hub, "rm:999", &ben)
            .await
            .contains("can't be played again")
    );
    let Some(Route::Records(route)) = ids::decode(id, None) else {
        panic!("a rematch's id")
    };
    let elsewhere = hub.records().click(route, Some(GuildId(2)), &ben, &SeesAll).await;
    assert!(matches!(elsewhere, Reply::Private(t) if t.contains("can't be played again")));
    assert_eq!(
        (hub.play.index.active(), out.messages.lock().unwrap().len()),
        (0, posted)
    );

    // Ben asks: the old seat 2 (ben) is seat 1 now; ann is expected and pinged.
    assert!(rematch(&hub, id, &ben).await.starts_with("Lobby opened"));
    let (_, lobby) = out.last(CHANNEL);
    assert_eq!(lobby.ping, vec![UserId(1)]);
    assert!(lobby.content.as_deref().unwrap().contains("<@1>"));
    let expected = lobby.view.fields.iter().find(|f| f.name == "Expected").unwrap();
    assert_eq!(expected.value, "<@1>");
    // A second click, by anyone, opens nothing more.
    assert!(rematch(&hub, id, &ann).await.contains("already opened"));
    assert_eq!(hub.play.index.active(), 1);

    let Reply::Update(joined) = click(&hub, &out, &button(&lobby, "join"), &ann).await else {
        panic!()
    };
    assert!(!joined.view.fields.iter().any(|f| f.name == "Expected"));
    let start = button(&joined, "start");
    assert!(matches!(click(&hub, &out, &start, &ben).await, Reply::Update(_)));
    let new_game = game_of(&start);
    let seats = hub
        .play
        .index
        .live(new_game)
        .await
        .unwrap()
        .unwrap()
        .table
        .seats
        .clone();
    let order: Vec<_> = seats.iter().map(|s| s.user).collect();
    assert_eq!(order, vec![Some(UserId(2)), Some(UserId(1))]);

    // The rematch is remembered by the store: a fresh hub refuses it too.
    drop(hub);
    let (hub, _) = hub_with(Store::connect(&url).await.unwrap());
    hub.restore().await.unwrap();
    hub.abandon(cantstop(), CHANNEL, &ben).await;
    assert!(rematch(&hub, id, &ann).await.contains("already opened"));
    std::fs::remove_dir_all(dir).ok();
}

#[tokio::test]
async fn a_rematch_is_opened_once_even_if_its_lobby_closes_before_it_starts() {
    let (dir, url) = temp_db("rematch");
    let (hub, out) = hub_with(Store::connect(&url).await.unwrap());
    let (ann, ben) = (user(1, "ann"), user(2, "ben"));
    let posted = || out.messages.lock().unwrap().len();

    // Its host cancels the lobby: asking again opens nothing and pings nobody.
    let game = started(&hub, &out).await;
    hub.resign(cantstop(), CHANNEL, &ann).await;
    let id = format!("rm:{game}");
    assert!(rematch(&hub, &id, &ben).await.starts_with("Lobby opened"));
    assert_eq!(
        hub.abandon(cantstop(), CHANNEL, &ben).await,
        "The game is abandoned."
    );
    let before = posted();
    let again = rematch(&hub, &id, &ben).await;
    assert!(again.contains("already opened"), "{again}");
    assert_eq!((hub.play.index.active(), posted()), (0, before));

    // Nobody joined in time: the lobby expires, and the rematch stays used, after a restart too.
    let game = started(&hub, &out).await;
    hub.resign(cantstop(), CHANNEL, &ann).await;
    let id = format!("rm:{game}");
    assert!(rematch(&hub, &id, &ben).await.starts_with("Lobby opened"));
    let mut expiring = hub
        .play
        .index
        .in_channel(CHANNEL)
        .await
        .unwrap()
        .expect("the lobby is live");
    hub.play.expire_lobby(&mut expiring).await;
    drop(expiring);
    assert_eq!(hub.play.index.active(), 0);
    drop(hub);
    let (hub, _) = hub_with(Store::connect(&url).await.unwrap());
    hub.restore().await.unwrap();
    let before = posted();
    let again = rematch(&hub, &id, &ann).await;
    assert!(again.contains("already opened"), "{again}");
    assert_eq!((hub.play.index.active(), posted()), (0, before));
    std::fs::remove_dir_all(dir).ok();
}

#[tokio::test]
async fn forget_me_takes_the_name_out_of_finished_games_their_replays_and_lobbies() {
    let (hub, out) = hub().await;
    let game = started(&hub, &out).await;
    hub.resign(cantstop(), CHANNEL, &user(1, "ann")).await;
    let ben = user(2, "ben");
    let records = hub.records();
    let replay = || records.replay(Some(GuildId(1)), None, game, None, &ben, &SeesAll);
    assert!(replay().await.unwrap().content.unwrap().contains("ben wins"));
    // A lobby ben hosts elsewhere is cancelled: he leaves it.
    hub.open_lobby(cantstop(), place(THREAD), &ben, serde_json::json!({}), false)
        .await;

    let confirm = ids::RecordRoute::ForgetMe { user: ben.id };
    match records.click(confirm, Some(GuildId(1)), &ben, &SeesAll).await {
        Reply::Update(done) => assert!(done.view.description.contains('1'), "{done:?}"),
        other => panic!("forget-me is done: {other:?}"),
    }
    let after = replay().await.unwrap();
    assert!(
        after.content.as_deref().unwrap().contains("someone wins"),
        "{after:?}"
    );
    assert!(!format!("{after:?}").contains("ben"), "{after:?}");
    assert!(
        format!("{after:?}").contains("ann"),
        "the others keep their names"
    );
    let stored = hub
        .play
        .store
        .load_game(game)
        .await
        .unwrap()
        .unwrap()
        .row
        .seats
        .to_string();
    assert!(
        !stored.contains("ben") && !stored.contains(r#""user":2"#),
        "{stored}"
    );
    assert!(hub.play.store.load_active().await.unwrap().is_empty());
}
