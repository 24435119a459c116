//! End to end: three people and a bot finish a game of Can't Stop through the real bot and the
//! Discord emulator; then `/saikoro leaderboard`, `stats` and `history` answer with its figures.

use crate::harness::*;
use saikoro_emulator::Emulator;
use serde_json::{Value, json};

/// `game` option index of Can't Stop (the registry's first game).
const CANTSTOP: u64 = 0;

#[tokio::test]
async fn three_people_and_a_bot_finish_a_game_and_the_history_commands_show_it() {
    let emu = Emulator::start().await;
    let _bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    let (ann, ben, cat) = (emu.user("ann"), emu.user("ben"), emu.user("cat"));
    let channel = emu.text_channel();
    let first = start_game_with(&emu, channel, "cantstop", ann, &[ben, cat], &[], 1).await;
    let game_id = game_id(&first).to_string();
    play_randomly(&emu, channel, &[ann, ben, cat], 5, MAX_PRESSES).await;
    let end = end_message(&emu, channel).unwrap().content;
    let people = [("ann", ann), ("ben", ben), ("cat", cat)];
    let winner = people
        .iter()
        .find(|(name, _)| end.contains(&format!("{name} wins")));

    let (board, private) = ask_text(
        &emu,
        ben,
        channel,
        "saikoro leaderboard",
        &[("game", json!(CANTSTOP))],
    )
    .await;
    assert!(private, "private unless asked");
    let rows: Vec<&str> = board.lines().filter(|l| l.starts_with("`#")).collect();
    assert_eq!(rows.len(), 4, "{board}");
    assert!(rows.iter().all(|r| r.contains("1 games")), "{board}");
    let winner_row = |mention: &str| rows.iter().find(|r| r.contains(mention)).copied().unwrap();
    match winner {
        Some((_, id)) => {
            let row = winner_row(&format!("<@{}>", id.0));
            assert!(
                row.starts_with("`#1`") && row.contains("1 wins (100%)"),
                "{board}"
            );
        }
        None => assert!(winner_row("Normal bot").contains("1 wins (100%)"), "{board}"),
    }
    assert_eq!(
        rows.iter().filter(|r| r.contains("0 wins (0%)")).count(),
        3,
        "{board}"
    );
    assert!(board.contains("Page 1 of 1"), "{board}");

    let (stats, private) = ask_text(
        &emu,
        ann,
        channel,
        "saikoro stats",
        &[("user", json!(cat.0)), ("public", json!(true))],
    )
    .await;
    assert!(!private, "public when asked");
    let cat_won = winner.is_some_and(|(name, _)| *name == "cat");
    let expected = format!("1 games, {} wins", u8::from(cat_won));
    assert!(stats.contains(&expected), "{stats}");
    assert!(stats.contains("Favourite game\nCan't Stop"), "{stats}");
    assert!(stats.contains("Head-to-head"), "{stats}");

    let (history, _) = ask_text(&emu, cat, channel, "saikoro history", &[]).await;
    assert!(history.contains(&format!("`{game_id}` Can't Stop")), "{history}");
    assert!(history.contains("🏆"), "{history}");

    // The replay's last move shows the board exactly as it was left live; its buttons step.
    let live_end = end_message(&emu, channel).unwrap();
    let i = emu.slash(
        cat,
        channel,
        "cantstop replay",
        &[("id", json!(game_id.parse::<u64>().unwrap()))],
    );
    emu.wait_callback(i, WAIT).await;
    let replay = emu
        .wait_for(WAIT, "the replay", |e| {
            e.original(i).filter(|m| !m.embeds.is_empty())
        })
        .await;
    assert_eq!(replay.embeds[0]["description"], live_end.embeds[0]["description"]);
    let footer = |m: &saikoro_emulator::Message| m.embeds[0]["footer"]["text"].as_str().unwrap().to_owned();
    let moves = footer(&replay)
        .split(" of ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .to_owned();
    assert!(
        footer(&replay).contains(&format!("move {moves} of {moves}")),
        "{}",
        footer(&replay)
    );
    for (emoji, shown) in [("⏮", "move 0 of"), ("▶", "move 1 of"), ("◀", "move 0 of")] {
        let current = emu.message(replay.message_id()).unwrap();
        let id = current
            .custom_ids()
            .into_iter()
            .find(|id| id.ends_with(emoji))
            .unwrap();
        assert_eq!(
            click(&emu, cat, replay.message_id(), &id).await.0,
            callback_type::UPDATE_MESSAGE
        );
        let stepped = emu.message(replay.message_id()).unwrap();
        assert!(footer(&stepped).contains(shown), "{emoji}: {}", footer(&stepped));
    }
    emu.assert_clean().await;
}

#[tokio::test]
async fn a_crash_right_after_the_winning_click_leaves_the_game_finished_and_rated_once() {
    let emu = Emulator::start().await;
    let bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    let (ann, ben) = (emu.user("ann"), emu.user("ben"));
    let channel = emu.text_channel();
    let board = start_game(&emu, channel, "cantstop", ann, &[ben]).await;
    let game_id = game_id(&board).to_string();
    // Ben gives up (Can't Stop's board has no Resign button: the command takes the same path
    // as a click). SIGKILL as soon as it is answered.
    let answer = slash(&emu, ben, channel, "cantstop resign").await;
    assert!(answer.contains("resigned"), "{answer}");
    let dir = bot.kill();
    let bot = Bot::start(&emu, dir, &BotOptions::default()).await;

    let (board, _) = ask_text(
        &emu,
        ann,
        channel,
        "saikoro leaderboard",
        &[("game", json!(CANTSTOP))],
    )
    .await;
    let rows: Vec<&str> = board.lines().filter(|l| l.starts_with("`#")).collect();
    assert_eq!(rows.len(), 2, "{board}");
    let ann_row = rows
        .iter()
        .find(|r| r.contains(&format!("<@{}>", ann.0)))
        .unwrap();
    assert!(
        ann_row.starts_with("`#1`") && ann_row.contains("1 games · 1 wins"),
        "{board}"
    );
    let ben_row = rows
        .iter()
        .find(|r| r.contains(&format!("<@{}>", ben.0)))
        .unwrap();
    assert!(ben_row.contains("1 games · 0 wins"), "{board}");
    // The restarted bot has no game left to finish (or rate again) in the channel.
    let answer = slash(&emu, ann, channel, "cantstop board").await;
    assert!(answer.contains("There is no game"), "{answer}");

    // The terminal reads the finished game back: its record as JSON, and move by move.
    let saikoro = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_saikoro"))
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    let database = format!("sqlite://{}", bot.dir.join("games.db").display());
    let record: Value =
        serde_json::from_str(&saikoro(&["export", &game_id, "--database", &database])).unwrap();
    assert_eq!(record["game"], "cantstop");
    assert_eq!(record["seats"][1]["name"], "ben");
    assert_eq!(
        record["actions"],
        json!([{"seat": 1, "action": "resign", "dice": []}])
    );
    let config = bot.dir.join("config.toml");
    let replay = saikoro(&["replay", &game_id, "--config", config.to_str().unwrap()]);
    assert!(replay.contains("1. ben — resign"), "{replay}");
    assert!(replay.contains("ann wins"), "{replay}");
}

#[tokio::test]
async fn rematch_opens_a_lobby_with_the_same_players_and_the_seats_rotated() {
    let emu = Emulator::start().await;
    let _bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    let (ann, ben, cat) = (emu.user("ann"), emu.user("ben"), emu.user("cat"));
    let channel = emu.text_channel();
    let first = start_game(&emu, channel, "cantstop", ann, &[ben]).await;
    let game_id = game_id(&first).to_string();
    let answer = slash(&emu, ben, channel, "cantstop resign").await;
    assert!(answer.contains("resigned"), "{answer}");
    let end = emu
        .wait_for(WAIT, "the final board", |e| {
            end_message(e, channel).filter(|m| !m.custom_ids().is_empty())
        })
        .await;
    let rematch = format!("rm:{game_id}");
    assert_eq!(end.custom_ids(), vec![rematch.clone()]);
    assert!(live(&emu, channel).is_none(), "nothing left to play");

    // Someone who did not play and a forged id are told why, privately; nothing opens.
    let (kind, text) = click(&emu, cat, end.message_id(), &rematch).await;
    assert_eq!(kind, callback_type::CHANNEL_MESSAGE_WITH_SOURCE);
    assert!(text.contains("Only the players"), "{text}");
    let i = emu.forged_click(ann, end.message_id(), "rm:987654");
    let cb = emu.wait_callback(i, WAIT).await;
    assert!(
        cb.data["content"]
            .as_str()
            .unwrap()
            .contains("can't be played again")
    );
    assert!(live(&emu, channel).is_none());

    let (_, text) = click(&emu, ann, end.message_id(), &rematch).await;
    assert!(text.contains("Lobby opened"), "{text}");
    let lobby = emu
        .wait_for(WAIT, "the rematch lobby", |e| live(e, channel))
        .await;
    assert_eq!(pinged(&lobby), vec![ben], "the lobby calls whom it expects");
    let expected = lobby.embeds[0]["fields"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == "Expected")
        .unwrap()
        .clone();
    assert_eq!(expected["value"], format!("<@{}>", ben.0));
    let (_, text) = click(&emu, ben, end.message_id(), &rematch).await;
    assert!(text.contains("already opened"), "{text}");

    let (kind, _) = click(&emu, ben, lobby.message_id(), &button(&lobby, "join").unwrap()).await;
    assert_eq!(kind, callback_type::UPDATE_MESSAGE);
    let lobby = emu.message(lobby.message_id()).unwrap();
    let (kind, _) = click(&emu, ann, lobby.message_id(), &button(&lobby, "start").unwrap()).await;
    assert_eq!(kind, callback_type::UPDATE_MESSAGE);
    let board = emu
        .wait_for(WAIT, "the rematch's first board", |e| {
            live(e, channel).filter(|m| m.message_id() != lobby.message_id())
        })
        .await;
    // Ben, the old seat 2, now sits first.
    let players = emu.message(lobby.message_id()).unwrap().embeds[0]["fields"][0]["value"]
        .as_str()
        .unwrap()
        .to_owned();
    let seats: Vec<&str> = players.lines().collect();
    assert!(seats[0].ends_with(&format!("<@{}>", ben.0)), "{players}");
    assert!(seats[1].ends_with(&format!("<@{}>", ann.0)), "{players}");
    assert_ne!(crate::harness::game_id(&board).to_string(), game_id);
    emu.assert_clean().await;
}
