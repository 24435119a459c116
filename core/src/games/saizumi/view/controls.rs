//! The awaited seat's controls, offered in steps (drafts), and each draft's preview on the
//! board: placing a stone, responding to the dice, stacking a slot's cards.

use super::{
    Action, Arg, DETAILS, FLAT_USES, Game, Half, Phase, Placed, SLOTS, Saizumi, Tr, pile_card, placed_full,
    placed_id,
};
use crate::engine::steps::{Menu, Path, tokens};
use crate::engine::view::step_id;
use crate::engine::{Button, Row, Style};

/// The awaited seat's controls for a draft, and the draft's preview on the board.
pub(super) struct Controls {
    pub(super) rows: Vec<Row>,
    pub(super) preview: Vec<String>,
    /// The market slot the draft has chosen.
    pub(super) slot: Option<usize>,
}

/// Rows for a flat list of choices (ids are actions or steps), laid out as [`Menu`] does.
fn layout(choices: Vec<(String, String)>, extra: Vec<Button>, tr: &Tr) -> Vec<Row> {
    let paths: Vec<Path> = choices
        .into_iter()
        .enumerate()
        .map(|(i, (id, label))| Path {
            steps: vec![(i.to_string(), label.clone())],
            action: id,
            label,
        })
        .collect();
    Menu::new(&paths, "").rows(&tr.t("saizumi-back"), &tr.t("saizumi-pick"), extra)
}

impl Controls {
    /// A Details step (or, with the details shown, a step back to the brief board) on a row of
    /// its own, when there is room and something to act on.
    pub(super) fn offer_details(&mut self, shown: bool, tr: &Tr) {
        if self.rows.is_empty() || self.rows.len() >= crate::engine::view::limits::ROWS {
            return;
        }
        let button = if shown {
            Button::step("", tr.t("saizumi-brief"), Style::Secondary).emoji("🔼")
        } else {
            Button::step(DETAILS, tr.t("saizumi-details"), Style::Secondary).emoji("🔎")
        };
        self.rows.push(Row::buttons(vec![button]));
    }

    pub(super) fn new(game: &Saizumi, draft: &str, tr: &Tr) -> Self {
        let none = Self {
            rows: vec![],
            preview: vec![],
            slot: None,
        };
        match game.phase() {
            Phase::Over => none,
            Phase::Place => Self::place(game, draft, tr),
            Phase::Respond { .. } => Self::respond(game, draft, tr),
            Phase::Stack => Self::stack(game, draft, tr).unwrap_or_else(|| {
                Self::stack(game, "", tr).expect("the root of the stacking choice always draws")
            }),
        }
    }

    /// P2: the stone (when there are several), then the slot.
    fn place(game: &Saizumi, draft: &str, tr: &Tr) -> Self {
        let several = game.to_place().len() > 1;
        let mut paths = vec![];
        for &(stone, card) in game.to_place() {
            let kind = game.kind(card);
            for slot in 1..=SLOTS {
                let action = Action::Place {
                    stone,
                    slot: slot as u32,
                };
                let top = game
                    .slot(slot)
                    .last()
                    .map_or_else(|| "—".to_owned(), |&c| game.kind(c).id.clone());
                let slot_step = (
                    format!("s{slot}"),
                    tr.f(
                        "saizumi-step-slot",
                        &[
                            ("slot", Arg::from(slot)),
                            ("top", Arg::Text(top)),
                            ("count", Arg::from(game.slot(slot).len())),
                        ],
                    ),
                );
                let mut steps = vec![];
                if several {
                    steps.push((
                        format!("k{stone}"),
                        format!("{} {} ┃ {}", kind.id, kind.a.short(), kind.b.short()),
                    ));
                }
                steps.push(slot_step);
                paths.push(Path {
                    steps,
                    label: game.label(&action, tr),
                    action: action.to_string(),
                });
            }
        }
        let menu = Menu::new(&paths, draft);
        let preview = menu
            .draft
            .first()
            .and_then(|t| t.strip_prefix('k'))
            .and_then(|k| game.to_place().iter().find(|(s, _)| s.to_string() == k))
            .map(|&(_, card)| {
                tr.f(
                    "saizumi-preview-stone",
                    &[("card", Arg::from(game.kind(card).id.as_str()))],
                )
            })
            .into_iter()
            .collect();
        Self {
            rows: menu.rows(&tr.t("saizumi-back"), &tr.t("saizumi-pick"), vec![]),
            preview,
            slot: None,
        }
    }

