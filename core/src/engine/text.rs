//! The message catalogue. Every word a user reads is a Fluent message looked up by id in the
//! viewer's locale (`locales/<lang>/*.ftl` and each game's `<lang>.ftl`); English is complete and is the fallback for the rest.
//! Games describe what happened as [`Msg`] data, rendered per locale only when shown.

use super::Seat;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::OnceLock;

// The catalogue's files, `EN` and `JA`: the shared ones in `locales/` and each game's own,
// collected by build.rs.
include!(concat!(env!("OUT_DIR"), "/catalogue.rs"));

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Locale {
    #[default]
    En,
    Ja,
}

impl Locale {
    pub const ALL: [Locale; 2] = [Locale::En, Locale::Ja];

    /// Discord's locale codes (`en-US`, `ja`, …); anything we have no catalogue for is English.
    pub fn from_tag(tag: &str) -> Self {
        if tag.eq_ignore_ascii_case("ja") || tag.to_ascii_lowercase().starts_with("ja-") {
            Locale::Ja
        } else {
            Locale::En
        }
    }

    /// The Discord locale code used for command localizations.
    pub fn discord_tag(self) -> &'static str {
        match self {
            Locale::En => "en-US",
            Locale::Ja => "ja",
        }
    }
}

/// An argument of a message. `Seat` is resolved to the player's mark and display name when
/// rendered (`🟦 Ann`), so every text that names a seat shows its shape too.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Arg {
    Seat(Seat),
    Num(i64),
    Text(String),
    /// A text already worded in each language (a move's label as its button reads), for a
    /// message made before its reader's language is known; a language missing reads English.
    Worded(BTreeMap<Locale, String>),
}

/// The largest integer a float holds exactly (2^53).
const EXACT_IN_FLOAT: u64 = 1 << 53;

impl Arg {
    /// [`Arg::Worded`] from a wording per language.
    pub fn worded(word: impl Fn(Locale) -> String) -> Self {
        Arg::Worded(Locale::ALL.into_iter().map(|l| (l, word(l))).collect())
    }
}

impl From<i64> for Arg {
    fn from(v: i64) -> Self {
        Arg::Num(v)
    }
}
impl From<u32> for Arg {
    fn from(v: u32) -> Self {
        Arg::Num(v.into())
    }
}
impl From<u8> for Arg {
    fn from(v: u8) -> Self {
        Arg::Num(v.into())
    }
}
impl From<u64> for Arg {
    fn from(v: u64) -> Self {
        i64::try_from(v).map_or_else(|_| Arg::Text(v.to_string()), Arg::Num)
    }
}
impl From<usize> for Arg {
    fn from(v: usize) -> Self {
        Arg::Num(v as i64)
    }
}
impl From<String> for Arg {
    fn from(v: String) -> Self {
        Arg::Text(v)
    }
}
impl From<&str> for Arg {
    fn from(v: &str) -> Self {
        Arg::Text(v.to_owned())
    }
}

/// Appends `lines` (log lines or a game's events) to a board's recent log, keeping only the
/// newest `max` (games show the last few moves on the board; the full log is the stored actions).
pub fn keep_recent<T: Clone>(log: &mut std::collections::VecDeque<T>, lines: &[T], max: usize) {
    // One at a time: a playout adds a line or two per action; a full log never reallocates.
    for line in lines {
        log.push_back(line.clone());
        if log.len() > max {
            log.pop_front();
        }
    }
}

/// A localizable message: an id in the catalogue plus named arguments. Serializable, so game
/// logs and rule errors can be stored and shown later in any locale.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Msg {
    pub id: String,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub args: BTreeMap<String, Arg>,
}

impl Msg {
    pub fn new(id: impl Into<String>) -> Self {
        Self {
            id: id.into(),
            args: BTreeMap::new(),
        }
    }

