//! End to end: the daily Can't Stop on Discord (`/cantstop daily`, issue 31). A day's game played
//! over a restart on the day's dice (checked against the dice the deployment's secret makes),
//! a second attempt answered with the first one's result, the par, two servers' leaderboards,
//! a streak across two days (days moved in the store, as the other tests age games), the Share
//! button, a Japanese player, and a daily's result stored with its last press (a crash right
//! after loses nothing) and kept out of the games' ratings, stats and history.

use crate::harness::*;
use saikoro_core::daily::{self, DailyDice};
use saikoro_emulator::{ChannelId, Emulator, Message, UserId};
use sqlx::Connection as _;
use std::path::Path;
use std::time::{Duration, Instant};

/// `player`'s newest private daily message in `channel`: their board, or the result card it
/// became at the end (the board is an ephemeral answer to them, never a channel message).
fn daily_message(emu: &Emulator, channel: ChannelId, player: UserId) -> Option<Message> {
    emu.ephemerals_for(player).into_iter().rev().find(|m| {
        m.channel_id == channel.0
            && m.custom_ids()
                .iter()
                .any(|id| id.starts_with("sk:") || id.starts_with("dy:"))
    })
}

/// `player`'s live daily board in `channel` (buttons of a game), if it is not a card yet.
fn daily_board(emu: &Emulator, channel: ChannelId, player: UserId) -> Option<Message> {
    daily_message(emu, channel, player).filter(|m| m.custom_ids().iter().any(|id| id.starts_with("sk:")))
}

/// A normal game's live board in the channel, for all to see.
fn public_board(emu: &Emulator, channel: ChannelId, _: UserId) -> Option<Message> {
    emu.channel(channel)
        .into_iter()
        .rev()
        .find(|m| m.custom_ids().iter().any(|id| id.starts_with("sk:")))
}

/// The result card `player`'s daily board became when it ended (it carries their Share button).
fn result_card(emu: &Emulator, channel: ChannelId, player: UserId) -> Option<Message> {
    let share = format!("dy:{}:", player.get());
    daily_message(emu, channel, player).filter(|m| m.custom_ids().iter().any(|id| id.starts_with(&share)))
}

/// Where a player's board is found: [`daily_board`] or [`public_board`].
type BoardOf = fn(&Emulator, ChannelId, UserId) -> Option<Message>;

/// Presses for `player` on their board, `presses` times at most or until it ends: the first
/// move offered, rolling until `bold` moves were made this turn, then stopping. Returns how long
/// each press took to be answered.
async fn press(
    emu: &Emulator,
    channel: ChannelId,
    player: UserId,
    bold: u32,
    presses: usize,
    board_of: BoardOf,
) -> Vec<Duration> {
    let mut moves = 0;
    let mut took = vec![];
    for _ in 0..presses {
        if result_card(emu, channel, player).is_some() {
            break;
        }
        let board = emu
            .wait_for(WAIT, "the board", |e| board_of(e, channel, player))
            .await;
        let ids = board.custom_ids();
        let choice = if let Some(m) = ids.iter().find(|id| id.contains(":m")) {
            moves += 1;
            m.clone()
        } else if moves >= bold
            && let Some(stop) = button(&board, "stop")
        {
            moves = 0;
            stop
        } else {
            button(&board, "roll").expect("roll")
        };
        let started = Instant::now();
        let (kind, text) = click(emu, player, board.message_id(), &choice).await;
        took.push(started.elapsed());
        assert_eq!(kind, callback_type::UPDATE_MESSAGE, "{choice}: {text}");
        // After a bust or a stop the board goes on; after the last press, the card.
        emu.wait_for(WAIT, "the next board or the result", |e| {
            (board_of(e, channel, player).is_some() || result_card(e, channel, player).is_some())
                .then_some(())
        })
        .await;
    }
    took
}

/// Plays `player`'s daily in `channel` to its end; returns the result card.
async fn play_out(emu: &Emulator, channel: ChannelId, player: UserId, bold: u32) -> Message {
    press(emu, channel, player, bold, 5_000, daily_board).await;
    emu.wait_for(WAIT, "the result card", |e| result_card(e, channel, player))
        .await
}

/// Whether anything `channel` shows everyone, or `watcher` privately, has game `game`'s board:
/// its buttons or a board picture.
fn board_seen_by(emu: &Emulator, channel: ChannelId, watcher: UserId, game: u64) -> bool {
    let prefix = format!("sk:{game}:");
    emu.channel(channel)
        .into_iter()
        .chain(emu.ephemerals_for(watcher))
        .any(|m| m.custom_ids().iter().any(|id| id.starts_with(&prefix)) || m.embed_image().is_some())
}

