//! The board (§7) as a platform-neutral [`View`]: the status and dice with the responder queue
//! and what the dice would collapse, the market, a field per player with every pile and its live
//! score, the log, and the awaited seat's controls, offered in steps. The piles are written
//! briefly (card ids) so the board fits a phone; the awaited seat's **Details** step shows every
//! card in full. When a crowded position would break Discord's limits the cards are written more
//! briefly still, never dropped.

use super::{Action, Half, Phase, Placed, Roll, SLOTS, Saizumi, counts};
use crate::engine::view::{LOG_LINES, board_colour, recent_log};
use crate::engine::width::wrap_lines;
use crate::engine::{Arg, Field, Game, Seat, Tr, View};

mod controls;
use controls::Controls;

/// A visitor card.
pub(super) const VISITOR: &str = "🚶";
/// Marks a card that the dice would collapse if nobody responds.
const FALLS: &str = "💥";
/// A field value's limit, with room to spare.
const FIELD_MAX: usize = 1000;
/// The draft of the Details step: the board with every card in full.
const DETAILS: &str = "details";
/// Up to this many cards the responder picks a card directly, else its pile first.
const FLAT_USES: usize = 20;
/// The slot numbers as keycaps.
const KEYCAPS: [&str; SLOTS] = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"];

/// `5-6-2-2`.
pub(super) fn dice_text(roll: &Roll) -> String {
    roll.map(|d| d.to_string()).join("-")
}

/// `C1b`.
pub(super) fn placed_id(game: &Saizumi, placed: Placed) -> String {
    format!("{}{}", game.kind(placed.card).id, placed.half.letter())
}

/// `C1b [4][5] 4×2 🔄4`.
fn placed_full(game: &Saizumi, placed: Placed) -> String {
    let face = game.face(placed);
    format!("{} {} {}", placed_id(game, placed), face.short(), face.effect)
}

/// The effect a use applies, with the named face for Reroll ?.
fn use_effect(game: &Saizumi, placed: Placed, face: Option<u32>) -> String {
    let effect = game.face(placed).effect;
    match face {
        Some(n) if effect.names_face() => format!("🔄{n}"),
        _ => effect.to_string(),
    }
}

/// The card at `pos` (1-based) of `seat`'s pile `label`.
fn pile_card(game: &Saizumi, seat: Seat, label: u32, pos: u32) -> Option<Placed> {
    let pile = game.piles(seat).iter().find(|p| p.label == label)?;
    pile.cards.get((pos as usize).checked_sub(1)?).copied()
}

/// A button's label.
pub(super) fn label(game: &Saizumi, action: &Action, tr: &Tr) -> String {
    match action {
        Action::Place { stone, slot } => {
            let card = game
                .to_place()
                .iter()
                .find(|(k, _)| k == stone)
                .map_or_else(|| format!("#{stone}"), |&(_, c)| game.kind(c).id.clone());
            tr.f(
                "saizumi-act-place",
                &[("card", Arg::Text(card)), ("slot", Arg::from(*slot))],
            )
        }
        Action::Use { pile, pos, face } => {
            let seat = game.responder().unwrap_or(game.active());
            let (card, effect) = pile_card(game, seat, *pile, *pos).map_or_else(
                || ("?".into(), String::new()),
                |p| (placed_id(game, p), use_effect(game, p, *face)),
            );
            tr.f(
                "saizumi-act-use",
                &[
                    ("pile", Arg::from(*pile)),
                    ("pos", Arg::from(*pos)),
                    ("card", Arg::Text(card)),
                    ("effect", Arg::Text(effect)),
                ],
            )
        }
        Action::Done => tr.t("saizumi-act-done"),
        Action::Take { slot, pile, half } => {
            let top = game.market_top(*slot as usize);
            let card = match (top, Half::from_letter(half.chars().next().unwrap_or('?'))) {
                (Some(card), Some(half)) => placed_full(game, Placed { card, half }),
                _ => half.clone(),
            };
            tr.f(
                "saizumi-act-take",
                &[
                    ("card", Arg::Text(card)),
                    ("slot", Arg::from(*slot)),
                    ("pile", Arg::from(*pile)),
                ],
            )
        }
        Action::Claim { slot, halves } => tr.f(
            "saizumi-act-claim",
            &[
                ("slot", Arg::from(*slot)),
                ("halves", Arg::Text(halves.clone().unwrap_or_default())),
            ],
        ),
        Action::Resign => tr.t("saizumi-act-resign"),
    }
}

