//! The board as a platform-neutral [`View`] (§7): the emoji grid with row labels and separated
//! column letters, hands, scores, the die, the last turn in words, and the controls. A chain is
//! built a step at a time: the origin (when there is a choice), then N/E/S/W (only continuations
//! some legal chain takes are enabled), each step previewed with what it would capture, **Back**,
//! and **Place** once the draft is itself a legal chain. Drafts are `a1.E.N`.

use super::board::{self, Board, HOME, NEUTRAL, Piece, bits};
use super::{Action, Chain, Dir, Phase, Shortfall, Stones, cell_name, cells_text, parse_cell};
use crate::engine::steps::{SEP, draft_of, tokens};
use crate::engine::view::{Select, SelectOption, board_colour, limits, seat_mark, step_id};
use crate::engine::{Arg, Button, Field, Row, Seat, Style, Tr, View};

/// The two seats' initial stones: neutral buttons echoing the seats' circle and square (a
/// stone is its seat's mark).
const INITIAL: [&str; 2] = ["⏺️", "⏹️"];
/// Neither a seat's shape nor its colour.
const JEWEL: &str = "💰";
const BLANK: &str = "⬛";
const EMPTY: &str = "⬜";
const NEUTRAL_EMPTY: &str = "🔲";
const HOME_CLOSED: &str = "🔳";
const JUMPED: &str = "💥";
/// A stone of the chain being drafted (not placed yet).
const DRAFTED: &str = "⭕";
const ROW_LABELS: [&str; 7] = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣"];
/// Regional-indicator letters; a zero-width space between them stops pairs becoming flags.
const COLUMN_LABELS: [&str; 7] = ["🇦", "🇧", "🇨", "🇩", "🇪", "🇫", "🇬"];
const ARROWS: [&str; 4] = ["⬆️", "➡️", "⬇️", "⬅️"];

/// A button's label.
pub(super) fn label(game: &Stones, action: &Action, tr: &Tr) -> String {
    match action {
        Action::Place(_) | Action::PlaceAt { .. } => {
            let points = game
                .check_place(action)
                .and_then(Result::ok)
                .map_or(0, |p| game.position().value(p.jumped));
            let chain = action.to_string();
            let chain = chain.strip_prefix("place ").unwrap_or(&chain);
            tr.f(
                "stones-action-place",
                &[("chain", Arg::from(chain)), ("points", Arg::from(points))],
            )
        }
        Action::Take(c) => tr.f("stones-action-take", &[("cell", Arg::from(cell_name(*c)))]),
        Action::End { remove } => {
            // A warning only: ending so stays legal (the loss comes at the next TURN_START).
            let id = match (*remove, end_leaves_no_chain(game, *remove)) {
                (false, false) => "stones-action-end",
                (false, true) => "stones-action-end-warn",
                (true, false) => "stones-action-end-remove",
                (true, true) => "stones-action-end-remove-warn",
            };
            tr.t(id)
        }
        Action::Resign => tr.t("stones-action-resign"),
    }
}

/// Would ending the turn now (removing the initial stone or not) leave the active player no
/// legal chain at their next TURN_START, as the board stands? Counts their takes then, as
/// TURN_START does; the opponent's turn in between may still change it, hence a warning.
pub(super) fn end_leaves_no_chain(game: &Stones, remove: bool) -> bool {
    if game.phase() != Phase::EndPhase {
        return false;
    }
    let me = game.active();
    let mut next = game.ended(remove);
    // An empty hand has no next turn to lose.
    if next.hands[me] == 0 {
        return false;
    }
    next.take_all(me);
    !next.has_chain(me, 1..=1)
}

/// The die's line with the requirement the turn will really have (§7, §9.11). With
/// `max_possible` in PLACE it is the longest chain now, or after the corner takes when those
/// lengthen it (no chain at all before a take: only that one); once placed, the chain's length.
fn dice_line(game: &Stones, tr: &Tr) -> Option<String> {
    let (required, roll) = game.dice()?;
    let line = |n: u8| {
        tr.f(
            "stones-view-dice",
            &[("roll", Arg::from(roll)), ("required", Arg::from(n))],
        )
    };
    match game.phase() {
        Phase::EndPhase => Some(line(
            game.current_turn().chain.map_or(required, |c| c.len() as u8),
        )),
        Phase::Place if game.options().dice_shortfall == Shortfall::MaxPossible => {
            let me = game.active();
            let now = game.position().longest(me, required);
            let mut freed = game.position().clone();
            freed.take_all(me);
            let after = freed.longest(me, required);
            Some(if now == 0 || now == after {
                line(after)
            } else {
                tr.f(
                    "stones-view-dice-or-take",
                    &[
                        ("roll", Arg::from(roll)),
                        ("required", Arg::from(now)),
                        ("after", Arg::from(after)),
                    ],
                )
            })
        }
        _ => Some(line(required)),
    }
}

