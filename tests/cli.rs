//! The terminal front end as a person uses it: `saikoro play <game>` with options, bots and
//! typed choices, and its refusals of bad options.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn saikoro(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_saikoro"))
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
        ("crumbling=7", "`crumbling` must be true | false"),
        ("goal=500", "`goal` must be 4–60"),
        ("minus_two=5,x", "`minus_two` must be"),
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
    assert_eq!(lines[0]["seat"], 0);
    assert_eq!(lines[0]["choices"][0]["id"], "roll");
    assert!(lines[1]["error"].as_str().unwrap().contains("hop"));
    assert!(lines[2]["events"][0]["text"].as_str().unwrap().contains("rolled"));
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
    assert!(stdout.contains("bot-normal-3"), "{stdout}");
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
        text(&out.stderr).contains("no game `chess`"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn render_writes_the_board_picture() {
    let path = std::env::temp_dir().join(format!("saikoro-render-{}.png", std::process::id()));
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
    std::fs::remove_file(&path).ok();
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
fn run_with_shards(args: &[&str]) -> (Output, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("saikoro-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let out = Command::new(env!("CARGO_BIN_EXE_saikoro"))
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
        ("2-1", "4", "the shard range 2-1 is empty"),
        ("one", "4", "must be a shard number or a range"),
        ("0", "0", "shard_total must be at least 1"),
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
    std::fs::remove_dir_all(dir).ok();
}
