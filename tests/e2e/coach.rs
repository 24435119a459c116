//! End to end: the coach. A player whose turn it is presses 💡 Hint and alone sees, in their own
//! language and within Discord's 3 s, what the strong bot would do; the board and the log stay as
//! they were, the game is marked as coached (through a restart) and the result says so. A server
//! with hints off shows no button and refuses a forged press. After the game, `/cantstop review`.

use crate::harness::*;
use saikoro_emulator::{ChannelId, Emulator, Message, UserId};
use std::time::{Duration, Instant};

/// Whether the text reads as Japanese (several kana).
fn japanese(text: &str) -> bool {
    text.chars()
        .filter(|c| ('\u{3040}'..='\u{30ff}').contains(c))
        .count()
        >= 5
}

/// Presses the hint on `board` as `user`: the private answer and how long it took.
async fn hint(emu: &Emulator, user: UserId, board: &Message) -> (String, Duration) {
    let id = button(board, "?hint").expect("a live board offers a hint");
    let started = Instant::now();
    let i = emu.click(user, board.message_id(), &id);
    let answer = emu.wait_callback(i, WAIT).await;
    let took = started.elapsed();
    let text = answer.data["content"].as_str().unwrap_or_default().to_owned();
    assert!(answer.ephemeral(), "a hint is private: {text}");
    assert_eq!(
        answer.kind,
        callback_type::CHANNEL_MESSAGE_WITH_SOURCE,
        "a hint is a new private message, not a board update"
    );
    (text, took)
}

/// What a board shows and offers, to compare before and after a hint.
fn looks(emu: &Emulator, board: &Message) -> (String, Vec<String>) {
    let now = emu.message(board.message_id()).expect("the board");
    (now.text(), now.custom_ids())
}

/// Plays the awaited player's turn on the live board until the board moves on (first move
/// offered, stop after one move); returns the next live board.
async fn finish_turn(emu: &Emulator, channel: ChannelId, player: UserId, board: &Message) -> Message {
    let mut board = board.clone();
    let mut moved = false;
    loop {
        let choice = match board.custom_ids().into_iter().find(|id| id.contains(":m")) {
            Some(m) => {
                moved = true;
                m
            }
            None if moved => button(&board, "stop").expect("stop"),
            None => button(&board, "roll").expect("roll"),
        };
        let (kind, text) = click(emu, player, board.message_id(), &choice).await;
        assert_eq!(kind, callback_type::UPDATE_MESSAGE, "{text}");
        let before = board.message_id();
        board = emu.wait_for(WAIT, "a live board", |e| live(e, channel)).await;
        if board.message_id() != before {
            return board;
        }
    }
}

