//! The terminal's side of a person's decision: the board and its choices shown (text for people,
//! one JSON object a line for scripts), and what was typed read back as a choice, a move in the
//! rules' own notation, `help`, `hint` or `resign`. A typed move the rules refuse gets their
//! reason and changes nothing.

use super::Halt;
use crate::engine::view::Target;
use crate::engine::{AnyGame, Choice, Msg, Outcome, Row, ScriptedDice, Seat, Tr, View};
use serde::Serialize;
use std::io::{BufRead, Write};

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// The board and numbered choices, for people.
    Text,
    /// One JSON object a line (`docs/json.md`), for scripts.
    Json,
}

/// One line of `--format json` output (keys are a stable interface for scripts, described by
/// `docs/state.schema.json`).
#[derive(Serialize)]
struct JsonLine<'a> {
    seat: Option<Seat>,
    view: &'a View,
    choices: &'a [Choice],
    state: serde_json::Value,
    events: Vec<JsonEvent>,
    outcome: Option<&'a Outcome>,
}

#[derive(Serialize)]
struct JsonEvent {
    #[serde(flatten)]
    msg: Msg,
    text: String,
}

/// What a typed line asks for.
enum Typed {
    Go(String),
    Help,
    Hint,
    /// A move the rules refuse, with their reason.
    Refused(Msg),
}

/// The terminal: where decisions are asked and the game is shown.
pub(super) struct Terminal<'a> {
    pub input: &'a mut dyn BufRead,
    pub out: &'a mut dyn Write,
    pub format: Format,
    pub tr: Tr<'a>,
    /// What happened since the last decision shown.
    pub events: Vec<Msg>,
}

/// A write that failed: a closed pipe ends the game quietly, anything else is an error.
pub(super) fn io<'a>(tr: &'a Tr<'a>) -> impl Fn(std::io::Error) -> Halt + 'a {
    move |e| match e.kind() {
        std::io::ErrorKind::BrokenPipe => Halt::Closed,
        _ => Halt::Failed(tr.msg(&Msg::new("cli-terminal-error").arg("error", e.to_string()))),
    }
}

/// Text as a terminal shows it: Discord's bold and code marks dropped.
pub fn plain(text: &str) -> String {
    text.replace("**", "").replace('`', "")
}

