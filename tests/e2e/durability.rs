//! End to end: games survive restarts, crashes (SIGKILL) and idle players, with the real bot
//! against the Discord emulator and its SQLite file kept between runs. The restarts and crashes
//! are played both in a channel and with each game in a thread of its own.

use crate::harness::*;
use saikoro_emulator::{Emulator, UserId};
use std::time::Duration;

crate::threads_on_and_off!(
    a_restart_keeps_the_game_and_old_buttons_work,
    acknowledged_actions_survive_sigkill,
    sigkill_during_group_commits_loses_no_acknowledged_click,
);

/// Clicks the live board's roll, or its first move, for the player pinged on it.
async fn play_one(emu: &Emulator, channel: saikoro_emulator::ChannelId, player: UserId) -> (u8, String) {
    let board = live(emu, channel).expect("a live board");
    let id = board
        .custom_ids()
        .into_iter()
        .find(|i| i.contains(":m"))
        .or_else(|| button(&board, "roll"))
        .expect("a move or roll");
    click(emu, player, board.message_id(), &id).await
}

async fn a_restart_keeps_the_game_and_old_buttons_work(threads: bool) {
    let emu = Emulator::start().await;
    emu.allow_threads(threads);
    let dir = workdir();
    let bot = Bot::start(&emu, dir.clone(), &BotOptions::default()).await;
    let TwoPlayers {
        channel,
        player,
        first,
        ..
    } = two_player_cantstop(&emu).await;
    assert_threaded(&emu, &first, threads);
    let (kind, _) = play_one(&emu, channel, player).await;
    assert_eq!(kind, callback_type::UPDATE_MESSAGE);
    // SIGTERM: a clean shutdown.
    let status = bot.terminate();
    assert!(status.success(), "the bot exits cleanly on SIGTERM: {status:?}");

    let _bot = Bot::start(&emu, dir, &BotOptions::default()).await;
    // The board from before the restart is still live and its buttons still work.
    let board = live(&emu, channel).expect("the board survived");
    let before = board.custom_ids();
    let (kind, text) = play_one(&emu, channel, player).await;
    assert_eq!(kind, callback_type::UPDATE_MESSAGE, "{text}");
    assert_ne!(
        live(&emu, channel).map(|m| m.custom_ids()),
        Some(before),
        "the click acted"
    );
    emu.assert_clean().await;
}