/// The end phase's prompt: a take offered only when one is legal, and a warning when ending
/// leaves no chain next turn.
fn end_phase_lines(game: &Stones, tr: &Tr) -> Vec<String> {
    let me = [("player", Arg::Seat(game.active()))];
    let prompt = if game.takes().is_empty() {
        "stones-view-end-phase-no-take"
    } else {
        "stones-view-end-phase"
    };
    let mut lines = vec![tr.f(prompt, &me)];
    let keep = end_leaves_no_chain(game, false);
    let remove = game.position().initial[game.active()].then(|| end_leaves_no_chain(game, true));
    let warning = match (keep, remove) {
        (true, Some(false)) => Some("stones-view-warn-keep"),
        (true, _) => Some("stones-view-warn-end"),
        (false, Some(true)) => Some("stones-view-warn-remove"),
        (false, _) => None,
    };
    lines.extend(warning.map(|id| tr.t(id)));
    if remove == Some(false) && removal_invites_a_sweep(game) {
        lines.push(tr.t("stones-view-warn-sweep"));
    }
    lines
}

/// Would removing the initial stone now let the opponent's next chain jump every stone the
/// active player has placed (with no stone left to start from, a loss)? With the die only some
/// rolls may allow it, hence "could".
fn removal_invites_a_sweep(game: &Stones) -> bool {
    game.ended(true).sweeping_lengths(1 - game.active()) != 0
}

/// A chain being drafted, as far as it is legal: the board with its stones, what it jumps.
pub(super) struct Draft {
    /// The origin was given in the draft (false when it is the only possible one).
    pub chosen: bool,
    pub chain: Option<Chain>,
    pub board: Board,
    pub landings: Vec<u8>,
    pub jumped: u64,
}

impl Draft {
    /// The draft's tokens when some legal chain follows them all; a stale or forged draft reads
    /// as "" (with the only possible origin, if there is just one, already picked).
    pub fn read(game: &Stones, draft: &str) -> Self {
        let pos = game.position();
        let me = game.active();
        let mut out = Draft {
            chosen: false,
            chain: None,
            board: pos.board,
            landings: vec![],
            jumped: 0,
        };
        if game.phase() != Phase::Place {
            return out;
        }
        let origins = origins(game);
        if let [only] = origins[..] {
            out.chain = Some(Chain::new(only, &[]));
        }
        let tokens = tokens(draft);
        let Some((first, rest)) = tokens.split_first() else {
            return out;
        };
        match parse_cell(first) {
            Some(o) if origins.contains(&o) => {
                out.chain = Some(Chain::new(o, &[]));
                out.chosen = origins.len() > 1;
            }
            _ => return out,
        }
        let stale = || Self::read(game, "");
        for token in rest {
            let Some(d) = token
                .chars()
                .next()
                .and_then(Dir::from_letter)
                .filter(|_| token.len() == 1)
            else {
                return stale();
            };
            if !out.continues(game, d) {
                return stale();
            }
            let chain = out.chain.expect("an origin");
            let at = out.landings.last().copied().unwrap_or(chain.origin);
            let next = board::step(&out.board, me, at, d, &mut out.jumped).expect("a legal continuation");
            out.board[usize::from(next)] = Piece::Stone(me as u8);
            out.landings.push(next);
            out.chain = Some(chain.then(d));
        }
        out
    }

    /// Does some legal chain extend this draft with `d`?
    pub fn continues(&self, game: &Stones, d: Dir) -> bool {
        let Some(chain) = self.chain else {
            return false;
        };
        let me = game.active();
        let at = self.landings.last().copied().unwrap_or(chain.origin);
        if !chain.is_empty() && chain.dir(chain.len() - 1).opposite() == d {
            return false;
        }
        let mut jumped = self.jumped;
        let Ok(next) = board::step(&self.board, me, at, d, &mut jumped) else {
            return false;
        };
        let mut board = self.board;
        board[usize::from(next)] = Piece::Stone(me as u8);
        let mut found = false;
        game.position().walk_from(
            &mut board,
            me,
            chain.then(d),
            jumped,
            game.lengths(),
            &mut |_, _, _| {
                found = true;
                false
            },
        );
        found
    }

