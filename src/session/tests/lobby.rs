//! Lobbies, who may click, restarts and bots; arbitrary presses; other shards' games.

use super::*;

#[tokio::test]
async fn one_game_per_channel_but_threads_are_channels() {
    let (hub, out) = hub().await;
    started(&hub, &out).await;
    let again = open(&hub, CHANNEL, &user(3, "cho")).await;
    assert!(
        again.contains("already running") && again.contains("https://discord.com/channels/1/77/"),
        "{again}"
    );
    let thread = open(&hub, THREAD, &user(3, "cho")).await;
    assert!(thread.starts_with("Lobby opened"), "{thread}");
    assert_eq!(hub.play.index.active(), 2);
}

#[tokio::test]
async fn lobby_permissions() {
    let (hub, out) = hub().await;
    let ann = user(1, "ann");
    open(&hub, CHANNEL, &ann).await;
    let (_, lobby) = out.last(CHANNEL);
    let start = button(&lobby, "start");
    // Alone, without solitaire: not enough players.
    assert!(matches!(click(&hub, &out, &start, &ann).await, Reply::Private(t) if t.contains("At least 2")));
    let ben = user(2, "ben");
    assert!(
        matches!(click(&hub, &out, &start, &ben).await, Reply::Private(t) if t.contains("Only the host"))
    );
    assert!(
        matches!(click(&hub, &out, &button(&lobby, "leave"), &ben).await, Reply::Private(t) if t.contains("not in"))
    );
    assert!(matches!(
        click(&hub, &out, &button(&lobby, "join"), &ben).await,
        Reply::Update(_)
    ));
    assert!(
        matches!(click(&hub, &out, &button(&lobby, "join"), &ben).await, Reply::Private(t) if t.contains("already"))
    );
    assert!(matches!(
        click(&hub, &out, &button(&lobby, "cancel"), &ben).await,
        Reply::Private(_)
    ));
    let mut boss = user(9, "boss");
    boss.manager = true;
    assert!(
        matches!(click(&hub, &out, &button(&lobby, "cancel"), &boss).await, Reply::Update(p) if p.view.rows.is_empty())
    );
    assert_eq!(hub.play.index.active(), 0, "a cancelled lobby frees the channel");
}

#[tokio::test]
async fn who_may_click_and_stale_boards() {
    let (hub, out) = hub().await;
    let game = started(&hub, &out).await;
    let (_, board) = out.last(CHANNEL);
    assert!(
        board.content.as_deref().unwrap_or("").contains("<@"),
        "the first board pings"
    );
    assert_eq!(board.ping.len(), 1);
    let active = board.ping[0];
    let waiting = if active == UserId(1) { 2 } else { 1 };
    let roll = button(&board, "roll");

    let outsider = click(&hub, &out, &roll, &user(5, "eve")).await;
    assert!(
        matches!(&outsider, Reply::Private(t) if t.contains("not playing")),
        "{outsider:?}"
    );
    let not_yours = click(&hub, &out, &roll, &user(waiting, "x")).await;
    assert!(
        matches!(&not_yours, Reply::Private(t) if t.starts_with("Waiting for")),
        "{not_yours:?}"
    );
    let forged = click(&hub, &out, "sk:1:0:roll\u{0}", &user(active, "x")).await;
    assert!(matches!(forged, Reply::Private(_)));
    assert!(
        matches!(click(&hub, &out, "garbage", &user(active, "x")).await, Reply::Private(t) if t.contains("isn't one of mine"))
    );
    assert_eq!(log_len(&hub, game).await, 0, "refused clicks change nothing");

    // A double click: both arrive together, exactly one applies.
    let a = user(active, "x");
    let board_id = out.message_with(&roll);
    let route = match ids::decode(&roll, None) {
        Some(Route::Table(route)) => route,
        other => panic!("{other:?}"),
    };
    let (a1, a2) = (Answer::new(&out, &roll), Answer::new(&out, &roll));
    tokio::join!(
        hub.click(&route, board_id, &a, &a1),
        hub.click(&route, board_id, &a, &a2)
    );
    let (r1, r2) = (a1.reply(), a2.reply());
    let updates = [&r1, &r2]
        .iter()
        .filter(|r| matches!(r, Reply::Update(_)))
        .count();
    assert_eq!(updates, 1, "{r1:?} / {r2:?}");
    assert!(
        [&r1, &r2]
            .iter()
            .any(|r| matches!(r, Reply::Private(t) if t.contains("out of date")))
    );
    assert_eq!(log_len(&hub, game).await, 1);
    // The old version's button is stale now.
    assert!(matches!(click(&hub, &out, &roll, &a).await, Reply::Private(t) if t.contains("out of date")));
}

