//! The table as a PNG: the four dice, the market's nine slots in a 3×3 grid (each slot's top
//! card with its id and both halves' rows and multipliers, and how many cards lie under it),
//! and each player's piles as chips in their seat's row (the top card's active half, its
//! multiplier and the pile's score). The pile the last take or claim grew is framed; a pile
//! the last check collapsed is crossed with how many cards fell. The draft's slot and pile are
//! framed as they are chosen.

use super::{Event, Phase, Placed, SLOTS, Saizumi};
use crate::engine::frame::{self, LABEL_PX, MARKER_PX, Panel};
use crate::engine::picture::{Canvas, Picture, seat_look};
use crate::engine::steps::tokens;
use crate::engine::{Game, Seat, Tr};

const DIE: f32 = 44.0;
const DICE_H: f32 = DIE + 12.0;
const SLOT_W: f32 = 190.0;
const SLOT_H: f32 = 66.0;
const MARKET_H: f32 = 3.0 * SLOT_H;
const CHIP_W: f32 = 140.0;
const BAND_H: f32 = 66.0;
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
    let piles = (0..game.players())
        .map(|s| game.piles(s).len())
        .max()
        .unwrap_or(0);
    let width = (3.0 * SLOT_W).max(MARKER_PX + 8.0 + piles as f32 * CHIP_W);
    let height = DICE_H + MARKET_H + 8.0 + game.players() as f32 * BAND_H;
    (width, height)
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
        if let Some(dice) = game.dice() {
            for (i, &face) in dice.iter().enumerate() {
                canvas.die(face, i as f32 * (DIE + 12.0), 4.0, DIE);
            }
        }
        draw_market(canvas, game, slot);
        let latest = latest(game);
        for seat in 0..game.players() {
            let top = DICE_H + MARKET_H + 8.0 + seat as f32 * BAND_H;
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
        let (x, y) = (col as f32 * SLOT_W, DICE_H + row as f32 * SLOT_H);
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
        canvas.text(&head, x + 8.0, y + 4.0, LABEL_PX, LABEL);
        if let Some(&top) = cards.last() {
            let kind = game.kind(top);
            let halves = format!(
                "{} / {}",
                half_text(&kind.a.row, kind.a.mult),
                half_text(&kind.b.row, kind.b.mult)
            );
            canvas.text(&halves, x + 8.0, y + 4.0 + LABEL_PX + 4.0, LABEL_PX, LABEL);
        }
    }
}

/// A seat's row: its marker, then each pile as a chip: `#label id+half`, then the top half's
/// row and multiplier and the pile's score.
fn draw_band(
    canvas: &mut Canvas,
    game: &Saizumi,
    seat: Seat,
    top: f32,
    latest: &Latest,
    chosen: Option<u32>,
) {
    canvas.marker(seat, MARKER_PX / 2.0, top + BAND_H / 2.0, MARKER_PX / 2.0);
    for (i, pile) in game.piles(seat).iter().enumerate() {
        let x = MARKER_PX + 8.0 + i as f32 * CHIP_W;
        canvas.rect(x + 2.0, top + 2.0, CHIP_W - 4.0, BAND_H - 4.0, CARD);
        let Some(&placed) = pile.cards.last() else {
            continue;
        };
        let face = game.face(placed);
        let head = format!("#{} {}", pile.label, card_name(game, placed));
        canvas.text(&head, x + 6.0, top + 4.0, LABEL_PX, LABEL);
        let score = format!(
            "{} = {}",
            half_text(&face.row, face.mult),
            game.pile_score(&pile.cards)
        );
        canvas.text(&score, x + 6.0, top + 8.0 + LABEL_PX, LABEL_PX, LABEL);
        if latest.grew == Some((seat, pile.label)) {
            canvas.frame(x, top, CHIP_W, BAND_H, GREW, 3.0);
        }
        if chosen == Some(pile.label) {
            canvas.frame(x + 1.0, top + 1.0, CHIP_W - 2.0, BAND_H - 2.0, DRAFTED, 4.0);
        }
    }
    // A collapsed pile is gone: a cross after the piles, and how many cards fell.
    let fell: Vec<&(Seat, u32, usize)> = latest.fell.iter().filter(|f| f.0 == seat).collect();
    for (k, &&(_, label, n)) in fell.iter().enumerate() {
        let x = MARKER_PX + 8.0 + (game.piles(seat).len() + k) as f32 * CHIP_W;
        let (cx, cy, d) = (x + 16.0, top + BAND_H / 2.0, 10.0);
        canvas.line(&[(cx - d, cy - d), (cx + d, cy + d)], FELL, 4.0);
        canvas.line(&[(cx - d, cy + d), (cx + d, cy - d)], FELL, 4.0);
        canvas.text(
            &format!("#{label} −{n}"),
            cx + 16.0,
            cy - LABEL_PX / 2.0,
            LABEL_PX,
            FELL,
        );
    }
}

/// A placed card as `B3a`: its kind's id and the half it shows.
fn card_name(game: &Saizumi, placed: Placed) -> String {
    format!("{}{}", game.kind(placed.card).id, placed.half.letter())
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
