//! Every board reachable in random games, converted to what the bot sends Discord (interaction
//! updates, new channel messages, edits), checked against Discord's limits and the request
//! schemas in its OpenAPI description.

mod emulator;

use emulator::validate::{Violation, against_spec, callback_limits, message_limits};
use saikoro::ai::Bot;
use saikoro::ai::RandomBot;
use saikoro::discord::convert;
use saikoro::engine::{Control, Locale, SeededDice, Tr};
use saikoro::games::GameKind;
use saikoro::session::{Post, ids};
use serde_json::Value;

fn check(what: &str, method: &str, path: &str, body: &Value, limits: Vec<Violation>) {
    let schema = against_spec(method, path, body).unwrap_or_else(|e| panic!("{what}: {e}"));
    let all: Vec<_> = limits.into_iter().chain(schema).collect();
    assert!(all.is_empty(), "{what} breaks Discord's rules: {all:?}\n{body:#}");
}

/// A board as the session posts it: buttons routed to a game and version, a ping in the content.
fn post(view: saikoro::engine::View, version: usize) -> Post {
    let mut view = view;
    for control in view.rows.iter_mut().flatten() {
        let routed = ids::game(1_234_567_890_123, version, control.id());
        match control {
            Control::Button { id, .. } | Control::Select { id, .. } => *id = routed,
        }
    }
    Post {
        content: Some("<@123456789012345678> — your turn!".into()),
        view,
        ping: vec![123_456_789_012_345_678],
    }
}

#[test]
fn every_reachable_board_is_a_valid_discord_payload() {
    let names: Vec<String> = ["ann", "ben_with_a_long_display_name", "cho", "dan"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    for &kind in GameKind::ALL {
        for players in kind.players().filter(|p| *p >= 2) {
            for seed in 0..3u64 {
                let mut dice = SeededDice::new(seed);
                let mut rng = SeededDice::new(seed + 100);
                let mut game = kind.new_game(&Value::Null, players, &mut dice).unwrap();
                let tr = Tr::new(Locale::En, &names[..players]);
                let mut version = 0;
                while game.outcome().is_none() && version < 400 {
                    // Sample: checking every step of every game would only repeat itself.
                    if version % 7 == 0 {
                        let p = post(game.view(None, &tr), version);
                        let what = format!("{} ({players} players, seed {seed}, step {version})", kind.id());
                        let update = serde_json::to_value(convert::update(&p)).unwrap();
                        check(
                            &what,
                            "POST",
                            "/interactions/1/token/callback",
                            &update,
                            callback_limits(&update),
                        );
                        let message = serde_json::to_value(convert::message(&p)).unwrap();
                        check(
                            &what,
                            "POST",
                            "/channels/1/messages",
                            &message,
                            message_limits(&message, ""),
                        );
                        let edit = serde_json::to_value(convert::edit(&p)).unwrap();
                        check(
                            &what,
                            "PATCH",
                            "/channels/1/messages/2",
                            &edit,
                            message_limits(&edit, ""),
                        );
                    }
                    let seat = game.to_act()[0];
                    let action = RandomBot.choose(game.as_ref(), seat, &mut rng);
                    game.apply(seat, &action, &mut dice).unwrap();
                    version += 1;
                }
                let last = post(game.view(None, &tr), version);
                let update = serde_json::to_value(convert::update(&last)).unwrap();
                check(
                    kind.id(),
                    "POST",
                    "/interactions/1/token/callback",
                    &update,
                    callback_limits(&update),
                );
            }
        }
    }
}

#[test]
fn a_private_answer_is_a_valid_ephemeral_callback() {
    let body = serde_json::to_value(convert::private("It is ann's turn.")).unwrap();
    assert_eq!(body["data"]["flags"], 64, "ephemeral");
    assert_eq!(
        body["data"]["allowed_mentions"]["parse"],
        serde_json::json!([]),
        "mentions nobody"
    );
    check(
        "private",
        "POST",
        "/interactions/1/token/callback",
        &body,
        callback_limits(&body),
    );
}

#[test]
fn the_checker_itself_catches_a_broken_board() {
    let mut view = {
        let mut dice = SeededDice::new(1);
        let game = GameKind::CantStop.new_game(&Value::Null, 2, &mut dice).unwrap();
        game.view(None, &Tr::new(Locale::En, &["a".into(), "b".into()]))
    };
    view.title = "x".repeat(300);
    let body = serde_json::to_value(convert::update(&post(view, 0))).unwrap();
    let problems = callback_limits(&body);
    assert!(problems.iter().any(|v| v.field.contains("title")), "{problems:?}");
}