/// How much of each card the board writes out: 0 everything (Details), 1 the market's top cards
/// (the usual board), higher levels briefer.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Detail(u8);

impl Detail {
    const LEVELS: [Detail; 4] = [Detail(0), Detail(1), Detail(2), Detail(3)];
}

/// A market card with both halves: `C1 [1][2] 1×2 🔄1 ┃ [4][5] 4×2 🔄4`.
fn market_card(game: &Saizumi, card: super::Card, detail: Detail, top: bool) -> String {
    let kind = game.kind(card);
    if detail.0 >= 2 || (detail.0 == 1 && !top) {
        return kind.id.clone();
    }
    format!(
        "{} {} {} ┃ {} {}",
        kind.id,
        kind.a.short(),
        kind.a.effect,
        kind.b.short(),
        kind.b.effect
    )
}

/// A line per slot with cards, then the empty slots on one line.
fn market_lines(game: &Saizumi, detail: Detail, draft_slot: Option<usize>) -> Vec<String> {
    let empty: String = (1..=SLOTS)
        .filter(|&slot| game.slot(slot).is_empty())
        .map(|slot| KEYCAPS[slot - 1])
        .collect();
    let mut lines: Vec<String> = (1..=SLOTS)
        .filter(|&slot| !game.slot(slot).is_empty())
        .map(|slot| {
            let cards = game.slot(slot);
            let pointer = if draft_slot == Some(slot) { "▶" } else { "" };
            let sep = if detail.0 == 0 { "\n　" } else { " · " };
            let shown: Vec<String> = cards
                .iter()
                .enumerate()
                .map(|(i, &c)| market_card(game, c, detail, i + 1 == cards.len()))
                .collect();
            format!("{pointer}{} {}", KEYCAPS[slot - 1], shown.join(sep))
        })
        .collect();
    if !empty.is_empty() {
        lines.push(format!("{empty} —"));
    }
    lines
}

/// One player's piles: a header per pile with its live score, then its cards bottom first.
fn piles_text(game: &Saizumi, seat: Seat, detail: Detail, dice: Option<&[u8; 7]>, tr: &Tr) -> String {
    let piles = game.piles(seat);
    if piles.is_empty() {
        return tr.t("saizumi-view-no-piles");
    }
    let mut lines = vec![];
    for pile in piles {
        let top = game.face(*pile.cards.last().expect("piles are never empty"));
        let pips: u32 = pile.cards.iter().map(|&p| game.face(p).pips(top.centre)).sum();
        let falls_from = dice.and_then(|d| game.lowest_match(&pile.cards, d));
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
        let cards: Vec<String> = pile
            .cards
            .iter()
            .enumerate()
            .map(|(i, &p)| {
                let falls = if falls_from.is_some_and(|f| i + 1 >= f) {
                    FALLS
                } else {
                    ""
                };
                match detail.0 {
                    0 => format!("`{}` {}{falls}", i + 1, placed_full(game, p)),
                    _ => format!("{}{falls}", placed_id(game, p)),
                }
            })
            .collect();
        if detail.0 >= 1 {
            lines.push(cards.join(" "));
        } else {
            lines.extend(cards);
        }
    }
    lines.join("\n")
}

