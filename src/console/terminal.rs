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
                    Target::Act(action) => return Ok(action.to_owned()),
                },
                Typed::Help => self.say("help", tr.msg(&help(controls.len())))?,
                Typed::Hint => {
                    let hint = game.hint(seat).unwrap_or_else(|| Msg::new("cli-no-hint"));
                    self.say("hint", tr.msg(&hint))?;
                }
                Typed::Refused(reason) => self.refuse(line, &reason)?,
            }
        }
    }

    /// What `line` asks for: a choice by number (text: the numbered controls; JSON: the
    /// choices), id or label, a word of the terminal, or any move the rules take.
    fn read(
        &self,
        game: &dyn AnyGame,
        seat: Seat,
        line: &str,
        controls: &[(String, String)],
        choices: &[Choice],
    ) -> Typed {
        let numbered = line.parse::<usize>().ok().and_then(|n| match self.format {
            Format::Text => controls.get(n.checked_sub(1)?).map(|c| c.0.clone()),
            Format::Json => choices.get(n.checked_sub(1)?).map(|c| c.id.clone()),
        });
        let named = choices
            .iter()
            .find(|c| c.id == line || c.label.eq_ignore_ascii_case(line))
            .map(|c| c.id.clone());
        if let Some(id) = numbered.or(named) {
            return Typed::Go(id);
        }
        match line {
            "help" | "?" => return Typed::Help,
            "hint" => return Typed::Hint,
            _ => {}
        }
        // Any move the rules take, offered or not (an abbreviated list, the page's notation):
        // tried on a copy, so a refusal changes nothing.
        let mut copy = game.clone_box();
        match copy.apply(seat, line, &mut ScriptedDice::new([]).lenient()) {
            Ok(_) => Typed::Go(line.to_owned()),
            Err(e) => Typed::Refused(e.msg()),
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
                    match Target::of(id) {
                        Target::Act(id) if id != label => {
                            writeln!(self.out, "  {}) {label}  [{id}]", i + 1).map_err(io(&tr))?;
                        }
                        _ => writeln!(self.out, "  {}) {label}", i + 1).map_err(io(&tr))?,
                    }
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

/// The terminal's help: how to name a move.
fn help(count: usize) -> Msg {
    Msg::new("cli-help").arg("count", count)
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
