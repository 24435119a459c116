//! A finished game as an animated GIF: the board picture after each move, one frame per move,
//! the last frame held. Frames share one palette (our pictures have few colours) and each frame
//! stores only the rectangle that changed since the one before, so a long game stays small.

use super::picture::Picture;
use super::{AnyGame, LoggedAction, RestoreError, Tr, replay_entry};
use color_quant::NeuQuant;
use std::collections::HashMap;
use tiny_skia::Pixmap;

/// Discord's upload limit for a bot's file (10 MiB): an animation must stay under it.
pub const MAX_BYTES: usize = 10 * 1024 * 1024;
/// How long each move is shown, and the last position, in hundredths of a second.
const MOVE_DELAY: u16 = 70;
const LAST_DELAY: u16 = 500;

/// The animation of `game` (set up, before any move) through `log`, in `tr`'s language. Moves
/// are skipped evenly (every 2nd, 4th, …) if that is what keeps it under [`MAX_BYTES`].
pub fn animate(mut game: Box<dyn AnyGame>, log: &[LoggedAction], tr: &Tr) -> Result<Picture, RestoreError> {
    let mut states = vec![game.clone_box()];
    for (index, entry) in log.iter().enumerate() {
        replay_entry(game.as_mut(), index, entry)?;
        states.push(game.clone_box());
    }
    let alt = game.picture("", tr).map(|p| p.alt).unwrap_or_default();
    let last = states.len() - 1;
    let quant = learn(&frame(states[0].as_ref(), tr), &frame(states[last].as_ref(), tr));
    let frames = indexed(&states, &quant, tr);
    let colours = quant.color_map_rgb();
    let mut stride = 1;
    loop {
        let kept: Vec<&[u8]> = frames
            .iter()
            .enumerate()
            .filter(|(i, _)| i % stride == 0 || *i == last)
            .map(|(_, f)| f.as_slice())
            .collect();
        let gif = encode(&kept, &colours);
        if gif.len() < MAX_BYTES || kept.len() <= 2 {
            return Ok(Picture::animation(gif, alt));
        }
        stride *= 2;
    }
}

fn frame(game: &dyn AnyGame, tr: &Tr) -> Pixmap {
    let picture = game.picture("", tr).expect("an animated game draws its board");
    Pixmap::decode_png(&picture.png).expect("our own PNG decodes")
}

/// A palette for the game's colours, learnt from its first and last frames.
fn learn(first: &Pixmap, last: &Pixmap) -> NeuQuant {
    let mut sample = first.data().to_vec();
    sample.extend_from_slice(last.data());
    NeuQuant::new(10, 256, &sample)
}