/// `(queue position) acting / waiting / done` for the responders, in queue order.
fn queue_line(queue: &[Seat], at: usize, tr: &Tr) -> String {
    let parts: Vec<String> = queue
        .iter()
        .enumerate()
        .map(|(i, &s)| {
            let state = match i.cmp(&at) {
                std::cmp::Ordering::Less => "saizumi-view-done",
                std::cmp::Ordering::Equal => "saizumi-view-acting",
                std::cmp::Ordering::Greater => "saizumi-view-waiting",
            };
            format!("{} {}", tr.seat(s), tr.t(state))
        })
        .collect();
    tr.f("saizumi-view-queue", &[("queue", Arg::Text(parts.join(" · ")))])
}

/// What the dice would collapse if nobody responds: cards lost per player.
fn risk_line(game: &Saizumi, dice: &[u8; 7], tr: &Tr) -> String {
    let parts: Vec<String> = (0..game.players())
        .filter_map(|seat| {
            let lost: usize = game
                .piles(seat)
                .iter()
                .filter_map(|p| game.lowest_match(&p.cards, dice).map(|f| p.cards.len() + 1 - f))
                .sum();
            (lost > 0).then(|| {
                let after: i64 = game
                    .piles(seat)
                    .iter()
                    .map(|p| {
                        let keep = game.lowest_match(&p.cards, dice).map_or(p.cards.len(), |f| f - 1);
                        game.pile_score(&p.cards[..keep])
                    })
                    .sum();
                tr.f(
                    "saizumi-view-risk-player",
                    &[
                        ("player", Arg::Seat(seat)),
                        ("cards", Arg::from(lost)),
                        ("score", Arg::Num(after)),
                    ],
                )
            })
        })
        .collect();
    if parts.is_empty() {
        tr.t("saizumi-view-risk-none")
    } else {
        tr.f("saizumi-view-risk", &[("risk", Arg::Text(parts.join(" · ")))])
    }
}

fn status_lines(game: &Saizumi, tr: &Tr) -> Vec<String> {
    let player = Arg::Seat(game.active());
    let mut lines = vec![];
    match game.phase() {
        Phase::Over => lines.extend(game.outcome.iter().map(|o| o.describe(tr))),
        Phase::Place => {
            let stones: Vec<String> = game
                .to_place()
                .iter()
                .map(|&(_, c)| game.kind(c).id.clone())
                .collect();
            lines.push(tr.f(
                "saizumi-view-placing",
                &[("player", player), ("stones", Arg::Text(stones.join(" · ")))],
            ));
        }
        Phase::Respond { dice, queue, at } => {
            lines.push(tr.f(
                "saizumi-view-check",
                &[
                    ("check", Arg::from(u32::from(game.checks_done()) + 1)),
                    ("dice", Arg::Text(super::cards::row_text(dice))),
                ],
            ));
            lines.push(queue_line(queue, *at, tr));
            lines.push(risk_line(game, &counts(dice), tr));
        }
        Phase::Stack => lines.push(tr.f("saizumi-view-stacking", &[("player", player)])),
    }
    let revealed: Vec<String> = game.revealed().iter().map(|&d| game.drawn_text(d)).collect();
    lines.push(tr.f(
        "saizumi-view-counts",
        &[
            ("deck", Arg::from(game.deck().len())),
            ("seen", Arg::from(game.visitors_seen())),
            ("visitors", Arg::from(super::cards::VISITORS)),
            ("pending", Arg::from(game.checks_pending())),
        ],
    ));
    if !revealed.is_empty() {
        lines.push(tr.f(
            "saizumi-view-revealed",
            &[("revealed", Arg::Text(revealed.join(" ")))],
        ));
    }
    lines
}

fn player_field(game: &Saizumi, seat: Seat, detail: Detail, tr: &Tr) -> Field {
    let dice = match game.phase() {
        Phase::Respond { dice, .. } => Some(counts(dice)),
        _ => None,
    };
    let state = if !game.is_playing(seat) {
        Some("saizumi-view-resigned")
    } else if game.to_act().contains(&seat) {
        Some("saizumi-view-to-act")
    } else if seat == game.active() && *game.phase() != Phase::Over {
        Some("saizumi-view-active")
    } else {
        None
    };
    let mut name = tr.f(
        "saizumi-view-player",
        &[("player", Arg::Seat(seat)), ("total", Arg::Num(game.score(seat)))],
    );
    if let Some(state) = state {
        name.push(' ');
        name.push_str(&tr.t(state));
    }
    Field::new(
        name,
        wrap_lines(&piles_text(game, seat, detail, dice.as_ref(), tr)),
    )
}

