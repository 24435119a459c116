//! Turn notices on a clock the test moves: a DM only once a wait has outlasted the grace
//! period, once per turn, and none for a player seen in the channel since their last action.

use super::*;
use deadlines::NOTICE_GRACE_SECS;

/// The DMs sent so far, once the spawned sends that are ready have run (they go off the game's
/// lock, in tasks of their own).
async fn directs(out: &Channel) -> Vec<UserId> {
    for _ in 0..100 {
        tokio::task::yield_now().await;
    }
    out.directs.lock().unwrap().clone()
}

/// Starts a game in `channel` and plays the first roll of whoever's turn it is (a first roll
/// always moves, so it is still theirs); returns that player.
async fn rolled(hub: &Arc<Tables>, out: &Channel, channel: ChannelId) -> User {
    started_in(hub, out, channel).await;
    let (_, board) = out.last(channel);
    let player = user(board.ping[0], "x");
    let roll = button(&board, "roll");
    assert!(matches!(click(hub, out, &roll, &player).await, Reply::Update(_)));
    player
}

/// Tables on a clock the test moves, with the server's timers off.
async fn clocked() -> (Arc<TestClock>, Arc<Channel>, Arc<Tables>) {
    let clock = TestClock::new();
    let out = Arc::new(Channel::default());
    let store = Store::connect("sqlite::memory:").await.unwrap();
    let hub = Tables::with_clock(
        store,
        out.clone(),
        test_settings(Timers::default()),
        clock.clone(),
    );
    (clock, out, hub)
}

#[tokio::test]
async fn a_notice_waits_out_the_grace_period_and_skips_who_was_seen_since() {
    let (clock, out, hub) = clocked().await;
    for id in [1, 2] {
        hub.notify(&user(id, "x"), Some(true)).await;
    }
    let player = rolled(&hub, &out, CHANNEL).await;

    // Still at the board for all the bot knows until the grace period is over.
    clock.advance(NOTICE_GRACE_SECS as u64 - 1);
    hub.check_timers().await;
    assert!(directs(&out).await.is_empty(), "a second early");
    clock.advance(1);
    hub.check_timers().await;
    assert_eq!(directs(&out).await, vec![player.id], "away past the grace period");
    clock.advance(NOTICE_GRACE_SECS as u64);
    hub.check_timers().await;
    assert_eq!(directs(&out).await.len(), 1, "one notice a turn");

    // In another game, the player rolls and then does something in its channel: present.
    let other = rolled(&hub, &out, THREAD).await;
    assert!(hub.over_rate(&other, THREAD).is_none());
    clock.advance(NOTICE_GRACE_SECS as u64);
    hub.check_timers().await;
    assert_eq!(directs(&out).await.len(), 1, "seen since the roll: no DM");
}

#[tokio::test]
async fn a_wait_is_due_for_notices_only_when_an_awaited_player_asked_and_asking_later_counts() {
    let (clock, out, hub) = clocked().await;
    let player = rolled(&hub, &out, CHANNEL).await;
    let due = || async { hub.play.store.next_due().await.unwrap() };
    assert_eq!(due().await, None, "nobody asked and no timers: never due");

    // Asking while the game is in memory: its stored due time follows at once.
    hub.notify(&player, Some(true)).await;
    let grace = clock.now() + NOTICE_GRACE_SECS;
    assert_eq!(due().await, Some(grace), "due a grace period after the roll");
    hub.notify(&player, Some(false)).await;
    assert_eq!(due().await, None, "switched off again: not due");
    clock.advance(NOTICE_GRACE_SECS as u64);
    hub.check_timers().await;
    assert!(directs(&out).await.is_empty(), "off: no DM");
    hub.notify(&player, Some(true)).await;
    hub.check_timers().await;
    assert_eq!(
        directs(&out).await,
        vec![player.id],
        "on again, past the grace period"
    );
}
