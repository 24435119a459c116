//! End to end: `/saikoro-settings` through the real bot and the Discord emulator. Only members
//! with Manage Server change anything, a contradictory change is refused whole, answers follow
//! the caller's language, and what was saved survives a restart.

use crate::harness::*;
use saikoro_emulator::Emulator;
use serde_json::json;

#[tokio::test]
async fn managers_change_the_servers_settings_and_they_survive_a_restart() {
    let emu = Emulator::start().await;
    let dir = workdir();
    let bot = Bot::start(&emu, dir.clone(), &BotOptions::default()).await;
    let channel = emu.text_channel();
    let (ann, boss) = (emu.user("ann"), emu.admin("boss"));

    // A member without Manage Server is told so, and nothing changes.
    let refused = slash_with(&emu, ann, channel, "saikoro-settings", &[("hints", json!(false))]).await;
    assert!(refused.contains("Manage Server"), "{refused}");
    let current = slash(&emu, boss, channel, "saikoro-settings").await;
    assert!(
        current.contains("Boards: emoji and text") && current.contains("Hints: allowed"),
        "the defaults: {current}"
    );

    // A timeout shorter than the reminder is refused, and the board style given with it is not saved.
    let bad = slash_with(
        &emu,
        boss,
        channel,
        "saikoro-settings",
        &[
            ("reminder_hours", json!(5)),
            ("timeout_hours", json!(2)),
            ("board_style", json!(1)),
        ],
    )
    .await;
    assert!(bad.contains("longer than the reminder"), "{bad}");

    // A Japanese manager changes everything at once and reads the answer in Japanese.
    emu.set_locale(boss, "ja");
    let saved = slash_with(
        &emu,
        boss,
        channel,
        "saikoro-settings",
        &[
            ("reminder_hours", json!(2)),
            ("timeout_hours", json!(6)),
            ("on_timeout", json!(1)),
            ("board_style", json!(1)),
            ("hints", json!(false)),
        ],
    )
    .await;
    for expected in [
        "保存しました",
        "リマインド2時間後",
        "タイムアウト6時間後",
        "ゲームから抜ける",
        "盤面：画像",
        "ヒント：使えない",
    ] {
        assert!(saved.contains(expected), "{expected} in {saved}");
    }

    // After a restart the server's own settings are read back from the store.
    bot.terminate();
    let _bot = Bot::start(&emu, dir, &BotOptions::default()).await;
    emu.set_locale(boss, "en-US");
    let after = slash(&emu, boss, channel, "saikoro-settings").await;
    for expected in [
        "reminder after 2 h",
        "timeout after 6 h",
        "leave the game",
        "Boards: picture",
        "Hints: off",
    ] {
        assert!(after.contains(expected), "{expected} in {after}");
    }
    assert!(!after.contains("Saved"), "showing is not saving: {after}");
    emu.assert_clean().await;
}
