//! The frame every board picture shares: a 4:3 canvas with the board on the left and a panel on
//! the right naming the players (each with their seat's marker), their figures, whose turn it
//! is, and what just happened, in the reader's language.
//!
//! Sizes come from what Discord does with an embed image (docs/ARCHITECTURE.md, "Board
//! pictures"): a phone shows it about [`PHONE_WIDTH`](super::picture::PHONE_WIDTH) wide, so
//! this 600×450 canvas is shown at half its size there (two thirds on desktop, within its
//! 400×300 box); [`SCALE`] gives the label and marker sizes that stay 12 px and 16 px on the
//! phone, and every game draws with them.

use super::glyphs;
use super::picture::{Canvas, INK, Shape, TypeScale, WHITE};
use super::{Seat, Tr};

pub const WIDTH: u32 = 600;
pub const HEIGHT: u32 = 450;
/// Text and marker sizes for this canvas, readable on a phone.
pub const SCALE: TypeScale = TypeScale::for_width(WIDTH);
/// The smallest text in a picture: 12 px on a phone.
pub const LABEL_PX: f32 = SCALE.label;
/// The smallest marker across: 16 px on a phone.
pub const MARKER_PX: f32 = SCALE.marker;
const PAD: f32 = 6.0;
/// The panel's width: a name of about twelve letters (six Japanese characters) at [`LABEL_PX`].
const PANEL_W: f32 = 200.0;
const PANEL_X: f32 = WIDTH as f32 - PAD - PANEL_W;
/// The box the board is fitted into, left of the panel. A board drawn in pixels within it is
/// drawn at its own size, so its labels and markers keep the sizes above.
pub const BOARD: (f32, f32) = (PANEL_X - 2.0 * PAD, HEIGHT as f32 - 2.0 * PAD);
const LINE: f32 = LABEL_PX + 4.0;
const TEXT: u32 = 0x00DB_DEE1;
const DIM: u32 = 0x00B5_BAC1;
const AWAITED: u32 = 0x0040_4249;

/// One seat in the panel: its figure ("12 points") and whether the game awaits it.
pub struct SeatLine {
    pub seat: Seat,
    pub figure: String,
    pub awaited: bool,
    /// The seat's piece when the game gives its sides looks of their own (Ninja's Black and
    /// Red), drawn instead of the seat's marker: (shape, (fill, outline)).
    pub look: Option<(Shape, (u32, u32))>,
}

/// What the panel says.
#[derive(Default)]
pub struct Panel {
    pub seats: Vec<SeatLine>,
    /// The game's own lines (the dice, the turn's step), each one line.
    pub lines: Vec<String>,
    /// What happened last, wrapped to the panel.
    pub last: Vec<String>,
}

impl Panel {
    /// A panel listing `players` seats with their figures; `awaited` are highlighted.
    pub fn new(players: usize, awaited: &[Seat], figure: impl Fn(Seat) -> String) -> Self {
        let seats = (0..players)
            .map(|seat| SeatLine {
                seat,
                figure: figure(seat),
                awaited: awaited.contains(&seat),
                look: None,
            })
            .collect();
        Self {
            seats,
            ..Self::default()
        }
    }
}

/// A seat's name as the pictures draw it: the player's own when the font draws every character
/// of it (markup escapes removed), else the seat's ("Player 2"), never boxes.
pub fn name(tr: &Tr, seat: Seat) -> String {
    let mut own = String::new();
    let given = tr.name(seat);
    let mut chars = given.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' && chars.peek().is_some_and(char::is_ascii_punctuation) {
            continue;
        }
        own.push(c);
    }
    if !own.trim().is_empty() && glyphs::covers(&own) {
        own
    } else {
        tr.f("picture-player", &[("n", (seat + 1).into())])
    }
}

/// Every seat's name as [`name`] draws it, for a translator whose texts the pictures draw.
pub fn names(tr: &Tr) -> Vec<String> {
    (0..tr.names.len()).map(|seat| name(tr, seat)).collect()
}

/// The whole picture: `draw` draws the board in its own units, `board` wide and tall, which is
/// fitted into the board's box; the panel is drawn beside it.
pub fn compose(panel: &Panel, tr: &Tr, board: (f32, f32), draw: impl FnOnce(&mut Canvas)) -> Vec<u8> {
    let mut canvas = Canvas::new(WIDTH, HEIGHT);
    let scale = (BOARD.0 / board.0).min(BOARD.1 / board.1);
    let offset = (
        PAD + (BOARD.0 - board.0 * scale) / 2.0,
        PAD + (BOARD.1 - board.1 * scale) / 2.0,
    );
    canvas.place(scale, offset);
    draw(&mut canvas);
    canvas.place(1.0, (0.0, 0.0));
    draw_panel(&mut canvas, panel, tr);
    canvas.png()
}

