//! The coach in sessions: the 💡 Hint button on live boards (answered privately, recorded in the
//! table so the game stays marked as coached) and `/<game> review` of a finished game.

use super::markup::Markup;
use super::{Table, User, live, text};
use crate::engine::coach::{self, Slip};
use crate::engine::{AnyGame, Button, LoggedAction, Msg, Row, Seat, Style, Tr, View};
use crate::games::GameKind;
use crate::id::{GameId, GuildId};
use crate::store::{GameRow, Status, Store};

/// The hint button's action: `?` never starts a game's action id, so no game can mistake it.
pub(super) const HINT: &str = "?hint";

/// Adds 💡 Hint to a live board: in its last row of buttons if there is room, else a row of its own.
pub(super) fn add_hint_button(view: &mut View, tr: &Tr) {
    use crate::engine::view::limits::{BUTTONS_PER_ROW, ROWS};
    let button = Button::act(HINT, tr.t("hint-button"), Style::Secondary).emoji("💡");
    let rows = view.rows.len();
    match view.rows.last_mut() {
        Some(Row::Buttons { buttons }) if buttons.len() < BUTTONS_PER_ROW => buttons.push(button),
        _ if rows < ROWS => view.rows.push(Row::buttons(vec![button])),
        _ => {}
    }
}

/// A final result, with who asked the coach during the game.
pub(super) fn with_hint_note(result: String, table: &Table, tr: &Tr) -> String {
    match hint_note(&table.hinted, tr) {
        Some(note) => format!("{result}\n{note}"),
        None => result,
    }
}

/// "💡 Coached game: ann asked for hints", if anyone did (`tr` knows the seats' names).
pub fn hint_note(hinted: &[Seat], tr: &Tr) -> Option<String> {
    if hinted.is_empty() {
        return None;
    }
    let who: Vec<String> = hinted.iter().map(|&s| tr.seat(s)).collect();
    Some(tr.msg(&Msg::new("hint-used").arg("players", tr.list(&who))))
}

/// The coach's advice for `seat` in `game`, if it has any.
pub(super) async fn advice(game: Box<dyn AnyGame>, seat: Seat) -> Option<Msg> {
    // The strong search takes a few milliseconds to a few hundred: off the async workers.
    tokio::task::spawn_blocking(move || game.hint(seat))
        .await
        .ok()
        .flatten()
}

/// `/<game> review id`: a finished game of this server, its decisions the coach would have
/// made otherwise, costliest first.
pub async fn review(
    store: &Store,
    markup: &dyn Markup,
    guild: Option<GuildId>,
    kind: GameKind,
    id: GameId,
    user: &User,
) -> String {
    let tr = Tr::new(user.locale, &[]);
    let missing = || tr.f("replay-missing", &[("id", id.get().into())]);
    let stored = match store.load_game(id).await {
        Ok(Some(stored)) => stored,
        Ok(None) => return missing(),
        Err(e) => return super::store_failed(&tr, &e),
    };
    if stored.row.guild_id != guild || stored.row.status != Status::Finished || stored.row.kind != kind.id() {
        return missing();
    }
    let Ok(table) = serde_json::from_value::<Table>(stored.row.seats.clone()) else {
        return missing();
    };
    let names: Vec<String> = table.seats.iter().map(|s| markup.escape(&s.name)).collect();
    let (row, log, locale) = (stored.row, stored.log, user.locale);
    // A long game is a few thousand searches: off the async workers.
    let reviewed = tokio::task::spawn_blocking(move || {
        let tr = Tr::new(locale, &names);
        let slips = review_slips(kind, &row, table.seats.len(), &log, &tr)?;
        let game = format!("{} #{id}", text::game_name(&tr, kind));
        Ok::<_, String>(review_text(
            &game,
            &slips,
            hint_note(&table.hinted, &tr),
            &tr,
            REVIEW_CHARS,
        ))
    })
    .await;
    match reviewed {
        Ok(Ok(text)) => text,
        Ok(Err(why)) => {
            tracing::warn!(game = %id, %why, "a stored game does not review");
            missing()
        }
        Err(_) => Tr::new(user.locale, &[]).t("error-unexpected"),
    }
}

/// Discord's limit for a message's content, with room to spare.
const REVIEW_CHARS: usize = 1900;

/// The coach's slips over a stored game's log.
pub fn review_slips(
    kind: GameKind,
    row: &GameRow,
    players: usize,
    log: &[LoggedAction],
    tr: &Tr,
) -> Result<Vec<Slip>, String> {
    if !kind.coached() {
        return Err(tr.f("review-no-coach", &[("game", text::game_name(tr, kind).into())]));
    }
    let (mut game, _) = live::replayed(kind, row, players, &[]).map_err(|e| e.to_string())?;
    coach::review(game.as_mut(), log, tr).map_err(|e| e.to_string())
}

/// A review in words: a header naming `game`, the hint note if any, then the slips costliest
/// first, as many as fit in `limit` characters (the rest counted).
pub fn review_text(game: &str, slips: &[Slip], note: Option<String>, tr: &Tr, limit: usize) -> String {
    let mut out = if slips.is_empty() {
        tr.f("review-none", &[("game", game.into())])
    } else {
        tr.f(
            "review-header",
            &[("game", game.into()), ("count", slips.len().into())],
        )
    };
    // A clean game that was coached says so too.
    if let Some(note) = note {
        out = format!("{out}\n{note}");
    }
    for (shown, slip) in slips.iter().enumerate() {
        let line = tr.msg(&slip.describe());
        let more = tr.f("review-more", &[("count", (slips.len() - shown).into())]);
        if out.chars().count() + line.chars().count() + more.chars().count() + 2 > limit {
            return format!("{out}\n{more}");
        }
        out = format!("{out}\n{line}");
    }
    out
}
