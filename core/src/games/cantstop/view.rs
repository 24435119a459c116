//! The Can't Stop board as a platform-neutral [`View`]: the mountain in emoji for Discord (a
//! compact line per column for terminals), the dice, the bust chance, the last log lines, and the
//! moves of the roll as buttons.

use super::{Action, COLUMNS, COLUMNS_TO_WIN, CantStop, HEIGHTS, Move, Phase, ROLLS};
use crate::engine::view::{board_colour, recent_log, seat_mark};
use crate::engine::{Arg, Button, Field, Row, Seat, Style, Tr, View};
use crate::engine::{legend, width};

const RUNNER: &str = "⚪";
/// A claimed column: locked all the way up, its owner's mark at the top.
const CLAIMED: &str = "🔒";
const SUMMIT: &str = "🔝";
/// The mountain's cells: around the columns, a free space, a space several pieces share.
const SKY: &str = "⬛";
const SPACE: &str = "▫️";
const SHARED: &str = "*️⃣";
const KEYCAPS: [&str; 10] = ["0️⃣", "1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"];

/// A button's label.
pub(super) fn label(action: &Action, tr: &Tr) -> String {
    match *action {
        Action::Roll => tr.t("cantstop-roll"),
        Action::Stop => tr.t("cantstop-stop"),
        Action::Resign => tr.t("cantstop-resign"),
        Action::Move(Move::Both(a, b)) => {
            tr.f("cantstop-move-both", &[("a", Arg::from(a)), ("b", Arg::from(b))])
        }
        Action::Move(Move::One(a)) => tr.f("cantstop-move-one", &[("a", Arg::from(a))]),
    }
}

fn seat_emoji(seat: Seat) -> &'static str {
    seat_mark(seat)
}

/// One column: number and height, then each player's marker, the runner beside the active
/// player's marker, or the claimer's lock.
fn column_line(game: &CantStop, column: u8) -> String {
    let height = HEIGHTS[usize::from(column)];
    let mut line = format!("`{column:>2} ({height:>2})`");
    if let Some(owner) = game.claimed_by(column) {
        line.push_str(&format!(" {CLAIMED}{}", seat_emoji(owner)));
        return line;
    }
    for seat in 0..game.players() {
        let marker = game.marker(seat, column);
        if marker > 0 {
            line.push_str(&format!(" {}{marker}", seat_emoji(seat)));
        }
        if seat == game.active() {
            match game.runner(column) {
                Some(p) if p == height => line.push_str(&format!(" {RUNNER}{SUMMIT}")),
                Some(p) => line.push_str(&format!(" {RUNNER}{p}")),
                None => {}
            }
        }
    }
    line
}

/// The pieces on one space of an unclaimed column: players' markers in seat order, then the
/// active player's runner.
fn occupants(game: &CantStop, column: u8, space: u8) -> Vec<&'static str> {
    let mut on = vec![];
    for seat in 0..game.players() {
        if game.marker(seat, column) == space {
            on.push(seat_emoji(seat));
        }
    }
    if game.runner(column) == Some(space) {
        on.push(RUNNER);
    }
    on
}

/// The mountain, one emoji per space: eleven columns side by side, drawn bottom-up so each is as
/// tall as its track, claimed ones locked with the owner's mark on top, the column numbers below in two
/// rows of keycaps (tens over units: Discord has no keycap for 11 or 12). A space several pieces
/// share is marked and spelled out under the numbers. Every line is 11 emoji wide, the most a
/// 360 px phone shows without wrapping.
fn mountain(game: &CantStop, tr: &Tr) -> Vec<String> {
    let top = HEIGHTS.iter().copied().max().unwrap_or(0);
    let mut shared = vec![];
    let mut lines: Vec<String> = (1..=top)
        .rev()
        .map(|space| {
            COLUMNS
                .map(|column| {
                    if space > HEIGHTS[usize::from(column)] {
                        return SKY;
                    }
                    if let Some(owner) = game.claimed_by(column) {
                        let top = space == HEIGHTS[usize::from(column)];
                        return if top { seat_emoji(owner) } else { CLAIMED };
                    }
                    match occupants(game, column, space)[..] {
                        [] => SPACE,
                        [one] => one,
                        ref several => {
                            shared.push((column, space, several.to_vec()));
                            SHARED
                        }
                    }
                })
                .collect()
        })
        .collect();
    lines.push(COLUMNS.map(|c| if c < 10 { SKY } else { KEYCAPS[1] }).collect());
    lines.push(COLUMNS.map(|c| KEYCAPS[usize::from(c % 10)]).collect());
    // Listed bottom-up, by column, the way the mountain is read.
    shared.sort_unstable_by_key(|&(column, space, _)| (column, space));
    lines.extend(
        shared_lines(&shared)
            .into_iter()
            .map(|spaces| tr.f("cantstop-view-shared", &[("spaces", Arg::Text(spaces))])),
    );
    lines
}

