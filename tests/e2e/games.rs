//! End to end: Ninja Versus Ninja, Wise Man's Stones and Saizumi through the real bot and the
//! Discord emulator, played to the end by people pressing the boards' controls — decisions made
//! in steps (a ninja then its destination, a chain a stone at a time, a card then its slot) and,
//! in Saizumi, a player responding out of turn. The emulator checks every message against
//! Discord's schema and limits as it goes.

use crate::harness::*;
use saikoro_emulator::Emulator;
use serde_json::json;

/// Ids of the steps pressed (`~…`) on a board's history, to show decisions went through steps.
fn step_presses(emu: &Emulator) -> usize {
    emu.interactions_with(|id| id.contains(":~"))
}

/// Pig exists only in test builds (core's `test-game` feature): its folder and one registry line
/// give it slash commands, a lobby, boards and buttons, with nothing else in the bot naming it.
#[tokio::test]
async fn a_game_added_by_its_folder_and_one_line_plays_to_a_winner() {
    let emu = Emulator::start().await;
    let _bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    two_play_to_a_winner(&emu, "pig", "Hold", 5).await;
    emu.assert_clean().await;
}

/// Ann and Ben read `game`'s rules (which mention `rules_word`), then play it from its lobby to a
/// winner, both pressing.
async fn two_play_to_a_winner(emu: &Emulator, game: &str, rules_word: &str, seed: u64) {
    let (ann, ben) = (emu.user("ann"), emu.user("ben"));
    let channel = emu.text_channel();
    let rules = slash(emu, ann, channel, &format!("{game} rules")).await;
    assert!(rules.contains(rules_word), "{rules}");
    let presses = play_to_end(emu, channel, game, &[ann, ben], seed).await;
    assert!(
        presses.iter().any(|p| p.0 == 0) && presses.iter().any(|p| p.0 == 1),
        "both played"
    );
    let end = end_message(emu, channel).expect("the game ended");
    assert!(
        end.content.contains("ann wins") || end.content.contains("ben wins"),
        "{}",
        end.content
    );
    assert_eq!(live_count(emu, channel), 0);
}

#[tokio::test]
async fn ninja_versus_ninja_to_a_winner() {
    let emu = Emulator::start().await;
    let _bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    two_play_to_a_winner(&emu, "ninja", "dojo", 11).await;
    assert!(
        step_presses(&emu) > 0,
        "ninjas were picked before their destinations"
    );
    emu.assert_clean().await;
}

#[tokio::test]
async fn wise_mans_stones_with_and_without_the_dice_to_the_end() {
    let emu = Emulator::start().await;
    let _bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    let (ann, ben) = (emu.user("ann"), emu.user("ben"));
    let games = [
        (emu.text_channel(), 3, vec![]),
        (emu.thread(), 4, vec![("dice", json!(true))]),
    ];
    for (channel, seed, options) in games {
        start_game_with(&emu, channel, "stones", ann, &[ben], &options, 0).await;
        let board = live(&emu, channel).unwrap().text();
        assert_eq!(board.contains("🎲 Roll"), !options.is_empty(), "{board}");
        play_randomly(&emu, channel, &[ann, ben], seed, MAX_PRESSES).await;
        assert!(end_message(&emu, channel).is_some());
        assert_eq!(live_count(&emu, channel), 0);
    }
    assert!(step_presses(&emu) > 0, "chains were built a step at a time");
    emu.assert_clean().await;
}

#[tokio::test]
async fn saizumi_with_two_people_and_a_bot_where_a_waiting_player_responds() {
    let emu = Emulator::start().await;
    let _bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    let (ann, ben) = (emu.user("ann"), emu.user("ben"));
    let channel = emu.text_channel();
    start_game_with(&emu, channel, "saizumi", ann, &[ben], &[], 1).await;
    let presses = play_randomly(&emu, channel, &[ann, ben], 5, MAX_PRESSES).await;
    // The title names the active player ("Saizumi, turn 4: 🔴 ann"): a press accepted from
    // someone else is a response out of turn.
    let names = ["ann", "ben"];
    let out_of_turn = presses
        .iter()
        .filter(|(i, title)| !title.ends_with(names[*i]))
        .count();
    assert!(out_of_turn > 0, "nobody responded out of turn: {presses:?}");
    assert!(end_message(&emu, channel).is_some());
    assert_eq!(live_count(&emu, channel), 0);
    emu.assert_clean().await;
}

#[tokio::test]
async fn a_bad_option_value_names_the_option_and_opens_nothing() {
    let emu = Emulator::start().await;
    let _bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    let ann = emu.user("ann");
    let channel = emu.text_channel();
    let answer = slash_with(
        &emu,
        ann,
        channel,
        "ishigaki start",
        &[("minus_two", json!("70"))],
    )
    .await;
    assert!(answer.contains("`minus_two` must be"), "{answer}");
    assert!(live(&emu, channel).is_none(), "no lobby was opened");
    emu.assert_clean().await;
}

/// Item 8 of #29: a number option carries its game's range, so Discord's input box refuses a
/// value out of it before the bot hears of it; the range's ends are accepted.
#[tokio::test]
async fn discords_input_box_refuses_a_number_out_of_the_games_range() {
    let emu = Emulator::start().await;
    let _bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    let ann = emu.user("ann");
    let channel = emu.text_channel();
    for (path, option, value) in [
        ("ninja start", "width", 99),
        ("ninja start", "width", 2),
        ("ishigaki start", "goal", 61),
    ] {
        let refused = emu.try_slash(ann, channel, path, &[(option, json!(value))]);
        assert!(
            refused.as_ref().is_err_and(|e| e.contains("outside")),
            "{path} {option}:{value}: {refused:?}"
        );
    }
    let answer = slash_with(&emu, ann, channel, "ishigaki start", &[("goal", json!(60))]).await;
    assert!(!answer.contains("must be"), "{answer}");
    assert!(live(&emu, channel).is_some(), "the lobby was opened");
    emu.assert_clean().await;
}