    /// P3b: a card of the responder's piles (its pile first when there are many), the face for
    /// Reroll ?, and Done.
    fn respond(game: &Saizumi, draft: &str, tr: &Tr) -> Self {
        let Some(seat) = game.responder() else {
            return Self {
                rows: vec![],
                preview: vec![],
                slot: None,
            };
        };
        let piles = game.piles(seat);
        let flat = piles.iter().map(|p| p.cards.len()).sum::<usize>() <= FLAT_USES;
        let mut paths = vec![];
        for action in game.legal_actions(seat) {
            let Action::Use { pile, pos, face } = action else {
                continue;
            };
            let Some(card) = pile_card(game, seat, pile, pos) else {
                continue;
            };
            let card_label = format!("#{pile}·{pos} {}", placed_full(game, card));
            let mut steps = vec![];
            if flat {
                steps.push((format!("{pile}-{pos}"), card_label));
            } else {
                steps.push((
                    format!("p{pile}"),
                    tr.f("saizumi-step-pile", &[("pile", Arg::from(pile))]),
                ));
                steps.push((pos.to_string(), card_label));
            }
            if let Some(n) = face {
                steps.push((
                    n.to_string(),
                    tr.f("saizumi-step-face", &[("face", Arg::from(n))]),
                ));
            }
            paths.push(Path {
                steps,
                label: game.label(&action, tr),
                action: action.to_string(),
            });
        }
        let menu = Menu::new(&paths, draft);
        let done = Button::act(Action::Done.to_string(), tr.t("saizumi-act-done"), Style::Success);
        Self {
            rows: menu.rows(&tr.t("saizumi-back"), &tr.t("saizumi-pick"), vec![done]),
            preview: vec![],
            slot: None,
        }
    }

    /// P4: a slot; then a pile to take its top card onto, or the whole slot; then the half, or
    /// the halves a card at a time. `None` for a draft that does not fit the position.
    fn stack(game: &Saizumi, draft: &str, tr: &Tr) -> Option<Self> {
        let parts = tokens(draft);
        let Some(first) = parts.first() else {
            return Some(Self::slots(game, tr));
        };
        let slot: usize = first.strip_prefix('s')?.parse().ok()?;
        let cards = game.market.get(slot.checked_sub(1)?)?;
        match parts[1..] {
            [] => Self::slot_choices(game, slot, tr),
            ["c"] => Some(Self::claim(game, slot, "", tr)),
            [pile] => Self::take(game, slot, pile.strip_prefix('p')?.parse().ok()?, tr),
            ["c", halves] => {
                let valid =
                    halves.len() < cards.len() && halves.chars().all(|c| Half::from_letter(c).is_some());
                valid.then(|| Self::claim(game, slot, halves, tr))
            }
            _ => None,
        }
    }

    /// The first step of stacking: which slot, each with its top card and size.
    fn slots(game: &Saizumi, tr: &Tr) -> Self {
        let choices = (1..=SLOTS)
            .filter(|&s| !game.slot(s).is_empty())
            .map(|s| {
                let top = game.kind(*game.slot(s).last().expect("filtered")).id.clone();
                let label = tr.f(
                    "saizumi-step-slot",
                    &[
                        ("slot", Arg::from(s)),
                        ("top", Arg::Text(top)),
                        ("count", Arg::from(game.slot(s).len())),
                    ],
                );
                (step_id(&format!("s{s}")), label)
            })
            .collect();
        Self {
            rows: layout(choices, vec![], tr),
            preview: vec![],
            slot: None,
        }
    }

    /// A slot picked: its top card onto one of the seat's piles, or claim it. `None` for an
    /// empty slot (a forged or stale draft).
    fn slot_choices(game: &Saizumi, slot: usize, tr: &Tr) -> Option<Self> {
        let cards = game.slot(slot);
        let top = *cards.last()?;
        let mut choices: Vec<(String, String)> = game
            .piles(game.active())
            .iter()
            .map(|p| {
                (
                    step_id(&format!("s{slot}.p{}", p.label)),
                    tr.f(
                        "saizumi-step-take",
                        &[
                            ("card", Arg::from(game.kind(top).id.as_str())),
                            ("pile", Arg::from(p.label)),
                        ],
                    ),
                )
            })
            .collect();
        choices.push((
            step_id(&format!("s{slot}.c")),
            tr.f(
                "saizumi-step-claim",
                &[("slot", Arg::from(slot)), ("count", Arg::from(cards.len()))],
            ),
        ));
        let back = Button::step("", tr.t("saizumi-back"), Style::Secondary);
        Some(Self {
            rows: layout(choices, vec![back], tr),
            preview: preview_slot(slot, tr, vec![]),
            slot: Some(slot),
        })
    }

