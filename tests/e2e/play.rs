//! End to end: playing the way people play (issue 29) through the real bot and the Discord
//! emulator — `/saikoro games` (where it is your turn, your lobbies and invitations, only in
//! channels you see), invitations and private lobbies, a game's own clock, and time off that
//! pauses a timeout across a restart until the player is back.

use crate::harness::*;
use saikoro_emulator::{ChannelId, Emulator, Message, UserId};
use serde_json::{Value, json};

fn mention(user: UserId) -> String {
    format!("<@{}>", user.get())
}

/// Opens a lobby of `game` with `options` as `host`; returns the lobby message.
async fn open_lobby(
    emu: &Emulator,
    channel: ChannelId,
    game: &str,
    host: UserId,
    options: &[(&str, Value)],
) -> Message {
    let answer = slash_with(emu, host, channel, &format!("{game} start"), options).await;
    assert!(answer.contains("Lobby opened"), "{answer}");
    emu.wait_for(WAIT, "the lobby", |e| live(e, channel)).await
}

#[tokio::test]
async fn the_games_list_shows_your_turn_your_lobbies_and_invitations_in_channels_you_see() {
    let emu = Emulator::start().await;
    let opts = BotOptions {
        turn_timeout_secs: 3 * 3600,
        ..BotOptions::default()
    };
    let _bot = Bot::start(&emu, workdir(), &opts).await;
    let (ann, ben, cat, dan) = (emu.user("ann"), emu.user("ben"), emu.user("cat"), emu.user("dan"));
    let dice = emu.text_channel();

    // Nobody has a game yet.
    let (empty, private) = ask_text(&emu, ann, dice, "saikoro games", &[]).await;
    assert!(empty.contains("aren't in any game"), "{empty}");
    assert!(private, "the list is for its reader alone");

    let first = start_game(&emu, dice, "cantstop", ann, &[ben]).await;
    let to_play = pinged(&first)[0];
    let waiting = if to_play == ann { ben } else { ann };
    // Cat invites Ann to a lobby in a channel she sees, and to one in a channel only Cat sees.
    let lounge = emu.add_text_channel("lounge");
    open_lobby(&emu, lounge, "ishigaki", cat, &[("players", json!(mention(ann)))]).await;
    let secret = emu.add_private_channel("secret", &[cat]);
    open_lobby(&emu, secret, "ninja", cat, &[("players", json!(mention(ann)))]).await;

    let (mine, _) = ask_text(&emu, to_play, dice, "saikoro games", &[]).await;
    let board_link = format!("/{}/{}", dice.get(), first.id);
    assert!(
        mine.contains("▶ Can't Stop") && mine.contains(&board_link),
        "{mine}"
    );
    assert!(mine.contains("your turn, time runs out <t:"), "{mine}");
    assert!(mine.contains(&mention(waiting)), "the other player: {mine}");

    let (theirs, _) = ask_text(&emu, waiting, dice, "saikoro games", &[]).await;
    assert!(!theirs.contains('▶') && theirs.contains(&board_link), "{theirs}");

    let (anns, _) = ask_text(&emu, ann, dice, "saikoro games", &[]).await;
    assert!(anns.contains("**Invitations**"), "{anns}");
    assert!(
        anns.contains(&format!("Ishigaki Race: {} invites you", mention(cat))),
        "{anns}"
    );
    assert!(
        !anns.contains("Ninja"),
        "a channel Ann cannot see stays hidden: {anns}"
    );
    assert!(
        anns.find("**Games**").unwrap() < anns.find("**Invitations**").unwrap(),
        "games in play first: {anns}"
    );

    // The host's list shows both lobbies (Cat sees both channels); Dan still has none.
    let (cats, _) = ask_text(&emu, cat, dice, "saikoro games", &[]).await;
    assert!(cats.contains("**Lobbies**") && cats.contains("Ninja"), "{cats}");
    let (dans, _) = ask_text(&emu, dan, dice, "saikoro games", &[]).await;
    assert!(dans.contains("aren't in any game"), "{dans}");

    // In Japanese.
    emu.set_locale(to_play, "ja");
    let (ja, _) = ask_text(&emu, to_play, dice, "saikoro games", &[]).await;
    assert!(ja.contains("あなたの番です") && ja.contains("対局中"), "{ja}");
    emu.assert_clean().await;
}

