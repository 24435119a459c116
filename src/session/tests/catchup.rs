//! After a start, the due pass runs while clicks are answered: a click on a game the pass has
//! not reached yet is answered at once, after what was due for that game.

use super::*;
use tokio::sync::Semaphore;

/// The recording channel, except that reminders anywhere but in `open` wait for the gate: the
/// due pass stalls on the first game it reminds, for as long as the test wants.
struct Gated {
    out: Arc<Channel>,
    open: ChannelId,
    gate: Semaphore,
}

#[async_trait::async_trait]
impl Outbox for Gated {
    async fn post(&self, channel: ChannelId, post: &Post) -> Result<MessageId, OutboxError> {
        self.out.post(channel, post).await
    }

    async fn edit(&self, channel: ChannelId, message: MessageId, post: &Post) -> Result<(), OutboxError> {
        self.out.edit(channel, message, post).await
    }

    async fn say(&self, channel: ChannelId, text: &str, ping: &[UserId]) -> Result<(), OutboxError> {
        if channel != self.open {
            drop(self.gate.acquire().await.expect("the gate stays"));
        }
        self.out.say(channel, text, ping).await
    }
}

/// Games due at once: each awaits its first player, reminded a second after the board.
const GAMES: u64 = 40;

/// Starts a game in `channel` between two players of its own (so no quota of one host counts).
async fn started_between(hub: &Arc<Tables>, out: &Channel, channel: ChannelId) -> String {
    let (host, guest) = (
        user(channel.get() * 2, "host"),
        user(channel.get() * 2 + 1, "guest"),
    );
    open(hub, channel, &host).await;
    let (_, lobby) = out.last(channel);
    assert!(matches!(
        click(hub, out, &button(&lobby, "join"), &guest).await,
        Reply::Update(_)
    ));
    let start = button(&lobby, "start");
    assert!(matches!(click(hub, out, &start, &host).await, Reply::Update(_)));
    start
}

fn reminders_in(out: &Channel, channel: ChannelId) -> usize {
    let msgs = out.messages.lock().unwrap();
    msgs.iter()
        .filter(|(c, _, p)| *c == channel && p.view.title.is_empty())
        .count()
}

#[tokio::test]
async fn a_click_is_answered_before_the_due_pass_ends_after_what_was_due_for_it() {
    let (dir, url) = temp_db("catchup");
    let out = Arc::new(Channel::default());
    let timers = REMIND_AFTER_A_SECOND;
    let clock = TestClock::new();
    let hub = restarted_at(&url, &out, timers, &clock).await;
    let channels: Vec<ChannelId> = (0..GAMES).map(|i| ChannelId(500 + i)).collect();
    for &channel in &channels {
        started_between(&hub, &out, channel).await;
    }
    drop(hub);
    clock.advance(1);

    // The last game is the last the pass (in id order) would reach.
    let clicked = *channels.last().expect("games");
    let gated = Arc::new(Gated {
        out: out.clone(),
        open: clicked,
        gate: Semaphore::new(0),
    });
    let hub = Tables::with_clock(
        Store::connect(&url).await.unwrap(),
        gated.clone(),
        test_settings(timers),
        clock.clone(),
    );
    assert_eq!(hub.restore_index().await.unwrap(), GAMES as usize);
    let pass = tokio::spawn({
        let hub = hub.clone();
        async move { hub.catch_up().await }
    });
    let (_, board) = out.last(clicked);
    let player = user(board.ping[0], "whoever is to play");
    let reply = click(&hub, &out, &button_ids(&board)[0], &player).await;

    assert!(matches!(reply, Reply::Update(_)), "answered: {reply:?}");
    assert!(!pass.is_finished(), "the due pass has not ended");
    assert_eq!(reminders_in(&out, clicked), 1, "its reminder came first, once");
    assert_eq!(
        reminders_in(&out, channels[1]),
        0,
        "the pass has not reached the others"
    );

    gated.gate.add_permits(Semaphore::MAX_PERMITS);
    pass.await.unwrap();
    for &channel in &channels {
        assert_eq!(reminders_in(&out, channel), 1, "channel {channel}: reminded once");
    }
    std::fs::remove_dir_all(dir).ok();
}