/// The shared spaces (`9·2 🔴🟦`), as many a line as fit a phone after the line's `*️⃣ `.
fn shared_lines(shared: &[(u8, u8, Vec<&str>)]) -> Vec<String> {
    let room = width::PHONE_COLUMNS - width::columns("*️⃣ ");
    let mut lines: Vec<String> = vec![];
    for (column, space, who) in shared {
        let entry = format!("{column}·{space} {}", who.concat());
        match lines.last_mut() {
            Some(line) if width::columns(line) + 1 + width::columns(&entry) <= room => {
                line.push(' ');
                line.push_str(&entry);
            }
            _ => lines.push(entry),
        }
    }
    lines
}

/// A percentage that never rounds a possible bust to 0% or a certain one away from 100%.
pub(super) fn percent(busts: u32) -> String {
    let p = (f64::from(busts) * 100.0 / f64::from(ROLLS)).round() as u32;
    match p {
        0 if busts > 0 => "<1".into(),
        100 if busts < ROLLS => ">99".into(),
        _ => p.to_string(),
    }
}

/// The field's name: the turn and its dice or chances, so the board needs no status line of its
/// own; once over, the goal.
fn turn_line(game: &CantStop, tr: &Tr) -> String {
    let turn = ("turn", Arg::from(game.turn()));
    match game.phase() {
        Phase::Rolled(d) => {
            let mut args = vec![turn];
            args.extend(["d1", "d2", "d3", "d4"].into_iter().zip(d.map(Arg::from)));
            tr.f("cantstop-view-turn-rolled", &args)
        }
        Phase::TurnStart | Phase::Choosing => tr.f(
            "cantstop-view-turn-chances",
            &[
                turn,
                ("free", Arg::from(game.free_runners())),
                ("percent", Arg::Text(percent(game.bust_rolls()))),
            ],
        ),
        Phase::Over => {
            let goal = if game.players() == 1 {
                "cantstop-view-goal-solitaire"
            } else {
                "cantstop-view-goal"
            };
            tr.f(goal, &[("needed", Arg::from(COLUMNS_TO_WIN)), turn])
        }
    }
}

/// The players and their claimed columns, under the turn.
fn players_field(game: &CantStop, tr: &Tr) -> Field {
    let lines: Vec<String> = (0..game.players())
        .map(|seat| {
            let id = if !game.is_playing(seat) {
                "cantstop-view-player-resigned"
            } else if seat == game.active() && game.phase() != Phase::Over {
                "cantstop-view-player-active"
            } else {
                "cantstop-view-player"
            };
            tr.f(
                id,
                &[
                    ("player", Arg::Seat(seat)),
                    ("claimed", Arg::from(game.claimed_count(seat))),
                    ("needed", Arg::from(COLUMNS_TO_WIN)),
                ],
            )
        })
        .collect();
    Field::new(turn_line(game, tr), lines.join("\n"))
}

