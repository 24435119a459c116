//! The board (§8): the wall as a vertical track with the goal on top, the ninjas, the phase, the
//! goal group, the last turns, and before a decision what each choice can bring.

use super::{Action, Ishigaki, Move, Phase, Roll, rolloff_value};
use crate::engine::view::{COLOUR_DONE, board_colour, recent_log, seat_mark};
use crate::engine::{Arg, Button, Field, Game, Row, Seat, Style, Tr, View, legend};

/// Die faces for the lines of the die-2 odds.
const FACES: [&str; 6] = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

pub(super) fn render(game: &Ishigaki, tr: &Tr) -> View {
    let (title, colour) = title(game, tr);
    let mut view = View {
        title,
        description: track(game),
        text: None,
        // The track is all drawing; who is where and what to decide are in the fields.
        words: Some(String::new()),
        fields: fields(game, tr),
        colour,
        footer: None,
        rows: controls(game, tr),
    };
    view.footer = Some(footer(game, &legend::shown(&view), tr));
    view
}

/// The legend of the symbols the board shows, and whether the wall crumbles.
fn footer(game: &Ishigaki, shown: &str, tr: &Tr) -> String {
    let crumbling = if game.options.crumbling { "on" } else { "off" };
    let entries = [
        (
            true,
            tr.f("ishigaki-legend-goal", &[("goal", game.options.goal.into())]),
        ),
        (true, tr.t("ishigaki-legend-start")),
        (shown.contains("🧱"), tr.t("ishigaki-legend-wall")),
        (shown.contains('⋮'), tr.t("ishigaki-legend-empty")),
        (shown.contains('▶'), tr.t("ishigaki-legend-turn")),
        (
            true,
            tr.f("ishigaki-legend-crumbling", &[("crumbling", crumbling.into())]),
        ),
    ];
    legend::pack(entries.iter().map(|(on, text)| (*on, text.as_str())))
}

/// The title and colour: whose turn in which phase, or who won.
fn title(game: &Ishigaki, tr: &Tr) -> (String, u32) {
    match &game.phase {
        Phase::Over { winner } => (
            tr.f("ishigaki-title-over", &[("player", Arg::Seat(*winner))]),
            COLOUR_DONE,
        ),
        phase => {
            let id = match phase {
                Phase::FinalRound { .. } => "ishigaki-title-final",
                Phase::RollOff(_) => "ishigaki-title-rolloff",
                _ => "ishigaki-title-turn",
            };
            (
                tr.f(id, &[("player", Arg::Seat(game.active))]),
                board_colour(game.active, false),
            )
        }
    }
}

/// Players, phase, the goal group, the decision with its odds, and the log.
fn fields(game: &Ishigaki, tr: &Tr) -> Vec<Field> {
    let mut fields = vec![Field::new(tr.t("ishigaki-players"), seats(game, tr))];
    // The race itself needs no words: the footer names the goal.
    if !matches!(game.phase, Phase::Race) {
        fields.push(Field::new(tr.t("ishigaki-phase"), tr.wrap(&phase(game, tr))));
    }
    if !game.arrivals.is_empty() {
        let lines: Vec<String> = game
            .arrivals
            .iter()
            .enumerate()
            .map(|(i, &s)| format!("{}. {}", i + 1, tr.seat(s)))
            .collect();
        fields.push(Field::new(tr.t("ishigaki-goal-group"), lines.join("\n")));
    }
    if let Some(d1) = game.die1 {
        let name = tr.f(
            "ishigaki-decision",
            &[
                ("player", Arg::Seat(game.active)),
                ("die", Arg::Text(format!("{} {d1}", FACES[usize::from(d1 - 1)]))),
            ],
        );
        let odds = match game.phase {
            Phase::RollOff(_) => rolloff_odds(d1, tr),
            _ => race_odds(game, d1, tr),
        };
        // Doubles may knock several ninjas down: their line wraps.
        fields.push(Field::new(name, tr.wrap(&odds)));
    }
    let lines: Vec<String> = game.log().map(|m| tr.msg(&m)).collect();
    if !lines.is_empty() {
        fields.push(Field::new(tr.t("ishigaki-log"), recent_log(&lines, tr)));
    }
    fields
}

