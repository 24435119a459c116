//! `saikoro puzzles generate`: puzzles stored with their progress and summary in the user's
//! language, each position once however often the generator runs on a seed, a deadline that
//! stops it, and a game without a coach refused.

use super::{Scratch, command, saikoro, scratch, text};

/// A fresh database URL in a folder of its own (kept while the folder is).
fn database(name: &str) -> (Scratch, String) {
    let dir = scratch(name);
    let url = format!("sqlite://{}", dir.join("puzzles.db").display());
    (dir, url)
}

/// `puzzles generate GAME` with `more` arguments: (stdout, stderr, success).
fn generate(game: &str, db: &str, more: &[&str]) -> (String, String, bool) {
    let mut args = vec!["puzzles", "generate", game, "--database", db, "--playouts", "100"];
    args.extend_from_slice(more);
    let out = saikoro(&args, "");
    (text(&out.stdout), text(&out.stderr), out.status.success())
}

/// The puzzle ids a run's progress lines name (`stored as #N`).
fn stored_ids(stderr: &str) -> Vec<u32> {
    stderr
        .lines()
        .filter_map(|l| l.split("stored as #").nth(1)?.split(' ').next()?.parse().ok())
        .collect()
}

#[test]
fn generated_puzzles_are_stored_once_each_and_summed_up() {
    let (_dir, db) = database("puzzles");
    let (out, err, ok) = generate("ishigaki", &db, &["--count", "2"]);
    assert!(ok, "{err}");
    assert_eq!(stored_ids(&err), [1, 2], "{err}");
    assert!(out.starts_with("ishigaki: 2 puzzles stored from "), "{out}");
    assert!(out.contains("kept the best move of 2 of 2 confirmed"), "{out}");

    // The same seed again finds the same positions first: they are not stored twice.
    let (out, err, ok) = generate("ishigaki", &db, &["--count", "2"]);
    assert!(ok, "{err}");
    assert_eq!(err.matches("is stored already").count(), 2, "{err}");
    assert_eq!(stored_ids(&err), [3, 4], "{err}");
    assert!(out.starts_with("ishigaki: 2 puzzles stored from "), "{out}");

    // The stored puzzles are the terminal's to practise.
    let practice = saikoro(&["puzzle", "ishigaki", "--database", &db], "");
    assert!(
        text(&practice.stdout).contains("ishigaki puzzle #"),
        "{}",
        text(&practice.stderr)
    );
}

#[test]
fn a_deadline_passed_stores_nothing_and_says_so_in_japanese_too() {
    let (_dir, db) = database("puzzles-deadline");
    let (out, err, ok) = generate("ishigaki", &db, &["--count", "3", "--minutes", "0"]);
    assert!(ok, "{err}");
    assert_eq!(
        out.trim(),
        "ishigaki: 0 puzzles stored from 0 bot games; none was confirmed by playouts."
    );
    let ja = command()
        .args([
            "puzzles",
            "generate",
            "ishigaki",
            "--database",
            &db,
            "--count",
            "1",
        ])
        .args(["--minutes", "0", "--lang", "ja"])
        .output()
        .unwrap();
    assert_eq!(
        text(&ja.stdout).trim(),
        "ishigaki：ボット対局 0 局から 0 問を保存。プレイアウトで確認できた候補はありませんでした。"
    );
}

#[test]
fn a_game_without_a_coach_has_no_puzzles_to_generate() {
    let (_dir, db) = database("puzzles-pig");
    let (out, err, ok) = generate("pig", &db, &[]);
    assert!(!ok);
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("pig has no coach yet"), "{err}");
}
