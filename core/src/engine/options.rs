//! Typed game options. Each game declares its options once — key, kind, default and range — and
//! every front end sets them the same way: slash-command options, the lobby, `--option key=value`.
//! Values are checked here, naming the option and what it allows; a game's `new` then checks what
//! only it can (e.g. start squares inside their dojo).
//!
//! An option's description is the catalogue message `option-<game>-<key>`.

use super::{Arg, Msg, Tr};
use serde_json::{Map, Value};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// The key in the game's `Options` (snake_case), also the slash-command option's name.
    pub key: &'static str,
    pub kind: OptionKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// On or off.
    Switch { default: bool },
    /// A whole number in `min..=max`.
    Number { default: i64, min: i64, max: i64 },
    /// One of a few words.
    Choice {
        default: &'static str,
        values: &'static [&'static str],
    },
    /// Up to `max_len` whole numbers in `min..=max`, written `5,9,13` (a JSON array).
    Numbers {
        default: &'static [i64],
        min: i64,
        max: i64,
        max_len: usize,
    },
    /// Free text the game reads itself (e.g. a list of squares), at most `max_len` characters.
    Text { default: &'static str, max_len: usize },
    /// A text file's contents (e.g. a card list); empty means the game's built-in one.
    File { max_bytes: usize },
}

impl OptionSpec {
    /// The catalogue id of the option's description.
    pub fn description_id(&self, game: &str) -> String {
        format!("option-{game}-{}", self.key)
    }

    /// The catalogue id of the option's name in a language (`option-<game>-<key>-name`): the
    /// English one is the key, the others are what a player of that language types.
    pub fn name_id(&self, game: &str) -> String {
        format!("{}-name", self.description_id(game))
    }

    /// The catalogue id of a choice's label (`option-<game>-<key>-<value>`), for menus.
    pub fn choice_label_id(&self, game: &str, value: &str) -> String {
        format!("{}-{value}", self.description_id(game))
    }

    pub fn default_value(&self) -> Value {
        match self.kind {
            OptionKind::Switch { default } => default.into(),
            OptionKind::Number { default, .. } => default.into(),
            OptionKind::Choice { default, .. } => default.into(),
            OptionKind::Numbers { default, .. } => default.to_vec().into(),
            OptionKind::Text { default, .. } => default.into(),
            OptionKind::File { .. } => "".into(),
        }
    }

    /// What the option allows, in words (`a whole number from 1 to 9`, `true or false`).
    pub fn allows(&self) -> Msg {
        match self.kind {
            OptionKind::Switch { .. } => Msg::new("option-allows-switch"),
            OptionKind::Number { min, max, .. } => {
                Msg::new("option-allows-number").arg("min", min).arg("max", max)
            }
            OptionKind::Choice { values, .. } => {
                Msg::new("option-allows-choice").arg("values", values.join(" | "))
            }
            OptionKind::Numbers {
                min, max, max_len, ..
            } => Msg::new("option-allows-numbers")
                .arg("min", min)
                .arg("max", max)
                .arg("count", max_len),
            OptionKind::Text { max_len, .. } => Msg::new("option-allows-text").arg("count", max_len),
            OptionKind::File { max_bytes } => Msg::new("option-allows-file").arg("bytes", max_bytes),
        }
    }

    /// [`OptionSpec::allows`] worded in every language, as an argument of another message.
    pub fn allowed(&self) -> Arg {
        let allows = self.allows();
        Arg::worded(|locale| Tr::new(locale, &[]).msg(&allows))
    }

    fn refuse(&self, id: &str) -> Msg {
        Msg::new(id)
            .arg("option", self.key)
            .arg("allowed", self.allowed())
    }

