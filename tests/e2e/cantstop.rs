//! End to end: the real bot (`saikoro run`) against the Discord emulator, playing Can't Stop as
//! people would — slash commands, lobby buttons, board buttons — and checking what the channel shows.

use crate::harness::*;
use saikoro_emulator::{ChannelId, Emulator, Message, MessageId, UserId};
use std::time::{Duration, Instant};

/// A simple player: take the first move offered; roll until two moves were made on this board
/// (this turn), then stop.
#[derive(Default)]
struct Policy {
    board: Option<MessageId>,
    moves: u32,
}

impl Policy {
    /// Whether `board` starts a new turn, and the button to press on it.
    fn choose(&mut self, board: &Message) -> (bool, String) {
        let fresh = self.board != Some(board.message_id());
        if fresh {
            self.board = Some(board.message_id());
            self.moves = 0;
        }
        let choice = if let Some(m) = board.custom_ids().into_iter().find(|id| id.contains(":m")) {
            self.moves += 1;
            m
        } else if self.moves >= 2 {
            button(board, "stop").expect("stop after a move")
        } else {
            button(board, "roll").expect("roll")
        };
        (fresh, choice)
    }
}

/// Plays the live board for whoever is pinged until the game ends. Returns the number of clicks.
async fn play_to_the_end(emu: &Emulator, channel: ChannelId) -> usize {
    let mut clicks = 0;
    let mut policy = Policy::default();
    let mut player = UserId(0);
    while let Some(board) = live(emu, channel) {
        assert!(clicks < 3000, "the game did not end");
        let (fresh, choice) = policy.choose(&board);
        if fresh {
            // A fresh board pings the player whose turn it is.
            player = *pinged(&board).first().expect("a new board pings its player");
        }
        let (kind, text) = click(emu, player, board.message_id(), &choice).await;
        assert_eq!(
            kind,
            callback_type::UPDATE_MESSAGE,
            "a legal click updates the board ({text})"
        );
        clicks += 1;
        // A new board may follow the turn's end; wait until the channel settles on one.
        emu.wait_for(WAIT, "a live board or the end", |e| {
            (live(e, channel).is_some() || win_message(e, channel).is_some()).then_some(())
        })
        .await;
    }
    clicks
}

