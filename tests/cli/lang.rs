//! Japanese in every command: `--lang ja`, or the POSIX locale (`LANG=ja_JP.UTF-8`).

use super::{command, saikoro, scratch, stored_game, text};
use std::path::Path;

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
        japanese(lines[2]["refused"]["reason"].as_str().unwrap()),
        "{stdout}"
    );
    // The roll's log line is all dice and names but for its Japanese colon; the turn's line
    // above the players says it in words.
    assert!(
        lines[3]["events"][0]["text"].as_str().unwrap().contains('：'),
        "{stdout}"
    );
    assert!(
        japanese(lines[3]["view"]["fields"][0]["name"].as_str().unwrap()),
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

/// `args` run in `dir` in `lang`: its error, which must start with the language's word for one.
fn refusal(dir: &Path, args: &[&str], lang: &str) -> String {
    let out = command()
        .current_dir(dir)
        .env_remove("SAIKORO_CONFIG")
        .env_remove("SAIKORO_DATABASE_URL")
        .env_remove("SAIKORO_METRICS_ADDR")
        .args(args)
        .args(["--lang", lang])
        .output()
        .expect("the binary runs");
    assert!(!out.status.success(), "{args:?} succeeded");
    let stderr = text(&out.stderr);
    let word = if lang == "ja" { "エラー: " } else { "error: " };
    assert!(stderr.starts_with(word), "{stderr}");
    stderr
}

#[test]
fn the_terminals_last_english_errors_speak_both_languages() {
    // Run in an empty folder: no configuration, no database, no file.
    let dir = scratch("errors-ja");
    let cases: [(&[&str], &str, &str); 7] = [
        (
            &["play", "cantstop", "--players", "a,b", "--dice", "7"],
            "`7` はキャントストップのサイコロの目ではありません（1〜6）。",
            "`7` is not a face of Can't Stop's dice (1–6).",
        ),
        (
            &["replay", "--file", "nofile.json"],
            "ファイル nofile.json はありません。",
            "There is no file nofile.json.",
        ),
        (
            &["review", "--file", "nofile.json"],
            "ファイル nofile.json はありません。",
            "There is no file nofile.json.",
        ),
        (
            &["render", "cantstop", "--from", "cs.json"],
            "--out game.gif のように書き出すファイルを指定してください。",
            "give it a file with --out game.gif.",
        ),
        (
            &["backup", "--out", "b.db"],
            "saikoro.db にデータベースがないため、コピーするものがありません。",
            "There is no database at saikoro.db: nothing to copy.",
        ),
        (
            &["health"],
            "metrics_addr が設定されていないため",
            "No metrics_addr is configured",
        ),
        (
            &["play", "ninja", "--players", "a,b,c,d"],
            "忍者対忍者は 2 人で遊ぶゲームです",
            "Ninja Versus Ninja is played by 2 players",
        ),
    ];
    for (args, ja, en) in cases {
        let stderr = refusal(&dir, args, "ja");
        assert!(stderr.contains(ja), "{args:?}: {stderr}");
        let stderr = refusal(&dir, args, "en");
        assert!(stderr.contains(en), "{args:?}: {stderr}");
        assert!(!japanese(&stderr), "{args:?}: {stderr}");
    }
}
