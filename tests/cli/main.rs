//! The terminal front end as a person uses it: `saikoro play <game>` with options, bots and
//! typed choices, and its refusals of bad options. Modules: `moves` (naming a move, refusals),
//! `json` (the scripting interface and its schema), `lang` (Japanese), `coach` (reviews), `puzzles` (generating them), `edges` (the rest).
// A scenario reads best as one story, so tests may run past the 80 lines asked of the code.
#![allow(clippy::too_many_lines)]

mod coach;
mod config;
mod daily;
mod edges;
mod json;
mod lang;
mod moves;
mod puzzles;
#[path = "../common/scratch.rs"]
mod scratch_folder;

use scratch_folder::Scratch;

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// A fresh folder of a test's own, named after `name`.
fn scratch(name: &str) -> Scratch {
    Scratch::new(&format!("cli-{name}"))
}

/// The binary, in English whatever the machine's locale (a test asks for Japanese itself).
fn command() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_saikoro"));
    command
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C");
    command
}

fn saikoro(args: &[&str], input: &str) -> Output {
    let mut child = command()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // A refused command ends before reading: its closed input is no failure here.
    let _ = child.stdin.take().expect("piped").write_all(input.as_bytes());
    child.wait_with_output().expect("the binary ends")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_game_option_is_set_with_option_key_value() {
    let args = [
        "play",
        "ishigaki",
        "--players",
        "bot:easy,bot:strong",
        "--seed",
        "5",
        "--option",
        "crumbling=true",
    ];
    let out = saikoro(&args, "");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", text(&out.stderr));
    assert!(
        stdout.contains("crumbling wall on"),
        "the board shows the option: {stdout}"
    );
    assert!(stdout.contains("wins"), "{stdout}");
    let plain = saikoro(&args[..6], "");
    assert!(text(&plain.stdout).contains("crumbling wall off"));
}

#[test]
fn bad_options_name_the_option_and_what_it_allows_and_start_nothing() {
    let base = ["play", "ishigaki", "--players", "a,b", "--option"];
    for (option, expected) in [
        ("nope=1", "no option `nope`"),
        ("crumbling=7", "`crumbling` must be true or false"),
        ("goal=500", "`goal` must be a whole number from 4 to 60"),
        (
            "minus_two=5,x",
            "`minus_two` must be up to 15 whole numbers from 1 to 59, separated by commas",
        ),
        ("crumbling", "key=value"),
    ] {
        let out = saikoro(&[&base[..], &[option]].concat(), "1\n");
        let stderr = text(&out.stderr);
        assert!(!out.status.success(), "{option} was accepted");
        assert!(stderr.contains(expected), "{option}: {stderr}");
        assert!(
            !text(&out.stdout).contains("Ishigaki"),
            "{option}: no game started"
        );
    }
    // The game's own check: -2 squares too close together.
    let out = saikoro(&[&base[..], &["minus_two=5,6"]].concat(), "");
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("at least 3"), "{}", text(&out.stderr));
}

#[test]
fn each_game_lists_its_own_options_in_its_help() {
    let out = saikoro(&["play", "ishigaki", "--help"], "");
    let help = text(&out.stdout);
    assert!(help.contains("crumbling") && help.contains("minus_two"), "{help}");
    assert!(!help.contains("marker_limit"), "another game's option: {help}");
    // What each option allows, in words rather than `[≤ 15 × 1–59]`.
    assert!(
        help.contains("up to 15 whole numbers from 1 to 59, separated by commas"),
        "{help}"
    );
    assert!(!help.contains('≤') && !help.contains('×'), "{help}");
    let out = saikoro(&["play", "cantstop", "--help"], "");
    assert!(text(&out.stdout).contains("marker_limit"));
}

