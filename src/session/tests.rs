//! The session's decisions, without Discord: a recording outbox stands in for the channel.

use super::*;
use crate::engine::{AnyGame, Locale};
use crate::games::GameKind;
use crate::store::{Status, Store};
use ids::Route;
use live::due_at;
use std::sync::Arc;
use std::sync::Mutex as StdMutex;
use std::sync::atomic::{AtomicU64, Ordering};
use tokio::sync::Notify;

/// Remembers what the session sent to channels, as a user would see them.
#[derive(Default)]
struct Channel {
    next_id: AtomicU64,
    messages: StdMutex<Vec<(ChannelId, MessageId, Post)>>,
    /// Direct messages sent (turn notices), to whom.
    directs: StdMutex<Vec<UserId>>,
}

#[async_trait::async_trait]
impl Outbox for Channel {
    async fn post(&self, channel: ChannelId, post: &Post) -> Result<MessageId, OutboxError> {
        post.view.check_limits().map_err(OutboxError::Refused)?;
        let id = MessageId(1000 + self.next_id.fetch_add(1, Ordering::SeqCst));
        self.messages.lock().unwrap().push((channel, id, post.clone()));
        Ok(id)
    }

    async fn edit(&self, channel: ChannelId, message: MessageId, post: &Post) -> Result<(), OutboxError> {
        post.view.check_limits().map_err(OutboxError::Refused)?;
        let mut msgs = self.messages.lock().unwrap();
        let m = msgs
            .iter_mut()
            .find(|(c, id, _)| *c == channel && *id == message)
            .ok_or_else(|| OutboxError::Refused("edit of an unknown message".into()))?;
        m.2 = post.clone();
        Ok(())
    }

    async fn say(&self, channel: ChannelId, text: &str, ping: &[UserId]) -> Result<(), OutboxError> {
        let post = Post {
            content: Some(text.to_owned()),
            view: crate::engine::View {
                title: String::new(),
                description: String::new(),
                text: None,
                words: None,
                fields: vec![],
                colour: 0,
                footer: None,
                rows: vec![],
            },
            ping: ping.to_vec(),
            picture: None,
        };
        let id = MessageId(1000 + self.next_id.fetch_add(1, Ordering::SeqCst));
        self.messages.lock().unwrap().push((channel, id, post));
        Ok(())
    }

    async fn direct(&self, user: UserId, _text: &str) -> Result<(), OutboxError> {
        self.directs.lock().unwrap().push(user);
        Ok(())
    }
}

impl Channel {
    /// What Discord does with an UPDATE_MESSAGE answer: the clicked message becomes the post.
    fn update_clicked(&self, custom_id: &str, reply: &Reply) {
        if let Reply::Update(post) = reply {
            let mut msgs = self.messages.lock().unwrap();
            if let Some(m) = msgs
                .iter_mut()
                .find(|(_, _, p)| p.view.rows.iter().any(|r| r.ids().contains(&custom_id)))
            {
                m.2 = post.clone();
            }
        }
    }

    /// The message carrying a button, as a click would come from it.
    fn message_with(&self, custom_id: &str) -> MessageId {
        let msgs = self.messages.lock().unwrap();
        msgs.iter()
            .find(|(_, _, p)| p.view.rows.iter().any(|r| r.ids().contains(&custom_id)))
            .map_or(MessageId(0), |(_, id, _)| *id)
    }

    fn last(&self, channel: ChannelId) -> (MessageId, Post) {
        let msgs = self.messages.lock().unwrap();
        let (_, id, post) = msgs
            .iter()
            .rev()
            .find(|(c, _, _)| *c == channel)
            .expect("a message");
        (*id, post.clone())
    }

    /// Messages with controls that play or set up a game (a final board's Rematch does neither).
    fn live_buttons(&self) -> usize {
        let msgs = self.messages.lock().unwrap();
        msgs.iter().filter(|(_, _, p)| playable(p)).count()
    }
}

const CHANNEL: ChannelId = ChannelId(77);
const THREAD: ChannelId = ChannelId(78);

/// A member who may see every channel.
struct SeesAll;

impl Sight for SeesAll {
    fn sees(&self, _: ChannelId) -> bool {
        true
    }
}

fn user(id: impl Into<UserId>, name: &str) -> User {
    User {
        id: id.into(),
        name: name.into(),
        locale: Locale::En,
        manager: false,
    }
}

fn place(channel: ChannelId) -> Place {
    Place {
        guild: Some(GuildId(1)),
        channel,
        locale: Locale::En,
        threads: crate::session::ThreadRoom::NotHere,
    }
}

