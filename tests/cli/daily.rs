//! `saikoro daily cantstop`: a practice day on public dice, the same rolls for everyone whatever
//! they choose, the par and the share line, and its refusals.

use super::{saikoro, text};
use serde_json::Value;

/// Every roll of a JSON game, in order, as the log events word them.
fn rolls(stdout: &str) -> Vec<Vec<Value>> {
    stdout
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .flat_map(|line| line["events"].as_array().cloned().unwrap_or_default())
        .filter(|e| e["id"] == "cantstop-log-rolled")
        .map(|e| ["d1", "d2", "d3", "d4"].map(|d| e["args"][d].clone()).to_vec())
        .collect()
}

fn daily(args: &[&str]) -> (String, String, bool) {
    let mut all = vec!["daily", "cantstop"];
    all.extend_from_slice(args);
    let out = saikoro(&all, "");
    (text(&out.stdout), text(&out.stderr), out.status.success())
}

#[test]
fn players_who_choose_differently_meet_the_same_rolls() {
    let bold = daily(&[
        "--date",
        "2026-11-12",
        "--players",
        "bot:strong",
        "--format",
        "json",
    ]);
    let timid = daily(&[
        "--date",
        "2026-11-12",
        "--players",
        "bot:easy",
        "--format",
        "json",
    ]);
    assert!(bold.2 && timid.2, "{}{}", bold.1, timid.1);
    let (bold, timid) = (rolls(&bold.0), rolls(&timid.0));
    assert_ne!(bold.len(), 0);
    let common = bold.len().min(timid.len());
    assert!(common >= 5, "{common}");
    assert_eq!(bold[..common], timid[..common]);
    let other_day = daily(&[
        "--date",
        "2026-11-13",
        "--players",
        "bot:strong",
        "--format",
        "json",
    ]);
    assert_ne!(rolls(&other_day.0)[..5], bold[..5], "another day, other dice");
}

#[test]
fn the_strong_bot_makes_par_and_the_share_line_shows_its_turns() {
    let (out, err, ok) = daily(&[
        "--date",
        "2026-11-12",
        "--players",
        "bot:strong",
        "--format",
        "json",
    ]);
    assert!(ok, "{err}");
    let last: Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(last["daily"], 12);
    assert_eq!(
        last["turns"], last["par"],
        "the par is the strong bot's own score"
    );
    let share = last["share"].as_str().unwrap();
    let turns = last["turns"].as_u64().unwrap();
    assert!(
        share.starts_with(&format!("Can't Stop daily #12 · {turns} turns (par {turns}) · ")),
        "{share}"
    );
    let marks = share.rsplit(" · ").next().unwrap();
    assert_eq!(marks.chars().count() as u64, turns, "one mark per turn: {share}");
    assert_eq!(
        marks.chars().filter(|&c| c == '🟥').count() as u64,
        last["busts"].as_u64().unwrap()
    );
    let (text, _, _) = daily(&["--date", "2026-11-12", "--players", "bot:strong"]);
    assert!(text.starts_with("Can't Stop daily #12 (practice"), "{text}");
    assert!(text.trim_end().ends_with(share), "the same line in text: {text}");
}

#[test]
fn bad_dates_and_more_players_are_refused() {
    let (_, err, ok) = daily(&["--date", "2026-02-30", "--players", "bot:strong"]);
    assert!(!ok && err.contains("is not a date"), "{err}");
    let (_, err, ok) = daily(&["--date", "2026-10-31", "--players", "bot:strong"]);
    assert!(!ok && err.contains("starts on 2026-11-01"), "{err}");
    let (_, err, ok) = daily(&["--players", "ann,bot:strong"]);
    assert!(!ok && err.contains("played alone"), "{err}");
}
