//! End to end: a game in a thread of its own. The lobby opens in the channel; when the game
//! starts a public thread is opened from the lobby message, the boards are posted there, and the
//! lobby message becomes a line linking to the thread that shows the result at the end. Without
//! the permission to create threads the game plays in the channel and the host is told once; an
//! archived thread is unarchived by a move; a deleted thread ends its game as abandoned.
//!
//! The emulator's bot may not create threads unless a test allows it, so the other areas' tests
//! play in their channel as before.

use crate::harness::*;
use saikoro_emulator::{ChannelId, Emulator, Message, MessageId, UserId};
use serde_json::json;

/// A lobby of `game` opened by `host` in `channel`, joined by `others` and started: the lobby
/// message (the line once the game moved) and the first board, wherever it was posted.
async fn start(
    emu: &Emulator,
    channel: ChannelId,
    game: &str,
    host: UserId,
    others: &[UserId],
) -> (MessageId, Message) {
    let answer = slash(emu, host, channel, &format!("{game} start")).await;
    assert!(
        answer.contains("Lobby opened") || answer.contains("ロビーを開きました"),
        "{answer}"
    );
    let lobby = emu.wait_for(WAIT, "the lobby", |e| live(e, channel)).await;
    for u in others {
        let (kind, text) = click(emu, *u, lobby.message_id(), &button(&lobby, "join").unwrap()).await;
        assert_eq!(kind, callback_type::UPDATE_MESSAGE, "{text}");
    }
    let lobby = emu.message(lobby.message_id()).unwrap();
    let (kind, text) = click(emu, host, lobby.message_id(), &button(&lobby, "start").unwrap()).await;
    assert_eq!(kind, callback_type::UPDATE_MESSAGE, "{text}");
    let home = emu.thread_of(lobby.message_id()).unwrap_or(channel);
    let board = emu
        .wait_for(WAIT, "the first board", |e| {
            live(e, home).filter(|m| m.message_id() != lobby.message_id())
        })
        .await;
    (lobby.message_id(), board)
}

/// The line a game in a thread keeps in its parent: the lobby message's embed, as text.
/// `/saikoro-settings threads:` by `admin`; the settings' answer.
async fn set_threads(emu: &Emulator, admin: UserId, channel: ChannelId, on: bool) -> String {
    slash_with(emu, admin, channel, "saikoro-settings", &[("threads", json!(on))]).await
}

fn line(emu: &Emulator, lobby: MessageId) -> String {
    emu.message(lobby).expect("the lobby message stays").text()
}

#[tokio::test]
async fn a_game_plays_in_its_thread_and_the_channel_keeps_a_line_with_the_result() {
    let emu = Emulator::start().await;
    emu.allow_threads(true);
    let _bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    let (ann, ben) = (emu.user("ann"), emu.user("ben"));
    let channel = emu.text_channel();
    let (lobby, _) = start(&emu, channel, "pig", ann, &[ben]).await;

    let thread = emu.thread_of(lobby).expect("the lobby message opened a thread");
    assert_eq!(emu.channel_name(thread).as_deref(), Some("Pig — ann"));
    assert!(live(&emu, thread).is_some(), "the board is in the thread");
    assert!(
        live(&emu, channel).is_none(),
        "nothing playable is left in the channel"
    );
    let playing = line(&emu, lobby);
    assert!(playing.contains(&format!("Played in <#{thread}>")), "{playing}");
    assert_eq!(
        emu.channel(channel).len(),
        1,
        "the channel keeps one line and nothing else"
    );

    // The channel is free for another game meanwhile.
    let other = slash(&emu, ben, channel, "cantstop start").await;
    assert!(other.contains("Lobby opened"), "{other}");

    play_randomly(&emu, thread, &[ann, ben], 3, MAX_PRESSES).await;
    let end = end_message(&emu, thread).expect("the game ended in its thread");
    let result = emu
        .wait_for(WAIT, "the result on the line", |e| {
            Some(line(e, lobby)).filter(|l| l.contains('🏆'))
        })
        .await;
    assert!(
        result.contains(&format!("<#{thread}>"))
            && (result.contains("ann wins") || result.contains("ben wins")),
        "{result}"
    );
    let winner = if result.contains("ann wins") {
        "ann wins"
    } else {
        "ben wins"
    };
    assert!(
        end.content.contains(winner),
        "the line and the board agree: {}",
        end.content
    );
    emu.assert_clean().await;
}

