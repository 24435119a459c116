//! End to end: the limits against abuse through the real bot and the Discord emulator. A
//! rematch pings its players once; users and channels over their rates, hosts and servers over
//! their quotas, and a server whose bots already play alone are refused privately with nothing
//! changed; a re-posted board pings the awaited player only once in a while.

use crate::harness::*;
use saikoro_emulator::{ChannelId, Emulator, Message, MessageId, UserId};

/// The limits a test sets, every other one off.
fn limits(only: &'static str) -> BotOptions {
    BotOptions {
        limits: only,
        ..BotOptions::default()
    }
}

/// The messages posted after `after` (the channel's, and private answers) that notified `user`.
fn pings_of(emu: &Emulator, user: UserId, after: MessageId) -> Vec<Message> {
    emu.pinging_messages()
        .into_iter()
        .filter(|m| m.message_id().0 > after.0 && pinged(m).contains(&user))
        .collect()
}

/// Ben resigns the Can't Stop game Ann and he play in `channel`; the final board with its
/// Rematch button.
async fn finished(emu: &Emulator, channel: ChannelId, ben: UserId) -> Message {
    let answer = slash(emu, ben, channel, "cantstop resign").await;
    assert!(answer.contains("resigned"), "{answer}");
    emu.wait_for(WAIT, "the final board", |e| {
        end_message(e, channel).filter(|m| !m.custom_ids().is_empty())
    })
    .await
}

#[tokio::test]
async fn a_rematch_pings_its_players_once_even_when_its_lobby_is_cancelled() {
    let emu = Emulator::start().await;
    let _bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    let (ann, ben) = (emu.user("ann"), emu.user("ben"));
    let channel = emu.text_channel();
    start_game(&emu, channel, "cantstop", ann, &[ben]).await;
    let end = finished(&emu, channel, ben).await;
    let rematch = end.custom_ids()[0].clone();

    let (_, text) = click(&emu, ann, end.message_id(), &rematch).await;
    assert!(text.contains("Lobby opened"), "{text}");
    let lobby = emu
        .wait_for(WAIT, "the rematch lobby", |e| live(e, channel))
        .await;
    assert_eq!(pinged(&lobby), vec![ben]);
    let (kind, _) = click(&emu, ann, lobby.message_id(), &button(&lobby, "cancel").unwrap()).await;
    assert_eq!(kind, callback_type::UPDATE_MESSAGE, "its host cancels it");
    assert!(live(&emu, channel).is_none());

    // Asked again, by its host or by the one it pinged: refused, and nobody is pinged.
    for who in [ann, ben, ann] {
        let (kind, text) = click(&emu, who, end.message_id(), &rematch).await;
        assert_eq!(kind, callback_type::CHANNEL_MESSAGE_WITH_SOURCE);
        assert!(text.contains("already opened"), "{text}");
    }
    assert!(live(&emu, channel).is_none(), "no lobby opened again");
    assert_eq!(pings_of(&emu, ben, end.message_id()).len(), 1, "one ping in all");
    emu.assert_clean().await;
}

