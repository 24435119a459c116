//! What sessions show: boards with routed buttons, pings, and the short texts of refusals.

use super::live::{self, Session};
use super::settings::BoardStyle;
use super::text::{duration, game_name};
use super::{Post, ids};
use crate::engine::picture::Picture;
use crate::engine::view::COLOUR_DONE;
use crate::engine::{AnyGame, Button, Locale, LoggedAction, Msg, Row, Style, Tr, View};
use crate::games::GameKind;
use crate::id::{GameId, UserId};
use crate::store::GameRow;

/// The board of `game`, session `s`'s (passed apart, as only a started phase has one), with the
/// decision `draft` partly made. `live`: with buttons routed to this version and the awaited
/// players' deadline; otherwise frozen (no buttons).
pub fn board(s: &Session, game: &dyn AnyGame, ping: &[UserId], live: bool, draft: &str) -> Post {
    let names = s.names();
    let tr = Tr::new(s.table.locale, &names);
    let (mut view, picture) = drawn(game, draft, s.board_style, &tr);
    if live && game.outcome().is_none() {
        if s.hints && game.coached() {
            super::coach::add_hint_button(&mut view, &tr);
        }
        if s.table.daily.is_some() {
            without_resign(&mut view);
        }
        ids::route_view(&mut view, s.row.id, s.version());
        let deadline = s
            .deadline_in(game)
            .map(|at| tr.f("board-deadline", &[("at", s.markup.relative_time(at).into())]));
        for line in deadline.into_iter().chain(board_notes(s, &tr)) {
            view.description = if view.description.is_empty() {
                line
            } else {
                format!("{}\n{line}", view.description)
            };
        }
    } else {
        view.rows.clear();
    }
    // A daily is not played again: its result card follows instead.
    if game.outcome().is_some() && s.table.daily.is_none() {
        view.rows = vec![rematch_row(s.row.id, &tr)];
    }
    let content = match game.outcome() {
        Some(outcome) => Some(super::coach::with_hint_note(outcome.describe(&tr), &s.table, &tr)),
        None if !ping.is_empty() => {
            let who: Vec<String> = ping.iter().map(|u| s.markup.mention(*u)).collect();
            Some(tr.f("turn-ping", &[("players", who.join(" ").into())]))
        }
        None => None,
    };
    Post {
        content,
        view,
        ping: ping.to_vec(),
        picture,
    }
}

/// What a live board adds under its deadline: the game's own turn timer, and who is away.
fn board_notes(s: &Session, tr: &Tr) -> Vec<String> {
    let clock = s
        .table
        .turn_timer
        .map(|secs| tr.f("board-turn-timer", &[("time", duration(tr, secs).into())]));
    let away = s.seated.away.shown(s.row.updated_at).filter_map(|(user, until)| {
        let seat = s.table.seats.iter().find(|seat| seat.user == Some(user))?;
        Some(tr.f(
            "board-away",
            &[
                ("player", s.markup.escape(&seat.name).into()),
                ("until", s.markup.moment(until).into()),
            ],
        ))
    });
    clock.into_iter().chain(away).collect()
}

/// A daily's board has no Resign: its one attempt is played to the end.
fn without_resign(view: &mut crate::engine::View) {
    for row in &mut view.rows {
        if let Row::Buttons { buttons } = row {
            buttons.retain(|b| b.id != crate::engine::RESIGN);
        }
    }
    view.rows
        .retain(|row| !matches!(row, Row::Buttons { buttons } if buttons.is_empty()));
}

/// A position's board with the decision `draft` partly made, in the server's `style`: its
/// view, and its picture on servers that chose pictures.
pub fn drawn(game: &dyn AnyGame, draft: &str, style: BoardStyle, tr: &Tr) -> (View, Option<Box<Picture>>) {
    let mut view = game.view(None, draft, tr);
    let picture = match style {
        BoardStyle::Image => game.picture(draft, tr).map(Box::new),
        BoardStyle::Emoji => None,
    };
    // The picture shows the board: drawing it in emoji as well would show it twice.
    if picture.is_some()
        && let Some(words) = view.words.take()
    {
        view.description = words;
    }
    (view, picture)
}

