//! The table as a PNG: the four dice, the market's nine slots (each card with both halves' rows
//! as dice, a above b), and each player's piles in their seat's colour (each card its active
//! half's row), the seat's marker shape beside them. The pile the last take or claim grew is
//! framed; a pile the last check collapsed is marked with a cross and how many cards fell.

use super::{Event, Placed, SLOTS, Saizumi};
use crate::engine::picture::{Canvas, Picture, seat_look};
use crate::engine::view::SEAT_COLOUR;
use crate::engine::{Seat, Tr};

const MARGIN: f32 = 12.0;
/// A small die in a card's row.
const PIP_DIE: f32 = 13.0;
const CARD_W: f32 = 3.0 * (PIP_DIE + 2.0) + 6.0;
const CARD_H: f32 = PIP_DIE + 6.0;
const COLUMN_W: f32 = CARD_W + 10.0;
const DIE: f32 = 34.0;
/// Room left of each player's piles for their marker.
const SEAT_W: f32 = 34.0;
const CARD: u32 = 0x80848E;
const LABEL: u32 = 0xDBDEE1;
const GREW: u32 = 0xFFD43B;
const FELL: u32 = 0xFF3B3B;

/// What the last events did to the piles: the pile that grew and the piles that collapsed
/// (with how many cards fell), as (seat, label).
struct Latest {
    grew: Option<(Seat, u32)>,
    fell: Vec<(Seat, u32, usize)>,
}

fn latest(game: &Saizumi) -> Latest {
    let mut latest = Latest {
        grew: None,
        fell: vec![],
    };
    for event in &game.log {
        match event {
            Event::Rolled { .. } => latest.fell.clear(),
            Event::Collapsed { player, pile, cards } => latest.fell.push((*player, *pile, cards.len())),
            Event::Took { player, pile, .. } | Event::Claimed { player, pile, .. } => {
                latest.grew = Some((*player, *pile));
            }
            _ => {}
        }
    }
    latest
}

/// A card's row of dice, centred in a card at (x, y).
fn row(canvas: &mut Canvas, faces: &[u8], x: f32, y: f32) {
    let width = faces.len() as f32 * (PIP_DIE + 2.0) - 2.0;
    let left = x + (CARD_W - width) / 2.0;
    for (i, &face) in faces.iter().enumerate() {
        canvas.die(face, left + i as f32 * (PIP_DIE + 2.0), y + 3.0, PIP_DIE);
    }
}

fn layout(game: &Saizumi) -> (f32, f32, Vec<f32>) {
    let market_h =
        (0..SLOTS).map(|s| game.market[s].len()).max().unwrap_or(0).max(1) as f32 * (2.0 * CARD_H + 2.0);
    let bands: Vec<f32> = (0..game.players())
        .map(|seat| {
            let tallest = game
                .piles(seat)
                .iter()
                .map(|p| p.cards.len())
                .max()
                .unwrap_or(0)
                .max(1);
            tallest as f32 * (CARD_H + 2.0) + 24.0
        })
        .collect();
    (market_h, DIE + 16.0, bands)
}

pub(super) fn size(game: &Saizumi) -> (u32, u32) {
    let (market_h, dice_h, bands) = layout(game);
    let piles = (0..game.players())
        .map(|s| game.piles(s).len())
        .max()
        .unwrap_or(0);
    let width = 2.0 * MARGIN + (SLOTS as f32 * COLUMN_W).max(SEAT_W + piles as f32 * COLUMN_W);
    let height = 2.0 * MARGIN + dice_h + market_h + 24.0 + bands.iter().sum::<f32>();
    (width as u32, height as u32)
}

pub(super) fn picture(game: &Saizumi, tr: &Tr) -> Picture {
    Picture::new(png(game), alt(game, tr))
}