#[test]
fn a_person_plays_by_number_and_by_move_id_and_hot_seat_asks_whoever_must_act() {
    // Can't Stop with fixed dice: ann and ben alternate; each rolls, takes the first move, stops.
    let input = "1\n1\nstop\n".repeat(40);
    let out = saikoro(
        &["play", "cantstop", "--players", "ann,ben", "--seed", "3"],
        &input,
    );
    let stdout = text(&out.stdout);
    assert!(stdout.contains("ann> ") && stdout.contains("ben> "), "{stdout}");
    assert!(stdout.contains("stopped"), "{stdout}");
    assert!(
        !stdout.contains("is not a choice"),
        "every typed choice was understood: {stdout}"
    );
}

#[test]
fn json_lines_carry_the_choices_and_refuse_what_is_not_one() {
    let out = saikoro(
        &[
            "play",
            "cantstop",
            "--players",
            "ann",
            "--seed",
            "1",
            "--format",
            "json",
        ],
        "hop\nroll\n",
    );
    let lines: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect();
    assert_eq!(lines[0]["start"]["seed"], "1");
    assert_eq!(lines[1]["seat"], 0);
    assert_eq!(lines[1]["choices"][0]["id"], "roll");
    assert_eq!(lines[2]["refused"]["id"], "hop");
    assert!(
        lines[2]["refused"]["reason"]
            .as_str()
            .unwrap()
            .contains("not a move")
    );
    assert!(lines[3]["events"][0]["text"].as_str().unwrap().contains("rolled"));
}