/// A press on an id the message does not show (forged or stale); returns the private answer.
async fn forged(emu: &Emulator, user: UserId, message: &Message, custom_id: &str) -> String {
    let i = emu.forged_click(user, message.message_id(), custom_id);
    let cb = emu.wait_callback(i, WAIT).await;
    cb.data["content"].as_str().unwrap_or_default().to_owned()
}

async fn database(dir: &Path) -> sqlx::SqliteConnection {
    let url = format!("sqlite://{}", dir.join("games.db").display());
    sqlx::SqliteConnection::connect(&url).await.unwrap()
}

/// The seed of the day `player` played, from the deployment's stored secret, and that day.
async fn day_of(dir: &Path, player: UserId) -> (u64, i64) {
    let mut db = database(dir).await;
    let secret: i64 = sqlx::query_scalar("SELECT secret FROM daily_secret")
        .fetch_one(&mut db)
        .await
        .unwrap();
    let day: i64 = sqlx::query_scalar("SELECT max(day) FROM daily_attempts WHERE player = $1")
        .bind(player.get() as i64)
        .fetch_one(&mut db)
        .await
        .unwrap();
    (daily::day_seed(secret as u64, day), day)
}

/// Every roll (four dice) `player`'s game of `day` drew, in order, as stored.
async fn rolls_of(dir: &Path, player: UserId, day: i64) -> Vec<Vec<u8>> {
    let mut db = database(dir).await;
    let dice: Vec<Vec<u8>> = sqlx::query_scalar(
        "SELECT a.dice FROM actions a JOIN daily_attempts d ON d.game_id = a.game_id \
         WHERE d.player = $1 AND d.day = $2 ORDER BY a.seq",
    )
    .bind(player.get() as i64)
    .bind(day)
    .fetch_all(&mut db)
    .await
    .unwrap();
    dice.concat().chunks(4).map(<[u8]>::to_vec).collect()
}

/// The actions `player` chose in their game of `day`, in order.
async fn actions_of(dir: &Path, player: UserId, day: i64) -> Vec<String> {
    let mut db = database(dir).await;
    sqlx::query_scalar(
        "SELECT a.action FROM actions a JOIN daily_attempts d ON d.game_id = a.game_id \
         WHERE d.player = $1 AND d.day = $2 ORDER BY a.seq",
    )
    .bind(player.get() as i64)
    .bind(day)
    .fetch_all(&mut db)
    .await
    .unwrap()
}

/// Moves every stored daily attempt one day into the past, as if it had been played yesterday.
async fn played_yesterday(dir: &Path) {
    let mut db = database(dir).await;
    sqlx::query("UPDATE daily_attempts SET day = day - 1")
        .execute(&mut db)
        .await
        .unwrap();
}

fn median(mut took: Vec<Duration>) -> Duration {
    took.sort();
    took[took.len() / 2]
}