#[tokio::test]
async fn a_private_lobby_refuses_an_outsider_and_an_invited_player_declines() {
    let emu = Emulator::start().await;
    let _bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    let (ann, ben, cat, dan) = (emu.user("ann"), emu.user("ben"), emu.user("cat"), emu.user("dan"));
    let channel = emu.text_channel();

    // Bad invitations are refused whole, and open nothing.
    for (players, why) in [
        ("bot:genius", "I don't understand “bot:genius”"),
        ("@ben", "I don't understand “@ben”"),
        ("<@1> <@2> <@3> <@4>", "room for 3 besides you"),
    ] {
        let answer = slash_with(
            &emu,
            ann,
            channel,
            "cantstop start",
            &[("players", json!(players))],
        )
        .await;
        assert!(answer.contains(why), "{players}: {answer}");
    }
    let nobody = slash_with(&emu, ann, channel, "cantstop start", &[("private", json!(true))]).await;
    assert!(nobody.contains("needs someone invited"), "{nobody}");
    assert!(live(&emu, channel).is_none(), "nothing was opened");

    let players = format!("{} {} bot:easy", mention(ben), mention(cat));
    let lobby = open_lobby(
        &emu,
        channel,
        "cantstop",
        ann,
        &[("players", json!(players)), ("private", json!(true))],
    )
    .await;
    // The invited are pinged (and only they); the bot sits at once; the lobby says it is private.
    let mut invited = pinged(&lobby);
    invited.sort();
    let mut expected = vec![ben, cat];
    expected.sort();
    assert_eq!(invited, expected);
    let text = lobby.text();
    assert!(
        text.contains("Private: only the invited") && text.contains("Easy"),
        "{text}"
    );

    let join = button(&lobby, "join").unwrap();
    let (kind, refusal) = click(&emu, dan, lobby.message_id(), &join).await;
    assert_eq!(kind, callback_type::CHANNEL_MESSAGE_WITH_SOURCE);
    assert!(refusal.contains("This lobby is private"), "{refusal}");
    let decline = button(&lobby, "decline").unwrap();
    let (_, not_invited) = click(&emu, dan, lobby.message_id(), &decline).await;
    assert!(not_invited.contains("weren't invited"), "{not_invited}");

    // Cat declines: no longer expected. Ben joins into his kept seat; Ann starts.
    let (kind, _) = click(&emu, cat, lobby.message_id(), &decline).await;
    assert_eq!(kind, callback_type::UPDATE_MESSAGE);
    let lobby = emu.message(lobby.message_id()).unwrap();
    let embed = lobby.embeds[0].to_string();
    assert!(!embed.contains(&mention(cat)), "no longer expected: {embed}");
    let (kind, _) = click(&emu, ben, lobby.message_id(), &join).await;
    assert_eq!(kind, callback_type::UPDATE_MESSAGE);
    let lobby = emu.message(lobby.message_id()).unwrap();
    assert!(button(&lobby, "decline").is_none(), "nobody left to decline");
    let (kind, _) = click(&emu, ann, lobby.message_id(), &button(&lobby, "start").unwrap()).await;
    assert_eq!(kind, callback_type::UPDATE_MESSAGE);
    let board = emu
        .wait_for(WAIT, "the first board", |e| {
            live(e, channel).filter(|m| m.message_id() != lobby.message_id())
        })
        .await;
    assert!(playable(&board));
    emu.assert_clean().await;
}

#[tokio::test]
async fn a_games_own_clock_times_out_at_its_own_time_within_the_servers_bounds() {
    let emu = Emulator::start().await;
    let dir = workdir();
    // The server's timers are off: only the game with its own clock has a timeout.
    let bot = Bot::start(&emu, dir.clone(), &BotOptions::default()).await;
    let (ann, ben, boss) = (emu.user("ann"), emu.user("ben"), emu.admin("boss"));
    let (quick, slow) = (emu.text_channel(), emu.add_text_channel("slow"));

    // Outside the server's bounds, refused.
    let saved = slash_with(&emu, boss, quick, "saikoro-settings", &[("timer_min", json!(2))]).await;
    assert!(saved.contains("2 minutes to 30 days"), "{saved}");
    let refused = slash_with(&emu, ann, quick, "cantstop start", &[("turn_timer", json!(1))]).await;
    assert!(refused.contains("between 2 minutes and 30 days"), "{refused}");

    let lobby = open_lobby(&emu, quick, "cantstop", ann, &[("turn_timer", json!(3))]).await;
    assert!(lobby.text().contains("Turn timer: 3 minutes"), "{}", lobby.text());
    emu.wait_for(WAIT, "the lobby", |e| live(e, quick)).await;
    let (kind, _) = click(&emu, ben, lobby.message_id(), &button(&lobby, "join").unwrap()).await;
    assert_eq!(kind, callback_type::UPDATE_MESSAGE);
    let lobby = emu.message(lobby.message_id()).unwrap();
    click(&emu, ann, lobby.message_id(), &button(&lobby, "start").unwrap()).await;
    let board = emu
        .wait_for(WAIT, "the first board", |e| {
            live(e, quick).filter(|m| m.message_id() != lobby.message_id())
        })
        .await;
    let text = board.text();
    assert!(
        text.contains("⏱ Turn timer: 3 minutes") && text.contains("runs out <t:"),
        "{text}"
    );
    start_game(&emu, slow, "cantstop", ann, &[ben]).await;

    // Three minutes pass while the bot is down: the quick game times out, the other does not.
    bot.kill();
    age_games(&dir, 181).await;
    let _bot = Bot::start(&emu, dir, &BotOptions::default()).await;
    emu.wait_for(WAIT, "the quick game's timeout", |e| {
        e.channel(quick)
            .iter()
            .any(|m| m.content.contains("made their move for them"))
            .then_some(())
    })
    .await;
    let slow_text: String = emu
        .channel(slow)
        .iter()
        .map(saikoro_emulator::Message::text)
        .collect();
    assert!(!slow_text.contains("made their move"), "{slow_text}");
    emu.assert_clean().await;
}

