//! End to end: a Japanese server with a Japanese and an English player, for every game. Private
//! answers follow the clicking user's Discord language; lobbies and boards follow the server's.

use crate::harness::*;
use saikoro::games::GameKind;
use saikoro_emulator::{ChannelId, Emulator, Message, UserId};

/// Whether the text reads as Japanese: sentences in Japanese have kana, while English texts may
/// hold at most a game's Japanese name (賢者の石).
fn japanese(text: &str) -> bool {
    let kana = text
        .chars()
        .filter(|c| ('\u{3040}'..='\u{30ff}').contains(c))
        .count();
    kana >= 5
}

/// A lobby's or board's words, without the names and mentions people bring.
fn shown(message: &Message) -> String {
    let mut message = message.clone();
    message.content.clear();
    message.text()
}

/// `host` opens a lobby for `game` and `guest` joins; returns the first board.
async fn open_and_start(
    emu: &Emulator,
    channel: ChannelId,
    game: &str,
    host: UserId,
    guest: UserId,
) -> Message {
    slash(emu, host, channel, &format!("{game} start")).await;
    let lobby = emu.wait_for(WAIT, "the lobby", |e| live(e, channel)).await;
    assert!(
        japanese(&shown(&lobby)),
        "{game}: the lobby is in the server's language:\n{}",
        shown(&lobby)
    );
    let join = button(&lobby, "join").expect("join");
    assert_eq!(
        click(emu, guest, lobby.message_id(), &join).await.0,
        callback_type::UPDATE_MESSAGE
    );
    let lobby = emu.message(lobby.message_id()).unwrap();
    let start = button(&lobby, "start").expect("start");
    assert_eq!(
        click(emu, host, lobby.message_id(), &start).await.0,
        callback_type::UPDATE_MESSAGE
    );
    emu.wait_for(WAIT, "the first board", |e| {
        live(e, channel).filter(|m| m.message_id() != lobby.message_id())
    })
    .await
}

#[tokio::test]
async fn a_japanese_server_shows_japanese_boards_and_answers_each_player_in_their_language() {
    let emu = Emulator::start().await;
    let _bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    emu.set_guild_locale("ja");
    let taro = emu.user("taro");
    emu.set_locale(taro, "ja");
    let ann = emu.user("ann");
    for (i, kind) in GameKind::ALL.iter().enumerate() {
        let game = kind.id();
        let channel = emu.add_text_channel(game);
        // Private answers: the rules in each reader's language.
        let rules_ja = slash(&emu, taro, channel, &format!("{game} rules")).await;
        assert!(
            japanese(&rules_ja),
            "{game}: rules for a Japanese user:\n{rules_ja}"
        );
        let rules_en = slash(&emu, ann, channel, &format!("{game} rules")).await;
        assert!(
            !japanese(&rules_en),
            "{game}: rules for an English user:\n{rules_en}"
        );
        // Either may host: the board follows the server, not the host.
        let (host, guest) = if i % 2 == 0 { (taro, ann) } else { (ann, taro) };
        let board = open_and_start(&emu, channel, game, host, guest).await;
        assert!(
            japanese(&shown(&board)),
            "{game}: the board is in Japanese:\n{}",
            shown(&board)
        );
        // The player not awaited presses: the refusal is in their own language.
        let awaited = pinged(&board);
        let waiting = if awaited.contains(&taro) { ann } else { taro };
        let control = board.custom_ids().into_iter().next().expect("a control");
        let refused = emu.forged_click(waiting, board.message_id(), &control);
        let answer = emu.wait_callback(refused, WAIT).await;
        let text = answer.data["content"].as_str().unwrap_or_default().to_string();
        assert!(answer.ephemeral(), "{game}: {text}");
        assert_eq!(
            japanese(&text),
            waiting == taro,
            "{game}: the refusal follows the clicker: {text}"
        );
        // The end of a game is announced in the server's language too.
        let abandon = slash(&emu, host, channel, &format!("{game} abandon")).await;
        assert_eq!(japanese(&abandon), host == taro, "{game}: {abandon}");
        let last = emu.message(board.message_id()).unwrap();
        assert!(
            japanese(&shown(&last)),
            "{game}: the abandoned board:\n{}",
            shown(&last)
        );
    }
    emu.assert_clean().await;
}