fn hub_with(store: Store) -> (Arc<Tables>, Arc<Channel>) {
    let channel = Arc::new(Channel::default());
    let settings = Settings {
        dice_seed: None,
        ..test_settings(Timers::default())
    };
    (Tables::new(store, channel.clone(), settings), channel)
}

async fn hub() -> (Arc<Tables>, Arc<Channel>) {
    hub_with(Store::connect("sqlite::memory:").await.unwrap())
}

/// Discord's side of a click's answer: the clicked message becomes an UPDATE's post. A
/// stalling answer never returns, as if the process died just after answering.
struct Answer<'a> {
    out: &'a Channel,
    custom_id: &'a str,
    reply: StdMutex<Option<Reply>>,
    stall: Option<Notify>,
}

impl<'a> Answer<'a> {
    fn new(out: &'a Channel, custom_id: &'a str) -> Self {
        Answer {
            out,
            custom_id,
            reply: StdMutex::new(None),
            stall: None,
        }
    }

    fn reply(&self) -> Reply {
        self.reply
            .lock()
            .unwrap()
            .take()
            .expect("every click is answered")
    }
}

#[async_trait::async_trait]
impl Responder for Answer<'_> {
    async fn answer(&self, reply: Reply) {
        self.out.update_clicked(self.custom_id, &reply);
        let earlier = self.reply.lock().unwrap().replace(reply);
        assert!(earlier.is_none(), "a click is answered once");
        if let Some(stall) = &self.stall {
            stall.notify_one();
            std::future::pending::<()>().await;
        }
    }
}

/// A click served as the Discord front end serves it: the id decoded once, and answered by
/// the service it names.
async fn serve(hub: &Arc<Tables>, out: &Channel, custom_id: &str, user: &User, answer: &Answer<'_>) {
    match ids::decode(custom_id, None) {
        Some(Route::Table(route)) => hub.click(&route, out.message_with(custom_id), user, answer).await,
        Some(Route::Records(route)) => {
            let reply = hub.records().click(route, Some(GuildId(1)), user, &SeesAll).await;
            answer.answer(reply).await;
        }
        Some(Route::DailyShare { owner, day }) => {
            let reply = hub.share_daily(owner, day, CHANNEL, user).await;
            answer.answer(reply).await;
        }
        Some(Route::Puzzle(route)) => {
            let reply = hub.puzzle_click(&route, Some(GuildId(1)), user).await;
            answer.answer(reply).await;
        }
        None => {
            let unknown = Tr::new(user.locale, &[]).t("click-unknown");
            answer.answer(Reply::Private(unknown)).await;
        }
    }
}

/// A click as Discord delivers it: the answer, and the clicked message updated if it says so.
async fn click(hub: &Arc<Tables>, out: &Channel, custom_id: &str, user: &User) -> Reply {
    let answer = Answer::new(out, custom_id);
    serve(hub, out, custom_id, user, &answer).await;
    answer.reply()
}

/// A click whose process dies right after answering it: nothing after the answer happens.
async fn click_then_crash(hub: &Arc<Tables>, out: &Channel, custom_id: &str, user: &User) -> Reply {
    let answer = Answer {
        stall: Some(Notify::new()),
        ..Answer::new(out, custom_id)
    };
    let stalled = answer.stall.as_ref().expect("a stalling answer");
    tokio::select! {
        biased;
        () = serve(hub, out, custom_id, user, &answer) => panic!("a stalling answer never returns"),
        () = stalled.notified() => {}
    }
    answer.reply()
}

/// The game a board's or lobby's button belongs to.
fn game_of(custom_id: &str) -> GameId {
    match ids::decode(custom_id, None) {
        Some(Route::Table(route)) => route.game(),
        other => panic!("not a table's button: {other:?}"),
    }
}

fn cantstop() -> GameKind {
    GameKind::from_id("cantstop").unwrap()
}

fn button_ids(post: &Post) -> Vec<String> {
    post.view
        .rows
        .iter()
        .flat_map(|r| r.ids())
        .map(str::to_owned)
        .collect()
}

fn playable(post: &Post) -> bool {
    button_ids(post).iter().any(|id| !id.starts_with("rm:"))
}

fn button(post: &Post, suffix: &str) -> String {
    button_ids(post)
        .into_iter()
        .find(|id| id.ends_with(&format!(":{suffix}")))
        .unwrap_or_else(|| panic!("no `{suffix}` button in {:?}", button_ids(post)))
}

/// Opens a Can't Stop lobby with default options.
async fn open(hub: &Arc<Tables>, channel: ChannelId, host: &User) -> String {
    hub.open_lobby(cantstop(), place(channel), host, serde_json::json!({}), false)
        .await
}

