//! Loading on first touch, timers, expiry and due times on a clock the test moves.

use super::*;

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
    let timers = REMIND_AFTER_A_SECOND;
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
            &super::super::seated::Seated::default(),
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