#[tokio::test]
async fn without_the_permission_the_game_plays_in_the_channel_and_the_host_is_told_once() {
    let emu = Emulator::start().await;
    let dir = workdir();
    let bot = Bot::start(&emu, dir.clone(), &BotOptions::default()).await;
    let (ann, ben, admin) = (emu.user("ann"), emu.user("ben"), emu.admin("admin"));
    let channel = emu.text_channel();
    let saved = set_threads(&emu, admin, channel, true).await;
    assert!(saved.contains("Threads: each game plays in a thread"), "{saved}");

    let told = slash(&emu, ann, channel, "cantstop start").await;
    assert!(
        told.contains("Lobby opened") && told.contains("Create Public Threads"),
        "{told}"
    );
    let lobby = emu.wait_for(WAIT, "the lobby", |e| live(e, channel)).await;
    let (kind, _) = click(&emu, ben, lobby.message_id(), &button(&lobby, "join").unwrap()).await;
    assert_eq!(kind, callback_type::UPDATE_MESSAGE);
    let lobby = emu.message(lobby.message_id()).unwrap();
    click(&emu, ann, lobby.message_id(), &button(&lobby, "start").unwrap()).await;
    emu.wait_for(WAIT, "the first board, in the channel", |e| {
        live(e, channel).filter(|m| m.message_id() != lobby.message_id())
    })
    .await;
    assert_eq!(emu.thread_of(lobby.message_id()), None, "no thread was opened");
    let said: String = emu.channel(channel).iter().map(Message::text).collect();
    assert!(
        !said.contains("Create Public Threads"),
        "the host alone is told: {said}"
    );

    assert_eq!(
        slash(&emu, ann, channel, "cantstop abandon").await,
        "The game is abandoned."
    );
    let again = slash(&emu, ann, channel, "cantstop start").await;
    assert!(
        again.contains("Lobby opened") && !again.contains("Create Public Threads"),
        "told once: {again}"
    );
    // Once across restarts too: what she was told is stored.
    let lobby = emu.wait_for(WAIT, "the second lobby", |e| live(e, channel)).await;
    click(&emu, ann, lobby.message_id(), &button(&lobby, "cancel").unwrap()).await;
    bot.terminate();
    let _bot = Bot::start(&emu, dir, &BotOptions::default()).await;
    let after = slash(&emu, ann, channel, "cantstop start").await;
    assert!(
        after.contains("Lobby opened") && !after.contains("Create Public Threads"),
        "told once, restarts included: {after}"
    );
    emu.assert_clean().await;
}

#[tokio::test]
async fn a_click_in_an_archived_thread_unarchives_it_and_plays() {
    let emu = Emulator::start().await;
    emu.allow_threads(true);
    let _bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    let (ann, ben) = (emu.user("ann"), emu.user("ben"));
    let (lobby, board) = start(&emu, emu.text_channel(), "cantstop", ann, &[ben]).await;
    let thread = emu.thread_of(lobby).unwrap();
    let player = pinged(&board)[0];

    emu.archive_thread(thread);
    assert!(emu.is_archived(thread));
    let (kind, text) = click(&emu, player, board.message_id(), &button(&board, "roll").unwrap()).await;
    assert_eq!(kind, callback_type::UPDATE_MESSAGE, "{text}");
    assert!(!emu.is_archived(thread), "the move unarchived the thread");
    emu.assert_clean().await;
}

#[tokio::test]
async fn a_deleted_thread_ends_its_game_as_abandoned_and_nothing_else() {
    let emu = Emulator::start().await;
    emu.allow_threads(true);
    let _bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    let (ann, ben, cho) = (emu.user("ann"), emu.user("ben"), emu.user("cho"));
    let channel = emu.text_channel();
    let (gone_lobby, _) = start(&emu, channel, "cantstop", ann, &[ben]).await;
    let (kept_lobby, kept_board) = start(&emu, channel, "cantstop", cho, &[ann]).await;
    let (gone, kept) = (
        emu.thread_of(gone_lobby).unwrap(),
        emu.thread_of(kept_lobby).unwrap(),
    );

    assert!(emu.delete_thread(gone));
    let said = emu
        .wait_for(WAIT, "the line to say the thread was deleted", |e| {
            Some(line(e, gone_lobby)).filter(|l| l.contains("deleted"))
        })
        .await;
    assert!(said.contains("abandoned"), "{said}");
    // Ann's games: the abandoned one is gone from her list, the other plays on.
    let games = ask(&emu, ann, channel, "saikoro games", &[]).await.text();
    assert!(
        !games.contains(&gone.to_string()) && games.contains(&kept.to_string()),
        "{games}"
    );
    let player = pinged(&kept_board)[0];
    let (kind, text) = click(
        &emu,
        player,
        kept_board.message_id(),
        &button(&kept_board, "roll").unwrap(),
    )
    .await;
    assert_eq!(kind, callback_type::UPDATE_MESSAGE, "{text}");
    assert!(line(&emu, kept_lobby).contains("Played in"));
    emu.assert_clean().await;
}

