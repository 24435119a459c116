//! The commands as Discord registers them: poise's bodies, with what poise cannot express added.
//! A game's number options (`goal`, `width`, the depths …) get their declared range as
//! `min_value`/`max_value` (a text its `max_length`), so Discord's own input box refuses a value
//! out of it; poise's type setter is a plain function pointer and cannot carry a range per option.

use super::{Data, Error};
use crate::engine::OptionKind;
use crate::games::GameKind;
use anyhow::Context as _;
use poise::serenity_prelude as serenity;
use serde_json::{Value, json};

/// The registration bodies of `commands` (one per top command).
pub fn bodies(commands: &[poise::Command<Data, Error>]) -> anyhow::Result<Vec<Value>> {
    let mut bodies = Vec::new();
    for command in poise::builtins::create_application_commands(commands) {
        let mut body = serde_json::to_value(&command).context("a command's registration body")?;
        bound_game_numbers(&mut body);
        bodies.push(body);
    }
    Ok(bodies)
}

/// Registers `commands` globally, or in `guild`.
pub async fn register(
    http: &serenity::Http,
    commands: &[poise::Command<Data, Error>],
    guild: Option<serenity::GuildId>,
) -> anyhow::Result<()> {
    let bodies = bodies(commands)?;
    match guild {
        None => http.create_global_commands(&bodies).await?,
        Some(g) => http.create_guild_commands(g, &bodies).await?,
    };
    Ok(())
}

/// Gives the number and text options of `/<game> start` their game's declared range.
fn bound_game_numbers(body: &mut Value) {
    let Some(kind) = body["name"].as_str().and_then(GameKind::from_id) else {
        return;
    };
    let subcommands = body["options"].as_array_mut().into_iter().flatten();
    let Some(start) = subcommands.into_iter().find(|s| s["name"] == "start") else {
        return;
    };
    for option in start["options"].as_array_mut().into_iter().flatten() {
        let spec = kind.options().iter().find(|s| option["name"] == s.key);
        match spec.map(|s| s.kind) {
            Some(OptionKind::Number { min, max, .. }) => {
                option["min_value"] = json!(min);
                option["max_value"] = json!(max);
            }
            Some(OptionKind::Text { max_len, .. }) => option["max_length"] = json!(max_len),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const INTEGER: u64 = 4;
    /// Numbers with no upper bound: a page of a list, a game's id.
    const UNBOUNDED: [&str; 2] = ["page", "id"];

    /// Every option of every command, at any depth, with its path.
    fn options(item: &Value, at: &str, found: &mut Vec<(String, Value)>) {
        for option in item["options"].as_array().into_iter().flatten() {
            let here = format!("{at} {}", option["name"].as_str().unwrap_or_default());
            found.push((here.clone(), option.clone()));
            options(option, &here, found);
        }
    }

    fn all_options() -> Vec<(String, Value)> {
        let bodies = bodies(&super::super::commands::all()).unwrap();
        let mut found = vec![];
        for body in &bodies {
            options(body, body["name"].as_str().unwrap(), &mut found);
        }
        found
    }

    #[test]
    fn the_bodies_keep_discords_registration_rules() {
        let bodies = bodies(&super::super::commands::all()).unwrap();
        let violations = saikoro_emulator::registration::violations(&Value::from(bodies));
        assert!(violations.is_empty(), "{violations:?}");
    }

    /// Item 8 of #29: Discord's input box refuses what the game would refuse, since every
    /// number without fixed choices has both bounds; the game's own bounds for its options.
    #[test]
    fn every_number_option_has_a_range_and_games_have_theirs() {
        for (path, option) in all_options() {
            if option["type"] == INTEGER && option["choices"].as_array().is_none_or(Vec::is_empty) {
                let (min, max) = (&option["min_value"], &option["max_value"]);
                let bounded = min.is_number() && max.is_number();
                let open = UNBOUNDED.contains(&option["name"].as_str().unwrap_or_default());
                assert!(bounded || open, "{path}: {option}");
            }
        }
        let found = all_options();
        let bounds = |path: &str| {
            let (_, o) = found.iter().find(|(p, _)| p == path).unwrap();
            (o["min_value"].as_i64(), o["max_value"].as_i64())
        };
        assert_eq!(bounds("ishigaki start goal"), (Some(4), Some(60)));
        assert_eq!(bounds("ninja start width"), (Some(3), Some(9)));
        assert_eq!(bounds("ninja start neutral_depth"), (Some(0), Some(9)));
    }

    /// Item 8 of #29: the server's settings carry Manage Server (bit 5) as their default
    /// permission, which Discord takes on a top command only; no other command has one.
    #[test]
    fn settings_are_for_managers_by_default() {
        let bodies = bodies(&super::super::commands::all()).unwrap();
        for body in &bodies {
            let expected = (body["name"] == "saikoro-settings").then_some("32");
            let found = body["default_member_permissions"].as_str();
            assert_eq!(found, expected, "{}", body["name"]);
        }
        assert!(bodies.iter().any(|b| b["name"] == "saikoro-settings"));
    }

    /// Every command, subcommand and option has a Japanese name (item 7 gave them to commands,
    /// item 8 to the games' start options).
    #[test]
    fn every_name_has_a_japanese_one() {
        let bodies = bodies(&super::super::commands::all()).unwrap();
        for body in &bodies {
            assert!(body["name_localizations"]["ja"].is_string(), "{}", body["name"]);
        }
        for (path, option) in all_options() {
            let ja = option["name_localizations"]["ja"].as_str();
            assert!(ja.is_some_and(|n| n != option["name"]), "{path}: {option}");
        }
    }
}
