//! Board pictures: PNGs drawn with tiny-skia (pure Rust, no system libraries) from the same data
//! the emoji boards use, with words in the bundled font (`glyphs`). Each seat's markers have a
//! shape as well as a colour (Okabe–Ito's colour-blind-safe palette), so colour is never the
//! only signal.

use super::glyphs;
use super::{Seat, Tr};
use std::cell::Cell;
use tiny_skia::{FillRule, Paint, Path, PathBuilder, Pixmap, Rect, Stroke, Transform};

/// How wide Discord shows an embed's image on a phone, in pixels: the chat's width less the
/// avatar's gutter and the embed's border and padding (docs/ARCHITECTURE.md, "Board pictures").
/// A picture is designed for this width, the narrowest it is shown at (desktop shows a 4:3
/// picture 400 wide).
pub const PHONE_WIDTH: f32 = 300.0;
/// The smallest a label may look on that phone, in pixels tall.
pub const SHOWN_LABEL: f32 = 12.0;
/// The smallest a marker may look on that phone, in pixels across.
pub const SHOWN_MARKER: f32 = 16.0;

/// The sizes text and markers need on a canvas `width` pixels wide so that, shrunk to
/// [`PHONE_WIDTH`], labels stay [`SHOWN_LABEL`] tall and markers [`SHOWN_MARKER`] across. Every
/// game takes its sizes from the frame's one `TypeScale`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TypeScale {
    /// The smallest text, in pixels tall.
    pub label: f32,
    /// The smallest marker (a seat's piece, a runner, a die), in pixels across.
    pub marker: f32,
}

impl TypeScale {
    pub const fn for_width(width: u32) -> Self {
        let shrink = PHONE_WIDTH / width as f32;
        Self {
            label: SHOWN_LABEL / shrink,
            marker: SHOWN_MARKER / shrink,
        }
    }
}

/// The smallest text and marker a picture drew, in the canvas's pixels (after its scale).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Smallest {
    pub label: f32,
    pub marker: f32,
}

impl Smallest {
    const NONE: Self = Self {
        label: f32::INFINITY,
        marker: f32::INFINITY,
    };

    /// Whether nothing was drawn smaller than `scale` allows (a hundredth of a pixel spared
    /// for rounding).
    pub fn within(&self, scale: TypeScale) -> bool {
        self.label + 0.01 >= scale.label && self.marker + 0.01 >= scale.marker
    }
}

thread_local! {
    // What the pictures drawn on this thread drew smallest, for `measured`: the readability
    // test checks what is really drawn, through every game's own scale and offset.
    static SMALLEST: Cell<Smallest> = const { Cell::new(Smallest::NONE) };
}

/// What `draw` returns, with the smallest text and marker the pictures it drew drew.
pub fn measured<T>(draw: impl FnOnce() -> T) -> (T, Smallest) {
    SMALLEST.with(|s| s.set(Smallest::NONE));
    let out = draw();
    (out, SMALLEST.with(Cell::get))
}

fn note(label: f32, marker: f32) {
    SMALLEST.with(|s| {
        let was = s.get();
        s.set(Smallest {
            label: was.label.min(label),
            marker: was.marker.min(marker),
        });
    });
}

/// The most a board picture may weigh, well under Discord's attachment limits.
pub const MAX_BYTES: usize = 200 * 1024;
/// Discord's limit for an attachment's description (its alt text), in characters.
pub const ALT_CHARS: usize = 1024;

/// A board picture and its alt text: what it shows, in words, for screen readers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// The file's bytes: a PNG, or a GIF for an animation.
    pub png: Vec<u8>,
    pub alt: String,
    /// The name it is uploaded as (`board.png`, `game.gif`).
    pub file: &'static str,
}

impl Picture {
    /// The alt text is cut to [`ALT_CHARS`] (with an ellipsis), so a long game never makes
    /// Discord refuse the board.
    pub fn new(png: Vec<u8>, alt: String) -> Self {
        let alt = match alt.char_indices().nth(ALT_CHARS - 1) {
            Some((cut, _)) if alt.chars().count() > ALT_CHARS => format!("{}…", &alt[..cut]),
            _ => alt,
        };
        Self {
            png,
            alt,
            file: "board.png",
        }
    }

    /// A whole game as an animated GIF.
    pub fn animation(gif: Vec<u8>, alt: String) -> Self {
        Self {
            file: "game.gif",
            ..Self::new(gif, alt)
        }
    }
}

/// How a seat's markers look in the pictures, in words ("vermillion circle"), for alt texts.
pub fn seat_look(seat: Seat, tr: &Tr) -> String {
    tr.t(&format!("picture-seat-{}", seat % SEAT_SHAPE.len()))
}

