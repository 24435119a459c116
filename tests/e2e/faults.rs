//! End to end: the faults a bot meets in production, made on purpose in the Discord emulator,
//! with the real bot — pings under hostile names, a click answered too late, rate limits and
//! server errors, a locked database, a dropped gateway, a click during a restart. A late answer,
//! a locked or read-only database, a dropped gateway and a restart are played both in a channel
//! and in a game's own thread.

use crate::harness::*;
use saikoro_emulator::{ChannelId, Emulator, FaultKind, UserId};
use std::collections::BTreeSet;
use std::time::Duration;

crate::threads_on_and_off!(
    a_click_answered_too_late_is_applied_and_the_board_shows_it,
    a_dropped_gateway_loses_no_click_and_answers_none_twice,
    a_click_during_a_restart_is_lost_and_changes_nothing,
    a_locked_database_gets_a_try_again_answer_and_play_resumes,
    a_read_only_database_gets_a_try_again_answer_and_play_resumes,
);

/// The action lines of `/cantstop log`, i.e. how many actions the game stored.
async fn stored_actions(emu: &Emulator, user: UserId, channel: ChannelId) -> usize {
    let log = slash(emu, user, channel, "cantstop log").await;
    // An action may take several lines, all under its number.
    let numbers: BTreeSet<&str> = log
        .lines()
        .filter(|l| l.starts_with('`'))
        .map(|l| &l[..5])
        .collect();
    numbers.len()
}

/// The roll button of the live board and the board's id.
fn roll_on_live(emu: &Emulator, channel: ChannelId) -> (saikoro_emulator::MessageId, String) {
    let board = live(emu, channel).expect("a live board");
    let roll = button(&board, "roll").expect("a roll button");
    (board.message_id(), roll)
}

#[tokio::test]
async fn every_message_pings_exactly_the_players_meant_whatever_their_names() {
    let emu = Emulator::start().await;
    let _bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    let bystander = emu.user("cho");
    // Names that would ping everyone, a role or someone else if the bot let them.
    let ann = emu.user("@everyone");
    let ben = emu.user(&format!("<@{bystander}> @here <@&{}>", emu.guild_id()));
    let players: BTreeSet<u64> = [ann.get(), ben.get()].into();
    let channel = emu.text_channel();
    start_game(&emu, channel, "cantstop", ann, &[ben]).await;
    play_randomly(&emu, channel, &[ann, ben], 3, 3000).await;

    let boards = emu.channel(channel);
    let mut pinged_players = BTreeSet::new();
    for message in emu.pinging_messages() {
        let pings = &message.pings;
        assert!(!pings.everyone, "pinged everyone: {}", message.content);
        assert!(pings.roles.is_empty(), "pinged a role: {}", message.content);
        assert!(
            pings.users.iter().all(|u| players.contains(u)),
            "pinged someone not playing: {}",
            message.content
        );
        pinged_players.extend(pings.users.iter().copied());
    }
    assert_eq!(pinged_players, players, "each player was pinged for their turn");
    for message in &boards {
        // The content alone (whatever the names hold) could not ping anyone else; a turn's
        // board pings its one player.
        let content = emu.pings_of_content(message);
        assert!(
            !content.everyone && content.roles.is_empty(),
            "{}",
            message.content
        );
        assert!(
            content.users.iter().all(|u| message.pings.users.contains(u)),
            "{}",
            message.content
        );
        assert!(message.pings.users.len() <= 1, "{}", message.content);
        // Nor could a name that slipped through: the message allows only the pings it made.
        assert_eq!(emu.permitted_pings(message), message.pings, "{}", message.content);
    }
    let end = end_message(&emu, channel).expect("the game ended");
    assert!(
        end.content.contains("everyone") || end.content.contains("here"),
        "{}",
        end.content
    );
    emu.assert_clean().await;
}

