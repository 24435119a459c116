//! The board (§7) as a platform-neutral [`View`]: the status and dice, the market, a field per
//! player with every pile and its live score (and what it would be if the dice collapse it), the
//! log, and the awaited seat's controls, offered in steps. Cards are written briefly (ids, a
//! line per slot and per pile) so five players' board fits a phone; the awaited seat's
//! **Details** step shows every card in full. When a crowded position would break Discord's
//! limits the cards are written more briefly still, never dropped.

use super::{Action, Half, Phase, Placed, Roll, SLOTS, Saizumi, counts};
use crate::engine::view::{LOG_LINES, board_colour, recent_log};
use crate::engine::{Arg, Field, Game, Seat, Tr, View, legend};

mod cards;
mod controls;
use cards::{Detail, market_lines, piles_text, placed_full, score_after};
use controls::Controls;

/// A visitor card.
pub(super) const VISITOR: &str = "🚶";
/// Marks the cards that the dice would collapse if nobody responds.
const FALLS: &str = "💥";
/// A field value's limit, with room to spare.
const FIELD_MAX: usize = 1000;
/// The draft of the Details step: the board with every card in full, which anyone may look at.
const DETAILS: &str = "?details";
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

fn status_lines(game: &Saizumi, detail: Detail, tr: &Tr) -> Vec<String> {
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
        Phase::Respond { dice, .. } => {
            lines.push(tr.f(
                "saizumi-view-check",
                &[
                    ("check", Arg::from(u32::from(game.checks_done()) + 1)),
                    ("dice", Arg::Text(super::cards::row_text(dice))),
                ],
            ));
            // Who loses what is on each player's field, where their cards are.
            let dice = counts(dice);
            let falls = (0..game.players()).any(|s| score_after(game, s, &dice).is_some());
            lines.push(tr.t(if falls {
                "saizumi-view-risk"
            } else {
                "saizumi-view-risk-none"
            }));
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
    // The stones to place and the checks to come say it briefly; the log says it too.
    if !revealed.is_empty() && detail == Detail::Full {
        lines.push(tr.f(
            "saizumi-view-revealed",
            &[("revealed", Arg::Text(revealed.join(" ")))],
        ));
    }
    lines
}

/// A player's field: its name says their total, what it would be if the dice collapse their
/// piles, and whether they act now (▶) or respond later in this check (⏳).
fn player_field(game: &Saizumi, seat: Seat, detail: Detail, tr: &Tr) -> Field {
    let (dice, later) = match game.phase() {
        Phase::Respond { dice, queue, at } => (Some(counts(dice)), queue.get(*at + 1..).unwrap_or_default()),
        _ => (None, &[][..]),
    };
    let state = if !game.is_playing(seat) {
        Some("saizumi-view-resigned")
    } else if game.to_act().contains(&seat) {
        Some("saizumi-view-to-act")
    } else if later.contains(&seat) {
        Some("saizumi-view-later")
    } else {
        None
    };
    let mut name = tr.f(
        "saizumi-view-player",
        &[("player", Arg::Seat(seat)), ("total", Arg::Num(game.score(seat)))],
    );
    if let Some(after) = dice.and_then(|d| score_after(game, seat, &d)) {
        name.push(' ');
        name.push_str(&tr.f("saizumi-view-player-falls", &[("score", Arg::Num(after))]));
    }
    if let Some(state) = state {
        name.push(' ');
        name.push_str(&tr.t(state));
    }
    Field::new(name, tr.wrap(&piles_text(game, seat, detail, dice.as_ref(), tr)))
}

/// The last [`LOG_LINES`] log lines, as many as fit a field.
fn log_text(game: &Saizumi, tr: &Tr) -> String {
    let mut lines: Vec<String> = game.log().map(|m| tr.msg(&m)).collect();
    lines.drain(..lines.len().saturating_sub(LOG_LINES));
    while lines.iter().map(|l| l.chars().count() + 1).sum::<usize>() > FIELD_MAX && lines.len() > 1 {
        lines.remove(0);
    }
    let text = recent_log(&lines, tr);
    text.chars().take(FIELD_MAX).collect()
}

pub(super) fn view(game: &Saizumi, _viewer: Option<Seat>, draft: &str, tr: &Tr) -> View {
    // Every card in full only when asked: a finished board is as brief, to fit a phone.
    let full = draft == DETAILS;
    let mut controls = Controls::new(game, if full { "" } else { draft }, tr);
    controls.offer_details(full, tr);
    let mut shown = None;
    let levels = if full {
        &[Detail::Full, Detail::Brief, Detail::Ids][..]
    } else {
        &[Detail::Brief, Detail::Ids]
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
    let mut lines = status_lines(game, detail, tr);
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
    let mut view = View {
        title,
        // A long status line (a Japanese one, the revealed cards) wraps on a phone: counted so.
        description: tr.wrap(&lines.join("\n")),
        text: None,
        // The picture has no letters: the market's card names stay in words.
        words: None,
        fields,
        colour: board_colour(game.active(), over),
        footer: None,
        rows: controls.rows.clone(),
    };
    view.footer = Some(footer(&legend::shown(&view), detail == Detail::Full, tr));
    view
}

/// The legend of the symbols this board shows (a finished board has no one to act, no
/// Details), and with every card in full how rows and piles are written.
fn footer(shown: &str, full: bool, tr: &Tr) -> String {
    let entries = [
        (full, "saizumi-legend-row"),
        (legend::alone(shown, "🔄"), "saizumi-legend-reroll"),
        (legend::before_digit(shown, "🔄"), "saizumi-legend-reroll-n"),
        (legend::before_digit(shown, "="), "saizumi-legend-set"),
        (shown.contains(VISITOR), "saizumi-legend-visitor"),
        (shown.contains(FALLS), "saizumi-legend-falls"),
        (
            shown.contains(&tr.t("saizumi-view-to-act")),
            "saizumi-legend-to-act",
        ),
        (
            shown.contains(&tr.t("saizumi-view-later")),
            "saizumi-legend-later",
        ),
        (shown.contains("🔎"), "saizumi-legend-details"),
        (full, "saizumi-legend-pile"),
    ]
    .map(|(on, id)| (on, tr.t(id)));
    legend::pack(entries.iter().map(|(on, text)| (*on, text.as_str())))
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