    /// The draft's chain when it is itself a legal chain now.
    pub fn complete(&self, game: &Stones) -> Option<Chain> {
        self.chain
            .filter(|c| game.lengths().contains(&(c.len() as u8)) && !c.is_empty())
    }

    /// The draft's id (`a1.E.N`).
    pub fn id(&self) -> String {
        let Some(chain) = self.chain else {
            return String::new();
        };
        let mut t = vec![cell_name(chain.origin)];
        t.extend(chain.dirs().map(|d| d.letter().to_string()));
        draft_of(&t)
    }
}

/// The origins from which some legal chain starts now.
pub(super) fn origins(game: &Stones) -> Vec<u8> {
    let pos = game.position();
    let me = game.active();
    let lens = game.lengths();
    pos.origins(me)
        .into_iter()
        .filter(|&o| {
            let mut board = pos.board;
            let mut found = false;
            pos.walk_from(
                &mut board,
                me,
                Chain::new(o, &[]),
                0,
                lens.clone(),
                &mut |_, _, _| {
                    found = true;
                    false
                },
            );
            found
        })
        .collect()
}

fn cell_emoji(game: &Stones, board: &Board, draft: &Draft, cell: u8) -> &'static str {
    let pending = game.current_turn().captured | draft.jumped;
    if pending & (1 << cell) != 0 {
        return JUMPED;
    }
    if draft.landings.contains(&cell) {
        return DRAFTED;
    }
    match board[usize::from(cell)] {
        Piece::Blank => BLANK,
        Piece::Jewel => JEWEL,
        Piece::Stone(s) => seat_mark(usize::from(s)),
        Piece::Initial(s) => INITIAL[usize::from(s)],
        Piece::Empty if NEUTRAL.contains(&cell) => NEUTRAL_EMPTY,
        Piece::Empty if HOME.contains(&cell) => HOME_CLOSED,
        Piece::Empty => EMPTY,
    }
}

fn grid(game: &Stones, draft: &Draft) -> Vec<String> {
    let board = &game.position().board;
    let mut lines: Vec<String> = (0..board::SIZE)
        .rev()
        .map(|row| {
            let mut line = ROW_LABELS[usize::from(row)].to_owned();
            for col in 0..board::SIZE {
                line.push_str(cell_emoji(game, board, draft, row * board::SIZE + col));
            }
            line
        })
        .collect();
    lines.push(format!("{BLANK}{}", COLUMN_LABELS.join("\u{200B}")));
    lines
}

fn seat_line(game: &Stones, seat: Seat, tr: &Tr) -> String {
    let pos = game.position();
    let initial = if pos.initial[seat] {
        tr.f(
            "stones-view-initial-on",
            &[("cell", Arg::from(cell_name(HOME[seat])))],
        )
    } else {
        tr.t("stones-view-initial-off")
    };
    let id = if seat == game.active() && game.phase() != Phase::Over {
        "stones-view-player-active"
    } else {
        "stones-view-player"
    };
    tr.f(
        id,
        &[
            ("player", Arg::Seat(seat)),
            ("order", Arg::from(seat + 1)),
            ("score", Arg::from(pos.scores[seat])),
            ("hand", Arg::from(pos.hands[seat])),
            ("initial", Arg::Text(initial)),
        ],
    )
}

/// A turn in words: "P1: a1 ENEENN → b1 b2 d2 f2 f4 f6, captured c2 e2 f3 f5, +8".
fn turn_words(turn: &super::TurnRecord, tr: &Tr) -> String {
    let mut parts = vec![];
    if !turn.takes.is_empty() {
        parts.push(tr.f(
            "stones-view-turn-takes",
            &[("cells", Arg::from(cells_text(turn.takes.iter().copied())))],
        ));
    }
    if let Some(chain) = turn.chain {
        parts.push(tr.f(
            "stones-view-turn-chain",
            &[
                ("chain", Arg::from(chain.to_string())),
                ("cells", Arg::from(cells_text(turn.landings.iter().copied()))),
            ],
        ));
    }
    if turn.captured != 0 {
        parts.push(tr.f(
            "stones-view-turn-captured",
            &[("cells", Arg::from(cells_text(bits(turn.captured))))],
        ));
    }
    if turn.removed_initial {
        parts.push(tr.t("stones-view-turn-removed"));
    }
    tr.f(
        "stones-view-turn",
        &[
            ("player", Arg::Seat(turn.seat)),
            ("order", Arg::from(turn.seat + 1)),
            ("what", Arg::Text(tr.list(&parts))),
            ("points", Arg::from(turn.points)),
        ],
    )
}