#[tokio::test]
async fn a_japanese_server_names_its_threads_and_lines_in_japanese() {
    let emu = Emulator::start().await;
    emu.allow_threads(true);
    emu.set_guild_locale("ja");
    let _bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    let (ann, ben) = (emu.user("ann"), emu.user("ben"));
    let (lobby, _) = start(&emu, emu.text_channel(), "pig", ann, &[ben]).await;
    let thread = emu.thread_of(lobby).unwrap();
    assert_eq!(emu.channel_name(thread).as_deref(), Some("ぶた — annの対局"));
    let playing = line(&emu, lobby);
    assert!(playing.contains(&format!("<#{thread}> で対局中")), "{playing}");

    play_randomly(&emu, thread, &[ann, ben], 5, MAX_PRESSES).await;
    let result = emu
        .wait_for(WAIT, "the result on the line", |e| {
            Some(line(e, lobby)).filter(|l| l.contains('🏆'))
        })
        .await;
    assert!(result.contains("さんの勝ち"), "{result}");
    emu.assert_clean().await;
}

#[tokio::test]
async fn a_server_that_turned_threads_off_plays_in_the_channel_unless_the_host_asks() {
    let emu = Emulator::start().await;
    emu.allow_threads(true);
    let _bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    let (ann, ben, admin) = (emu.user("ann"), emu.user("ben"), emu.admin("admin"));
    let channel = emu.text_channel();
    let saved = set_threads(&emu, admin, channel, false).await;
    assert!(saved.contains("Threads: off"), "{saved}");
    let (lobby, board) = start(&emu, channel, "cantstop", ann, &[ben]).await;
    assert_eq!(emu.thread_of(lobby), None);
    assert_eq!(board.channel_id, channel.get(), "the board is in the channel");
    assert_eq!(
        slash(&emu, ann, channel, "cantstop abandon").await,
        "The game is abandoned."
    );

    let asked = slash_with(&emu, ann, channel, "cantstop start", &[("thread", json!(true))]).await;
    assert!(asked.contains("Lobby opened"), "{asked}");
    let lobby = emu.wait_for(WAIT, "the lobby", |e| live(e, channel)).await;
    click(&emu, ben, lobby.message_id(), &button(&lobby, "join").unwrap()).await;
    let lobby = emu.message(lobby.message_id()).unwrap();
    click(&emu, ann, lobby.message_id(), &button(&lobby, "start").unwrap()).await;
    let thread = emu
        .thread_of(lobby.message_id())
        .expect("the host's option opened a thread");
    emu.wait_for(WAIT, "the board in the thread", |e| live(e, thread))
        .await;
    emu.assert_clean().await;
}

#[tokio::test]
async fn a_thread_discord_fails_to_open_at_first_is_opened_on_a_retry() {
    let emu = Emulator::start().await;
    emu.allow_threads(true);
    let _bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    let (ann, ben) = (emu.user("ann"), emu.user("ben"));
    emu.inject("POST", "/threads", saikoro_emulator::FaultKind::Status(502));
    let (lobby, board) = start(&emu, emu.text_channel(), "cantstop", ann, &[ben]).await;
    assert_eq!(emu.pending_faults(), 0, "the bot met the server error");
    let thread = emu.thread_of(lobby).expect("the thread opened on the retry");
    assert_eq!(board.channel_id, thread.get(), "the first board is in the thread");
    emu.assert_clean().await;
}