/// Discord's dark theme, so a picture sits well in the embed.
pub const BACKGROUND: u32 = 0x002B_2D31;
pub const INK: u32 = 0x0011_1214;
pub const WHITE: u32 = 0x00FF_FFFF;

/// Shapes of pieces: the first five are the seats' (with their colours); the others are for
/// what is nobody's (jewels, runners, neutral pieces).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    Circle,
    Square,
    Diamond,
    Heart,
    Star,
    Triangle,
    Hexagon,
    Cross,
}

/// Seats' shapes in seat order, as the seat marks of the emoji boards (🔴 🟦 🔶 💚 ⭐).
pub const SEAT_SHAPE: [Shape; 5] = [
    Shape::Circle,
    Shape::Square,
    Shape::Diamond,
    Shape::Heart,
    Shape::Star,
];
/// Seats' colours in seat order: Okabe–Ito's vermillion, blue, orange, bluish green, yellow.
pub const SEAT_FILL: [u32; 5] = [0x00D5_5E00, 0x0000_72B2, 0x00E6_9F00, 0x0000_9E73, 0x00F0_E442];

fn paint(colour: u32) -> Paint<'static> {
    let mut paint = Paint::default();
    let [_, r, g, b] = colour.to_be_bytes();
    paint.set_color_rgba8(r, g, b, 255);
    paint.anti_alias = true;
    paint
}

/// A seat's fill colour in pictures.
pub fn seat_fill(seat: Seat) -> u32 {
    SEAT_FILL[seat % SEAT_FILL.len()]
}

/// A picture being drawn. Drawing goes through a scale and an offset (`place`), so a game draws
/// its board in its own units and the frame puts it where it fits.
pub struct Canvas {
    pixmap: Pixmap,
    scale: f32,
    offset: (f32, f32),
}

impl Canvas {
    pub fn new(width: u32, height: u32) -> Self {
        let mut pixmap = Pixmap::new(width, height).expect("a board picture has a size");
        let [_, r, g, b] = BACKGROUND.to_be_bytes();
        pixmap.fill(tiny_skia::Color::from_rgba8(r, g, b, 255));
        Self {
            pixmap,
            scale: 1.0,
            offset: (0.0, 0.0),
        }
    }

    /// From now on, (x, y) is drawn at `offset + scale·(x, y)`.
    pub fn place(&mut self, scale: f32, offset: (f32, f32)) {
        self.scale = scale;
        self.offset = offset;
    }

    fn at(&self) -> Transform {
        Transform::from_row(self.scale, 0.0, 0.0, self.scale, self.offset.0, self.offset.1)
    }

