//! The board as a PNG: the 7×7 grid with column letters and row numbers, the blank centre, the
//! jewels (violet hexagons, no seat's look), the neutral corners, each player's stones in their
//! seat's colour and shape (the initial stone ringed), the latest chain drawn from its origin
//! through its landings with its captures crossed out, and the chain being drafted: its landings
//! ringed (⭕) and what it would capture crossed (💥). The panel gives points and hands.

use super::board::{Board, CELLS, HOME, NEUTRAL, Piece, SIZE, bits, cell_name};
use super::view::Draft;
use super::{Stones, TurnRecord};
use crate::engine::frame::{self, LABEL_PX, MARKER_PX, Panel};
use crate::engine::picture::{Canvas, Picture, Shape, WHITE, seat_fill, seat_look};
use crate::engine::{Game, Seat, Tr};

const CELL: f32 = 50.0;
/// The column of row numbers left of the board, and the row of letters below it.
const NUMBERS_W: f32 = 28.0;
const LETTERS_H: f32 = 28.0;
const FLOOR: u32 = 0x00C9_CDD2;
const BLANK: u32 = 0x001E_1F22;
const CORNER: u32 = 0x009C_9488;
/// Okabe–Ito's reddish purple: no seat's colour.
const JEWEL: u32 = 0x00CC_79A7;
const LABEL: u32 = 0x00DB_DEE1;
const CHAIN: u32 = 0x00FF_D43B;
const CAPTURE: u32 = 0x00FF_3B3B;
const DRAFTED: u32 = 0x0056_B4E9;

fn size() -> (f32, f32) {
    let side = f32::from(SIZE) * CELL;
    (NUMBERS_W + side, side + LETTERS_H)
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
    let x = NUMBERS_W + (f32::from(cell % SIZE) + 0.5) * CELL;
    // Row 1 at the bottom.
    let y = (f32::from(SIZE - 1 - cell / SIZE) + 0.5) * CELL;
    (x, y)
}

pub(super) fn picture(game: &Stones, draft: &str, tr: &Tr) -> Picture {
    Picture::new(png(game, draft, tr), alt(game, draft, tr))
}

fn panel(game: &Stones, tr: &Tr) -> Panel {
    let names = frame::names(tr);
    let drawn = Tr::new(tr.locale, &names);
    let pos = &game.pos;
    let mut panel = Panel::new(2, &Game::to_act(game), |seat| {
        tr.f(
            "stones-picture-figure",
            &[
                ("score", pos.scores[seat].into()),
                ("hand", pos.hands[seat].into()),
            ],
        )
    });
    if let Some((required, roll)) = game.dice() {
        panel.lines.push(tr.f(
            "stones-picture-dice",
            &[("roll", roll.into()), ("required", required.into())],
        ));
    }
    panel.last.extend(chain_words(game, &drawn));
    panel
}

fn png(game: &Stones, draft: &str, tr: &Tr) -> Vec<u8> {
    let draft = Draft::read(game, draft);
    frame::compose(&panel(game, tr), tr, size(), |canvas| {
        draw_floor(canvas, &draft.board);
        if let Some(turn) = latest(game)
            && let Some(chain) = turn.chain
        {
            let mut points = vec![centre(chain.origin)];
            points.extend(turn.landings.iter().map(|&c| centre(c)));
            canvas.line(&points, CHAIN, 5.0);
            canvas.ring(points[0].0, points[0].1, CELL * 0.3, CHAIN, 3.0);
        }
        draw_pieces(canvas, &draft.board);
        for &cell in &draft.landings {
            let (x, y) = centre(cell);
            canvas.ring(x, y, CELL * 0.4, DRAFTED, 5.0);
        }
        let pending = latest(game).map_or(0, |t| t.captured) | draft.jumped;
        let d = CELL * 0.4;
        for cell in bits(pending) {
            let (x, y) = centre(cell);
            canvas.line(&[(x - d, y - d), (x + d, y + d)], CAPTURE, 5.0);
            canvas.line(&[(x - d, y + d), (x + d, y - d)], CAPTURE, 5.0);
        }
    })
}

fn draw_floor(canvas: &mut Canvas, board: &Board) {
    for cell in 0..CELLS as u8 {
        let (x, y) = centre(cell);
        let fill = match board[usize::from(cell)] {
            Piece::Blank => BLANK,
            _ if NEUTRAL.contains(&cell) => CORNER,
            _ => FLOOR,
        };
        let half = CELL / 2.0 - 1.0;
        canvas.rect(x - half, y - half, 2.0 * half, 2.0 * half, fill);
    }
    // Each home corner framed in its owner's colour.
    for (seat, &home) in HOME.iter().enumerate() {
        let (x, y) = centre(home);
        let half = CELL / 2.0 - 3.0;
        canvas.frame(x - half, y - half, 2.0 * half, 2.0 * half, seat_fill(seat), 4.0);
    }
    for row in 1..=SIZE {
        let y = (f32::from(SIZE - row) + 0.5) * CELL - LABEL_PX / 2.0;
        canvas.number(u32::from(row), NUMBERS_W / 2.0, y, LABEL_PX, LABEL);
    }
    for col in 0..SIZE {
        let x = NUMBERS_W + (f32::from(col) + 0.5) * CELL;
        let letter = char::from(b'a' + col).to_string();
        canvas.text_centred(&letter, x, f32::from(SIZE) * CELL + 2.0, LABEL_PX, LABEL);
    }
}

fn draw_pieces(canvas: &mut Canvas, board: &Board) {
    let r = (CELL * 0.3).max(MARKER_PX / 2.0);
    for cell in 0..CELLS as u8 {
        let (x, y) = centre(cell);
        match board[usize::from(cell)] {
            Piece::Jewel => canvas.piece(Shape::Hexagon, (JEWEL, WHITE), x, y, r),
            Piece::Stone(s) => canvas.marker(usize::from(s), x, y, r),
            Piece::Initial(s) => {
                canvas.ring(x, y, CELL * 0.42, WHITE, 3.0);
                canvas.marker(usize::from(s), x, y, r);
            }
            Piece::Empty | Piece::Blank => {}
        }
    }
}

/// The picture in words: each player's stones, score and hand, the jewels, the latest chain.
fn alt(game: &Stones, draft: &str, tr: &Tr) -> String {
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
    parts.extend(draft_words(&Draft::read(game, draft), tr));
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
    parts.extend(chain_words(game, tr));
    parts.join(" ")
}

/// The chain being chosen in words, once it has a landing: its path and what it would capture.
fn draft_words(draft: &Draft, tr: &Tr) -> Option<String> {
    let chain = draft.chain.filter(|_| !draft.landings.is_empty())?;
    let mut path = vec![cell_name(chain.origin)];
    path.extend(draft.landings.iter().map(|&c| cell_name(c)));
    let mut text = tr.f("stones-alt-draft", &[("path", path.join("→").into())]);
    let captured: Vec<String> = bits(draft.jumped).map(cell_name).collect();
    if !captured.is_empty() {
        text.push(' ');
        text.push_str(&tr.f(
            "stones-alt-draft-captures",
            &[("cells", tr.list(&captured).into())],
        ));
    }
    Some(text)
}

/// The latest chain in words: who, its path and what it captured.
fn chain_words(game: &Stones, tr: &Tr) -> Option<String> {
    let turn = latest(game)?;
    let chain = turn.chain?;
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
    Some(text)
}
