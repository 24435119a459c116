//! Words in the pictures: the bundled Kosugi Maru font (Apache License 2.0, see
//! `core/assets/fonts/LICENSE.txt`; Latin, kana and JIS kanji), parsed once and drawn glyph by
//! glyph with ab_glyph onto a tiny-skia pixmap.

use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont, point};
use std::sync::LazyLock;
use tiny_skia::{Pixmap, PremultipliedColorU8};

static FONT: LazyLock<FontRef<'static>> = LazyLock::new(|| {
    FontRef::try_from_slice(include_bytes!("../../assets/fonts/KosugiMaru-Regular.ttf"))
        .expect("the bundled font parses")
});

/// Whether the font draws every visible character of `text` (no boxes).
pub fn covers(text: &str) -> bool {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .all(|c| FONT.glyph_id(c) != GlyphId(0))
}

/// The characters of `text` the font draws: emoji in log lines (🎲) are left out rather than
/// drawn as boxes.
fn drawable(text: &str) -> impl Iterator<Item = char> + '_ {
    text.chars()
        .filter(|&c| c == ' ' || FONT.glyph_id(c) != GlyphId(0))
}

/// How wide `text` is at `px` pixels, in pixels.
pub fn width(text: &str, px: f32) -> f32 {
    let font = FONT.as_scaled(PxScale::from(px));
    let mut previous = None;
    let mut x = 0.0;
    for c in drawable(text) {
        let id = font.glyph_id(c);
        if let Some(previous) = previous {
            x += font.kern(previous, id);
        }
        x += font.h_advance(id);
        previous = Some(id);
    }
    x
}

/// `text` cut (with an ellipsis) so it is at most `max` pixels wide at `px`.
pub fn fit(text: &str, px: f32, max: f32) -> String {
    if width(text, px) <= max {
        return text.to_owned();
    }
    let mut cut: String = text.to_owned();
    while !cut.is_empty() && width(&format!("{cut}…"), px) > max {
        cut.pop();
    }
    format!("{}…", cut.trim_end())
}

/// `text` broken into lines at most `max` pixels wide: at spaces where there are some, anywhere
/// in text without them (Japanese).
pub fn wrap(text: &str, px: f32, max: f32) -> Vec<String> {
    let mut lines: Vec<String> = vec![];
    let mut line = String::new();
    for c in text.chars() {
        line.push(c);
        if width(&line, px) <= max {
            continue;
        }
        line.pop();
        let rest = match line.rfind(' ') {
            Some(space) if c != ' ' => {
                let rest = line[space + 1..].to_owned();
                line.truncate(space);
                rest
            }
            _ => String::new(),
        };
        lines.push(std::mem::take(&mut line).trim_end().to_owned());
        line = rest;
        if c != ' ' {
            line.push(c);
        }
    }
    if !line.trim().is_empty() {
        lines.push(line);
    }
    lines
}

/// Draws `text` with its top-left at (x, top), `px` pixels tall, in `colour` over what is
/// there (every picture is opaque, so coverage blends straight into the RGB).
pub fn draw(pixmap: &mut Pixmap, text: &str, (x, top): (f32, f32), px: f32, colour: u32) {
    let font = FONT.as_scaled(PxScale::from(px));
    let baseline = top + font.ascent();
    let [_, r, g, b] = colour.to_be_bytes();
    let (width, height) = (pixmap.width() as i32, pixmap.height() as i32);
    let pixels = pixmap.pixels_mut();
    let mut caret = x;
    let mut previous = None;
    let text: String = drawable(text).collect();
    for c in text.trim_start().chars() {
        let id = font.glyph_id(c);
        if let Some(previous) = previous {
            caret += font.kern(previous, id);
        }
        previous = Some(id);
        let glyph = id.with_scale_and_position(px, point(caret, baseline));
        caret += font.h_advance(id);
        let Some(outline) = FONT.outline_glyph(glyph) else {
            continue;
        };
        let bounds = outline.px_bounds();
        outline.draw(|gx, gy, coverage| {
            let (px, py) = (bounds.min.x as i32 + gx as i32, bounds.min.y as i32 + gy as i32);
            if px < 0 || py < 0 || px >= width || py >= height {
                return;
            }
            let pixel = &mut pixels[(py * width + px) as usize];
            let a = coverage.clamp(0.0, 1.0);
            let mix = |under: u8, over: u8| (f32::from(under) * (1.0 - a) + f32::from(over) * a) as u8;
            if let Some(blended) = PremultipliedColorU8::from_rgba(
                mix(pixel.red(), r),
                mix(pixel.green(), g),
                mix(pixel.blue(), b),
                255,
            ) {
                *pixel = blended;
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Latin, kana and common kanji draw; an emoji and a rare ideograph do not, so a name with
    /// them falls back to the seat's name.
    #[test]
    fn the_font_covers_english_and_japanese_names() {
        assert!(covers("Alice 42"));
        assert!(covers("さいころ サイコロ 石垣 忍者 賢者"));
        assert!(!covers("Bob 🎲"));
        assert!(!covers("𠮷野"));
    }

    #[test]
    fn fit_and_wrap_stay_within_the_width() {
        let long = "Wolfeschlegelsteinhausenbergerdorff the Elder";
        let cut = fit(long, 24.0, 200.0);
        assert!(cut.ends_with('…') && width(&cut, 24.0) <= 200.0);
        assert_eq!(fit("Ann", 24.0, 200.0), "Ann");
        for text in [long, "赤が c4 から c7 へ動き、青の忍者を倒しました。"] {
            let lines = wrap(text, 24.0, 150.0);
            assert!(lines.len() > 1);
            assert!(lines.iter().all(|l| width(l, 24.0) <= 150.0), "{lines:?}");
            assert_eq!(lines.concat().replace(' ', ""), text.replace(' ', ""));
        }
    }
}
