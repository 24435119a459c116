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
    }
}

async fn hub_with(store: Store) -> (Arc<Tables>, Arc<Channel>) {
    let channel = Arc::new(Channel::default());
    let settings = Settings {
        dice_seed: None,
        ..test_settings(Timers::default())
    };
    (Tables::new(store, channel.clone(), settings), channel)
}

async fn hub() -> (Arc<Tables>, Arc<Channel>) {
    hub_with(Store::connect("sqlite::memory:").await.unwrap()).await
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

#[tokio::test]
async fn one_game_per_channel_but_threads_are_channels() {
    let (hub, out) = hub().await;
    started(&hub, &out).await;
    let again = open(&hub, CHANNEL, &user(3, "cho")).await;
    assert!(
        again.contains("already running") && again.contains("https://discord.com/channels/1/77/"),
        "{again}"
    );
    let thread = open(&hub, THREAD, &user(3, "cho")).await;
    assert!(thread.starts_with("Lobby opened"), "{thread}");
    assert_eq!(hub.play.index.active(), 2);
}

#[tokio::test]
async fn lobby_permissions() {
    let (hub, out) = hub().await;
    let ann = user(1, "ann");
    open(&hub, CHANNEL, &ann).await;
    let (_, lobby) = out.last(CHANNEL);
    let start = button(&lobby, "start");
    // Alone, without solitaire: not enough players.
    assert!(matches!(click(&hub, &out, &start, &ann).await, Reply::Private(t) if t.contains("At least 2")));
    let ben = user(2, "ben");
    assert!(
        matches!(click(&hub, &out, &start, &ben).await, Reply::Private(t) if t.contains("Only the host"))
    );
    assert!(
        matches!(click(&hub, &out, &button(&lobby, "leave"), &ben).await, Reply::Private(t) if t.contains("not in"))
    );
    assert!(matches!(
        click(&hub, &out, &button(&lobby, "join"), &ben).await,
        Reply::Update(_)
    ));
    assert!(
        matches!(click(&hub, &out, &button(&lobby, "join"), &ben).await, Reply::Private(t) if t.contains("already"))
    );
    assert!(matches!(
        click(&hub, &out, &button(&lobby, "cancel"), &ben).await,
        Reply::Private(_)
    ));
    let mut boss = user(9, "boss");
    boss.manager = true;
    assert!(
        matches!(click(&hub, &out, &button(&lobby, "cancel"), &boss).await, Reply::Update(p) if p.view.rows.is_empty())
    );
    assert_eq!(hub.play.index.active(), 0, "a cancelled lobby frees the channel");
}

#[tokio::test]
async fn who_may_click_and_stale_boards() {
    let (hub, out) = hub().await;
    let game = started(&hub, &out).await;
    let (_, board) = out.last(CHANNEL);
    assert!(
        board.content.as_deref().unwrap_or("").contains("<@"),
        "the first board pings"
    );
    assert_eq!(board.ping.len(), 1);
    let active = board.ping[0];
    let waiting = if active == UserId(1) { 2 } else { 1 };
    let roll = button(&board, "roll");

    let outsider = click(&hub, &out, &roll, &user(5, "eve")).await;
    assert!(
        matches!(&outsider, Reply::Private(t) if t.contains("not playing")),
        "{outsider:?}"
    );
    let not_yours = click(&hub, &out, &roll, &user(waiting, "x")).await;
    assert!(
        matches!(&not_yours, Reply::Private(t) if t.starts_with("Waiting for")),
        "{not_yours:?}"
    );
    let forged = click(&hub, &out, "sk:1:0:roll\u{0}", &user(active, "x")).await;
    assert!(matches!(forged, Reply::Private(_)));
    assert!(
        matches!(click(&hub, &out, "garbage", &user(active, "x")).await, Reply::Private(t) if t.contains("isn't one of mine"))
    );
    assert_eq!(log_len(&hub, game).await, 0, "refused clicks change nothing");

    // A double click: both arrive together, exactly one applies.
    let a = user(active, "x");
    let board_id = out.message_with(&roll);
    let route = match ids::decode(&roll, None) {
        Some(Route::Table(route)) => route,
        other => panic!("{other:?}"),
    };
    let (a1, a2) = (Answer::new(&out, &roll), Answer::new(&out, &roll));
    tokio::join!(
        hub.click(&route, board_id, &a, &a1),
        hub.click(&route, board_id, &a, &a2)
    );
    let (r1, r2) = (a1.reply(), a2.reply());
    let updates = [&r1, &r2]
        .iter()
        .filter(|r| matches!(r, Reply::Update(_)))
        .count();
    assert_eq!(updates, 1, "{r1:?} / {r2:?}");
    assert!(
        [&r1, &r2]
            .iter()
            .any(|r| matches!(r, Reply::Private(t) if t.contains("out of date")))
    );
    assert_eq!(log_len(&hub, game).await, 1);
    // The old version's button is stale now.
    assert!(matches!(click(&hub, &out, &roll, &a).await, Reply::Private(t) if t.contains("out of date")));
}

#[tokio::test]
async fn resign_ends_a_two_player_game_and_frees_the_channel() {
    let (hub, out) = hub().await;
    started(&hub, &out).await;
    let reply = hub.resign(cantstop(), CHANNEL, &user(1, "ann")).await;
    assert_eq!(reply, "You resigned.");
    assert_eq!(hub.play.index.active(), 0);
    let (_, last) = out.last(CHANNEL);
    assert!(last.content.unwrap().contains("ben wins"));
    assert_eq!(out.live_buttons(), 0, "no live buttons remain");
    let none = hub.resign(cantstop(), CHANNEL, &user(1, "ann")).await;
    assert!(none.contains("no game"), "{none}");
}

#[tokio::test]
async fn abandon_is_for_the_host_or_a_manager() {
    let (hub, out) = hub().await;
    started(&hub, &out).await;
    let refused = hub.abandon(cantstop(), CHANNEL, &user(2, "ben")).await;
    assert!(refused.contains("Only the host"), "{refused}");
    assert_eq!(hub.play.index.active(), 1);
    let done = hub.abandon(cantstop(), CHANNEL, &user(1, "ann")).await;
    assert_eq!(done, "The game is abandoned.");
    assert_eq!(hub.play.index.active(), 0);
    assert_eq!(out.live_buttons(), 0);
}

#[tokio::test]
async fn a_restart_keeps_games_and_old_buttons_work() {
    let dir = std::env::temp_dir().join(format!("saikoro-session-{}", rand::random::<u64>()));
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}", dir.join("games.db").display());
    let (hub, out) = hub_with(Store::connect(&url).await.unwrap()).await;
    let game = started(&hub, &out).await;
    let (_, board) = out.last(CHANNEL);
    let active = board.ping[0];
    let roll = button(&board, "roll");
    let Reply::Update(after_roll) = click(&hub, &out, &roll, &user(active, "x")).await else {
        panic!()
    };
    drop(hub);

    let (hub, _) = hub_with(Store::connect(&url).await.unwrap()).await;
    assert_eq!(hub.restore().await.unwrap(), 1);
    assert_eq!(log_len(&hub, game).await, 1, "the acknowledged roll survived");
    // A button from the board as it was before the restart still works.
    let next = button_ids(&after_roll)
        .into_iter()
        .next()
        .expect("a move or a bust");
    if !after_roll.view.rows.is_empty() {
        assert!(matches!(
            click(&hub, &out, &next, &user(active, "x")).await,
            Reply::Update(_)
        ));
        assert_eq!(log_len(&hub, game).await, 2);
    }
    std::fs::remove_dir_all(dir).ok();
}