fn status(game: &Stones, draft: &Draft, tr: &Tr) -> Vec<String> {
    let me = Arg::Seat(game.active());
    let mut lines = vec![];
    lines.extend(dice_line(game, tr));
    match game.phase() {
        Phase::Over => {
            lines.extend(game.outcome.iter().map(|o| o.describe(tr)));
            let [p1, p2] = game.position().scores;
            lines.push(match (game.stuck(), game.resigned()) {
                (Some(seat), _) => tr.f("stones-log-no-chain", &[("player", Arg::Seat(seat))]),
                (_, Some(seat)) => tr.f("log-resigned", &[("player", Arg::Seat(seat))]),
                _ if p1 == p2 => tr.f(
                    "stones-view-final-tie",
                    &[("p1", Arg::from(p1)), ("p2", Arg::from(p2))],
                ),
                _ => tr.f(
                    "stones-view-final",
                    &[("p1", Arg::from(p1)), ("p2", Arg::from(p2))],
                ),
            });
        }
        Phase::EndPhase => lines.extend(end_phase_lines(game, tr)),
        Phase::Place => match draft.chain {
            // No chain is possible until a corner stone is taken (TURN_START counted on it).
            None if origins(game).is_empty() => lines.push(tr.f("stones-view-take-first", &[("player", me)])),
            None => lines.push(tr.f("stones-view-pick-origin", &[("player", me)])),
            Some(chain) => {
                lines.push(tr.f(
                    "stones-view-draft",
                    &[
                        ("chain", Arg::from(chain.to_string())),
                        ("cells", Arg::from(cells_text(draft.landings.iter().copied()))),
                        ("count", Arg::from(chain.len())),
                    ],
                ));
                if draft.jumped != 0 {
                    lines.push(tr.f(
                        "stones-view-draft-captures",
                        &[
                            ("cells", Arg::from(cells_text(bits(draft.jumped)))),
                            ("points", Arg::from(game.position().value(draft.jumped))),
                        ],
                    ));
                }
            }
        },
    }
    lines
}

fn take_buttons(game: &Stones, tr: &Tr) -> Vec<Button> {
    game.takes()
        .into_iter()
        .map(|c| {
            let action = Action::Take(c);
            Button::act(action.to_string(), label(game, &action, tr), Style::Secondary).emoji("✋")
        })
        .collect()
}

fn resign(tr: &Tr) -> Button {
    Button::act(crate::engine::RESIGN, tr.t("stones-action-resign"), Style::Danger)
}

fn place_controls(game: &Stones, draft: &Draft, tr: &Tr) -> Vec<Row> {
    let mut rows = vec![];
    let mut last = take_buttons(game, tr);
    match draft.chain {
        None => {
            let options: Vec<SelectOption> = origins(game)
                .into_iter()
                .map(|o| SelectOption {
                    value: step_id(&cell_name(o)),
                    label: tr.f("stones-origin", &[("cell", Arg::from(cell_name(o)))]),
                    description: None,
                })
                .collect();
            rows.extend(
                options
                    .chunks(limits::SELECT_OPTIONS)
                    .take(2)
                    .enumerate()
                    .map(|(i, chunk)| {
                        Row::Select(Select {
                            id: format!("origin{i}"),
                            placeholder: tr.t("stones-pick-origin"),
                            options: chunk.to_vec(),
                        })
                    }),
            );
        }
        Some(chain) => {
            let id = draft.id();
            rows.push(Row::buttons(
                Dir::ALL
                    .into_iter()
                    .zip(ARROWS)
                    .map(|(d, arrow)| {
                        Button::step(
                            &format!("{id}{SEP}{}", d.letter()),
                            d.letter().to_string(),
                            Style::Primary,
                        )
                        .emoji(arrow)
                        .disabled(!draft.continues(game, d))
                    })
                    .collect(),
            ));
            let mut commit = vec![];
            if let Some(done) = draft.complete(game) {
                let action = Action::Place(done);
                commit.push(Button::act(
                    action.to_string(),
                    label(game, &action, tr),
                    Style::Success,
                ));
            }
            if !chain.is_empty() || draft.chosen {
                let mut back: Vec<String> = tokens(&id).into_iter().map(str::to_owned).collect();
                back.pop();
                commit
                    .push(Button::step(&draft_of(&back), tr.t("stones-back"), Style::Secondary).emoji("↩️"));
            }
            if !commit.is_empty() {
                rows.push(Row::buttons(commit));
            }
        }
    }
    last.push(resign(tr));
    rows.push(Row::buttons(last));
    rows
}

