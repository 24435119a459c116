//! The board (§7): an emoji grid with row 11 on top and a zone label per row, each player's score,
//! ninjas, shadow and mission, the dice, the last log lines, and the choice in two steps — a
//! ninja, then its destination — with the picked ninja and its destinations shown on the grid.

use super::board::{BLACK, RED, Sq, side_id};
use super::{Action, MISSION_TURNS, Move, Ninja, TARGET, option_label};
use crate::engine::view::{board_colour, limits, recent_log, seat_mark};
use crate::engine::{Arg, Button, Field, Row, Seat, Select, SelectOption, Style, Tr, View, legend};

/// Each side's ninja at home (its seat's mark) and on its mission.
const ON_MISSION: [&str; 2] = ["🥷", "👺"];
const DOJO_FLOOR: &str = "⬛";
const NEUTRAL_FLOOR: &str = "⬜";
/// The picked ninja in a draft.
const PICKED: &str = "🎯";
/// A square several options end on, or an option past Z.
const SEVERAL: &str = "➕";

/// A label letter as a regional-indicator emoji, followed by a zero-width space so two letters
/// side by side never merge into a flag.
fn letter_emoji(letter: char) -> String {
    let base = 0x1F1E6 + u32::from(letter) - u32::from('A');
    format!("{}\u{200B}", char::from_u32(base).unwrap_or('?'))
}

/// The option's letter on the board: its label when that is one letter, else ➕.
fn mark(label: &str) -> String {
    match label.chars().collect::<Vec<_>>()[..] {
        [c] => letter_emoji(c),
        _ => SEVERAL.to_owned(),
    }
}

/// A move's text: `F c1→c4`, then what it does (`kills 🟦`, `starts mission`, `home +3`, `reversal`).
fn move_text(game: &Ninja, index: usize, mv: &Move, tr: &Tr) -> String {
    let board = game.board();
    let mut effects = vec![];
    if mv.reversal {
        effects.push(tr.t("ninja-effect-reversal"));
    }
    if mv.kills {
        effects.push(tr.f(
            "ninja-effect-kills",
            &[("enemy", side_id(1 - game.active()).into())],
        ));
    }
    match mv.home {
        Some(points) => effects.push(tr.f("ninja-effect-home", &[("points", points.into())])),
        None if mv.starts_mission => effects.push(tr.t("ninja-effect-mission")),
        None => {}
    }
    let head = format!(
        "{} {}→{}",
        option_label(index),
        board.name(mv.from),
        board.name(mv.to)
    );
    if effects.is_empty() {
        head
    } else {
        format!("{head} {}", tr.list(&effects))
    }
}

pub(super) fn label(game: &Ninja, action: &Action, tr: &Tr) -> String {
    match action {
        Action::Roll => tr.t("ninja-roll"),
        Action::Resign => tr.t("ninja-resign"),
        _ => {
            let moves = game.legal_moves();
            match game.move_of(action) {
                Some(mv) => {
                    let i = moves.iter().position(|m| *m == mv).unwrap_or_default();
                    move_text(game, i, &mv, tr)
                }
                None => action.to_string(),
            }
        }
    }
}

/// The draft's picked ninja, if it is one with a legal move now (else the draft is stale).
fn picked(game: &Ninja, moves: &[Move], draft: &str) -> Option<Sq> {
    let sq = game.board().parse(draft)?;
    moves.iter().any(|m| m.from == sq).then_some(sq)
}

pub(super) fn view(game: &Ninja, draft: &str, tr: &Tr) -> View {
    let moves = game.legal_moves();
    let picked = picked(game, &moves, draft);
    let over = game.is_over();
    let title = if over {
        tr.t("ninja-title-over")
    } else {
        tr.f("ninja-title-turn", &[("player", Arg::Seat(game.active()))])
    };
    let mut lines = grid(game, &moves, picked, tr);
    let words = tr.wrap(&status(game, &moves, picked, tr));
    lines.push(words.clone());
    let mut fields = vec![player_field(game, BLACK, tr), player_field(game, RED, tr)];
    let log: Vec<String> = game.log().map(|m| tr.msg(&m)).collect();
    if !log.is_empty() {
        fields.push(Field::new(tr.t("ninja-view-log"), recent_log(&log, tr)));
    }
    let mut view = View {
        title,
        description: lines.join("\n"),
        text: None,
        words: Some(words),
        fields,
        colour: board_colour(game.active(), over),
        footer: None,
        rows: controls(game, &moves, picked, tr),
    };
    view.footer = Some(legend(&legend::shown(&view), !moves.is_empty(), tr));
    view
}

