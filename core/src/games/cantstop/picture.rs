//! The Can't Stop mountain as a PNG: the same cells as the emoji board (tracks bottom-up,
//! markers, runners, claimed columns in the owner's colour, numbers below), with each seat's
//! shape beside its colour and this turn's climb (the runners' spaces) framed.

use super::{COLUMNS, CantStop, HEIGHTS};
use crate::engine::Tr;
use crate::engine::picture::{Canvas, Picture, seat_look};
use crate::engine::view::SEAT_COLOUR;

const CELL_W: f32 = 64.0;
const CELL_H: f32 = 30.0;
const MARGIN: f32 = 16.0;
const NUMBER_H: f32 = 20.0;
const TRACK: u32 = 0x8B6B4A;
const CLIMB: u32 = 0xFFD43B;
const LABEL: u32 = 0xDBDEE1;
/// Room for four markers and a runner side by side in one space.
const SLOT: f32 = 11.0;

fn top() -> u8 {
    HEIGHTS.iter().copied().max().unwrap_or(0)
}

pub(super) fn size() -> (u32, u32) {
    let columns = COLUMNS.count() as f32;
    let width = 2.0 * MARGIN + columns * CELL_W;
    let height = 2.0 * MARGIN + f32::from(top()) * CELL_H + 8.0 + NUMBER_H;
    (width as u32, height as u32)
}

pub(super) fn picture(game: &CantStop, tr: &Tr) -> Picture {
    Picture::new(png(game), alt(game, tr))
}

/// The picture in words: each seat's look and markers, the runners, the claimed columns.
fn alt(game: &CantStop, tr: &Tr) -> String {
    let at = |column: u8, space: u8| {
        tr.f(
            "cantstop-alt-space",
            &[
                ("column", column.into()),
                ("space", space.into()),
                ("height", HEIGHTS[usize::from(column)].into()),
            ],
        )
    };
    let mut parts = vec![tr.t("cantstop-alt-title")];
    for seat in 0..game.players() {
        let spaces: Vec<String> = COLUMNS
            .filter(|&c| game.claimed_by(c).is_none() && game.marker(seat, c) > 0)
            .map(|c| at(c, game.marker(seat, c)))
            .collect();
        let spaces = if spaces.is_empty() {
            tr.t("cantstop-alt-no-markers")
        } else {
            tr.list(&spaces)
        };
        parts.push(tr.f(
            "cantstop-alt-seat",
            &[
                ("player", tr.name(seat).into()),
                ("look", seat_look(seat, tr).into()),
                ("spaces", spaces.into()),
            ],
        ));
    }
    let runners: Vec<String> = game.runners().into_iter().map(|(c, s)| at(c, s)).collect();
    if !runners.is_empty() {
        parts.push(tr.f("cantstop-alt-runners", &[("spaces", tr.list(&runners).into())]));
    }
    for column in COLUMNS {
        if let Some(owner) = game.claimed_by(column) {
            parts.push(tr.f(
                "cantstop-alt-claimed",
                &[("column", column.into()), ("player", tr.name(owner).into())],
            ));
        }
    }
    parts.join(" ")
}

pub(super) fn png(game: &CantStop) -> Vec<u8> {
    let (width, height) = size();
    let mut canvas = Canvas::new(width, height);
    let top = top();
    for (i, column) in COLUMNS.enumerate() {
        let x = MARGIN + i as f32 * CELL_W;
        let owner = game.claimed_by(column);
        for space in 1..=HEIGHTS[usize::from(column)] {
            let y = MARGIN + f32::from(top - space) * CELL_H;
            let fill = owner.map_or(TRACK, |o| SEAT_COLOUR[o % SEAT_COLOUR.len()]);
            canvas.rect(x + 2.0, y + 2.0, CELL_W - 4.0, CELL_H - 4.0, fill);
            let middle = y + CELL_H / 2.0;
            if owner.is_some() {
                continue;
            }
            let slot = |k: usize| x + 6.0 + SLOT / 2.0 + k as f32 * SLOT;
            for seat in 0..game.players() {
                if game.marker(seat, column) == space {
                    canvas.marker(seat, slot(seat), middle, 5.0);
                }
            }
            if game.runner(column) == Some(space) {
                canvas.frame(x + 1.0, y + 1.0, CELL_W - 2.0, CELL_H - 2.0, CLIMB, 3.0);
                canvas.runner(slot(4), middle, 5.5);
            }
        }
        // A claimed column is capped with its owner's shape, so not only its colour tells whose.
        if let Some(owner) = owner {
            let height = HEIGHTS[usize::from(column)];
            let y = MARGIN + f32::from(top - height) * CELL_H + CELL_H / 2.0;
            canvas.disc(x + CELL_W / 2.0, y, 11.0, LABEL);
            canvas.marker(owner, x + CELL_W / 2.0, y, 8.0);
        }
        let y = MARGIN + f32::from(top) * CELL_H + 8.0;
        canvas.number(u32::from(column), x + CELL_W / 2.0, y, NUMBER_H, LABEL);
    }
    canvas.png()
}
