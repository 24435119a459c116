//! Slash commands as a client sends them: the options typed as the registered command declares
//! them, and what the client's input box refuses to send.

use crate::discord::{command_type, option_type};
use crate::model::State;
use crate::validate::array;
use serde_json::{Value, json};

/// What Discord's input box refuses to send: a number outside the option's `min_value` and
/// `max_value`, a text outside its `min_length` and `max_length`.
fn within_bounds(option: &str, declaration: &Value, value: &Value) -> Result<(), String> {
    let size = value
        .as_f64()
        .or_else(|| value.as_str().map(|t| t.chars().count() as f64));
    let (low, high) = match value {
        Value::String(_) => ("min_length", "max_length"),
        _ => ("min_value", "max_value"),
    };
    let below = declaration[low].as_f64().zip(size).is_some_and(|(l, v)| v < l);
    let above = declaration[high].as_f64().zip(size).is_some_and(|(h, v)| v > h);
    if below || above {
        return Err(format!(
            "{option}: {value} is outside {low} {} and {high} {}",
            declaration[low], declaration[high]
        ));
    }
    Ok(())
}

/// The `data` of an application command interaction: the command, the nested subcommand group
/// and subcommand options, and the leaf options typed as the registered command declares them.
pub(crate) fn command_data(state: &State, path: &str, options: &[(&str, Value)]) -> Result<Value, String> {
    let mut words = path.split_whitespace();
    let name = words.next().ok_or("empty command path")?;
    let commands = state.commands();
    let command = commands
        .iter()
        .find(|c| c["name"] == name && c["type"] == command_type::CHAT_INPUT)
        .ok_or_else(|| format!("no command \"{name}\" is registered"))?;
    let mut declared = &command["options"];
    let mut nesting = Vec::new();
    for word in words {
        let found = array(declared).iter().find(|o| {
            o["name"] == word
                && (o["type"] == option_type::SUB_COMMAND || o["type"] == option_type::SUB_COMMAND_GROUP)
        });
        let sub = found.ok_or_else(|| format!("\"{word}\" is not a subcommand here"))?;
        nesting.push((word, sub["type"].clone()));
        declared = &sub["options"];
    }
    let mut resolved = json!({});
    let mut given = Vec::new();
    for (option, value) in options {
        let declaration = array(declared).iter().find(|o| o["name"] == *option);
        let declaration =
            declaration.ok_or_else(|| format!("no option \"{option}\"; declared: {declared}"))?;
        within_bounds(option, declaration, value)?;
        let kind = declaration["type"]
            .as_u64()
            .and_then(|k| u8::try_from(k).ok())
            .unwrap_or(0);
        let value = match (kind, value) {
            // Users, channels and roles travel as snowflake strings, with the objects in `resolved`.
            (option_type::USER..=option_type::MENTIONABLE, Value::Number(id)) => json!(id.to_string()),
            _ => value.clone(),
        };
        if let Some(id) = value.as_str().and_then(|v| v.parse().ok()) {
            if kind == option_type::USER && state.users.contains_key(&id) {
                resolved["users"][id.to_string()] = state.user_json(id);
                let mut member = state.member_json(id);
                member.as_object_mut().map(|m| m.remove("user"));
                resolved["members"][id.to_string()] = member;
            }
            if kind == option_type::CHANNEL && state.channels.contains_key(&id) {
                resolved["channels"][id.to_string()] = state.channel_json(id);
            }
        }
        given.push(json!({"name": option, "type": kind, "value": value}));
    }
    for required in array(declared).iter().filter(|o| o["required"] == true) {
        if !options.iter().any(|(name, _)| required["name"] == *name) {
            return Err(format!("the required option {} is missing", required["name"]));
        }
    }
    for (word, kind) in nesting.into_iter().rev() {
        given = vec![json!({"name": word, "type": kind, "options": given})];
    }
    let mut data =
        json!({"id": command["id"], "name": name, "type": command_type::CHAT_INPUT, "options": given});
    if resolved.as_object().is_some_and(|r| !r.is_empty()) {
        data["resolved"] = resolved;
    }
    if !command["guild_id"].is_null() {
        data["guild_id"] = command["guild_id"].clone();
    }
    Ok(data)
}