impl Terminal<'_> {
    /// A person's decision: the board's controls as choices, numbered and with their ids (a
    /// decision in steps is walked through as on Discord), or any move typed out.
    pub fn decide(&mut self, game: &dyn AnyGame, seat: Seat, name: &str) -> Result<String, Halt> {
        let tr = self.tr;
        let choices = game.choices(seat, &tr);
        let mut draft = String::new();
        let mut shown = None;
        loop {
            let view = game.view(Some(seat), &draft, &tr);
            let mut controls = controls(&view);
            // Every game's menu ends with resigning, whether or not its board has the button.
            if !controls.iter().any(|(id, _)| id == crate::engine::RESIGN) {
                controls.push((crate::engine::RESIGN.to_owned(), tr.t("cli-resign")));
            }
            // The board again only when a step changed it, not after a mistyped choice.
            if shown.as_ref() != Some(&draft) {
                self.show(game, seat, &view, &controls, &choices)?;
                shown = Some(draft.clone());
            }
            if self.format == Format::Text {
                write!(self.out, "{name}> ").map_err(io(&tr))?;
                self.out.flush().map_err(io(&tr))?;
            }
            let mut line = String::new();
            if self.input.read_line(&mut line).map_err(io(&tr))? == 0 {
                return Err(Halt::Failed(tr.t("cli-input-ended")));
            }
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            match self.read(game, seat, line, &controls, &choices) {
                Typed::Go(id) => match Target::of(&id) {
                    Target::Step(next) => next.clone_into(&mut draft),
                    // A number is easily mistyped: resigning by one asks first.
                    Target::Act(crate::engine::RESIGN)
                        if self.format == Format::Text && line.parse::<usize>().is_ok() =>
                    {
                        if self.confirm_resign(name)? {
                            return Ok(crate::engine::RESIGN.to_owned());
                        }
                    }
                    Target::Act(action) => return Ok(action.to_owned()),
                },
                Typed::Help => {
                    let help = self.help(&controls, &choices);
                    self.say("help", help)?;
                }
                Typed::Hint => {
                    let hint = game.hint(seat).unwrap_or_else(|| Msg::new("cli-no-hint"));
                    self.say("hint", tr.msg(&hint))?;
                }
                Typed::Refused(reason) => self.refuse(line, &reason)?,
            }
        }
    }

    /// Whether the player, asked, confirms resigning (`resign` or `yes`).
    fn confirm_resign(&mut self, name: &str) -> Result<bool, Halt> {
        let tr = self.tr;
        write!(self.out, "{}\n{name}> ", plain(&tr.t("terminal-confirm-resign"))).map_err(io(&tr))?;
        self.out.flush().map_err(io(&tr))?;
        let mut line = String::new();
        if self.input.read_line(&mut line).map_err(io(&tr))? == 0 {
            return Err(Halt::Failed(tr.t("cli-input-ended")));
        }
        Ok(matches!(
            line.trim().to_lowercase().as_str(),
            "resign" | "yes" | "y" | "はい"
        ))
    }

    /// What `line` asks for: a choice by number (text: the numbered controls; JSON: the
    /// choices), id or label (in any case, when only one choice matches), a word of the
    /// terminal, or any move the rules take.
    fn read(
        &self,
        game: &dyn AnyGame,
        seat: Seat,
        line: &str,
        controls: &[(String, String)],
        choices: &[Choice],
    ) -> Typed {
        let count = self.count(controls, choices);
        let number = line.parse::<usize>().ok();
        let numbered = number
            .filter(|n| (1..=count).contains(n))
            .map(|n| match self.format {
                Format::Text => controls[n - 1].0.clone(),
                Format::Json => choices[n - 1].id.clone(),
            });
        if let Some(id) = numbered.or_else(|| named(line, controls, choices)) {
            return Typed::Go(id);
        }
        match line.to_lowercase().as_str() {
            "help" | "?" => return Typed::Help,
            "hint" => return Typed::Hint,
            _ => {}
        }
        // Any move the rules take, offered or not (an abbreviated list, the page's notation):
        // tried on a copy, so a refusal changes nothing.
        let mut copy = game.clone_box();
        match copy.apply(seat, line, &mut ScriptedDice::new([]).lenient()) {
            Ok(_) => Typed::Go(line.to_owned()),
            // A number past the menu is a mistyped choice, not a move to explain.
            Err(_) if number.is_some() => Typed::Refused(
                Msg::new("terminal-no-such-number")
                    .arg("number", line)
                    .arg("count", count),
            ),
            Err(e) => Typed::Refused(e.msg()),
        }
    }

    /// The help for this menu: what a number picks, the ids typed as they are shown (none at a
    /// step's menu in text, where only `resign` has one), two of this game's own moves as examples, and the terminal's words.
    fn help(&self, controls: &[(String, String)], choices: &[Choice]) -> String {
        let tr = self.tr;
        let count = self.count(controls, choices);
        let ids_shown = self.format == Format::Json
            || controls
                .iter()
                .any(|(id, label)| bracketed(id, label).is_some_and(|id| id != crate::engine::RESIGN));
        let number = if ids_shown {
            "terminal-help-number-or-id"
        } else {
            "terminal-help-number"
        };
        let mut lines = vec![tr.msg(&Msg::new(number).arg("count", count))];
        let examples: Vec<String> = choices.iter().map(|c| c.id.clone()).take(2).collect();
        if !examples.is_empty() {
            lines.push(tr.msg(&Msg::new("terminal-help-moves").arg("examples", tr.list(&examples))));
        }
        lines.push(tr.t("terminal-help-words"));
        // Japanese sentences follow each other without a space.
        lines.join(if tr.locale == crate::engine::Locale::Ja {
            ""
        } else {
            " "
        })
    }

    /// How many choices a number can pick: the numbered menu in text, `choices` in JSON.
    fn count(&self, controls: &[(String, String)], choices: &[Choice]) -> usize {
        match self.format {
            Format::Text => controls.len(),
            Format::Json => choices.len(),
        }
    }

    fn show(
        &mut self,
        game: &dyn AnyGame,
        seat: Seat,
        view: &View,
        controls: &[(String, String)],
        choices: &[Choice],
    ) -> Result<(), Halt> {
        let tr = self.tr;
        match self.format {
            Format::Json => self.emit_json(game, Some(seat), view, choices, None),
            Format::Text => {
                self.print_events()?;
                writeln!(self.out, "{}", plain(&view.to_text())).map_err(io(&tr))?;
                for (i, (id, label)) in controls.iter().enumerate() {
                    match bracketed(id, label) {
                        Some(id) => writeln!(self.out, "  {}) {label}  [{id}]", i + 1),
                        None => writeln!(self.out, "  {}) {label}", i + 1),
                    }
                    .map_err(io(&tr))?;
                }
                Ok(())
            }
        }
    }

    /// A line of the terminal's own (help, hint): plain in text, `{key: text}` in JSON.
    fn say(&mut self, key: &str, text: String) -> Result<(), Halt> {
        let tr = self.tr;
        // The coach's words are written for Discord, bold marks and all.
        let text = plain(&text);
        match self.format {
            Format::Json => writeln!(self.out, "{}", serde_json::json!({ key: text })),
            Format::Text => writeln!(self.out, "{text}"),
        }
        .map_err(io(&tr))
    }

    /// A typed move refused, with the rules' reason; nothing changed.
    fn refuse(&mut self, id: &str, reason: &Msg) -> Result<(), Halt> {
        let tr = self.tr;
        let reason = tr.msg(reason);
        match self.format {
            Format::Json => writeln!(
                self.out,
                "{}",
                serde_json::json!({ "refused": { "id": id, "reason": reason } })
            ),
            Format::Text => writeln!(self.out, "✖ {reason}{}", tr.t("cli-try-help")),
        }
        .map_err(io(&tr))
    }

    pub fn print_events(&mut self) -> Result<(), Halt> {
        let tr = self.tr;
        for e in self.events.drain(..) {
            writeln!(self.out, "• {}", plain(&tr.msg(&e))).map_err(io(&tr))?;
        }
        Ok(())
    }

    pub fn emit_json(
        &mut self,
        game: &dyn AnyGame,
        seat: Option<Seat>,
        view: &View,
        choices: &[Choice],
        outcome: Option<&Outcome>,
    ) -> Result<(), Halt> {
        let tr = self.tr;
        let events = self
            .events
            .drain(..)
            .map(|m| JsonEvent {
                text: tr.msg(&m),
                msg: m,
            })
            .collect();
        let line = JsonLine {
            seat,
            view,
            choices,
            state: game.state(),
            events,
            outcome,
        };
        let json = serde_json::to_string(&line).map_err(|e| Halt::Failed(e.to_string()))?;
        writeln!(self.out, "{json}").map_err(io(&tr))
    }
}