    #[must_use]
    pub fn arg(mut self, name: &str, value: impl Into<Arg>) -> Self {
        self.args.insert(name.to_owned(), value.into());
        self
    }

    #[must_use]
    pub fn seat(self, name: &str, seat: Seat) -> Self {
        self.arg(name, Arg::Seat(seat))
    }
}

struct Catalog {
    en: FluentBundle<FluentResource>,
    ja: FluentBundle<FluentResource>,
}

fn bundle(lang: &str, sources: &[&str]) -> FluentBundle<FluentResource> {
    let mut bundle = FluentBundle::new_concurrent(vec![lang.parse().expect("valid language tag")]);
    // Isolation marks (U+2068/9) around arguments show up as junk in Discord and terminals.
    bundle.set_use_isolating(false);
    for src in sources {
        let res = FluentResource::try_new((*src).to_owned()).expect("catalogue files parse (tested)");
        bundle
            .add_resource(res)
            .expect("message ids are unique across files (tested)");
    }
    bundle
}

fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| Catalog {
        en: bundle("en-US", EN),
        ja: bundle("ja", JA),
    })
}

/// A translator: a locale plus the seated players' display names (already escaped for the
/// platform that will show them).
#[derive(Clone, Copy, Debug)]
pub struct Tr<'a> {
    pub locale: Locale,
    pub names: &'a [String],
    /// The most columns a seat's name takes in a line ([`Tr::seat`]).
    name_columns: usize,
    /// The width boards' wrapped fields are wrapped to ([`Tr::wrap`]).
    line_columns: usize,
}

impl<'a> Tr<'a> {
    pub fn new(locale: Locale, names: &'a [String]) -> Self {
        Self {
            locale,
            names,
            name_columns: super::width::NAME_COLUMNS,
            line_columns: super::width::PHONE_COLUMNS,
        }
    }

    /// The same, with names cut at `columns` instead: a terminal has room a phone has not.
    #[must_use]
    pub fn with_name_columns(self, columns: usize) -> Self {
        Self {
            name_columns: columns,
            ..self
        }
    }

    /// The same, with boards' fields wrapped to `columns` instead of a phone's: a terminal
    /// wraps its own lines, so one cut for a phone would leave a `。` or a word alone on a line.
    #[must_use]
    pub fn with_line_columns(self, columns: usize) -> Self {
        Self {
            line_columns: columns,
            ..self
        }
    }

    /// Every line of `text` wrapped to this reader's width ([`super::width::wrap`]): a
    /// phone's [`super::width::PHONE_COLUMNS`] unless [`Tr::with_line_columns`] says otherwise.
    pub fn wrap(&self, text: &str) -> String {
        super::width::wrap(text, self.line_columns).join("\n")
    }

    /// The message `id` without arguments.
    pub fn t(&self, id: &str) -> String {
        self.render(id, &BTreeMap::new())
    }

    /// The message `id` with arguments, e.g. `tr.f("cantstop-bust", &[("player", Arg::Seat(0))])`.
    pub fn f(&self, id: &str, args: &[(&str, Arg)]) -> String {
        let args = args.iter().map(|(k, v)| ((*k).to_owned(), v.clone())).collect();
        self.render(id, &args)
    }

    pub fn msg(&self, msg: &Msg) -> String {
        self.render(&msg.id, &msg.args)
    }

    /// Items joined the locale's way ("a, b" / "a、b").
    pub fn list(&self, items: &[String]) -> String {
        items.join(&self.t("list-sep"))
    }

    /// A seat's display name.
    pub fn name(&self, seat: Seat) -> String {
        self.names
            .get(seat)
            .cloned()
            .unwrap_or_else(|| format!("#{}", seat + 1))
    }

    /// A seat as every text names it: its mark, then its display name (`🟦 Ann`), cut to
    /// [`super::width::NAME_COLUMNS`] so a line with a long name still fits a phone (or to
    /// [`Tr::with_name_columns`]).
    pub fn seat(&self, seat: Seat) -> String {
        let name = super::width::ellipsize(&self.name(seat), self.name_columns);
        format!("{} {name}", super::view::seat_mark(seat))
    }