#[test]
fn render_draws_a_seeded_position_as_discord_shows_it() {
    let args = [
        "render",
        "cantstop",
        "--seed",
        "7",
        "--moves",
        "12",
        "--players",
        "3",
    ];
    let out = saikoro(&args, "");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", text(&out.stderr));
    // The mountain's number rows, and the three bots' markers after twelve moves.
    assert!(stdout.contains("2️⃣3️⃣4️⃣5️⃣6️⃣7️⃣8️⃣9️⃣0️⃣1️⃣2️⃣"), "{stdout}");
    // The bots named as on Discord, cut to fit a phone's line with their numbers kept apart;
    // the third seat's mark is there.
    for seat in ["🔴 🤖 Bot 1…", "🟦 🤖 Bot 2…", "🔶 🤖 Bot 3…"] {
        assert!(stdout.contains(seat), "{seat}: {stdout}");
    }
    assert_eq!(
        text(&saikoro(&args, "").stdout),
        stdout,
        "the same seed, the same board"
    );
    let later = text(
        &saikoro(
            &[
                "render",
                "cantstop",
                "--seed",
                "7",
                "--moves",
                "40",
                "--players",
                "3",
            ],
            "",
        )
        .stdout,
    );
    assert_ne!(later, stdout, "more moves, another position");
    for game in ["ishigaki", "ninja", "stones", "saizumi"] {
        let out = saikoro(&["render", game, "--moves", "5"], "");
        assert!(out.status.success(), "{game}: {}", text(&out.stderr));
    }
    let out = saikoro(&["render", "chess"], "");
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("There is no game chess"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn render_writes_the_board_picture() {
    let dir = scratch("render");
    let path = dir.join("board.png");
    let out = saikoro(
        &[
            "render",
            "cantstop",
            "--seed",
            "3",
            "--moves",
            "20",
            "--out",
            path.to_str().unwrap(),
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let png = std::fs::read(&path).expect("the picture was written");
    assert!(
        png.starts_with(b"\x89PNG") && png.len() < 200 * 1024,
        "{} bytes",
        png.len()
    );
    // Every game draws its board.
    for game in ["ishigaki", "ninja", "stones", "saizumi"] {
        let out = saikoro(
            &["render", game, "--moves", "9", "--out", path.to_str().unwrap()],
            "",
        );
        assert!(out.status.success(), "{game}: {}", text(&out.stderr));
        let png = std::fs::read(&path).expect("the picture was written");
        std::fs::remove_file(&path).ok();
        assert!(png.starts_with(b"\x89PNG"), "{game}");
    }
}

/// `saikoro run` with shard flags, in an empty directory with no configuration file and no token.
fn run_with_shards(args: &[&str]) -> (Output, Scratch) {
    let dir = scratch("shards");
    let out = command()
        .arg("run")
        .args(args)
        .current_dir(&dir)
        .env_remove("DISCORD_TOKEN")
        .env_remove("SAIKORO_CONFIG")
        .env_remove("SAIKORO_DATABASE_URL")
        .env_remove("SAIKORO_SHARDS")
        .env_remove("SAIKORO_SHARD_TOTAL")
        .output()
        .expect("the binary runs");
    (out, dir)
}

#[test]
fn part_of_the_shards_on_sqlite_is_refused_before_anything_starts() {
    let (out, dir) = run_with_shards(&["--shards", "0-1", "--shard-total", "4"]);
    let stderr = text(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(
        stderr.contains("shards 0-1 of 4 needs PostgreSQL") && stderr.contains("postgres://"),
        "{stderr}"
    );
    assert!(!dir.join("saikoro.db").exists(), "no database was created");
    for (shards, total, expected) in [
        (
            "0-4",
            "4",
            "goes beyond shard_total 4: shards are numbered 0 to 3",
        ),
        ("2-1", "4", "the range 2-1 is empty: write the lower shard first"),
        ("one", "4", "must be a shard number or a range"),
        ("0", "0", "--shard-total: must be at least 1"),
    ] {
        let (out, _) = run_with_shards(&["--shards", shards, "--shard-total", total]);
        let stderr = text(&out.stderr);
        assert!(!out.status.success(), "{shards}/{total}: {stderr}");
        assert!(stderr.contains(expected), "{shards}/{total}: {stderr}");
    }
    // Every shard on SQLite is one process: it goes on to ask for a token.
    let (out, _) = run_with_shards(&["--shards", "0-3", "--shard-total", "4"]);
    assert!(
        text(&out.stderr).contains("needs a Discord bot token"),
        "{}",
        text(&out.stderr)
    );
}

/// A finished game of Can't Stop between ann and ben, stored as the bot stores one; returns
/// the database's URL, the game's id, its set-up dice and its log.
fn stored_game(dir: &std::path::Path) -> (String, i64, Vec<u8>, Vec<saikoro::engine::LoggedAction>) {
    use saikoro::engine::{Level, Locale, RecordingDice, SeededDice, driver};
    use saikoro::id::{ChannelId, GameId, GuildId, UserId};
    use saikoro::session::{SeatInfo, Table};
    use saikoro::store::{GameRow, Status, Store, StoredGame};
    let kind = saikoro::games::GameKind::from_id("cantstop").unwrap();
    let mut rng = SeededDice::new(7);
    let mut recording = RecordingDice::new(&mut rng);
    let mut game = kind.new_game(&serde_json::json!({}), 2, &mut recording).unwrap();
    let setup = recording.drawn;
    let bot = kind.bot(Level::Normal);
    let mut bot_rng = SeededDice::new(9);
    let (outcome, log) = driver::play_logged(game.as_mut(), &mut SeededDice::new(8), 10_000, |g, s| {
        bot.choose(g, s, &mut bot_rng)
    });
    assert!(outcome.is_ok());
    let seat = |id: u64, name: &str| SeatInfo {
        user: Some(UserId(id)),
        name: name.into(),
        bot: None,
    };
    let table = Table::new(vec![seat(1, "ann"), seat(2, "ben")], Locale::En, false);
    let row = GameRow {
        id: GameId(0),
        kind: kind.id().into(),
        guild_id: Some(GuildId(1)),
        channel_id: ChannelId(2),
        host_id: UserId(1),
        status: Status::Finished,
        options: serde_json::json!({}),
        seats: serde_json::to_value(&table).unwrap(),
        setup_dice: setup.clone(),
        board_message_id: None,
        created_at: 0,
        updated_at: 0,
    };
    let url = format!("sqlite://{}", dir.join("games.db").display());
    let stored = StoredGame {
        row,
        log: log.clone(),
    };
    let id = tokio::runtime::Runtime::new().unwrap().block_on(async {
        let store = Store::connect(&url).await.unwrap();
        let ids = store.import(&[stored]).await.unwrap();
        store.close().await;
        ids[0]
    });
    (url, id.get(), setup, log)
}

#[test]
fn play_from_an_exported_game_shows_the_position_at_the_move_asked_and_refuses_broken_records() {
    use saikoro::engine::{Locale, ScriptedDice, Tr, driver};
    let dir = scratch("from");
    let (url, id, setup, log) = stored_game(&dir);
    let export = saikoro(&["export", &id.to_string(), "--database", &url], "");
    assert!(export.status.success(), "{}", text(&export.stderr));
    let file = dir.join("game.json");
    std::fs::write(&file, &export.stdout).unwrap();
    let file = file.to_str().unwrap();

    for at in [0, log.len() / 2, log.len() - 1] {
        let out = saikoro(
            &[
                "play",
                "--from",
                file,
                "--at",
                &at.to_string(),
                "--format",
                "json",
            ],
            "",
        );
        // The line after the start line.
        let first: serde_json::Value =
            serde_json::from_str(text(&out.stdout).lines().nth(1).unwrap()).unwrap();
        // The same position rebuilt here from the set-up dice and the first `at` moves.
        let kind = saikoro::games::GameKind::from_id("cantstop").unwrap();
        let mut game = kind
            .new_game(
                &serde_json::json!({}),
                2,
                &mut ScriptedDice::new(setup.iter().copied()).lenient(),
            )
            .unwrap();
        saikoro::engine::replay(game.as_mut(), &log[..at]).unwrap();
        let seat = driver::awaited(game.as_ref())[0];
        let names = ["ann".to_owned(), "ben".to_owned()];
        let view = game.view(Some(seat), "", &Tr::new(Locale::En, &names));
        assert_eq!(first["seat"], seat, "move {at}");
        assert_eq!(first["view"], serde_json::to_value(&view).unwrap(), "move {at}");
        // Its input ended before the game did.
        assert!(!out.status.success());
    }

    let refused = |args: &[&str], why: &str| {
        let out = saikoro(args, "");
        assert!(!out.status.success(), "{args:?}");
        assert!(text(&out.stderr).contains(why), "{args:?}: {}", text(&out.stderr));
    };
    let beyond = (log.len() + 1).to_string();
    refused(&["play", "--from", file, "--at", &beyond], "the record has only");
    let broken = dir.join("broken.json");
    std::fs::write(&broken, "{ not json").unwrap();
    refused(&["play", "--from", broken.to_str().unwrap()], "is not a record");
    let mut record: serde_json::Value = serde_json::from_slice(&export.stdout).unwrap();
    record["actions"][0]["action"] = "fly".into();
    let tampered = dir.join("tampered.json");
    std::fs::write(&tampered, record.to_string()).unwrap();
    refused(
        &["play", "--from", tampered.to_str().unwrap(), "--at", "3"],
        "does not replay",
    );
    record["game"] = "chess".into();
    std::fs::write(&tampered, record.to_string()).unwrap();
    refused(&["play", "--from", tampered.to_str().unwrap()], "unknown game");
}

/// Secrets the failing runs below are given; none may show in anything they print.
const BOT_TOKEN: &str = "MTAxOTk5OTk.cli-test.bot-token-Zx9";
const DB_PASSWORD: &str = "db-pass-in-user-info";
const QUERY_PASSWORD: &str = "db-pass-in-query";
const INTERACTION_TOKEN: &str = "aW50ZXJhY3Rpb246Y2xpLXRlc3Q";

/// `saikoro <args>` in `dir` with `config.toml` holding `config` and no other environment than
/// `env`, at the default log level and at `RUST_LOG=debug`: both runs' output, stdout then stderr.
fn run_configured(
    dir: &std::path::Path,
    args: &[String],
    config: &str,
    env: &[(&str, String)],
) -> [(bool, String); 2] {
    std::fs::write(dir.join("config.toml"), config).unwrap();
    [None, Some("debug")].map(|level| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_saikoro"));
        command
            .args(["--config", "config.toml"])
            .args(args)
            .current_dir(dir)
            .env_clear()
            .envs(env.iter().map(|(key, value)| (key, value)));
        if let Some(level) = level {
            command.env("RUST_LOG", level);
        }
        let out = command.output().expect("the binary runs");
        (
            out.status.success(),
            format!("{}{}", text(&out.stdout), text(&out.stderr)),
        )
    })
}

/// A run of the secrets test: what it provokes, how, and what it shows when it ran as meant.
struct Case {
    what: &'static str,
    args: Vec<String>,
    config: String,
    env: Vec<(&'static str, String)>,
    succeeds: bool,
    shows: String,
}

/// A port on this machine nothing listens on.
fn closed_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

/// The runs of the secrets test, each with its files in `dir`.
fn secret_cases(dir: &std::path::Path) -> Vec<Case> {
    let token_file = dir.join("discord_token");
    std::fs::write(&token_file, format!("{BOT_TOKEN}\n")).unwrap();
    let token_file = token_file.to_str().unwrap();
    let missing_file = dir.join("no-such-token");
    let missing_file = missing_file.to_str().unwrap();
    let port = closed_port();
    let token = format!("token = \"{BOT_TOKEN}\"\n");
    let passwords = format!("saikoro:{DB_PASSWORD}@127.0.0.1:{port}/saikoro?password={QUERY_PASSWORD}");
    let unparsed = format!("postgres://{}", passwords.replace(&port.to_string(), "port"));
    let args = |given: &[&str]| {
        given
            .iter()
            .map(std::string::ToString::to_string)
            .collect::<Vec<_>>()
    };
    let (check, run) = (args(&["check-config"]), args(&["run"]));
    vec![
        Case {
            what: "a TOML syntax error on the token's line",
            args: check.clone(),
            config: format!("guild_ids = []\ntoken = \"{BOT_TOKEN}\" and more\n"),
            env: vec![],
            succeeds: false,
            shows: "config.toml:2: not valid TOML".into(),
        },
        Case {
            what: "the token as a wrong value",
            args: check.clone(),
            config: format!("lobby_expiry_secs = \"{BOT_TOKEN}\"\n"),
            env: vec![],
            succeeds: false,
            shows: "config.toml:1: lobby_expiry_secs: must be".into(),
        },
        Case {
            what: "the token as a wrong value in the environment",
            args: check.clone(),
            config: String::new(),
            env: vec![("SAIKORO_LOBBY_EXPIRY_SECS", BOT_TOKEN.into())],
            succeeds: false,
            shows: "environment variable SAIKORO_LOBBY_EXPIRY_SECS: lobby_expiry_secs: must be".into(),
        },
        Case {
            what: "a database URL of an unknown kind",
            args: check.clone(),
            config: format!("database_url = \"mysql://{passwords}\"\n"),
            env: vec![],
            succeeds: false,
            shows: "database_url: `mysql://saikoro:***@".into(),
        },
        Case {
            what: "a valid configuration full of secrets",
            args: check.clone(),
            config: format!(
                "{token}database_url = \"postgres://{passwords}&sslpassword={QUERY_PASSWORD}\"\n"
            ),
            env: vec![],
            succeeds: true,
            shows: "The configuration is valid.".into(),
        },
        Case {
            what: "a PostgreSQL URL that does not parse",
            args: run.clone(),
            config: format!("{token}database_url = \"{unparsed}\"\n"),
            env: vec![],
            succeeds: false,
            shows: "opening the database postgres://saikoro:***@".into(),
        },
        Case {
            what: "a database given on the command line",
            args: args(&["replay", "1", "--database", &unparsed]),
            config: String::new(),
            env: vec![],
            succeeds: false,
            shows: "reading game 1".into(),
        },
        Case {
            what: "discord_api_url over http to another machine",
            args: check.clone(),
            config: format!(
                "discord_api_url = \"http://discord.example.com/api/webhooks/1/{INTERACTION_TOKEN}\"\n"
            ),
            env: vec![],
            succeeds: false,
            shows: "discord_api_url: must be https://".into(),
        },
        Case {
            what: "Discord unreachable, with a webhook's token in the request's URL",
            args: run.clone(),
            config: format!(
                "token_file = \"{token_file}\"\ndatabase_url = \"sqlite://saikoro.db\"\n\
                     discord_api_url = \"http://127.0.0.1:{port}/api/webhooks/77/{INTERACTION_TOKEN}\"\n"
            ),
            env: vec![],
            succeeds: false,
            shows: "asking Discord who this bot is".into(),
        },
        Case {
            what: "a token_file that does not exist",
            args: run.clone(),
            config: format!("token_file = \"{missing_file}\"\n"),
            env: vec![],
            succeeds: false,
            shows: format!("token_file: cannot read {missing_file}"),
        },
        Case {
            what: "a token and a token_file",
            args: check.clone(),
            config: String::new(),
            env: vec![
                ("DISCORD_TOKEN", BOT_TOKEN.into()),
                ("SAIKORO_TOKEN_FILE", token_file.into()),
            ],
            succeeds: false,
            shows: "and token_file are set; keep one".into(),
        },
    ]
}

#[test]
fn no_failure_prints_the_token_a_password_or_an_interaction_token() {
    let dir = scratch("secrets");
    for Case {
        what,
        args,
        config,
        env,
        succeeds,
        shows,
    } in secret_cases(&dir)
    {
        for (success, output) in run_configured(&dir, &args, &config, &env) {
            assert_eq!(success, succeeds, "{what}: {output}");
            assert!(output.contains(&shows), "{what}: expected `{shows}` in {output}");
            for secret in [BOT_TOKEN, DB_PASSWORD, QUERY_PASSWORD, INTERACTION_TOKEN] {
                assert!(!output.contains(secret), "{what} shows {secret}: {output}");
            }
        }
    }
}

/// Issue #33's record, which grew to 24 GB before it was killed: Ninja with no set-up dice, so
/// the start player's roll-off ran out of dice and tied for ever. Every command that reads a
/// record refuses it, saying why, and ends.
#[test]
fn a_ninja_record_whose_set_up_dice_run_out_is_refused_by_review_replay_export_and_play() {
    let dir = scratch("ninja");
    let file = dir.join("ninja.json");
    let record =
        r#"{"game":"ninja","options":{},"seats":[{"name":"a"},{"name":"b"}],"setup_dice":[],"actions":[]}"#;
    std::fs::write(&file, record).unwrap();
    let file = file.to_str().unwrap();
    for args in [
        &["review", "--file", file][..],
        &["replay", "--file", file],
        &["export", "--file", file],
        &["play", "--from", file],
    ] {
        let out = saikoro(args, "");
        let stderr = text(&out.stderr);
        assert!(!out.status.success(), "{args:?} accepted it");
        assert!(
            stderr.contains("set-up dice ran out before the game was set up"),
            "{args:?}: {stderr}"
        );
        // `play` names the record before it reads it; the others print nothing of it.
        let printed = text(&out.stdout);
        assert!(args[0] == "play" || printed.is_empty(), "{args:?}: {printed}");
    }
}

/// `replay` and `export` take a record file as `review` does; `export --file` writes a record
/// that replays as it was, and refuses one whose dice were tampered with.
#[test]
fn replay_and_export_read_a_record_file_and_export_checks_it() {
    let dir = scratch("file");
    let (url, id, _, log) = stored_game(&dir);
    let export = saikoro(&["export", &id.to_string(), "--database", &url], "");
    assert!(export.status.success(), "{}", text(&export.stderr));
    let file = dir.join("game.json");
    std::fs::write(&file, &export.stdout).unwrap();
    let file = file.to_str().unwrap();

    let again = saikoro(&["export", "--file", file], "");
    assert!(again.status.success(), "{}", text(&again.stderr));
    assert_eq!(text(&again.stdout), text(&export.stdout));
    let replay = saikoro(&["replay", "--file", file], "");
    let stored = saikoro(&["replay", &id.to_string(), "--database", &url], "");
    assert!(replay.status.success(), "{}", text(&replay.stderr));
    assert!(text(&replay.stdout).contains(&format!("{} moves", log.len())));
    assert_eq!(text(&replay.stdout), text(&stored.stdout));

    let mut record: serde_json::Value = serde_json::from_slice(&export.stdout).unwrap();
    let dice = record["actions"][0]["dice"].as_array_mut().unwrap();
    dice.pop().expect("Can't Stop's first roll draws dice");
    let tampered = dir.join("tampered.json");
    std::fs::write(&tampered, record.to_string()).unwrap();
    for command in ["export", "replay"] {
        let out = saikoro(&[command, "--file", tampered.to_str().unwrap()], "");
        assert!(!out.status.success(), "{command}");
        let stderr = text(&out.stderr);
        assert!(
            stderr.contains("Move 1 (`roll` by seat")
                && stderr.contains("needs more dice than its record holds"),
            "{command}: {stderr}"
        );
    }
}

/// `render --from` animates an exported game as a GIF within Discord's upload limit, and
/// refuses a record of another game, a tampered record and a missing `--out` in words.
#[test]
fn render_from_an_export_writes_the_game_as_an_animated_gif() {
    let dir = scratch("gif");
    let (url, id, _, _) = stored_game(&dir);
    let export = saikoro(&["export", &id.to_string(), "--database", &url], "");
    assert!(export.status.success(), "{}", text(&export.stderr));
    let file = dir.join("game.json");
    std::fs::write(&file, &export.stdout).unwrap();
    let (file, gif) = (file.to_str().unwrap(), dir.join("game.gif"));
    let out = saikoro(
        &[
            "render",
            "cantstop",
            "--from",
            file,
            "--out",
            gif.to_str().unwrap(),
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let bytes = std::fs::read(&gif).expect("the animation was written");
    assert!(
        bytes.starts_with(b"GIF89a") && bytes.len() < 10 * 1024 * 1024,
        "{} bytes",
        bytes.len()
    );

    let other = saikoro(
        &["render", "ninja", "--from", file, "--out", gif.to_str().unwrap()],
        "",
    );
    assert!(
        text(&other.stderr).contains("a record of `cantstop`, not `ninja`"),
        "{}",
        text(&other.stderr)
    );
    let no_out = saikoro(&["render", "cantstop", "--from", file], "");
    assert!(
        text(&no_out.stderr).contains("--out game.gif"),
        "{}",
        text(&no_out.stderr)
    );
    let mut record: serde_json::Value = serde_json::from_slice(&export.stdout).unwrap();
    record["actions"][0]["dice"].as_array_mut().unwrap().pop();
    let tampered = dir.join("tampered.json");
    std::fs::write(&tampered, record.to_string()).unwrap();
    let out = saikoro(
        &[
            "render",
            "--from",
            tampered.to_str().unwrap(),
            "--out",
            gif.to_str().unwrap(),
        ],
        "",
    );
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("does not replay"),
        "{}",
        text(&out.stderr)
    );
}
