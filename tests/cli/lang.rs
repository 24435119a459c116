//! Japanese in every command: `--lang ja`, or the POSIX locale (`LANG=ja_JP.UTF-8`).

use super::{command, saikoro, scratch, stored_game, text};

/// Whether `s` has Japanese in it (kana or kanji).
fn japanese(s: &str) -> bool {
    s.chars()
        .any(|c| ('\u{3040}'..='\u{30ff}').contains(&c) || ('\u{4e00}'..='\u{9fff}').contains(&c))
}

#[test]
fn play_speaks_japanese_with_lang_or_the_locale() {
    let args = ["play", "cantstop", "--players", "ann", "--seed", "1"];
    let flagged = saikoro(&[&args[..], &["--lang", "ja"]].concat(), "help\nresign\n");
    let stdout = text(&flagged.stdout);
    assert!(stdout.contains("シード") && stdout.contains("投了"), "{stdout}");
    assert!(stdout.contains("選択肢の番号"), "help in Japanese: {stdout}");
    let out = command()
        .args(args)
        .env("LANG", "ja_JP.UTF-8")
        .output()
        .expect("the binary runs");
    assert!(text(&out.stdout).contains("シード"), "{}", text(&out.stdout));
    // `--lang en` wins over the locale.
    let out = command()
        .args(args)
        .args(["--lang", "en"])
        .env("LANG", "ja_JP.UTF-8")
        .output()
        .expect("the binary runs");
    assert!(!japanese(&text(&out.stdout)), "{}", text(&out.stdout));
    // JSON's events and refusals too.
    let out = saikoro(
        &[&args[..], &["--lang", "ja", "--format", "json"]].concat(),
        "stop\nroll\n",
    );
    let stdout = text(&out.stdout);
    let lines: Vec<serde_json::Value> = stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert!(
        japanese(lines[1]["refused"]["reason"].as_str().unwrap()),
        "{stdout}"
    );
    // The roll's log line is all dice and names but for its Japanese colon; the turn's line
    // above the players says it in words.
    assert!(
        lines[2]["events"][0]["text"].as_str().unwrap().contains('：'),
        "{stdout}"
    );
    assert!(
        japanese(lines[2]["view"]["fields"][0]["name"].as_str().unwrap()),
        "{stdout}"
    );
}

#[test]
fn errors_are_in_the_users_language() {
    let out = saikoro(&["play", "ninja", "--players", "a,b,c,d", "--lang", "ja"], "");
    let stderr = text(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.starts_with("エラー:") && stderr.contains("2 人で遊ぶ"),
        "{stderr}"
    );
    let out = saikoro(&["render", "chess", "--lang", "ja"], "");
    assert!(
        text(&out.stderr).contains("ゲーム chess はありません"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn render_replay_review_and_export_speak_japanese() {
    let out = saikoro(&["render", "cantstop", "--moves", "5", "--lang", "ja"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(japanese(&text(&out.stdout)), "{}", text(&out.stdout));
    let dir = scratch("ja");
    let (url, id, _, log) = stored_game(&dir);
    let id = id.to_string();
    let replay = saikoro(&["replay", &id, "--database", &url, "--lang", "ja"], "");
    let stdout = text(&replay.stdout);
    assert!(stdout.contains(&format!("{} 手", log.len())), "{stdout}");
    let review = saikoro(&["review", &id, "--database", &url, "--lang", "ja"], "");
    assert!(review.status.success(), "{}", text(&review.stderr));
    assert!(japanese(&text(&review.stdout)), "{}", text(&review.stdout));
    // Export writes data, not words; its refusals are in Japanese.
    let missing = saikoro(&["export", "99", "--database", &url, "--lang", "ja"], "");
    assert!(
        text(&missing.stderr).contains("ゲーム 99 はありません"),
        "{}",
        text(&missing.stderr)
    );
}
