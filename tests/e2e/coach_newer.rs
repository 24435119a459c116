//! End to end: the coach of Ninja Versus Ninja, Wise Man's Stones and Saizumi. The awaited
//! player's 💡 Hint answers privately, in their language, with the choice likeliest to win by
//! playouts and how sure that is, and changes nothing; after a few moves and a resignation,
//! `/<game> review` of the finished game answers in the reader's language.

use crate::harness::*;
use saikoro_emulator::{ChannelId, Emulator, Message, UserId};
use std::time::Duration;

/// How long a review may take here (see [`reviewed`]).
const REVIEW_WAIT: Duration = Duration::from_secs(90);

/// Whether the text reads as Japanese (several kana).
fn japanese(text: &str) -> bool {
    text.chars()
        .filter(|c| ('\u{3040}'..='\u{30ff}').contains(c))
        .count()
        >= 5
}

/// The private answer to `user`'s press of 💡 on `board`: at once, or after a deferral (a slow
/// weighing) as a private follow-up.
async fn hint(emu: &Emulator, user: UserId, board: &Message) -> String {
    let id = button(board, "?hint").expect("a live board offers a hint");
    let earlier = emu.ephemerals_for(user).len();
    let answer = emu
        .wait_callback(emu.click(user, board.message_id(), &id), WAIT)
        .await;
    if answer.kind == callback_type::DEFERRED_UPDATE_MESSAGE {
        let follow_up = emu
            .wait_for(WAIT, "the deferred hint", |e| {
                e.ephemerals_for(user).get(earlier).cloned()
            })
            .await;
        return follow_up.content;
    }
    let text = answer.data["content"].as_str().unwrap_or_default().to_owned();
    assert!(answer.ephemeral(), "a hint is private: {text}");
    text
}

/// What a board shows and offers.
fn looks(emu: &Emulator, board: &Message) -> (String, Vec<String>) {
    let now = emu.message(board.message_id()).expect("the board");
    (now.text(), now.custom_ids())
}

/// Presses `count` controls of the live boards, the `k`-th press the `k`-th offered (cycling),
/// by whichever player the game awaits.
async fn press(emu: &Emulator, channel: ChannelId, players: &[UserId], count: usize) {
    for k in 0..count {
        let board = emu.wait_for(WAIT, "a live board", |e| live(e, channel)).await;
        let presses = moves_on(&board);
        let (id, value) = &presses[k % presses.len()];
        for user in players {
            let i = match value {
                Some(v) => emu.select(*user, board.message_id(), id, &[v]),
                None => emu.click(*user, board.message_id(), id),
            };
            if emu.wait_callback(i, WAIT).await.kind == callback_type::UPDATE_MESSAGE {
                break;
            }
        }
    }
}

/// A game of `game` between ann and ben: hints in English then Japanese, a few moves, ann
/// resigns, and both languages' reviews of it.
async fn hint_and_review(game: &str) {
    let emu = Emulator::start().await;
    let _bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    let (ann, ben) = (emu.user("ann"), emu.user("ben"));
    let channel = emu.text_channel();
    let board = start_game(&emu, channel, game, ann, &[ben]).await;
    let id = i64::try_from(game_id(&board)).unwrap();
    let player = pinged(&board)[0];
    let other = if player == ann { ben } else { ann };

    // Ninja's turn starts with a roll: one thing to do, and the hint says so.
    if let Some(roll) = button(&board, "roll") {
        let only = hint(&emu, player, &board).await;
        assert!(only.starts_with('💡') && only.contains("only thing"), "{only}");
        let (kind, text) = click(&emu, player, board.message_id(), &roll).await;
        assert_eq!(kind, callback_type::UPDATE_MESSAGE, "{text}");
    }
    let board = emu.message(board.message_id()).expect("the board");
    let before = looks(&emu, &board);
    let advice = hint(&emu, player, &board).await;
    eprintln!("{game} hint: {advice}");
    assert!(advice.starts_with('💡'), "{advice}");
    assert!(
        advice.contains("played out") && advice.contains("95% sure"),
        "{advice}"
    );
    assert!(!japanese(&advice), "{advice}");
    emu.set_locale(player, "ja");
    let advice_ja = hint(&emu, player, &board).await;
    eprintln!("{game} hint (ja): {advice_ja}");
    assert!(japanese(&advice_ja) && advice_ja.contains('%'), "{advice_ja}");
    emu.set_locale(player, "en");
    assert_eq!(looks(&emu, &board), before, "a hint changes nothing");
    // The other player is not awaited: refused, no advice.
    let refused = hint(&emu, other, &board).await;
    assert!(refused.contains("Waiting for"), "{refused}");

    press(&emu, channel, &[ann, ben], 6).await;
    let resigned = slash(&emu, ann, channel, &format!("{game} resign")).await;
    assert!(resigned.contains("resigned"), "{resigned}");
    let review = reviewed(&emu, ann, channel, game, id).await;
    eprintln!("{game} review: {review}");
    assert!(review.contains("Review of"), "{review}");
    assert!(review.contains("Coached game"), "the hints are noted: {review}");
    emu.set_locale(ann, "ja");
    let review_ja = reviewed(&emu, ann, channel, game, id).await;
    assert!(
        japanese(&review_ja) && review_ja.contains("振り返り"),
        "{review_ja}"
    );
    emu.assert_clean().await;
}

#[tokio::test]
async fn a_ninja_hint_and_review_in_both_languages() {
    hint_and_review("ninja").await;
}

#[tokio::test]
async fn a_stones_hint_and_review_in_both_languages() {
    hint_and_review("stones").await;
}

#[tokio::test]
async fn a_saizumi_hint_and_review_in_both_languages() {
    hint_and_review("saizumi").await;
}

/// `/<game> review` of game `id`. A review weighs every decision of the game by playouts: in a
/// debug build on a busy machine that takes longer than a click's wait, while the command is
/// deferred (Discord waits 15 minutes for it).
async fn reviewed(emu: &Emulator, user: UserId, channel: ChannelId, game: &str, id: i64) -> String {
    let path = format!("{game} review");
    slash_waiting(emu, user, channel, &path, &[("id", id.into())], REVIEW_WAIT).await
}
