//! The board as a PNG: the dojos and the neutral zone with column letters and row numbers,
//! Black's ninjas as vermillion circles and Red's as blue squares, like their seats' marks 🔴 🟦
//! (shape as well as colour), a mission
//! ninja ringed in gold, the last move's path drawn square by square with the ninja it killed
//! crossed out beside the killer, and the decision being made: the picked ninja and its
//! destinations lettered as on the buttons. The panel gives scores, missions and shadows.

use super::board::{BLACK, Sq};
use super::{Event, MISSION_TURNS, Move, Ninja, TARGET, option_label};
use crate::engine::frame::{self, LABEL_PX, MARKER_PX, Panel};
use crate::engine::picture::{Canvas, INK, Picture, SEAT_FILL, SEAT_SHAPE, Shape, WHITE};
use crate::engine::{Game, Seat, Tr};

const CELL: f32 = 37.0;
/// The column of row numbers left of the board, and the row of letters below it.
const NUMBERS_W: f32 = 30.0;
const LETTERS_H: f32 = 28.0;
const PICKED: u32 = 0x0056_B4E9;
const DOJO: u32 = 0x008B_6B4A;
const NEUTRAL: u32 = 0x00C9_CDD2;
const LABEL: u32 = 0x00DB_DEE1;
const PATH: u32 = 0x00FF_D43B;
const MISSION: u32 = 0x00FF_B000;
const KILL: u32 = 0x00FF_3B3B;
/// Black's and Red's pieces: fill, outline and shape, those of their seats' marks (🔴 🟦), so
/// the picture and the emoji board show each side alike.
const SIDES: [(u32, u32, Shape); 2] = [
    (SEAT_FILL[0], WHITE, SEAT_SHAPE[0]),
    (SEAT_FILL[1], WHITE, SEAT_SHAPE[1]),
];

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

fn size(game: &Ninja) -> (f32, f32) {
    let board = &game.board;
    (
        NUMBERS_W + f32::from(board.width) * CELL,
        f32::from(board.rows) * CELL + LETTERS_H,
    )
}

pub(super) fn picture(game: &Ninja, draft: &str, tr: &Tr) -> Picture {
    Picture::new(png(game, draft, tr), alt(game, draft, tr))
}

/// The picked ninja of `draft` and its moves (with their indices among all, for their
/// letters), when it has some.
fn drafted(game: &Ninja, draft: &str) -> Option<(Sq, Vec<(usize, Move)>)> {
    let from = game.board.parse(draft)?;
    let moves: Vec<(usize, Move)> = game
        .legal_moves()
        .into_iter()
        .enumerate()
        .filter(|(_, m)| m.from == from)
        .collect();
    (!moves.is_empty()).then_some((from, moves))
}

fn panel(game: &Ninja, tr: &Tr) -> Panel {
    let names = frame::names(tr);
    let drawn = Tr::new(tr.locale, &names);
    let position = &game.position;
    let mut panel = Panel::new(2, &Game::to_act(game), |seat| {
        let score = tr.f(
            "ninja-picture-score",
            &[("score", position.score[seat].into()), ("target", TARGET.into())],
        );
        match position.missions[seat] {
            None => score,
            Some(m) => format!(
                "{score}, {}",
                tr.f(
                    "ninja-picture-mission",
                    &[
                        ("turn", m.turn.into()),
                        ("turns", MISSION_TURNS.into()),
                        ("shadow", m.shadow.into()),
                    ],
                )
            ),
        }
    });
    for line in &mut panel.seats {
        let (fill, outline, shape) = SIDES[line.seat];
        line.look = Some((shape, (fill, outline)));
    }
    if let Some([a, b]) = game.dice() {
        panel
            .lines
            .push(tr.f("picture-dice", &[("dice", format!("{a} {b}").into())]));
    }
    let log: Vec<_> = game.log().collect();
    panel.last = log.iter().rev().take(2).rev().map(|m| drawn.msg(m)).collect();
    panel
}

fn png(game: &Ninja, draft: &str, tr: &Tr) -> Vec<u8> {
    frame::compose(&panel(game, tr), tr, size(game), |canvas| {
        draw_board(canvas, game);
        draw_last(canvas, game);
        draw_ninjas(canvas, game);
        if let Some((from, moves)) = drafted(game, draft) {
            draw_draft(canvas, game, from, &moves);
        }
    })
}

/// A square's centre, row 1 (Black's home) at the bottom.
fn centre(game: &Ninja, sq: Sq) -> (f32, f32) {
    let board = &game.board;
    let x = NUMBERS_W + (f32::from(board.col(sq)) + 0.5) * CELL;
    let y = (f32::from(board.rows - board.row(sq)) + 0.5) * CELL;
    (x, y)
}