fn controls(game: &Stones, draft: &Draft, tr: &Tr) -> Vec<Row> {
    match game.phase() {
        Phase::Over => vec![],
        Phase::Place => place_controls(game, draft, tr),
        Phase::EndPhase => {
            let mut rows = vec![];
            let takes = take_buttons(game, tr);
            if !takes.is_empty() {
                rows.push(Row::buttons(takes));
            }
            let mut end = vec![];
            for remove in [false, true] {
                let action = Action::End { remove };
                if remove && !game.position().initial[game.active()] {
                    continue;
                }
                let style = if remove { Style::Secondary } else { Style::Success };
                end.push(Button::act(action.to_string(), label(game, &action, tr), style));
            }
            end.push(resign(tr));
            rows.push(Row::buttons(end));
            rows
        }
    }
}

pub(super) fn view(game: &Stones, _viewer: Option<Seat>, draft: &str, tr: &Tr) -> View {
    let over = game.phase() == Phase::Over;
    let draft = Draft::read(game, draft);
    let title = if over {
        tr.t("stones-title-over")
    } else {
        tr.f(
            "stones-title-turn",
            &[
                ("player", Arg::Seat(game.active())),
                ("order", Arg::from(game.active() + 1)),
            ],
        )
    };
    let mut lines = grid(game, &draft);
    lines.push(String::new());
    let words: Vec<String> = status(game, &draft, tr)
        .iter()
        .flat_map(|l| tr.wrap(l).lines().map(str::to_owned).collect::<Vec<_>>())
        .collect();
    lines.extend(words.iter().cloned());

    let players: Vec<String> = (0..2).map(|s| seat_line(game, s, tr)).collect();
    let mut fields = vec![Field::new(tr.t("stones-view-players"), players.join("\n"))];
    if let Some(turn) = game.last_turn() {
        let words = tr.wrap(&turn_words(turn, tr));
        fields.push(Field::new(tr.t("stones-view-last"), words));
    }
    let mut view = View {
        title,
        description: lines.join("\n"),
        text: None,
        words: Some(words.join("\n")),
        fields,
        colour: board_colour(game.active(), over),
        footer: None,
        rows: controls(game, &draft, tr),
    };
    view.footer = Some(legend(&crate::engine::legend::shown(&view), tr));
    view
}

/// The legend of the symbols the board shows (a capture only while a chain makes one, a
/// closed home corner only once it is closed).
fn legend(shown: &str, tr: &Tr) -> String {
    let initial: Vec<&str> = INITIAL.into_iter().filter(|m| shown.contains(m)).collect();
    let has = |symbol: &str| shown.contains(symbol);
    let entries = [
        (has(EMPTY), tr.t("stones-legend-empty")),
        (has(BLANK), tr.t("stones-legend-blank")),
        (has(JEWEL), tr.t("stones-legend-jewel")),
        (
            !initial.is_empty(),
            tr.f("stones-legend-initial", &[("marks", initial.join(" ").into())]),
        ),
        (has(NEUTRAL_EMPTY), tr.t("stones-legend-corner")),
        (has(HOME_CLOSED), tr.t("stones-legend-closed")),
        (has(JUMPED), tr.t("stones-legend-captured")),
        (has(DRAFTED), tr.t("stones-legend-draft")),
        (has("🏅"), tr.t("stones-legend-score")),
        (has("✋"), tr.t("stones-legend-hand")),
    ];
    crate::engine::legend::pack(entries.iter().map(|(on, text)| (*on, text.as_str())))
}