async fn a_click_answered_too_late_is_applied_and_the_board_shows_it(threads: bool) {
    let emu = Emulator::start().await;
    emu.allow_threads(threads);
    let _bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    let TwoPlayers {
        ann,
        channel,
        player,
        first,
    } = two_player_cantstop(&emu).await;
    assert_threaded(&emu, &first, threads);
    let (board, roll) = roll_on_live(&emu, channel);
    // The click reaches the bot 4 s after the person pressed: its answer comes too late.
    emu.hold_gateway();
    let late = emu.click(player, board, &roll);
    emu.advance_clock(Duration::from_secs(4));
    emu.release_gateway();
    // Policy: the click is applied (it is stored) and, its answer lost, the bot edits the board.
    let shown = emu
        .wait_for(WAIT, "the board to show the roll", |e| {
            e.message(board)
                .filter(|m| !m.custom_ids().contains(&roll) && m.edited)
        })
        .await;
    assert_eq!(emu.callback(late), None, "Discord dropped the late answer");
    let failures = emu.take_failures();
    assert!(
        failures.len() == 1 && failures[0].contains(&error_code::UNKNOWN_INTERACTION.to_string()),
        "only the late answer was refused: {failures:?}"
    );
    assert_eq!(stored_actions(&emu, ann, channel).await, 1);
    // Play goes on from the board as it now is.
    let next = shown
        .custom_ids()
        .into_iter()
        .find(|id| id.contains(":m") || id.ends_with(":roll"))
        .expect("a move after the roll");
    let (kind, text) = click(&emu, player, board, &next).await;
    assert_eq!(kind, callback_type::UPDATE_MESSAGE, "{text}");
    emu.assert_clean().await;
}

#[tokio::test]
async fn rate_limits_and_server_errors_on_board_posts_and_edits_are_retried() {
    let emu = Emulator::start().await;
    // As in production: requests go to https://discord.com with serenity's rate limiter on.
    let production = BotOptions {
        production_http: true,
        ..BotOptions::default()
    };
    let bot = Bot::start(&emu, workdir(), &production).await;
    let ann = emu.user("ann");
    let channel = emu.text_channel();
    // The lobby's post is rate limited on its route, then meets a 502; the first edit of a
    // board by the bot (a computer player's move) meets a global rate limit, then a 500.
    let limited = |retry_after_ms, global| FaultKind::RateLimited {
        retry_after: Duration::from_millis(retry_after_ms),
        global,
    };
    let messages = format!("/channels/{channel}/messages");
    emu.inject("POST", &messages, limited(600, false));
    emu.inject("POST", &messages, FaultKind::Status(502));
    emu.inject("PATCH", &messages, limited(400, true));
    emu.inject("PATCH", &messages, FaultKind::Status(500));
    let answer = slash_with(&emu, ann, channel, "cantstop start", &[]).await;
    assert!(answer.contains("Lobby opened"), "{answer}");
    let lobby = emu.wait_for(WAIT, "the lobby", |e| live(e, channel)).await;
    let add = button(&lobby, "bot-normal").expect("add a bot");
    assert_eq!(
        click(&emu, ann, lobby.message_id(), &add).await.0,
        callback_type::UPDATE_MESSAGE
    );
    let lobby = emu.message(lobby.message_id()).unwrap();
    let start = button(&lobby, "start").expect("start");
    assert_eq!(
        click(&emu, ann, lobby.message_id(), &start).await.0,
        callback_type::UPDATE_MESSAGE
    );
    // serenity's rate limiter waits out each 429 itself; each 5xx costs the bot's own pause
    // (1 s, then 2 s). Yet the board comes, Ann plays a turn, and the
    // computer player's moves show on its board before Ann's next turn.
    let long = Duration::from_secs(30);
    let ann_turn = |e: &Emulator, after: Option<saikoro_emulator::MessageId>| {
        live(e, channel).filter(|m| Some(m.message_id()) != after && m.pings.users.contains(&ann.get()))
    };
    let board = emu.wait_for(long, "Ann's board", |e| ann_turn(e, None)).await;
    for step in ["roll", ":m", "stop"] {
        let Some(now) = emu.message(board.message_id()) else {
            break;
        };
        let Some(id) = now
            .custom_ids()
            .into_iter()
            .find(|id| id.ends_with(step) || id.contains(step))
        else {
            break; // a bust ended the turn
        };
        let (kind, text) = click(&emu, ann, board.message_id(), &id).await;
        assert_eq!(kind, callback_type::UPDATE_MESSAGE, "{text}");
    }
    emu.wait_for(long, "the computer's turn to end", |e| {
        ann_turn(e, Some(board.message_id()))
            .map(|_| ())
            .or(end_message(e, channel).map(|_| ()))
    })
    .await;
    assert_eq!(emu.pending_faults(), 0, "every fault was met");
    // The emulator fails the test if any retry came before its `retry_after` was up.
    let log = bot.log();
    assert_eq!(
        log.matches("trying again").count(),
        2,
        "the bot retried each server error once, and left the 429s to the rate limiter:\n{log}"
    );

    emu.assert_clean().await;
}

