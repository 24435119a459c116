//! End to end: three people and a bot finish a game of Can't Stop through the real bot and the
//! Discord emulator; then `/saikoro leaderboard`, `stats` and `history` answer with its figures.

mod common;
mod emulator;

use common::*;
use emulator::{ChannelId, Emulator, UserId};
use serde_json::{Value, json};

/// `game` option index of Can't Stop (the registry's first game).
const CANTSTOP: u64 = 0;

/// Runs a history command and returns its answer (embed or text) and whether it is private.
async fn ask(
    emu: &Emulator,
    user: UserId,
    channel: ChannelId,
    path: &str,
    options: &[(&str, Value)],
) -> (String, bool) {
    let i = emu.slash(user, channel, path, options);
    emu.wait_callback(i, WAIT).await;
    let answer = emu
        .wait_for(WAIT, "the command's answer", |e| {
            e.original(i)
                .filter(|m| !m.embeds.is_empty() || !m.content.is_empty())
        })
        .await;
    (answer.text(), answer.ephemeral())
}

#[tokio::test]
async fn three_people_and_a_bot_finish_a_game_and_the_history_commands_show_it() {
    let emu = Emulator::start().await;
    let _bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    let (ann, ben, cat) = (emu.user("ann"), emu.user("ben"), emu.user("cat"));
    let channel = emu.text_channel();
    let first = start_game_with(&emu, channel, "cantstop", ann, &[ben, cat], &[], 1).await;
    let game_id = first.custom_ids()[0].split(':').nth(1).unwrap().to_owned();
    play_randomly(&emu, channel, &[ann, ben, cat], 5, 20_000).await;
    let end = end_message(&emu, channel).unwrap().content;
    let people = [("ann", ann), ("ben", ben), ("cat", cat)];
    let winner = people
        .iter()
        .find(|(name, _)| end.contains(&format!("{name} wins")));

    let (board, private) = ask(
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

    let (stats, private) = ask(
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

    let (history, _) = ask(&emu, cat, channel, "saikoro history", &[]).await;
    assert!(history.contains(&format!("`{game_id}` Can't Stop")), "{history}");
    assert!(history.contains("🏆"), "{history}");
    emu.assert_clean().await;
}