#[tokio::test]
async fn time_off_pauses_a_timeout_across_a_restart_and_coming_back_resumes_it() {
    let emu = Emulator::start().await;
    let dir = workdir();
    let opts = BotOptions {
        turn_timeout_secs: 4,
        ..BotOptions::default()
    };
    let bot = Bot::start(&emu, dir.clone(), &opts).await;
    let (ann, ben) = (emu.user("ann"), emu.user("ben"));
    let channel = emu.text_channel();
    let first = start_game(&emu, channel, "cantstop", ann, &[ben]).await;
    let idle = pinged(&first)[0];

    for (until, why) in [
        ("2001-01-01", "has passed"),
        ("20d", "at most 14 days"),
        ("soon", "I don't understand “soon”"),
        ("off", "aren't away"),
    ] {
        let answer = slash_with(&emu, idle, channel, "saikoro away", &[("until", json!(until))]).await;
        assert!(answer.contains(why), "{until}: {answer}");
    }
    let away = slash_with(&emu, idle, channel, "saikoro away", &[("until", json!("2d"))]).await;
    assert!(
        away.contains("You are away until <t:") && away.contains("your 1 games"),
        "{away}"
    );
    let board = emu.message(first.message_id()).unwrap();
    assert!(board.text().contains("is away until <t:"), "{}", board.text());

    // Long past the timeout while the bot is down: the game still waits for its player.
    bot.kill();
    age_games(&dir, 60).await;
    let _bot = Bot::start(&emu, dir, &opts).await;
    let (list, _) = ask_text(&emu, idle, channel, "saikoro games", &[]).await;
    assert!(list.contains("▶ Can't Stop"), "{list}");
    let timed_out = |e: &Emulator| {
        e.channel(channel)
            .iter()
            .any(|m| m.content.contains("made their move for them"))
            .then_some(())
    };
    assert!(timed_out(&emu).is_none(), "paused by the time off");

    // Back early: the clock runs again from now, and the timeout comes.
    let back = slash_with(&emu, idle, channel, "saikoro away", &[("until", json!("off"))]).await;
    assert!(back.contains("Welcome back"), "{back}");
    emu.wait_for(WAIT, "the timeout after coming back", timed_out)
        .await;
    emu.assert_clean().await;
}

#[tokio::test]
async fn commands_are_registered_with_japanese_names_as_discord_accepts_them() {
    let emu = Emulator::start().await;
    let _bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    let commands = emu.registered_commands();
    let ja = |item: &Value| item["name_localizations"]["ja"].as_str().map(str::to_owned);
    let saikoro = commands.iter().find(|c| c["name"] == "saikoro").unwrap();
    assert_eq!(ja(saikoro).as_deref(), Some("さいころ"));
    let sub = |command: &Value, name: &str| {
        command["options"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["name"] == name)
            .cloned()
            .unwrap()
    };
    assert_eq!(ja(&sub(saikoro, "games")).as_deref(), Some("ゲーム一覧"));
    assert_eq!(
        ja(&sub(&sub(saikoro, "away"), "until")).as_deref(),
        Some("いつまで")
    );
    let settings = commands.iter().find(|c| c["name"] == "saikoro-settings").unwrap();
    assert_eq!(ja(settings).as_deref(), Some("さいころ設定"));
    assert_eq!(ja(&sub(settings, "threads")).as_deref(), Some("スレッド"));
    let cantstop = commands.iter().find(|c| c["name"] == "cantstop").unwrap();
    let start = sub(cantstop, "start");
    assert_eq!(ja(&start).as_deref(), Some("開始"));
    assert_eq!(ja(&sub(&start, "players")).as_deref(), Some("招待"));
    // The emulator refuses what Discord would: nothing failed on the way.
    emu.assert_clean().await;
}
