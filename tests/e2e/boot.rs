//! Shards boot in buckets: one process with 16 shards against an emulator that says
//! `max_concurrency` in `GET /gateway/bot` and refuses (closes with 4008, and fails the test) an
//! IDENTIFY within a window of another in its bucket (`shard % max_concurrency`). The windows are
//! shortened on both sides so the test does not wait Discord's 5 s; the bot's is the longer, as
//! its default is Discord's plus a margin for round trips.

use crate::harness::*;
use saikoro_emulator::Emulator;
use std::time::Duration;

/// A bot running shards 0-15 of 16 on its own SQLite, a bucket's IDENTIFYs `window` apart.
fn sixteen_shards(window: Duration) -> BotOptions {
    BotOptions {
        shards: Some(("0-15".into(), 16)),
        extra: format!("identify_window_ms = {}", window.as_millis()),
        ..BotOptions::default()
    }
}

#[tokio::test]
async fn sixteen_shards_with_max_concurrency_16_identify_in_one_window() {
    let emu = Emulator::start_sharded(16).await;
    // A window far longer than the wait for the bot to be ready: a shard held to a second
    // window would never connect in time.
    let window = Duration::from_secs(60);
    emu.set_identify_limit(16, window);
    let _bot = Bot::start(&emu, workdir(), &sixteen_shards(window)).await;
    let mut shards: Vec<u32> = emu.identify_times().iter().map(|&(shard, _)| shard).collect();
    shards.sort_unstable();
    assert_eq!(shards, (0..16).collect::<Vec<_>>(), "every shard once");
    assert_eq!(emu.failures(), Vec::<String>::new());
}

#[tokio::test]
async fn sixteen_shards_with_max_concurrency_1_identify_one_window_apart_in_bucket_order() {
    let emu = Emulator::start_sharded(16).await;
    // 15 windows within the emulator's 10 s wait for the bot to be ready, even on a busy machine.
    let discords = Duration::from_millis(100);
    emu.set_identify_limit(1, discords);
    let _bot = Bot::start(&emu, workdir(), &sixteen_shards(Duration::from_millis(200))).await;
    let times = emu.identify_times();
    let order: Vec<u32> = times.iter().map(|&(shard, _)| shard).collect();
    assert_eq!(
        order,
        (0..16).collect::<Vec<_>>(),
        "one shard per window, in bucket order"
    );
    for pair in times.windows(2) {
        assert!(
            pair[1].1.checked_sub(pair[0].1).unwrap() >= discords,
            "a window apart: {times:?}"
        );
    }
    assert_eq!(emu.failures(), Vec::<String>::new());
}

#[tokio::test]
async fn an_identify_breaking_max_concurrency_is_refused_with_4008() {
    let emu = Emulator::start_sharded(2).await;
    emu.set_identify_limit(1, Duration::from_secs(60));
    // The bot's window shorter than Discord's: its two shards identify in one bucket at once.
    let bot = Bot::spawn(
        &emu,
        workdir(),
        &BotOptions {
            shards: Some(("0-1".into(), 2)),
            extra: "identify_window_ms = 1".into(),
            ..BotOptions::default()
        },
    );
    let refused = emu
        .wait_for(WAIT, "an IDENTIFY refused", |e| {
            e.failures().into_iter().find(|f| f.contains("IDENTIFY of shard"))
        })
        .await;
    assert!(
        refused.contains("bucket 0") && refused.contains("max_concurrency 1"),
        "{refused}"
    );
    assert_eq!(emu.identify_times().len(), 1, "only the first was accepted");
    // serenity logs the close code it was given: 4008, rate limited.
    let told = std::time::Instant::now();
    while !bot.log().contains("Gateway ratelimited") {
        assert!(told.elapsed() < WAIT, "the bot never saw 4008:\n{}", bot.log());
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    emu.take_failures();
}
