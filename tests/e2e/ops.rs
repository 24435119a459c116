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
    // The lobby's Join and Start were clicks too. A click is counted once Discord has taken its
    // answer, just after the emulator saw it, so the last one may take a moment to show.
    let answered_series = r#"saikoro_interactions_total{kind="click",outcome="answered"}"#;
    let started = Instant::now();
    let (metrics, answered) = loop {
        let metrics = wait_status(port, "/metrics", 200).await;
        let answered = sample(&metrics, answered_series);
        if answered >= f64::from(clicks + 2) || started.elapsed() > WAIT {
            break (metrics, answered);
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
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

/// Polls `/metrics` until `series` reaches `at_least`; returns the page.
async fn wait_sample(port: u16, series: &str, at_least: f64) -> String {
    let started = Instant::now();
    loop {
        let page = wait_status(port, "/metrics", 200).await;
        if page
            .lines()
            .any(|l| l.strip_prefix(series).and_then(|v| v.trim().parse::<f64>().ok()) >= Some(at_least))
        {
            return page;
        }
        assert!(
            started.elapsed() < WAIT,
            "{series} never reached {at_least}:\n{page}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Under overload the gateway's events queue: a click that reaches the bot when most of
/// Discord's 3 s are gone is dropped before any work, since its answer could not count. It is
/// counted as shed, changes nothing, and the player's next press plays.
#[tokio::test]
async fn a_click_the_gateway_delivered_too_late_is_dropped_unplayed_and_counted() {
    let emu = Emulator::start().await;
    let port = free_port();
    let opts = BotOptions {
        extra: format!("metrics_addr = \"127.0.0.1:{port}\""),
        ..BotOptions::default()
    };
    let _bot = Bot::start(&emu, workdir(), &opts).await;
    // The lobby's clicks arrive at once: the bot learns how long a click takes to reach it.
    let game = two_player_cantstop(&emu).await;
    let board = live(&emu, game.channel).expect("the first board");
    let roll = button(&board, "roll").expect("a roll button");
    let player = pinged(&board)[0];

    emu.delay_interactions(Duration::from_secs(2));
    let late = emu.click(player, board.message_id(), &roll);
    let shed = r#"saikoro_interactions_total{kind="click",outcome="shed_late"}"#;
    wait_sample(port, shed, 1.0).await;
    assert!(emu.callback(late).is_none(), "the late click got an answer");
    let unchanged = live(&emu, game.channel).expect("the board");
    assert_eq!(unchanged.message_id(), board.message_id());
    assert_eq!(unchanged.embeds, board.embeds, "the late click changed the board");
    emu.mark_lost(late);

    emu.delay_interactions(Duration::ZERO);
    let (kind, _) = click(&emu, player, board.message_id(), &roll).await;
    assert_eq!(kind, 7, "the press again rolls and updates the board");
    let metrics = wait_status(port, "/metrics", 200).await;
    assert_eq!(sample(&metrics, shed), 1.0, "only the late click was shed");
    emu.assert_clean().await;
}
