//! What Discord enforces on command registration beyond its OpenAPI schema (which holds only
//! lengths and counts), as its Application Commands page states them
//! (<https://discord.com/developers/docs/interactions/application-commands>):
//! - "Application Command Naming": `CHAT_INPUT` command and option names match
//!   `^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$`, and "if there is a lowercase variant of any
//!   letters used, you must use those" — localized names included ("values follow the same
//!   restrictions as name").
//! - "Application Command Option Structure": "required options must be listed before optional
//!   options"; option names are unique among their siblings.
//! - "Localization": the keys of `name_localizations` / `description_localizations` are locales
//!   of the "Locales" table.
//! - "Registering a Command": "an app can have up to 100 global `CHAT_INPUT` commands" (and 100
//!   per guild); and the combined length of a command's names, descriptions and choice values
//!   is at most 4,000 characters, counting "the longest localization" of each field.
//! - Option structure: `min_value` is at most `max_value`, and `min_length` at most `max_length`.
//! - "Application Command Permissions Object": `default_member_permissions` is "a bitwise
//!   permission flags as string", set on a command; subcommands and options have no such field
//!   ("permissions can only be set for top-level commands").

use crate::validate::Violation;
use serde_json::Value;

/// The locales Discord accepts as localization keys ("Locales" on its Reference page).
pub const LOCALES: [&str; 32] = [
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl", "no", "pl",
    "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th", "zh-CN", "ja",
    "zh-TW", "ko",
];
/// Commands an app may register, globally or in one guild.
pub const MAX_COMMANDS: usize = 100;
/// A command's names, descriptions and choice values together, each at its longest localization.
pub const MAX_COMMAND_CHARS: usize = 4000;
const CHAT_INPUT: u64 = 1;
const SUB_COMMAND: u64 = 1;
const SUB_COMMAND_GROUP: u64 = 2;
/// Every permission bit Discord defines (the highest, `USE_EXTERNAL_APPS`, is 1 << 50).
const PERMISSION_BITS: u64 = (1 << 51) - 1;
const DEFAULT_PERMISSIONS: &str = "default_member_permissions";

/// Every rule of registration `body` (one command, or the list a bulk overwrite sends) breaks.
pub fn violations(body: &Value) -> Vec<Violation> {
    let mut found = vec![];
    let commands: Vec<(String, &Value)> = match body.as_array() {
        Some(list) => {
            if list.len() > MAX_COMMANDS {
                found.push(violation(
                    "",
                    format!("more than {MAX_COMMANDS} commands ({})", list.len()),
                ));
            }
            list.iter()
                .enumerate()
                .map(|(i, c)| (format!("/{i}"), c))
                .collect()
        }
        None => vec![(String::new(), body)],
    };
    for (at, command) in commands {
        let chat_input = command["type"].as_u64().unwrap_or(CHAT_INPUT) == CHAT_INPUT;
        if chat_input {
            names(command, &at, &mut found);
        }
        locales(command, &at, &mut found);
        permissions(command, &at, &mut found);
        options(command, &at, chat_input, &mut found);
        let chars = characters(command);
        if chars > MAX_COMMAND_CHARS {
            found.push(violation(
                &at,
                format!("{chars} characters in all, over {MAX_COMMAND_CHARS}"),
            ));
        }
    }
    found
}

fn violation(field: &str, problem: String) -> Violation {
    Violation {
        field: if field.is_empty() {
            "/".into()
        } else {
            field.into()
        },
        problem,
    }
}

/// Whether `name` follows Discord's naming rule for chat-input commands and options.
pub fn valid_name(name: &str) -> bool {
    let count = name.chars().count();
    let allowed = |c: char| {
        c == '-'
            || c == '_'
            || c.is_alphabetic()
            || c.is_numeric()
            || ('\u{0900}'..='\u{097F}').contains(&c) // Devanagari
            || ('\u{A8E0}'..='\u{A8FF}').contains(&c) // Devanagari Extended
            || ('\u{0E00}'..='\u{0E7F}').contains(&c) // Thai
    };
    let lowercase = |c: char| c.to_lowercase().eq(std::iter::once(c));
    (1..=32).contains(&count) && name.chars().all(|c| allowed(c) && lowercase(c))
}