#[tokio::test]
async fn a_daily_goes_on_over_a_restart_on_the_days_dice_and_a_second_attempt_shows_the_first() {
    let emu = Emulator::start().await;
    let dir = workdir();
    let bot = Bot::start(&emu, dir.clone(), &BotOptions::default()).await;
    let (ann, ben) = (emu.user("ann"), emu.user("ben"));
    let channel = emu.text_channel();

    let started = slash(&emu, ann, channel, "cantstop daily").await;
    assert!(started.contains("Can't Stop daily #"), "{started}");
    let board = emu
        .wait_for(WAIT, "the daily board", |e| daily_board(e, channel, ann))
        .await;
    assert!(board.ephemeral(), "the board is shown to its player alone");
    assert!(pinged(&board).is_empty(), "{:?}", board.pings);
    let game = game_id(&board);
    assert!(button(&board, "resign").is_none(), "a daily cannot be resigned");
    assert!(
        button(&board, "?hint").is_none(),
        "nor coached, though the server allows hints"
    );
    let refused = forged(&emu, ann, &board, &format!("sk:{}:0:?hint", game_id(&board))).await;
    assert!(refused.contains("no hints"), "{refused}");

    // Someone else's press (forged: the board is not shown to them), and a forged Resign,
    // change nothing.
    let roll = button(&board, "roll").unwrap();
    let refused = forged(&emu, ben, &board, &roll).await;
    assert!(refused.contains("not playing"), "{refused}");
    let refused = forged(&emu, ann, &board, &roll.replace(":roll", ":resign")).await;
    assert!(refused.contains("cannot be resigned"), "{refused}");
    assert_eq!(emu.message(board.message_id()).unwrap().text(), board.text());

    // Other games and other players' dailies share the channel.
    let lobby = slash(&emu, ben, channel, "cantstop start").await;
    assert!(lobby.contains("Lobby opened"), "{lobby}");
    slash(&emu, ben, channel, "cantstop abandon").await;

    // A few presses, a crash, and the same game goes on in a new private board after
    // `/cantstop daily` again.
    let daily_presses = press(&emu, channel, ann, 2, 12, daily_board).await;
    let before_crash = daily_board(&emu, channel, ann).expect("the board before the crash");
    let dir = bot.kill();
    let bot = Bot::start(&emu, dir.clone(), &BotOptions::default()).await;
    let again = slash(&emu, ann, channel, "cantstop daily").await;
    assert!(again.contains("The live board is now here"), "{again}");
    let resumed = daily_board(&emu, channel, ann).expect("the resumed board");
    assert_ne!(
        resumed.message_id(),
        before_crash.message_id(),
        "a new private board"
    );
    assert!(resumed.ephemeral());
    assert_eq!(
        resumed.embeds, before_crash.embeds,
        "it shows the position where the crash left it"
    );
    press(&emu, channel, ann, 2, 1, daily_board).await;

    // The board from before the crash is stale now: pressing it says how to resume and
    // changes nothing.
    let current = daily_board(&emu, channel, ann).unwrap();
    let old = before_crash.custom_ids()[0].clone();
    let version = |id: &str| id.split(':').nth(2).map(str::to_owned);
    assert_ne!(
        version(&current.custom_ids()[0]),
        version(&old),
        "a move was made"
    );
    let (kind, refused) = click(&emu, ann, before_crash.message_id(), &old).await;
    assert_eq!(kind, callback_type::CHANNEL_MESSAGE_WITH_SOURCE, "{refused}");
    assert!(
        refused.contains("out of date") && refused.contains("/cantstop daily"),
        "{refused}"
    );
    assert_eq!(emu.message(current.message_id()).unwrap(), current);
    assert_eq!(emu.message(before_crash.message_id()).unwrap(), before_crash);
    let card = play_out(&emu, channel, ann, 2).await;
    assert!(card.ephemeral(), "the result card is private until shared");

    // Ben, watching the channel, never saw Ann's board: no roll of the day was shown to him.
    assert!(!board_seen_by(&emu, channel, ben, game), "the board stayed Ann's");

    // Ben plays the same day with bolder choices: every roll is the day's, for both.
    slash(&emu, ben, channel, "cantstop daily").await;
    play_out(&emu, channel, ben, 4).await;
    let (seed, day) = day_of(&dir, ann).await;
    assert_ne!(
        actions_of(&dir, ann, day).await,
        actions_of(&dir, ben, day).await,
        "they chose differently"
    );
    let (anns, bens) = (rolls_of(&dir, ann, day).await, rolls_of(&dir, ben, day).await);
    assert!(anns.len() >= 10 && bens.len() >= 10, "{anns:?} {bens:?}");
    for (i, roll) in anns.iter().chain(&bens).enumerate() {
        let i = if i < anns.len() { i } else { i - anns.len() };
        assert_eq!(roll[..], DailyDice::roll_at(seed, i as u64), "roll {i}");
    }

    // The card: turns, busts, the par (the strong bot's turns on the same dice), the streak
    // and the share line, one mark per turn.
    let par = daily::par(seed);
    let text = card.text();
    assert!(text.contains(&format!("(par {})", par.turns())), "{text}");
    assert!(text.contains("Streak: 1 day (best 1)"), "{text}");
    let share = text
        .lines()
        .find(|l| l.starts_with(&format!("Can't Stop daily #{day} · ")) && l.contains("(par "))
        .unwrap_or_else(|| panic!("a share line in {text}"))
        .to_owned();
    let turns: usize = share
        .split(" · ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let marks = share.rsplit(" · ").next().unwrap();
    assert_eq!(marks.chars().count(), turns, "{share}");

    // A second attempt is refused with the first one's result and the leaderboards.
    let (summary, private) = ask_text(&emu, ann, channel, "cantstop daily", &[]).await;
    assert!(private);
    assert!(summary.contains("You have played Can't Stop daily"), "{summary}");
    assert!(summary.contains(&share), "{summary}");
    assert!(summary.contains("This server:\n1. "), "{summary}");
    assert!(
        summary.contains("ann —") && summary.contains("ben —"),
        "{summary}"
    );

    // Only ann shares her result; a forged or stale Share changes nothing.
    let before = emu.channel(channel).len();
    let share_id = button(&card, &day.to_string()).unwrap();
    let refused = forged(&emu, ben, &card, &share_id).await;
    assert!(refused.contains("Only the player"), "{refused}");
    let stale = format!("dy:{}:{}", ann.get(), day + 5);
    let refused = forged(&emu, ann, &card, &stale).await;
    assert!(refused.contains("no finished daily"), "{refused}");
    assert_eq!(emu.channel(channel).len(), before, "nothing was posted");
    let (_, shared) = click(&emu, ann, card.message_id(), &share_id).await;
    assert!(shared.contains("Shared"), "{shared}");
    let posted = emu
        .wait_for(WAIT, "the shared line", |e| {
            e.channel(channel).into_iter().find(|m| m.content == share)
        })
        .await;
    assert!(pinged(&posted).is_empty());

    // A normal solitaire game in the same place, for the figures: a daily click reads the
    // secret once and its log per press.
    let normal = emu.add_text_channel("normal");
    slash_with(
        &emu,
        ann,
        normal,
        "cantstop start",
        &[("solitaire", serde_json::json!(true))],
    )
    .await;
    let lobby = emu.wait_for(WAIT, "the lobby", |e| live(e, normal)).await;
    click(&emu, ann, lobby.message_id(), &button(&lobby, "start").unwrap()).await;
    emu.wait_for(WAIT, "the board", |e| public_board(e, normal, ann))
        .await;
    let normal_presses = press(&emu, normal, ann, 2, 12, public_board).await;
    eprintln!(
        "median answer: daily {:?} over {} presses, normal {:?} over {}",
        median(daily_presses.clone()),
        daily_presses.len(),
        median(normal_presses.clone()),
        normal_presses.len()
    );
    drop(bot);
    emu.assert_clean().await;
}

/// A summary's two leaderboards: this server's lines and every server's.
fn boards(summary: &str) -> (&str, &str) {
    let (_, boards) = summary.split_once("This server:").expect("this server's board");
    boards.split_once("All servers:").expect("every server's board")
}

#[tokio::test]
async fn each_server_has_its_days_leaderboard_and_all_servers_share_one_attempt_a_day() {
    let emu = Emulator::start_sharded(2).await;
    let opts = BotOptions {
        shards: Some(("0-1".into(), 2)),
        ..BotOptions::default()
    };
    let _bot = Bot::start(&emu, workdir(), &opts).await;
    let (ann, ben) = (emu.user("ann"), emu.user("ben"));
    let (first, second) = (emu.text_channel_on(0, "first"), emu.text_channel_on(1, "second"));
    slash(&emu, ann, first, "cantstop daily").await;
    play_out(&emu, first, ann, 2).await;
    slash(&emu, ben, second, "cantstop daily").await;
    play_out(&emu, second, ben, 3).await;

    let (summary, _) = ask_text(&emu, ann, first, "cantstop daily", &[]).await;
    let (here, everywhere) = boards(&summary);
    assert!(here.contains("ann —") && !here.contains("ben —"), "{summary}");
    assert!(
        everywhere.contains("ann —") && everywhere.contains("ben —"),
        "{summary}"
    );
    let (summary, _) = ask_text(&emu, ben, second, "cantstop daily", &[]).await;
    let (here, everywhere) = boards(&summary);
    assert!(here.contains("ben —") && !here.contains("ann —"), "{summary}");
    assert!(
        everywhere.contains("ann —") && everywhere.contains("ben —"),
        "{summary}"
    );

    // Ann's one attempt of the day counts on every server: the other one shows her result.
    let (summary, _) = ask_text(&emu, ann, second, "cantstop daily", &[]).await;
    assert!(summary.contains("You have played"), "{summary}");
    assert!(daily_board(&emu, second, ann).is_none(), "no second game");
    emu.assert_clean().await;
}

#[tokio::test]
async fn a_streak_grows_over_two_days_and_a_japanese_player_is_answered_in_japanese() {
    let emu = Emulator::start().await;
    let dir = workdir();
    let bot = Bot::start(&emu, dir.clone(), &BotOptions::default()).await;
    let (ann, ben, cat) = (emu.user("ann"), emu.user("ben"), emu.user("cat"));
    emu.set_locale(ann, "ja");
    emu.set_locale(cat, "ja");
    let channel = emu.text_channel();

    let started = slash(&emu, ann, channel, "cantstop daily").await;
    assert!(
        started.contains("デイリー #") && started.contains("ボタン"),
        "{started}"
    );
    let board = emu
        .wait_for(WAIT, "the daily board", |e| daily_board(e, channel, ann))
        .await;
    let roll = button(&board, "roll").unwrap();
    let refused = forged(&emu, ben, &board, &roll).await;
    assert!(
        refused.contains("not playing"),
        "each in their own language: {refused}"
    );
    let refused = forged(&emu, ann, &board, &roll.replace(":roll", ":resign")).await;
    assert!(refused.contains("投了はできません"), "{refused}");
    let card = play_out(&emu, channel, ann, 2).await;
    assert!(card.text().contains("Streak: 1 day (best 1)"), "{}", card.text());

    // A day later (the attempt moved to yesterday while the bot is down), a new game.
    drop(bot);
    played_yesterday(&dir).await;
    let _bot = Bot::start(&emu, dir, &BotOptions::default()).await;
    let started = slash(&emu, ann, channel, "cantstop daily").await;
    assert!(started.contains("盤面"), "today's game is a new one: {started}");
    let card = play_out(&emu, channel, ann, 3).await;
    assert!(card.text().contains("Streak: 2 days (best 2)"), "{}", card.text());

    let (summary, _) = ask_text(&emu, ann, channel, "cantstop daily", &[]).await;
    assert!(
        summary.contains("プレイ済み") && summary.contains("連続：2日（最高 2日）"),
        "{summary}"
    );
    assert!(summary.contains("このサーバー：\n1. ann —"), "{summary}");
    let share = card
        .custom_ids()
        .into_iter()
        .find(|id| id.starts_with("dy:"))
        .unwrap();
    let refused = forged(&emu, cat, &card, &share).await;
    assert!(refused.contains("本人だけ"), "{refused}");
    let (_, shared) = click(&emu, ann, card.message_id(), &share).await;
    assert!(shared.contains("共有しました"), "{shared}");
    emu.wait_for(WAIT, "the shared line in Japanese", |e| {
        e.channel(channel)
            .into_iter()
            .find(|m| m.content.starts_with("キャントストップ デイリー #"))
    })
    .await;
    emu.assert_clean().await;
}

/// How many rows `table` has: a daily must add none to the games' history.
async fn rows_in(dir: &Path, table: &str) -> i64 {
    let mut db = database(dir).await;
    sqlx::query_scalar(&format!("SELECT count(*) FROM {table}"))
        .fetch_one(&mut db)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_dailys_result_is_stored_with_its_last_press_and_stays_out_of_the_games_history() {
    let emu = Emulator::start().await;
    let dir = workdir();
    let bot = Bot::start(&emu, dir.clone(), &BotOptions::default()).await;
    let ann = emu.user("ann");
    let channel = emu.text_channel();
    slash(&emu, ann, channel, "cantstop daily").await;
    let card = play_out(&emu, channel, ann, 2).await;

    // Killed at once: the result was written with the last press, nothing is left to mend.
    let dir = bot.kill();
    let mut db = database(&dir).await;
    let (turns, marks): (Option<i64>, Option<String>) =
        sqlx::query_as("SELECT turns, marks FROM daily_attempts WHERE player = $1")
            .bind(ann.get() as i64)
            .fetch_one(&mut db)
            .await
            .unwrap();
    let turns = turns.expect("the result is stored with the final action");
    assert_eq!(marks.map(|m| m.chars().count() as i64), Some(turns));
    // A daily has its own results: no rating, stats or history row of a normal game.
    for table in ["results", "ratings", "player_stats"] {
        assert_eq!(rows_in(&dir, table).await, 0, "{table}");
    }

    let _bot = Bot::start(&emu, dir, &BotOptions::default()).await;
    let (summary, _) = ask_text(&emu, ann, channel, "cantstop daily", &[]).await;
    assert!(summary.contains("You have played"), "{summary}");
    let share = card
        .text()
        .lines()
        .find(|l| l.starts_with("Can't Stop daily #") && l.contains("(par "))
        .unwrap()
        .to_owned();
    assert!(summary.contains(&share), "{summary}");
    let (stats, _) = ask_text(&emu, ann, channel, "saikoro stats", &[]).await;
    assert!(
        stats.contains("no finished games"),
        "a daily is not a game of the stats: {stats}"
    );
    emu.assert_clean().await;
}
