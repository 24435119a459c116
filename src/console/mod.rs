//! Local play in the terminal over the same games and views the bot uses: hot-seat, against
//! bots, or bots only. Text for people (the board's controls as numbered choices, decisions in
//! steps as on Discord), JSON lines for scripts (complete action ids).

use crate::engine::driver::{self, Stopped};
use crate::engine::view::Target;
use crate::engine::{
    AnyGame, Bot, Choice, Level, Locale, Msg, Outcome, Row, ScriptedDice, SeededDice, Tr, View,
};
use crate::games::GameKind;
use serde::Serialize;
use std::cell::RefCell;
use std::io::{BufRead, Write};

pub mod health;
pub mod migrate;
pub mod record;
pub mod render;

/// No game here needs more decisions than this; past it a game is reported as stuck.
const MAX_ACTIONS: usize = 1_000_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Text,
    Json,
}

/// Who sits in a seat: a person at this terminal, or a bot (`bot:strong`).
pub enum Player {
    Human(String),
    Bot(Box<dyn Bot>),
}

impl Player {
    fn is_bot(&self) -> bool {
        matches!(self, Player::Bot(..))
    }
}

/// Parses `ann,ben,bot:strong`. Bots get names like `bot-strong-3`.
pub fn parse_players(kind: GameKind, list: &str) -> Result<(Vec<Player>, Vec<String>), String> {
    let mut players = vec![];
    let mut names = vec![];
    for (i, raw) in list.split(',').map(str::trim).enumerate() {
        if raw.is_empty() {
            return Err("a player name is empty (use `--players ann,ben`)".into());
        }
        if let Some(level) = raw.strip_prefix("bot:").or((raw == "bot").then_some("normal")) {
            let level = Level::from_id(level)
                .ok_or_else(|| format!("`{raw}`: bot levels are easy, normal and strong"))?;
            names.push(format!("bot-{}-{}", level.id(), i + 1));
            players.push(Player::Bot(kind.bot(level)));
        } else {
            if names.iter().any(|n| n == raw) {
                return Err(format!("`{raw}` is listed twice"));
            }
            names.push(raw.to_owned());
            players.push(Player::Human(raw.to_owned()));
        }
    }
    let range = kind.players();
    if !range.contains(&players.len()) {
        return Err(format!(
            "{} takes {} to {} players, not {}",
            kind.id(),
            range.start(),
            range.end(),
            players.len()
        ));
    }
    Ok((players, names))
}

pub struct PlayConfig {
    pub kind: GameKind,
    pub players: Vec<Player>,
    pub names: Vec<String>,
    /// The game's options as JSON (`key: value`), checked by the game.
    pub options: serde_json::Value,
    pub seed: u64,
    pub dice: Vec<u8>,
    pub format: Format,
}

/// One line of `--format json` output (keys are a stable interface for scripts).
#[derive(Serialize)]
struct JsonDecision<'a> {
    seat: Option<usize>,
    view: &'a View,
    choices: &'a [Choice],
    events: Vec<JsonEvent>,
    outcome: Option<&'a Outcome>,
}

#[derive(Serialize)]
struct JsonEvent {
    #[serde(flatten)]
    msg: Msg,
    text: String,
}

/// The terminal: where decisions are asked and the game is shown.
struct Terminal<'a> {
    input: &'a mut dyn BufRead,
    out: &'a mut dyn Write,
    format: Format,
    tr: Tr<'a>,
    /// What happened since the last decision shown.
    events: Vec<Msg>,
}

fn io(e: std::io::Error) -> String {
    format!("cannot use the terminal: {e}")
}

