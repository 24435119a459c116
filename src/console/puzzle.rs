//! `saikoro puzzle GAME`: the day's puzzle of a game from the local store, in the terminal, for
//! practice: the board and its choices as in `play`, then the answer in words. Nothing is
//! recorded, so it neither counts nor rates.

use super::record::open_existing;
use super::terminal::{Terminal, io};
use super::{Format, Halt, plain};
use crate::engine::day::Day;
use crate::engine::{Msg, Tr};
use crate::games::GameKind;
use crate::session::puzzles::Puzzle;
use std::io::{BufRead, Write};

#[derive(clap::Args)]
pub struct PuzzleArgs {
    /// The game (a game with a coach).
    pub game: String,
    /// The database (default: the configuration's).
    #[arg(long)]
    pub database: Option<String>,
    /// Another day's puzzle (YYYY-MM-DD) instead of today's.
    #[arg(long)]
    pub date: Option<String>,
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
}

/// Loads the day's puzzle from `url`, asks for the move on `input` and judges it on `out`.
pub fn run(
    args: &PuzzleArgs,
    url: &str,
    today: Day,
    tr: &Tr,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(), Halt> {
    let kind = GameKind::from_id(&args.game).ok_or_else(|| no_game(&args.game, tr))?;
    let day = match &args.date {
        Some(date) => Day::parse(date).map_err(|_| tr.msg(&Msg::new("puzzle-bad-date")))?,
        None => today,
    };
    let runtime = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
    let puzzle = runtime
        .block_on(async {
            let store = open_existing(url, tr).await?;
            let puzzle = Puzzle::of_day(&store, kind, day).await;
            store.close().await;
            Ok::<_, String>(puzzle)
        })?
        .map_err(|why| tr.msg(&why.msg(kind)))?;
    let seat = puzzle.row.puzzle.seat;
    let names = puzzle.names(tr);
    let tr = Tr::new(tr.locale, &names);
    writeln!(out, "{}", plain(&tr.msg(&puzzle.question()))).map_err(io(&tr))?;
    let mut terminal = Terminal {
        input,
        out: &mut *out,
        format: args.format,
        tr,
        events: Vec::new(),
    };
    let taken = terminal.decide(puzzle.game.as_ref(), seat, &names[seat])?;
    let Some(lines) = puzzle.verdict(&taken, &tr) else {
        let refused = Msg::new("puzzle-unknown-choice").arg("choice", taken.as_str());
        return Err(Halt::Failed(tr.msg(&refused)));
    };
    let mut lines: Vec<String> = lines.iter().map(|m| plain(&tr.msg(m))).collect();
    lines.push(tr.t("puzzle-practice"));
    match args.format {
        Format::Text => writeln!(out, "{}", lines.join("\n")),
        Format::Json => writeln!(
            out,
            "{}",
            serde_json::json!({
                "puzzle": puzzle.row.id,
                "answer": taken,
                "best": puzzle.row.puzzle.best,
                "right": taken == puzzle.row.puzzle.best,
                "choices": puzzle.row.puzzle.choices.iter().map(|c| serde_json::json!({
                    "id": c.id, "chance": c.chance, "margin": c.margin
                })).collect::<Vec<_>>(),
                "text": lines,
            })
        ),
    }
    .map_err(io(&tr))
}

fn no_game(game: &str, tr: &Tr) -> Halt {
    let games: Vec<&str> = GameKind::ALL.iter().map(|k| k.id()).collect();
    Halt::Failed(
        tr.msg(
            &Msg::new("cli-no-game")
                .arg("game", game)
                .arg("games", games.join(", ")),
        ),
    )
}
