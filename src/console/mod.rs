//! Local play in the terminal over the same games and views the bot uses: hot-seat, against
//! bots, or bots only, in the user's language. Text for people (the board's controls as
//! numbered choices with their ids, decisions in steps as on Discord), JSON lines for scripts
//! (action ids and the position as data).

use crate::engine::driver::{self, Stopped};
use crate::engine::{AnyGame, Bot, Level, Locale, Msg, Outcome, ScriptedDice, Seat, SeededDice, Tr};
use crate::games::GameKind;
use std::cell::RefCell;
use std::io::{BufRead, Write};
use terminal::{Terminal, io};

pub mod command;
pub mod daily;
pub mod health;
pub mod lang;
pub mod migrate;
pub mod puzzle;
pub mod puzzles;
pub mod record;
pub mod render;
mod terminal;

pub use terminal::{Format, plain};

/// No game here needs more decisions than this; past it a game is reported as stuck.
const MAX_ACTIONS: usize = 1_000_000;

/// Why a game in the terminal stopped before its end.
#[derive(Debug, PartialEq, Eq)]
pub enum Halt {
    /// The output was closed (`play … | head`): nothing more to say, and no failure.
    Closed,
    /// Anything else, worded in the user's language.
    Failed(String),
}

impl From<String> for Halt {
    fn from(text: String) -> Self {
        Halt::Failed(text)
    }
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
pub fn parse_players(kind: GameKind, list: &str, tr: &Tr) -> Result<(Vec<Player>, Vec<String>), String> {
    let mut players = vec![];
    let mut names = vec![];
    for (i, raw) in list.split(',').map(str::trim).enumerate() {
        if raw.is_empty() {
            return Err(tr.t("cli-player-empty"));
        }
        if let Some(level) = raw.strip_prefix("bot:").or((raw == "bot").then_some("normal")) {
            let level =
                Level::from_id(level).ok_or_else(|| tr.msg(&Msg::new("cli-bot-level").arg("player", raw)))?;
            names.push(format!("bot-{}-{}", level.id(), i + 1));
            players.push(Player::Bot(kind.bot(level)));
        } else {
            if names.iter().any(|n| n == raw) {
                return Err(tr.msg(&Msg::new("cli-player-twice").arg("player", raw)));
            }
            names.push(raw.to_owned());
            players.push(Player::Human(raw.to_owned()));
        }
    }
    let range = kind.players();
    if !range.contains(&players.len()) {
        let seats = match (range.start(), range.end()) {
            (a, b) if a == b => a.to_string(),
            (a, b) => format!("{a}–{b}"),
        };
        return Err(tr.msg(
            &Msg::new("cli-players")
                .arg("game", tr.t(&format!("{}-name", kind.id())))
                .arg("range", seats)
                .arg("players", players.len()),
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
    /// Every roll of the game in order, set-up rolls first; then the seed's.
    pub dice: Vec<u8>,
    pub format: Format,
    pub locale: Locale,
}

/// A translator for the terminal's lines, which name players whole (up to
/// [`TERMINAL_NAME_COLUMNS`](crate::engine::width::TERMINAL_NAME_COLUMNS)) and are not wrapped
/// for a phone: the terminal wraps them itself, where a phone's cut would leave a `。` alone.
fn terminal_tr(locale: Locale, names: &[String]) -> Tr<'_> {
    Tr::new(locale, names)
        .with_name_columns(crate::engine::width::TERMINAL_NAME_COLUMNS)
        .with_line_columns(usize::MAX)
}

/// Plays one game to the end. Returns the outcome, or why it stopped early.
pub fn play(cfg: PlayConfig, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<Outcome, Halt> {
    let tr = terminal_tr(cfg.locale, &cfg.names);
    // One stream for set-up and play, so `--dice` scripts the set-up rolls too (the start
    // player, Stones' first die, Ninja's opening rolls) as they would be read off a real table.
    let mut dice = ScriptedDice::new(cfg.dice.iter().copied()).then(SeededDice::new(cfg.seed));
    let game: Box<dyn AnyGame> = cfg
        .kind
        .new_game(&cfg.options, cfg.players.len(), &mut dice)
        .map_err(|e| tr.msg(&e.msg()))?;
    let opening = game.opening();
    let sitting = Sitting {
        players: &cfg.players,
        tr,
        seed: cfg.seed,
        format: cfg.format,
        opening,
    };
    play_on(game, sitting, &mut dice, input, out).map(|(outcome, _)| outcome)
}

/// `saikoro play --from FILE --at MOVE`: a game recorded by `saikoro export`, after its first
/// `at` moves (all of them when `None`), played on here: its bots play again, its people are
/// asked at this terminal. New chance comes from `seed`.
pub struct Resume<'a> {
    pub record: &'a record::Record,
    pub at: Option<usize>,
    pub seed: u64,
    pub format: Format,
    pub locale: Locale,
}

pub fn play_from(from: Resume, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<Outcome, Halt> {
    let record = from.record;
    let blank = Tr::new(from.locale, &[]);
    let moves = record.actions.len();
    let at = from.at.unwrap_or(moves);
    if at > moves {
        return Err(Halt::Failed(
            blank.msg(&Msg::new("cli-at-too-far").arg("at", at).arg("moves", moves)),
        ));
    }
    let (kind, game) = record.rebuild(at, from.locale)?;
    let mut names = vec![];
    let mut players = vec![];
    for seat in &record.seats {
        names.push(seat.name.clone());
        players.push(match &seat.bot {
            Some(level) => Player::Bot(kind.bot(Level::from_id(level).ok_or_else(|| {
                blank.msg(&Msg::new("cli-bot-level").arg("player", format!("bot:{level}")))
            })?)),
            None => Player::Human(seat.name.clone()),
        });
    }
    let tr = terminal_tr(from.locale, &names);
    let mut dice = SeededDice::new(from.seed);
    let sitting = Sitting {
        players: &players,
        tr,
        seed: from.seed,
        format: from.format,
        opening: vec![],
    };
    play_on(game, sitting, &mut dice, input, out).map(|(outcome, _)| outcome)
}

/// Who plays a game at the terminal and how it is shown: `seed` keys the bots' own chance,
/// `opening` is what set-up made happen, reported with the first position.
pub struct Sitting<'a> {
    pub players: &'a [Player],
    pub tr: Tr<'a>,
    pub seed: u64,
    pub format: Format,
    pub opening: Vec<Msg>,
}

/// Plays `game` from where it is to the end, asking the people and letting the bots choose.
/// Returns the outcome and the actions played (seat, action id).
pub fn play_on(
    mut game: Box<dyn AnyGame>,
    sitting: Sitting,
    dice: &mut dyn crate::engine::Dice,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(Outcome, Vec<(Seat, String)>), Halt> {
    let Sitting {
        players,
        tr,
        seed,
        format,
        opening,
    } = sitting;
    let mut actions = vec![];
    // Bots draw their own chance from a separate stream so scripted dice go to the game only.
    let mut bot_rng = SeededDice::new(seed ^ 0x5EED_B075);
    let bots_only = players.iter().all(Player::is_bot);
    // The chooser and the observer take turns with the terminal.
    let term = RefCell::new(Terminal {
        input,
        out,
        format,
        tr,
        events: opening,
    });
    let mut write_error = None;
    // Why a person's decision stopped the game (the driver carries only words).
    let halted = RefCell::new(None);
    let played = driver::try_play(
        game.as_mut(),
        dice,
        MAX_ACTIONS,
        |game, seat| match &players[seat] {
            Player::Bot(bot) => Ok(bot.choose(game, seat, &mut bot_rng)),
            Player::Human(name) => term.borrow_mut().decide(game, seat, name).map_err(|halt| {
                *halted.borrow_mut() = Some(halt);
                String::new()
            }),
        },
        |_, seat, action, lines| {
            actions.push((seat, action.to_owned()));
            let mut term = term.borrow_mut();
            term.events.extend_from_slice(lines);
            // Bots-only games are a demonstration: show each move as it happens.
            if bots_only && term.format == Format::Text && write_error.is_none() {
                write_error = term.print_events().err();
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
            return Err(Halt::Failed(
                tr.msg(&Msg::new("cli-bot-refused").arg("reason", tr.msg(&error.msg()))),
            ));
        }
        Err(Stopped::Quit(_)) if halted.borrow().is_some() => {
            return Err(halted.into_inner().expect("checked"));
        }
        Err(other) => return Err(Halt::Failed(other.to_string())),
    };
    let view = game.view(None, "", &tr);
    match term.format {
        Format::Json => term.emit_json(game.as_ref(), None, &view, &[], Some(&outcome))?,
        Format::Text => {
            term.print_events()?;
            // Every game's finished board names its result: the line again only if it does not.
            let board = plain(&view.to_text());
            let result = outcome.describe(&tr);
            let text = if board.contains(&result) {
                board
            } else {
                format!("{board}\n{result}")
            };
            writeln!(term.out, "{text}").map_err(io(&tr))?;
        }
    }
    Ok((outcome, actions))
}

/// `saikoro render`: the position after `moves` actions of a seeded game between normal bots,
/// with its players' names (the same seed gives the same position).
pub fn position(
    kind: GameKind,
    options: &serde_json::Value,
    players: usize,
    seed: u64,
    moves: usize,
    tr: &Tr,
) -> Result<(Box<dyn AnyGame>, Vec<String>), String> {
    let list = vec!["bot:normal"; players].join(",");
    let (seats, _) = parse_players(kind, &list, tr)?;
    // Named as on Discord, whose board this draws ("🤖 Bot 1 (normal)"), so they stay apart
    // where a phone's board cuts names short.
    let names = (1..=players)
        .map(|n| tr.f("bot-name", &[("level", "normal".into()), ("n", n.into())]))
        .collect();
    let mut game = kind
        .new_game(options, players, &mut SeededDice::new(seed))
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