    fn to_pixels(&self, (x, y): (f32, f32)) -> (f32, f32) {
        (self.offset.0 + x * self.scale, self.offset.1 + y * self.scale)
    }

    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, colour: u32) {
        if let Some(rect) = Rect::from_xywh(x, y, w, h) {
            let at = self.at();
            self.pixmap.fill_rect(rect, &paint(colour), at, None);
        }
    }

    /// `text` with its top-left at (x, top), `px` units tall.
    pub fn text(&mut self, text: &str, x: f32, top: f32, px: f32, colour: u32) {
        let (x, top) = self.to_pixels((x, top));
        if !text.trim().is_empty() {
            note(px * self.scale, f32::INFINITY);
        }
        glyphs::draw(&mut self.pixmap, text, (x, top), px * self.scale, colour);
    }

    /// `text` centred on `x`, from `top`.
    pub fn text_centred(&mut self, text: &str, x: f32, top: f32, px: f32, colour: u32) {
        let half = glyphs::width(text, px) / 2.0;
        self.text(text, x - half, top, px, colour);
    }

    /// A rectangle's border, e.g. to highlight what the last move changed.
    pub fn frame(&mut self, x: f32, y: f32, w: f32, h: f32, colour: u32, width: f32) {
        if let Some(rect) = Rect::from_xywh(x, y, w, h) {
            self.stroke(&PathBuilder::from_rect(rect), colour, width);
        }
    }

    fn fill(&mut self, path: &Path, colour: u32) {
        let at = self.at();
        self.pixmap
            .fill_path(path, &paint(colour), FillRule::Winding, at, None);
    }

    fn stroke(&mut self, path: &Path, colour: u32, width: f32) {
        let stroke = Stroke {
            width,
            ..Stroke::default()
        };
        let at = self.at();
        self.pixmap.stroke_path(path, &paint(colour), &stroke, at, None);
    }

    /// `seat`'s marker centred on (x, y): its shape in its colour, outlined in ink (the yellow
    /// star in white too, so it shows on light squares and the dark background alike).
    pub fn marker(&mut self, seat: Seat, x: f32, y: f32, r: f32) {
        self.piece(
            SEAT_SHAPE[seat % SEAT_SHAPE.len()],
            (seat_fill(seat), INK),
            x,
            y,
            r,
        );
    }

    /// A piece of any shape in (fill, outline) colours, for games whose sides have colours of
    /// their own.
    pub fn piece(&mut self, shape: Shape, (fill, outline): (u32, u32), x: f32, y: f32, r: f32) {
        if let Some(path) = shape_path(shape, x, y, r) {
            note(f32::INFINITY, 2.0 * r * self.scale);
            self.fill(&path, fill);
            self.stroke(&path, outline, 1.5);
        }
    }

    /// A line through `points`, e.g. the path a piece took.
    pub fn line(&mut self, points: &[(f32, f32)], colour: u32, width: f32) {
        let mut pb = PathBuilder::new();
        for (i, &(x, y)) in points.iter().enumerate() {
            if i == 0 {
                pb.move_to(x, y);
            } else {
                pb.line_to(x, y);
            }
        }
        if let Some(path) = pb.finish() {
            self.stroke(&path, colour, width);
        }
    }

    /// An arrow from `from` to `to` with its head at `to`, e.g. a climb or a slip.
    pub fn arrow(&mut self, from: (f32, f32), to: (f32, f32), colour: u32, width: f32) {
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let length = (dx * dx + dy * dy).sqrt();
        if length < 1.0 {
            return;
        }
        let (ux, uy) = (dx / length, dy / length);
        let head = (width * 3.0).min(length);
        let base = (to.0 - ux * head, to.1 - uy * head);
        self.line(&[from, base], colour, width);
        let side = (-uy * head * 0.6, ux * head * 0.6);
        let mut pb = PathBuilder::new();
        pb.move_to(to.0, to.1);
        pb.line_to(base.0 + side.0, base.1 + side.1);
        pb.line_to(base.0 - side.0, base.1 - side.1);
        pb.close();
        if let Some(path) = pb.finish() {
            self.fill(&path, colour);
        }
    }

    /// A circle's outline, e.g. around a piece the last move captured.
    pub fn ring(&mut self, x: f32, y: f32, r: f32, colour: u32, width: f32) {
        if let Some(path) = PathBuilder::from_circle(x, y, r) {
            self.stroke(&path, colour, width);
        }
    }

    /// A plain disc, e.g. behind a marker drawn on its own colour.
    pub fn disc(&mut self, x: f32, y: f32, r: f32, colour: u32) {
        if let Some(path) = PathBuilder::from_circle(x, y, r) {
            self.fill(&path, colour);
        }
    }

    /// A runner: a white hexagon with a dark ring, unlike any seat's marker.
    pub fn runner(&mut self, x: f32, y: f32, r: f32) {
        if let Some(path) = shape_path(Shape::Hexagon, x, y, r) {
            note(f32::INFINITY, 2.0 * r * self.scale);
            self.fill(&path, WHITE);
            self.stroke(&path, INK, 2.0);
        }
    }

    /// A die showing `face` (1–6) as pips, `size` pixels square from its top-left corner.
    pub fn die(&mut self, face: u8, x: f32, y: f32, size: f32) {
        note(f32::INFINITY, size * self.scale);
        self.rect(x, y, size, size, WHITE);
        let (lo, mid, hi) = (0.25, 0.5, 0.75);
        let pips: &[(f32, f32)] = match face {
            1 => &[(mid, mid)],
            2 => &[(lo, lo), (hi, hi)],
            3 => &[(lo, lo), (mid, mid), (hi, hi)],
            4 => &[(lo, lo), (hi, lo), (lo, hi), (hi, hi)],
            5 => &[(lo, lo), (hi, lo), (mid, mid), (lo, hi), (hi, hi)],
            6 => &[(lo, lo), (hi, lo), (lo, mid), (hi, mid), (lo, hi), (hi, hi)],
            _ => &[],
        };
        for &(px, py) in pips {
            self.disc(x + px * size, y + py * size, size * 0.1, INK);
        }
    }

    /// `n` in the font's digits `h` units tall, centred on `x`, from top `y`.
    pub fn number(&mut self, n: u32, x: f32, y: f32, h: f32, colour: u32) {
        self.text_centred(&n.to_string(), x, y, h, colour);
    }

    /// The picture as PNG bytes: opaque RGB with png's fast deflate, which keeps a board within
    /// the render budget (the default compression costs several times as long for a few KB).
    pub fn png(&self) -> Vec<u8> {
        // Every pixel is opaque (an opaque background, opaque paints), so premultiplied RGBA
        // is plain RGB plus alpha.
        let rgb: Vec<u8> = self
            .pixmap
            .data()
            .chunks_exact(4)
            .flat_map(|p| [p[0], p[1], p[2]])
            .collect();
        let mut out = Vec::new();
        let mut encoder = png::Encoder::new(&mut out, self.pixmap.width(), self.pixmap.height());
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_compression(png::Compression::Fast);
        let mut writer = encoder.write_header().expect("an in-memory PNG encodes");
        writer.write_image_data(&rgb).expect("an in-memory PNG encodes");
        writer.finish().expect("an in-memory PNG encodes");
        out
    }
}