#[tokio::test]
async fn a_user_over_the_rate_is_told_when_to_try_again_and_nothing_changes() {
    let emu = Emulator::start().await;
    // Three commands or clicks at once, then one a minute.
    let _bot = Bot::start(&emu, workdir(), &limits("user_burst = 3\nuser_per_minute = 1\n")).await;
    let (ann, ben) = (emu.user("ann"), emu.user("ben"));
    let channel = emu.text_channel();
    let opened = slash(&emu, ann, channel, "cantstop start").await;
    assert!(opened.contains("Lobby opened"), "{opened}");
    let lobby = emu.wait_for(WAIT, "the lobby", |e| live(e, channel)).await;
    let add = button(&lobby, "bot-normal").unwrap();
    for _ in 0..2 {
        let (kind, _) = click(&emu, ann, lobby.message_id(), &add).await;
        assert_eq!(kind, callback_type::UPDATE_MESSAGE, "a bot joins");
    }
    let seated = emu.message(lobby.message_id()).unwrap();
    let posted = emu.channel(channel).len();

    // A click and a command over the rate: a private answer, the lobby as it was.
    let (kind, text) = click(&emu, ann, lobby.message_id(), &add).await;
    assert_eq!(kind, callback_type::CHANNEL_MESSAGE_WITH_SOURCE);
    assert!(
        text.contains("a little fast") && text.contains("try again <t:"),
        "{text}"
    );
    for command in ["cantstop board", "saikoro stats"] {
        let answer = slash(&emu, ann, channel, command).await;
        assert!(answer.contains("a little fast"), "{command}: {answer}");
    }
    assert_eq!(emu.message(lobby.message_id()).unwrap(), seated);
    assert_eq!(emu.channel(channel).len(), posted, "no board re-posted");

    // Others are not slowed by Ann; in Japanese the answer is Japanese.
    let (kind, _) = click(&emu, ben, lobby.message_id(), &button(&lobby, "join").unwrap()).await;
    assert_eq!(kind, callback_type::UPDATE_MESSAGE);
    emu.set_locale(ann, "ja");
    let full = emu.message(lobby.message_id()).unwrap();
    let start = button(&full, "start").unwrap();
    let (_, text) = click(&emu, ann, lobby.message_id(), &start).await;
    assert!(text.contains("操作が少し速すぎる"), "{text}");
    assert_eq!(
        emu.message(lobby.message_id()).unwrap(),
        full,
        "the game did not start"
    );
    emu.assert_clean().await;
}

#[tokio::test]
async fn a_busy_channel_slows_everyone_in_it_and_no_one_elsewhere() {
    let emu = Emulator::start().await;
    let _bot = Bot::start(
        &emu,
        workdir(),
        &limits("channel_burst = 2\nchannel_per_minute = 1\n"),
    )
    .await;
    let (ann, ben, cat) = (emu.user("ann"), emu.user("ben"), emu.user("cat"));
    let (channel, other) = (emu.text_channel(), emu.add_text_channel("other"));
    assert!(
        slash(&emu, ann, channel, "cantstop start")
            .await
            .contains("Lobby opened")
    );
    let lobby = emu.wait_for(WAIT, "the lobby", |e| live(e, channel)).await;
    let join = button(&lobby, "join").unwrap();
    let (kind, _) = click(&emu, ben, lobby.message_id(), &join).await;
    assert_eq!(kind, callback_type::UPDATE_MESSAGE);
    let before = emu.message(lobby.message_id()).unwrap();
    let (kind, text) = click(&emu, cat, lobby.message_id(), &join).await;
    assert_eq!(kind, callback_type::CHANNEL_MESSAGE_WITH_SOURCE);
    assert!(text.contains("a little fast"), "{text}");
    assert_eq!(
        emu.message(lobby.message_id()).unwrap(),
        before,
        "cat did not join"
    );
    let elsewhere = slash(&emu, cat, other, "cantstop start").await;
    assert!(elsewhere.contains("Lobby opened"), "{elsewhere}");
    emu.assert_clean().await;
}

#[tokio::test]
async fn a_host_and_a_server_have_room_for_so_many_lobbies() {
    let emu = Emulator::start().await;
    let _bot = Bot::start(
        &emu,
        workdir(),
        &limits("games_per_user = 2\nlobbies_per_server = 3\n"),
    )
    .await;
    let (ann, ben, cat) = (emu.user("ann"), emu.user("ben"), emu.user("cat"));
    let channels: Vec<ChannelId> = (0..5).map(|i| emu.add_text_channel(&format!("t{i}"))).collect();
    for c in &channels[..2] {
        assert!(
            slash(&emu, ann, *c, "cantstop start")
                .await
                .contains("Lobby opened")
        );
    }
    let refused = slash(&emu, ann, channels[2], "cantstop start").await;
    assert!(refused.contains("already host 2 unfinished games"), "{refused}");
    assert!(emu.channel(channels[2]).is_empty(), "no lobby posted");

    assert!(
        slash(&emu, ben, channels[2], "cantstop start")
            .await
            .contains("Lobby opened")
    );
    let refused = slash(&emu, cat, channels[3], "cantstop start").await;
    assert!(refused.contains("already has 3 open lobbies"), "{refused}");
    assert!(emu.channel(channels[3]).is_empty(), "no lobby posted");

    // A lobby that closes makes room for another.
    assert!(
        slash(&emu, ann, channels[0], "cantstop abandon")
            .await
            .contains("abandoned")
    );
    assert!(
        slash(&emu, cat, channels[3], "cantstop start")
            .await
            .contains("Lobby opened")
    );
    emu.assert_clean().await;
}

