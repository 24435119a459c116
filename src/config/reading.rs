//! Reading the file and the environment key by key, so that every key of the wrong type or
//! unknown is listed at once (serde stops at the first) and the good ones are still checked.
//! Problems name the key and where it was set but never its value: the TOML parser's and
//! figment's own messages quote the offending line or value, which may be the token.

use super::Config;
use super::problem::{Place, Problem, Refusal};
use crate::engine::Msg;
use crate::session::Limits;
use figment::Figment;
use figment::error::{Actual, Kind};
use figment::providers::{Env, Serialized};
use std::collections::BTreeMap;
use std::path::Path;

/// The prefix of the configuration's environment variables.
const PREFIX: &str = "SAIKORO_";

/// The file's table, or the line of its first mistake.
pub(super) fn table(file: &Path, text: &str) -> Result<toml::Table, Refusal> {
    toml::from_str::<toml::Table>(text).map_err(|e| {
        let line = e.span().map_or(1, |span| line_of_offset(text, span.start));
        Refusal::Unread(
            Msg::new("config-not-toml")
                .arg("file", file.display().to_string())
                .arg("line", line)
                .arg("why", e.message().trim().replace('\n', "; ")),
        )
    })
}

/// Where each key of the file is set: `(table, key)` to its line, `""` for the top level.
pub(super) struct Lines(BTreeMap<(String, String), usize>);

impl Lines {
    /// The lines of `key = …` under each `[table]` heading (a dotted `table.key = …` too).
    pub fn of(text: &str) -> Lines {
        let mut lines = BTreeMap::new();
        let mut table = String::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if let Some(heading) = line.strip_prefix('[') {
                table.clear();
                table.push_str(heading.split(']').next().unwrap_or_default().trim());
                lines.entry((String::new(), table.clone())).or_insert(i + 1);
                continue;
            }
            let Some((key, _)) = line.split_once('=') else {
                continue;
            };
            let key = key.trim().trim_matches(['"', '\'']);
            let at = match key.split_once('.') {
                Some((outer, inner)) if table.is_empty() => {
                    (outer.trim().to_owned(), inner.trim().to_owned())
                }
                _ => (table.clone(), key.to_owned()),
            };
            lines.entry(at).or_insert(i + 1);
        }
        Lines(lines)
    }

    /// The place of a top-level key, or of a key of `[table]`, else of the table itself.
    pub fn place(&self, table: Option<&str>, key: &str) -> Place {
        let at = |outer: &str, inner: &str| self.0.get(&(outer.to_owned(), inner.to_owned())).copied();
        let line = match table {
            None => at("", key),
            Some(table) => at(table, key).or_else(|| at("", table)),
        };
        line.map_or(Place::File, Place::Line)
    }
}

/// Where each key was set: the environment over the file.
pub(super) struct Places {
    pub lines: Lines,
    pub env: Vec<String>,
}

impl Places {
    /// No file and no environment: the command line's flags.
    pub fn nowhere() -> Places {
        Places {
            lines: Lines::of(""),
            env: vec![],
        }
    }

    /// A problem of a top-level key, where it was set.
    pub fn problem(&self, key: &str, what: Msg) -> Problem {
        let place = if self.env.iter().any(|k| k == key) {
            Place::Env(format!("{PREFIX}{}", key.to_ascii_uppercase()))
        } else {
            self.lines.place(None, key)
        };
        Problem::new(place, key, what)
    }

    /// A problem of a key of the `[limits]` table.
    pub fn limit(&self, key: &str, what: Msg) -> Problem {
        let place = if self.env.iter().any(|k| k == "limits") {
            Place::Env(format!("{PREFIX}LIMITS"))
        } else {
            self.lines.place(Some("limits"), key)
        };
        Problem::new(place, key, what).in_limits()
    }
}

/// The file's keys that have the right type (to be read and checked), and a problem for each
/// of the others.
pub(super) fn typed(table: toml::Table, lines: &Lines) -> (toml::Table, Vec<Problem>) {
    let known = keys_of(&Config::default());
    let mut good = toml::Table::new();
    let mut problems = vec![];
    for (key, value) in table {
        let place = lines.place(None, &key);
        if !known.contains(&key) {
            problems.push(Problem::new(place, &key, unknown(&key, &known)));
        } else if let (true, toml::Value::Table(limits)) = (key == "limits", &value) {
            let (kept, wrong) = typed_limits(limits, lines);
            good.insert(key, toml::Value::Table(kept));
            problems.extend(wrong);
        } else if let Some(e) = alone(&key, value.clone()) {
            problems.push(worded(&e, place, &key));
        } else {
            good.insert(key, value);
        }
    }
    (good, problems)
}