/// A shape centred on (x, y) with "radius" `r`.
fn shape_path(shape: Shape, x: f32, y: f32, r: f32) -> Option<Path> {
    let polygon = |points: &[(f32, f32)]| {
        let mut pb = PathBuilder::new();
        pb.move_to(x + points[0].0 * r, y + points[0].1 * r);
        for &(px, py) in &points[1..] {
            pb.line_to(x + px * r, y + py * r);
        }
        pb.close();
        pb.finish()
    };
    match shape {
        Shape::Circle => PathBuilder::from_circle(x, y, r),
        Shape::Square => polygon(&[(-0.85, -0.85), (0.85, -0.85), (0.85, 0.85), (-0.85, 0.85)]),
        Shape::Triangle => polygon(&[(0.0, -1.0), (1.0, 0.85), (-1.0, 0.85)]),
        Shape::Diamond => polygon(&[(0.0, -1.1), (1.0, 0.0), (0.0, 1.1), (-1.0, 0.0)]),
        Shape::Hexagon => polygon(&[
            (-0.5, -0.87),
            (0.5, -0.87),
            (1.0, 0.0),
            (0.5, 0.87),
            (-0.5, 0.87),
            (-1.0, 0.0),
        ]),
        Shape::Star => {
            let points: Vec<(f32, f32)> = (0..10)
                .map(|i| {
                    let angle = std::f32::consts::PI * (i as f32 / 5.0 - 0.5);
                    let reach = if i % 2 == 0 { 1.1 } else { 0.45 };
                    (reach * angle.cos(), reach * angle.sin() + 0.1)
                })
                .collect();
            polygon(points.as_slice())
        }
        Shape::Heart => {
            let mut pb = PathBuilder::new();
            pb.move_to(x, y + r);
            pb.cubic_to(x - 1.3 * r, y, x - 1.0 * r, y - 1.1 * r, x, y - 0.45 * r);
            pb.cubic_to(x + 1.0 * r, y - 1.1 * r, x + 1.3 * r, y, x, y + r);
            pb.close();
            pb.finish()
        }
        Shape::Cross => polygon(&[
            (-0.35, -1.0),
            (0.35, -1.0),
            (0.35, -0.35),
            (1.0, -0.35),
            (1.0, 0.35),
            (0.35, 0.35),
            (0.35, 1.0),
            (-0.35, 1.0),
            (-0.35, 0.35),
            (-1.0, 0.35),
            (-1.0, -0.35),
            (-0.35, -0.35),
        ]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Which pixels a marker of `seat` covers, on its own canvas.
    fn mask(seat: Seat) -> Vec<bool> {
        let mut canvas = Canvas::new(40, 40);
        canvas.marker(seat, 20.0, 20.0, 16.0);
        let background = Canvas::new(40, 40);
        canvas
            .pixmap
            .pixels()
            .iter()
            .zip(background.pixmap.pixels())
            .map(|(a, b)| a != b)
            .collect()
    }

    /// Every seat's marker differs from every other's by its shape, not only its colour, and
    /// by its colour too.
    #[test]
    fn no_two_seats_share_a_shape_or_a_colour() {
        let seats = SEAT_SHAPE.len();
        let pairs = (0..seats).flat_map(|a| (a + 1..seats).map(move |b| (a, b)));
        for (a, b) in pairs {
            let (ma, mb) = (mask(a), mask(b));
            let differing = ma.iter().zip(&mb).filter(|(x, y)| x != y).count();
            assert!(differing > 60, "seats {a} and {b}: {differing} pixels apart");
            assert_ne!(seat_fill(a), seat_fill(b));
        }
    }

    /// A long alt text is cut to Discord's limit on a character boundary; a short one is kept.
    #[test]
    fn alt_text_is_cut_to_discords_limit() {
        let long = Picture::new(vec![], "石".repeat(ALT_CHARS + 10));
        assert_eq!(long.alt.chars().count(), ALT_CHARS);
        assert!(long.alt.ends_with('…'));
        let short = Picture::new(vec![], "a".repeat(ALT_CHARS));
        assert_eq!(short.alt, "a".repeat(ALT_CHARS));
    }
}
