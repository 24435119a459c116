//! Pig's board as a PNG: a bar per seat with its marker at its score, and the last die rolled;
//! the panel gives the scores.

use super::{Event, Pig};
use crate::engine::frame::{self, MARKER_PX, Panel};
use crate::engine::picture::{Picture, seat_fill, seat_look};
use crate::engine::{Arg, Game, Tr};

const WIDTH: f32 = 320.0;
const ROW: f32 = 48.0;
const TRACK: u32 = 0x004E_5058;

pub(super) fn picture(game: &Pig, _draft: &str, tr: &Tr) -> Picture {
    let panel = Panel::new(game.players(), &Game::to_act(game), |s| game.score(s).to_string());
    let height = ROW * (game.players() as f32 + 1.0);
    let png = frame::compose(&panel, tr, (WIDTH, height), |canvas| {
        let track = WIDTH - MARKER_PX;
        for s in 0..game.players() {
            let y = ROW * s as f32 + ROW / 2.0;
            canvas.rect(MARKER_PX / 2.0, y - 3.0, track, 6.0, TRACK);
            let done = (game.score(s) as f32 / game.target() as f32).min(1.0) * track;
            canvas.rect(MARKER_PX / 2.0, y - 3.0, done, 6.0, seat_fill(s));
            canvas.marker(s, MARKER_PX / 2.0 + done, y, MARKER_PX / 2.0);
        }
        if let Some(Event::Rolled { die, .. }) = game.last {
            canvas.die(die, 0.0, ROW * game.players() as f32 + 4.0, ROW - 8.0);
        }
    });
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
    Picture::new(png, alt)
}