pub(super) fn png(game: &Saizumi) -> Vec<u8> {
    let (width, height) = size(game);
    let (market_h, dice_h, bands) = layout(game);
    let mut canvas = Canvas::new(width, height);
    if let Some(dice) = game.dice() {
        for (i, &face) in dice.iter().enumerate() {
            canvas.die(face, MARGIN + i as f32 * (DIE + 8.0), MARGIN, DIE);
        }
    }
    // The market: slots 1–9, bottom card at the bottom, each card's halves a (top) and b.
    let base = MARGIN + dice_h + market_h;
    for slot in 0..SLOTS {
        let x = MARGIN + slot as f32 * COLUMN_W;
        for (k, &card) in game.market[slot].iter().enumerate() {
            let y = base - (k + 1) as f32 * (2.0 * CARD_H + 2.0);
            canvas.rect(x, y, CARD_W, 2.0 * CARD_H, CARD);
            let kind = game.kind(card);
            row(&mut canvas, &kind.a.row, x, y);
            row(&mut canvas, &kind.b.row, x, y + CARD_H);
        }
        canvas.number(slot as u32 + 1, x + CARD_W / 2.0, base + 4.0, 14.0, LABEL);
    }
    let latest = latest(game);
    let mut top = base + 24.0;
    for (seat, band) in bands.iter().enumerate() {
        let bottom = top + band - 22.0;
        canvas.marker(seat, MARGIN + SEAT_W / 2.0 - 4.0, bottom - CARD_H / 2.0, 10.0);
        let colour = SEAT_COLOUR[seat % SEAT_COLOUR.len()];
        for (i, pile) in game.piles(seat).iter().enumerate() {
            let x = MARGIN + SEAT_W + i as f32 * COLUMN_W;
            for (k, &placed) in pile.cards.iter().enumerate() {
                let y = bottom - (k + 1) as f32 * (CARD_H + 2.0);
                canvas.rect(x, y, CARD_W, CARD_H, colour);
                row(&mut canvas, &game.face(placed).row, x, y);
            }
            canvas.number(pile.label, x + CARD_W / 2.0, bottom + 4.0, 14.0, LABEL);
            let height = pile.cards.len().max(1) as f32 * (CARD_H + 2.0);
            if latest.grew == Some((seat, pile.label)) {
                canvas.frame(
                    x - 3.0,
                    bottom - height - 3.0,
                    CARD_W + 6.0,
                    height + 4.0,
                    GREW,
                    3.0,
                );
            }
            if let Some(&(_, _, n)) = latest.fell.iter().find(|f| (f.0, f.1) == (seat, pile.label)) {
                // What fell is gone: a cross above the pile, and how many cards.
                let (cx, cy, d) = (x + 10.0, bottom - height - 10.0, 6.0);
                canvas.line(&[(cx - d, cy - d), (cx + d, cy + d)], FELL, 3.0);
                canvas.line(&[(cx - d, cy + d), (cx + d, cy - d)], FELL, 3.0);
                canvas.number(n as u32, cx + 18.0, cy - 7.0, 14.0, FELL);
            }
        }
        top += band;
    }
    canvas.png()
}

/// The picture in words: the dice, the market's slots, each player's piles and score.
fn alt(game: &Saizumi, tr: &Tr) -> String {
    let card = |placed: Placed| format!("{}{}", game.kind(placed.card).id, placed.half.letter());
    let mut parts = vec![tr.t("saizumi-alt-title")];
    if let Some(dice) = game.dice() {
        let dice: Vec<String> = dice.iter().map(u8::to_string).collect();
        parts.push(tr.f("saizumi-alt-dice", &[("dice", dice.join(" ").into())]));
    }
    let slots: Vec<String> = (0..SLOTS)
        .filter(|&s| !game.market[s].is_empty())
        .map(|s| {
            let cards: Vec<&str> = game.market[s].iter().map(|&c| game.kind(c).id.as_str()).collect();
            format!("{}: {}", s + 1, cards.join(" "))
        })
        .collect();
    let slots = if slots.is_empty() {
        "—".to_owned()
    } else {
        tr.list(&slots)
    };
    parts.push(tr.f("saizumi-alt-market", &[("slots", slots.into())]));
    for seat in 0..game.players() {
        let piles: Vec<String> = game
            .piles(seat)
            .iter()
            .map(|p| {
                let cards: Vec<String> = p.cards.iter().map(|&c| card(c)).collect();
                format!("{} ({})", p.label, cards.join(" "))
            })
            .collect();
        parts.push(
            tr.f(
                "saizumi-alt-seat",
                &[
                    ("player", tr.name(seat).into()),
                    ("look", seat_look(seat, tr).into()),
                    ("score", game.score(seat).into()),
                    (
                        "piles",
                        if piles.is_empty() {
                            "—".to_owned()
                        } else {
                            tr.list(&piles)
                        }
                        .into(),
                    ),
                ],
            ),
        );
    }
    parts.join(" ")
}
