//! Running it as a service, end to end: `/healthz` answers; `/readyz` waits for the shard to be
//! connected; after a game `/metrics` has counted its clicks and commands and timed their
//! answers; and JSON logs name the interaction, its server, shard and game on each line.

use crate::harness::*;
use saikoro_emulator::Emulator;
use serde_json::Value;
use std::time::{Duration, Instant};

/// A port nobody listens on now.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

async fn get(port: u16, path: &str) -> Option<(u16, String)> {
    let answer = reqwest::get(format!("http://127.0.0.1:{port}{path}"))
        .await
        .ok()?;
    let status = answer.status().as_u16();
    Some((status, answer.text().await.ok()?))
}

/// Polls `path` until its status is `status`; returns the body.
async fn wait_status(port: u16, path: &str, status: u16) -> String {
    let started = Instant::now();
    loop {
        let seen = get(port, path).await;
        if let Some((code, body)) = &seen
            && *code == status
        {
            return body.clone();
        }
        assert!(
            started.elapsed() < WAIT,
            "{path} never answered {status}: {seen:?}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The value of the sample whose name and labels are exactly `series`.
fn sample(metrics: &str, series: &str) -> f64 {
    metrics
        .lines()
        .find_map(|l| l.strip_prefix(series)?.trim().parse().ok())
        .unwrap_or_else(|| panic!("no {series} in\n{metrics}"))
}

#[tokio::test]
async fn metrics_count_a_games_clicks_and_readiness_follows_the_gateway() {
    let emu = Emulator::start().await;
    let port = free_port();
    let opts = BotOptions {
        extra: format!("metrics_addr = \"127.0.0.1:{port}\"\nlog_format = \"json\""),
        ..BotOptions::default()
    };
    // Discord's READY held back: connected to the gateway, but not ready to serve.
    emu.hold_gateway();
    let bot = Bot::start(&emu, workdir(), &opts).await;
    assert_eq!(wait_status(port, "/healthz", 200).await, "ok\n");
    let why = wait_status(port, "/readyz", 503).await;
    assert!(why.contains("0 of 1 shards connected"), "{why}");
    let health = |ready: bool| {
        let addr = format!("127.0.0.1:{port}");
        let mut args = vec!["health", "--addr", addr.as_str()];
        args.extend(ready.then_some("--ready"));
        std::process::Command::new(env!("CARGO_BIN_EXE_saikoro"))
            .args(&args)
            .output()
            .unwrap()
    };
    assert!(health(false).status.success(), "the process is up");
    let unready = health(true);
    assert!(!unready.status.success());
    assert!(
        String::from_utf8_lossy(&unready.stderr).contains("503"),
        "{unready:?}"
    );
    emu.release_gateway();
    assert_eq!(wait_status(port, "/readyz", 200).await, "ready\n");
    assert!(
        health(true).status.success(),
        "ready: the container's health check passes"
    );

    let game = two_player_cantstop(&emu).await;
    let mut clicks = 0;
    for _ in 0..3 {
        let Some(board) = live(&emu, game.channel) else {
            break;
        };
        let Some(roll) = button(&board, "roll") else { break };
        let player = pinged(&board).first().copied().unwrap_or(game.player);
        click(&emu, player, board.message_id(), &roll).await;
        clicks += 1;
    }
    let metrics = wait_status(port, "/metrics", 200).await;
    // The lobby's Join and Start were clicks too.
    let answered = sample(
        &metrics,
        r#"saikoro_interactions_total{kind="click",outcome="answered"}"#,
    );
    assert!(
        answered >= f64::from(clicks + 2),
        "{answered} of {clicks}: {metrics}"
    );
    let timed = sample(&metrics, r#"saikoro_answer_seconds_count{kind="click"}"#);
    assert!(timed >= answered, "{metrics}");
    assert!(
        sample(
            &metrics,
            r#"saikoro_interactions_total{kind="command",outcome="answered"}"#
        ) >= 1.0
    );
    assert!(
        sample(&metrics, "saikoro_store_batch_size_count") >= 1.0,
        "{metrics}"
    );
    // Counted per game: the Can't Stop game under way, and every other game listed with none.
    assert_eq!(
        sample(&metrics, r#"saikoro_games_indexed{game="cantstop"}"#),
        1.0,
        "{metrics}"
    );
    assert_eq!(
        sample(&metrics, r#"saikoro_games_indexed{game="ninja"}"#),
        0.0,
        "{metrics}"
    );
    assert_eq!(sample(&metrics, r#"saikoro_shard_connected{shard="0"}"#), 1.0);

    every_line_about_a_click_names_it(&bot.log(), emu.guild_id(), clicks);
}

/// Every JSON line about a click carries the interaction's ids, its game's included.
fn every_line_about_a_click_names_it(log: &str, guild: u64, clicks: u32) {
    let lines: Vec<Value> = log
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    assert!(!lines.is_empty(), "JSON lines in {log}");
    let answers: Vec<&Value> = lines
        .iter()
        .filter(|l| l["fields"]["message"] == "answered a click")
        .collect();
    assert!(answers.len() >= clicks as usize, "{log}");
    for line in answers {
        let span = &line["span"];
        assert!(span["id"].is_string() && span["shard"] == 0, "{line}");
        assert_eq!(span["guild"].as_u64(), Some(guild), "{line}");
        assert!(span["game"].is_u64(), "{line}");
    }
}