/// The awaited seat's choices, and Resign on a row of its own.
fn controls(game: &Ishigaki, tr: &Tr) -> Vec<Row> {
    let Some(&seat) = game.to_act().first() else {
        return vec![];
    };
    let buttons = game
        .legal_actions(seat)
        .into_iter()
        .map(|a| {
            let style = match a {
                Action::Stop => Style::Success,
                _ => Style::Primary,
            };
            Button::act(a.to_string(), game.label(&a, tr), style)
        })
        .collect();
    let resign = Button::act(
        Action::Resign.to_string(),
        game.label(&Action::Resign, tr),
        Style::Danger,
    );
    vec![Row::buttons(buttons), Row::buttons(vec![resign])]
}

fn emoji(seat: Seat) -> &'static str {
    seat_mark(seat)
}

/// The wall, goal on top: a short line per square with a ninja (its seat's mark) or a -2 mark,
/// each empty stretch folded into one line so the wall fits a phone.
fn track(game: &Ishigaki) -> String {
    let goal = game.options.goal;
    let width = goal.to_string().len();
    let ninjas = |square: u8| -> String {
        (0..game.players())
            .filter(|&s| game.racing(s) && game.squares[s] == square)
            .map(emoji)
            .collect()
    };
    let at_goal: String = game.arrivals.iter().map(|&s| emoji(s)).collect();
    let mut lines = vec![format!("`{goal:>width$}` 🏯 {at_goal}").trim_end().to_owned()];
    let mut folded = false;
    for square in (0..goal).rev() {
        let here = ninjas(square);
        let marked = game.options.is_minus_two(square);
        if square > 0 && here.is_empty() && !marked {
            if !folded {
                lines.push(format!("`{:>width$}` ⋮", ""));
                folded = true;
            }
            continue;
        }
        folded = false;
        let wall = match square {
            0 => "🏁",
            _ if marked => "⚠️",
            _ => "🧱",
        };
        lines.push(format!("`{square:>width$}` {wall} {here}").trim_end().to_owned());
    }
    lines.join("\n")
}