/// The `[limits]` keys of the right type, and a problem for each of the others.
fn typed_limits(table: &toml::Table, lines: &Lines) -> (toml::Table, Vec<Problem>) {
    let known = keys_of(&Limits::default());
    let mut good = toml::Table::new();
    let mut problems = vec![];
    for (key, value) in table {
        let place = lines.place(Some("limits"), key);
        let one = toml::Table::from_iter([(key.clone(), value.clone())]);
        let problem = if !known.contains(key) {
            Problem::new(place, key, unknown(key, &known))
        } else if let Some(e) = alone("limits", toml::Value::Table(one)) {
            worded(&e, place, key)
        } else {
            good.insert(key.clone(), value.clone());
            continue;
        };
        problems.push(problem.in_limits());
    }
    (good, problems)
}

/// The configuration's keys set in the environment with the right type, and a problem for each
/// of the others. Only our keys: other `SAIKORO_*` variables (`SAIKORO_CONFIG`, test settings)
/// are not configuration.
pub(super) fn typed_env() -> (Vec<String>, Vec<Problem>) {
    let known = keys_of(&Config::default());
    let mut good = vec![];
    let mut problems = vec![];
    for key in known {
        let one = Env::prefixed(PREFIX).only(&[key.as_str()]);
        if one.iter().next().is_none() {
            continue;
        }
        match over_defaults(one) {
            None => good.push(key),
            Some(e) => {
                let var = format!("{PREFIX}{}", key.to_ascii_uppercase());
                problems.push(worded(&e, Place::Env(var), &key));
            }
        }
    }
    (good, problems)
}

/// The environment's variables of `keys`, as figment reads them.
pub(super) fn env(keys: &[String]) -> Env {
    let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
    Env::prefixed(PREFIX).only(&keys)
}

/// Why one top-level key cannot be read over the defaults, if it cannot.
fn alone(key: &str, value: toml::Value) -> Option<figment::Error> {
    over_defaults(Serialized::defaults(toml::Table::from_iter([(
        key.to_owned(),
        value,
    )])))
}

/// Why the configuration cannot be read with `one` over the defaults, if it cannot.
fn over_defaults(one: impl figment::Provider) -> Option<figment::Error> {
    Figment::from(Serialized::defaults(Config::default()))
        .merge(one)
        .extract::<Config>()
        .err()
}

/// The keys a structure serializes with.
fn keys_of(defaults: &impl serde::Serialize) -> Vec<String> {
    let value = serde_json::to_value(defaults).expect("the configuration serializes");
    value.as_object().expect("a table").keys().cloned().collect()
}

/// An unknown key, with the known one it was likely meant to be.
fn unknown(key: &str, known: &[String]) -> Msg {
    let near = known
        .iter()
        .map(|k| (strsim::levenshtein(&key.to_ascii_lowercase(), k), k))
        .min()
        .filter(|(d, _)| *d <= 2);
    match near {
        Some((_, near)) => Msg::new("config-unknown-key-near").arg("near", near.as_str()),
        None => Msg::new("config-unknown-key"),
    }
}

/// Figment's refusal of a key's value, as a problem at `place`.
pub(super) fn worded(e: &figment::Error, place: Place, key: &str) -> Problem {
    // Figment's path ends with the index of a list's wrong item (`guild_ids.0`).
    let item = e.path.last().and_then(|p| p.parse::<usize>().ok()).map(|i| i + 1);
    let what = match &e.kind {
        Kind::InvalidType(actual, expected) | Kind::InvalidValue(actual, expected) => {
            wrong_type(actual, expected)
        }
        Kind::UnknownVariant(_, allowed) => Msg::new("config-one-of").arg("allowed", allowed.join(", ")),
        _ => Msg::new("config-wrong-form"),
    };
    Problem {
        item,
        ..Problem::new(place, key, what)
    }
}

