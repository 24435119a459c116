//! Local play in the terminal over the same games and views the bot uses: hot-seat, against
//! bots, or bots only. Text for people, JSON lines for scripts.

use crate::ai::{self, Bot, Level};
use crate::engine::{AnyGame, Choice, Locale, Msg, Outcome, ScriptedDice, SeededDice, Tr, View};
use crate::games::GameKind;
use serde::Serialize;
use std::io::{BufRead, Write};

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
            players.push(Player::Bot(ai::bot(kind, level)));
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

/// Plays one game to the end. Returns the outcome, or an error for input that ended early.
pub fn play(cfg: PlayConfig, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<Outcome, String> {
    // Setup (the start player, shuffles) draws from the seed, so `--dice` lists only the rolls
    // of play, as they would be read off a real table.
    let mut game: Box<dyn AnyGame> = cfg
        .kind
        .new_game(&cfg.options, cfg.players.len(), &mut SeededDice::new(cfg.seed))
        .map_err(|e| e.0)?;
    let mut dice = ScriptedDice::new(cfg.dice.iter().copied()).then(SeededDice::new(cfg.seed.rotate_left(1)));
    // Bots draw their own chance from a separate stream so scripted dice go to the game only.
    let mut bot_rng = SeededDice::new(cfg.seed ^ 0x5EED_B075);
    let tr = Tr::new(Locale::En, &cfg.names);
    let mut events: Vec<Msg> = vec![];
    let io = |e: std::io::Error| format!("cannot write output: {e}");
    loop {
        if let Some(outcome) = game.outcome() {
            let view = game.view(None, &tr);
            match cfg.format {
                Format::Json => emit_json(out, None, &view, &[], &events, Some(&outcome), &tr)?,
                Format::Text => {
                    print_events(out, &events, &tr).map_err(io)?;
                    writeln!(out, "{}\n{}", view.to_text(), outcome.describe(&tr)).map_err(io)?;
                }
            }
            return Ok(outcome);
        }
        let seat = *game
            .to_act()
            .first()
            .ok_or("the game waits for nobody but is not over")?;
        let action = match &cfg.players[seat] {
            Player::Bot(bot) => bot.choose(game.as_ref(), seat, &mut bot_rng),
            Player::Human(name) => {
                // Decisions are shown to the person making them; bots' moves arrive as events.
                let choices = game.choices(seat, &tr);
                let view = game.view(Some(seat), &tr);
                match cfg.format {
                    Format::Json => emit_json(out, Some(seat), &view, &choices, &events, None, &tr)?,
                    Format::Text => {
                        print_events(out, &events, &tr).map_err(io)?;
                        writeln!(out, "{}", view.to_text()).map_err(io)?;
                        for (i, c) in choices.iter().enumerate() {
                            writeln!(out, "  {}) {}", i + 1, c.label).map_err(io)?;
                        }
                    }
                }
                events.clear();
                read_choice(input, out, cfg.format, name, &choices)?
            }
        };
        match game.apply(seat, &action, &mut dice) {
            Ok(lines) => {
                events.extend(lines);
                // Bots-only games are a demonstration: show each move as it happens.
                if cfg.format == Format::Text && cfg.players.iter().all(Player::is_bot) {
                    print_events(out, &events, &tr).map_err(io)?;
                    events.clear();
                }
            }
            Err(e) if cfg.players[seat].is_bot() => {
                return Err(format!(
                    "a bot chose `{action}`, which the game refused: {}",
                    tr.msg(&e.0)
                ));
            }
            Err(e) => {
                // Only reachable for ids typed by hand that parse but are not legal right now.
                let reason = tr.msg(&e.0);
                match cfg.format {
                    Format::Json => {
                        writeln!(out, "{}", serde_json::json!({ "error": reason })).map_err(io)?
                    }
                    Format::Text => writeln!(out, "✖ {reason}").map_err(io)?,
                }
            }
        }
    }
}

fn read_choice(
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    format: Format,
    name: &str,
    choices: &[Choice],
) -> Result<String, String> {
    let io = |e: std::io::Error| format!("cannot use the terminal: {e}");
    loop {
        if format == Format::Text {
            write!(out, "{name}> ").map_err(io)?;
            out.flush().map_err(io)?;
        }
        let mut line = String::new();
        if input.read_line(&mut line).map_err(io)? == 0 {
            return Err("input ended before the game did; nothing more to play".into());
        }
        let line = line.trim();
        let picked = line
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=choices.len()).contains(n) && format == Format::Text)
            .map(|n| &choices[n - 1])
            .or_else(|| {
                choices
                    .iter()
                    .find(|c| c.id == line || c.label.eq_ignore_ascii_case(line))
            });
        match picked {
            Some(c) => return Ok(c.id.clone()),
            None if line == crate::engine::RESIGN => return Ok(line.to_owned()),
            None => {
                let hint = match format {
                    Format::Text => format!(
                        "`{line}` is not a choice: type a number from 1 to {}, or resign",
                        choices.len()
                    ),
                    Format::Json => format!("`{line}` is not a choice id or label"),
                };
                match format {
                    Format::Json => writeln!(out, "{}", serde_json::json!({ "error": hint })).map_err(io)?,
                    Format::Text => writeln!(out, "✖ {hint}").map_err(io)?,
                }
            }
        }
    }
}

fn print_events(out: &mut dyn Write, events: &[Msg], tr: &Tr) -> std::io::Result<()> {
    for e in events {
        writeln!(out, "• {}", tr.msg(e))?;
    }
    Ok(())
}

fn emit_json(
    out: &mut dyn Write,
    seat: Option<usize>,
    view: &View,
    choices: &[Choice],
    events: &[Msg],
    outcome: Option<&Outcome>,
    tr: &Tr,
) -> Result<(), String> {
    let line = JsonDecision {
        seat,
        view,
        choices,
        events: events
            .iter()
            .map(|m| JsonEvent {
                msg: m.clone(),
                text: tr.msg(m),
            })
            .collect(),
        outcome,
    };
    let json = serde_json::to_string(&line).map_err(|e| e.to_string())?;
    writeln!(out, "{json}").map_err(|e| format!("cannot write output: {e}"))
}