/// Opens a Can't Stop lobby for ann (1) and ben (2) and starts it; returns the game id.
async fn started(hub: &Arc<Tables>, out: &Channel) -> GameId {
    started_in(hub, out, CHANNEL).await
}

async fn started_in(hub: &Arc<Tables>, out: &Channel, channel: ChannelId) -> GameId {
    let hub = hub.clone();
    let ann = user(1, "ann");
    let reply = open(&hub, channel, &ann).await;
    assert!(reply.starts_with("Lobby opened"), "{reply}");
    let (_, lobby) = out.last(channel);
    let join = button(&lobby, "join");
    assert!(matches!(
        click(&hub, out, &join, &user(2, "ben")).await,
        Reply::Update(_)
    ));
    let start = button(&lobby, "start");
    match click(&hub, out, &start, &ann).await {
        Reply::Update(p) => assert!(p.view.rows.is_empty(), "the lobby loses its buttons"),
        other => panic!("{other:?}"),
    }
    game_of(&start)
}

async fn log_len(hub: &Tables, game: GameId) -> usize {
    hub.play
        .index
        .live(game)
        .await
        .unwrap()
        .expect("an unfinished game")
        .version()
}

/// The live board (the newest message with controls) as a click would come from it.
fn live_board(out: &Channel) -> Option<Post> {
    let msgs = out.messages.lock().unwrap();
    let live = msgs.iter().rev().find(|(_, _, p)| playable(p));
    live.map(|(_, _, p)| p.clone())
}

/// The game's log length in memory and in the store, while it is active.
async fn log_lens(hub: &Tables, game: GameId) -> (Option<usize>, Option<usize>) {
    let memory = hub.play.index.live(game).await.unwrap().map(|s| s.version());
    let games = hub.play.store.load_active().await.unwrap();
    (
        memory,
        games.iter().find(|g| g.row.id == game).map(|g| g.log.len()),
    )
}

/// Fuzzing runs `SAIKORO_FUZZ_CASES` cases, or `default` for an ordinary `cargo test`; a long
/// run: `SAIKORO_FUZZ_CASES=20000 cargo test --lib session::`.
pub(super) fn fuzz_config(default: u32) -> proptest::prelude::ProptestConfig {
    let cases = std::env::var("SAIKORO_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default);
    proptest::prelude::ProptestConfig::with_cases(cases)
}

/// A SQLite file in a fresh directory: (directory, URL).
fn temp_db(name: &str) -> (std::path::PathBuf, String) {
    let dir = std::env::temp_dir().join(format!("saikoro-{name}-{}", rand::random::<u64>()));
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}", dir.join("games.db").display());
    (dir, url)
}

/// The tests' settings: fixed dice, bots without delay, snapshots as in production.
/// Timers that remind a player a second after their board and never time out.
const REMIND_AFTER_A_SECOND: Timers = Timers {
    reminder_secs: 1,
    timeout_secs: 0,
    on_timeout: OnTimeout::Play,
};

fn test_settings(timers: Timers) -> Settings {
    Settings {
        lobby_expiry: Duration::from_secs(600),
        bot_delay: Duration::ZERO,
        timers,
        dice_seed: Some(7),
        snapshot_every: SNAPSHOT_EVERY,
        markup: &crate::discord::DiscordMarkup,
        limits: super::Limits::default(),
    }
}

/// The process started again on `url`, posting to the same channels (`out` outlives it).
async fn restarted(url: &str, out: &Arc<Channel>, timers: Timers) -> Arc<Tables> {
    Tables::new(
        Store::connect(url).await.unwrap(),
        out.clone(),
        test_settings(timers),
    )
}

/// A clock that stands still until the test moves it.
struct TestClock(AtomicU64);

impl TestClock {
    fn new() -> Arc<TestClock> {
        Arc::new(TestClock(AtomicU64::new(1_700_000_000)))
    }

    fn advance(&self, secs: u64) {
        self.0.fetch_add(secs, Ordering::SeqCst);
    }
}

impl Clock for TestClock {
    fn since_epoch(&self) -> Duration {
        Duration::from_secs(self.0.load(Ordering::SeqCst))
    }
}

/// As [`restarted`], on the test's clock.
async fn restarted_at(url: &str, out: &Arc<Channel>, timers: Timers, clock: &Arc<TestClock>) -> Arc<Tables> {
    Tables::with_clock(
        Store::connect(url).await.unwrap(),
        out.clone(),
        test_settings(timers),
        clock.clone(),
    )
}

/// The due pass after a start, while clicks are answered.
mod catchup;
mod clock;
mod lobby;
mod notices;
mod rematch;
/// Stored games that do not rebuild, and rows of any shape.
mod restore;
mod snapshots;
