//! End to end: turn notices by direct message (issue 29 item 4) through the real bot and the
//! Discord emulator — `/saikoro notify dm:`, one DM when a game has waited for a player past the
//! grace period (two minutes) and they have not been in its channel since their last move: none
//! in fast play, one after a restart during the grace period, none twice for a turn (also when a
//! crash forgot that the wait was noticed), none for those who did not ask; DMs closed to the bot
//! (Discord's 50007) told once in the channel with the notices switched off; the words in
//! Japanese. The bot runs on the system clock: time passes by ageing the stored games while it is
//! down, as `age_games` does. Being seen in the channel is tested on a moved clock in
//! `src/session/tests/notices.rs` (what the bot saw is kept in memory, so a restart forgets it).

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

/// The grace period of turn notices, and one second more.
const PAST_GRACE: i64 = 121;

/// The bot goes down and is started again `secs` later (the stored games aged by that much,
/// when their waits were noticed too).
async fn later(emu: &Emulator, bot: Bot, secs: i64, opts: &BotOptions) -> Bot {
    let dir = bot.kill();
    age_games(&dir, secs).await;
    run_sql(
        &dir,
        &format!(
            "UPDATE games SET seats = json_set(seats, '$.noticed_at', \
             json_extract(seats, '$.noticed_at') - {secs}) \
             WHERE json_extract(seats, '$.noticed_at') > 0"
        ),
    )
    .await;
    Bot::start(emu, dir, opts).await
}

/// Runs `sql` on the bot's database.
async fn run_sql(dir: &Path, sql: &str) {
    use sqlx::Connection as _;
    let url = format!("sqlite://{}", dir.join("games.db").display());
    let mut db = sqlx::SqliteConnection::connect(&url).await.unwrap();
    sqlx::query(sql).execute(&mut db).await.unwrap();
    db.close().await.unwrap();
}

/// Waits until every game in play has had its current wait noticed (stored).
async fn noticed(dir: &Path) {
    use sqlx::Connection as _;
    let url = format!("sqlite://{}", dir.join("games.db").display());
    let mut polls = 0;
    loop {
        let mut db = sqlx::SqliteConnection::connect(&url).await.unwrap();
        let pending: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM games WHERE status = 'playing' \
             AND COALESCE(json_extract(seats, '$.noticed_at'), 0) < updated_at",
        )
        .fetch_one(&mut db)
        .await
        .unwrap();
        db.close().await.unwrap();
        if pending == 0 {
            return;
        }
        assert!(polls < 500, "the wait was never noticed");
        polls += 1;
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
}

#[tokio::test]
async fn a_player_who_asked_is_sent_one_dm_a_turn_only_when_away_past_the_grace_period() {
    let emu = Emulator::start().await;
    let opts = BotOptions::default();
    let bot = Bot::start(&emu, workdir(), &opts).await;
    let (ann, ben) = (emu.user("ann"), emu.user("ben"));
    let channel = emu.text_channel();
    let (on, private) = ask_text(&emu, ben, channel, "saikoro notify", &[("dm", json!(true))]).await;
    assert!(on.contains("are on"), "{on}");
    assert!(private, "the answer is for its asker alone");
    let (shown, _) = ask_text(&emu, ben, channel, "saikoro notify", &[]).await;
    assert!(shown.contains("are on"), "without dm: how they are ({shown})");

    // Fast play: they alternate within the grace period, and nobody is told.
    guest_moved(&emu, channel, ann, ben).await;
    for _ in 0..2 {
        play_turn(&emu, channel, ann).await;
        play_turn(&emu, channel, ben).await;
    }
    play_turn(&emu, channel, ann).await;
    assert!(emu.dm_channel(ben).is_none(), "fast play sends no DM");

    // A restart during the grace period, then Ben stays away past it: exactly one DM.
    let bot = later(&emu, bot, 0, &opts).await;
    let bot = later(&emu, bot, PAST_GRACE, &opts).await;
    let sent = dms(&emu, ben, 1).await;
    // The newest board: a kill before its id was stored has the restart post it again.
    let board = live(&emu, channel).expect("Ben's board");
    let text = sent[0].text();
    assert!(text.contains("It is your turn in Pig"), "{text}");
    assert!(text.contains(&link(&emu, channel, &board)), "{text}");
    assert!(!text.contains("runs out"), "no timers, no deadline: {text}");
    assert!(sent[0].pings.users.is_empty(), "a DM pings no one");
    noticed(&bot.dir).await;

    // A crash forgot that the wait was noticed: the stored claim keeps the turn to one DM.
    let dir = bot.kill();
    run_sql(
        &dir,
        "UPDATE games SET seats = json_set(seats, '$.noticed_at', 0), due_at = updated_at \
         WHERE status = 'playing'",
    )
    .await;
    let bot = Bot::start(&emu, dir, &opts).await;
    noticed(&bot.dir).await;

    // Ben moves and Ann plays, and he is away again: one more DM, for the new turn (a second
    // one for the turn before would come first).
    play_turn(&emu, channel, ben).await;
    play_turn(&emu, channel, ann).await;
    let _bot = later(&emu, bot, PAST_GRACE, &opts).await;
    let sent = dms(&emu, ben, 2).await;
    let turn = live(&emu, channel).expect("Ben's board");
    let text = sent[1].text();
    assert!(
        text.contains(&link(&emu, channel, &turn)),
        "the new turn's: {text}"
    );
    // Ann, who never asked, was sent nothing, though she was away at a turn of hers.
    assert!(emu.dm_channel(ann).is_none(), "no DM channel opened for Ann");
    emu.assert_clean().await;
}

#[tokio::test]
async fn closed_dms_are_told_once_in_the_channel_and_switch_the_notices_off() {
    let emu = Emulator::start().await;
    let opts = BotOptions::default();
    let bot = Bot::start(&emu, workdir(), &opts).await;
    let (ann, ben) = (emu.user("ann"), emu.user("ben"));
    let channel = emu.text_channel();
    notify(&emu, ben, channel, true).await;
    emu.close_dms(ben);
    guest_moved(&emu, channel, ann, ben).await;
    play_turn(&emu, channel, ann).await;
    let bot = later(&emu, bot, PAST_GRACE, &opts).await;
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
    let bot = later(&emu, bot, PAST_GRACE, &opts).await;
    noticed(&bot.dir).await;
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
    let opts = BotOptions {
        turn_timeout_secs: 3600,
        ..BotOptions::default()
    };
    let bot = Bot::start(&emu, workdir(), &opts).await;
    let (ann, ken) = (emu.user("ann"), emu.user("ken"));
    emu.set_locale(ken, "ja");
    let channel = emu.text_channel();
    let on = notify(&emu, ken, channel, true).await;
    assert!(on.contains("オンにしました"), "{on}");
    guest_moved(&emu, channel, ann, ken).await;
    play_turn(&emu, channel, ann).await;
    let _bot = later(&emu, bot, PAST_GRACE, &opts).await;
    let sent = dms(&emu, ken, 1).await;
    let board = live(&emu, channel).expect("Ken's board");
    let text = sent[0].text();
    assert!(text.contains("であなたの番です"), "{text}");
    assert!(text.contains("持ち時間が切れるのは<t:"), "the deadline: {text}");
    assert!(text.contains(&link(&emu, channel, &board)), "{text}");
    emu.assert_clean().await;
}