#[tokio::test]
async fn a_hint_is_private_in_the_players_language_changes_nothing_and_marks_the_game() {
    let emu = Emulator::start().await;
    let dir = workdir();
    let bot = Bot::start(&emu, dir.clone(), &BotOptions::default()).await;
    let (ann, taro) = (emu.user("ann"), emu.user("taro"));
    emu.set_locale(taro, "ja");
    let channel = emu.text_channel();
    let board = start_game(&emu, channel, "cantstop", ann, &[taro]).await;
    let first = pinged(&board)[0];
    let second = if first == ann { taro } else { ann };
    let game_id = i64::try_from(game_id(&board)).unwrap();

    // The player not awaited gets the usual refusal; an outsider too.
    let id = button(&board, "?hint").unwrap();
    let (kind, text) = click(&emu, second, board.message_id(), &id).await;
    assert_eq!(kind, callback_type::CHANNEL_MESSAGE_WITH_SOURCE);
    assert!(
        text.contains(if second == ann {
            "Waiting for"
        } else {
            "待っています"
        }),
        "{text}"
    );
    let outsider = emu.user("olga");
    let (_, text) = click(&emu, outsider, board.message_id(), &id).await;
    assert!(text.contains("not playing"), "{text}");

    // The awaited player rolls, then asks which move to take: the strong search answers in time.
    let roll = button(&board, "roll").unwrap();
    assert_eq!(
        click(&emu, first, board.message_id(), &roll).await.0,
        callback_type::UPDATE_MESSAGE
    );
    let rolled = emu.message(board.message_id()).unwrap();
    if rolled.custom_ids().iter().any(|i| i.contains(":m")) {
        let before = looks(&emu, &rolled);
        let log_before = slash(&emu, ann, channel, "cantstop log").await;
        let (advice, took) = hint(&emu, first, &rolled).await;
        eprintln!("hint on a roll answered in {took:?}: {advice}");
        assert!(took < Duration::from_secs(3), "{took:?}");
        assert!(advice.starts_with('💡'), "{advice}");
        assert_eq!(
            japanese(&advice),
            first == taro,
            "in the clicker's language: {advice}"
        );
        assert_eq!(
            looks(&emu, &rolled),
            before,
            "a hint changes nothing on the board"
        );
        let log_after = slash(&emu, ann, channel, "cantstop log").await;
        assert_eq!(log_after, log_before, "nor in the log");
        let board = finish_turn(&emu, channel, first, &rolled).await;
        // Now the other player's turn: their hint in their own language.
        assert_eq!(pinged(&board), [second]);
        let (advice, took) = hint(&emu, second, &board).await;
        eprintln!("hint on a turn's start answered in {took:?}: {advice}");
        assert_eq!(japanese(&advice), second == taro, "{advice}");
    } else {
        panic!("seed 7 should give the first roll a move; pick another seed");
    }

    // The mark is durable: it survives a restart and the result names both players.
    bot.kill();
    let _bot = Bot::start(&emu, dir, &BotOptions::default()).await;
    let players = [ann, taro];
    play_randomly(&emu, channel, &players, 3, 3000).await;
    let end = end_message(&emu, channel).expect("the result");
    assert!(end.content.contains("Coached game"), "{}", end.content);
    assert!(
        end.content.contains("ann") && end.content.contains("taro"),
        "{}",
        end.content
    );

    // The review of the finished game lists decisions with their cost, biggest first.
    let review = slash_with(&emu, ann, channel, "cantstop review", &[("id", game_id.into())]).await;
    assert!(review.contains("Review of"), "{review}");
    assert!(review.contains("Coached game"), "{review}");
    let costs: Vec<f64> = review
        .lines()
        .filter(|l| l.starts_with('`'))
        .filter_map(|l| l.split(": ").last()?.split(' ').next()?.parse().ok())
        .collect();
    assert!(!costs.is_empty(), "random play slips: {review}");
    assert!(costs.windows(2).all(|w| w[0] >= w[1]), "biggest first: {review}");
    let review_ja = slash_with(&emu, taro, channel, "cantstop review", &[("id", game_id.into())]).await;
    assert!(japanese(&review_ja), "{review_ja}");
    emu.assert_clean().await;
}

#[tokio::test]
async fn a_server_with_hints_off_shows_no_hint_and_refuses_a_forged_one() {
    let emu = Emulator::start().await;
    let _bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    let (ann, ben) = (emu.admin("ann"), emu.user("ben"));
    let channel = emu.text_channel();
    let saved = slash_with(&emu, ann, channel, "saikoro-settings", &[("hints", false.into())]).await;
    assert!(saved.contains("Hints: off"), "{saved}");
    let board = start_game(&emu, channel, "cantstop", ann, &[ben]).await;
    assert!(button(&board, "?hint").is_none(), "{:?}", board.custom_ids());
    let player = pinged(&board)[0];
    let roll = button(&board, "roll").unwrap();
    let forged = roll.replace(":roll", ":?hint");
    let before = looks(&emu, &board);
    let i = emu.forged_click(player, board.message_id(), &forged);
    let answer = emu.wait_callback(i, WAIT).await;
    let text = answer.data["content"].as_str().unwrap_or_default();
    assert!(answer.ephemeral(), "{text}");
    assert!(text.contains("switched off"), "{text}");
    assert_eq!(looks(&emu, &board), before);
    // Ishigaki Race boards follow the same setting.
    slash(&emu, ann, channel, "cantstop abandon").await;
    let board = start_game(&emu, channel, "ishigaki", ann, &[ben]).await;
    assert!(button(&board, "?hint").is_none());
    emu.assert_clean().await;
}

#[tokio::test]
async fn an_ishigaki_hint_names_the_best_choice_and_the_chance_to_win() {
    let emu = Emulator::start().await;
    let _bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    let (ann, ben) = (emu.user("ann"), emu.user("ben"));
    let channel = emu.text_channel();
    let board = start_game(&emu, channel, "ishigaki", ann, &[ben]).await;
    let player = pinged(&board)[0];
    let roll = button(&board, "roll").unwrap();
    assert_eq!(
        click(&emu, player, board.message_id(), &roll).await.0,
        callback_type::UPDATE_MESSAGE
    );
    let rolled = emu.message(board.message_id()).unwrap();
    let before = looks(&emu, &rolled);
    let (advice, took) = hint(&emu, player, &rolled).await;
    eprintln!("ishigaki hint answered in {took:?}: {advice}");
    assert!(advice.contains("chance to win"), "{advice}");
    assert!(advice.contains('%'), "{advice}");
    assert_eq!(looks(&emu, &rolled), before);
    emu.assert_clean().await;
}