    fn render(&self, id: &str, args: &BTreeMap<String, Arg>) -> String {
        let cat = catalog();
        let primary = match self.locale {
            Locale::En => &cat.en,
            Locale::Ja => &cat.ja,
        };
        let bundle = if primary.has_message(id) { primary } else { &cat.en };
        let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
            tracing::warn!(id, "missing catalogue message");
            return format!("⟦{id}⟧");
        };
        let mut fargs = FluentArgs::new();
        for (k, v) in args {
            let value = match v {
                Arg::Seat(s) => FluentValue::from(self.seat(*s)),
                // Fluent's numbers are floats: a seed or an id beyond 2^53 is shown as written.
                Arg::Num(n) if n.unsigned_abs() > EXACT_IN_FLOAT => FluentValue::from(n.to_string()),
                Arg::Num(n) => FluentValue::from(*n),
                Arg::Text(t) => FluentValue::from(t.clone()),
                Arg::Worded(each) => {
                    let text = each.get(&self.locale).or_else(|| each.get(&Locale::En));
                    FluentValue::from(text.cloned().unwrap_or_default())
                }
            };
            fargs.set(k.clone(), value);
        }
        let mut errors = vec![];
        let out = bundle.format_pattern(pattern, Some(&fargs), &mut errors);
        if !errors.is_empty() {
            tracing::warn!(id, ?errors, "catalogue message formatted with errors");
        }
        out.into_owned()
    }
}

/// Does the catalogue have `id` in English? (Tests use it to check every id a game emits.)
pub fn has_message(id: &str) -> bool {
    catalog().en.has_message(id)
}

