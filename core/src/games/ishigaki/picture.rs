//! The wall as a PNG: squares from the start to the castle winding up in rows of five (so the
//! board keeps the frame's shape whatever its length), each numbered, the -2 squares marked
//! "-2", each ninja as its seat's marker on its square, the goal group on the castle in
//! arrival order, and the last turn's climbs and slips as arrows, their destinations framed.

use super::{Event, Ishigaki};
use crate::engine::frame::{self, LABEL_PX, MARKER_PX, Panel};
use crate::engine::picture::{Canvas, Picture, seat_look};
use crate::engine::{Game, Seat, Tr};

/// Squares per row of the winding wall: the usual wall (20 squares and the start) is five rows
/// of five squares that fill the frame's board box at the frame's sizes; a longer one is
/// scaled down.
const PER_ROW: u8 = 5;
const CELL_W: f32 = 76.0;
/// A square's height: its number and two rows of two markers (touching).
const CELL_H: f32 = LABEL_PX + 2.0 * MARKER_PX - 1.0;
const BRICK: u32 = 0x008B_6B4A;
const MINUS_TWO: u32 = 0x006B_3A2A;
const START: u32 = 0x003B_7A57;
const CASTLE: u32 = 0x005C_4B8A;
const LABEL: u32 = 0x00DB_DEE1;
const CLIMB: u32 = 0x00FF_D43B;
const SLIP: u32 = 0x00FF_6B6B;

fn rows(game: &Ishigaki) -> u8 {
    game.options.goal / PER_ROW + 1
}

fn size(game: &Ishigaki) -> (f32, f32) {
    (f32::from(PER_ROW) * CELL_W, f32::from(rows(game)) * CELL_H)
}

/// A square's top-left corner: row 0 at the bottom, left to right, then right to left.
fn corner(game: &Ishigaki, square: u8) -> (f32, f32) {
    let (row, k) = (square / PER_ROW, square % PER_ROW);
    let col = if row % 2 == 0 { k } else { PER_ROW - 1 - k };
    (f32::from(col) * CELL_W, f32::from(rows(game) - 1 - row) * CELL_H)
}

/// Where the `k`th ninja on a square stands: two columns, under the number.
fn spot(game: &Ishigaki, square: u8, k: usize) -> (f32, f32) {
    let (x, y) = corner(game, square);
    let r = MARKER_PX / 2.0;
    let col = (k % 2) as f32;
    let row = ((k / 2) % 2) as f32;
    (
        x + 2.0 + r + col * (MARKER_PX + 1.0),
        y + LABEL_PX + 2.0 + r + row * (MARKER_PX - 2.0),
    )
}

/// The last turn's moves, as (seat, from, to), from the log (the previous turn and this one).
fn last_moves(game: &Ishigaki) -> Vec<(Seat, u8, u8)> {
    let mut turns: Vec<Vec<(Seat, u8, u8)>> = vec![vec![]];
    for event in &game.log {
        match *event {
            Event::Start { .. } | Event::Die1 { .. } if turns.last().is_some_and(|t| !t.is_empty()) => {
                turns.push(vec![]);
            }
            Event::Moved { player, from, to }
            | Event::Fell { player, from, to }
            | Event::Crumbled { player, from, to } => {
                turns.last_mut().expect("never empty").push((player, from, to));
            }
            _ => {}
        }
    }
    turns
        .into_iter()
        .rev()
        .find(|t| !t.is_empty())
        .unwrap_or_default()
}

fn panel(game: &Ishigaki, tr: &Tr) -> Panel {
    let names = frame::names(tr);
    let drawn = Tr::new(tr.locale, &names);
    let mut panel = Panel::new(game.players(), &Game::to_act(game), |seat| {
        if let Some(k) = game.arrivals.iter().position(|&s| s == seat) {
            tr.f("ishigaki-picture-goal", &[("arrival", (k + 1).into())])
        } else if !game.in_game(seat) {
            tr.t("ishigaki-alt-resigned")
        } else {
            tr.f(
                "ishigaki-picture-square",
                &[("square", game.squares[seat].into())],
            )
        }
    });
    let log: Vec<_> = game.log().collect();
    panel.last = log.iter().rev().take(2).rev().map(|m| drawn.msg(m)).collect();
    panel
}

pub(super) fn picture(game: &Ishigaki, _draft: &str, tr: &Tr) -> Picture {
    Picture::new(png(game, tr), alt(game, tr))
}

fn png(game: &Ishigaki, tr: &Tr) -> Vec<u8> {
    frame::compose(&panel(game, tr), tr, size(game), |canvas| {
        draw_wall(canvas, game);
        let goal = game.options.goal;
        let r = MARKER_PX / 2.0;
        for seat in 0..game.players() {
            if game.racing(seat) {
                let square = game.squares[seat];
                // Each seat keeps its spot, so ninjas on one square never overlap.
                let (x, y) = spot(game, square, seat);
                canvas.marker(seat, x, y, r);
            }
        }
        for (k, &seat) in game.arrivals.iter().enumerate() {
            let (x, y) = spot(game, goal, k);
            canvas.marker(seat, x, y, r);
        }
        // The last turn: an arrow per ninja moved, its destination framed.
        for (_, from, to) in last_moves(game) {
            let colour = if to >= from { CLIMB } else { SLIP };
            let centre = |square: u8| {
                let (x, y) = corner(game, square);
                (x + CELL_W / 2.0, y + CELL_H / 2.0)
            };
            canvas.arrow(centre(from), centre(to), colour, 4.0);
            let (x, y) = corner(game, to);
            canvas.frame(x + 1.0, y + 1.0, CELL_W - 2.0, CELL_H - 2.0, colour, 3.0);
        }
    })
}

fn draw_wall(canvas: &mut Canvas, game: &Ishigaki) {
    let goal = game.options.goal;
    for square in 0..=goal {
        let minus_two = game.options.is_minus_two(square);
        let fill = if square == goal {
            CASTLE
        } else if square == 0 {
            START
        } else if minus_two {
            MINUS_TWO
        } else {
            BRICK
        };
        let (x, y) = corner(game, square);
        canvas.rect(x + 1.0, y + 1.0, CELL_W - 2.0, CELL_H - 2.0, fill);
        canvas.text(&square.to_string(), x + 4.0, y + 2.0, LABEL_PX, LABEL);
        if minus_two {
            canvas.text("-2", x + CELL_W - 32.0, y + 2.0, LABEL_PX, SLIP);
        }
    }
}

/// The picture in words: where each ninja stands, the goal group, the last turn's moves.
fn alt(game: &Ishigaki, tr: &Tr) -> String {
    let mut parts = vec![tr.f("ishigaki-alt-title", &[("goal", game.options.goal.into())])];
    for seat in 0..game.players() {
        let place = if game.at_goal(seat) {
            tr.t("ishigaki-alt-at-goal")
        } else if !game.in_game(seat) {
            tr.t("ishigaki-alt-resigned")
        } else {
            tr.f("ishigaki-alt-square", &[("square", game.squares[seat].into())])
        };
        parts.push(tr.f(
            "ishigaki-alt-seat",
            &[
                ("player", tr.name(seat).into()),
                ("look", seat_look(seat, tr).into()),
                ("place", place.into()),
            ],
        ));
    }
    for (seat, from, to) in last_moves(game) {
        parts.push(tr.f(
            "ishigaki-alt-move",
            &[
                ("player", tr.name(seat).into()),
                ("from", from.into()),
                ("to", to.into()),
            ],
        ));
    }
    parts.join(" ")
}
