//! `/saikoro forget-me`: asked, then confirmed by a click of the same user, then done everywhere.
//! The store finds the user's games by key; the live ones of this process are changed through
//! their sessions, under each game's lock, since a session would otherwise write its seats back:
//! through [`LiveSeats`] (which `Tables` implements, `Play` doing the leaving) the user leaves a
//! lobby (one they host is cancelled) and resigns a game in play, whose seat plays on as
//! "someone" in nothing but name. The rest is the store's (`Store::forget_player`), with the
//! stored seats anonymised by [`forget_seats`].

use super::history::user_key;
use super::{Post, Reply, SeatInfo, Table, User, ids};
use crate::engine::{Button, Row, Style, Tr, View};
use crate::id::{GameId, UserId};
use crate::store::Store;

const COLOUR: u32 = 0x00E7_4C3C;

/// Takes a user out of this process's live games before the store forgets them.
#[async_trait::async_trait]
pub trait LiveSeats: Send + Sync {
    /// Leaves the lobbies and resigns the games among `games` that are live here.
    async fn forget_live(&self, user: UserId, games: &[GameId]);
}

/// The question, privately, with the button that confirms it.
pub fn ask(user: &User) -> Post {
    let tr = Tr::new(user.locale, &[]);
    let confirm = Button::act(ids::forget_me(user.id), tr.t("forget-me-confirm"), Style::Danger);
    Post {
        content: None,
        view: answer_view(&tr, tr.t("forget-me-ask"), vec![Row::buttons(vec![confirm])]),
        ping: vec![],
        picture: None,
    }
}

/// The confirm button, clicked by `user`; only `asker` may confirm. Done again, it forgets
/// whatever is left (nothing, usually): a stale confirmation does no harm.
pub async fn confirm(store: &Store, live: &dyn LiveSeats, asker: UserId, user: &User) -> Reply {
    let tr = Tr::new(user.locale, &[]);
    if asker != user.id {
        return Reply::Private(tr.t("forget-me-not-yours"));
    }
    let player = user_key(user.id);
    let games = match store.games_of(&player).await {
        Ok(games) => games,
        Err(e) => return Reply::Private(super::store_failed(&tr, &e)),
    };
    let live_games: Vec<GameId> = games.iter().filter(|g| g.live()).map(|g| g.id).collect();
    live.forget_live(user.id, &live_games).await;
    let forget = |seats: &serde_json::Value| forget_seats(seats, user.id);
    match store.forget_player(&player, forget).await {
        Ok(results) => {
            let done = tr.f("forget-me-done", &[("games", results.into())]);
            Reply::Update(Post {
                content: None,
                view: answer_view(&tr, done, vec![]),
                ping: vec![],
                picture: None,
            })
        }
        Err(e) => Reply::Private(super::store_failed(&tr, &e)),
    }
}

fn answer_view(tr: &Tr, text: String, rows: Vec<Row>) -> View {
    View {
        title: tr.t("command-forget-me"),
        description: text,
        text: None,
        words: None,
        fields: vec![],
        colour: COLOUR,
        footer: None,
        rows,
    }
}

/// A stored table's seats with `user` anonymised (no id, no name: shown as "someone"), or `None`
/// if they do not seat `user`.
fn forget_seats(seats: &serde_json::Value, user: UserId) -> Option<serde_json::Value> {
    let mut table: Table = serde_json::from_value(seats.clone()).ok()?;
    let rematch = table.rematch.iter_mut().flat_map(|r| r.seats.iter_mut());
    let invited = table.invited.len();
    table.invited.retain(|seat| seat.user != Some(user));
    let mut changed = table.invited.len() != invited;
    for seat in table.seats.iter_mut().chain(rematch) {
        if seat.user == Some(user) {
            *seat = SeatInfo {
                user: None,
                name: crate::store::ANONYMOUS.to_owned(),
                bot: None,
            };
            changed = true;
        }
    }
    changed.then(|| serde_json::to_value(&table).expect("a table serializes"))
}