    /// Checks a typed value (from a slash command or stored JSON) and returns it normalised.
    pub fn check(&self, value: &Value) -> Result<Value, Msg> {
        let bad = || self.refuse("setup-option-value");
        match self.kind {
            OptionKind::Switch { .. } => value.as_bool().map(Value::from).ok_or_else(bad),
            OptionKind::Number { min, max, .. } => value
                .as_i64()
                .filter(|n| (min..=max).contains(n))
                .map(Value::from)
                .ok_or_else(bad),
            OptionKind::Choice { values, .. } => value
                .as_str()
                .filter(|v| values.contains(v))
                .map(Value::from)
                .ok_or_else(bad),
            OptionKind::Numbers {
                min, max, max_len, ..
            } => {
                let items = value.as_array().ok_or_else(bad)?;
                if items.len() > max_len {
                    return Err(bad());
                }
                items
                    .iter()
                    .map(|n| n.as_i64().filter(|n| (min..=max).contains(n)).ok_or_else(bad))
                    .collect::<Result<Vec<i64>, Msg>>()
                    .map(Value::from)
            }
            OptionKind::Text { max_len, .. } => value
                .as_str()
                .filter(|t| t.chars().count() <= max_len)
                .map(|t| Value::from(t.trim()))
                .ok_or_else(bad),
            OptionKind::File { max_bytes } => value
                .as_str()
                .filter(|t| t.len() <= max_bytes)
                .map(Value::from)
                .ok_or_else(bad),
        }
    }

    /// Reads a value as a person types it (`--option key=value`): `true`, `7`, `5,9,13`, a word.
    /// A file option's text is the file's contents, read by the caller.
    pub fn parse(&self, text: &str) -> Result<Value, Msg> {
        let text = text.trim();
        let value = match self.kind {
            OptionKind::Switch { .. } => match text.to_ascii_lowercase().as_str() {
                "true" | "on" | "yes" | "1" => Value::from(true),
                "false" | "off" | "no" | "0" => Value::from(false),
                _ => return Err(self.refuse("setup-option-value")),
            },
            OptionKind::Number { .. } => text
                .parse::<i64>()
                .map(Value::from)
                .map_err(|_| self.refuse("setup-option-value"))?,
            OptionKind::Numbers { .. } => text
                .split(|c: char| c == ',' || c.is_whitespace())
                .filter(|t| !t.is_empty())
                .map(|t| t.parse::<i64>().map_err(|_| self.refuse("setup-option-value")))
                .collect::<Result<Vec<i64>, Msg>>()?
                .into(),
            OptionKind::Choice { .. } | OptionKind::Text { .. } | OptionKind::File { .. } => text.into(),
        };
        self.check(&value)
    }
}

/// Every option of a game with its value: the given ones checked, the rest at their defaults.
/// Unknown keys are refused, naming the options there are.
pub fn resolve(specs: &[OptionSpec], given: &Value) -> Result<Value, Msg> {
    let empty = Map::new();
    let given = match given {
        Value::Null => &empty,
        Value::Object(map) => map,
        _ => return Err(Msg::new("setup-option-shape")),
    };
    if let Some(unknown) = given.keys().find(|k| !specs.iter().any(|s| s.key == *k)) {
        return Err(unknown_option(specs, unknown));
    }
    let mut out = Map::new();
    for spec in specs {
        let value = match given.get(spec.key) {
            Some(v) if !v.is_null() => spec.check(v)?,
            _ => spec.default_value(),
        };
        out.insert(spec.key.to_owned(), value);
    }
    Ok(out.into())
}

/// The refusal for a key the game does not have.
pub fn unknown_option(specs: &[OptionSpec], key: &str) -> Msg {
    let known: Vec<&str> = specs.iter().map(|s| s.key).collect();
    let known = if known.is_empty() {
        "—".to_owned()
    } else {
        known.join(", ")
    };
    Msg::new("setup-option-unknown")
        .arg("option", key)
        .arg("known", known)
}

/// Parses `key=value` against the specs.
pub fn parse_assignment(specs: &[OptionSpec], text: &str) -> Result<(&'static str, Value), Msg> {
    let (key, value) = text
        .split_once('=')
        .ok_or_else(|| Msg::new("setup-option-assignment").arg("text", text))?;
    let key = key.trim();
    let spec = specs
        .iter()
        .find(|s| s.key == key)
        .ok_or_else(|| unknown_option(specs, key))?;
    Ok((spec.key, spec.parse(value)?))
}