/// Does `locale`'s own catalogue (not the English fallback) have `id`?
pub fn has_message_in(locale: Locale, id: &str) -> bool {
    match locale {
        Locale::En => catalog().en.has_message(id),
        Locale::Ja => catalog().ja.has_message(id),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fluent_syntax::{ast, parser};
    use std::collections::BTreeSet;

    #[test]
    fn every_catalogue_file_parses_and_ids_are_unique() {
        // Building the catalogue panics on a parse error or duplicate id.
        let _ = catalog();
        assert!(has_message("game-over"));
    }

    #[test]
    fn a_recent_log_keeps_the_newest_lines() {
        let mut log = std::collections::VecDeque::from([Msg::new("a"), Msg::new("b")]);
        keep_recent(&mut log, &[Msg::new("c"), Msg::new("d")], 3);
        let ids: Vec<&str> = log.iter().map(|m| m.id.as_str()).collect();
        assert_eq!(ids, ["b", "c", "d"]);
    }

    #[test]
    fn seat_arguments_become_names_and_missing_ids_are_visible() {
        let names = vec!["ann".to_owned(), "ben".to_owned()];
        let tr = Tr::new(Locale::En, &names);
        let s = tr.msg(&Msg::new("rule-not-your-turn").seat("player", 1));
        assert!(s.contains("ben"), "{s}");
        assert!(!s.contains('\u{2068}'), "no isolation marks");
        assert_eq!(tr.t("no-such-message"), "⟦no-such-message⟧");
    }

    /// Fluent keeps numbers as floats; a seed printed to replay a game must be the seed.
    #[test]
    fn big_numbers_are_printed_exactly() {
        let tr = Tr::new(Locale::En, &[]);
        for seed in [
            u64::MAX,
            9_223_372_036_854_775_807,
            12_345_678_901_234_567,
            (1 << 53) + 1,
            42,
        ] {
            let header = tr.msg(&Msg::new("cli-header").arg("game", "Pig").arg("seed", seed));
            assert!(
                header.contains(&format!("seed {seed} (replay with --seed {seed})")),
                "{header}"
            );
        }
    }

    #[test]
    fn discord_tags_choose_the_japanese_catalogue() {
        assert_eq!(Locale::from_tag("ja"), Locale::Ja);
        assert_eq!(Locale::from_tag("en-GB"), Locale::En);
        let ja = Tr::new(Locale::Ja, &[]).t("game-over");
        assert_ne!(ja, Tr::new(Locale::En, &[]).t("game-over"));
        assert!(!ja.is_ascii(), "{ja}");
    }

    type Variables = BTreeMap<String, BTreeSet<String>>;

    /// Every message id in `sources` with the variables its value and attributes reference,
    /// in every variant of every selector.
    fn variables(sources: &[&str]) -> Variables {
        let mut out = Variables::new();
        for src in sources {
            let res = parser::parse(*src).unwrap_or_else(|(_, errors)| panic!("{errors:?}"));
            for entry in &res.body {
                if let ast::Entry::Message(m) = entry {
                    let mut vars = BTreeSet::new();
                    if let Some(value) = &m.value {
                        pattern_vars(value, &mut vars);
                    }
                    for attribute in &m.attributes {
                        pattern_vars(&attribute.value, &mut vars);
                    }
                    out.insert(m.id.name.to_owned(), vars);
                }
            }
        }
        out
    }

    fn pattern_vars(pattern: &ast::Pattern<&str>, vars: &mut BTreeSet<String>) {
        for element in &pattern.elements {
            if let ast::PatternElement::Placeable { expression } = element {
                expression_vars(expression, vars);
            }
        }
    }

    fn expression_vars(expression: &ast::Expression<&str>, vars: &mut BTreeSet<String>) {
        match expression {
            ast::Expression::Inline(inline) => inline_vars(inline, vars),
            ast::Expression::Select { selector, variants } => {
                inline_vars(selector, vars);
                for variant in variants {
                    pattern_vars(&variant.value, vars);
                }
            }
        }
    }

    fn inline_vars(inline: &ast::InlineExpression<&str>, vars: &mut BTreeSet<String>) {
        let call_vars = |arguments: &ast::CallArguments<&str>, vars: &mut BTreeSet<String>| {
            for positional in &arguments.positional {
                inline_vars(positional, vars);
            }
            for named in &arguments.named {
                inline_vars(&named.value, vars);
            }
        };
        match inline {
            ast::InlineExpression::VariableReference { id } => {
                vars.insert(id.name.to_owned());
            }
            ast::InlineExpression::Placeable { expression } => expression_vars(expression, vars),
            ast::InlineExpression::FunctionReference { arguments, .. } => call_vars(arguments, vars),
            ast::InlineExpression::TermReference {
                arguments: Some(arguments),
                ..
            } => call_vars(arguments, vars),
            _ => {}
        }
    }

    #[test]
    fn the_variable_walker_sees_selectors_and_their_variants() {
        let vars = variables(&["m = { $a } { $n ->\n    [one] x\n   *[other] { $b }\n}\n"]);
        let expected: BTreeSet<String> = ["a", "b", "n"].map(String::from).into();
        assert_eq!(vars["m"], expected);
    }

    #[test]
    fn every_japanese_id_exists_in_english() {
        let en = variables(EN);
        let stray: Vec<String> = variables(JA)
            .into_keys()
            .filter(|id| !en.contains_key(id))
            .collect();
        assert!(
            stray.is_empty(),
            "Japanese ids with no English message: {stray:?}"
        );
    }

    #[test]
    fn every_english_message_has_a_japanese_translation() {
        let ja = variables(JA);
        let missing: Vec<String> = variables(EN)
            .into_keys()
            .filter(|id| !ja.contains_key(id))
            .collect();
        assert!(missing.is_empty(), "untranslated: {missing:?}");
        assert_eq!(EN.len(), JA.len(), "one Japanese file per English file");
    }

    #[test]
    fn japanese_messages_use_the_same_variables_as_english() {
        let en = variables(EN);
        let mismatched: Vec<String> = variables(JA)
            .into_iter()
            .filter_map(|(id, ja_vars)| {
                let en_vars = en.get(&id)?;
                (*en_vars != ja_vars).then(|| format!("{id}: en {en_vars:?}, ja {ja_vars:?}"))
            })
            .collect();
        assert!(mismatched.is_empty(), "{mismatched:#?}");
    }

    /// Ids shown as slash command and option descriptions.
    fn is_command_description(id: &str) -> bool {
        id.ends_with("-command") || id.starts_with("command-") || id.starts_with("option-")
    }

    #[test]
    fn command_descriptions_fit_discord() {
        let ids: Vec<String> = variables(EN)
            .into_keys()
            .filter(|id| is_command_description(id))
            .collect();
        assert!(
            ids.contains(&"saikoro-command".to_owned()) && ids.len() > 5,
            "{ids:?}"
        );
        for locale in Locale::ALL {
            let tr = Tr::new(locale, &[]);
            for id in &ids {
                let text = tr.t(id);
                let chars = text.chars().count();
                assert!(
                    (1..=100).contains(&chars),
                    "{locale:?} {id} has {chars} chars: {text}"
                );
            }
        }
    }

    #[test]
    fn every_japanese_message_renders_without_errors() {
        let names = vec!["ann".to_owned()];
        let tr = Tr::new(Locale::Ja, &names);
        let ja = &catalog().ja;
        for (id, vars) in variables(EN) {
            let args: BTreeMap<String, Arg> = vars.iter().map(|v| (v.clone(), Arg::Num(2))).collect();
            let shown = tr.render(&id, &args);
            assert!(!shown.contains('⟦') && !shown.trim().is_empty(), "{id}: {shown}");

            let mut fargs = FluentArgs::new();
            for v in &vars {
                fargs.set(v.clone(), FluentValue::from(2));
            }
            let pattern = ja.get_message(&id).and_then(|m| m.value()).expect("translated");
            let mut errors = vec![];
            ja.format_pattern(pattern, Some(&fargs), &mut errors);
            assert!(errors.is_empty(), "{id}: {errors:?}");
        }
    }

    /// Japanese log lines report what happened in one form, the polite past (登りました): never
    /// the plain form (登る。) nor the polite present (登ります。) of the event itself.
    #[test]
    fn japanese_log_lines_report_in_the_polite_past() {
        let names = vec!["ann".to_owned()];
        let tr = Tr::new(Locale::Ja, &names);
        let mut checked = 0;
        for (id, vars) in variables(JA).into_iter().filter(|(id, _)| id.contains("-log-")) {
            let args: BTreeMap<String, Arg> = vars.iter().map(|v| (v.clone(), Arg::Num(2))).collect();
            let shown = tr.render(&id, &args);
            // The event is the first clause; what follows may announce what comes next.
            let event = shown.split(['。', '：', '！']).next().unwrap_or_default().trim();
            let plain = event.ends_with('る')
                || (event.ends_with('た') && !event.ends_with("ました") && !event.ends_with("でした"));
            assert!(!plain && !event.ends_with("ます"), "{id}: {shown}");
            checked += 1;
        }
        assert!(checked > 30, "only {checked} log lines");
    }

    /// The lobby's buttons are named as they are labelled wherever a message points to them.
    #[test]
    fn resigning_in_a_lobby_names_the_lobby_buttons_as_labelled() {
        for locale in Locale::ALL {
            let tr = Tr::new(locale, &[]);
            let text = tr.t("resign-in-lobby");
            for button in ["lobby-leave", "lobby-cancel"] {
                assert!(text.contains(&tr.t(button)), "{locale:?}: {text}");
            }
            assert!(tr.t("lobby-host-cannot-leave").contains(&tr.t("lobby-cancel")));
        }
    }
}
