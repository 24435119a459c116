//! End to end: pictures on a server that chose `image` boards. A decision made in steps edits
//! the board's picture at each step (Ninja's picked ninja and its lettered destinations), with
//! no emoji drawing beside it; a finished game's replay offers the whole game as an animated
//! GIF within Discord's upload limit.

use crate::harness::*;
use saikoro_emulator::{ChannelId, Emulator, Message, UserId};
use serde_json::json;

/// Discord's upload limit for a bot's file.
const UPLOAD_LIMIT: usize = 10 * 1024 * 1024;

/// The message's one attachment, shown as the embed's image: (id, bytes, file name).
fn shown(message: &Message) -> (u64, Vec<u8>, String) {
    assert_eq!(message.attachments.len(), 1, "one picture per board message");
    let image = message
        .embed_image()
        .expect("the embed's image is the attachment");
    assert!(
        image.description.as_deref().is_some_and(|alt| !alt.is_empty()),
        "alt text"
    );
    (image.id, image.data.clone(), image.filename.clone())
}

/// The Ninja board's emoji drawing: its floor squares.
fn drawn_in_emoji(message: &Message) -> bool {
    let description = message.embeds[0]["description"].as_str().unwrap_or_default();
    description.contains("🟫") || description.contains("⬜")
}

async fn image_server(emu: &Emulator, manager: UserId, channel: ChannelId) {
    let answer = slash_with(
        emu,
        manager,
        channel,
        "saikoro-settings",
        &[("board_style", json!(1))],
    )
    .await;
    assert!(answer.contains("Boards: picture"), "{answer}");
}

#[tokio::test]
async fn a_step_press_edits_the_picture_with_no_emoji_drawing_beside_it() {
    let emu = Emulator::start().await;
    let _bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    let channel = emu.text_channel();
    let (mia, ann) = (emu.admin("Mia"), emu.user("Ann"));
    image_server(&emu, mia, channel).await;
    start_game(&emu, channel, "ninja", mia, &[ann]).await;
    let board = emu.wait_for(WAIT, "a live board", |e| live(e, channel)).await;
    let player = *pinged(&board).first().expect("the board pings its player");
    if let Some(roll) = button(&board, "roll") {
        click(&emu, player, board.message_id(), &roll).await;
    }
    let board = emu.message(board.message_id()).unwrap();
    let (before_id, before_png, file) = shown(&board);
    assert_eq!(file, "board.png");
    assert!(!drawn_in_emoji(&board), "{}", board.embeds[0]["description"]);
    let step = board
        .custom_ids()
        .into_iter()
        .find(|id| id.contains(":~"))
        .expect("a ninja to pick, a step");
    let (kind, text) = click(&emu, player, board.message_id(), &step).await;
    assert_eq!(kind, callback_type::UPDATE_MESSAGE, "{text}");
    let stepped = emu.message(board.message_id()).unwrap();
    let (id, png, _) = shown(&stepped);
    assert_ne!(id, before_id, "the step uploads the picture anew");
    assert_ne!(
        png, before_png,
        "the picture shows the picked ninja and its destinations"
    );
    assert!(!drawn_in_emoji(&stepped), "{}", stepped.embeds[0]["description"]);
    emu.assert_clean().await;
}

#[tokio::test]
async fn the_replay_offers_the_whole_game_as_an_animated_gif() {
    let emu = Emulator::start().await;
    let _bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    let channel = emu.text_channel();
    let (mia, ann) = (emu.admin("Mia"), emu.user("Ann"));
    let first = start_game(&emu, channel, "cantstop", mia, &[ann]).await;
    let game_id: u64 = first.custom_ids()[0].split(':').nth(1).unwrap().parse().unwrap();
    let board = emu.wait_for(WAIT, "a live board", |e| live(e, channel)).await;
    let player = *pinged(&board).first().expect("the board pings its player");
    let roll = button(&board, "roll").expect("a roll");
    click(&emu, player, board.message_id(), &roll).await;
    let resigned = slash(&emu, player, channel, "cantstop resign").await;
    assert!(resigned.contains("resigned"), "{resigned}");

    let i = emu.slash(mia, channel, "cantstop replay", &[("id", json!(game_id))]);
    emu.wait_callback(i, WAIT).await;
    let replay = emu
        .wait_for(WAIT, "the replay", |e| {
            e.original(i).filter(|m| !m.embeds.is_empty())
        })
        .await;
    let animation = replay
        .custom_ids()
        .into_iter()
        .find(|id| id.ends_with("🎞"))
        .expect("the replay offers the animation");
    let (kind, text) = click(&emu, mia, replay.message_id(), &animation).await;
    assert_eq!(kind, callback_type::UPDATE_MESSAGE, "{text}");
    let animated = emu.message(replay.message_id()).unwrap();
    let (_, gif, file) = shown(&animated);
    assert_eq!(file, "game.gif");
    assert!(gif.starts_with(b"GIF89a"), "a GIF");
    assert!(gif.len() < UPLOAD_LIMIT, "{} bytes", gif.len());
    emu.assert_clean().await;
}