/// The options that differ from their defaults, for a lobby to show.
pub fn changed<'a>(specs: &'a [OptionSpec], values: &Value) -> Vec<(&'a OptionSpec, Value)> {
    specs
        .iter()
        .filter_map(|s| {
            let v = values.get(s.key)?;
            (*v != s.default_value()).then(|| (s, v.clone()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::Locale;
    use super::*;
    use serde_json::json;

    const SPECS: &[OptionSpec] = &[
        OptionSpec {
            key: "crumbling",
            kind: OptionKind::Switch { default: false },
        },
        OptionSpec {
            key: "width",
            kind: OptionKind::Number {
                default: 6,
                min: 3,
                max: 9,
            },
        },
        OptionSpec {
            key: "shortfall",
            kind: OptionKind::Choice {
                default: "lose",
                values: &["lose", "max_possible"],
            },
        },
        OptionSpec {
            key: "points",
            kind: OptionKind::Numbers {
                default: &[1, 2, 3, 4],
                min: 0,
                max: 99,
                max_len: 6,
            },
        },
    ];

    #[test]
    fn defaults_fill_what_is_not_given() {
        let all = resolve(SPECS, &json!({"width": 7})).unwrap();
        assert_eq!(
            all,
            json!({"crumbling": false, "width": 7, "shortfall": "lose", "points": [1, 2, 3, 4]})
        );
        assert_eq!(resolve(SPECS, &Value::Null).unwrap()["width"], json!(6));
    }

    #[test]
    fn assignments_parse_by_kind() {
        assert_eq!(
            parse_assignment(SPECS, "crumbling=true").unwrap(),
            ("crumbling", json!(true))
        );
        assert_eq!(parse_assignment(SPECS, "width = 9").unwrap(), ("width", json!(9)));
        assert_eq!(
            parse_assignment(SPECS, "points=5,9, 13").unwrap(),
            ("points", json!([5, 9, 13]))
        );
        assert_eq!(
            parse_assignment(SPECS, "shortfall=max_possible").unwrap(),
            ("shortfall", json!("max_possible"))
        );
    }

    #[test]
    fn bad_values_name_the_option_and_what_it_allows() {
        let err = parse_assignment(SPECS, "crumbling=7").unwrap_err();
        assert_eq!(err.id, "setup-option-value");
        assert_eq!(err.args["option"], super::super::Arg::Text("crumbling".into()));
        let en = |msg: &Msg| Tr::new(Locale::En, &[]).msg(msg);
        assert_eq!(en(&err), "`crumbling` must be true or false.");
        let err = parse_assignment(SPECS, "width=10").unwrap_err();
        assert_eq!(en(&err), "`width` must be a whole number from 3 to 9.");
        let err = parse_assignment(SPECS, "points=1,2,3,4,5,6,7").unwrap_err();
        assert_eq!(
            en(&err),
            "`points` must be up to 6 whole numbers from 0 to 99, separated by commas."
        );
        let ja = Tr::new(Locale::Ja, &[]).msg(&err);
        assert!(ja.contains("0から99") && ja.contains('6'), "{ja}");
        assert!(parse_assignment(SPECS, "shortfall=win").is_err());
        assert!(parse_assignment(SPECS, "points=1,2,3,4,5,6,7").is_err());
        assert!(parse_assignment(SPECS, "points=1,x").is_err());
        let err = parse_assignment(SPECS, "nope=1").unwrap_err();
        assert_eq!(err.id, "setup-option-unknown");
        assert_eq!(
            err.args["known"],
            super::super::Arg::Text("crumbling, width, shortfall, points".into())
        );
        assert_eq!(
            parse_assignment(SPECS, "width").unwrap_err().id,
            "setup-option-assignment"
        );
        assert_eq!(
            resolve(SPECS, &json!({"width": "7"})).unwrap_err().id,
            "setup-option-value"
        );
        assert_eq!(
            resolve(SPECS, &json!({"nope": 1})).unwrap_err().id,
            "setup-option-unknown"
        );
    }

    #[test]
    fn only_changed_options_are_listed() {
        let all = resolve(SPECS, &json!({"crumbling": true})).unwrap();
        let changed: Vec<&str> = changed(SPECS, &all).iter().map(|(s, _)| s.key).collect();
        assert_eq!(changed, ["crumbling"]);
    }
}