/// The legend of what the board shows: missions and their shadow only while a ninja is on one,
/// the symbols of moves (letters, several, the picked ninja) only while there are.
fn legend(shown: &str, moving: bool, tr: &Tr) -> String {
    let missions: Vec<&str> = ON_MISSION.into_iter().filter(|m| shown.contains(m)).collect();
    let on_mission = !missions.is_empty();
    let sides = [("black", seat_mark(BLACK).into()), ("red", seat_mark(RED).into())];
    let entries = [
        (true, tr.f("ninja-legend-ninjas", &sides)),
        (
            on_mission,
            tr.f("ninja-legend-mission", &[("missions", missions.join(" ").into())]),
        ),
        (shown.contains(DOJO_FLOOR), tr.t("ninja-legend-dojo")),
        (shown.contains(NEUTRAL_FLOOR), tr.t("ninja-legend-neutral")),
        (true, tr.f("ninja-legend-depth", &sides)),
        (on_mission, tr.t("ninja-legend-shadow")),
        (moving, tr.t("ninja-legend-end")),
        (shown.contains(SEVERAL), tr.t("ninja-legend-several")),
        (
            shown.contains(PICKED),
            tr.f("ninja-legend-picked", &[("picked", PICKED.into())]),
        ),
    ];
    legend::pack(entries.iter().map(|(on, text)| (*on, text.as_str())))
}

/// The grid, top row first: each row's number, its squares, and its zone with the depth it
/// scores for the raider.
fn grid(game: &Ninja, moves: &[Move], picked: Option<Sq>, tr: &Tr) -> Vec<String> {
    let board = game.board();
    let position = game.position();
    // The marks: every option's destination, or only the picked ninja's.
    let mut marks: Vec<Option<String>> = vec![None; board.squares()];
    for (i, mv) in moves.iter().enumerate() {
        if picked.is_some_and(|p| p != mv.from) {
            continue;
        }
        let cell = &mut marks[usize::from(mv.to)];
        *cell = Some(match cell {
            Some(_) => SEVERAL.to_owned(),
            None => mark(&option_label(i)),
        });
    }
    let columns: String = (0..board.width)
        .map(|c| letter_emoji(char::from(b'A' + c)))
        .collect();
    let mut lines = vec![format!("`  ` {columns}")];
    for row in (1..=board.rows).rev() {
        let mut line = format!("`{row:>2}` ");
        for col in 0..board.width {
            let Some(sq) = board.at(col, row) else { continue };
            let cell = if let Some(m) = &marks[usize::from(sq)] {
                m.clone()
            } else if picked == Some(sq) {
                PICKED.to_owned()
            } else if let Some(seat) = position.at(sq) {
                let on_mission = position.missions[seat].is_some_and(|m| m.square == sq);
                if on_mission {
                    ON_MISSION[seat]
                } else {
                    seat_mark(seat)
                }
                .to_owned()
            } else if board.in_dojo(BLACK, sq) || board.in_dojo(RED, sq) {
                DOJO_FLOOR.to_owned()
            } else {
                NEUTRAL_FLOOR.to_owned()
            };
            line.push_str(&cell);
        }
        let zone = if board.in_dojo(RED, board.at(0, row).unwrap_or_default()) {
            tr.f(
                "ninja-row-red",
                &[
                    ("owner", seat_mark(RED).into()),
                    ("emoji", seat_mark(BLACK).into()),
                    ("depth", board.row_depth(BLACK, row).into()),
                ],
            )
        } else if board.in_dojo(BLACK, board.at(0, row).unwrap_or_default()) {
            tr.f(
                "ninja-row-black",
                &[
                    ("owner", seat_mark(BLACK).into()),
                    ("emoji", seat_mark(RED).into()),
                    ("depth", board.row_depth(RED, row).into()),
                ],
            )
        } else {
            tr.t("ninja-row-neutral")
        };
        line.push(' ');
        line.push_str(&zone);
        lines.push(line);
    }
    lines
}

