//! End to end: board pictures. A server that chose `image` boards gets each board with a PNG
//! uploaded as Discord expects (multipart: `payload_json` plus `files[0]`), shown as the embed's
//! image with alt text, and replaced on each move; a server on emoji boards gets no picture.

use crate::harness::*;
use saikoro_emulator::{ChannelId, Emulator, Message, UserId};
use serde_json::json;

/// The board's picture: exactly one attachment, the embed's image, a PNG with alt text.
fn picture(board: &Message) -> (u64, Vec<u8>, String) {
    assert_eq!(board.attachments.len(), 1, "one picture on the board");
    assert_eq!(
        board.embeds[0]["image"]["url"], "attachment://board.png",
        "the embed shows the uploaded picture"
    );
    let shown = board.embed_image().expect("the embed's image is the attachment");
    assert!(shown.data.starts_with(b"\x89PNG"), "a PNG");
    assert_eq!(shown.content_type, "image/png");
    let alt = shown.description.clone().expect("alt text");
    assert!(alt.chars().count() <= 1024, "alt text within Discord's limit");
    (shown.id, shown.data.clone(), alt)
}

fn no_picture(board: &Message) {
    assert!(
        board.attachments.is_empty(),
        "no picture: {:?}",
        board.attachments.len()
    );
    assert!(board.embeds[0]["image"].is_null(), "no embed image");
    assert!(drawn_in_emoji(board), "the board is drawn in emoji");
}

/// The embed draws the Can't Stop mountain in emoji (its column numbers are under the drawing).
fn drawn_in_emoji(board: &Message) -> bool {
    board.embeds[0]["description"]
        .as_str()
        .is_some_and(|d| d.contains("2️⃣3️⃣4️⃣5️⃣6️⃣7️⃣8️⃣9️⃣0️⃣1️⃣2️⃣"))
}

/// Sets the server's board style (0: emoji, 1: image) as a manager would.
async fn set_board_style(emu: &Emulator, manager: UserId, channel: ChannelId, style: u64, shown: &str) {
    let answer = slash_with(
        emu,
        manager,
        channel,
        "saikoro-settings",
        &[("board_style", json!(style))],
    )
    .await;
    assert!(answer.contains(&format!("Boards: {shown}")), "{answer}");
}

/// Has the pinged player roll (again after a bust) until a move can be taken, then takes it.
/// Returns the board the move was made on.
async fn make_a_move(emu: &Emulator, channel: ChannelId) -> Message {
    for _ in 0..20 {
        let board = live(emu, channel).expect("a live board");
        let player = *pinged(&board).first().expect("the board pings its player");
        let choice = board
            .custom_ids()
            .into_iter()
            .find(|id| id.contains(":m"))
            .or_else(|| button(&board, "roll"))
            .expect("a move or a roll");
        let before = picture(&board);
        let (kind, text) = click(emu, player, board.message_id(), &choice).await;
        assert_eq!(
            kind,
            callback_type::UPDATE_MESSAGE,
            "the click updates the board ({text})"
        );
        if choice.contains(":m") {
            return board;
        }
        // The roll's answer carries the board's picture again.
        let rolled = emu.message(board.message_id()).unwrap();
        assert_eq!(rolled.attachments.len(), 1);
        assert_ne!(picture(&rolled).0, before.0, "an edit uploads the picture anew");
        emu.wait_for(WAIT, "a live board", |e| live(e, channel)).await;
    }
    panic!("no move within 20 rolls");
}

#[tokio::test]
async fn image_boards_carry_a_picture_that_each_move_replaces() {
    let emu = Emulator::start().await;
    let _bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    let (emoji_channel, image_channel) = (emu.add_text_channel("emoji"), emu.text_channel());
    let mia = emu.admin("Mia");
    let ann = emu.user("Ann");

    // By default a server's boards are emoji and text only.
    let board = start_game(&emu, emoji_channel, "cantstop", mia, &[ann]).await;
    no_picture(&board);

    set_board_style(&emu, mia, image_channel, 1, "picture").await;
    let board = start_game(&emu, image_channel, "cantstop", mia, &[ann]).await;
    let (first_id, first_png, alt) = picture(&board);
    assert!(
        alt.starts_with("Can't Stop mountain")
            && alt.contains("Mia (vermillion circle)")
            && alt.contains("Ann (blue square)"),
        "{alt}"
    );
    assert!(!board.custom_ids().is_empty(), "the buttons stay");
    // The picture is the board: the embed keeps only the words, not the emoji drawing too.
    assert!(!drawn_in_emoji(&board), "{}", board.embeds[0]["description"]);
    assert!(
        board.embeds[0]["fields"][0]["name"]
            .as_str()
            .is_some_and(|d| d.contains("free · bust")),
        "{}",
        board.embeds[0]
    );

    // A move puts a runner on the mountain: the board is edited with a new picture.
    let moved_on = make_a_move(&emu, image_channel).await;
    let after = emu.message(moved_on.message_id()).unwrap();
    let (id, png, alt) = picture(&after);
    assert_ne!(id, first_id);
    assert_ne!(png, first_png, "the picture shows the move");
    assert!(alt.contains("White runners this turn"), "{alt}");
    assert!(!after.custom_ids().is_empty(), "the buttons stay");

    // Back on emoji boards, the next update removes the picture.
    set_board_style(&emu, mia, image_channel, 0, "emoji and text").await;
    let board = live(&emu, image_channel).unwrap();
    let player = *pinged(&board).first().unwrap_or(&mia);
    let choice = button(&board, "roll")
        .or_else(|| button(&board, "stop"))
        .or_else(|| board.custom_ids().into_iter().find(|id| id.contains(":m")))
        .expect("a control");
    click(&emu, player, board.message_id(), &choice).await;
    no_picture(&emu.message(board.message_id()).unwrap());
    emu.assert_clean().await;
}

/// Item 4 of #28: Saizumi's Details only shows more of the board, so anyone reading may press it
/// (the player waiting, a spectator) and is shown every card in full privately, without
/// controls; the board everyone sees stays as it was.
#[tokio::test]
async fn anyone_may_look_at_saizumis_details_privately() {
    let emu = Emulator::start().await;
    let _bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    let (ann, ben, cho) = (emu.user("ann"), emu.user("ben"), emu.user("cho"));
    let channel = emu.text_channel();
    let board = start_game(&emu, channel, "saizumi", ann, &[ben]).await;
    let awaited = *pinged(&board).first().expect("the board pings its player");
    let waiting = if awaited == ann { ben } else { ann };
    let details = button(&board, "~?details").expect("a Details button");
    for reader in [waiting, cho] {
        let i = emu.click(reader, board.message_id(), &details);
        let answer = emu.wait_callback(i, WAIT).await;
        assert_eq!(answer.kind, callback_type::CHANNEL_MESSAGE_WITH_SOURCE);
        assert!(answer.ephemeral(), "shown to the reader alone");
        let legend = answer.data["embeds"][0]["footer"]["text"]
            .as_str()
            .unwrap_or_default();
        assert!(
            legend.contains("pile = pips×mult"),
            "every card in full: {legend}"
        );
        assert!(
            answer.data["components"].as_array().is_none_or(Vec::is_empty),
            "a look has no controls"
        );
    }
    let after = emu.message(board.message_id()).expect("the board");
    assert_eq!(after.embeds, board.embeds, "the board everyone sees is unchanged");
    emu.assert_clean().await;
}
