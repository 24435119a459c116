//! Games loaded from snapshots, and snapshots that do not restore.

use super::*;

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
