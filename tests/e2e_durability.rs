//! End to end: games survive restarts, crashes (SIGKILL) and idle players, with the real bot
//! against the Discord emulator and its SQLite file kept between runs.

mod common;
mod emulator;

use common::*;
use emulator::{Emulator, UserId};
use std::time::Duration;

/// Clicks the live board's roll, or its first move, for the player pinged on it.
async fn play_one(emu: &Emulator, channel: emulator::ChannelId, player: UserId) -> (u8, String) {
    let board = live(emu, channel).expect("a live board");
    let id = board
        .custom_ids()
        .into_iter()
        .find(|i| i.contains(":m"))
        .or_else(|| button(&board, "roll"))
        .expect("a move or roll");
    click(emu, player, board.message_id(), &id).await
}

#[tokio::test]
async fn a_restart_keeps_the_game_and_old_buttons_work() {
    let emu = Emulator::start().await;
    let dir = workdir();
    let bot = Bot::start(&emu, dir.clone(), &BotOptions::default()).await;
    let (ann, ben) = (emu.user("ann"), emu.user("ben"));
    let channel = emu.text_channel();
    let first = start_game(&emu, channel, "cantstop", ann, &[ben]).await;
    let player = pinged(&first)[0];
    let (kind, _) = play_one(&emu, channel, player).await;
    assert_eq!(kind, 7);
    // SIGTERM: a clean shutdown.
    let status = bot.terminate();
    assert!(status.success(), "the bot exits cleanly on SIGTERM: {status:?}");

    let _bot = Bot::start(&emu, dir, &BotOptions::default()).await;
    // The board from before the restart is still live and its buttons still work.
    let board = live(&emu, channel).expect("the board survived");
    let before = board.custom_ids();
    let (kind, text) = play_one(&emu, channel, player).await;
    assert_eq!(kind, 7, "{text}");
    assert_ne!(
        live(&emu, channel).map(|m| m.custom_ids()),
        Some(before),
        "the click acted"
    );
    emu.assert_clean().await;
}

#[tokio::test]
async fn acknowledged_actions_survive_sigkill() {
    let emu = Emulator::start().await;
    let dir = workdir();
    let mut bot = Bot::start(&emu, dir.clone(), &BotOptions::default()).await;
    let (ann, ben) = (emu.user("ann"), emu.user("ben"));
    let channel = emu.text_channel();
    let first = start_game(&emu, channel, "cantstop", ann, &[ben]).await;
    let mut player = pinged(&first)[0];
    let mut acknowledged = 0;
    for _ in 0..4 {
        // The moment an action is answered, the process dies.
        let (kind, text) = play_one(&emu, channel, player).await;
        assert_eq!(kind, 7, "{text}");
        acknowledged += 1;
        let dir = bot.kill();
        bot = Bot::start(&emu, dir, &BotOptions::default()).await;
        // After a bust or stop the turn passed: follow the freshest ping.
        let board = emu.wait_for(WAIT, "a live board", |e| live(e, channel)).await;
        if let Some(p) = pinged(&board).first() {
            player = *p;
        }
    }
    let log = slash(&emu, ann, channel, "cantstop log").await;
    let entries = log
        .lines()
        .filter(|l| l.starts_with('`'))
        .map(|l| &l[..5])
        .collect::<std::collections::BTreeSet<_>>();
    assert_eq!(
        entries.len(),
        acknowledged,
        "every acknowledged action is in the log:\n{log}"
    );
    emu.assert_clean().await;
}

#[tokio::test]
async fn an_idle_player_is_reminded_then_times_out_even_across_a_restart() {
    let emu = Emulator::start().await;
    let dir = workdir();
    let opts = BotOptions {
        turn_reminder_secs: 1,
        turn_timeout_secs: 4,
        turn_timeout_action: "leave",
        ..BotOptions::default()
    };
    let bot = Bot::start(&emu, dir.clone(), &opts).await;
    let (ann, ben) = (emu.user("ann"), emu.user("ben"));
    let channel = emu.text_channel();
    let first = start_game(&emu, channel, "cantstop", ann, &[ben]).await;
    let idle = pinged(&first)[0];
    let other = if idle == ann { "ben" } else { "ann" };
    emu.wait_for(Duration::from_secs(8), "a reminder", |e| {
        e.channel(channel)
            .iter()
            .any(|m| {
                m.content.contains("still your turn") && m.content.contains(&format!("<@{}>", idle.get()))
            })
            .then_some(())
    })
    .await;
    // Down while the timeout comes due; the timer is measured from the stored last action.
    let dir = bot.kill();
    tokio::time::sleep(Duration::from_secs(4)).await;
    let _bot = Bot::start(&emu, dir, &opts).await;
    emu.wait_for(Duration::from_secs(10), "the timeout", |e| {
        let msgs = e.channel(channel);
        let out = msgs.iter().any(|m| m.content.contains("ran out of time"));
        let won = msgs.iter().any(|m| m.content.contains(&format!("{other} wins")));
        (out && won).then_some(())
    })
    .await;
    assert_eq!(live_count(&emu, channel), 0);
    emu.assert_clean().await;
}

#[tokio::test]
async fn a_player_out_of_time_plays_the_games_default_move_and_stays() {
    let emu = Emulator::start().await;
    let opts = BotOptions {
        turn_timeout_secs: 3,
        ..BotOptions::default()
    };
    let _bot = Bot::start(&emu, workdir(), &opts).await;
    let (ann, ben) = (emu.user("ann"), emu.user("ben"));
    let channel = emu.text_channel();
    let first = start_game(&emu, channel, "cantstop", ann, &[ben]).await;
    let idle = pinged(&first)[0];
    let other = if idle == ann { ben } else { ann };
    // The board says when the idle player's time runs out, as a Discord timestamp.
    let description = first.embeds[0]["description"].as_str().unwrap().to_owned();
    assert!(description.contains("runs out <t:"), "{description}");
    // Can't Stop's default: roll, take the first move, stop — keeping the progress — so the turn
    // passes to the other player, who is pinged on a fresh board, and nobody left the game.
    let next = emu
        .wait_for(
            Duration::from_secs(10),
            "the other player's board and the notice",
            |e| {
                let notice = e
                    .channel(channel)
                    .iter()
                    .any(|m| m.content.contains("made their move for them"));
                live(e, channel).filter(|b| notice && pinged(b) == [other])
            },
        )
        .await;
    let all: String = emu.channel(channel).iter().map(|m| m.text()).collect();
    assert!(all.contains("stopped and keeps the progress"), "{all}");
    assert!(
        !all.contains("resigned") && !all.contains("left the game"),
        "{all}"
    );
    assert!(button(&next, "roll").is_some());
    emu.assert_clean().await;
}