fn draw_panel(canvas: &mut Canvas, panel: &Panel, tr: &Tr) {
    let bottom = HEIGHT as f32 - PAD;
    let mut y = PAD;
    let awaited: Vec<String> = panel
        .seats
        .iter()
        .filter(|l| l.awaited)
        .map(|l| name(tr, l.seat))
        .collect();
    let text_x = PANEL_X + MARKER_PX + 8.0;
    let text_w = WIDTH as f32 - PAD - text_x;
    for line in &panel.seats {
        let rows = if line.figure.is_empty() { 1.0 } else { 2.0 };
        if line.awaited {
            canvas.rect(PANEL_X - 4.0, y - 2.0, PANEL_W + 8.0, rows * LINE + 4.0, AWAITED);
            canvas.rect(PANEL_X - 4.0, y - 2.0, 4.0, rows * LINE + 4.0, WHITE);
        }
        let r = MARKER_PX / 2.0;
        let centre = (PANEL_X + 4.0 + r, y + LINE / 2.0);
        match line.look {
            Some((shape, colours)) => canvas.piece(shape, colours, centre.0, centre.1, r),
            None => canvas.marker(line.seat, centre.0, centre.1, r),
        }
        let name = glyphs::fit(&name(tr, line.seat), LABEL_PX, text_w);
        canvas.text(&name, text_x, y, LABEL_PX, WHITE);
        y += LINE;
        if !line.figure.is_empty() {
            // Under the marker too: the panel's whole width, so "11 pt, hand 12" is not cut.
            let figure = glyphs::fit(&line.figure, LABEL_PX, PANEL_W - 4.0);
            canvas.text(&figure, PANEL_X + 4.0, y, LABEL_PX, DIM);
            y += LINE;
        }
        y += 4.0;
    }
    let turn =
        (!awaited.is_empty()).then(|| tr.f("picture-to-play", &[("players", tr.list(&awaited).into())]));
    for line in turn.iter().chain(&panel.lines) {
        if y + LINE > bottom {
            return;
        }
        canvas.text(&glyphs::fit(line, LABEL_PX, PANEL_W), PANEL_X, y, LABEL_PX, TEXT);
        y += LINE;
    }
    if !panel.last.is_empty() {
        y += 4.0;
        canvas.rect(PANEL_X, y, PANEL_W, 2.0, INK);
        y += 6.0;
    }
    for text in &panel.last {
        for line in glyphs::wrap(text, LABEL_PX, PANEL_W) {
            if y + LINE > bottom {
                return;
            }
            canvas.text(&line, PANEL_X, y, LABEL_PX, DIM);
            y += LINE;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Locale;

    /// A name the font draws is kept (markup escapes removed); one with a character it lacks
    /// becomes the seat's name, in the reader's language.
    #[test]
    fn a_name_the_font_cannot_draw_falls_back_to_the_seats() {
        let names = [
            "Ann\\_B".to_owned(),
            "さくら🌸".to_owned(),
            "𠮷田".to_owned(),
            "石垣 忍".to_owned(),
        ];
        let en = Tr::new(Locale::En, &names);
        assert_eq!(name(&en, 0), "Ann_B");
        assert_eq!(name(&en, 1), "Player 2");
        assert_eq!(name(&en, 2), "Player 3");
        assert_eq!(name(&en, 3), "石垣 忍");
        assert_eq!(name(&Tr::new(Locale::Ja, &names), 1), "プレイヤー2");
    }

    /// The panel names every player: a picture whose panel lost a name differs.
    #[test]
    fn the_panel_draws_each_name() {
        let names = ["Ann".to_owned(), "Ben".to_owned()];
        let other = ["Ann".to_owned(), "Bob".to_owned()];
        let draw = |names: &[String]| {
            let tr = Tr::new(Locale::En, names);
            let panel = Panel::new(2, &[0], |_| String::new());
            compose(&panel, &tr, (10.0, 10.0), |_| {})
        };
        assert_ne!(draw(&names), draw(&other));
    }
}
