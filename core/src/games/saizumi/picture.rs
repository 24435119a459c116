//! The table as a PNG: the market's nine slots in a 3×3 grid (each slot's top card's id, how
//! many cards lie under it, and both halves' rows and multipliers a line each), and each
//! player's piles as chips in their seat's row (the top half's row and multiplier and the
//! pile's score), as many as fit at the frame's sizes and "+n" for the rest. The pile the last
//! take or claim grew is framed (and shown first); a pile the last check collapsed is crossed
//! with how many cards fell. The draft's slot and pile are framed as they are chosen. The dice
//! are the panel's line: four dice drawn readable on a phone would take a row of their own.

use super::{Event, Phase, Placed, SLOTS, Saizumi};
use crate::engine::frame::{self, BOARD, LABEL_PX, MARKER_PX, Panel};
use crate::engine::glyphs;
use crate::engine::picture::{Canvas, Picture, seat_look};
use crate::engine::steps::tokens;
use crate::engine::{Game, Seat, Tr};

const LINE: f32 = LABEL_PX + 2.0;
const SLOT_W: f32 = BOARD.0 / 3.0;
/// A slot: its head and its two halves, a line each.
const SLOT_H: f32 = 3.0 * LINE + 6.0;
const MARKET_H: f32 = 3.0 * SLOT_H;
/// A seat's row of chips: one line, its marker beside.
const BAND_H: f32 = MARKER_PX + 4.0;
const CHIPS_X: f32 = MARKER_PX + 6.0;
/// Room kept at a row's end for "+n", the piles not shown.
const MORE_W: f32 = 32.0;
const CHIP_W: f32 = (BOARD.0 - CHIPS_X - MORE_W) / 2.0;
const CHIPS: usize = 2;
const CARD: u32 = 0x004E_5058;
const LABEL: u32 = 0x00DB_DEE1;
const GREW: u32 = 0x00FF_D43B;
const FELL: u32 = 0x00FF_3B3B;
const DRAFTED: u32 = 0x0056_B4E9;

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

/// The market slot (1–9) and the pile (its label) a draft has chosen so far, as the view reads
/// its tokens: `s3`, `s3.p2`, `s3.c` when stacking; `p2` or `2-1` when responding.
fn drafted(game: &Saizumi, draft: &str) -> (Option<usize>, Option<u32>) {
    let tokens = tokens(draft);
    let number = |t: &str, prefix: char| t.strip_prefix(prefix).and_then(|n| n.parse::<u32>().ok());
    match game.phase() {
        Phase::Stack => {
            let slot = tokens.first().and_then(|t| number(t, 's')).map(|s| s as usize);
            let pile = tokens.get(1).and_then(|t| number(t, 'p'));
            (slot.filter(|s| (1..=SLOTS).contains(s)), pile)
        }
        Phase::Respond { .. } => {
            let pile = tokens
                .first()
                .and_then(|t| number(t, 'p').or_else(|| t.split('-').next().and_then(|n| n.parse().ok())));
            (None, pile)
        }
        Phase::Place | Phase::Over => (None, None),
    }
}

/// Whose piles a draft's pile belongs to: the responder's while responding, else the active seat's.
fn drafting_seat(game: &Saizumi) -> Seat {
    game.responder().unwrap_or(game.active())
}

fn size(game: &Saizumi) -> (f32, f32) {
    (BOARD.0, MARKET_H + 4.0 + game.players() as f32 * BAND_H)
}

pub(super) fn picture(game: &Saizumi, draft: &str, tr: &Tr) -> Picture {
    Picture::new(png(game, draft, tr), alt(game, draft, tr))
}

fn panel(game: &Saizumi, tr: &Tr) -> Panel {
    let names = frame::names(tr);
    let drawn = Tr::new(tr.locale, &names);
    let mut panel = Panel::new(game.players(), &Game::to_act(game), |seat| {
        tr.f("saizumi-picture-score", &[("score", game.score(seat).into())])
    });
    if let Some(dice) = game.dice() {
        let dice: Vec<String> = dice.iter().map(u8::to_string).collect();
        panel
            .lines
            .push(tr.f("picture-dice", &[("dice", dice.join(" ").into())]));
    }
    let log: Vec<_> = game.log().collect();
    panel.last = log.iter().rev().take(2).rev().map(|m| drawn.msg(m)).collect();
    panel
}

fn png(game: &Saizumi, draft: &str, tr: &Tr) -> Vec<u8> {
    let (slot, pile) = drafted(game, draft);
    frame::compose(&panel(game, tr), tr, size(game), |canvas| {
        draw_market(canvas, game, slot);
        let latest = latest(game);
        for seat in 0..game.players() {
            let top = MARKET_H + 4.0 + seat as f32 * BAND_H;
            let chosen = pile.filter(|_| seat == drafting_seat(game));
            draw_band(canvas, game, seat, top, &latest, chosen);
        }
    })
}

/// A half's row of faces and its multiplier: `33×2`.
fn half_text(row: &[u8], mult: u8) -> String {
    let faces: String = row.iter().map(u8::to_string).collect();
    format!("{faces}×{mult}")
}

