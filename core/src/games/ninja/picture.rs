//! The board as a PNG: the dojos and the neutral zone, Black's ninjas as dark circles and Red's
//! as red squares (shape as well as colour), a mission ninja ringed in gold, and the last move's
//! path drawn square by square, with a capture crossed out.

use super::board::{BLACK, Sq};
use super::{Event, Ninja};
use crate::engine::picture::{Canvas, INK, Picture, Shape, WHITE};
use crate::engine::{Seat, Tr};

const CELL: f32 = 44.0;
const MARGIN: f32 = 12.0;
/// The column of row numbers left of the board.
const NUMBERS_W: f32 = 30.0;
const DOJO: u32 = 0x8B6B4A;
const NEUTRAL: u32 = 0xC9CDD2;
const LABEL: u32 = 0xDBDEE1;
const PATH: u32 = 0xFFD43B;
const MISSION: u32 = 0xFFB000;
const KILL: u32 = 0xFF3B3B;
/// Black's and Red's pieces: fill, outline and shape.
const SIDES: [(u32, u32, Shape); 2] = [(0x23272A, WHITE, Shape::Circle), (0xDD2E44, INK, Shape::Square)];

/// The last move: who, the squares walked from the origin, and a capture at its end.
struct LastMove {
    seat: Seat,
    path: Vec<Sq>,
    killed: bool,
}

/// The last move in the log, its path rebuilt from the dice: the first path shape of that many
/// steps from the origin that ends on the destination (the board shows one way it went).
fn last_move(game: &Ninja) -> Option<LastMove> {
    let mut steps = None;
    let mut last = None;
    for event in &game.log {
        match *event {
            Event::Rolled { dice: [a, b], .. } => steps = Some(usize::from(a + b)),
            Event::Moved { player, from, to } => {
                let board = &game.board;
                let walked = steps.and_then(|n| {
                    board
                        .shapes(player, n)
                        .iter()
                        .filter_map(|shape| board.walk(from, shape))
                        .find(|walk| walk.destination() == to)
                });
                let mut path = vec![from];
                match walked {
                    Some(walk) => path.extend_from_slice(walk.path()),
                    None => path.push(to),
                }
                last = Some(LastMove {
                    seat: player,
                    path,
                    killed: false,
                });
            }
            Event::Kill { .. } => {
                if let Some(last) = last.as_mut() {
                    last.killed = true;
                }
            }
            _ => {}
        }
    }
    last
}

pub(super) fn size(game: &Ninja) -> (u32, u32) {
    let board = &game.board;
    let width = 2.0 * MARGIN + NUMBERS_W + f32::from(board.width) * CELL;
    let height = 2.0 * MARGIN + f32::from(board.rows) * CELL;
    (width as u32, height as u32)
}

pub(super) fn picture(game: &Ninja, tr: &Tr) -> Picture {
    Picture::new(png(game), alt(game, tr))
}

pub(super) fn png(game: &Ninja) -> Vec<u8> {
    let (width, height) = size(game);
    let mut canvas = Canvas::new(width, height);
    let board = &game.board;
    let left = MARGIN + NUMBERS_W;
    // Row 1 (Black's home) at the bottom.
    let centre = |sq: Sq| {
        let x = left + (f32::from(board.col(sq)) + 0.5) * CELL;
        let y = MARGIN + (f32::from(board.rows - board.row(sq)) + 0.5) * CELL;
        (x, y)
    };
    for sq in 0..board.squares() as Sq {
        let (x, y) = centre(sq);
        let dojo = board.in_dojo(BLACK, sq) || board.in_dojo(1, sq);
        let fill = if dojo { DOJO } else { NEUTRAL };
        canvas.rect(
            x - CELL / 2.0 + 1.0,
            y - CELL / 2.0 + 1.0,
            CELL - 2.0,
            CELL - 2.0,
            fill,
        );
    }
    for row in 1..=board.rows {
        let y = MARGIN + (f32::from(board.rows - row) + 0.5) * CELL - 7.0;
        canvas.number(u32::from(row), MARGIN + NUMBERS_W / 2.0, y, 14.0, LABEL);
    }
    let last = last_move(game);
    if let Some(last) = &last {
        let points: Vec<(f32, f32)> = last.path.iter().map(|&sq| centre(sq)).collect();
        canvas.line(&points, PATH, 5.0);
        let (x, y) = points[0];
        canvas.ring(x, y, CELL * 0.3, PATH, 3.0);
    }
    for sq in 0..board.squares() as Sq {
        if let Some(seat) = game.position.at(sq) {
            let (x, y) = centre(sq);
            let (fill, outline, shape) = SIDES[seat];
            if game.position.missions[seat].is_some_and(|m| m.square == sq) {
                canvas.ring(x, y, CELL * 0.42, MISSION, 4.0);
            }
            canvas.piece(shape, (fill, outline), x, y, CELL * 0.3);
        }
    }
    if let Some(last) = last.filter(|l| l.killed)
        && let Some(&to) = last.path.last()
    {
        // The captured ninja is gone: a cross beside the one that took it.
        let (x, y) = centre(to);
        let d = CELL * 0.42;
        canvas.line(&[(x - d, y - d), (x + d, y + d)], KILL, 3.0);
        canvas.line(&[(x - d, y + d), (x + d, y - d)], KILL, 3.0);
    }
    canvas.png()
}

/// The picture in words: each side's ninjas by square, the missions, the last move.
fn alt(game: &Ninja, tr: &Tr) -> String {
    let board = &game.board;
    let mut parts = vec![tr.f("ninja-alt-title", &[("rows", board.rows.into())])];
    for seat in 0..2 {
        let squares: Vec<String> = game.position.squares_of(seat).map(|sq| board.name(sq)).collect();
        let look = tr.t(if seat == BLACK {
            "ninja-alt-look-black"
        } else {
            "ninja-alt-look-red"
        });
        parts.push(tr.f(
            "ninja-alt-side",
            &[
                ("player", tr.name(seat).into()),
                ("look", look.into()),
                ("score", game.position.score[seat].into()),
                ("squares", tr.list(&squares).into()),
            ],
        ));
        if let Some(mission) = game.position.missions[seat] {
            parts.push(tr.f(
                "ninja-alt-mission",
                &[("square", board.name(mission.square).into())],
            ));
        }
    }
    if let Some(last) = last_move(game) {
        let path: Vec<String> = last.path.iter().map(|&sq| board.name(sq)).collect();
        let id = if last.killed {
            "ninja-alt-last-kill"
        } else {
            "ninja-alt-last"
        };
        parts.push(tr.f(
            id,
            &[
                ("player", tr.name(last.seat).into()),
                ("path", path.join("→").into()),
            ],
        ));
    }
    parts.join(" ")
}
