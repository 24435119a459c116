//! `check-config` (and `run`) list every problem of the configuration, each with the file's
//! line and the key as written, in the user's language (issue #30).

use super::{command, scratch, text};
use std::path::Path;
use std::process::{Command, Output};

/// A file with problems of every kind: types, values, unknown keys, `[limits]`, two keys
/// together. Each expected line below gives its number.
const BAD: &str = "\
guild_ids = [\"abc\"]
database_url = \"mysql://x\"
lobby_expiry_secs = -5
bot_delay_ms = \"fast\"
turn_timeout_action = \"explode\"
shards = \"5-2\"
shard_total = 0
metrics_addr = \"not an addr\"
log_format = \"xml\"
Turn_Reminder_Secs = 5
unknown_key = 1
turn_timeout_secs = 10
turn_reminder_secs = 100
discord_api_url = \"http://discord.example.com\"
[limits]
user_burst = -1
games_per_user = \"many\"
bogus = 3
channel_burst = 0
";

/// The binary with no configuration in its environment.
fn configless() -> Command {
    let mut command = command();
    for (key, _) in std::env::vars() {
        if key.starts_with("SAIKORO_") || key == "DISCORD_TOKEN" {
            command.env_remove(key);
        }
    }
    command
}

/// `saikoro --lang LANG --config FILE ARGS` with no configuration in the environment but `env`.
fn saikoro_with(file: &Path, lang: &str, args: &[&str], env: &[(&str, &str)]) -> Output {
    configless()
        .args(["--lang", lang, "--config", file.to_str().unwrap()])
        .args(args)
        .envs(env.iter().copied())
        .output()
        .expect("the binary runs")
}

#[test]
fn every_problem_is_listed_with_its_line_in_english() {
    let dir = scratch("config-en");
    let file = dir.join("c.toml");
    std::fs::write(&file, BAD).unwrap();
    let shown = file.display().to_string();
    let env = [("SAIKORO_IDENTIFY_WINDOW_MS", "0")];
    let out = saikoro_with(&file, "en", &["check-config"], &env);
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    let expected = [
        ":1: guild_ids: item 1: must be a whole number, 0 or more, not text",
        ":2: database_url: `mysql://x` must start with sqlite: or postgres://",
        ":3: lobby_expiry_secs: must be a whole number, 0 or more, not a negative number",
        ":4: bot_delay_ms: must be a whole number, 0 or more, not text",
        ":5: turn_timeout_action: must be one of: play, leave",
        ":6: shards: the range 5-2 is empty: write the lower shard first, e.g. 2-5",
        ":7: shard_total: must be at least 1",
        ":8: metrics_addr: `not an addr` must be an address and port such as 0.0.0.0:9100",
        ":9: log_format: must be one of: text, json",
        ":10: Turn_Reminder_Secs: unknown key; did you mean `turn_reminder_secs`?",
        ":11: unknown_key: unknown key (config.example.toml lists every key)",
        ":13: turn_reminder_secs: the reminder (100 s) would come when the player's time is already up",
        ":14: discord_api_url: must be https:// (http:// only to 127.0.0.1",
        ":16: [limits] user_burst: must be a whole number, 0 or more, not a negative number",
        ":17: [limits] games_per_user: must be a whole number, 0 or more, not text",
        ":18: [limits] bogus: unknown key",
        ":19: [limits] channel_burst: channel_burst and channel_per_minute must both be 0",
    ];
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines[0], format!("error: {shown} has 18 problems:"), "{stderr}");
    for (line, expected) in lines[1..].iter().zip(expected) {
        assert!(
            line.starts_with(&format!("{shown}{expected}")),
            "{expected}: {stderr}"
        );
    }
    assert_eq!(
        lines[18],
        "environment variable SAIKORO_IDENTIFY_WINDOW_MS: identify_window_ms: must be from 1 to 60000"
    );
    assert_eq!(lines.len(), 19, "{stderr}");
    // The bot refuses to start with the same list.
    let run = saikoro_with(&file, "en", &["run"], &env);
    assert!(!run.status.success());
    assert_eq!(text(&run.stderr), stderr);
}

#[test]
fn every_problem_is_listed_with_its_line_in_japanese() {
    let dir = scratch("config-ja");
    let file = dir.join("c.toml");
    std::fs::write(&file, BAD).unwrap();
    let shown = file.display().to_string();
    let out = saikoro_with(&file, "ja", &["check-config"], &[]);
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    let expected = [
        ":1: guild_ids: 1 番目の項目: 0 以上の整数でなければなりません（文字列になっています）",
        ":3: lobby_expiry_secs: 0 以上の整数でなければなりません（負の数になっています）",
        ":5: turn_timeout_action: 次のいずれかでなければなりません: play, leave",
        ":6: shards: 範囲 5-2 は空です",
        ":7: shard_total: 1 以上でなければなりません",
        ":10: Turn_Reminder_Secs: 不明なキーです。`turn_reminder_secs` のことですか？",
        ":13: turn_reminder_secs: 催促（100 秒）がプレイヤーの時間切れ（turn_timeout_secs = 10）より後になります",
        ":16: [limits] user_burst: 0 以上の整数でなければなりません（負の数になっています）",
        ":18: [limits] bogus: 不明なキーです",
        ":19: [limits] channel_burst: channel_burst と channel_per_minute は",
    ];
    assert!(
        stderr.contains(&format!("{shown} に問題が 17 件あります:")),
        "{stderr}"
    );
    for expected in expected {
        assert!(
            stderr.contains(&format!("\n{shown}{expected}")),
            "{expected}: {stderr}"
        );
    }
    // No English words are left in the list (keys and values aside).
    for english in ["must", "unknown key", "item ", "the range", ", not"] {
        assert!(!stderr.contains(english), "{english}: {stderr}");
    }
}

#[test]
fn the_summary_says_when_the_defaults_are_in_use_in_both_languages() {
    let dir = scratch("config-summary");
    let file = dir.join("none.toml");
    for (lang, expected) in [
        (
            "en",
            [
                "No configuration file (",
                "Shards: 0-0 of 1",
                "The configuration is valid.",
            ],
        ),
        (
            "ja",
            [
                "設定ファイル（",
                "シャード: 全 1 個のうち 0-0",
                "設定は有効です。",
            ],
        ),
    ] {
        // The file is not named by --config's default, so that its absence is no error.
        let out = configless()
            .args(["--lang", lang, "check-config"])
            .current_dir(&dir)
            .output()
            .unwrap();
        let stdout = text(&out.stdout);
        assert!(out.status.success(), "{}", text(&out.stderr));
        for expected in expected {
            assert!(stdout.contains(expected), "{lang}: {expected}: {stdout}");
        }
        assert!(!stdout.contains("shards 0-0"), "{stdout}");
        assert!(!file.exists());
    }
}
