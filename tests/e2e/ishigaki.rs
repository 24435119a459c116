//! End to end: a whole three-player Ishigaki Race through the real bot and the Discord emulator,
//! through the final round to the winner.

use crate::harness::*;
use saikoro_emulator::{Emulator, UserId};

#[tokio::test]
async fn a_three_player_race_with_a_final_round() {
    let emu = Emulator::start().await;
    let bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    let players: Vec<(&str, UserId)> = ["ann", "ben", "cho"].iter().map(|n| (*n, emu.user(n))).collect();
    let channel = emu.text_channel();
    let rules = slash(&emu, players[0].1, channel, "ishigaki rules").await;
    assert!(rules.contains("Roll die 2"), "{rules}");
    start_game(
        &emu,
        channel,
        "ishigaki",
        players[0].1,
        &[players[1].1, players[2].1],
    )
    .await;

    let mut decisions = 0;
    while let Some(board) = live(&emu, channel) {
        assert!(decisions < 3000, "the race did not end");
        // The title ends with whose turn (or roll-off roll) it is: "Ishigaki Race · 🔴 ann".
        let title = board.embeds[0]["title"].as_str().unwrap().to_owned();
        let &(_, player) = players
            .iter()
            .find(|(name, _)| title.ends_with(&format!(" {name}")))
            .unwrap_or_else(|| panic!("no player in {title}"));
        let choice = match button(&board, "roll") {
            Some(roll) => roll,
            // Push the luck one decision in three, so slips and doubles happen too.
            None if decisions % 3 == 0 => button(&board, "die2").expect("Roll die 2"),
            None => button(&board, "stop").expect("Stop"),
        };
        let (kind, text) = click(&emu, player, board.message_id(), &choice).await;
        assert_eq!(kind, callback_type::UPDATE_MESSAGE, "{text}");
        decisions += 1;
        emu.wait_for(WAIT, "the next board or the end", |e| {
            (win_message(e, channel).is_some() || live(e, channel).is_some()).then_some(())
        })
        .await;
    }
    let all: String = emu
        .channel(channel)
        .iter()
        .map(saikoro_emulator::Message::text)
        .collect();
    assert!(all.contains("Final round"), "the race went through a final round");
    let end = win_message(&emu, channel).unwrap();
    assert!(
        players.iter().any(|(n, _)| end.content.contains(n)),
        "{}",
        end.content
    );
    assert_eq!(live_count(&emu, channel), 0, "{}", bot.log());
    emu.assert_clean().await;
}