/// The last [`LOG_LINES`] log lines, as many as fit a field.
fn log_text(game: &Saizumi, tr: &Tr) -> String {
    let mut lines: Vec<String> = game.log().map(|m| tr.msg(&m)).collect();
    lines.drain(..lines.len().saturating_sub(LOG_LINES));
    while lines.iter().map(|l| l.chars().count() + 1).sum::<usize>() > FIELD_MAX && lines.len() > 1 {
        lines.remove(0);
    }
    let text = recent_log(&lines);
    text.chars().take(FIELD_MAX).collect()
}

pub(super) fn view(game: &Saizumi, _viewer: Option<Seat>, draft: &str, tr: &Tr) -> View {
    let over = *game.phase() == Phase::Over;
    // The finished board shows everything; a live one the brief cards unless asked.
    let full = over || draft == DETAILS;
    let mut controls = Controls::new(game, if full { "" } else { draft }, tr);
    controls.offer_details(full && !over, tr);
    let mut shown = None;
    let levels = if full {
        &Detail::LEVELS[..]
    } else {
        &Detail::LEVELS[1..]
    };
    for &detail in levels {
        let view = board(game, detail, &controls, tr);
        let fits = view.check_limits().is_ok();
        shown = Some(view);
        if fits {
            break;
        }
    }
    shown.expect("at least one level is drawn")
}

fn board(game: &Saizumi, detail: Detail, controls: &Controls, tr: &Tr) -> View {
    let over = *game.phase() == Phase::Over;
    let title = if over {
        tr.t("saizumi-title-over")
    } else {
        tr.f(
            "saizumi-title-turn",
            &[
                ("turn", Arg::from(game.turn())),
                ("player", Arg::Seat(game.active())),
            ],
        )
    };
    let mut lines = status_lines(game, tr);
    lines.extend(controls.preview.iter().cloned());
    lines.push(tr.t("saizumi-view-market"));
    lines.extend(market_lines(game, detail, controls.slot));
    // Players in playing order, so the board shows who comes next.
    let mut fields: Vec<Field> = game
        .order()
        .iter()
        .map(|&s| player_field(game, s, detail, tr))
        .collect();
    let log = log_text(game, tr);
    if !log.is_empty() {
        fields.push(Field::new(tr.t("saizumi-view-log"), log));
    }
    View {
        title,
        // A slot with many cards, or a long queue of responders, wraps on a phone: counted so.
        description: wrap_lines(&lines.join("\n")),
        text: None,
        // The picture has no letters: the market's card names stay in words.
        words: None,
        fields,
        colour: board_colour(game.active(), over),
        footer: Some(tr.t("saizumi-view-legend")),
        rows: controls.rows.clone(),
    }
}

impl Saizumi {
    /// The top card of slot 1–9, if any (also for labels of actions that may be refused).
    pub fn market_top(&self, slot: usize) -> Option<super::Card> {
        self.market.get(slot.checked_sub(1)?)?.last().copied()
    }
}

/// Every draft the step controls of this position lead to (for tests of the limits).
#[cfg(test)]
pub(super) fn reachable_drafts(game: &Saizumi, tr: &Tr) -> Vec<String> {
    let mut seen = vec![String::new()];
    let mut i = 0;
    while i < seen.len() && seen.len() < 400 {
        let view = view(game, None, &seen[i].clone(), tr);
        for row in &view.rows {
            for id in row.ids() {
                if let Some(d) = id.strip_prefix('~')
                    && !seen.iter().any(|s| s == d)
                {
                    seen.push(d.to_owned());
                }
            }
        }
        i += 1;
    }
    seen
}
