//! The cards as the board writes them: the market a line per slot and each pile a line, with
//! card ids and the market's top rows (the brief board, for a phone), or every card with both
//! halves, centres and effects (the Details step, and a finished game).

use super::super::{Card, cards::row_text};
use super::{Arg, FALLS, KEYCAPS, Placed, SLOTS, Saizumi, Seat, Tr, placed_id};
use crate::engine::width::{PHONE_COLUMNS, columns};

/// How much of each card the board writes out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Detail {
    /// Every card in full: the Details step and a finished game.
    Full,
    /// Card ids, and the rows of the market's top cards: the usual board.
    Brief,
    /// Card ids only, for a position too crowded for Discord's limits otherwise.
    Ids,
}

/// `C1b [4][5] 4×2 🔄4`.
pub(super) fn placed_full(game: &Saizumi, placed: Placed) -> String {
    let face = game.face(placed);
    format!("{} {} {}", placed_id(game, placed), face.short(), face.effect)
}

/// A market card with both halves: `C1 [1][2] 1×2 🔄1 ┃ [4][5] 4×2 🔄4`.
fn card_full(game: &Saizumi, card: Card) -> String {
    let kind = game.kind(card);
    format!(
        "{} {} {} ┃ {} {}",
        kind.id,
        kind.a.short(),
        kind.a.effect,
        kind.b.short(),
        kind.b.effect
    )
}

/// A slot with cards on one line within a phone's width: its keycap, the ids bottom first and,
/// briefly, the top card's two rows (`4️⃣ C1 C1 C2 [2][3]┃[5][6]`). Lower cards that do not fit
/// are counted (`+3`). In full, each card on a line of its own under the keycap.
fn slot_text(game: &Saizumi, slot: usize, detail: Detail, pointer: &str) -> String {
    let cards = game.slot(slot);
    let head = format!("{pointer}{}", KEYCAPS[slot - 1]);
    let ids: Vec<&str> = cards.iter().map(|&c| game.kind(c).id.as_str()).collect();
    let Some((&top, lower)) = cards.split_last() else {
        return head;
    };
    let top_text = match detail {
        Detail::Full => {
            let all: Vec<String> = cards.iter().map(|&c| card_full(game, c)).collect();
            return format!("{head} {}", all.join("\n　"));
        }
        Detail::Ids => return format!("{head} {}", ids.join(" ")),
        Detail::Brief => {
            let kind = game.kind(top);
            format!("{} {}┃{}", kind.id, row_text(&kind.a.row), row_text(&kind.b.row))
        }
    };
    // As many lower ids as fit beside the top card, the rest counted.
    let line = |shown: usize| {
        let mut parts = vec![head.clone()];
        parts.extend(ids[..shown].iter().map(std::string::ToString::to_string));
        if shown < lower.len() {
            parts.push(format!("+{}", lower.len() - shown));
        }
        parts.push(top_text.clone());
        parts.join(" ")
    };
    (1..=lower.len())
        .rev()
        .map(line)
        .find(|l| columns(l) <= PHONE_COLUMNS)
        .unwrap_or_else(|| line(0))
}

/// A line per slot with cards, then the empty slots on one line.
pub(super) fn market_lines(game: &Saizumi, detail: Detail, draft_slot: Option<usize>) -> Vec<String> {
    let empty: String = (1..=SLOTS)
        .filter(|&slot| game.slot(slot).is_empty())
        .map(|slot| KEYCAPS[slot - 1])
        .collect();
    let mut lines: Vec<String> = (1..=SLOTS)
        .filter(|&slot| !game.slot(slot).is_empty())
        .map(|slot| {
            let pointer = if draft_slot == Some(slot) { "▶" } else { "" };
            slot_text(game, slot, detail, pointer)
        })
        .collect();
    if !empty.is_empty() {
        lines.push(format!("{empty} —"));
    }
    lines
}

/// One player's piles. Briefly a line each, its score first (a tall pile's cards wrap after
/// it), then its cards bottom first with 💥 before the lowest card the dice would collapse
/// (`#1 (8 pts) C1b 💥A3b B4a`); in full a header with the score's sum, then each card with its
/// halves on a line.
pub(super) fn piles_text(
    game: &Saizumi,
    seat: Seat,
    detail: Detail,
    dice: Option<&[u8; 7]>,
    tr: &Tr,
) -> String {
    let piles = game.piles(seat);
    if piles.is_empty() {
        return tr.t("saizumi-view-no-piles");
    }
    let mut lines = vec![];
    for pile in piles {
        let falls_from = dice.and_then(|d| game.lowest_match(&pile.cards, d));
        let falls = |i: usize| falls_from.is_some_and(|f| i + 1 >= f);
        if detail != Detail::Full {
            let cards: Vec<String> = pile
                .cards
                .iter()
                .enumerate()
                .map(|(i, &p)| {
                    let first = falls_from == Some(i + 1);
                    format!("{}{}", if first { FALLS } else { "" }, placed_id(game, p))
                })
                .collect();
            lines.push(tr.f(
                "saizumi-view-pile-brief",
                &[
                    ("pile", Arg::from(pile.label)),
                    ("cards", Arg::Text(cards.join(" "))),
                    ("score", Arg::Num(game.pile_score(&pile.cards))),
                ],
            ));
            continue;
        }
        let top = game.face(*pile.cards.last().expect("piles are never empty"));
        let pips: u32 = pile.cards.iter().map(|&p| game.face(p).pips(top.centre)).sum();
        lines.push(tr.f(
            "saizumi-view-pile",
            &[
                ("pile", Arg::from(pile.label)),
                ("height", Arg::from(pile.cards.len())),
                ("pips", Arg::from(pips)),
                ("mult", Arg::from(top.mult)),
                ("factor", Arg::Num(pile.cards.len() as i64 - 2)),
                ("score", Arg::Num(game.pile_score(&pile.cards))),
            ],
        ));
        lines.extend(pile.cards.iter().enumerate().map(|(i, &p)| {
            let mark = if falls(i) { FALLS } else { "" };
            format!("`{}` {}{mark}", i + 1, placed_full(game, p))
        }));
    }
    lines.join("\n")
}

/// A player's score if nobody responds to `dice` and their piles collapse, when it would lose
/// any card.
pub(super) fn score_after(game: &Saizumi, seat: Seat, dice: &[u8; 7]) -> Option<i64> {
    let piles = game.piles(seat);
    let falls = piles.iter().any(|p| game.lowest_match(&p.cards, dice).is_some());
    falls.then(|| {
        piles
            .iter()
            .map(|p| {
                let keep = game.lowest_match(&p.cards, dice).map_or(p.cards.len(), |f| f - 1);
                game.pile_score(&p.cards[..keep])
            })
            .sum()
    })
}
