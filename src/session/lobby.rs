//! The lobby: people join, the host adds bots and starts. Its buttons have no version — joining
//! twice or leaving when not seated are answered, not errors of state.

use super::invitations::{self, bot_seat};
use super::live::Session;
use super::text::game_name;
use super::{Post, SeatInfo, Table, User, ids};
use crate::engine::view::{SEAT_COLOUR, SEAT_EMOJI};
use crate::engine::{Button, Field, Level, Row, Style, Tr, View, options};
use crate::id::UserId;

const JOIN: &str = "join";
const LEAVE: &str = "leave";
const START: &str = "start";
const CANCEL: &str = "cancel";
const ADD_BOT: &str = "bot-";
const REMOVE_BOT: &str = "unbot";
const DECLINE: &str = "decline";

/// The people a lobby still waits for: a rematch's in their seats' order, then the invited.
fn expected(s: &Session) -> Vec<UserId> {
    let mut expected: Vec<UserId> = s
        .table
        .rematch
        .iter()
        .flat_map(|r| &r.seats)
        .filter_map(|seat| seat.user)
        .filter(|u| s.seat_of(*u).is_none())
        .collect();
    for u in invitations::pending(s) {
        if !expected.contains(&u) {
            expected.push(u);
        }
    }
    expected
}

/// Keeps a rematch lobby's seats in the order they will play: the rotated seats first,
/// anyone else after them in the order they joined.
fn order_seats(seats: &mut [SeatInfo], table: &Table) {
    let Some(order) = table.rematch.as_ref().map(|r| &r.seats) else {
        return;
    };
    let rank = |seat: &SeatInfo| {
        order
            .iter()
            .position(|r| match seat.user {
                Some(u) => r.user == Some(u),
                None => r.user.is_none() && r.bot == seat.bot && r.name == seat.name,
            })
            .unwrap_or(order.len())
    };
    seats.sort_by_key(rank);
}

/// The fewest players the lobby may start with.
pub(super) fn min_players(s: &Session) -> usize {
    let range = s.kind.players();
    if s.table.solitaire {
        1
    } else {
        (*range.start()).max(2)
    }
}

/// The lobby message: who is in, seats left, the buttons.
pub fn post(s: &Session) -> Post {
    let tr = Tr::new(s.table.locale, &[]);
    let full = s.table.seats.len() >= *s.kind.players().end();
    // Seats kept for the invited are not the host's to give to bots.
    let bots_full = s.table.seats.len() + invitations::kept(s) >= *s.kind.players().end();
    let enough = s.table.seats.len() >= min_players(s);
    let button = |action: &str, label: &str, style, disabled| {
        Button::act(ids::lobby(s.row.id, action), tr.t(label), style).disabled(disabled)
    };
    let mut bots: Vec<Button> = Level::ALL
        .iter()
        .map(|l| {
            let action = format!("{ADD_BOT}{}", l.id());
            button(
                &action,
                &format!("lobby-add-bot-{}", l.id()),
                Style::Secondary,
                bots_full,
            )
        })
        .collect();
    if s.table.seats.iter().any(|seat| seat.bot.is_some()) {
        bots.push(button(REMOVE_BOT, "lobby-remove-bot", Style::Secondary, false));
    }
    let mut view = view(s, &tr, true);
    let mut first = vec![
        button(JOIN, "lobby-join", Style::Success, full),
        button(LEAVE, "lobby-leave", Style::Secondary, false),
        button(START, "lobby-start", Style::Primary, !enough),
        button(CANCEL, "lobby-cancel", Style::Danger, false),
    ];
    if invitations::kept(s) > 0 {
        first.push(button(DECLINE, "lobby-decline", Style::Secondary, false));
    }
    view.rows = vec![Row::buttons(first), Row::buttons(bots)];
    Post {
        content: None,
        view,
        ping: vec![],
        picture: None,
    }
}

/// The lobby as first posted: a rematch's or one with invitations also pings the people it
/// expects.
pub fn invitation(s: &Session) -> Post {
    let mut post = post(s);
    let expected = expected(s);
    if !expected.is_empty() {
        let tr = Tr::new(s.table.locale, &[]);
        let players: Vec<String> = expected.iter().map(|u| s.markup.mention(*u)).collect();
        post.content = Some(match &s.table.rematch {
            Some(r) => tr.f(
                "rematch-invite",
                &[("id", r.of.get().into()), ("players", players.join(" ").into())],
            ),
            None => tr.f(
                "lobby-invite",
                &[
                    ("host", s.markup.mention(s.row.host_id).into()),
                    ("game", game_name(&tr, s.kind).into()),
                    ("players", players.join(" ").into()),
                ],
            ),
        });
        post.ping = expected;
    }
    post
}

/// The lobby without buttons, with why it closed (`lobby-started`, `lobby-expired`, …).
pub fn closed(s: &Session, why: &str) -> Post {
    let tr = Tr::new(s.table.locale, &[]);
    let mut view = view(s, &tr, false);
    view.footer = Some(tr.t(why));
    view.colour = crate::engine::view::COLOUR_DONE;
    Post {
        content: None,
        view,
        ping: vec![],
        picture: None,
    }
}