async fn acknowledged_actions_survive_sigkill(threads: bool) {
    let emu = Emulator::start().await;
    emu.allow_threads(threads);
    let dir = workdir();
    let mut bot = Bot::start(&emu, dir.clone(), &BotOptions::default()).await;
    let (ann, ben) = (emu.user("ann"), emu.user("ben"));
    let channel = emu.text_channel();
    let first = start_game(&emu, channel, "cantstop", ann, &[ben]).await;
    let channel = home(&first);
    assert_threaded(&emu, &first, threads);
    let mut player = pinged(&first)[0];
    let mut acknowledged = 0;
    for _ in 0..4 {
        // The moment an action is answered, the process dies.
        let (kind, text) = play_one(&emu, channel, player).await;
        assert_eq!(kind, callback_type::UPDATE_MESSAGE, "{text}");
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
    // A second after the start, on the bot's own clock; the margin is for a loaded CI machine.
    emu.wait_for(Duration::from_secs(20), "a reminder", |e| {
        e.channel(channel)
            .iter()
            .any(|m| {
                m.content.contains("still your turn") && m.content.contains(&format!("<@{}>", idle.get()))
            })
            .then_some(())
    })
    .await;
    // Down while the timeout comes due; the timer is measured from the stored last action, so
    // moving the stored times 4 s back is the same as waiting 4 s.
    let dir = bot.kill();
    use sqlx::Connection as _;
    let url = format!("sqlite://{}", dir.join("games.db").display());
    let mut db = sqlx::SqliteConnection::connect(&url).await.unwrap();
    sqlx::query("UPDATE games SET updated_at = updated_at - 4, due_at = due_at - 4")
        .execute(&mut db)
        .await
        .unwrap();
    db.close().await.unwrap();
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
    // Log lines wrap to fit a phone: read them as one text.
    let all: String = emu
        .channel(channel)
        .iter()
        .map(|m| m.text().replace('\n', " "))
        .collect();
    assert!(all.contains("stopped and keeps the progress"), "{all}");
    assert!(
        !all.contains("resigned") && !all.contains("left the game"),
        "{all}"
    );
    assert!(button(&next, "roll").is_some());
    emu.assert_clean().await;
}

/// The number of actions in a game's log, from the highest entry number `/… log` shows.
async fn logged_actions(emu: &Emulator, user: UserId, channel: saikoro_emulator::ChannelId) -> usize {
    let log = slash(emu, user, channel, "cantstop log").await;
    log.lines()
        .filter_map(|l| l.strip_prefix('`')?.split('`').next()?.trim().parse().ok())
        .max()
        .unwrap_or(0)
}

/// What the players of one channel saw before the crash.
#[derive(Default)]
struct Clicked {
    acknowledged: usize,
    /// Clicks sent and never answered (the process died under them): at most one per channel.
    unanswered: usize,
}

async fn sigkill_during_group_commits_loses_no_acknowledged_click(threads: bool) {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    const GAMES: usize = 6;
    let emu = Arc::new(Emulator::start().await);
    emu.allow_threads(threads);
    let bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    let mut tables = Vec::new();
    for g in 0..GAMES {
        let (ann, ben) = (emu.user(&format!("ann{g}")), emu.user(&format!("ben{g}")));
        let channel = emu.add_text_channel(&format!("crash-{g}"));
        let first = start_game(&emu, channel, "cantstop", ann, &[ben]).await;
        assert_threaded(&emu, &first, threads);
        tables.push((home(&first), ann, pinged(&first)[0]));
    }
    // Every player clicks as fast as answers come, so the writer is always committing a batch
    // of several games' clicks; the process dies while some are in flight.
    let in_flight = Arc::new(AtomicUsize::new(0));
    // Games with an acknowledged click.
    let going = Arc::new(AtomicUsize::new(0));
    let dead = Arc::new(AtomicBool::new(false));
    let players: Vec<_> = tables
        .iter()
        .map(|&(channel, _, first)| {
            let (emu, in_flight, dead) = (emu.clone(), in_flight.clone(), dead.clone());
            let going = going.clone();
            tokio::spawn(async move {
                let mut clicked = Clicked::default();
                let mut player = first;
                while !dead.load(Ordering::SeqCst) {
                    let Some(board) = live(&emu, channel) else {
                        tokio::time::sleep(Duration::from_millis(1)).await;
                        continue;
                    };
                    if let Some(p) = pinged(&board).first() {
                        player = *p;
                    }
                    let id = board
                        .custom_ids()
                        .into_iter()
                        .find(|i| i.contains(":m"))
                        .or_else(|| button(&board, "roll"))
                        .expect("a move or roll");
                    in_flight.fetch_add(1, Ordering::SeqCst);
                    let interaction = emu.click(player, board.message_id(), &id);
                    // An answer takes milliseconds; none within seconds means the process died.
                    let answered = tokio::time::timeout(
                        Duration::from_secs(5),
                        emu.wait_callback(interaction, WAIT * 2),
                    )
                    .await;
                    if let Ok(cb) = answered {
                        in_flight.fetch_sub(1, Ordering::SeqCst);
                        assert_eq!(
                            cb.kind,
                            callback_type::UPDATE_MESSAGE,
                            "a legal click is acted on: {}",
                            cb.data
                        );
                        clicked.acknowledged += 1;
                        if clicked.acknowledged == 1 {
                            going.fetch_add(1, Ordering::SeqCst);
                        }
                    } else {
                        clicked.unanswered += 1;
                        break;
                    }
                    // If the turn passed the clicked board froze; the loop waits for the next.
                }
                clicked
            })
        })
        .collect();
    // Let every game get going, then kill the process at a moment clicks are being written.
    emu.wait_for(WAIT, "several clicks in flight", |_| {
        let going = going.load(Ordering::SeqCst) == GAMES;
        (going && in_flight.load(Ordering::SeqCst) >= 2).then_some(())
    })
    .await;
    let dir = bot.kill();
    dead.store(true, Ordering::SeqCst);
    let mut clicked = Vec::new();
    for player in players {
        clicked.push(player.await.expect("a player task"));
    }
    assert!(
        clicked.iter().map(|c| c.unanswered).sum::<usize>() >= 1,
        "the kill caught clicks in flight"
    );
    assert!(
        clicked.iter().all(|c| c.acknowledged >= 1),
        "every game had acknowledged clicks before the kill"
    );

    let _bot = Bot::start(&emu, dir, &BotOptions::default()).await;
    for (&(channel, host, _), clicked) in tables.iter().zip(&clicked) {
        let stored = logged_actions(&emu, host, channel).await;
        // Acknowledged ⊆ stored; beyond that only the click that was in flight may have landed.
        assert!(
            (clicked.acknowledged..=clicked.acknowledged + clicked.unanswered).contains(&stored),
            "channel {channel}: {} acknowledged, {} unanswered, {stored} stored",
            clicked.acknowledged,
            clicked.unanswered
        );
    }
}