#[tokio::test]
async fn resign_ends_a_two_player_game_and_frees_the_channel() {
    let (hub, out) = hub().await;
    started(&hub, &out).await;
    let reply = hub.resign(cantstop(), CHANNEL, &user(1, "ann")).await;
    assert_eq!(reply, "You resigned.");
    assert_eq!(hub.play.index.active(), 0);
    let (_, last) = out.last(CHANNEL);
    assert!(last.content.unwrap().contains("ben wins"));
    assert_eq!(out.live_buttons(), 0, "no live buttons remain");
    let none = hub.resign(cantstop(), CHANNEL, &user(1, "ann")).await;
    assert!(none.contains("no game"), "{none}");
}

#[tokio::test]
async fn abandon_is_for_the_host_or_a_manager() {
    let (hub, out) = hub().await;
    started(&hub, &out).await;
    let refused = hub.abandon(cantstop(), CHANNEL, &user(2, "ben")).await;
    assert!(refused.contains("Only the host"), "{refused}");
    assert_eq!(hub.play.index.active(), 1);
    let done = hub.abandon(cantstop(), CHANNEL, &user(1, "ann")).await;
    assert_eq!(done, "The game is abandoned.");
    assert_eq!(hub.play.index.active(), 0);
    assert_eq!(out.live_buttons(), 0);
}

#[tokio::test]
async fn a_restart_keeps_games_and_old_buttons_work() {
    let dir = std::env::temp_dir().join(format!("saikoro-session-{}", rand::random::<u64>()));
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}", dir.join("games.db").display());
    let (hub, out) = hub_with(Store::connect(&url).await.unwrap());
    let game = started(&hub, &out).await;
    let (_, board) = out.last(CHANNEL);
    let active = board.ping[0];
    let roll = button(&board, "roll");
    let Reply::Update(after_roll) = click(&hub, &out, &roll, &user(active, "x")).await else {
        panic!()
    };
    drop(hub);

    let (hub, _) = hub_with(Store::connect(&url).await.unwrap());
    assert_eq!(hub.restore().await.unwrap(), 1);
    assert_eq!(log_len(&hub, game).await, 1, "the acknowledged roll survived");
    // A button from the board as it was before the restart still works.
    let next = button_ids(&after_roll)
        .into_iter()
        .next()
        .expect("a move or a bust");
    if !after_roll.view.rows.is_empty() {
        assert!(matches!(
            click(&hub, &out, &next, &user(active, "x")).await,
            Reply::Update(_)
        ));
        assert_eq!(log_len(&hub, game).await, 2);
    }
    std::fs::remove_dir_all(dir).ok();
}