/// A start that crashed after Discord opened its thread but before the start was stored: after
/// the restart the game is a lobby again, and starting it plays in that same thread (Discord
/// refuses a second thread from the lobby message, and the bot takes the one it has), so no
/// empty thread is left and the board is where players look.
#[tokio::test]
async fn a_start_that_crashed_after_opening_its_thread_plays_in_that_thread_after_a_restart() {
    let emu = Emulator::start().await;
    emu.allow_threads(true);
    let dir = workdir();
    let bot = Bot::start(&emu, dir.clone(), &BotOptions::default()).await;
    let (ann, ben) = (emu.user("ann"), emu.user("ben"));
    let channel = emu.text_channel();
    slash(&emu, ann, channel, "cantstop start").await;
    let lobby = emu.wait_for(WAIT, "the lobby", |e| live(e, channel)).await;
    click(&emu, ben, lobby.message_id(), &button(&lobby, "join").unwrap()).await;
    let lobby = emu.message(lobby.message_id()).unwrap();
    let start = button(&lobby, "start").unwrap();

    // Discord opens the thread; the bot dies before it hears so.
    emu.inject("POST", "/threads", saikoro_emulator::FaultKind::Hang);
    let crashed = emu.click(ann, lobby.message_id(), &start);
    let thread = emu
        .wait_for(WAIT, "the thread", |e| e.thread_of(lobby.message_id()))
        .await;
    bot.kill();
    emu.mark_lost(crashed);
    assert!(live(&emu, thread).is_none(), "the thread is empty");

    let _bot = Bot::start(&emu, dir, &BotOptions::default()).await;
    let (kind, text) = click(&emu, ann, lobby.message_id(), &start).await;
    assert_eq!(kind, callback_type::UPDATE_MESSAGE, "{text}");
    let board = emu
        .wait_for(WAIT, "the first board, in the thread", |e| live(e, thread))
        .await;
    assert!(playable(&board));
    assert!(
        line(&emu, lobby.message_id()).contains(&format!("Played in <#{thread}>")),
        "the line links to the thread"
    );
    assert_eq!(emu.channel(channel).len(), 1, "nothing else in the channel");
    let refused = emu.take_failures();
    assert!(
        !refused.is_empty() && refused.iter().all(|f| f.contains("already been created")),
        "only the second thread was refused: {refused:?}"
    );
    emu.assert_clean().await;
}

/// Makes every stored lobby expire now, as if its time had passed while the bot was down.
async fn expire_lobbies(dir: &std::path::Path) {
    use sqlx::Connection as _;
    let url = format!("sqlite://{}", dir.join("games.db").display());
    let mut db = sqlx::SqliteConnection::connect(&url).await.unwrap();
    sqlx::query(
        "UPDATE games SET seats = json_set(seats, '$.lobby_expires_at', 0), due_at = 0 \
         WHERE status = 'lobby'",
    )
    .execute(&mut db)
    .await
    .unwrap();
    db.close().await.unwrap();
}

/// A start that crashed after Discord opened its thread, and nobody started the lobby again:
/// when it expires, the thread says so and is archived, so no empty thread is left open; a lobby
/// that never had a thread just expires.
#[tokio::test]
async fn an_expired_lobby_closes_the_thread_a_crashed_start_left() {
    let emu = Emulator::start().await;
    emu.allow_threads(true);
    let dir = workdir();
    let bot = Bot::start(&emu, dir.clone(), &BotOptions::default()).await;
    let (ann, ben) = (emu.user("ann"), emu.user("ben"));
    let (channel, quiet) = (emu.text_channel(), emu.add_text_channel("quiet"));
    slash(&emu, ben, quiet, "cantstop start").await;
    let unstarted = emu.wait_for(WAIT, "a lobby", |e| live(e, quiet)).await;
    slash(&emu, ann, channel, "cantstop start").await;
    let lobby = emu.wait_for(WAIT, "the lobby", |e| live(e, channel)).await;
    click(&emu, ben, lobby.message_id(), &button(&lobby, "join").unwrap()).await;
    let lobby = emu.message(lobby.message_id()).unwrap();
    emu.inject("POST", "/threads", saikoro_emulator::FaultKind::Hang);
    let crashed = emu.click(ann, lobby.message_id(), &button(&lobby, "start").unwrap());
    let thread = emu
        .wait_for(WAIT, "the thread", |e| e.thread_of(lobby.message_id()))
        .await;
    bot.kill();
    emu.mark_lost(crashed);

    expire_lobbies(&dir).await;
    let _bot = Bot::start(&emu, dir, &BotOptions::default()).await;
    let said = emu
        .wait_for(WAIT, "the end, said in the thread", |e| {
            e.channel(thread).into_iter().next()
        })
        .await;
    let text = said.text();
    assert!(text.contains("This lobby expired"), "{text}");
    assert!(text.contains("No game will be played in this thread"), "{text}");
    assert!(said.pings.users.is_empty(), "it pings no one");
    emu.wait_for(WAIT, "the thread archived", |e| {
        e.is_archived(thread).then_some(())
    })
    .await;
    assert!(
        line(&emu, lobby.message_id()).contains("expired"),
        "the lobby says so too"
    );
    emu.wait_for(WAIT, "the other lobby to expire", |e| {
        let text = e.message(unstarted.message_id())?.text();
        text.contains("expired").then_some(())
    })
    .await;
    assert_eq!(emu.thread_of(unstarted.message_id()), None, "no thread for it");
    assert_eq!(emu.channel(thread).len(), 1, "one line in the thread");
    emu.assert_clean().await;
}