/// The id a text menu shows in brackets after a control's label: an action's, when it is not
/// the label itself (a step's draft is no move to type).
fn bracketed<'a>(id: &'a str, label: &str) -> Option<&'a str> {
    match Target::of(id) {
        Target::Act(id) if id != label => Some(id),
        _ => None,
    }
}

/// The choice `line` names by id or label: exactly, else ignoring case when only one matches
/// (`RESIGN`, `move a`), so a case typed differently never picks between two.
fn named(line: &str, controls: &[(String, String)], choices: &[Choice]) -> Option<String> {
    let ids = choices
        .iter()
        .map(|c| (&c.id, &c.label))
        .chain(controls.iter().map(|(id, label)| (id, label)));
    let all: Vec<_> = ids.collect();
    if let Some((id, _)) = all.iter().find(|(id, label)| *id == line || *label == line) {
        return Some((*id).clone());
    }
    let mut loose = all
        .iter()
        .filter(|(id, label)| id.eq_ignore_ascii_case(line) || label.eq_ignore_ascii_case(line))
        .map(|(id, _)| *id);
    let first = loose.next()?;
    loose.all(|id| id == first).then(|| first.clone())
}

/// A view's enabled controls as (id, label), in reading order; a step's label says it is one.
fn controls(view: &View) -> Vec<(String, String)> {
    view.rows
        .iter()
        .flat_map(|row| match row {
            Row::Buttons { buttons } => buttons
                .iter()
                .filter(|b| !b.disabled)
                .map(|b| (b.id.clone(), b.label.clone()))
                .collect::<Vec<_>>(),
            Row::Select(select) => select
                .options
                .iter()
                .map(|o| (o.value.clone(), o.label.clone()))
                .collect(),
        })
        .map(|(id, label)| match Target::of(&id) {
            Target::Step(_) => (id, format!("{label} …")),
            Target::Act(_) => (id, label),
        })
        .collect()
}
