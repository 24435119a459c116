//! Configuration errors worded here, naming the key and where it was set but never its value:
//! the TOML parser's and figment's own messages quote the offending line or value, which may be
//! the token.

use figment::error::{Actual, Kind};
use std::path::Path;

/// Refuses `text` unless it is TOML, naming the line of the first mistake.
pub(super) fn check_syntax(file: &Path, text: &str) -> Result<(), String> {
    let Err(e) = toml::from_str::<toml::Table>(text) else {
        return Ok(());
    };
    let line = e.span().map_or(String::new(), |span| {
        format!(" line {}", line_of_offset(text, span.start))
    });
    Err(format!(
        "{}{line}: not valid TOML ({})",
        file.display(),
        e.message().trim().replace('\n', "; ")
    ))
}

/// Figment's refusal of a value, worded: where it was set (the file's line of the key, or its
/// environment variable), the key, and what it must be.
pub(super) fn extraction(error: figment::Error, file: &Path, text: Option<&str>) -> String {
    let lines: Vec<String> = error.into_iter().map(|e| one(&e, file, text)).collect();
    lines.join("\n")
}

/// Every problem of the file's keys, each key read alone over the defaults (serde stops at the
/// first bad key); `first` when the problem is not in the file (the environment's).
pub(super) fn every_problem(first: figment::Error, file: &Path, text: &str) -> String {
    use figment::Figment;
    use figment::providers::{Format, Serialized, Toml};
    let Ok(table) = toml::from_str::<toml::Table>(text) else {
        return extraction(first, file, Some(text));
    };
    let mut lines = vec![];
    for (key, value) in table {
        let alone = toml::Table::from_iter([(key, value)]);
        let Ok(alone) = toml::to_string(&alone) else {
            continue;
        };
        let fig = Figment::from(Serialized::defaults(super::Config::default())).merge(Toml::string(&alone));
        if let Err(e) = fig.extract::<super::Config>() {
            lines.extend(e.into_iter().map(|e| one(&e, file, Some(text))));
        }
    }
    if lines.is_empty() {
        return extraction(first, file, Some(text));
    }
    lines.join("\n")
}

fn one(e: &figment::Error, file: &Path, text: Option<&str>) -> String {
    let key = match &e.kind {
        Kind::UnknownField(field, _) => field.clone(),
        _ => e.path.join("."),
    };
    // Figment puts its profile first (`default.lobby_expiry_secs`); the file has no profiles.
    let key = key.strip_prefix("default.").map(str::to_owned).unwrap_or(key);
    let from_env = e
        .metadata
        .as_ref()
        .is_some_and(|m| m.name.contains("environment"));
    let place = if from_env {
        format!("environment variable SAIKORO_{}", key.to_ascii_uppercase())
    } else {
        let top = key.split('.').next().unwrap_or_default();
        match text.and_then(|t| line_of_key(t, top)) {
            Some(line) => format!("{} line {line}", file.display()),
            None => file.display().to_string(),
        }
    };
    let what = match &e.kind {
        Kind::InvalidType(actual, expected) | Kind::InvalidValue(actual, expected) => {
            // Serde's words quote names themselves (`play` or `leave`): one layer of quotes.
            format!(
                "`{key}` must be {}, not {}",
                expected.replace('`', ""),
                kind_of(actual)
            )
        }
        Kind::InvalidLength(_, expected) => format!("`{key}` must have {expected}"),
        Kind::UnknownVariant(_, allowed) => format!("`{key}` must be one of: {}", allowed.join(", ")),
        Kind::UnknownField(..) => format!("unknown key `{key}` (config.example.toml lists every key)"),
        Kind::MissingField(field) => format!("missing key `{field}`"),
        Kind::DuplicateField(field) => format!("`{field}` is set twice"),
        _ => format!("`{key}` has a value of the wrong form"),
    };
    format!("{place}: {what}")
}

/// What a value was, without the value.
fn kind_of(actual: &Actual) -> &'static str {
    match actual {
        Actual::Bool(_) => "true or false",
        Actual::Unsigned(_) | Actual::Signed(_) => "a whole number",
        Actual::Float(_) => "a decimal number",
        Actual::Char(_) | Actual::Str(_) => "a string",
        Actual::Seq => "a list",
        Actual::Map => "a table",
        _ => "a value of another kind",
    }
}

/// The 1-based line of a byte offset.
fn line_of_offset(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

/// The 1-based line where a top-level `key = …` is set.
fn line_of_key(text: &str, key: &str) -> Option<usize> {
    text.lines()
        .position(|line| {
            line.trim_start()
                .strip_prefix(key)
                .is_some_and(|rest| rest.trim_start().starts_with('='))
        })
        .map(|i| i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use figment::Figment;
    use figment::providers::{Format, Toml};

    const SECRET: &str = "MTIz.secret-token-value";

    #[test]
    fn a_syntax_error_names_the_line_and_not_its_text() {
        let text = format!("guild_ids = []\ntoken = \"{SECRET}\" oops\n");
        let err = check_syntax(Path::new("config.toml"), &text).unwrap_err();
        assert!(err.starts_with("config.toml line 2: not valid TOML"), "{err}");
        assert!(!err.contains("secret-token"), "{err}");
        check_syntax(Path::new("config.toml"), "token = \"x\"\n").unwrap();
    }

    #[test]
    fn a_wrong_value_names_the_key_and_line_and_not_the_value() {
        let text = format!("guild_ids = []\n\nlobby_expiry_secs = \"{SECRET}\"\n");
        let error = Figment::from(Toml::string(&text))
            .extract::<Config>()
            .unwrap_err();
        let err = extraction(error, Path::new("c.toml"), Some(&text));
        assert!(
            err.contains("c.toml line 3: `lobby_expiry_secs` must be") && err.ends_with("not a string"),
            "{err}"
        );
        assert!(!err.contains("secret-token"), "{err}");
        for (text, expected) in [
            (
                format!("turn_timeout_action = \"{SECRET}\"\n"),
                "c.toml line 1: `turn_timeout_action` must be one of: play, leave",
            ),
            (
                format!("\ncolour = \"{SECRET}\"\n"),
                "c.toml line 2: unknown key `colour`",
            ),
        ] {
            let error = Figment::from(Toml::string(&text))
                .extract::<Config>()
                .unwrap_err();
            let err = extraction(error, Path::new("c.toml"), Some(&text));
            assert!(err.starts_with(expected), "{err}");
            assert!(!err.contains("secret-token"), "{err}");
        }
    }
}