/// "must be a whole number, not text", in words rather than Rust's types.
fn wrong_type(actual: &Actual, expected: &str) -> Msg {
    let expected = match expected {
        "u8" | "u16" | "u32" | "u64" | "usize" | "i32" | "i64" => "count",
        "a string" | "path string" => "text",
        "a sequence" => "list",
        "a boolean" => "bool",
        "a map" => "table",
        other => other,
    };
    let actual = match actual {
        Actual::Bool(_) => "bool",
        Actual::Signed(n) if *n < 0 => "negative",
        // A whole number that does not fit the key's.
        Actual::Unsigned(_) | Actual::Signed(_) if expected == "count" => {
            return Msg::new("config-too-large");
        }
        Actual::Unsigned(_) | Actual::Signed(_) => "number",
        Actual::Float(_) => "decimal",
        Actual::Char(_) | Actual::Str(_) => "text",
        Actual::Seq => "list",
        Actual::Map => "table",
        _ => "other",
    };
    Msg::new("config-wrong-type")
        .arg("expected", expected)
        .arg("actual", actual)
}

/// The 1-based line of a byte offset.
fn line_of_offset(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Locale, Tr};

    const SECRET: &str = "MTIz.secret-token-value";

    fn listed(text: &str) -> Vec<String> {
        let tr = Tr::new(Locale::En, &[]);
        let lines = Lines::of(text);
        let (_, problems) = typed(table(Path::new("c.toml"), text).unwrap(), &lines);
        let words = Refusal::problems(Path::new("c.toml"), problems).words(&tr);
        words.lines().skip(1).map(String::from).collect()
    }

    #[test]
    fn a_syntax_error_names_the_line_and_not_its_text() {
        let text = format!("guild_ids = []\ntoken = \"{SECRET}\" oops\n");
        let err = table(Path::new("config.toml"), &text).unwrap_err();
        let err = err.words(&Tr::new(Locale::En, &[]));
        assert!(err.starts_with("config.toml:2: not valid TOML"), "{err}");
        assert!(!err.contains("secret-token"), "{err}");
    }

    #[test]
    fn a_wrong_value_names_the_key_and_line_in_words_and_not_the_value() {
        let text = format!(
            "guild_ids = [1, \"abc\"]\n\nlobby_expiry_secs = \"{SECRET}\"\nbot_delay_ms = -5\n\
             turn_timeout_action = \"{SECRET}\"\nTurn_Reminder_Secs = 5\ncolour = 1\n\
             [limits]\nuser_burst = 5000000000\nbogus = 1\n"
        );
        assert_eq!(
            listed(&text),
            [
                "c.toml:1: guild_ids: item 2: must be a whole number, 0 or more, not text",
                "c.toml:3: lobby_expiry_secs: must be a whole number, 0 or more, not text",
                "c.toml:4: bot_delay_ms: must be a whole number, 0 or more, not a negative number",
                "c.toml:5: turn_timeout_action: must be one of: play, leave",
                "c.toml:6: Turn_Reminder_Secs: unknown key; did you mean `turn_reminder_secs`?",
                "c.toml:7: colour: unknown key (config.example.toml lists every key)",
                "c.toml:9: [limits] user_burst: is too large for a whole number here",
                "c.toml:10: [limits] bogus: unknown key (config.example.toml lists every key)",
            ]
        );
    }

    #[test]
    fn keys_are_found_in_their_table() {
        let lines = Lines::of("a = 1\n[limits]\nuser_burst = 2\n\"a\" = 3\n[other]\nb = 1\n");
        assert_eq!(lines.place(None, "a"), Place::Line(1));
        assert_eq!(lines.place(Some("limits"), "user_burst"), Place::Line(3));
        assert_eq!(lines.place(Some("limits"), "a"), Place::Line(4));
        assert_eq!(lines.place(Some("limits"), "gone"), Place::Line(2));
        assert_eq!(lines.place(None, "b"), Place::File);
    }

    #[test]
    fn near_keys_are_suggested() {
        let known = keys_of(&Config::default());
        let tr = Tr::new(Locale::En, &[]);
        assert!(
            tr.msg(&unknown("turn_reminder_sec", &known))
                .contains("`turn_reminder_secs`")
        );
        assert!(
            tr.msg(&unknown("Bot_Delay_MS", &known))
                .contains("`bot_delay_ms`")
        );
        assert!(!tr.msg(&unknown("colour", &known)).contains("did you mean"));
    }
}
