//! The board as a PNG: the 7×7 grid with the blank centre, the jewels, the neutral corners,
//! each player's stones in their seat's colour and shape (the initial stone ringed), and the
//! latest chain drawn from its origin through its landings, its captures crossed out.

use super::board::{CELLS, HOME, NEUTRAL, Piece, SIZE, bits, cell_name};
use super::{Stones, TurnRecord};
use crate::engine::picture::{Canvas, Picture, Shape, WHITE, seat_look};
use crate::engine::{Seat, Tr};

const CELL: f32 = 56.0;
const MARGIN: f32 = 12.0;
/// The column of row numbers left of the board.
const NUMBERS_W: f32 = 30.0;
const FLOOR: u32 = 0xC9CDD2;
const BLANK: u32 = 0x1E1F22;
const CORNER: u32 = 0xF2C94C;
const JEWEL: u32 = 0x4FC3F7;
const LABEL: u32 = 0xDBDEE1;
const CHAIN: u32 = 0xFFD43B;
const CAPTURE: u32 = 0xFF3B3B;

pub(super) fn size() -> (u32, u32) {
    let side = f32::from(SIZE) * CELL;
    let width = 2.0 * MARGIN + NUMBERS_W + side;
    let height = 2.0 * MARGIN + side;
    (width as u32, height as u32)
}

/// The chain to show: this turn's once placed, else the last turn's.
fn latest(game: &Stones) -> Option<&TurnRecord> {
    if game.turn.chain.is_some() {
        Some(&game.turn)
    } else {
        game.last.as_ref().filter(|t| t.chain.is_some())
    }
}

fn centre(cell: u8) -> (f32, f32) {
    let x = MARGIN + NUMBERS_W + (f32::from(cell % SIZE) + 0.5) * CELL;
    // Row 1 at the bottom.
    let y = MARGIN + (f32::from(SIZE - 1 - cell / SIZE) + 0.5) * CELL;
    (x, y)
}

pub(super) fn picture(game: &Stones, tr: &Tr) -> Picture {
    Picture::new(png(game), alt(game, tr))
}

pub(super) fn png(game: &Stones) -> Vec<u8> {
    let (width, height) = size();
    let mut canvas = Canvas::new(width, height);
    let board = &game.pos.board;
    for cell in 0..CELLS as u8 {
        let (x, y) = centre(cell);
        let fill = match board[usize::from(cell)] {
            Piece::Blank => BLANK,
            _ if NEUTRAL.contains(&cell) => CORNER,
            _ => FLOOR,
        };
        canvas.rect(
            x - CELL / 2.0 + 1.0,
            y - CELL / 2.0 + 1.0,
            CELL - 2.0,
            CELL - 2.0,
            fill,
        );
    }
    // Each home corner framed in its owner's colour.
    for (seat, &home) in HOME.iter().enumerate() {
        let (x, y) = centre(home);
        let colour = crate::engine::view::SEAT_COLOUR[seat];
        canvas.frame(
            x - CELL / 2.0 + 3.0,
            y - CELL / 2.0 + 3.0,
            CELL - 6.0,
            CELL - 6.0,
            colour,
            3.0,
        );
    }
    for row in 1..=SIZE {
        let y = MARGIN + (f32::from(SIZE - row) + 0.5) * CELL - 8.0;
        canvas.number(u32::from(row), MARGIN + NUMBERS_W / 2.0, y, 16.0, LABEL);
    }
    let latest = latest(game);
    if let Some(turn) = latest
        && let Some(chain) = turn.chain
    {
        let mut points = vec![centre(chain.origin)];
        points.extend(turn.landings.iter().map(|&c| centre(c)));
        canvas.line(&points, CHAIN, 5.0);
        canvas.ring(points[0].0, points[0].1, CELL * 0.3, CHAIN, 3.0);
    }
    for cell in 0..CELLS as u8 {
        let (x, y) = centre(cell);
        match board[usize::from(cell)] {
            Piece::Jewel => canvas.piece(Shape::Diamond, (JEWEL, WHITE), x, y, CELL * 0.28),
            Piece::Stone(s) => canvas.marker(usize::from(s), x, y, CELL * 0.3),
            Piece::Initial(s) => {
                canvas.ring(x, y, CELL * 0.4, WHITE, 3.0);
                canvas.marker(usize::from(s), x, y, CELL * 0.3);
            }
            Piece::Empty | Piece::Blank => {}
        }
    }
    if let Some(turn) = latest {
        let d = CELL * 0.4;
        for cell in bits(turn.captured) {
            let (x, y) = centre(cell);
            canvas.line(&[(x - d, y - d), (x + d, y + d)], CAPTURE, 4.0);
            canvas.line(&[(x - d, y + d), (x + d, y - d)], CAPTURE, 4.0);
        }
    }
    canvas.png()
}

/// The picture in words: each player's stones, score and hand, the jewels, the latest chain.
fn alt(game: &Stones, tr: &Tr) -> String {
    let board = &game.pos.board;
    let cells = |f: &dyn Fn(Piece) -> bool| -> String {
        let names: Vec<String> = (0..CELLS as u8)
            .filter(|&c| f(board[usize::from(c)]))
            .map(cell_name)
            .collect();
        if names.is_empty() {
            "—".into()
        } else {
            tr.list(&names)
        }
    };
    let mut parts = vec![tr.t("stones-alt-title")];
    for seat in 0..2 {
        let owned = |p: Piece| p.owner() == Some(seat);
        parts.push(tr.f(
            "stones-alt-seat",
            &[
                ("player", tr.name(seat).into()),
                ("look", seat_look(seat, tr).into()),
                ("score", game.pos.scores[seat].into()),
                ("hand", game.pos.hands[seat].into()),
                ("cells", cells(&owned).into()),
            ],
        ));
    }
    parts.push(tr.f(
        "stones-alt-jewels",
        &[("cells", cells(&|p| p == Piece::Jewel).into())],
    ));
    if let Some(turn) = latest(game)
        && let Some(chain) = turn.chain
    {
        let mut path = vec![cell_name(chain.origin)];
        path.extend(turn.landings.iter().map(|&c| cell_name(c)));
        let captured: Vec<String> = bits(turn.captured).map(cell_name).collect();
        let seat: Seat = turn.seat;
        let mut text = tr.f(
            "stones-alt-chain",
            &[("player", tr.name(seat).into()), ("path", path.join("→").into())],
        );
        if !captured.is_empty() {
            text.push(' ');
            text.push_str(&tr.f("stones-alt-captured", &[("cells", tr.list(&captured).into())]));
        }
        parts.push(text);
    }
    parts.join(" ")
}