/// The legend of what the embed shows (see [`legend`]), and the marker limit if it is on.
fn footer(game: &CantStop, shown: &str, tr: &Tr) -> String {
    let entries = [
        (RUNNER, "cantstop-legend-runner"),
        (SPACE, "cantstop-legend-space"),
        (SKY, "cantstop-legend-none"),
        (CLAIMED, "cantstop-legend-claimed"),
        (SHARED, "cantstop-legend-shared"),
    ]
    .map(|(symbol, id)| (shown.contains(symbol), tr.t(id)));
    let mut footer = legend::pack(entries.iter().map(|(on, text)| (*on, text.as_str())));
    if game.options().marker_limit {
        footer.push('\n');
        footer.push_str(&tr.f(
            "cantstop-view-marker-limit",
            &[("limit", Arg::from(super::MARKER_LIMIT))],
        ));
    }
    footer
}

/// The terminal's board (`View::text`): a line per column under its own legend, which names
/// what those lines and the fields show (the footer's explains the emoji mountain, which a
/// terminal does not draw), then the outcome and the marker limit.
fn text_board(game: &CantStop, outcome: &[String], fields: &[Field], tr: &Tr) -> String {
    let columns: Vec<String> = COLUMNS.map(|c| column_line(game, c)).collect();
    let mut shown = columns.join("\n");
    for field in fields {
        shown.push_str(&format!("\n{}\n{}", field.name, field.value));
    }
    let entries = [
        (true, "cantstop-legend-column"),
        (shown.contains(RUNNER), "cantstop-legend-runner"),
        (shown.contains(SUMMIT), "cantstop-legend-summit"),
        (shown.contains(CLAIMED), "cantstop-legend-claimed"),
    ]
    .map(|(on, id)| (on, tr.t(id)));
    let mut text = vec![legend::pack(entries.iter().map(|(on, t)| (*on, t.as_str())))];
    text.extend(columns);
    if game.phase() == Phase::Over {
        text.push(String::new());
        text.extend(outcome.iter().cloned());
    }
    if game.options().marker_limit {
        text.push(tr.f(
            "cantstop-view-marker-limit",
            &[("limit", Arg::from(super::MARKER_LIMIT))],
        ));
    }
    text.join("\n")
}

fn controls(game: &CantStop, tr: &Tr) -> Vec<Row> {
    let button = |action: Action, style: Style| Button::act(action.to_string(), label(&action, tr), style);
    let roll = || button(Action::Roll, Style::Primary).emoji("🎲");
    match game.phase() {
        Phase::Over => vec![],
        Phase::TurnStart => vec![Row::buttons(vec![roll()])],
        Phase::Choosing => vec![Row::buttons(vec![
            roll(),
            button(Action::Stop, Style::Success).emoji("✋"),
        ])],
        // At most six distinct moves (three pairings, at most two singles each): two rows.
        Phase::Rolled(_) => game
            .legal_moves()
            .chunks(5)
            .map(|row| {
                Row::buttons(
                    row.iter()
                        .map(|&mv| button(Action::Move(mv), Style::Secondary))
                        .collect(),
                )
            })
            .collect(),
    }
}

pub(super) fn view(game: &CantStop, _viewer: Option<Seat>, tr: &Tr) -> View {
    let over = game.phase() == Phase::Over;
    let title = if over {
        tr.t("cantstop-title-over")
    } else {
        tr.f("cantstop-title-turn", &[("player", Arg::Seat(game.active()))])
    };
    // The turn's dice or chances are the players field's name; only an outcome needs lines.
    let outcome: Vec<String> = game
        .outcome
        .iter()
        .flat_map(|o| width::wrap(&o.describe(tr), width::PHONE_COLUMNS))
        .collect();
    let mut fields = vec![players_field(game, tr)];
    let log: Vec<String> = game.log().map(|m| tr.msg(&m)).collect();
    if !log.is_empty() {
        fields.push(Field::new(tr.t("cantstop-view-log"), recent_log(&log, tr)));
    }
    let text = text_board(game, &outcome, &fields, tr);
    let mut drawn = mountain(game, tr);
    let words = outcome.join("\n");
    drawn.extend(outcome);

    let mut view = View {
        title,
        description: drawn.join("\n"),
        text: Some(text),
        words: Some(words),
        fields,
        colour: board_colour(game.active(), over),
        footer: None,
        rows: controls(game, tr),
    };
    view.footer = Some(footer(game, &legend::shown(&view), tr));
    view
}