#[tokio::test]
async fn bots_play_alone_in_one_game_per_server_at_most() {
    let emu = Emulator::start().await;
    // Slow bots, so their games are still in play while the test looks.
    let opts = BotOptions {
        bot_delay_ms: 2000,
        ..limits("bot_games_per_server = 1\n")
    };
    let _bot = Bot::start(&emu, workdir(), &opts).await;
    let (ann, ben) = (emu.user("ann"), emu.user("ben"));
    let (first, second) = (emu.text_channel(), emu.add_text_channel("second"));
    start_game_with(&emu, first, "cantstop", ann, &[], &[], 2).await;
    start_game_with(&emu, second, "cantstop", ben, &[], &[], 2).await;
    assert!(
        slash(&emu, ann, first, "cantstop resign")
            .await
            .contains("resigned")
    );

    let refused = slash(&emu, ben, second, "cantstop resign").await;
    assert!(refused.contains("1 games that only bots play"), "{refused}");
    assert!(refused.contains("/cantstop abandon"), "{refused}");
    // Ben is still in the game, which goes on: asked again, he gets the same answer.
    assert!(live(&emu, second).is_some(), "the game goes on");
    let again = slash(&emu, ben, second, "cantstop resign").await;
    assert_eq!(again, refused);

    // Once the bots' first game is ended, Ben may leave his to them.
    assert!(
        slash(&emu, ann, first, "cantstop abandon")
            .await
            .contains("abandoned")
    );
    assert!(
        slash(&emu, ben, second, "cantstop resign")
            .await
            .contains("resigned")
    );
    emu.assert_clean().await;
}

#[tokio::test]
async fn a_re_posted_board_pings_the_awaited_once_and_pings_count_against_the_hour() {
    let emu = Emulator::start().await;
    let _bot = Bot::start(
        &emu,
        workdir(),
        &limits("board_ping_secs = 300\npings_per_hour = 1\n"),
    )
    .await;
    let (ann, ben) = (emu.user("ann"), emu.user("ben"));
    let channel = emu.text_channel();
    let first = start_game(&emu, channel, "cantstop", ann, &[ben]).await;
    let awaited = pinged(&first)[0];
    let other = if awaited == ann { ben } else { ann };

    let moved = slash(&emu, other, channel, "cantstop board").await;
    assert!(moved.contains("The live board is now here"), "{moved}");
    let mut board = emu
        .wait_for(WAIT, "the re-posted board", |e| live(e, channel))
        .await;
    assert_ne!(board.message_id(), first.message_id());
    assert_eq!(pinged(&board), vec![awaited]);
    // Again at once, by either player: the board moves, nobody is pinged.
    for who in [other, awaited] {
        let moved = slash(&emu, who, channel, "cantstop board").await;
        assert!(moved.contains("The live board is now here"), "{moved}");
        let again = emu
            .wait_for(WAIT, "the board re-posted again", |e| {
                live(e, channel).filter(|m| m.message_id() != board.message_id())
            })
            .await;
        assert_eq!(pinged(&again), Vec::<UserId>::new());
        board = again;
    }

    // `other` used their ping of the hour: their rematch, which would ping, is refused.
    let end = finished(&emu, channel, other).await;
    let rematch = end.custom_ids()[0].clone();
    let (_, text) = click(&emu, other, end.message_id(), &rematch).await;
    assert!(
        text.contains("ping people many times") && text.contains("<t:"),
        "{text}"
    );
    assert!(live(&emu, channel).is_none(), "no lobby opened");
    let (_, text) = click(&emu, awaited, end.message_id(), &rematch).await;
    assert!(text.contains("Lobby opened"), "{text}");
    emu.assert_clean().await;
}
