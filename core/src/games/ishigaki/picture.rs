//! The wall as a PNG: squares bottom-up from the start to the castle, each ninja as its seat's
//! marker (shape and colour) on its square, the goal group on the castle in arrival order, the
//! -2 squares marked, and the last turn's climbs and slips as arrows beside the wall.

use super::{Event, Ishigaki};
use crate::engine::picture::{Canvas, Picture, seat_look};
use crate::engine::{Seat, Tr};

const MARGIN: f32 = 12.0;
/// The column of square numbers left of the wall.
const NUMBERS_W: f32 = 34.0;
/// Room for four ninjas side by side on one square.
const SLOT: f32 = 22.0;
const WALL_W: f32 = 4.0 * SLOT + 8.0;
/// The lane right of the wall where the last turn's moves are drawn.
const LANE_W: f32 = 44.0;
/// The whole wall fits in about this height, whatever the board's length.
const WALL_H: f32 = 640.0;
const BRICK: u32 = 0x8B6B4A;
const MINUS_TWO: u32 = 0xC2571A;
const START: u32 = 0x3B7A57;
const CASTLE: u32 = 0x5C4B8A;
const LABEL: u32 = 0xDBDEE1;
const CLIMB: u32 = 0xFFD43B;
const SLIP: u32 = 0xFF6B6B;

/// One square's height: squares shrink on long boards so the picture keeps its size.
fn square_h(game: &Ishigaki) -> f32 {
    (WALL_H / (f32::from(game.options.goal) + 1.0)).clamp(10.0, 30.0)
}

pub(super) fn size(game: &Ishigaki) -> (u32, u32) {
    let height = 2.0 * MARGIN + (f32::from(game.options.goal) + 1.0) * square_h(game);
    let width = 2.0 * MARGIN + NUMBERS_W + WALL_W + LANE_W;
    (width as u32, height as u32)
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

pub(super) fn picture(game: &Ishigaki, tr: &Tr) -> Picture {
    Picture::new(png(game), alt(game, tr))
}

pub(super) fn png(game: &Ishigaki) -> Vec<u8> {
    let (width, height) = size(game);
    let mut canvas = Canvas::new(width, height);
    let goal = game.options.goal;
    let h = square_h(game);
    let wall_x = MARGIN + NUMBERS_W;
    // Square `s` from its top edge; the castle (the goal) is the top row.
    let top = |square: u8| MARGIN + f32::from(goal - square) * h;
    let middle = |square: u8| top(square) + h / 2.0;
    let slot = |k: usize| wall_x + 4.0 + SLOT / 2.0 + k as f32 * SLOT;
    let r = (h * 0.38).min(8.0);
    let digits = (h * 0.55).min(14.0);
    let every = if h < 16.0 { 5 } else { 1 };
    for square in 0..=goal {
        let fill = if square == goal {
            CASTLE
        } else if square == 0 {
            START
        } else if game.options.is_minus_two(square) {
            MINUS_TWO
        } else {
            BRICK
        };
        canvas.rect(wall_x, top(square) + 1.0, WALL_W, h - 2.0, fill);
        if square % every == 0 || square == goal {
            let y = middle(square) - digits / 2.0;
            canvas.number(u32::from(square), MARGIN + NUMBERS_W / 2.0, y, digits, LABEL);
        }
    }
    for seat in 0..game.players() {
        if game.racing(seat) {
            canvas.marker(seat, slot(seat), middle(game.squares[seat]), r);
        }
    }
    for (k, &seat) in game.arrivals.iter().enumerate() {
        canvas.marker(seat, slot(k), middle(goal), r);
    }
    // The last turn: an arrow per ninja moved, its destination framed.
    let moves = last_moves(game);
    let lane = wall_x + WALL_W + 8.0;
    let step = (LANE_W - 12.0) / moves.len().max(1) as f32;
    for (i, &(seat, from, to)) in moves.iter().enumerate() {
        let colour = if to >= from { CLIMB } else { SLIP };
        let x = lane + 4.0 + i as f32 * step;
        canvas.arrow((x, middle(from)), (x, middle(to)), colour, 3.0);
        canvas.marker(seat, x, middle(from), r * 0.7);
        canvas.frame(wall_x, top(to) + 1.0, WALL_W, h - 2.0, colour, 2.5);
    }
    canvas.png()
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
