//! End to end with two bot processes, shards 0 and 1 of 2, sharing one PostgreSQL, against an
//! emulator that serves both shards (a guild on each; every guild's events go only to the
//! connection of its shard). Needs SAIKORO_TEST_POSTGRES_URL (ignored, with the reason, without it).

use crate::harness::*;
use crate::postgres_schema::Schema;
use saikoro_emulator::{ChannelId, Emulator, Message, UserId};
use serde_json::json;

/// The version (length of the action log) the board's buttons carry: `sk:<game>:<version>:…`.
fn version(board: &Message) -> Option<u64> {
    board
        .custom_ids()
        .iter()
        .find_map(|id| id.strip_prefix("sk:")?.split(':').nth(1)?.parse().ok())
}

/// The version of the live board, once there is one (after a turn passes the next board is
/// posted just after the answer).
async fn live_version(emu: &Emulator, channel: ChannelId) -> u64 {
    emu.wait_for(WAIT, "a live board", |e| {
        live(e, channel).as_ref().and_then(version)
    })
    .await
}

/// One accepted press on the live board, of the `pick`-th (wrapping) enabled control (a select's
/// first option), by whichever player the game awaits. Returns the board's version after it.
async fn press_once(emu: &Emulator, channel: ChannelId, players: &[UserId], pick: usize) -> u64 {
    for _ in 0..200 {
        let board = emu.wait_for(WAIT, "a live board", |e| live(e, channel)).await;
        let enabled: Vec<_> = board
            .controls()
            .into_iter()
            .filter(|c| {
                // Moves only: not resigning, and not the coach's hint (answered privately).
                let id = c["custom_id"].as_str().unwrap_or(":resign");
                c["disabled"] != true && !id.ends_with(":resign") && !id.ends_with(":?hint")
            })
            .cloned()
            .collect();
        let control = enabled[pick % enabled.len()].clone();
        let id = control["custom_id"].as_str().expect("an id").to_owned();
        let value = control["options"][0]["value"].as_str().map(str::to_owned);
        for user in players {
            let interaction = match &value {
                Some(v) => emu.select(*user, board.message_id(), &id, &[v]),
                None => emu.click(*user, board.message_id(), &id),
            };
            if emu.wait_callback(interaction, WAIT).await.kind == callback_type::UPDATE_MESSAGE {
                return live_version(emu, channel).await;
            }
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    panic!("no player could press anything in {channel:?}");
}

#[tokio::test]
#[cfg_attr(
    not(postgres_tests),
    ignore = "needs PostgreSQL: set SAIKORO_TEST_POSTGRES_URL, e.g. eval \"$(bash .ci/postgres.sh)\""
)]
async fn postgres_two_shard_processes_play_to_the_end_through_a_sigkill() {
    let schema = Schema::create("saikoro_e2e").await;
    let url = schema.url();
    let emu = Emulator::start_sharded(2).await;
    let opts = |shard: u32| BotOptions {
        database_url: Some(url.clone()),
        shards: Some((shard.to_string(), 2)),
        ..BotOptions::default()
    };
    // Each waits until every shard is connected, so they start together.
    let (lower_opts, upper_opts) = (opts(0), opts(1));
    let (lower, upper) = tokio::join!(
        Bot::start(&emu, workdir(), &lower_opts),
        Bot::start(&emu, workdir(), &upper_opts)
    );
    let mut identified = emu.identified_shards();
    identified.sort_by_key(std::string::ToString::to_string);
    assert_eq!(
        identified,
        vec![json!([0, 2]), json!([1, 2])],
        "each shard exactly once"
    );

    let (ann, ben) = (emu.user("ann"), emu.user("ben"));
    let players = [ann, ben];
    let on_lower = emu.text_channel_on(0, "dice-0");
    let on_upper = emu.text_channel_on(1, "dice-1");
    start_game(&emu, on_lower, "stones", ann, &[ben]).await;
    start_game(&emu, on_upper, "stones", ann, &[ben]).await;
    // Presses until three actions are stored (a press may be a step, which stores nothing).
    let mut acknowledged = 0;
    for pick in 0..60 {
        if acknowledged >= 3 {
            break;
        }
        press_once(&emu, on_lower, &players, pick).await;
        acknowledged = press_once(&emu, on_upper, &players, pick).await;
    }
    assert!(
        acknowledged >= 3,
        "three actions acknowledged, version {acknowledged}"
    );

    // SIGKILL the process of shard 1 mid-game; shard 0's game goes on meanwhile.
    let upper_dir = upper.kill();
    press_once(&emu, on_lower, &players, 1).await;
    let upper = Bot::start(&emu, upper_dir, &upper_opts).await;
    assert_eq!(
        emu.identified_shards().last(),
        Some(&json!([1, 2])),
        "it came back as shard 1"
    );
    assert_eq!(
        live_version(&emu, on_upper).await,
        acknowledged,
        "every acknowledged action is still there"
    );

    for (channel, seed) in [(on_lower, 3), (on_upper, 4)] {
        play_randomly(&emu, channel, &players, seed, MAX_PRESSES).await;
        assert!(
            end_message(&emu, channel).is_some(),
            "the game in {channel:?} ended"
        );
        assert_eq!(live_count(&emu, channel), 0);
    }
    // Each process served its own shard's games only.
    let (lower_log, upper_log) = (lower.log(), upper.log());
    assert!(!lower_log.contains("another process's shard"), "{lower_log}");
    assert!(!upper_log.contains("another process's shard"), "{upper_log}");
    // No click was answered twice (Discord's 40060) and nothing else went wrong.
    emu.assert_clean().await;
    drop((lower, upper));
    schema.drop().await;
}
