//! `--format json` as a script reads it: every line valid against docs/state.schema.json, the
//! position as data, the seed on the start line, the set-up's events on the first position,
//! every roll scriptable.

use super::{saikoro, text};
use serde_json::Value;

/// The lines of a JSON game.
fn lines(stdout: &[u8]) -> Vec<Value> {
    text(stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

fn schema() -> jsonschema::Validator {
    let schema: Value = serde_json::from_str(include_str!("../../docs/state.schema.json")).unwrap();
    jsonschema::validator_for(&schema).expect("the schema is a valid JSON Schema")
}

/// `game` in JSON with a person in seat 0 (who always answers with the first choice, by number)
/// against a bot: enough lines to see every phase.
fn played(game: &str, options: &[&str], seed: &str) -> Vec<Value> {
    let mut args = vec![
        "play",
        game,
        "--players",
        "ann,bot:normal",
        "--seed",
        seed,
        "--format",
        "json",
    ];
    for option in options {
        args.extend(["--option", option]);
    }
    let out = saikoro(&args, &"1\n".repeat(3000));
    assert!(out.status.success(), "{game}: {}", text(&out.stderr));
    lines(&out.stdout)
}

#[test]
fn every_line_of_every_game_fits_the_schema() {
    let validator = schema();
    for (game, options) in [
        ("cantstop", &[][..]),
        ("ishigaki", &["crumbling=true"][..]),
        ("ninja", &[][..]),
        ("stones", &["dice=true"][..]),
        ("saizumi", &[][..]),
    ] {
        let lines = played(game, options, "4");
        assert!(lines.len() >= 4, "{game}: {} lines", lines.len());
        for (i, line) in lines.iter().enumerate() {
            let errors: Vec<String> = validator.iter_errors(line).map(|e| e.to_string()).collect();
            assert!(errors.is_empty(), "{game} line {i}: {errors:?}\n{line}");
            if i > 0 {
                assert_eq!(line["state"]["game"], game, "{game} line {i}");
            }
        }
        assert_eq!(lines[0]["start"]["game"], game);
        let last = lines.last().unwrap();
        assert!(
            last["outcome"].is_object(),
            "{game} ends with its outcome: {last}"
        );
    }
}

#[test]
fn the_schema_refuses_a_renamed_field_and_a_missing_state() {
    let validator = schema();
    let line = played("cantstop", &[], "2").remove(1);
    assert!(validator.is_valid(&line));
    let mut renamed = line.clone();
    let runners = renamed["state"]
        .as_object_mut()
        .unwrap()
        .remove("runners")
        .unwrap();
    renamed["state"]["runner"] = runners;
    assert!(!validator.is_valid(&renamed), "a renamed state field is caught");
    let mut stateless = line.clone();
    stateless.as_object_mut().unwrap().remove("state");
    assert!(!validator.is_valid(&stateless));
}

#[test]
fn the_state_is_the_position_as_data() {
    // Can't Stop: after the first roll, the four dice and the phase are data, not board text.
    let out = saikoro(
        &[
            "play",
            "cantstop",
            "--players",
            "ann",
            "--dice",
            "1,1,5,4,6",
            "--format",
            "json",
        ],
        "roll\n",
    );
    let lines = lines(&out.stdout);
    assert_eq!(lines[1]["state"]["phase"], "roll");
    assert_eq!(lines[2]["state"]["phase"], "choose");
    assert_eq!(lines[2]["state"]["dice"], serde_json::json!([1, 5, 4, 6]));
    // Saizumi shows the deck's size, never its cards.
    let saizumi = played("saizumi", &[], "3");
    let state = &saizumi[1]["state"];
    assert!(state["deck_size"].as_u64().unwrap() > 0, "{state}");
    assert!(state.get("deck").is_none(), "{state}");
    assert_eq!(state["market"].as_array().unwrap().len(), 9);
}

#[test]
fn the_first_line_carries_the_set_up_events() {
    // The start player drawn, Ninja's opening rolls, Saizumi's first reveal, Stones' first die
    // (dice variant).
    for (game, options, expected) in [
        ("cantstop", &[][..], "cantstop-log-start"),
        ("ishigaki", &[][..], "ishigaki-log-start"),
        ("ninja", &[][..], "ninja-log-opening"),
        ("saizumi", &[][..], "saizumi-log-revealed"),
        ("stones", &["dice=true"][..], "stones-log-rolled"),
    ] {
        let first = played(game, options, "5").remove(1);
        let ids: Vec<&str> = first["events"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["id"].as_str().unwrap())
            .collect();
        assert!(ids.contains(&expected), "{game}: {ids:?}");
    }
}

#[test]
fn dice_script_the_set_up_rolls_too() {
    // Stones' first die is a set-up roll: `--dice 4` makes it a 4 (and the same with 2).
    for die in [4, 2] {
        let out = saikoro(
            &[
                "play",
                "stones",
                "--players",
                "ann,ben",
                "--option",
                "dice=true",
                "--dice",
                &die.to_string(),
                "--format",
                "json",
            ],
            "",
        );
        let first = lines(&out.stdout).remove(1);
        assert_eq!(first["state"]["roll"], die, "{first}");
    }
    // Can't Stop's start player is drawn at set-up: a 2 of two seats seats ben first.
    let out = saikoro(&["play", "cantstop", "--players", "ann,ben", "--dice", "2"], "");
    assert!(text(&out.stdout).contains("ben> "), "{}", text(&out.stdout));
    let out = saikoro(&["play", "cantstop", "--players", "ann,ben", "--dice", "1"], "");
    assert!(text(&out.stdout).contains("ann> "), "{}", text(&out.stdout));
}

#[test]
fn the_start_line_gives_the_seed_that_replays_the_game() {
    // No --seed: the game's seed is random, and the first line says which it was.
    let args = [
        "play",
        "ishigaki",
        "--players",
        "ann,bot:normal",
        "--format",
        "json",
    ];
    let input = "1\n".repeat(3000);
    let first = saikoro(&args, &input);
    assert!(first.status.success(), "{}", text(&first.stderr));
    let stdout = text(&first.stdout);
    let (start, game) = stdout.split_once('\n').unwrap();
    let start: Value = serde_json::from_str(start).unwrap();
    assert_eq!(start["start"]["game"], "ishigaki", "{start}");
    let seed = start["start"]["seed"].as_str().expect("the seed, as digits");
    let again = saikoro(&[&args[..], &["--seed", seed]].concat(), &input);
    let again = text(&again.stdout);
    assert_eq!(
        again.split_once('\n').unwrap().1,
        game,
        "seed {seed} plays the same game"
    );
    // A seed past 2^53 is given whole.
    let big = u64::MAX.to_string();
    let out = saikoro(&[&args[..], &["--seed", &big]].concat(), "resign\n");
    assert_eq!(lines(&out.stdout)[0]["start"]["seed"], big.as_str());
}