/// Every position's picture as palette indices, drawn on every core: each picture is drawn,
/// encoded and decoded on its own, and a long game has hundreds.
fn indexed(states: &[Box<dyn AnyGame>], quant: &NeuQuant, tr: &Tr) -> Vec<Vec<u8>> {
    let threads = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let part = states.len().div_ceil(threads);
    std::thread::scope(|scope| {
        let workers: Vec<_> = states
            .chunks(part)
            .map(|chunk| {
                scope.spawn(move || {
                    let mut palette = Palette::new(quant);
                    chunk
                        .iter()
                        .map(|g| palette.indices(&frame(g.as_ref(), tr)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a frame draws"))
            .collect()
    })
}

/// Every colour to its palette index, each looked up once.
struct Palette<'a> {
    quant: &'a NeuQuant,
    known: HashMap<[u8; 3], u8>,
}

impl<'a> Palette<'a> {
    fn new(quant: &'a NeuQuant) -> Self {
        Self {
            quant,
            known: HashMap::new(),
        }
    }

    fn indices(&mut self, frame: &Pixmap) -> Vec<u8> {
        // Pictures are mostly runs of one colour: a pixel like the one before needs no lookup.
        let mut before: Option<([u8; 3], u8)> = None;
        frame
            .data()
            .chunks_exact(4)
            .map(|p| {
                let rgb = [p[0], p[1], p[2]];
                if let Some((colour, index)) = before
                    && colour == rgb
                {
                    return index;
                }
                let quant = self.quant;
                let index = *self
                    .known
                    .entry(rgb)
                    .or_insert_with(|| quant.index_of(&[p[0], p[1], p[2], 255]) as u8);
                before = Some((rgb, index));
                index
            })
            .collect()
    }
}

/// The smallest rectangle (left, top, width, height) where `a` and `b` differ.
fn changed(a: &[u8], b: &[u8], width: usize) -> Option<(usize, usize, usize, usize)> {
    let mut bounds: Option<(usize, usize, usize, usize)> = None;
    for (i, _) in a.iter().zip(b).enumerate().filter(|(_, (x, y))| x != y) {
        let (x, y) = (i % width, i / width);
        bounds = Some(match bounds {
            None => (x, y, x, y),
            Some((l, t, r, b)) => (l.min(x), t.min(y), r.max(x), b.max(y)),
        });
    }
    bounds.map(|(l, t, r, b)| (l, t, r - l + 1, b - t + 1))
}

/// Frames of palette indices, all of the picture's size, as one GIF.
fn encode(frames: &[&[u8]], colours: &[u8]) -> Vec<u8> {
    let (width, height) = (super::frame::WIDTH as usize, super::frame::HEIGHT as usize);
    let mut out = Vec::new();
    {
        let mut encoder = gif::Encoder::new(&mut out, width as u16, height as u16, colours)
            .expect("an in-memory GIF encodes");
        encoder
            .set_repeat(gif::Repeat::Infinite)
            .expect("an in-memory GIF encodes");
        let mut previous: Option<&[u8]> = None;
        let mut pending: Option<gif::Frame> = None;
        for &indices in frames {
            let rect = match previous {
                None => Some((0, 0, width, height)),
                Some(before) => changed(before, indices, width),
            };
            if let Some((left, top, w, h)) = rect {
                if let Some(done) = pending.take() {
                    encoder.write_frame(&done).expect("an in-memory GIF encodes");
                }
                let buffer: Vec<u8> = (top..top + h)
                    .flat_map(|y| indices[y * width + left..y * width + left + w].iter().copied())
                    .collect();
                pending = Some(gif::Frame {
                    left: left as u16,
                    top: top as u16,
                    width: w as u16,
                    height: h as u16,
                    delay: MOVE_DELAY,
                    dispose: gif::DisposalMethod::Keep,
                    buffer: buffer.into(),
                    ..gif::Frame::default()
                });
            } else if let Some(unchanged) = pending.as_mut() {
                // A move that changed nothing visible still gets its time on screen.
                unchanged.delay = unchanged.delay.saturating_add(MOVE_DELAY);
            }
            previous = Some(indices);
        }
        if let Some(mut done) = pending {
            done.delay = LAST_DELAY;
            encoder.write_frame(&done).expect("an in-memory GIF encodes");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_changed_rectangle_bounds_every_difference() {
        let a = vec![0u8; 12];
        let mut b = a.clone();
        assert_eq!(changed(&a, &b, 4), None);
        b[5] = 1; // (1, 1)
        b[10] = 1; // (2, 2)
        assert_eq!(changed(&a, &b, 4), Some((1, 1, 2, 2)));
    }

    /// The frames drawn on every core come back in the order of the positions, each as the
    /// position's own picture.
    #[test]
    fn frames_drawn_in_parallel_keep_the_order_of_the_moves() {
        use crate::engine::SeededDice;
        let names: Vec<String> = ["Ann", "Ben"].map(String::from).to_vec();
        let tr = Tr::new(crate::engine::Locale::En, &names);
        let kind = crate::games::GameKind::ALL[0];
        let mut dice = SeededDice::new(1);
        let mut game = kind
            .new_game(&serde_json::json!({}), 2, &mut dice)
            .expect("a game");
        let mut states = vec![game.clone_box()];
        for _ in 0..12 {
            let seat = game.to_act()[0];
            let first = game.choices(seat, &tr)[0].id.clone();
            game.apply(seat, &first, &mut dice).expect("an offered choice");
            states.push(game.clone_box());
        }
        let quant = learn(&frame(states[0].as_ref(), &tr), &frame(states[12].as_ref(), &tr));
        let mut palette = Palette::new(&quant);
        let one_by_one: Vec<Vec<u8>> = states
            .iter()
            .map(|g| palette.indices(&frame(g.as_ref(), &tr)))
            .collect();
        assert!(
            one_by_one.windows(2).any(|w| w[0] != w[1]),
            "the moves change the picture"
        );
        assert!(indexed(&states, &quant, &tr) == one_by_one);
    }

    /// The frames of a GIF and the last one's delay.
    fn frames(gif: &[u8]) -> (usize, u16) {
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::Indexed);
        let mut decoder = options.read_info(gif).expect("a GIF");
        let (mut count, mut last) = (0, 0);
        while let Some(frame) = decoder.read_next_frame().expect("a frame") {
            count += 1;
            last = frame.delay;
        }
        (count, last)
    }

    /// A random game of every kind animates as a GIF under Discord's limit, a frame per move
    /// that shows something new, the last held.
    #[test]
    fn every_game_animates_as_a_gif_within_discords_limit() {
        use crate::engine::{SeededDice, bot::pick_index, driver::play_logged};
        let names: Vec<String> = ["Ann", "Ben", "Cho"].map(String::from).to_vec();
        for &kind in crate::games::GameKind::ALL {
            let players = (*kind.players().start()).max(2);
            let tr = Tr::new(crate::engine::Locale::Ja, &names[..players]);
            let start = kind
                .new_game(&serde_json::json!({}), players, &mut SeededDice::new(3))
                .expect("a game");
            let mut game = start.clone_box();
            let mut pick = SeededDice::new(4);
            let (_, log) = play_logged(game.as_mut(), &mut SeededDice::new(5), 30, |g, seat| {
                let choices = g.choices(seat, &tr);
                choices[pick_index(choices.len(), &mut pick)].id.clone()
            });
            let animation = animate(start, &log, &tr).expect("the log replays");
            assert_eq!(animation.file, "game.gif");
            assert!(animation.png.len() < MAX_BYTES, "{}", kind.id());
            let (count, last) = frames(&animation.png);
            assert!(
                count > log.len() / 2 && count <= log.len() + 1,
                "{}: {count} frames",
                kind.id()
            );
            assert_eq!(last, LAST_DELAY, "{}", kind.id());
        }
    }
}
