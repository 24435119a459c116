//! Moving a deployment end to end: a bot on SQLite plays (a finished game with a rematch, a game
//! under way); `saikoro backup` copies the live database; `saikoro migrate` copies it into
//! PostgreSQL, interrupted once and resumed, and refuses to copy over it again; the bot then runs
//! on PostgreSQL with the same history and plays on.

use crate::harness::*;
use crate::postgres_schema::Schema;
use saikoro::store::copy::{self, Progress};
use saikoro_emulator::{ChannelId, Emulator, UserId};
use serde_json::json;
use std::process::Output;

fn saikoro(args: &[&str]) -> Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_saikoro"))
        .args(args)
        .output()
        .unwrap()
}

fn stdout(out: &Output) -> String {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// What the players see of their history: the same before and after the move.
async fn history(emu: &Emulator, channel: ChannelId, players: &[UserId]) -> Vec<String> {
    let mut seen = vec![];
    for &user in players {
        for path in ["saikoro history", "saikoro stats"] {
            seen.push(ask(emu, user, channel, path, &[]).await.text());
        }
    }
    let board = ask(
        emu,
        players[0],
        channel,
        "saikoro leaderboard",
        &[("game", json!(0))],
    )
    .await;
    seen.push(board.text());
    seen
}

/// Stops the copy (as a killed process would) once `after` batches have been committed.
struct StopAfter(std::sync::atomic::AtomicUsize);

impl Progress for StopAfter {
    fn table(&self, _: &str, _: u64, _: u64) {}

    fn rows(&self, _: u64) {
        assert!(
            self.0.fetch_sub(1, std::sync::atomic::Ordering::SeqCst) != 1,
            "interrupted on purpose"
        );
    }
}

/// A backup of the live database is a database with the same games, and never overwrites a file.
fn backs_up_while_live(dir: &std::path::Path, sqlite: &str, finished: u64) {
    let copy = dir.join("backup.db");
    stdout(&saikoro(&[
        "backup",
        "--database",
        sqlite,
        "--out",
        copy.to_str().unwrap(),
    ]));
    let backup = format!("sqlite://{}", copy.display());
    let exported = stdout(&saikoro(&[
        "export",
        &finished.to_string(),
        "--database",
        &backup,
    ]));
    assert!(exported.contains("\"cantstop\""), "{exported}");
    let again = saikoro(&["backup", "--database", sqlite, "--out", copy.to_str().unwrap()]);
    assert!(!again.status.success(), "an existing file is never overwritten");
}

/// A source that does not exist is refused, and not created.
fn refuses_a_missing_source(dir: &std::path::Path, target: &str) {
    let (missing, out) = (dir.join("missing.db"), dir.join("x.db"));
    let refused = saikoro(&[
        "migrate",
        "--from",
        &format!("sqlite://{}", missing.display()),
        "--to",
        target,
    ]);
    assert!(String::from_utf8_lossy(&refused.stderr).contains("no database at"));
    let refused = saikoro(&[
        "backup",
        "--database",
        &format!("sqlite://{}", missing.display()),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(!refused.status.success() && !missing.exists() && !out.exists());
}

/// Interrupted after three batches of ten rows, then resumed by the command; every kind of row
/// is copied and checked; a second copy onto it is refused.
async fn migrates_interrupted_then_resumed(sqlite: &str, target: &str) {
    let (from, to) = (sqlite.to_owned(), target.to_owned());
    let interrupted = tokio::spawn(async move {
        let stop = StopAfter(3.into());
        copy::migrate(&from, &to, 10, false, &stop).await.map(|_| ())
    })
    .await;
    assert!(
        interrupted.is_err(),
        "the copy was stopped half-way: {interrupted:?}"
    );
    let out = stdout(&saikoro(&["migrate", "--from", sqlite, "--to", target]));
    assert!(out.contains("Resumed the interrupted copy"), "{out}");
    assert!(out.contains("Every table matches"), "{out}");
    for table in [
        "games",
        "actions",
        "results",
        "ratings",
        "rematches",
        "user_games",
    ] {
        let row = out
            .lines()
            .find(|l| l.starts_with(&format!("| {table} |")))
            .unwrap_or_else(|| panic!("{table} in {out}"));
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        assert_eq!(cells[2], cells[3], "{row}");
        assert_ne!(cells[2], "0", "every kind of row was copied: {row}");
    }
    let refused = saikoro(&["migrate", "--from", sqlite, "--to", target]);
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("already holds"));
}

#[tokio::test]
#[cfg_attr(
    not(postgres_tests),
    ignore = "needs PostgreSQL: set SAIKORO_TEST_POSTGRES_URL, e.g. eval \"$(bash .ci/postgres.sh)\""
)]
async fn a_sqlite_deployment_moves_to_postgres_and_plays_on() {
    let emu = Emulator::start().await;
    let dir = workdir();
    let bot = Bot::start(&emu, dir.clone(), &BotOptions::default()).await;
    let (ann, ben, cat) = (emu.user("ann"), emu.user("ben"), emu.user("cat"));
    let channel = emu.add_text_channel("finished");
    let first = start_game_with(&emu, channel, "cantstop", ann, &[ben, cat], &[], 1).await;
    let finished = game_id(&first);
    play_randomly(&emu, channel, &[ann, ben, cat], 5, MAX_PRESSES).await;
    let end = end_message(&emu, channel).expect("the game ended");
    click(&emu, ann, end.message_id(), &format!("rm:{finished}")).await;
    let live_game = two_player_cantstop(&emu).await;
    let roll = button(&live_game.first, "roll").expect("a roll button");
    click(&emu, live_game.player, live_game.first.message_id(), &roll).await;
    let before = history(&emu, channel, &[ann, ben, cat]).await;

    let sqlite = format!("sqlite://{}", dir.join("games.db").display());
    backs_up_while_live(&dir, &sqlite, finished);
    bot.terminate();

    let schema = Schema::create("saikoro_migrate").await;
    refuses_a_missing_source(&dir, &schema.url());

    migrates_interrupted_then_resumed(&sqlite, &schema.url()).await;

    // The bot on PostgreSQL: the same history, the game under way goes on, new games follow.
    let opts = BotOptions {
        database_url: Some(schema.url()),
        ..BotOptions::default()
    };
    let bot = Bot::start(&emu, workdir(), &opts).await;
    assert_eq!(history(&emu, channel, &[ann, ben, cat]).await, before);
    let board = live(&emu, live_game.channel).expect("the game under way");
    let next = board
        .custom_ids()
        .into_iter()
        .find(|id| id.starts_with("sk:") && !id.ends_with(":resign"))
        .expect("a move");
    let (_, private) = click(&emu, live_game.player, board.message_id(), &next).await;
    assert!(private.is_empty(), "the move is played: {private}");
    let newer = start_game_with(
        &emu,
        emu.add_text_channel("newer"),
        "cantstop",
        ann,
        &[ben],
        &[],
        1,
    )
    .await;
    assert!(
        game_id(&newer) > game_id(&live_game.first),
        "new games are numbered after the copied ones"
    );
    drop(bot);
    schema.drop().await;
}