/// The name and every localized name of a command or option.
fn names(item: &Value, at: &str, found: &mut Vec<Violation>) {
    let localized = item["name_localizations"].as_object().into_iter().flatten();
    let all = std::iter::once((format!("{at}/name"), &item["name"]))
        .chain(localized.map(|(locale, n)| (format!("{at}/name_localizations/{locale}"), n)));
    for (field, name) in all {
        let name = name.as_str().unwrap_or_default();
        if !valid_name(name) {
            found.push(violation(
                &field,
                format!("{name:?} is not a lowercase name of letters, digits, - and _ (1 to 32)"),
            ));
        }
    }
}

/// A command's default permission: absent, null or a string of a permission set's decimal bits.
fn permissions(command: &Value, at: &str, found: &mut Vec<Violation>) {
    let valid = match &command[DEFAULT_PERMISSIONS] {
        Value::Null => true,
        Value::String(bits) => {
            let digits = !bits.is_empty() && bits.bytes().all(|b| b.is_ascii_digit());
            digits && bits.parse::<u64>().is_ok_and(|b| b & !PERMISSION_BITS == 0)
        }
        _ => false,
    };
    if !valid {
        let value = &command[DEFAULT_PERMISSIONS];
        found.push(violation(
            &format!("{at}/{DEFAULT_PERMISSIONS}"),
            format!("{value} is not a permission bit string"),
        ));
    }
}

fn locales(item: &Value, at: &str, found: &mut Vec<Violation>) {
    for key in ["name_localizations", "description_localizations"] {
        for locale in item[key].as_object().into_iter().flatten().map(|(l, _)| l) {
            if !LOCALES.contains(&locale.as_str()) {
                found.push(violation(
                    &format!("{at}/{key}"),
                    format!("{locale:?} is not a Discord locale"),
                ));
            }
        }
    }
}

/// The options of a command or subcommand, and theirs.
fn options(item: &Value, at: &str, chat_input: bool, found: &mut Vec<Violation>) {
    let Some(list) = item["options"].as_array() else {
        return;
    };
    let mut seen: Vec<&str> = vec![];
    let mut optional_before = false;
    for (i, option) in list.iter().enumerate() {
        let here = format!("{at}/options/{i}");
        let name = option["name"].as_str().unwrap_or_default();
        if seen.contains(&name) {
            found.push(violation(
                &format!("{here}/name"),
                format!("{name:?} is used twice"),
            ));
        }
        seen.push(name);
        if !option[DEFAULT_PERMISSIONS].is_null() {
            found.push(violation(
                &format!("{here}/{DEFAULT_PERMISSIONS}"),
                "permissions can only be set for top-level commands".into(),
            ));
        }
        let kind = option["type"].as_u64().unwrap_or_default();
        let nested = kind == SUB_COMMAND || kind == SUB_COMMAND_GROUP;
        let required = option["required"].as_bool().unwrap_or(false);
        if !nested && required && optional_before {
            found.push(violation(
                &here,
                format!("required {name:?} after an optional option"),
            ));
        }
        optional_before |= !nested && !required;
        if chat_input {
            names(option, &here, found);
        }
        locales(option, &here, found);
        for (low, high) in [("min_value", "max_value"), ("min_length", "max_length")] {
            if let (Some(l), Some(h)) = (option[low].as_f64(), option[high].as_f64())
                && l > h
            {
                found.push(violation(&here, format!("{low} {l} is over {high} {h}")));
            }
        }
        options(option, &here, chat_input, found);
    }
}

/// The characters a command counts against its limit: each name, description and choice
/// name and value at its longest localization.
fn characters(item: &Value) -> usize {
    let longest = |key: &str| {
        let base = item[key].as_str().map_or(0, |s| s.chars().count());
        let localized = item[&format!("{key}_localizations")]
            .as_object()
            .into_iter()
            .flatten()
            .filter_map(|(_, v)| v.as_str())
            .map(|s| s.chars().count());
        localized.fold(base, usize::max)
    };
    let value = match &item["value"] {
        Value::String(s) => s.chars().count(),
        Value::Null => 0,
        other => other.to_string().chars().count(),
    };
    let children = ["options", "choices"]
        .iter()
        .flat_map(|key| item[*key].as_array().into_iter().flatten())
        .map(characters)
        .sum::<usize>();
    longest("name") + longest("description") + value + children
}