#[tokio::test]
async fn a_person_can_play_bots_and_bots_take_their_turns() {
    let (hub, out) = hub().await;
    let ann = user(1, "ann");
    open(&hub, CHANNEL, &ann).await;
    let (_, lobby) = out.last(CHANNEL);
    // The lobby says what each bot level plays like (Can't Stop describes its levels).
    let normal = Tr::new(Locale::En, &[]).t("cantstop-bot-normal");
    assert!(lobby.view.fields.iter().any(|f| f.value.contains(&normal)));
    let Reply::Update(with_bot) = click(&hub, &out, &button(&lobby, "bot-normal"), &ann).await else {
        panic!()
    };
    assert!(with_bot.view.fields[0].value.contains("Bot 1"));
    let start = button(&with_bot, "start");
    assert!(matches!(click(&hub, &out, &start, &ann).await, Reply::Update(_)));
    // Whoever starts, within a few moments it is ann's turn on a live board that pings her.
    for _ in 0..200 {
        let (_, board) = out.last(CHANNEL);
        if board.ping == vec![UserId(1)] {
            assert!(!board.view.rows.is_empty());
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("the bot never handed the turn to ann");
}

#[tokio::test]
async fn every_lobby_and_board_fits_discord() {
    let (hub, out) = hub().await;
    started(&hub, &out).await;
    for (_, _, post) in out.messages.lock().unwrap().iter() {
        post.view.check_limits().unwrap();
        assert!(
            !format!("{post:?}").contains('⟦'),
            "missing catalogue message in {post:?}"
        );
        for row in &post.view.rows {
            for id in row.ids() {
                assert!(id.len() <= 100);
            }
        }
    }
}

proptest::proptest! {
    #![proptest_config(fuzz_config(16))]

    /// Presses by players and strangers of the live board's controls, with the id mangled or
    /// not: every press is answered, a refusal changes neither the game nor the store, and an
    /// accepted press adds at most one action to both.
    #[test]
    fn arbitrary_clicks_are_answered_and_refusals_change_nothing(
        presses in proptest::collection::vec(
            (1u64..4, proptest::prelude::any::<usize>(), proptest::prelude::any::<usize>(), proptest::collection::vec(proptest::prelude::any::<u8>(), 0..4)),
            1..40,
        ),
    ) {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(async {
            let (hub, out) = hub().await;
            let game = started(&hub, &out).await;
            for (who, pick, at, insert) in presses {
                let Some(board) = live_board(&out) else { break };
                let ids = button_ids(&board);
                let mut id = ids[pick % ids.len()].clone().into_bytes();
                if !insert.is_empty() {
                    let at = at % (id.len() + 1);
                    id.splice(at..at, insert);
                }
                let id = String::from_utf8_lossy(&id).into_owned();
                let before = log_lens(&hub, game).await;
                let reply = click(&hub, &out, &id, &user(who, "x")).await;
                let after = log_lens(&hub, game).await;
                match reply {
                    Reply::Private(text) => {
                        assert!(!text.is_empty());
                        assert_eq!(after, before, "refused `{id}` ({text}) changed the game");
                    }
                    Reply::Show(_) => assert_eq!(after, before, "a look `{id}` changed the game"),
                    Reply::Update(_) => {
                        let grew = after.0.zip(before.0).is_none_or(|(a, b)| a <= b + 1);
                        assert!(grew, "`{id}` applied more than one action: {before:?} → {after:?}");
                        // A finished game leaves the active ones; until then memory and store agree.
                        assert!(after.1.is_none() || after.1 == after.0, "`{id}`: {after:?}");
                    }
                }
            }
        });
    }
}

#[tokio::test]
async fn a_process_leaves_other_shards_games_alone() {
    let dir = std::env::temp_dir().join(format!("saikoro-shards-{}", rand::random::<u64>()));
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}", dir.join("games.db").display());
    let shard = |n| crate::shards::ShardRange::new(n, n, 2).unwrap();
    // Guild 1 is on shard 0 of 2 ((1 >> 22) % 2).
    let (owner, out) = hub_with(Store::connect_shards(&url, shard(0)).await.unwrap());
    let game = started(&owner, &out).await;
    let (other, _) = hub_with(Store::connect_shards(&url, shard(1)).await.unwrap());
    assert_eq!(
        other.restore().await.unwrap(),
        0,
        "shard 1 loads none of shard 0's games"
    );
    let ann = user(1, "ann");
    assert_eq!(owner.other_shard(Some(GuildId(1)), &ann), None);
    let Some(Reply::Private(refusal)) = other.other_shard(Some(GuildId(1)), &ann) else {
        panic!("a click from shard 0's guild is refused by shard 1");
    };
    assert!(refusal.contains("try again"), "{refusal}");
    assert!(other.other_shard(None, &ann).is_some(), "DMs are shard 0's");
    // A lobby in shard 0's guild cannot be opened by shard 1, even in another channel.
    let opened = open(&other, THREAD, &ann).await;
    assert!(opened.contains("Another part of the bot"), "{opened}");
    assert_eq!(other.play.index.active(), 0);
    assert_eq!(log_len(&owner, game).await, 0);
    std::fs::remove_dir_all(dir).ok();
}