/// Plays one game to the end. Returns the outcome, or an error for input that ended early.
pub fn play(cfg: PlayConfig, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<Outcome, String> {
    // Setup (the start player, shuffles) draws from the seed, so `--dice` lists only the rolls
    // of play, as they would be read off a real table.
    let tr = Tr::new(Locale::En, &cfg.names);
    let game: Box<dyn AnyGame> = cfg
        .kind
        .new_game(&cfg.options, cfg.players.len(), &mut SeededDice::new(cfg.seed))
        .map_err(|e| tr.msg(&e.msg()))?;
    let mut dice = ScriptedDice::new(cfg.dice.iter().copied()).then(SeededDice::new(cfg.seed.rotate_left(1)));
    play_on(
        game,
        &cfg.players,
        tr,
        &mut dice,
        cfg.seed,
        cfg.format,
        input,
        out,
    )
}

/// `saikoro play --from FILE --at MOVE`: a game recorded by `saikoro export`, after its first
/// `at` moves (all of them when `None`), played on here: its bots play again, its people are
/// asked at this terminal. New chance comes from `seed`.
pub fn play_from(
    record: &record::Record,
    at: Option<usize>,
    seed: u64,
    format: Format,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Outcome, String> {
    let moves = record.actions.len();
    let at = at.unwrap_or(moves);
    if at > moves {
        return Err(format!("--at {at}: the record has only {moves} moves"));
    }
    let (kind, game) = record.rebuild(at)?;
    let mut names = vec![];
    let mut players = vec![];
    for seat in &record.seats {
        names.push(seat.name.clone());
        players.push(match &seat.bot {
            Some(level) => Player::Bot(
                kind.bot(Level::from_id(level).ok_or_else(|| format!("unknown bot level `{level}`"))?),
            ),
            None => Player::Human(seat.name.clone()),
        });
    }
    let tr = Tr::new(Locale::En, &names);
    play_on(
        game,
        &players,
        tr,
        &mut SeededDice::new(seed),
        seed,
        format,
        input,
        out,
    )
}

/// Plays `game` from where it is to the end, asking the people and letting the bots choose.
#[allow(clippy::too_many_arguments)]
fn play_on(
    mut game: Box<dyn AnyGame>,
    players: &[Player],
    tr: Tr,
    dice: &mut dyn crate::engine::Dice,
    seed: u64,
    format: Format,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Outcome, String> {
    // Bots draw their own chance from a separate stream so scripted dice go to the game only.
    let mut bot_rng = SeededDice::new(seed ^ 0x5EED_B075);
    let bots_only = players.iter().all(Player::is_bot);
    // The chooser and the observer take turns with the terminal.
    let term = RefCell::new(Terminal {
        input,
        out,
        format,
        tr,
        events: vec![],
    });
    let mut write_error = None;
    let played = driver::try_play(
        game.as_mut(),
        dice,
        MAX_ACTIONS,
        |game, seat| match &players[seat] {
            Player::Bot(bot) => Ok(bot.choose(game, seat, &mut bot_rng)),
            Player::Human(name) => term.borrow_mut().decide(game, seat, name),
        },
        |_, _, _, lines| {
            let mut term = term.borrow_mut();
            term.events.extend_from_slice(lines);
            // Bots-only games are a demonstration: show each move as it happens.
            if bots_only && term.format == Format::Text {
                write_error = write_error.take().or(term.print_events().err());
            }
        },
    );
    if let Some(e) = write_error {
        return Err(e);
    }
    let mut term = term.into_inner();
    let outcome = match played {
        Ok(outcome) => outcome,
        Err(Stopped::Refused { error, .. }) => {
            return Err(format!(
                "a bot chose an action the game refused: {}",
                term.tr.msg(&error.msg())
            ));
        }
        Err(other) => return Err(other.to_string()),
    };
    let view = game.view(None, "", &term.tr);
    match term.format {
        Format::Json => term.emit_json(None, &view, &[], Some(&outcome))?,
        Format::Text => {
            term.print_events()?;
            writeln!(term.out, "{}\n{}", view.to_text(), outcome.describe(&term.tr)).map_err(io)?;
        }
    }
    Ok(outcome)
}

impl Terminal<'_> {
    /// A person's decision: in text, the board's controls as numbered choices (a decision in
    /// steps is walked through as on Discord) or any action id typed out; in JSON, an action id
    /// or label per line.
    fn decide(&mut self, game: &dyn AnyGame, seat: usize, name: &str) -> Result<String, String> {
        let choices = game.choices(seat, &self.tr);
        let mut draft = String::new();
        let mut shown = None;
        loop {
            let view = game.view(Some(seat), &draft, &self.tr);
            let controls = controls(&view);
            // The board again only when a step changed it, not after a mistyped choice.
            if shown.as_ref() != Some(&draft) {
                match self.format {
                    Format::Json => self.emit_json(Some(seat), &view, &choices, None)?,
                    Format::Text => {
                        self.print_events()?;
                        writeln!(self.out, "{}", view.to_text()).map_err(io)?;
                        for (i, (_, label)) in controls.iter().enumerate() {
                            writeln!(self.out, "  {}) {label}", i + 1).map_err(io)?;
                        }
                    }
                }
                shown = Some(draft.clone());
            }
            if self.format == Format::Text {
                write!(self.out, "{name}> ").map_err(io)?;
                self.out.flush().map_err(io)?;
            }
            let mut line = String::new();
            if self.input.read_line(&mut line).map_err(io)? == 0 {
                return Err("input ended before the game did; nothing more to play".into());
            }
            let line = line.trim();
            let numbered = line
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=controls.len()).contains(n) && self.format == Format::Text)
                .map(|n| controls[n - 1].0.as_str());
            let typed = choices
                .iter()
                .find(|c| c.id == line || c.label.eq_ignore_ascii_case(line))
                .map(|c| c.id.as_str());
            match numbered.map(Target::of).or(typed.map(Target::Act)) {
                Some(Target::Step(next)) => draft = next.to_owned(),
                Some(Target::Act(action)) => return Ok(action.to_owned()),
                None if line == crate::engine::RESIGN => return Ok(line.to_owned()),
                None => {
                    let hint = match self.format {
                        Format::Text => format!(
                            "`{line}` is not a choice: type a number from 1 to {}, a move, or resign",
                            controls.len()
                        ),
                        Format::Json => format!("`{line}` is not a choice id or label"),
                    };
                    match self.format {
                        Format::Json => {
                            writeln!(self.out, "{}", serde_json::json!({ "error": hint })).map_err(io)?
                        }
                        Format::Text => writeln!(self.out, "✖ {hint}").map_err(io)?,
                    }
                }
            }
        }
    }

    fn print_events(&mut self) -> Result<(), String> {
        for e in self.events.drain(..) {
            writeln!(self.out, "• {}", self.tr.msg(&e)).map_err(io)?;
        }
        Ok(())
    }

    fn emit_json(
        &mut self,
        seat: Option<usize>,
        view: &View,
        choices: &[Choice],
        outcome: Option<&Outcome>,
    ) -> Result<(), String> {
        let events = self
            .events
            .drain(..)
            .map(|m| JsonEvent {
                text: self.tr.msg(&m),
                msg: m,
            })
            .collect();
        let line = JsonDecision {
            seat,
            view,
            choices,
            events,
            outcome,
        };
        let json = serde_json::to_string(&line).map_err(|e| e.to_string())?;
        writeln!(self.out, "{json}").map_err(io)
    }
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

/// `saikoro render`: the position after `moves` actions of a seeded game between normal bots,
/// with its players' names (the same seed gives the same position).
pub fn position(
    kind: GameKind,
    players: usize,
    seed: u64,
    moves: usize,
) -> Result<(Box<dyn AnyGame>, Vec<String>), String> {
    let list = vec!["bot:normal"; players].join(",");
    let (seats, names) = parse_players(kind, &list)?;
    let tr = Tr::new(Locale::En, &names);
    let options = serde_json::json!({});
    let mut game = kind
        .new_game(&options, players, &mut SeededDice::new(seed))
        .map_err(|e| tr.msg(&e.msg()))?;
    let mut dice = SeededDice::new(seed.rotate_left(1));
    let mut bot_rng = SeededDice::new(seed ^ 0x5EED_B075);
    let played = driver::play(
        game.as_mut(),
        &mut dice,
        moves,
        |game, seat| match &seats[seat] {
            Player::Bot(bot) => bot.choose(game, seat, &mut bot_rng),
            Player::Human(_) => unreachable!("every seat is a bot"),
        },
        |_, _, _, _| {},
    );
    match played {
        // Stopping after `moves` actions is the point; a game may also end before.
        Ok(_) | Err(Stopped::TooLong(_)) => Ok((game, names)),
        Err(other) => Err(other.to_string()),
    }
}