fn draw_market(canvas: &mut Canvas, game: &Saizumi, chosen: Option<usize>) {
    for slot in 1..=SLOTS {
        let (col, row) = ((slot - 1) % 3, (slot - 1) / 3);
        let (x, y) = (col as f32 * SLOT_W, row as f32 * SLOT_H);
        canvas.rect(x + 2.0, y + 2.0, SLOT_W - 4.0, SLOT_H - 4.0, CARD);
        if chosen == Some(slot) {
            canvas.frame(x + 1.0, y + 1.0, SLOT_W - 2.0, SLOT_H - 2.0, DRAFTED, 4.0);
        }
        let cards = game.slot(slot);
        let head = match cards.last() {
            Some(&top) if cards.len() > 1 => format!("{slot}: {} +{}", game.kind(top).id, cards.len() - 1),
            Some(&top) => format!("{slot}: {}", game.kind(top).id),
            None => format!("{slot}: -"),
        };
        let mut lines = vec![head];
        if let Some(&top) = cards.last() {
            let kind = game.kind(top);
            lines.push(half_text(&kind.a.row, kind.a.mult));
            lines.push(half_text(&kind.b.row, kind.b.mult));
        }
        for (k, line) in lines.iter().enumerate() {
            let text = glyphs::fit(line, LABEL_PX, SLOT_W - 12.0);
            canvas.text(&text, x + 6.0, y + 4.0 + k as f32 * LINE, LABEL_PX, LABEL);
        }
    }
}

/// What a seat's row shows, in order: the piles the last check collapsed, then the pile being
/// chosen or the one that grew, then the others.
enum Chip {
    Fell { label: u32, cards: usize },
    Pile(usize),
}

fn chips(game: &Saizumi, seat: Seat, latest: &Latest, chosen: Option<u32>) -> Vec<Chip> {
    let piles = game.piles(seat);
    let first = chosen.or(latest.grew.filter(|g| g.0 == seat).map(|g| g.1));
    let mut order: Vec<usize> = (0..piles.len()).collect();
    order.sort_by_key(|&i| Some(piles[i].label) != first);
    let fell = latest.fell.iter().filter(|f| f.0 == seat);
    fell.map(|&(_, label, cards)| Chip::Fell { label, cards })
        .chain(order.into_iter().map(Chip::Pile))
        .collect()
}

/// A seat's row: its marker, then its chips, `#label=-3 444×1` (the pile's score, the top
/// half's row and multiplier), and "+n" for those that do not fit.
fn draw_band(
    canvas: &mut Canvas,
    game: &Saizumi,
    seat: Seat,
    top: f32,
    latest: &Latest,
    chosen: Option<u32>,
) {
    canvas.marker(seat, MARKER_PX / 2.0, top + BAND_H / 2.0, MARKER_PX / 2.0);
    let chips = chips(game, seat, latest, chosen);
    let text_top = top + (BAND_H - LABEL_PX) / 2.0;
    for (i, chip) in chips.iter().take(CHIPS).enumerate() {
        let x = CHIPS_X + i as f32 * CHIP_W;
        match *chip {
            Chip::Fell { label, cards } => {
                let (cx, cy, d) = (x + 12.0, top + BAND_H / 2.0, 9.0);
                canvas.line(&[(cx - d, cy - d), (cx + d, cy + d)], FELL, 4.0);
                canvas.line(&[(cx - d, cy + d), (cx + d, cy - d)], FELL, 4.0);
                canvas.text(&format!("#{label} −{cards}"), x + 26.0, text_top, LABEL_PX, FELL);
            }
            Chip::Pile(index) => {
                let pile = &game.piles(seat)[index];
                canvas.rect(x + 2.0, top + 2.0, CHIP_W - 4.0, BAND_H - 4.0, CARD);
                if let Some(&placed) = pile.cards.last() {
                    let face = game.face(placed);
                    // The score before the row, so a cut to fit leaves the score.
                    let text = format!(
                        "#{}={} {}",
                        pile.label,
                        game.pile_score(&pile.cards),
                        half_text(&face.row, face.mult)
                    );
                    let text = glyphs::fit(&text, LABEL_PX, CHIP_W - 10.0);
                    canvas.text(&text, x + 5.0, text_top, LABEL_PX, LABEL);
                }
                if latest.grew == Some((seat, pile.label)) {
                    canvas.frame(x, top, CHIP_W, BAND_H, GREW, 3.0);
                }
                if chosen == Some(pile.label) {
                    canvas.frame(x + 1.0, top + 1.0, CHIP_W - 2.0, BAND_H - 2.0, DRAFTED, 4.0);
                }
            }
        }
    }
    if chips.len() > CHIPS {
        let more = format!("+{}", chips.len() - CHIPS);
        canvas.text(&more, CHIPS_X + 2.0 * CHIP_W + 4.0, text_top, LABEL_PX, LABEL);
    }
}

/// The picture in words: the decision being made, the dice, the market's slots, each player's
/// piles and score.
fn alt(game: &Saizumi, draft: &str, tr: &Tr) -> String {
    let card = |placed: Placed| format!("{}{}", game.kind(placed.card).id, placed.half.letter());
    let mut parts = vec![tr.t("saizumi-alt-title")];
    match drafted(game, draft) {
        (Some(slot), pile) => parts.push(tr.f(
            "saizumi-alt-draft-slot",
            &[("slot", slot.into()), ("pile", pile.map_or(0, i64::from).into())],
        )),
        (None, Some(pile)) => parts.push(tr.f("saizumi-alt-draft-pile", &[("pile", pile.into())])),
        (None, None) => {}
    }
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