/// A timeout played while the game's thread is archived edits the archived board (Discord's
/// 50083 first, then the bot unarchives the thread and edits again) and plays on there.
#[tokio::test]
async fn a_timeout_in_an_archived_thread_edits_its_board_and_plays_on() {
    let emu = Emulator::start().await;
    emu.allow_threads(true);
    let dir = workdir();
    let opts = BotOptions {
        turn_timeout_secs: 3600,
        ..BotOptions::default()
    };
    let bot = Bot::start(&emu, dir.clone(), &opts).await;
    let (ann, ben) = (emu.user("ann"), emu.user("ben"));
    let (lobby, board) = start(&emu, emu.text_channel(), "cantstop", ann, &[ben]).await;
    let thread = emu.thread_of(lobby).unwrap();

    emu.archive_thread(thread);
    // Stopped, not killed: a kill could land before the board's id is stored, and the restart
    // would post the board again (which unarchives the thread) instead of editing it.
    bot.terminate();
    age_games(&dir, 3601).await;
    let _bot = Bot::start(&emu, dir, &opts).await;
    emu.wait_for(WAIT, "the timeout, in the thread", |e| {
        e.channel(thread)
            .iter()
            .any(|m| m.content.contains("made their move for them"))
            .then_some(())
    })
    .await;
    let old = emu.message(board.message_id()).unwrap();
    assert!(!playable(&old), "the archived board was edited: {}", old.text());
    assert!(!emu.is_archived(thread));
    assert_archived_once(&emu);
    emu.assert_clean().await;
}

/// A bot's move while its game's thread is archived edits the board there all the same.
#[tokio::test]
async fn a_bots_move_in_an_archived_thread_edits_its_board() {
    let emu = Emulator::start().await;
    emu.allow_threads(true);
    let dir = workdir();
    // The bot waits for ever, until the restart below.
    let slow = BotOptions {
        bot_delay_ms: 600_000,
        ..BotOptions::default()
    };
    let bot = Bot::start(&emu, dir.clone(), &slow).await;
    let ann = emu.user("ann");
    let channel = emu.text_channel();
    slash(&emu, ann, channel, "pig start").await;
    let lobby = emu.wait_for(WAIT, "the lobby", |e| live(e, channel)).await;
    let add = button(&lobby, "bot-normal").unwrap();
    click(&emu, ann, lobby.message_id(), &add).await;
    let lobby = emu.message(lobby.message_id()).unwrap();
    click(&emu, ann, lobby.message_id(), &button(&lobby, "start").unwrap()).await;
    let thread = emu.thread_of(lobby.message_id()).unwrap();
    let mut board = emu.wait_for(WAIT, "the first board", |e| live(e, thread)).await;
    // Ann's turn first, if it is hers: roll, then hold (a 1 ends it sooner).
    if pinged(&board) == vec![ann] {
        for action in ["roll", "hold"] {
            let now = emu.message(board.message_id()).unwrap();
            if let Some(id) = button(&now, action).filter(|_| playable(&now)) {
                click(&emu, ann, now.message_id(), &id).await;
            }
        }
        let played = board.message_id();
        board = emu
            .wait_for(WAIT, "the bot's board", |e| {
                live(e, thread).filter(|m| m.message_id() > played)
            })
            .await;
    }
    let before = board.text();

    emu.archive_thread(thread);
    bot.terminate(); // as above: the board's id is stored
    let _bot = Bot::start(&emu, dir, &BotOptions::default()).await;
    emu.wait_for(WAIT, "the bot's move on its archived board", |e| {
        e.message(board.message_id()).filter(|m| m.text() != before)
    })
    .await;
    assert_archived_once(&emu);
    emu.assert_clean().await;
}

/// The only failures so far were Discord refusing an edit in the archived thread, and there was
/// one (the edit that met the archived thread, before it was unarchived).
fn assert_archived_once(emu: &Emulator) {
    let refused = emu.take_failures();
    assert!(
        !refused.is_empty() && refused.iter().all(|f| f.contains("Thread is archived")),
        "{refused:?}"
    );
}