/// The lobby's embed; `open` adds when it expires.
fn view(s: &Session, tr: &Tr, open: bool) -> View {
    let max = *s.kind.players().end();
    let seats: Vec<String> = s
        .table
        .seats
        .iter()
        .enumerate()
        .map(|(i, seat)| {
            let who = match seat.user {
                Some(u) => s.markup.mention(u),
                None => s.markup.escape(&seat.name),
            };
            format!("{} {who}", SEAT_EMOJI[i % SEAT_EMOJI.len()])
        })
        .collect();
    let mut fields = vec![Field::new(tr.t("lobby-players"), seats.join("\n"))];
    let expected: Vec<String> = expected(s).into_iter().map(|u| s.markup.mention(u)).collect();
    if open && !expected.is_empty() {
        fields.push(Field::new(tr.t("lobby-expected"), expected.join("\n")));
    }
    // The options set away from their defaults: a switch by its description, others with a value.
    let options: Vec<String> = options::changed(s.kind.options(), &s.row.options)
        .into_iter()
        .map(|(spec, value)| {
            let description = tr.t(&spec.description_id(s.kind.id()));
            match value {
                serde_json::Value::Bool(true) => description,
                serde_json::Value::String(text) if text.len() > 40 => {
                    format!("{description}: {}", tr.t("lobby-option-custom"))
                }
                serde_json::Value::String(text) => format!("{description}: {}", s.markup.escape(&text)),
                other => format!("{description}: {other}"),
            }
        })
        .chain(s.table.solitaire.then(|| tr.t("lobby-solitaire")))
        .chain(s.table.turn_timer.map(|secs| {
            tr.f(
                "lobby-turn-timer",
                &[("time", super::text::duration(tr, secs).into())],
            )
        }))
        .chain(s.table.private.then(|| tr.t("lobby-private")))
        .collect();
    if !options.is_empty() {
        fields.push(Field::new(tr.t("lobby-options"), options.join("\n")));
    }
    // What each bot level plays like, for games that describe their levels (`<game>-bot-<level>`).
    let levels: Vec<String> = Level::ALL
        .iter()
        .map(|l| format!("{}-bot-{}", s.kind.id(), l.id()))
        .filter(|id| crate::engine::text::has_message(id))
        .map(|id| tr.t(&id))
        .collect();
    if open && !levels.is_empty() {
        fields.push(Field::new(tr.t("lobby-bots"), levels.join("\n")));
    }
    let mut description = tr.f(
        "lobby-description",
        &[
            ("host", s.markup.mention(s.row.host_id).into()),
            ("left", (max - s.table.seats.len().min(max)).into()),
            ("min", min_players(s).into()),
        ],
    );
    if open {
        // Relative times render in descriptions, not in footers.
        let at = s.markup.relative_time(s.table.lobby_expires_at);
        description = format!("{description}\n{}", tr.f("lobby-expires", &[("at", at.into())]));
    }
    View {
        title: tr.f("lobby-title", &[("game", game_name(tr, s.kind).into())]),
        description,
        text: None,
        words: None,
        fields,
        colour: SEAT_COLOUR[0],
        footer: None,
        rows: vec![],
    }
}

/// What a lobby button comes to.
pub(super) enum LobbyClick {
    /// Refused, with the reason for the clicker alone; nothing changes.
    Refuse(String),
    /// The seats and invitations change to these (someone joined, left or declined, a bot was
    /// added or removed).
    Seat {
        seats: Vec<SeatInfo>,
        invited: Vec<SeatInfo>,
    },
    Cancel,
    Start,
}

/// Decides a click on the lobby's `action` button by `user`.
pub(super) fn click(s: &Session, action: &str, user: &User) -> LobbyClick {
    let refuse = |id: &str| LobbyClick::Refuse(Tr::new(user.locale, &[]).t(id));
    if !s.phase.is_lobby() {
        return refuse("lobby-gone");
    }
    let host = s.row.host_id == user.id;
    let seated = s.seat_of(user.id);
    let max = *s.kind.players().end();
    let mut seats = s.table.seats.clone();
    let mut invited = s.table.invited.clone();
    let invitation = invited.iter().position(|seat| seat.user == Some(user.id));
    let kept = invited.len();
    match action {
        JOIN if seated.is_some() => return refuse("lobby-already-in"),
        JOIN if seats.len() >= max => return refuse("lobby-full"),
        JOIN if invitation.is_none() && s.table.private => return refuse("lobby-private-refused"),
        JOIN if invitation.is_none() && seats.len() + kept >= max => return refuse("lobby-full"),
        JOIN => {
            if let Some(i) = invitation {
                invited.remove(i);
            }
            seats.push(SeatInfo {
                user: Some(user.id),
                name: user.name.clone(),
                bot: None,
            });
        }
        DECLINE => match invitation {
            Some(i) => {
                invited.remove(i);
            }
            None => return refuse("lobby-not-invited"),
        },
        LEAVE if host => return refuse("lobby-host-cannot-leave"),
        LEAVE => match seated {
            Some(seat) => {
                seats.remove(seat);
            }
            None => return refuse("lobby-not-in"),
        },
        START | CANCEL | REMOVE_BOT if !(host || action == CANCEL && user.manager) => {
            return refuse("lobby-host-only");
        }
        a if a.starts_with(ADD_BOT) && !host => return refuse("lobby-host-only"),
        a if a.starts_with(ADD_BOT) => {
            let Some(level) = Level::from_id(&a[ADD_BOT.len()..]) else {
                return refuse("click-unknown");
            };
            if seats.len() + kept >= max {
                return refuse("lobby-full");
            }
            let seat = bot_seat(&seats, level, s.table.locale);
            seats.push(seat);
        }
        REMOVE_BOT => match seats.iter().rposition(|seat| seat.bot.is_some()) {
            Some(i) => {
                seats.remove(i);
            }
            None => return refuse("lobby-no-bots"),
        },
        CANCEL => return LobbyClick::Cancel,
        START => return LobbyClick::Start,
        _ => return refuse("click-unknown"),
    }
    order_seats(&mut seats, &s.table);
    LobbyClick::Seat { seats, invited }
}
