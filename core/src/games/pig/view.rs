//! Pig's board: a bar per seat towards the target, then the scores in words.

use super::{Event, Pig};
use crate::engine::view::{SEAT_EMOJI, board_colour};
use crate::engine::{Arg, Button, Game, Row, Style, Tr, View, legend};

/// Squares in a seat's bar.
const BAR: u32 = 10;

pub(super) fn view(game: &Pig, tr: &Tr) -> View {
    let over = game.outcome.is_some();
    let bars: Vec<String> = (0..game.players())
        .map(|s| {
            let filled = (game.score(s) * BAR / game.target()).min(BAR) as usize;
            format!(
                "{}{}",
                SEAT_EMOJI[s % SEAT_EMOJI.len()].repeat(filled),
                "⬛".repeat(BAR as usize - filled)
            )
        })
        .collect();
    let words = words(game, tr);
    let title = match &game.outcome {
        Some(outcome) => outcome.describe(tr),
        None => tr.f("pig-title-turn", &[("player", Arg::Seat(game.active))]),
    };
    let buttons: Vec<Button> = Game::legal_actions(game, game.active)
        .iter()
        .map(|a| Button::act(a.to_string(), game.label(a, tr), Style::Primary))
        .collect();
    let description = format!("{}\n{words}", bars.join("\n"));
    // The legend names ⬛ only while a bar shows it (a finished game's bars may all be full).
    let unscored = tr.t("pig-legend-unscored");
    let legend = legend::pack([(description.contains('⬛'), unscored.as_str())]);
    let target = tr.f("pig-footer", &[("target", game.target().into())]);
    View {
        title,
        description,
        text: None,
        words: Some(words),
        fields: vec![],
        colour: board_colour(game.active, over),
        footer: Some([legend, target].join("\n").trim_start().to_owned()),
        rows: if buttons.is_empty() {
            vec![]
        } else {
            vec![Row::buttons(buttons)]
        },
    }
}

/// Each seat's score (and the active seat's turn total), then the last event.
fn words(game: &Pig, tr: &Tr) -> String {
    let mut lines: Vec<String> = (0..game.players())
        .map(|s| {
            let id = match () {
                () if !game.is_playing(s) => "pig-seat-resigned",
                () if s == game.active && game.outcome.is_none() => "pig-seat-active",
                () => "pig-seat",
            };
            tr.f(
                id,
                &[
                    ("player", Arg::Seat(s)),
                    ("score", game.score(s).into()),
                    ("total", game.pending.into()),
                ],
            )
        })
        .collect();
    if let Some(event) = game.last.filter(|e| !matches!(e, Event::Start { .. })) {
        lines.push(tr.msg(&game.describe(&event)));
    }
    tr.wrap(&lines.join("\n"))
}