#[tokio::test]
async fn a_person_can_play_bots_and_bots_take_their_turns() {
    let (hub, out) = hub().await;
    let ann = user(1, "ann");
    open(&hub, CHANNEL, &ann).await;
    let (_, lobby) = out.last(CHANNEL);
    // The lobby says what each bot level plays like (Can't Stop describes its levels).
    let normal = Tr::new(Locale::En, &[]).t("cantstop-bot-normal");
    assert!(lobby.view.fields.iter().any(|f| f.value.contains(&normal)));
    let Reply::Update(with_bot) = click(&hub, &out, &button(&lobby, "bot-normal"), &ann).await else {
        panic!()
    };
    assert!(with_bot.view.fields[0].value.contains("Bot 1"));
    let start = button(&with_bot, "start");
    assert!(matches!(click(&hub, &out, &start, &ann).await, Reply::Update(_)));
    // Whoever starts, within a few moments it is ann's turn on a live board that pings her.
    for _ in 0..200 {
        let (_, board) = out.last(CHANNEL);
        if board.ping == vec![UserId(1)] {
            assert!(!board.view.rows.is_empty());
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("the bot never handed the turn to ann");
}

#[tokio::test]
async fn every_lobby_and_board_fits_discord() {
    let (hub, out) = hub().await;
    started(&hub, &out).await;
    for (_, _, post) in out.messages.lock().unwrap().iter() {
        post.view.check_limits().unwrap();
        assert!(
            !format!("{post:?}").contains('⟦'),
            "missing catalogue message in {post:?}"
        );
        for row in &post.view.rows {
            for id in row.ids() {
                assert!(id.len() <= 100);
            }
        }
    }
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

proptest::proptest! {
    #![proptest_config(fuzz_config(16))]

    /// Presses by players and strangers of the live board's controls, with the id mangled or
    /// not: every press is answered, a refusal changes neither the game nor the store, and an
    /// accepted press adds at most one action to both.
    #[test]
    fn arbitrary_clicks_are_answered_and_refusals_change_nothing(
        presses in proptest::collection::vec(
            (1u64..4, proptest::prelude::any::<usize>(), proptest::prelude::any::<usize>(), proptest::collection::vec(proptest::prelude::any::<u8>(), 0..4)),
            1..40,
        ),
    ) {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(async {
            let (hub, out) = hub().await;
            let game = started(&hub, &out).await;
            for (who, pick, at, insert) in presses {
                let Some(board) = live_board(&out) else { break };
                let ids = button_ids(&board);
                let mut id = ids[pick % ids.len()].clone().into_bytes();
                if !insert.is_empty() {
                    let at = at % (id.len() + 1);
                    id.splice(at..at, insert);
                }
                let id = String::from_utf8_lossy(&id).into_owned();
                let before = log_lens(&hub, game).await;
                let reply = click(&hub, &out, &id, &user(who, "x")).await;
                let after = log_lens(&hub, game).await;
                match reply {
                    Reply::Private(text) => {
                        assert!(!text.is_empty());
                        assert_eq!(after, before, "refused `{id}` ({text}) changed the game");
                    }
                    Reply::Update(_) => {
                        let grew = after.0.zip(before.0).is_none_or(|(a, b)| a <= b + 1);
                        assert!(grew, "`{id}` applied more than one action: {before:?} → {after:?}");
                        // A finished game leaves the active ones; until then memory and store agree.
                        assert!(after.1.is_none() || after.1 == after.0, "`{id}`: {after:?}");
                    }
                }
            }
        });
    }
}

#[tokio::test]
async fn a_process_leaves_other_shards_games_alone() {
    let dir = std::env::temp_dir().join(format!("saikoro-shards-{}", rand::random::<u64>()));
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}", dir.join("games.db").display());
    let shard = |n| crate::shards::ShardRange::new(n, n, 2).unwrap();
    // Guild 1 is on shard 0 of 2 ((1 >> 22) % 2).
    let (owner, out) = hub_with(Store::connect_shards(&url, shard(0)).await.unwrap()).await;
    let game = started(&owner, &out).await;
    let (other, _) = hub_with(Store::connect_shards(&url, shard(1)).await.unwrap()).await;
    assert_eq!(
        other.restore().await.unwrap(),
        0,
        "shard 1 loads none of shard 0's games"
    );
    let ann = user(1, "ann");
    assert_eq!(owner.other_shard(Some(GuildId(1)), &ann), None);
    let Some(Reply::Private(refusal)) = other.other_shard(Some(GuildId(1)), &ann) else {
        panic!("a click from shard 0's guild is refused by shard 1");
    };
    assert!(refusal.contains("try again"), "{refusal}");
    assert!(other.other_shard(None, &ann).is_some(), "DMs are shard 0's");
    // A lobby in shard 0's guild cannot be opened by shard 1, even in another channel.
    let opened = open(&other, THREAD, &ann).await;
    assert!(opened.contains("Another part of the bot"), "{opened}");
    assert_eq!(other.play.index.active(), 0);
    assert_eq!(log_len(&owner, game).await, 0);
    std::fs::remove_dir_all(dir).ok();
}

/// A Rematch click as Discord delivers it: served by the records, answered privately.
async fn rematch(hub: &Arc<Tables>, custom_id: &str, who: &User) -> String {
    let Some(Route::Records(route)) = ids::decode(custom_id, None) else {
        return Tr::new(who.locale, &[]).t("click-unknown");
    };
    match hub.records().click(route, Some(GuildId(1)), who, &SeesAll).await {
        Reply::Private(text) => text,
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn rematch_opens_one_lobby_with_the_seats_rotated_and_refuses_the_rest() {
    let dir = std::env::temp_dir().join(format!("saikoro-rematch-{}", rand::random::<u64>()));
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}", dir.join("games.db").display());
    let (hub, out) = hub_with(Store::connect(&url).await.unwrap()).await;
    let (ann, ben, cat) = (user(1, "ann"), user(2, "ben"), user(3, "cat"));
    let game = started(&hub, &out).await;
    // An abandoned game has no Rematch, and a forged click for it opens nothing.
    hub.abandon(cantstop(), CHANNEL, &ann).await;
    let (_, abandoned) = out.last(CHANNEL);
    assert!(button_ids(&abandoned).is_empty());
    let forged = format!("rm:{game}");
    assert!(
        rematch(&hub, &forged, &ann)
            .await
            .contains("can't be played again")
    );
    assert_eq!(hub.play.index.active(), 0);

    let game = started(&hub, &out).await;
    hub.resign(cantstop(), CHANNEL, &ann).await;
    let (_, last) = out.last(CHANNEL);
    assert!(last.content.as_deref().unwrap().contains("ben wins"));
    assert_eq!(button_ids(&last), vec![format!("rm:{game}")]);
    let id = &button_ids(&last)[0];
    let posted = out.messages.lock().unwrap().len();
    // Someone who did not play, an unknown game, another server: nothing is created.
    assert!(rematch(&hub, id, &cat).await.contains("Only the players"));
    assert!(
        rematch(&hub, "rm:999", &ben)
            .await
            .contains("can't be played again")
    );
    let Some(Route::Records(route)) = ids::decode(id, None) else {
        panic!("a rematch's id")
    };
    let elsewhere = hub.records().click(route, Some(GuildId(2)), &ben, &SeesAll).await;
    assert!(matches!(elsewhere, Reply::Private(t) if t.contains("can't be played again")));
    assert_eq!(
        (hub.play.index.active(), out.messages.lock().unwrap().len()),
        (0, posted)
    );

    // Ben asks: the old seat 2 (ben) is seat 1 now; ann is expected and pinged.
    assert!(rematch(&hub, id, &ben).await.starts_with("Lobby opened"));
    let (_, lobby) = out.last(CHANNEL);
    assert_eq!(lobby.ping, vec![UserId(1)]);
    assert!(lobby.content.as_deref().unwrap().contains("<@1>"));
    let expected = lobby.view.fields.iter().find(|f| f.name == "Expected").unwrap();
    assert_eq!(expected.value, "<@1>");
    // A second click, by anyone, opens nothing more.
    assert!(rematch(&hub, id, &ann).await.contains("already opened"));
    assert_eq!(hub.play.index.active(), 1);

    let Reply::Update(joined) = click(&hub, &out, &button(&lobby, "join"), &ann).await else {
        panic!()
    };
    assert!(!joined.view.fields.iter().any(|f| f.name == "Expected"));
    let start = button(&joined, "start");
    assert!(matches!(click(&hub, &out, &start, &ben).await, Reply::Update(_)));
    let new_game = game_of(&start);
    let seats = hub
        .play
        .index
        .live(new_game)
        .await
        .unwrap()
        .unwrap()
        .table
        .seats
        .clone();
    let order: Vec<_> = seats.iter().map(|s| s.user).collect();
    assert_eq!(order, vec![Some(UserId(2)), Some(UserId(1))]);

    // The rematch is remembered by the store: a fresh hub refuses it too.
    drop(hub);
    let (hub, _) = hub_with(Store::connect(&url).await.unwrap()).await;
    hub.restore().await.unwrap();
    hub.abandon(cantstop(), CHANNEL, &ben).await;
    assert!(rematch(&hub, id, &ann).await.contains("already opened"));
    std::fs::remove_dir_all(dir).ok();
}

#[tokio::test]
async fn a_rematch_is_opened_once_even_if_its_lobby_closes_before_it_starts() {
    let (dir, url) = temp_db("rematch");
    let (hub, out) = hub_with(Store::connect(&url).await.unwrap()).await;
    let (ann, ben) = (user(1, "ann"), user(2, "ben"));
    let posted = || out.messages.lock().unwrap().len();

    // Its host cancels the lobby: asking again opens nothing and pings nobody.
    let game = started(&hub, &out).await;
    hub.resign(cantstop(), CHANNEL, &ann).await;
    let id = format!("rm:{game}");
    assert!(rematch(&hub, &id, &ben).await.starts_with("Lobby opened"));
    assert_eq!(
        hub.abandon(cantstop(), CHANNEL, &ben).await,
        "The game is abandoned."
    );
    let before = posted();
    let again = rematch(&hub, &id, &ben).await;
    assert!(again.contains("already opened"), "{again}");
    assert_eq!((hub.play.index.active(), posted()), (0, before));

    // Nobody joined in time: the lobby expires, and the rematch stays used, after a restart too.
    let game = started(&hub, &out).await;
    hub.resign(cantstop(), CHANNEL, &ann).await;
    let id = format!("rm:{game}");
    assert!(rematch(&hub, &id, &ben).await.starts_with("Lobby opened"));
    let mut expiring = hub
        .play
        .index
        .in_channel(CHANNEL)
        .await
        .unwrap()
        .expect("the lobby is live");
    hub.play.expire_lobby(&mut expiring).await;
    drop(expiring);
    assert_eq!(hub.play.index.active(), 0);
    drop(hub);
    let (hub, _) = hub_with(Store::connect(&url).await.unwrap()).await;
    hub.restore().await.unwrap();
    let before = posted();
    let again = rematch(&hub, &id, &ann).await;
    assert!(again.contains("already opened"), "{again}");
    assert_eq!((hub.play.index.active(), posted()), (0, before));
    std::fs::remove_dir_all(dir).ok();
}

#[tokio::test]
async fn forget_me_takes_the_name_out_of_finished_games_their_replays_and_lobbies() {
    let (hub, out) = hub().await;
    let game = started(&hub, &out).await;
    hub.resign(cantstop(), CHANNEL, &user(1, "ann")).await;
    let ben = user(2, "ben");
    let records = hub.records();
    let replay = || records.replay(Some(GuildId(1)), None, game, None, &ben, &SeesAll);
    assert!(replay().await.unwrap().content.unwrap().contains("ben wins"));
    // A lobby ben hosts elsewhere is cancelled: he leaves it.
    hub.open_lobby(cantstop(), place(THREAD), &ben, serde_json::json!({}), false)
        .await;

    let confirm = ids::RecordRoute::ForgetMe { user: ben.id };
    match records.click(confirm, Some(GuildId(1)), &ben, &SeesAll).await {
        Reply::Update(done) => assert!(done.view.description.contains('1'), "{done:?}"),
        other => panic!("forget-me is done: {other:?}"),
    }
    let after = replay().await.unwrap();
    assert!(
        after.content.as_deref().unwrap().contains("someone wins"),
        "{after:?}"
    );
    assert!(!format!("{after:?}").contains("ben"), "{after:?}");
    assert!(
        format!("{after:?}").contains("ann"),
        "the others keep their names"
    );
    let stored = hub
        .play
        .store
        .load_game(game)
        .await
        .unwrap()
        .unwrap()
        .row
        .seats
        .to_string();
    assert!(
        !stored.contains("ben") && !stored.contains(r#""user":2"#),
        "{stored}"
    );
    assert!(hub.play.store.load_active().await.unwrap().is_empty());
}

/// A SQLite file in a fresh directory: (directory, URL).
fn temp_db(name: &str) -> (std::path::PathBuf, String) {
    let dir = std::env::temp_dir().join(format!("saikoro-{name}-{}", rand::random::<u64>()));
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}", dir.join("games.db").display());
    (dir, url)
}

/// The tests' settings: fixed dice, bots without delay, snapshots as in production.
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

#[tokio::test]
async fn a_restart_loads_no_game_until_it_is_touched_and_idle_games_leave_memory() {
    let (dir, url) = temp_db("lazy");
    let out = Arc::new(Channel::default());
    let hub = restarted(&url, &out, Timers::default()).await;
    let third = ChannelId(79);
    let mut games = vec![];
    for channel in [CHANNEL, THREAD, third] {
        games.push(started_in(&hub, &out, channel).await);
    }
    drop(hub);

    let hub = restarted(&url, &out, Timers::default()).await;
    assert_eq!(hub.restore().await.unwrap(), 3);
    assert_eq!(
        hub.play.index.loaded(),
        0,
        "nothing is loaded before it is touched"
    );
    // A click on the board of a game not loaded yet: the game loads and the click plays.
    let (_, board) = out.last(THREAD);
    let roll = button(&board, "roll");
    let player = user(board.ping[0], "x");
    assert!(matches!(
        click(&hub, &out, &roll, &player).await,
        Reply::Update(_)
    ));
    assert_eq!(hub.play.index.loaded(), 1);
    // A command in another channel loads that channel's game.
    let log = hub.log(cantstop(), third, &user(1, "ann"), None).await;
    assert_eq!(log, Tr::new(Locale::En, &[]).t("log-empty"));
    assert_eq!(hub.play.index.loaded(), 2);

    // Idle sessions leave memory; the index keeps their games and their buttons work on.
    assert_eq!(hub.evict_idle(Duration::from_secs(3600)), 0, "touched just now");
    assert_eq!(hub.evict_idle(Duration::ZERO), 2);
    assert_eq!((hub.play.index.loaded(), hub.play.index.active()), (0, 3));
    let Reply::Private(stale) = click(&hub, &out, &roll, &player).await else {
        panic!("a button of the board before the roll is stale, also after a reload");
    };
    assert!(stale.contains("out of date"), "{stale}");
    let (_, after_roll) = out.last(THREAD);
    let choice = button_ids(&after_roll)
        .into_iter()
        .next()
        .expect("a first roll always moves");
    assert!(matches!(
        click(&hub, &out, &choice, &player).await,
        Reply::Update(_)
    ));
    assert_eq!(
        log_len(&hub, games[1]).await,
        2,
        "both clicks of the reloaded game stored"
    );
    std::fs::remove_dir_all(dir).ok();
}

#[tokio::test]
async fn concurrent_first_touches_load_a_game_once() {
    let (dir, url) = temp_db("once");
    let out = Arc::new(Channel::default());
    let hub = restarted(&url, &out, Timers::default()).await;
    hub.restore().await.unwrap();
    let game = started(&hub, &out).await;
    drop(hub);

    let hub = restarted(&url, &out, Timers::default()).await;
    hub.restore().await.unwrap();
    let touches = (0..4).map(|_| {
        let hub = hub.clone();
        tokio::spawn(async move {
            let s = hub.play.index.live(game).await.unwrap().expect("in the index");
            tokio::sync::OwnedMutexGuard::mutex(&s).clone()
        })
    });
    let mut sessions = vec![];
    for touch in touches {
        sessions.push(touch.await.unwrap());
    }
    assert!(
        sessions.iter().all(|s| Arc::ptr_eq(s, &sessions[0])),
        "one session, loaded once, for every touch"
    );
    std::fs::remove_dir_all(dir).ok();
}

#[tokio::test]
async fn a_timer_fires_for_a_game_not_touched_since_the_restart() {
    let (dir, url) = temp_db("due");
    let out = Arc::new(Channel::default());
    let timers = Timers {
        reminder_secs: 1,
        timeout_secs: 0,
        on_timeout: OnTimeout::Play,
    };
    let clock = TestClock::new();
    let hub = restarted_at(&url, &out, timers, &clock).await;
    hub.restore().await.unwrap();
    started(&hub, &out).await;
    let (_, board) = out.last(CHANNEL);
    drop(hub);
    let reminders = || {
        let msgs = out.messages.lock().unwrap();
        msgs.iter()
            .filter(|(_, _, p)| p.view.title.is_empty() && p.ping == board.ping)
            .count()
    };

    let hub = restarted_at(&url, &out, timers, &clock).await;
    assert_eq!(hub.restore().await.unwrap(), 1);
    hub.check_timers().await;
    assert_eq!(reminders(), 0, "not due yet");
    // The reminder comes a second after the board.
    clock.advance(1);
    hub.check_timers().await;
    assert_eq!(reminders(), 1, "the due game was loaded and its player reminded");
    assert_eq!(
        hub.play.index.loaded(),
        0,
        "loaded for the timer only, so out of memory again"
    );
    hub.check_timers().await;
    assert_eq!(reminders(), 1, "rescheduled: one reminder per wait");
    std::fs::remove_dir_all(dir).ok();
}

/// Lobby expiry and a turn's timeout, on a clock the test moves: nothing happens a second
/// early, and each happens once its time has come.
#[tokio::test]
async fn lobbies_expire_and_idle_players_time_out_when_the_clock_says_so() {
    let clock = TestClock::new();
    let timers = Timers {
        reminder_secs: 0,
        timeout_secs: 30,
        on_timeout: OnTimeout::Leave,
    };
    let out = Arc::new(Channel::default());
    let store = Store::connect("sqlite::memory:").await.unwrap();
    let hub = Tables::with_clock(store, out.clone(), test_settings(timers), clock.clone());
    open(&hub, THREAD, &user(1, "ann")).await;
    let game = started(&hub, &out).await;
    assert_eq!(hub.play.index.active(), 2);

    clock.advance(29);
    hub.check_timers().await;
    assert_eq!(
        log_len(&hub, game).await,
        0,
        "the awaited player has a second left"
    );
    clock.advance(1);
    hub.check_timers().await;
    let said = out.messages.lock().unwrap().last().unwrap().2.content.clone();
    assert!(said.unwrap_or_default().contains("ran out of time"));
    assert!(
        hub.play.index.live(game).await.unwrap().is_none(),
        "the other player won"
    );

    // The lobby in the thread was opened with the game: it expires after `lobby_expiry`.
    let expiry = test_settings(timers).lobby_expiry.as_secs();
    clock.advance(expiry - 31);
    hub.check_timers().await;
    assert_eq!(hub.play.index.active(), 1, "the lobby has a second left");
    clock.advance(1);
    hub.check_timers().await;
    assert_eq!(hub.play.index.active(), 0, "the lobby expired");
    let (_, lobby) = out.last(THREAD);
    assert!(lobby.view.rows.is_empty(), "an expired lobby loses its buttons");
}

#[test]
fn a_game_is_due_when_it_next_needs_the_bot() {
    let kind = cantstop();
    let game = kind
        .new_game(&serde_json::Value::Null, 2, &mut SeededDice::new(3))
        .unwrap();
    let seat = |user: Option<u64>, bot| SeatInfo {
        user: user.map(UserId),
        name: "x".into(),
        bot,
    };
    let mut table = Table::new(vec![seat(Some(1), None), seat(Some(2), None)], Locale::En, false);
    table.lobby_expires_at = 500;
    let timers = |reminder_secs, timeout_secs| Timers {
        reminder_secs,
        timeout_secs,
        on_timeout: OnTimeout::Play,
    };
    let at = |status, game: Option<&dyn AnyGame>, table: &Table, timers, board_missing| {
        due_at(
            status,
            game,
            table,
            timers,
            100,
            board_missing,
            &Default::default(),
        )
    };
    let g = Some(game.as_ref());
    assert_eq!(at(Status::Lobby, None, &table, timers(0, 0), true), Some(500));
    assert_eq!(
        at(Status::Playing, None, &table, timers(0, 0), true),
        Some(100),
        "just started: the first board is due at once"
    );
    assert_eq!(
        at(Status::Playing, g, &table, timers(0, 0), false),
        None,
        "no timers"
    );
    assert_eq!(at(Status::Playing, g, &table, timers(10, 30), false), Some(110));
    assert_eq!(at(Status::Playing, g, &table, timers(0, 30), false), Some(130));
    table.reminded_at = 105;
    assert_eq!(
        at(Status::Playing, g, &table, timers(10, 30), false),
        Some(130),
        "reminded: the timeout is next"
    );
    assert_eq!(at(Status::Finished, g, &table, timers(10, 30), true), None);
    let bots = Table::new(
        vec![seat(None, Some(Level::Normal)), seat(None, Some(Level::Normal))],
        Locale::En,
        false,
    );
    assert_eq!(
        at(Status::Playing, g, &bots, timers(0, 0), false),
        Some(100),
        "a bot moves at once"
    );
}

#[tokio::test]
async fn a_turn_that_passed_just_before_a_crash_gets_its_next_board() {
    let (dir, url) = temp_db("passed");
    let out = Arc::new(Channel::default());
    let hub = restarted(&url, &out, Timers::default()).await;
    hub.restore().await.unwrap();
    let game = started(&hub, &out).await;
    let (_, board) = out.last(CHANNEL);
    let (first, second) = (board.ping[0], if board.ping[0] == UserId(1) { 2 } else { 1 });
    let player = user(first, "x");
    click(&hub, &out, &button(&board, "roll"), &player).await;
    let (_, rolled) = out.last(CHANNEL);
    let moved = button_ids(&rolled)
        .into_iter()
        .next()
        .expect("a first roll always moves");
    click(&hub, &out, &moved, &player).await;
    let (_, moved) = out.last(CHANNEL);
    let Reply::Update(frozen) = click_then_crash(&hub, &out, &button(&moved, "stop"), &player).await else {
        panic!("stopping is answered with the frozen board");
    };
    assert!(frozen.view.rows.is_empty());
    // The process died before it posted the next board.
    assert_eq!(out.last(CHANNEL).1, frozen);
    drop(hub);

    let hub = restarted(&url, &out, Timers::default()).await;
    hub.restore().await.unwrap();
    hub.check_timers().await;
    let (_, next) = out.last(CHANNEL);
    assert_eq!(
        next.ping,
        vec![UserId(second)],
        "the next player's board is posted"
    );
    assert!(matches!(
        click(&hub, &out, &button(&next, "roll"), &user(second, "y")).await,
        Reply::Update(_)
    ));
    assert_eq!(log_len(&hub, game).await, 4);
    std::fs::remove_dir_all(dir).ok();
}

/// A process on `url` that stores a snapshot every `every` actions.
async fn snapshotting(url: &str, out: &Arc<Channel>, every: usize) -> Arc<Tables> {
    let settings = Settings {
        snapshot_every: every,
        markup: &crate::discord::DiscordMarkup,
        ..test_settings(Timers::default())
    };
    let hub = Tables::new(Store::connect(url).await.unwrap(), out.clone(), settings);
    hub.restore().await.unwrap();
    hub
}

/// A Can't Stop game of ann, ben and cho started in `CHANNEL`.
async fn started_for_three(hub: &Arc<Tables>, out: &Channel) -> GameId {
    let ann = user(1, "ann");
    open(hub, CHANNEL, &ann).await;
    let (_, lobby) = out.last(CHANNEL);
    for joining in [user(2, "ben"), user(3, "cho")] {
        click(hub, out, &button(&lobby, "join"), &joining).await;
    }
    let start = button(&lobby, "start");
    click(hub, out, &start, &ann).await;
    game_of(&start)
}

/// Plays a Can't Stop board the way a cautious player does: two moves a turn, then stop.
#[derive(Default)]
struct Cautious {
    player: Option<UserId>,
    moves: usize,
}

impl Cautious {
    /// The button to press on `board` and who presses it: whom a fresh board pings, or who
    /// pressed the board it updated.
    fn choose(&mut self, board: &Post) -> (String, User) {
        let player = board.ping.first().copied().or(self.player).expect("a player");
        if self.player != Some(player) {
            (self.player, self.moves) = (Some(player), 0);
        }
        let ids: Vec<String> = button_ids(board)
            .into_iter()
            .filter(|id| !id.ends_with(":resign") && !id.contains('?') && !id.contains('~'))
            .collect();
        let stop = ids.iter().find(|id| id.ends_with(":stop"));
        let id = match stop {
            Some(stop) if self.moves >= 2 => stop.clone(),
            _ => ids
                .iter()
                .find(|id| !id.ends_with(":stop"))
                .expect("a move")
                .clone(),
        };
        self.moves = if id.ends_with(":stop") { 0 } else { self.moves + 1 };
        (id, user(player.get(), "x"))
    }
}

async fn finished(hub: &Tables, game: GameId) -> bool {
    let stored = hub.play.store.load_game(game).await.unwrap().expect("stored");
    stored.row.status == Status::Finished
}

/// Every page of `/cantstop log`, oldest first.
async fn log_pages(hub: &Tables) -> Vec<String> {
    let ann = user(1, "ann");
    let mut pages = vec![];
    for page in 1.. {
        let text = hub.log(cantstop(), CHANNEL, &ann, Some(page)).await;
        if pages.last() == Some(&text) {
            return pages;
        }
        pages.push(text);
    }
    unreachable!()
}

/// One game played twice in step, by a process that never snapshots and one that snapshots
/// every five actions and is often evicted or restarted: every board, answer, `/log` page,
/// result and replay is the same, and the second really loads from its snapshots.
#[tokio::test]
async fn a_game_loaded_from_snapshots_plays_as_the_whole_log_does() {
    const EVERY: usize = 5;
    let ((plain_dir, plain_url), (snap_dir, snap_url)) = (temp_db("plain"), temp_db("snap"));
    let (plain_out, snap_out) = (Arc::new(Channel::default()), Arc::new(Channel::default()));
    let plain = snapshotting(&plain_url, &plain_out, usize::MAX).await;
    let mut snap = snapshotting(&snap_url, &snap_out, EVERY).await;
    let game = started_for_three(&plain, &plain_out).await;
    assert_eq!(started_for_three(&snap, &snap_out).await, game);
    let mut policy = Cautious::default();
    let mut reloads_from_snapshot = 0;
    for step in 0.. {
        assert!(step < 3000, "no end after {step} clicks");
        if finished(&plain, game).await {
            assert!(finished(&snap, game).await);
            break;
        }
        let board = live_board(&plain_out).expect("a live board");
        assert_eq!(Some(&board), live_board(&snap_out).as_ref(), "step {step}");
        if step == 4 {
            // An early resignation: the results need the log from before any snapshot.
            let cho = user(3, "cho");
            let said = plain.resign(cantstop(), CHANNEL, &cho).await;
            assert_eq!(snap.resign(cantstop(), CHANNEL, &cho).await, said);
            continue;
        }
        let (id, player) = policy.choose(&board);
        let reply = click(&plain, &plain_out, &id, &player).await;
        assert_eq!(click(&snap, &snap_out, &id, &player).await, reply, "`{id}`");
        if step % 7 == 6 && !finished(&snap, game).await {
            if step % 21 == 20 {
                snap = snapshotting(&snap_url, &snap_out, EVERY).await;
            } else {
                assert_eq!(snap.evict_idle(Duration::ZERO), 1);
            }
            let stored = snap.play.store.load_game(game).await.unwrap().unwrap().log;
            let live = snap.play.store.load_live(game).await.unwrap().unwrap();
            let s = snap.play.index.live(game).await.unwrap().expect("unfinished");
            assert_eq!((s.version(), &s.tail), (stored.len(), &live.tail));
            if let Some(snapshot) = live.snapshot {
                assert_eq!(s.base, snapshot.covers);
                assert!(live.tail.len() < EVERY && s.base > 0);
                reloads_from_snapshot += 1;
            }
            drop(s);
            assert_eq!(log_pages(&snap).await, log_pages(&plain).await, "step {step}");
        }
    }
    assert!(
        reloads_from_snapshot >= 5,
        "{reloads_from_snapshot} reloads from a snapshot"
    );

    let ann = user(1, "ann");
    let replay = async |hub: &Arc<Tables>| {
        hub.records()
            .replay(Some(GuildId(1)), None, game, None, &ann, &SeesAll)
            .await
    };
    assert_eq!(replay(&snap).await, replay(&plain).await);
    let log = async |hub: &Tables| hub.play.store.load_game(game).await.unwrap().unwrap().log;
    assert_eq!(log(&snap).await, log(&plain).await);
    for player in ["1", "2", "3"] {
        let results = async |hub: &Tables| {
            let results = hub.play.store.results_of(Some(GuildId(1)), player).await.unwrap();
            let seen: Vec<_> = results
                .into_iter()
                .map(|r| (r.place, r.won, r.resigned, r.mu, r.sigma))
                .collect();
            seen
        };
        let had = results(&plain).await;
        assert_eq!(had.len(), 1, "player {player}");
        assert_eq!(results(&snap).await, had, "player {player}");
        assert_eq!(had[0].2, player == "3", "only cho resigned");
    }
    std::fs::remove_dir_all(plain_dir).ok();
    std::fs::remove_dir_all(snap_dir).ok();
}

/// A snapshot of another state version (here one stored before versions: the bare state, which
/// this build's state would parse) or one that no longer parses is not trusted: the game is
/// rebuilt from its whole log, which is stored as its new snapshot at once, and plays on.
#[tokio::test]
async fn a_snapshot_of_another_version_is_rebuilt_from_the_log_and_rewritten() {
    for (name, stale) in [
        ("unversioned", "json_extract(snapshot, '$.state')"),
        ("garbage", "'{\"not\": \"a game\"}'"),
    ] {
        stale_snapshot_rebuilt(name, stale).await;
    }
}

async fn stale_snapshot_rebuilt(name: &str, stale: &str) {
    const EVERY: usize = 3;
    let (dir, url) = temp_db(name);
    let out = Arc::new(Channel::default());
    let hub = snapshotting(&url, &out, EVERY).await;
    let game = started(&hub, &out).await;
    let mut policy = Cautious::default();
    let mut play = async |hub: &Arc<Tables>, clicks: usize| {
        for _ in 0..clicks {
            let (id, player) = policy.choose(&live_board(&out).expect("a live board"));
            assert!(
                matches!(click(hub, &out, &id, &player).await, Reply::Update(_)),
                "`{id}`"
            );
        }
    };
    play(&hub, 7).await;
    drop(hub);
    let mut conn = <sqlx::SqliteConnection as sqlx::Connection>::connect(&url)
        .await
        .unwrap();
    sqlx::query(&format!("UPDATE games SET snapshot = {stale}"))
        .execute(&mut conn)
        .await
        .unwrap();
    let store = Store::connect(&url).await.unwrap();
    let old = store
        .load_live(game)
        .await
        .unwrap()
        .unwrap()
        .snapshot
        .expect("a snapshot");
    assert_eq!(old.covers, 6, "{name}");
    assert!(
        cantstop().restore(&old.state).is_err(),
        "{name}: the stale snapshot is refused"
    );

    let hub = snapshotting(&url, &out, EVERY).await;
    {
        let s = hub.play.index.live(game).await.unwrap().expect("the game loads");
        assert_eq!(
            (s.base, s.version()),
            (7, 7),
            "{name}: rebuilt, then kept as a snapshot"
        );
    }
    let rewritten = store.load_live(game).await.unwrap().unwrap();
    let snapshot = rewritten.snapshot.expect("a snapshot");
    assert_eq!((snapshot.covers, rewritten.tail.len()), (7, 0), "{name}");
    assert!(
        cantstop().restore(&snapshot.state).is_ok(),
        "{name}: the new snapshot restores"
    );
    play(&hub, 3).await;
    let stored = hub.play.store.load_live(game).await.unwrap().unwrap();
    assert_eq!(
        stored.snapshot.map(|s| s.covers),
        Some(10),
        "{name}: snapshots go on"
    );
    std::fs::remove_dir_all(dir).ok();
}

/// The due pass after a start, while clicks are answered.
mod catchup;
/// Stored games that do not rebuild, and rows of any shape.
mod restore;