/// The final board's row: the Rematch button of finished game `game`.
fn rematch_row(game: GameId, tr: &Tr) -> Row {
    Row::buttons(vec![Button::act(
        ids::rematch(game),
        tr.t("rematch-button"),
        Style::Primary,
    )])
}

/// The last board of `game`, abandoned.
pub fn abandoned(s: &Session, game: &dyn AnyGame, by: &str) -> Post {
    let mut post = board(s, game, &[], false, "");
    let tr = Tr::new(s.table.locale, &[]);
    post.content = Some(tr.f("game-abandoned", &[("player", s.markup.escape(by).into())]));
    post.view.colour = COLOUR_DONE;
    post
}

pub fn busy_channel(tr: &Tr, kind: GameKind, link: Option<String>) -> String {
    let game = game_name(tr, kind);
    match link {
        Some(link) => tr.f("channel-busy", &[("game", game.into()), ("link", link.into())]),
        None => tr.f("channel-busy-nolink", &[("game", game.into())]),
    }
}

/// "Waiting for …": the seats the game awaits, by name.
pub fn not_your_turn(s: &Session, locale: Locale) -> String {
    let names = s.names();
    let tr = Tr::new(locale, &names);
    let awaited: Vec<String> = s.awaited().into_iter().map(|seat| tr.seat(seat)).collect();
    tr.msg(&Msg::new("rule-waiting-for").arg("players", tr.list(&awaited)))
}

pub fn stale(tr: &Tr, s: &Session) -> String {
    // A daily's board is private to its player: no link leads to it, the command brings it back.
    if s.table.daily.is_some() {
        return tr.t("daily-stale");
    }
    match s.link() {
        Some(link) => tr.f("click-stale", &[("link", link.into())]),
        None => tr.t("click-stale-nolink"),
    }
}

/// Discord's limit for a message's content, with room for the page header.
const PAGE_CHARS: usize = 1800;
const PAGE_LINES: usize = 20;

/// What `/… log` needs of a session, owned: the log is replayed after the game's lock is let go,
/// off the async workers.
pub struct LogSource {
    id: GameId,
    kind: GameKind,
    row: GameRow,
    players: usize,
    names: Vec<String>,
}

impl LogSource {
    pub fn of(s: &Session) -> LogSource {
        LogSource {
            id: s.row.id,
            kind: s.kind,
            row: s.row.clone(),
            players: s.table.seats.len(),
            names: s.names(),
        }
    }
}

/// The game's log lines, numbered, one page (default: the newest); `log` is its whole log.
/// Replays the whole log: CPU work that callers on the async runtime run off its workers.
pub fn log_page(src: &LogSource, log: &[LoggedAction], locale: Locale, page: Option<usize>) -> String {
    let tr = Tr::new(locale, &src.names);
    let lines = log_lines(src, log, &tr);
    if lines.is_empty() {
        return tr.t("log-empty");
    }
    let mut pages: Vec<Vec<String>> = vec![vec![]];
    let mut chars = 0;
    for line in lines {
        let last = pages.last_mut().expect("never empty");
        if last.len() == PAGE_LINES || chars + line.chars().count() > PAGE_CHARS {
            pages.push(vec![]);
            chars = 0;
        }
        chars += line.chars().count() + 1;
        pages.last_mut().expect("never empty").push(line);
    }
    let total = pages.len();
    let n = page.unwrap_or(total).clamp(1, total);
    let header = tr.f(
        "log-header",
        &[
            ("game", game_name(&tr, src.kind).into()),
            ("page", n.into()),
            ("pages", total.into()),
        ],
    );
    format!("{header}\n{}", pages[n - 1].join("\n"))
}

/// Every log line of the game, by replaying its record (the log stores actions, not text, so it
/// reads in any language).
fn log_lines(src: &LogSource, log: &[LoggedAction], tr: &Tr) -> Vec<String> {
    match live::replayed(src.kind, &src.row, src.players, log) {
        Ok((_, lines)) => lines
            .iter()
            .enumerate()
            .flat_map(|(i, msgs)| msgs.iter().map(move |m| format!("`{:>3}` {}", i + 1, tr.msg(m))))
            .collect(),
        Err(why) => {
            tracing::error!(game = %src.id, %why, "a live game's log no longer replays");
            vec![]
        }
    }
}