fn draw_board(canvas: &mut Canvas, game: &Ninja) {
    let board = &game.board;
    for sq in 0..board.squares() as Sq {
        let (x, y) = centre(game, sq);
        let dojo = board.in_dojo(BLACK, sq) || board.in_dojo(1, sq);
        let fill = if dojo { DOJO } else { NEUTRAL };
        let half = CELL / 2.0 - 1.0;
        canvas.rect(x - half, y - half, 2.0 * half, 2.0 * half, fill);
    }
    for row in 1..=board.rows {
        let y = (f32::from(board.rows - row) + 0.5) * CELL - LABEL_PX / 2.0;
        canvas.number(u32::from(row), NUMBERS_W / 2.0, y, LABEL_PX, LABEL);
    }
    for col in 0..board.width {
        let x = NUMBERS_W + (f32::from(col) + 0.5) * CELL;
        let letter = char::from(b'a' + col).to_string();
        canvas.text_centred(&letter, x, f32::from(board.rows) * CELL + 2.0, LABEL_PX, LABEL);
    }
}

fn draw_ninjas(canvas: &mut Canvas, game: &Ninja) {
    for sq in 0..game.board.squares() as Sq {
        if let Some(seat) = game.position.at(sq) {
            let (x, y) = centre(game, sq);
            let (fill, outline, shape) = SIDES[seat];
            if game.position.missions[seat].is_some_and(|m| m.square == sq) {
                canvas.ring(x, y, MARKER_PX / 2.0 + 1.0, MISSION, 4.0);
            }
            canvas.piece(shape, (fill, outline), x, y, MARKER_PX / 2.0);
        }
    }
}

/// The last move's path; a kill is a red cross in the square's corner, never on the killer
/// (the log and the alt text say whom it killed).
fn draw_last(canvas: &mut Canvas, game: &Ninja) {
    let Some(last) = last_move(game) else { return };
    let points: Vec<(f32, f32)> = last.path.iter().map(|&sq| centre(game, sq)).collect();
    canvas.line(&points, PATH, 5.0);
    let (x, y) = points[0];
    canvas.ring(x, y, CELL * 0.3, PATH, 3.0);
    if last.killed
        && let Some(&(x, y)) = points.last()
    {
        let (gx, gy, d) = (x + CELL * 0.32, y - CELL * 0.32, CELL * 0.16);
        canvas.line(&[(gx - d, gy - d), (gx + d, gy + d)], KILL, 4.0);
        canvas.line(&[(gx - d, gy + d), (gx + d, gy - d)], KILL, 4.0);
    }
}

/// The picked ninja framed, and each of its destinations with its option's letter.
fn draw_draft(canvas: &mut Canvas, game: &Ninja, from: Sq, moves: &[(usize, Move)]) {
    let (x, y) = centre(game, from);
    canvas.frame(
        x - CELL / 2.0 + 2.0,
        y - CELL / 2.0 + 2.0,
        CELL - 4.0,
        CELL - 4.0,
        PICKED,
        4.0,
    );
    for (i, mv) in moves {
        let (x, y) = centre(game, mv.to);
        let several = moves.iter().filter(|(_, m)| m.to == mv.to).count() > 1;
        canvas.disc(x, y, MARKER_PX / 2.0 + 1.0, PICKED);
        let label = if several { "+".to_owned() } else { option_label(*i) };
        canvas.text_centred(&label, x, y - LABEL_PX / 2.0 - 2.0, LABEL_PX, INK);
    }
}

/// The picture in words: the decision being made, each side's ninjas by square, the missions,
/// the last move.
fn alt(game: &Ninja, draft: &str, tr: &Tr) -> String {
    let board = &game.board;
    let mut parts = vec![tr.f("ninja-alt-title", &[("rows", board.rows.into())])];
    if let Some((from, moves)) = drafted(game, draft) {
        let options: Vec<String> = moves
            .iter()
            .map(|(i, mv)| format!("{} {}", option_label(*i), board.name(mv.to)))
            .collect();
        parts.push(tr.f(
            "ninja-alt-draft",
            &[
                ("square", board.name(from).into()),
                ("options", tr.list(&options).into()),
            ],
        ));
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::view::{MarkShape, mark_shape, seat_mark};

    /// Each side's pieces have its seat mark's shape and its seat's colour, so a player who
    /// knows their 🔴 or 🟦 from the emoji board finds them in the picture.
    #[test]
    fn each_side_is_drawn_as_its_seat_mark() {
        let drawn = |shape: Shape| match shape {
            Shape::Circle => Some(MarkShape::Circle),
            Shape::Square => Some(MarkShape::Square),
            _ => None,
        };
        for (seat, &(fill, _, shape)) in SIDES.iter().enumerate() {
            assert_eq!(drawn(shape), mark_shape(seat_mark(seat)), "seat {seat}'s shape");
            assert_eq!(
                fill,
                crate::engine::picture::seat_fill(seat),
                "seat {seat}'s colour"
            );
        }
    }
}