/// How a test takes SQLite away from the bot for a while.
enum Outage {
    /// Another process holds the write lock for longer than the bot's busy timeout.
    Locked,
    /// The files turn read-only under the bot (immutable, so even root's open handles fail).
    ReadOnly,
}

async fn a_locked_database_gets_a_try_again_answer_and_play_resumes(threads: bool) {
    a_click_while_sqlite_is_unavailable(Outage::Locked, threads).await;
}

async fn a_read_only_database_gets_a_try_again_answer_and_play_resumes(threads: bool) {
    a_click_while_sqlite_is_unavailable(Outage::ReadOnly, threads).await;
}

/// Sets or clears the immutable attribute (`chattr`, Linux; needs CAP_LINUX_IMMUTABLE as root has).
fn immutable(on: bool, files: &[std::path::PathBuf]) {
    let status = std::process::Command::new("chattr")
        .arg(if on { "+i" } else { "-i" })
        .args(files)
        .status()
        .expect("chattr runs");
    assert!(
        status.success(),
        "chattr {} failed: this test needs Linux and root (CAP_LINUX_IMMUTABLE)",
        if on { "+i" } else { "-i" }
    );
}

/// A click while the database is unavailable gets a private "try again" and changes nothing;
/// once it is back, the same button works and exactly one action is stored.
async fn a_click_while_sqlite_is_unavailable(outage: Outage, threads: bool) {
    let emu = Emulator::start().await;
    emu.allow_threads(threads);
    let dir = workdir();
    let _bot = Bot::start(&emu, dir.clone(), &BotOptions::default()).await;
    let TwoPlayers {
        ann,
        channel,
        player,
        first,
    } = two_player_cantstop(&emu).await;
    assert_threaded(&emu, &first, threads);
    let (board, roll) = roll_on_live(&emu, channel);
    use sqlx::Connection as _;
    let url = format!("sqlite://{}", dir.join("games.db").display());
    let files: Vec<_> = ["games.db", "games.db-wal"]
        .iter()
        .map(|f| dir.join(f))
        .filter(|f| f.exists())
        .collect();
    let holder = match outage {
        Outage::Locked => {
            let mut holder = sqlx::SqliteConnection::connect(&url)
                .await
                .expect("the test opens the database");
            sqlx::query("BEGIN IMMEDIATE")
                .execute(&mut holder)
                .await
                .expect("the test takes the write lock");
            Some(holder)
        }
        Outage::ReadOnly => {
            immutable(true, &files);
            None
        }
    };
    let pressed = emu.click(player, board, &roll);
    let answer = emu
        .wait_for(Duration::from_secs(15), "the try-again answer", |e| {
            e.ephemerals_for(player)
                .into_iter()
                .find(|m| m.content.contains("try again"))
        })
        .await;
    assert!(answer.content.contains("nothing changed"), "{}", answer.content);
    let callback = emu.callback(pressed).expect("the click was acknowledged in time");
    assert!(
        [
            callback_type::CHANNEL_MESSAGE_WITH_SOURCE,
            callback_type::DEFERRED_UPDATE_MESSAGE
        ]
        .contains(&callback.kind),
        "the click was answered privately (at once, or deferred then followed up): {}",
        callback.kind
    );
    assert!(
        emu.message(board).unwrap().custom_ids().contains(&roll),
        "the board did not change"
    );
    match holder {
        Some(mut holder) => {
            sqlx::query("ROLLBACK").execute(&mut holder).await.unwrap();
            holder.close().await.unwrap();
        }
        None => immutable(false, &files),
    }
    // The database is back: the same button works and exactly one action is stored.
    let (kind, text) = click(&emu, player, board, &roll).await;
    assert_eq!(kind, callback_type::UPDATE_MESSAGE, "{text}");
    assert_eq!(stored_actions(&emu, ann, channel).await, 1);
    emu.assert_clean().await;
}