/// Whose turn, the dice, and what to do now.
fn status(game: &Ninja, moves: &[Move], picked: Option<Sq>, tr: &Tr) -> String {
    if let Some(outcome) = game.outcome.as_ref() {
        return outcome.describe(tr);
    }
    let player = ("player", Arg::Seat(game.active()));
    match (game.dice(), picked) {
        (None, _) => tr.f("ninja-view-press-roll", &[player]),
        (Some([a, b]), picked) => {
            let dice = [("d1", a.into()), ("d2", b.into()), ("total", (a + b).into())];
            let mut args = dice.to_vec();
            args.push(player);
            match picked {
                None => {
                    args.push(("options", moves.len().into()));
                    tr.f("ninja-view-pick-ninja", &args)
                }
                Some(sq) => {
                    args.push(("square", game.board().name(sq).into()));
                    args.push(("picked", PICKED.into()));
                    tr.f("ninja-view-pick-destination", &args)
                }
            }
        }
    }
}

fn player_field(game: &Ninja, seat: Seat, tr: &Tr) -> Field {
    let position = game.position();
    let marker = if !game.is_over() && seat == game.active() {
        "▶ "
    } else {
        ""
    };
    let name = tr.f(
        "ninja-view-player",
        &[("marker", marker.into()), ("player", Arg::Seat(seat))],
    );
    let mut lines = vec![tr.f(
        "ninja-view-score",
        &[
            ("score", position.score[seat].into()),
            ("target", TARGET.into()),
            ("ninjas", position.ninjas(seat).into()),
        ],
    )];
    match position.missions[seat] {
        // No mission needs no line: the legend says what a mission looks like.
        None => {}
        Some(m) => {
            lines.push(tr.f(
                "ninja-view-mission",
                &[
                    ("emoji", ON_MISSION[seat].into()),
                    ("square", game.board().name(m.square).into()),
                    ("turn", m.turn.into()),
                    ("turns", MISSION_TURNS.into()),
                ],
            ));
            lines.push(tr.f(
                "ninja-view-shadow",
                &[
                    ("shadow", m.shadow.into()),
                    ("points", game.board().points_for(m.shadow).into()),
                    (
                        "reversal",
                        if m.reversal_used { "used" } else { "available" }.into(),
                    ),
                ],
            ));
        }
    }
    Field::new(name, lines.join("\n")).inline()
}

fn controls(game: &Ninja, moves: &[Move], picked: Option<Sq>, tr: &Tr) -> Vec<Row> {
    if game.is_over() {
        return vec![];
    }
    let resign = Button::act(Action::Resign.to_string(), tr.t("ninja-resign"), Style::Danger);
    let board = game.board();
    let (choices, last): (Vec<(String, String)>, Vec<Button>) = match (game.dice(), picked) {
        (None, _) => {
            let roll = Button::act(Action::Roll.to_string(), tr.t("ninja-roll"), Style::Primary).emoji("🎲");
            return vec![Row::buttons(vec![roll, resign])];
        }
        (Some(_), None) => {
            let mut origins: Vec<Sq> = moves.iter().map(|m| m.from).collect();
            origins.dedup();
            let choices = origins
                .iter()
                .map(|&sq| {
                    let count = moves.iter().filter(|m| m.from == sq).count();
                    let name = board.name(sq);
                    let label = tr.f(
                        "ninja-pick",
                        &[("square", name.as_str().into()), ("options", count.into())],
                    );
                    (crate::engine::view::step_id(&name), label)
                })
                .collect();
            (choices, vec![resign])
        }
        (Some(_), Some(sq)) => {
            let choices = moves
                .iter()
                .enumerate()
                .filter(|(_, m)| m.from == sq)
                .map(|(i, m)| (game.action_of(m).to_string(), move_text(game, i, m, tr)))
                .collect();
            (
                choices,
                vec![Button::step("", tr.t("ninja-back"), Style::Secondary), resign],
            )
        }
    };
    let room = limits::ROWS - 1;
    let mut rows: Vec<Row> = if choices.len() <= room * limits::BUTTONS_PER_ROW {
        choices
            .chunks(limits::BUTTONS_PER_ROW)
            .map(|chunk| {
                Row::buttons(
                    chunk
                        .iter()
                        .map(|(id, label)| Button::act(id.clone(), label.clone(), Style::Primary))
                        .collect(),
                )
            })
            .collect()
    } else {
        choices
            .chunks(limits::SELECT_OPTIONS)
            .take(room)
            .enumerate()
            .map(|(i, chunk)| {
                Row::Select(Select {
                    id: format!("pick{i}"),
                    placeholder: tr.t("ninja-choose"),
                    options: chunk
                        .iter()
                        .map(|(id, label)| SelectOption {
                            value: id.clone(),
                            label: label.clone(),
                            description: None,
                        })
                        .collect(),
                })
            })
            .collect()
    };
    rows.push(Row::buttons(last));
    rows
}
