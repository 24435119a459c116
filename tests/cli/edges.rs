//! The rough edges of issue #30: README true to the program, a closed pipe, `help`, menus,
//! check-config, reading commands that must not create a database, the no-token message, dice
//! the game does not have, a refused `--from` that prints nothing else.

use super::{command, saikoro, scratch, stored_game, text};
use std::io::Read;
use std::process::Stdio;

/// The README's section from `start` to the next heading.
fn readme_section(start: &str) -> String {
    let readme = include_str!("../../README.md");
    let at = readme.find(start).expect("the section exists");
    let rest = &readme[at + start.len()..];
    rest[..rest.find("\n## ").unwrap_or(rest.len())].to_owned()
}

#[test]
fn the_readmes_terminal_commands_run_as_written() {
    let dir = scratch("readme");
    // The card list a Saizumi example names.
    std::fs::write(
        dir.join("my-cards.toml"),
        include_str!("../../core/src/games/saizumi/cards.toml"),
    )
    .unwrap();
    let section = readme_section("## Quick start");
    let commands: Vec<&str> = section
        .lines()
        .filter_map(|l| l.strip_prefix("cargo run --release -- "))
        .map(|l| l.split('#').next().unwrap().trim())
        .collect();
    assert!(commands.len() >= 6, "{commands:?}");
    for line in commands {
        let args: Vec<&str> = line.split_whitespace().collect();
        let out = command()
            .args(&args)
            .current_dir(&dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                use std::io::Write;
                // People resign at once; bots play to the end.
                child
                    .stdin
                    .take()
                    .unwrap()
                    .write_all("resign\n".repeat(5).as_bytes())
                    .ok();
                child.wait_with_output()
            })
            .unwrap();
        assert!(out.status.success(), "`{line}`: {}", text(&out.stderr));
    }
    assert!(dir.join("board.png").exists(), "render wrote its picture");
}

#[test]
fn the_readmes_options_table_lists_each_games_options_and_only_them() {
    let table = readme_section("| game | options |");
    for kind in saikoro::games::GameKind::ALL.iter().filter(|k| k.id() != "pig") {
        let row = table
            .lines()
            .find(|l| l.starts_with(&format!("| `{}` |", kind.id())))
            .unwrap_or_else(|| panic!("{} has a row", kind.id()));
        let cell = row.splitn(3, '|').nth(2).unwrap();
        // The option keys: the backticked word starting each item, asides in brackets dropped.
        let mut plain = String::new();
        let mut depth = 0;
        for c in cell.chars() {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ if depth == 0 => plain.push(c),
                _ => {}
            }
        }
        let mut listed: Vec<String> = plain
            .split(',')
            .filter_map(|item| {
                item.trim()
                    .strip_prefix('`')?
                    .split('`')
                    .next()
                    .map(str::to_owned)
            })
            .collect();
        let mut declared: Vec<String> = kind.options().iter().map(|s| s.key.to_owned()).collect();
        listed.sort();
        declared.sort();
        assert_eq!(listed, declared, "{}: {row}", kind.id());
    }
}

