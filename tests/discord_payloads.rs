//! Every board reachable in random games — and every step of every decision made in steps —
//! converted to what the bot sends Discord (interaction updates, new channel messages, edits),
//! checked against Discord's limits and the request schemas in its OpenAPI description.

use saikoro::discord::convert;
use saikoro::engine::bot::{Bot, RandomBot};
use saikoro::engine::view::Target;
use saikoro::engine::{AnyGame, Locale, SeededDice, Tr, View, driver};
use saikoro::games::GameKind;
use saikoro::id::{GameId, UserId};
use saikoro::session::{Post, ids};
use saikoro_emulator::validate::{Violation, against_spec, callback_limits, message_limits};
use serde_json::Value;
use std::collections::{BTreeSet, VecDeque};

fn check(what: &str, method: &str, path: &str, body: &Value, limits: Vec<Violation>) {
    let schema = against_spec(method, path, body).unwrap_or_else(|e| panic!("{what}: {e}"));
    let all: Vec<_> = limits.into_iter().chain(schema).collect();
    assert!(all.is_empty(), "{what} breaks Discord's rules: {all:?}\n{body:#}");
}

/// A board as the session posts it: controls routed to a game and version, a ping in the content.
fn post(mut view: View, version: usize) -> Post {
    ids::route_view(&mut view, GameId(1_234_567_890_123), version);
    Post {
        content: Some("<@123456789012345678> — your turn!".into()),
        view,
        ping: vec![UserId(123_456_789_012_345_678)],
        picture: None,
    }
}

/// The update, new message and edit made of a board, each checked.
fn check_board(what: &str, view: View, version: usize) {
    let p = post(view, version);
    let update = serde_json::to_value(convert::update(&p)).unwrap();
    let callback = "/interactions/1/token/callback";
    check(what, "POST", callback, &update, callback_limits(&update));
    let message = serde_json::to_value(convert::message(&p)).unwrap();
    check(
        what,
        "POST",
        "/channels/1/messages",
        &message,
        message_limits(&message, ""),
    );
    let edit = serde_json::to_value(convert::edit(&p)).unwrap();
    check(
        what,
        "PATCH",
        "/channels/1/messages/2",
        &edit,
        message_limits(&edit, ""),
    );
}

/// The board and every draft its step controls lead to (breadth first, at most `limit`).
fn every_step(game: &dyn AnyGame, tr: &Tr, limit: usize) -> Vec<(String, View)> {
    let mut seen = BTreeSet::from([String::new()]);
    let mut queue = VecDeque::from([String::new()]);
    let mut out = vec![];
    while let Some(draft) = queue.pop_front() {
        let view = game.view(None, &draft, tr);
        for id in view.rows.iter().flat_map(|r| r.ids()) {
            if let Target::Step(next) = Target::of(id)
                && seen.len() < limit
                && seen.insert(next.to_owned())
            {
                queue.push_back(next.to_owned());
            }
        }
        out.push((draft, view));
    }
    out
}

#[test]
fn every_reachable_board_and_step_is_a_valid_discord_payload() {
    let names: Vec<String> = ["ann", "ben_with_a_long_display_name_32c", "cho", "dan", "eve"]
        .iter()
        .map(std::string::ToString::to_string)
        .collect();
    for &kind in GameKind::ALL {
        for players in kind.players().filter(|p| *p >= 2) {
            for seed in 0..3u64 {
                let mut dice = SeededDice::new(seed);
                let mut rng = SeededDice::new(seed + 100);
                let mut game = kind.new_game(&Value::Null, players, &mut dice).unwrap();
                let tr = Tr::new(Locale::En, &names[..players]);
                let mut version = 0;
                let outcome = driver::play(
                    game.as_mut(),
                    &mut dice,
                    5_000,
                    |game, seat| {
                        // Sample: checking every step of every game would only repeat itself.
                        if version % 7 == 0 {
                            for (draft, view) in every_step(game, &tr, 60) {
                                let what = format!(
                                    "{} ({players} players, seed {seed}, step {version}, draft `{draft}`)",
                                    kind.id()
                                );
                                check_board(&what, view, version);
                            }
                        }
                        version += 1;
                        RandomBot.choose(game, seat, &mut rng)
                    },
                    |_, _, _, _| {},
                );
                assert!(outcome.is_ok(), "{}: {outcome:?}", kind.id());
                check_board(kind.id(), game.view(None, "", &tr), version);
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
        let cantstop = GameKind::from_id("cantstop").unwrap();
        let game = cantstop.new_game(&Value::Null, 2, &mut dice).unwrap();
        game.view(None, "", &Tr::new(Locale::En, &["a".into(), "b".into()]))
    };
    view.title = "x".repeat(300);
    let body = serde_json::to_value(convert::update(&post(view, 0))).unwrap();
    let problems = callback_limits(&body);
    assert!(problems.iter().any(|v| v.field.contains("title")), "{problems:?}");
}