fn seats(game: &Ishigaki, tr: &Tr) -> String {
    let turn = !matches!(game.phase, Phase::Over { .. });
    (0..game.players())
        .map(|s| {
            let player = Arg::Seat(s);
            let text = if !game.in_game(s) {
                tr.f("ishigaki-seat-resigned", &[("player", player)])
            } else if let Some(i) = game.arrivals.iter().position(|&a| a == s) {
                tr.f(
                    "ishigaki-seat-goal",
                    &[("player", player), ("arrival", (i + 1).into())],
                )
            } else {
                tr.f(
                    "ishigaki-seat-square",
                    &[("player", player), ("square", game.squares[s].into())],
                )
            };
            let marker = if turn && s == game.active { "▶" } else { "·" };
            format!("{marker} {text}")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn phase(game: &Ishigaki, tr: &Tr) -> String {
    match &game.phase {
        Phase::Race => tr.f("ishigaki-phase-race", &[("goal", game.options.goal.into())]),
        Phase::FinalRound { to_play } => {
            let names: Vec<String> = to_play.iter().map(|&s| tr.seat(s)).collect();
            tr.f("ishigaki-phase-final", &[("players", tr.list(&names).into())])
        }
        Phase::RollOff(r) => {
            let mut lines = vec![tr.f("ishigaki-phase-rolloff", &[("round", r.round.into())])];
            for (i, &s) in r.order.iter().enumerate() {
                let player = ("player", Arg::Seat(s));
                let line = match r.values.get(i) {
                    Some(&v) => tr.f("ishigaki-rolloff-value", &[player, ("value", v.into())]),
                    None if i == r.values.len() => tr.f("ishigaki-rolloff-due", &[player]),
                    None => tr.f("ishigaki-rolloff-waiting", &[player]),
                };
                lines.push(line);
            }
            for &(s, v) in &r.out {
                let line = tr.f(
                    "ishigaki-rolloff-out",
                    &[("player", Arg::Seat(s)), ("value", v.into())],
                );
                lines.push(line);
            }
            lines.join("\n")
        }
        Phase::Over { winner } => tr.f("ishigaki-phase-over", &[("player", Arg::Seat(*winner))]),
    }
}

/// Where a move leaves a ninja, crumbling shown: `5⚠️→3`, or the goal.
fn dest(game: &Ishigaki, m: &Move, tr: &Tr) -> String {
    if m.reached == game.options.goal {
        format!("{} 🏯", m.reached)
    } else if m.reached != m.to {
        format!("{}⚠️→{}", m.reached, square(m.to, tr))
    } else {
        square(m.to, tr)
    }
}

/// A square as the board names it: the start by its name (「すたあと」), others by number.
fn square(n: u8, tr: &Tr) -> String {
    if n == 0 {
        tr.t("ishigaki-start")
    } else {
        n.to_string()
    }
}

/// §8: what Stop gives, the chances of die 2, and one line per die-2 face.
fn race_odds(game: &Ishigaki, d1: u8, tr: &Tr) -> String {
    let mover = game.active;
    let stop = game.effect(mover, d1, None);
    let mut lines = vec![
        tr.f(
            "ishigaki-odds-stop",
            &[
                ("climb", super::climb(d1).into()),
                ("dest", dest(game, &stop.moves[0], tr).into()),
            ],
        ),
        tr.f(
            "ishigaki-odds-die2",
            &[("climb", (6 - d1).into()), ("slip", (d1 - 1).into())],
        ),
    ];
    for d2 in 1..=6u8 {
        let face = ("face", Arg::Text(FACES[usize::from(d2 - 1)].to_owned()));
        let effect = game.effect(mover, d1, Some(d2));
        lines.push(match effect.roll {
            Roll::Climb(n) => tr.f(
                "ishigaki-odds-climb",
                &[
                    face,
                    ("climb", n.into()),
                    ("dest", dest(game, &effect.moves[0], tr).into()),
                ],
            ),
            Roll::Slip => tr.f(
                "ishigaki-odds-slip",
                &[face, ("dest", dest(game, &effect.moves[0], tr).into())],
            ),
            Roll::Doubles if effect.moves.iter().all(|m| m.from == 0) => {
                tr.f("ishigaki-odds-nobody", &[face])
            }
            Roll::Doubles => {
                let falls: Vec<String> = effect
                    .moves
                    .iter()
                    .map(|m| format!("{} {}→{}", emoji(m.seat), m.from, dest(game, m, tr)))
                    .collect();
                tr.f(
                    "ishigaki-odds-doubles",
                    &[face, ("falls", falls.join(" ").into())],
                )
            }
        });
    }
    lines.join("\n")
}

/// §8 in a roll-off: values instead of climbs.
fn rolloff_odds(d1: u8, tr: &Tr) -> String {
    let mut lines = vec![
        tr.f("ishigaki-odds-value-stop", &[("value", d1.into())]),
        tr.f(
            "ishigaki-odds-value-die2",
            &[("higher", (6 - d1).into()), ("lower", (d1 - 1).into())],
        ),
    ];
    for d2 in 1..=6u8 {
        let face = ("face", Arg::Text(FACES[usize::from(d2 - 1)].to_owned()));
        let value = ("value", rolloff_value(d1, Some(d2)).into());
        let id = match d2.cmp(&d1) {
            std::cmp::Ordering::Less => "ishigaki-odds-value-lower",
            std::cmp::Ordering::Equal => "ishigaki-odds-value-doubles",
            std::cmp::Ordering::Greater => "ishigaki-odds-value-higher",
        };
        lines.push(tr.f(id, &[face, value]));
    }
    lines.join("\n")
}