#[test]
fn a_closed_pipe_ends_the_program_quietly() {
    let mut child = command()
        .args([
            "play",
            "cantstop",
            "--players",
            "bot:easy,bot:easy",
            "--seed",
            "1",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // `| head -c 10`: read a little, then close the pipe.
    let mut first = [0u8; 10];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = text(&out.stderr);
    assert!(out.status.success(), "exit {:?}: {stderr}", out.status.code());
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn help_hint_and_resign_are_words_of_the_terminal() {
    let out = saikoro(
        &["play", "cantstop", "--players", "ann", "--seed", "1"],
        "help\n?\nhint\nresign\n",
    );
    let stdout = text(&out.stdout);
    assert!(
        !stdout.contains("not a choice") && !stdout.contains('✖'),
        "{stdout}"
    );
    assert!(stdout.matches("Type a choice's number").count() == 2, "{stdout}");
    // Can't Stop's menu ends with Resign, as the other games' do.
    assert!(stdout.contains(") Resign"), "{stdout}");
    assert!(stdout.contains("Everybody resigned"), "{stdout}");
    // A one-choice menu does not ask for "a number from 1 to 1".
    assert!(!stdout.contains("1 to 1"), "{stdout}");
    // Ninja's coach weighs by playouts and says how sure it is.
    let out = saikoro(
        &["play", "ninja", "--players", "ann,ben", "--seed", "1"],
        "roll\nhint\nresign\n",
    );
    let stdout = text(&out.stdout);
    assert!(stdout.contains("💡") && stdout.contains("95% sure"), "{stdout}");
}

/// The 💡 line of a terminal session.
fn hint_line(stdout: &str) -> &str {
    stdout
        .lines()
        .find(|l| l.contains('💡'))
        .unwrap_or_else(|| panic!("no hint: {stdout}"))
}

#[test]
fn the_hint_names_moves_as_their_buttons_read_in_both_languages() {
    for lang in ["en", "ja"] {
        let out = saikoro(
            &[
                "play",
                "ninja",
                "--players",
                "ann,ben",
                "--seed",
                "1",
                "--lang",
                lang,
            ],
            "roll\nhint\nresign\n",
        );
        let stdout = text(&out.stdout);
        let hint = hint_line(&stdout);
        // A Ninja move's label is `A b1→c4 …`; its id `b1-c4` is for scripts.
        assert_eq!(
            hint.matches('→').count(),
            2,
            "{lang}: both moves by label: {hint}"
        );
        assert!(
            !hint.contains("**"),
            "{lang}: no markdown in the terminal: {hint}"
        );
        let id = |w: &str| {
            let w = w.trim_matches(|c: char| !c.is_ascii_alphanumeric() && c != '-');
            w.split_once('-').is_some_and(|(a, b)| {
                [a, b]
                    .iter()
                    .all(|s| s.len() >= 2 && s.as_bytes()[0].is_ascii_lowercase())
            })
        };
        assert!(!hint.split_whitespace().any(id), "{lang}: an id in {hint}");
    }
}

#[test]
fn the_terminal_shows_no_markdown() {
    let out = saikoro(
        &["play", "saizumi", "--players", "ann,ben", "--seed", "1"],
        "resign\n",
    );
    let stdout = text(&out.stdout);
    assert!(stdout.contains("Market") && !stdout.contains("**"), "{stdout}");
    // Can't Stop's column list is code-marked for Discord's monospace.
    let out = saikoro(
        &["play", "cantstop", "--players", "ann,ben", "--seed", "1"],
        "resign\n",
    );
    let stdout = text(&out.stdout);
    assert!(stdout.contains("12 ( 3)") && !stdout.contains('`'), "{stdout}");
}

#[test]
fn a_refused_game_option_prints_no_header_and_the_player_count_reads_well() {
    let out = saikoro(
        &["play", "ninja", "--players", "a,b", "--option", "black_start=z9"],
        "",
    );
    assert!(!out.status.success());
    assert!(text(&out.stdout).is_empty(), "no header: {}", text(&out.stdout));
    let out = saikoro(&["play", "ninja", "--players", "a,b,c,d"], "");
    let stderr = text(&out.stderr);
    assert!(stderr.contains("is played by 2 players, not 4"), "{stderr}");
    assert!(!stderr.contains("2 to 2"), "{stderr}");
}

#[test]
fn format_has_a_description() {
    let out = saikoro(&["play", "cantstop", "--help"], "");
    let help = text(&out.stdout);
    assert!(
        help.contains("--format") && help.contains("for scripts"),
        "{help}"
    );
}

#[test]
fn render_takes_options_and_a_language() {
    let on = saikoro(&["render", "ishigaki", "--option", "crumbling=true"], "");
    assert!(on.status.success(), "{}", text(&on.stderr));
    assert!(
        text(&on.stdout).contains("crumbling wall on"),
        "{}",
        text(&on.stdout)
    );
    let bad = saikoro(&["render", "ishigaki", "--option", "goal=500"], "");
    assert!(
        text(&bad.stderr).contains("`goal` must be a whole number from 4 to 60"),
        "{}",
        text(&bad.stderr)
    );
}

#[test]
fn reading_commands_never_create_a_database() {
    let dir = scratch("nodb");
    for args in [
        ["replay", "1"],
        ["review", "1"],
        ["export", "1"],
        ["puzzle", "cantstop"],
    ] {
        let out = command()
            .args(args)
            .current_dir(&dir)
            .env_remove("SAIKORO_DATABASE_URL")
            .output()
            .unwrap();
        assert!(!out.status.success(), "{args:?}");
        assert!(
            text(&out.stderr).contains("There is no database at saikoro.db"),
            "{}",
            text(&out.stderr)
        );
        let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert!(left.is_empty(), "{args:?} created {left:?}");
    }
}

#[test]
fn check_config_lists_every_problem_and_summarises_a_good_file() {
    let dir = scratch("config");
    let config = dir.join("config.toml");
    std::fs::write(
        &config,
        "lobby_expiry_secs = \"soon\"\nturn_timeout_action = \"nap\"\ncolour = 1\n",
    )
    .unwrap();
    let out = command()
        .args(["--config", config.to_str().unwrap(), "check-config"])
        .env_remove("DISCORD_TOKEN")
        .output()
        .unwrap();
    let stderr = text(&out.stderr);
    assert!(!out.status.success());
    for expected in [
        "config.toml:1: lobby_expiry_secs: must be a whole number, 0 or more, not text",
        "config.toml:2: turn_timeout_action: must be one of: play, leave",
        "config.toml:3: colour: unknown key",
    ] {
        assert!(stderr.contains(expected), "{expected}: {stderr}");
    }
    assert!(!stderr.contains("default.") && !stderr.contains("``"), "{stderr}");
    std::fs::write(&config, "lobby_expiry_secs = 600\n").unwrap();
    let out = command()
        .args(["--config", config.to_str().unwrap(), "check-config"])
        .env_remove("DISCORD_TOKEN")
        .env_remove("SAIKORO_DATABASE_URL")
        .output()
        .unwrap();
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(stdout.starts_with("The configuration is valid."), "{stdout}");
    assert!(
        stdout.contains("lobbies expire after 600 s") && !stdout.contains("Config {"),
        "{stdout}"
    );
}

#[test]
fn the_no_token_message_shows_the_docker_command_too() {
    let dir = scratch("notoken");
    let out = command()
        .arg("run")
        .current_dir(&dir)
        .env_remove("DISCORD_TOKEN")
        .env_remove("SAIKORO_CONFIG")
        .env_remove("SAIKORO_DATABASE_URL")
        .output()
        .unwrap();
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("cargo run --release") && stderr.contains("docker run -e DISCORD_TOKEN="),
        "{stderr}"
    );
}

#[test]
fn the_terminal_names_players_whole_in_both_languages() {
    for lang in ["en", "ja"] {
        let args = ["play", "ninja", "--players", "bot:easy,bot:normal", "--seed", "1"];
        let out = saikoro(&[&args[..], &["--lang", lang]].concat(), "");
        let stdout = text(&out.stdout);
        assert!(out.status.success(), "{}", text(&out.stderr));
        // The move log names both bots in full, as a phone's board would not (`bot-norm…`).
        let logged = |name: &str| {
            stdout
                .lines()
                .filter(|l| l.starts_with('•') && l.contains(name))
                .count()
        };
        assert!(
            logged("bot-easy-1") > 3 && logged("bot-normal-2") > 3,
            "{lang}: {stdout}"
        );
        assert!(
            !stdout.contains("bot-norm…") && !stdout.contains("bot-easy…"),
            "{lang}: {stdout}"
        );
    }
}

#[test]
fn dice_are_the_games_own_faces() {
    // Ninja's dice are four-sided: a 5 or a 6 is refused, naming the range, not folded to 1, 2.
    for dice in ["5,6,1,1", "1,1,6,1"] {
        let out = saikoro(&["play", "ninja", "--players", "a,b", "--dice", dice], "");
        let stderr = text(&out.stderr);
        assert!(!out.status.success(), "{dice} was accepted");
        assert!(
            stderr.contains("is not a face of Ninja Versus Ninja's dice (1–4)"),
            "{stderr}"
        );
        assert!(text(&out.stdout).is_empty(), "{}", text(&out.stdout));
    }
    let out = saikoro(&["play", "ninja", "--players", "a,b", "--dice", "4,3,1,1"], "");
    let stdout = text(&out.stdout);
    assert!(stdout.contains("Opening roll: 🔴 a 4+3, 🟦 b 1+1"), "{stdout}");
    // Can't Stop's are six-sided.
    let out = saikoro(&["play", "cantstop", "--players", "a,b", "--dice", "1,6,7"], "");
    assert!(
        text(&out.stderr).contains("`7` is not a face of Can't Stop's dice (1–6)"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_refused_play_from_prints_only_its_error() {
    let dir = scratch("from-refused");
    let (url, id, _, log) = stored_game(&dir);
    let export = saikoro(&["export", &id.to_string(), "--database", &url], "");
    let file = dir.join("game.json");
    std::fs::write(&file, &export.stdout).unwrap();
    let mut record: serde_json::Value = serde_json::from_slice(&export.stdout).unwrap();
    record["setup_dice"] = serde_json::json!([]);
    let broken = dir.join("broken.json");
    std::fs::write(&broken, record.to_string()).unwrap();
    let far = (log.len() + 1).to_string();
    for (file, at, says) in [
        (&file, far.as_str(), "the record has only"),
        (&broken, "0", "does not replay"),
    ] {
        for format in ["text", "json"] {
            let args = ["play", "--from", file.to_str().unwrap(), "--at", at];
            let out = saikoro(&[&args[..], &["--format", format]].concat(), "");
            assert!(!out.status.success());
            assert!(text(&out.stderr).contains(says), "{}", text(&out.stderr));
            assert!(text(&out.stdout).is_empty(), "{format}: {}", text(&out.stdout));
        }
    }
}