#[tokio::test]
async fn start_up_registers_exactly_our_commands() {
    let emu = Emulator::start().await;
    let _bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    let mut names = emu.command_names();
    names.sort();
    let games: Vec<String> = saikoro::games::GameKind::ALL
        .iter()
        .map(|k| k.id().to_owned())
        .collect();
    let mut expected = games.clone();
    expected.extend(["saikoro".into(), "saikoro-settings".into()]);
    expected.sort();
    assert_eq!(names, expected);
    for command in emu.registered_commands() {
        let description = command["description"].as_str().unwrap();
        assert!((1..=100).contains(&description.chars().count()), "{description}");
        let subs: Vec<&str> = command["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["name"].as_str().unwrap())
            .collect();
        if command["name"] == "saikoro" {
            assert_eq!(
                subs,
                [
                    "leaderboard",
                    "stats",
                    "history",
                    "forget-me",
                    "games",
                    "away",
                    "notify"
                ]
            );
            // Everyone may read the server's history.
            assert!(command["default_member_permissions"].is_null());
        } else if command["name"] == "saikoro-settings" {
            // Manage Server (1 << 5) by default: Discord hides it from other members.
            assert_eq!(command["default_member_permissions"], "32");
        } else if command["name"] != "pig" {
            // Every game but the test-only Pig has a coach, which reviews finished games and
            // measures puzzles; Can't Stop alone has a daily.
            let daily: &[&str] = if command["name"] == "cantstop" {
                &["daily"]
            } else {
                &[]
            };
            let coached = [
                "start", "rules", "board", "resign", "abandon", "log", "replay", "review",
            ];
            assert_eq!(subs, [&coached[..], daily, &["puzzle"]].concat());
        } else {
            assert_eq!(
                subs,
                ["start", "rules", "board", "resign", "abandon", "log", "replay"]
            );
        }
    }
    emu.assert_clean().await;
}

#[tokio::test]
async fn a_whole_two_player_game_to_a_win() {
    let emu = Emulator::start().await;
    let bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    let (ann, ben) = (emu.user("ann"), emu.user("ben"));
    let channel = emu.text_channel();
    let first = start_game(&emu, channel, "cantstop", ann, &[ben]).await;
    assert_eq!(
        pinged(&first).len(),
        1,
        "the first board pings exactly the first player"
    );
    let clicks = play_to_the_end(&emu, channel).await;
    assert!(clicks > 10, "a real game takes more than {clicks} clicks");
    let end = win_message(&emu, channel).expect("a win announcement");
    assert!(
        end.content.contains("ann") || end.content.contains("ben"),
        "{}",
        end.content
    );
    assert_eq!(
        live_count(&emu, channel),
        0,
        "no live buttons remain:\n{}",
        bot.log()
    );
    // The same seed plays the same game: the log says who won in the same number of clicks.
    let log = slash(&emu, ann, channel, "cantstop log").await;
    assert!(log.contains("no game"), "the finished game is closed: {log}");
    emu.assert_clean().await;
}

#[tokio::test]
async fn wrong_clicks_get_a_private_answer_and_change_nothing() {
    let emu = Emulator::start().await;
    let _bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    let (ann, ben, eve) = (emu.user("ann"), emu.user("ben"), emu.user("eve"));
    let channel = emu.text_channel();
    let board = start_game(&emu, channel, "cantstop", ann, &[ben]).await;
    let active = pinged(&board)[0];
    let waiting = if active == ann { ben } else { ann };
    let roll = button(&board, "roll").unwrap();

    let (kind, text) = click(&emu, eve, board.message_id(), &roll).await;
    assert_eq!(
        (kind, text.contains("not playing")),
        (callback_type::CHANNEL_MESSAGE_WITH_SOURCE, true),
        "{text}"
    );
    let (kind, text) = click(&emu, waiting, board.message_id(), &roll).await;
    assert_eq!(
        (kind, text.starts_with("Waiting for")),
        (callback_type::CHANNEL_MESSAGE_WITH_SOURCE, true),
        "{text}"
    );
    let forged = emu.forged_click(active, board.message_id(), "sk:999:0:roll");
    let cb = emu.wait_callback(forged, WAIT).await;
    assert!(
        cb.ephemeral() && cb.data["content"].as_str().unwrap().contains("ended"),
        "{:?}",
        cb.data
    );
    let garbage = emu.forged_click(active, board.message_id(), "not-ours");
    assert!(emu.wait_callback(garbage, WAIT).await.ephemeral());
    assert_eq!(
        emu.message(board.message_id()).unwrap().custom_ids(),
        board.custom_ids(),
        "nothing changed"
    );

    // Two clicks at the same moment: exactly one acts.
    let a = emu.click(active, board.message_id(), &roll);
    let b = emu.click(active, board.message_id(), &roll);
    let (ca, cb) = (emu.wait_callback(a, WAIT).await, emu.wait_callback(b, WAIT).await);
    let mut kinds = [ca.kind, cb.kind];
    kinds.sort_unstable();
    assert_eq!(
        kinds,
        [
            callback_type::CHANNEL_MESSAGE_WITH_SOURCE,
            callback_type::UPDATE_MESSAGE
        ],
        "one update and one private answer"
    );
    // The old version's button, sent by an outdated client, is refused as stale.
    let stale = emu.forged_click(active, board.message_id(), &roll);
    let cb = emu.wait_callback(stale, WAIT).await;
    let text = cb.data["content"].as_str().unwrap_or_default();
    assert!(
        cb.ephemeral() && text.contains("out of date") && text.contains("/channels/"),
        "{text}"
    );
    let log = slash(&emu, ann, channel, "cantstop log").await;
    assert_eq!(log.matches("rolled").count(), 1, "one roll in the log: {log}");
    emu.assert_clean().await;
}

#[tokio::test]
async fn channels_threads_abandon_resign_and_expiry() {
    let emu = Emulator::start().await;
    let opts = BotOptions {
        lobby_expiry_secs: 2,
        ..BotOptions::default()
    };
    let _bot = Bot::start(&emu, workdir(), &opts).await;
    let (ann, ben, cho, dan) = (emu.user("ann"), emu.user("ben"), emu.user("cho"), emu.user("dan"));
    let boss = emu.admin("boss");
    let (channel, thread) = (emu.text_channel(), emu.thread());

    start_game(&emu, channel, "cantstop", ann, &[ben]).await;
    let again = slash(&emu, cho, channel, "cantstop start").await;
    assert!(
        again.contains("already running") && again.contains("/channels/"),
        "{again}"
    );
    // A thread is its own channel: a second game runs there.
    start_game(&emu, thread, "cantstop", cho, &[dan]).await;

    let refused = slash(&emu, ben, channel, "cantstop abandon").await;
    assert!(refused.contains("Only the host"), "{refused}");
    let done = slash(&emu, ann, channel, "cantstop abandon").await;
    assert!(done.contains("abandoned"), "{done}");
    assert_eq!(live_count(&emu, channel), 0);
    assert!(live(&emu, thread).is_some(), "the thread's game goes on");

    let resigned = slash(&emu, dan, thread, "cantstop resign").await;
    assert!(resigned.contains("resigned"), "{resigned}");
    emu.wait_for(WAIT, "cho's win", |e| {
        e.channel(thread)
            .iter()
            .any(|m| m.content.contains("cho wins"))
            .then_some(())
    })
    .await;
    assert_eq!(live_count(&emu, thread), 0);

    // A manager may abandon someone else's game; a lobby nobody starts expires by itself.
    start_game(&emu, channel, "cantstop", ben, &[cho]).await;
    let done = slash(&emu, boss, channel, "cantstop abandon").await;
    assert!(done.contains("abandoned"), "{done}");
    let opened = slash(&emu, ann, channel, "cantstop start").await;
    assert!(opened.contains("Lobby opened"), "{opened}");
    emu.wait_for(Duration::from_secs(8), "the lobby to expire", |e| {
        let expired = e.channel(channel).iter().any(|m| m.text().contains("expired"));
        (expired && live(e, channel).is_none()).then_some(())
    })
    .await;
    emu.assert_clean().await;
}

#[tokio::test]
async fn every_interaction_is_answered_quickly() {
    let emu = Emulator::start().await;
    let _bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    let (ann, ben) = (emu.user("ann"), emu.user("ben"));
    let channel = emu.text_channel();
    start_game(&emu, channel, "cantstop", ann, &[ben]).await;
    let started = Instant::now();
    let mut latencies = vec![];
    for _ in 0..20 {
        let Some(board) = live(&emu, channel) else { break };
        let player = pinged(&board).first().copied().unwrap_or(ann);
        let id = button(&board, "roll")
            .or_else(|| board.custom_ids().into_iter().find(|i| i.contains(":m")))
            .unwrap();
        let i = emu.click(player, board.message_id(), &id);
        let cb = emu.wait_callback(i, WAIT).await;
        latencies.push(cb.latency);
        emu.wait_for(WAIT, "a live board", |e| live(e, channel)).await;
    }
    latencies.sort();
    eprintln!(
        "{} clicks in {:?}; dispatch→callback median {:?}, max {:?}",
        latencies.len(),
        started.elapsed(),
        latencies[latencies.len() / 2],
        latencies.last().unwrap()
    );
    // assert_clean fails on any interaction not answered within Discord's 3 seconds.
    emu.assert_clean().await;
}

#[tokio::test]
async fn a_person_plays_a_bot_to_the_end() {
    let emu = Emulator::start().await;
    let bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    let ann = emu.user("ann");
    let channel = emu.text_channel();
    let answer = slash(&emu, ann, channel, "cantstop start").await;
    assert!(answer.contains("Lobby opened"), "{answer}");
    let lobby = emu.wait_for(WAIT, "the lobby", |e| live(e, channel)).await;
    let (kind, _) = click(
        &emu,
        ann,
        lobby.message_id(),
        &button(&lobby, "bot-strong").unwrap(),
    )
    .await;
    assert_eq!(kind, callback_type::UPDATE_MESSAGE);
    let lobby = emu.message(lobby.message_id()).unwrap();
    assert!(lobby.text().contains("Bot 1 (strong)"), "{}", lobby.text());
    let (kind, _) = click(&emu, ann, lobby.message_id(), &button(&lobby, "start").unwrap()).await;
    assert_eq!(kind, callback_type::UPDATE_MESSAGE);

    // Ann plays whenever a board pings her; the bot plays by itself in between.
    let mut clicks = 0;
    let mut policy = Policy::default();
    loop {
        let state = emu
            .wait_for(WAIT, "ann's turn or the end", |e| {
                if win_message(e, channel).is_some() {
                    return Some(None);
                }
                let board = live(e, channel)?;
                let title = board.embeds.first()?["title"].as_str()?.to_owned();
                // "Can't Stop · 🔴 ann": the title ends with whose turn it is.
                title.ends_with(" ann").then_some(Some(board))
            })
            .await;
        let Some(board) = state else { break };
        assert!(clicks < 2000, "the game did not end");
        let (_, choice) = policy.choose(&board);
        let (kind, text) = click(&emu, ann, board.message_id(), &choice).await;
        assert_eq!(kind, callback_type::UPDATE_MESSAGE, "{text}");
        clicks += 1;
    }
    let end = win_message(&emu, channel).unwrap();
    assert!(
        end.content.contains("ann") || end.content.contains("Bot 1"),
        "{}",
        end.content
    );
    assert!(
        emu.channel(channel).iter().any(|m| m.text().contains("Bot 1")),
        "the board and log show what the bot did"
    );
    let leftover: Vec<String> = emu
        .channel(channel)
        .iter()
        .filter(|m| playable(m))
        .map(|m| format!("{} {:?} {}", m.id, m.custom_ids(), m.text()))
        .collect();
    assert!(
        leftover.is_empty(),
        "live buttons remain: {leftover:#?}\n{}",
        bot.log()
    );
    emu.assert_clean().await;
}
