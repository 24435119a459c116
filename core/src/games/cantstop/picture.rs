//! The Can't Stop mountain as a PNG: the same cells as the emoji board (tracks bottom-up,
//! markers, runners, claimed columns capped with the owner's marker, numbers below), with each
//! seat's shape beside its colour and this turn's climb (the runners' spaces) framed; the panel
//! names the players, their claimed columns, the dice and the last moves.

use super::{COLUMNS, CantStop, HEIGHTS};
use crate::engine::frame::{self, LABEL_PX, MARKER_PX, Panel};
use crate::engine::picture::{Picture, seat_look};
use crate::engine::{Game, Tr};

/// Eleven columns and thirteen spaces fill the frame's board box at the frame's sizes: a
/// marker fills its space (several on one space overlap, each its full size).
const CELL_W: f32 = 34.0;
const CELL_H: f32 = 31.0;
const TRACK: u32 = 0x008B_6B4A;
/// A claimed column is grey, capped with its owner's marker: no seat's colour fills it.
const CLAIMED: u32 = 0x004E_5058;
const CLIMB: u32 = 0x00FF_D43B;
const LABEL: u32 = 0x00DB_DEE1;

fn top() -> u8 {
    HEIGHTS.iter().copied().max().unwrap_or(0)
}

fn size() -> (f32, f32) {
    let columns = COLUMNS.count() as f32;
    (columns * CELL_W, f32::from(top()) * CELL_H + 4.0 + LABEL_PX)
}

pub(super) fn picture(game: &CantStop, _draft: &str, tr: &Tr) -> Picture {
    Picture::new(png(game, tr), alt(game, tr))
}

fn panel(game: &CantStop, tr: &Tr) -> Panel {
    let names = frame::names(tr);
    let drawn = Tr::new(tr.locale, &names);
    let mut panel = Panel::new(game.players(), &Game::to_act(game), |seat| {
        let claimed: Vec<String> = COLUMNS
            .filter(|&c| game.claimed_by(c) == Some(seat))
            .map(|c| c.to_string())
            .collect();
        // The font has no dash: none claimed reads "-".
        let claimed = if claimed.is_empty() {
            "-".to_owned()
        } else {
            tr.list(&claimed)
        };
        tr.f("cantstop-picture-claimed", &[("columns", claimed.into())])
    });
    if let Some(dice) = game.dice() {
        let dice: Vec<String> = dice.iter().map(u8::to_string).collect();
        panel
            .lines
            .push(tr.f("picture-dice", &[("dice", dice.join(" ").into())]));
    }
    let log: Vec<_> = game.log().collect();
    panel.last = log.iter().rev().take(2).rev().map(|m| drawn.msg(m)).collect();
    panel
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

fn png(game: &CantStop, tr: &Tr) -> Vec<u8> {
    frame::compose(&panel(game, tr), tr, size(), |canvas| {
        let top = top();
        for (i, column) in COLUMNS.enumerate() {
            let x = i as f32 * CELL_W;
            let owner = game.claimed_by(column);
            for space in 1..=HEIGHTS[usize::from(column)] {
                let y = f32::from(top - space) * CELL_H;
                let fill = if owner.is_some() { CLAIMED } else { TRACK };
                canvas.rect(x + 2.0, y + 2.0, CELL_W - 4.0, CELL_H - 4.0, fill);
                if owner.is_some() {
                    continue;
                }
                // What stands on this space, fanned across it: each at its full size, so
                // several overlap rather than shrink below what a phone shows.
                let seats: Vec<_> = (0..game.players())
                    .filter(|&seat| game.marker(seat, column) == space)
                    .collect();
                let runner = game.runner(column) == Some(space);
                let count = seats.len() + usize::from(runner);
                let r = MARKER_PX / 2.0;
                let step = if count > 1 {
                    (CELL_W - 2.0 * r + 12.0) / (count as f32 - 1.0)
                } else {
                    0.0
                };
                let slot = |k: usize| x + CELL_W / 2.0 + (k as f32 - (count as f32 - 1.0) / 2.0) * step;
                let middle = y + CELL_H / 2.0;
                if runner {
                    canvas.frame(x + 1.0, y + 1.0, CELL_W - 2.0, CELL_H - 2.0, CLIMB, 3.0);
                }
                for (k, &seat) in seats.iter().enumerate() {
                    canvas.marker(seat, slot(k), middle, r);
                }
                if runner {
                    canvas.runner(slot(seats.len()), middle, r);
                }
            }
            // A claimed column is capped with its owner's marker.
            if let Some(owner) = owner {
                let height = HEIGHTS[usize::from(column)];
                let y = f32::from(top - height) * CELL_H + CELL_H / 2.0;
                canvas.marker(owner, x + CELL_W / 2.0, y, MARKER_PX / 2.0);
            }
            let y = f32::from(top) * CELL_H + 4.0;
            canvas.number(u32::from(column), x + CELL_W / 2.0, y, LABEL_PX, LABEL);
        }
    })
}
