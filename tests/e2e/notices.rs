//! End to end: turn notices by direct message (issue 29 item 4) through the real bot and the
//! Discord emulator — `/saikoro notify dm:`, one DM when a game comes to a player who has not
//! been in its channel since their last move (none when they were, none twice for a turn, none
//! again after a restart, none for those who did not ask), DMs closed to the bot (Discord's
//! 50007) told once in the channel with the notices switched off, and the words in Japanese.

use crate::harness::*;
use saikoro_emulator::{ChannelId, Emulator, Message, UserId};
use serde_json::json;
use std::path::Path;

/// Turns `user`'s notices by direct message on or off; returns the answer.
async fn notify(emu: &Emulator, user: UserId, channel: ChannelId, on: bool) -> String {
    slash_with(emu, user, channel, "saikoro notify", &[("dm", json!(on))]).await
}

/// Plays `player`'s Pig turn on the live board (roll, then hold; a roll of 1 ends it too) and
/// returns the next turn's board, which pings whoever plays next.
async fn play_turn(emu: &Emulator, channel: ChannelId, player: UserId) -> Message {
    let board = live(emu, channel).expect("a live board");
    assert_eq!(pinged(&board), vec![player], "the board is {player}'s");
    for action in ["roll", "hold"] {
        let now = emu.message(board.message_id()).unwrap();
        if !playable(&now) {
            break; // the roll was a 1: the turn passed
        }
        let (kind, text) = click(emu, player, now.message_id(), &button(&now, action).unwrap()).await;
        assert_eq!(kind, callback_type::UPDATE_MESSAGE, "{action}: {text}");
    }
    // Newer than the board played: a board left live by a crash is older.
    emu.wait_for(WAIT, "the next turn's board", |e| {
        live(e, channel).filter(|m| m.message_id() > board.message_id())
    })
    .await
}

/// `host` opens a Pig game, `guest` joins, and they play until the guest has moved once (his
/// first turn needs no DM: he has been in the channel, joining, and has not moved since); then
/// it is the host's turn.
async fn guest_moved(emu: &Emulator, channel: ChannelId, host: UserId, guest: UserId) {
    let first = start_game(emu, channel, "pig", host, &[guest]).await;
    if pinged(&first) == vec![host] {
        play_turn(emu, channel, host).await;
    }
    play_turn(emu, channel, guest).await;
}

/// Waits until `user` has `n` direct messages, and checks they have no more.
async fn dms(emu: &Emulator, user: UserId, n: usize) -> Vec<Message> {
    let sent = emu
        .wait_for(WAIT, "the direct messages", |e| {
            let sent = e.direct_messages(user);
            (sent.len() >= n).then_some(sent)
        })
        .await;
    assert_eq!(
        sent.len(),
        n,
        "{:?}",
        sent.iter().map(Message::text).collect::<Vec<_>>()
    );
    sent
}

/// The link to a board, as a notice gives it.
fn link(emu: &Emulator, channel: ChannelId, board: &Message) -> String {
    format!(
        "https://discord.com/channels/{}/{}/{}",
        emu.guild_id(),
        channel,
        board.message_id()
    )
}

/// Takes the stored board of every game away, as a crash between posting a board and storing
/// its id would leave it: the next start posts it again, for the same turn.
async fn forget_boards(dir: &Path) {
    use sqlx::Connection as _;
    let url = format!("sqlite://{}", dir.join("games.db").display());
    let mut db = sqlx::SqliteConnection::connect(&url).await.unwrap();
    sqlx::query("UPDATE games SET board_message_id = NULL, due_at = updated_at WHERE status = 'playing'")
        .execute(&mut db)
        .await
        .unwrap();
    db.close().await.unwrap();
}

/// The last turn of `player` the bot claimed a notice for (sent, or not owed because they were
/// in the channel), as the database holds it.
async fn claimed_turn(dir: &Path, player: UserId) -> Option<i64> {
    use sqlx::Connection as _;
    let url = format!("sqlite://{}", dir.join("games.db").display());
    let mut db = sqlx::SqliteConnection::connect(&url).await.unwrap();
    let version = sqlx::query_scalar("SELECT MAX(version) FROM turn_notices WHERE player = ?")
        .bind(player.get() as i64)
        .fetch_one(&mut db)
        .await
        .unwrap();
    db.close().await.unwrap();
    version
}

