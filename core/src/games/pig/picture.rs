//! Pig's board as a PNG: a bar per seat with its marker at its score, and the last die rolled.

use super::{Event, Pig};
use crate::engine::picture::{BACKGROUND, Canvas, Picture, seat_look};
use crate::engine::view::SEAT_COLOUR;
use crate::engine::{Arg, Tr};

const WIDTH: f32 = 320.0;
const ROW: f32 = 36.0;
const MARGIN: f32 = 12.0;
const TRACK: u32 = 0x4E5058;

pub(super) fn picture(game: &Pig, tr: &Tr) -> Picture {
    let height = 2.0 * MARGIN + ROW * (game.players() as f32 + 1.0);
    let mut canvas = Canvas::new(WIDTH as u32, height as u32);
    canvas.rect(0.0, 0.0, WIDTH, height, BACKGROUND);
    let track = WIDTH - 2.0 * MARGIN;
    for s in 0..game.players() {
        let y = MARGIN + ROW * s as f32;
        canvas.rect(MARGIN, y + ROW / 2.0 - 3.0, track, 6.0, TRACK);
        let done = (game.score(s) as f32 / game.target() as f32).min(1.0) * track;
        canvas.rect(
            MARGIN,
            y + ROW / 2.0 - 3.0,
            done,
            6.0,
            SEAT_COLOUR[s % SEAT_COLOUR.len()],
        );
        canvas.marker(s, MARGIN + done, y + ROW / 2.0, 10.0);
    }
    if let Some(Event::Rolled { die, .. }) = game.last {
        canvas.die(die, MARGIN, MARGIN + ROW * game.players() as f32 + 4.0, ROW - 8.0);
    }
    let alt: Vec<String> = (0..game.players())
        .map(|s| {
            tr.f(
                "pig-alt-seat",
                &[
                    ("player", Arg::Seat(s)),
                    ("look", seat_look(s, tr).into()),
                    ("score", game.score(s).into()),
                ],
            )
        })
        .collect();
    let alt = tr.f(
        "pig-alt",
        &[("target", game.target().into()), ("seats", alt.join("; ").into())],
    );
    Picture::new(canvas.png(), alt)
}