    /// A slot's top card onto pile `label`: which half faces up.
    fn take(game: &Saizumi, slot: usize, label: u32, tr: &Tr) -> Option<Self> {
        game.piles(game.active()).iter().find(|p| p.label == label)?;
        let back = Button::step(&format!("s{slot}"), tr.t("saizumi-back"), Style::Secondary);
        let buttons: Vec<Button> = [Half::A, Half::B]
            .into_iter()
            .map(|h| {
                let action = Action::Take {
                    slot: slot as u32,
                    pile: label,
                    half: h.letter().to_string(),
                };
                Button::act(action.to_string(), game.label(&action, tr), Style::Primary)
            })
            .chain([back])
            .collect();
        Some(Self {
            rows: vec![Row::buttons(buttons)],
            preview: preview_slot(
                slot,
                tr,
                vec![tr.f("saizumi-preview-take", &[("pile", Arg::from(label))])],
            ),
            slot: Some(slot),
        })
    }

    /// Claiming `slot` with the halves of its lowest cards chosen so far.
    fn claim(game: &Saizumi, slot: usize, chosen: &str, tr: &Tr) -> Self {
        let cards = game.slot(slot);
        let next = chosen.len();
        let card = cards[next];
        let last = next + 1 == cards.len();
        let mut buttons: Vec<Button> = [Half::A, Half::B]
            .into_iter()
            .map(|h| {
                let halves = format!("{chosen}{}", h.letter());
                let text = placed_full(game, Placed { card, half: h });
                if last {
                    let action = Action::Claim {
                        slot: slot as u32,
                        halves: Some(halves),
                    };
                    Button::act(action.to_string(), text, Style::Primary)
                } else {
                    Button::step(&format!("s{slot}.c.{halves}"), text, Style::Primary)
                }
            })
            .collect();
        let remaining = cards.len() - next;
        let mut row2 = vec![];
        if remaining > 1 {
            for h in [Half::A, Half::B] {
                let halves = format!("{chosen}{}", h.letter().to_string().repeat(remaining));
                let action = Action::Claim {
                    slot: slot as u32,
                    halves: Some(halves),
                };
                let label = tr.f(
                    "saizumi-step-rest",
                    &[("half", Arg::Text(h.letter().to_string()))],
                );
                row2.push(Button::act(action.to_string(), label, Style::Success));
            }
        }
        let back_to = if chosen.is_empty() {
            format!("s{slot}")
        } else {
            format!("s{slot}.c.{}", &chosen[..chosen.len() - 1])
        };
        buttons.push(Button::step(&back_to, tr.t("saizumi-back"), Style::Secondary));
        let mut rows = vec![Row::buttons(buttons)];
        if !row2.is_empty() {
            rows.push(Row::buttons(row2));
        }
        let so_far: Vec<String> = cards
            .iter()
            .zip(chosen.chars().filter_map(Half::from_letter))
            .map(|(&card, half)| placed_id(game, Placed { card, half }))
            .collect();
        let preview = vec![tr.f(
            "saizumi-preview-claim",
            &[
                ("slot", Arg::from(slot)),
                (
                    "chosen",
                    Arg::Text(if so_far.is_empty() {
                        "—".into()
                    } else {
                        so_far.join(" ")
                    }),
                ),
                ("card", Arg::from(game.kind(card).id.as_str())),
                ("at", Arg::from(next + 1)),
                ("count", Arg::from(cards.len())),
            ],
        )];
        Self {
            rows,
            preview,
            slot: Some(slot),
        }
    }
}

/// The preview's first line names the slot being stacked; `extra` follows.
fn preview_slot(slot: usize, tr: &Tr, extra: Vec<String>) -> Vec<String> {
    let mut lines = vec![tr.f("saizumi-preview-slot", &[("slot", Arg::from(slot))])];
    lines.extend(extra);
    lines
}