#[tokio::test]
async fn a_player_who_asked_is_sent_one_dm_a_turn_when_away_from_the_channel() {
    let emu = Emulator::start().await;
    let bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    let (ann, ben) = (emu.user("ann"), emu.user("ben"));
    let channel = emu.text_channel();
    let (on, private) = ask_text(&emu, ben, channel, "saikoro notify", &[("dm", json!(true))]).await;
    assert!(on.contains("are on"), "{on}");
    assert!(private, "the answer is for its asker alone");
    let (shown, _) = ask_text(&emu, ben, channel, "saikoro notify", &[]).await;
    assert!(shown.contains("are on"), "without dm: how they are ({shown})");

    guest_moved(&emu, channel, ann, ben).await;
    assert!(emu.dm_channel(ben).is_none(), "no DM for his first turn");
    // Ann plays; Ben has not been in the channel since his move: one DM.
    let mut board = play_turn(&emu, channel, ann).await;
    let sent = dms(&emu, ben, 1).await;
    let text = sent[0].text();
    assert!(text.contains("It is your turn in Pig"), "{text}");
    assert!(text.contains(&link(&emu, channel, &board)), "{text}");
    assert!(!text.contains("runs out"), "no timers, no deadline: {text}");
    assert!(sent[0].pings.users.is_empty(), "a DM pings no one");

    // Ben moves, then looks in (a command in the channel): his next turn sends nothing.
    play_turn(&emu, channel, ben).await;
    ask(&emu, ben, channel, "saikoro games", &[]).await;
    let noticed = claimed_turn(&bot.dir, ben).await;
    board = play_turn(&emu, channel, ann).await;
    // ... and Ann, who never asked, was sent nothing, though she was away at every turn of hers.
    assert!(emu.dm_channel(ann).is_none(), "no DM channel opened for Ann");
    // The turn he was in for is claimed (off the game's lock) before the crash below.
    let mut polls = 0;
    while claimed_turn(&bot.dir, ben).await <= noticed {
        assert!(
            polls < 500,
            "the turn he was in the channel for was never claimed"
        );
        polls += 1;
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }

    // A crash left this turn's board unstored: the restart posts it again, without a second DM.
    let dir = bot.kill();
    forget_boards(&dir).await;
    let _bot = Bot::start(&emu, dir, &BotOptions::default()).await;
    let again = emu
        .wait_for(WAIT, "the board posted again", |e| {
            live(e, channel).filter(|m| m.message_id() > board.message_id())
        })
        .await;
    assert_eq!(pinged(&again), vec![ben], "the same turn");
    // The restart took seconds: a DM for the turn he looked in on, or for the board posted
    // again, would be here by now.
    assert_eq!(emu.direct_messages(ben).len(), 1, "still the one DM");
    // Ben moves and Ann plays: a new turn of his while away, and exactly one more DM.
    play_turn(&emu, channel, ben).await;
    let turn = play_turn(&emu, channel, ann).await;
    let sent = dms(&emu, ben, 2).await;
    let text = sent[1].text();
    assert!(
        text.contains(&link(&emu, channel, &turn)),
        "the new turn's: {text}"
    );
    emu.assert_clean().await;
}

#[tokio::test]
async fn closed_dms_are_told_once_in_the_channel_and_switch_the_notices_off() {
    let emu = Emulator::start().await;
    let _bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    let (ann, ben) = (emu.user("ann"), emu.user("ben"));
    let channel = emu.text_channel();
    notify(&emu, ben, channel, true).await;
    emu.close_dms(ben);
    guest_moved(&emu, channel, ann, ben).await;
    play_turn(&emu, channel, ann).await;
    let told = emu
        .wait_for(WAIT, "the note that DMs are closed", |e| {
            e.channel(channel)
                .into_iter()
                .find(|m| m.content.contains("could not send you a turn notice"))
        })
        .await;
    assert_eq!(pinged(&told), vec![ben], "it is addressed to Ben");
    assert!(emu.direct_messages(ben).is_empty(), "Discord took no DM");
    let (off, _) = ask_text(&emu, ben, channel, "saikoro notify", &[]).await;
    assert!(off.contains("are off"), "switched off: {off}");

    // Another turn of his while away: nothing is tried or said again.
    play_turn(&emu, channel, ben).await;
    let board = play_turn(&emu, channel, ann).await;
    let notes = |e: &Emulator| {
        e.channel(channel)
            .iter()
            .filter(|m| m.content.contains("could not send you a turn notice"))
            .count()
    };
    assert_eq!(notes(&emu), 1, "told once");
    let opened = emu
        .requests()
        .iter()
        .filter(|r| r.as_str() == "POST /users/@me/channels")
        .count();
    assert_eq!(opened, 1, "no DM tried once switched off");
    assert!(playable(&board), "the game goes on");
    // Discord's 50007 is no bug of the bot's: the emulator records no failure for it.
    emu.assert_clean().await;
}

#[tokio::test]
async fn a_japanese_player_is_noticed_in_japanese() {
    let emu = Emulator::start().await;
    let _bot = Bot::start(
        &emu,
        workdir(),
        &BotOptions {
            turn_timeout_secs: 3600,
            ..BotOptions::default()
        },
    )
    .await;
    let (ann, ken) = (emu.user("ann"), emu.user("ken"));
    emu.set_locale(ken, "ja");
    let channel = emu.text_channel();
    let on = notify(&emu, ken, channel, true).await;
    assert!(on.contains("オンにしました"), "{on}");
    guest_moved(&emu, channel, ann, ken).await;
    let board = play_turn(&emu, channel, ann).await;
    let sent = dms(&emu, ken, 1).await;
    let text = sent[0].text();
    assert!(text.contains("であなたの番です"), "{text}");
    assert!(text.contains("持ち時間が切れるのは<t:"), "the deadline: {text}");
    assert!(text.contains(&link(&emu, channel, &board)), "{text}");
    emu.assert_clean().await;
}
