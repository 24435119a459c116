//! Naming a move: by number or id in both modes, in the rules pages' own notations, any legal
//! move even when the offered list is abbreviated; a refused move gets the rules' §6 reason and
//! changes nothing.

use super::{command, saikoro, text};
use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Stdio};

/// A JSON game driven line by line, as a script plays it.
struct Script {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Script {
    fn start(args: &[&str]) -> Self {
        let mut child = command()
            .args(args)
            .args(["--format", "json"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary runs");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        let mut script = Script { child, input, output };
        // The start line (game and seed) comes before the first position.
        assert!(script.line().get("start").is_some());
        script
    }

    fn line(&mut self) -> Value {
        let mut line = String::new();
        self.output.read_line(&mut line).unwrap();
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line}"))
    }

    fn send(&mut self, text: &str) -> Value {
        writeln!(self.input, "{text}").unwrap();
        self.line()
    }
}

impl Drop for Script {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

/// Can't Stop alone with the roll 1 5 4 6 (pairings 6+10, 5+11, 7+9) after the start draw.
const ROLLED: [&str; 6] = ["play", "cantstop", "--players", "ann", "--dice", "1,1,5,4,6"];

#[test]
fn text_shows_each_choice_with_its_number_and_id_and_takes_either_or_the_notation() {
    let out = saikoro(&ROLLED, "roll\n6+10\nresign\n");
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("[m6+10]") && stdout.contains("[m5+11]"),
        "{stdout}"
    );
    assert!(stdout.contains("ann moved up 6 and 10."), "{stdout}");
    assert!(!stdout.contains('✖'), "every line was taken: {stdout}");
    // By number: 1 rolls; the third choice is 7 + 9.
    let out = saikoro(&ROLLED, "1\n3\nresign\n");
    let stdout = text(&out.stdout);
    assert!(!stdout.contains('✖'), "{stdout}");
    assert!(stdout.contains("ann moved up 7 and 9."), "{stdout}");
}

#[test]
fn json_takes_an_id_a_number_or_the_notation() {
    for answer in ["m7+9", "3", "7+9", "7 + 9"] {
        let mut script = Script::start(&ROLLED);
        script.line();
        let rolled = script.send("roll");
        assert_eq!(rolled["choices"][2]["id"], "m7+9");
        let moved = script.send(answer);
        assert!(moved.get("refused").is_none(), "{answer}: {moved}");
        assert_eq!(
            moved["state"]["runners"][5], 1,
            "{answer}: 7 has a runner: {moved}"
        );
        assert_eq!(moved["state"]["runners"][7], 1, "{answer}: 9 has a runner");
    }
}

#[test]
fn a_refused_move_gets_the_rules_reason_in_text_and_json_and_changes_nothing() {
    let out = saikoro(&ROLLED, "stop\nroll\n2+12\nresign\n");
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("✖ You can only stop after moving this turn"),
        "{stdout}"
    );
    assert!(
        stdout.contains("✖ No pairing of 1 5 4 6 gives that move."),
        "{stdout}"
    );
    let mut script = Script::start(&ROLLED);
    script.line();
    let rolled = script.send("roll");
    let refused = script.send("2+12");
    assert_eq!(refused["refused"]["id"], "2+12");
    assert_eq!(
        refused["refused"]["reason"],
        "No pairing of 1 5 4 6 gives that move."
    );
    let after = script.send("m6+10");
    assert_eq!(
        after["state"]["runners"][4], 1,
        "the refusal changed nothing: {after}"
    );
    assert_eq!(rolled["state"]["runners"][4], 0);
}

/// Each game's own refusal (§6) in JSON: `(game, answers before, typed, reason)`.
#[test]
fn each_game_refuses_with_its_rules_page_reason() {
    let cases: [(&str, &[&str], &str, &str); 4] = [
        ("ishigaki", &[], "die2", "Roll your first die first."),
        ("ninja", &["roll"], "move ZZ", "No option ZZ (A–"),
        (
            "stones",
            &[],
            "take d4",
            "Only the neutral corners a7 and g1 can be taken from, not d4.",
        ),
        ("saizumi", &[], "place:9:1", "No unplaced stone 9."),
    ];
    for (game, before, typed, reason) in cases {
        let args = ["play", game, "--players", "ann,ben", "--seed", "2"];
        let mut script = Script::start(&args);
        let mut line = script.line();
        for answer in before {
            line = script.send(answer);
        }
        let refused = script.send(typed);
        let said = refused["refused"]["reason"].as_str().unwrap_or_default();
        assert!(said.contains(reason), "{game} `{typed}`: {refused}");
        // Nothing changed: the same position is asked for again.
        let again = script.send("help");
        assert!(again["help"].is_string(), "{game}: {again}");
        let choice = line["choices"][0]["id"].as_str().unwrap().to_owned();
        let next = script.send(&choice);
        assert!(
            next.get("refused").is_none(),
            "{game}: the offered move still plays: {next}"
        );
    }
}

#[test]
fn stones_takes_a_chain_as_its_landing_cells() {
    use saikoro::engine::{Locale, SeededDice, Tr};
    let kind = saikoro::games::GameKind::from_id("stones").unwrap();
    let game = kind
        .new_game(&serde_json::json!({}), 2, &mut SeededDice::new(1))
        .unwrap();
    let seat = game.to_act()[0];
    let choice = game
        .choices(seat, &Tr::new(Locale::En, &[]))
        .into_iter()
        .find(|c| c.id.starts_with("place ") && c.id.split(' ').count() == 3)
        .expect("a chain is offered");
    // Where it lands, read off the state: the cell that gains a stone.
    let mut played = game.clone();
    played.apply(seat, &choice.id, &mut SeededDice::new(1)).unwrap();
    let (before, after) = (game.state(), played.state());
    let landing = after["cells"]
        .as_object()
        .unwrap()
        .iter()
        .find(|(cell, piece)| before["cells"][cell.as_str()] == "empty" && piece.is_object())
        .map(|(cell, _)| cell.clone())
        .expect("a stone landed");
    let origin = choice.id.split(' ').nth(1).unwrap();
    let typed = format!("place {origin} {landing}");
    let mut script = Script::start(&["play", "stones", "--players", "ann,ben", "--seed", "1"]);
    script.line();
    let next = script.send(&typed);
    assert!(next.get("refused").is_none(), "`{typed}`: {next}");
    assert!(next["state"]["cells"][landing.as_str()].is_object(), "{next}");
}

#[test]
fn a_saizumi_claim_not_in_the_offered_list_is_taken() {
    // Play the first choice until ann is to stack, then claim a slot with no halves (all `a`).
    let mut script = Script::start(&["play", "saizumi", "--players", "ann,bot:easy", "--seed", "3"]);
    let mut line = script.line();
    for _ in 0..200 {
        if line["state"]["phase"] == "stack" && line["seat"] == 0 {
            let slot = (0..9)
                .find(|&i| !line["state"]["market"][i].as_array().unwrap().is_empty())
                .expect("a filled slot");
            let typed = format!("claim:{}", slot + 1);
            let offered = line["choices"].as_array().unwrap();
            assert!(
                !offered.iter().any(|c| c["id"] == typed.as_str()),
                "not offered as such"
            );
            let next = script.send(&typed);
            assert!(next.get("refused").is_none(), "{typed}: {next}");
            let claimed = next["events"]
                .as_array()
                .unwrap()
                .iter()
                .any(|e| e["id"] == "saizumi-log-claimed" && e["args"]["slot"]["num"] == slot + 1);
            assert!(claimed, "{typed} was played: {next}");
            return;
        }
        line = script.send("1");
    }
    panic!("ann never came to stack");
}

#[test]
fn log_lines_are_not_cut_for_a_phone_in_the_terminal() {
    // Wrapped to a phone's 32 columns, `🟦 bさんがB5を場札1に置きました。` left its `。` alone.
    let args = [
        "play",
        "saizumi",
        "--players",
        "a,b",
        "--seed",
        "3",
        "--lang",
        "ja",
    ];
    let out = saikoro(&args, "place:1:1\nplace:2:1\nplace:3:1\n1\n3\n");
    let stdout = text(&out.stdout);
    assert!(stdout.contains("場札1に置きました。"), "{stdout}");
    assert!(!stdout.lines().any(|l| l.trim() == "。"), "{stdout}");
}

#[test]
fn a_number_past_the_menu_is_answered_with_the_menus_range_and_help_counts_what_a_number_picks() {
    let out = saikoro(&ROLLED, "roll\n9\nHELP\nRESIGN\n");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains("There is no choice 9: type a number from 1 to 4."),
        "{stdout}"
    );
    assert!(
        stdout.contains("(1 to 4) or the id shown in brackets"),
        "{stdout}"
    );
    assert!(stdout.contains("e.g. m6+10"), "this game's own moves: {stdout}");
    assert!(!stdout.contains("place a1"), "no other game's: {stdout}");
    // JSON numbers its `choices`: one (the roll) here, where the text menu adds resigning.
    let mut script = Script::start(&ROLLED[..4]);
    let first = script.line();
    assert_eq!(first["choices"].as_array().unwrap().len(), 1, "{first}");
    let help = script.send("?");
    assert!(help["help"].as_str().unwrap().contains("number (1)"), "{help}");
    let refused = script.send("9");
    assert_eq!(
        refused["refused"]["reason"],
        "There is no choice 9: the only choice is 1."
    );
}

#[test]
fn the_end_names_the_winner_once() {
    let out = saikoro(&["play", "cantstop", "--players", "bot,bot", "--seed", "1"], "");
    let stdout = text(&out.stdout);
    let winner = stdout.lines().filter(|l| l.starts_with("🏆")).count();
    assert_eq!(winner, 1, "{stdout}");
}

#[test]
fn resigning_by_number_asks_first_and_by_name_does_not() {
    let play = |input: &str| {
        let out = saikoro(
            &["play", "cantstop", "--players", "ann,ben", "--seed", "3"],
            input,
        );
        text(&out.stdout)
    };
    // Roll is 1, Resign 2 at the first menu.
    let kept = play("2\nno\n");
    assert!(kept.contains("Resign and leave the game?"), "{kept}");
    assert!(!kept.contains("resigned"), "{kept}");
    let confirmed = play("2\nyes\n");
    assert!(
        confirmed.contains("ann resigned") && confirmed.contains("ben wins"),
        "{confirmed}"
    );
    let named = play("resign\n");
    assert!(!named.contains("Resign and leave the game?"), "{named}");
    assert!(named.contains("ann resigned"), "{named}");
}