async fn a_dropped_gateway_loses_no_click_and_answers_none_twice(threads: bool) {
    let emu = Emulator::start().await;
    emu.allow_threads(threads);
    let _bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    let TwoPlayers {
        ann,
        channel,
        player,
        first,
    } = two_player_cantstop(&emu).await;
    assert_threaded(&emu, &first, threads);
    let (board, roll) = roll_on_live(&emu, channel);
    emu.drop_gateway_connection();
    // Pressed while the bot reconnects: delivered on RESUME.
    let (kind, text) = click(&emu, player, board, &roll).await;
    assert_eq!(kind, callback_type::UPDATE_MESSAGE, "{text}");
    let (identified, resumed) = emu.gateway_sessions();
    assert!(
        identified == 1 && resumed >= 1,
        "the bot resumed: {identified} sessions, {resumed} resumes"
    );
    assert_eq!(stored_actions(&emu, ann, channel).await, 1, "applied once");
    // An answer sent twice would have been refused (40060) and recorded.
    emu.assert_clean().await;
}

async fn a_click_during_a_restart_is_lost_and_changes_nothing(threads: bool) {
    let emu = Emulator::start().await;
    emu.allow_threads(threads);
    let dir = workdir();
    let bot = Bot::start(&emu, dir.clone(), &BotOptions::default()).await;
    let TwoPlayers {
        ann,
        channel,
        player,
        first,
    } = two_player_cantstop(&emu).await;
    assert_threaded(&emu, &first, threads);
    let (board, roll) = roll_on_live(&emu, channel);
    let dir = {
        let dir = bot.kill();
        // Discord tells the person "interaction failed": the bot was not there to receive it.
        let lost = emu.click(player, board, &roll);
        emu.mark_lost(lost);
        dir
    };
    let _bot = Bot::start(&emu, dir, &BotOptions::default()).await;
    assert_eq!(stored_actions(&emu, ann, channel).await, 0, "nothing was applied");
    // The person presses again once the bot is back, on the live board: the same one, or a fresh
    // one if the bot was killed before it stored the board's id (on a busy machine the fresh bot
    // may defer its answer: 6, then an edit).
    let (board, roll) = roll_on_live(&emu, channel);
    let (kind, text) = click(&emu, player, board, &roll).await;
    assert!(
        kind == callback_type::UPDATE_MESSAGE || kind == callback_type::DEFERRED_UPDATE_MESSAGE,
        "{text}"
    );
    assert_eq!(stored_actions(&emu, ann, channel).await, 1);
    emu.assert_clean().await;
}

#[tokio::test]
async fn a_slow_click_whose_token_expired_still_shows_on_the_board() {
    let emu = Emulator::start().await;
    let dir = workdir();
    let _bot = Bot::start(&emu, dir.clone(), &BotOptions::default()).await;
    let TwoPlayers {
        ann, channel, player, ..
    } = two_player_cantstop(&emu).await;
    let (board, roll) = roll_on_live(&emu, channel);
    // The database is slow (locked for 3 s, less than the bot's busy timeout): the bot defers
    // the click, and by the time it can edit its answer the token has expired.
    use sqlx::Connection as _;
    let url = format!("sqlite://{}", dir.join("games.db").display());
    let mut holder = sqlx::SqliteConnection::connect(&url).await.unwrap();
    sqlx::query("BEGIN IMMEDIATE").execute(&mut holder).await.unwrap();
    let pressed = emu.click(player, board, &roll);
    let deferred = emu.wait_callback(pressed, WAIT).await;
    assert_eq!(
        deferred.kind,
        callback_type::DEFERRED_UPDATE_MESSAGE,
        "the slow click was deferred"
    );
    emu.advance_clock(Duration::from_secs(16 * 60));
    sqlx::query("ROLLBACK").execute(&mut holder).await.unwrap();
    holder.close().await.unwrap();
    // The action is stored, so the board is edited directly to show it.
    emu.wait_for(WAIT, "the board to show the roll", |e| {
        e.message(board).filter(|m| !m.custom_ids().contains(&roll))
    })
    .await;
    let failures = emu.take_failures();
    assert!(
        failures.len() == 1 && failures[0].contains("50027"),
        "only the expired token was refused: {failures:?}"
    );
    assert_eq!(stored_actions(&emu, ann, channel).await, 1);
    emu.assert_clean().await;
}
