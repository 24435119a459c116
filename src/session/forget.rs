//! `/saikoro forget-me`: asked, then confirmed by a click of the same user, then done everywhere.
//! The store finds the user's games by key; the live ones of this process are changed through
//! their sessions, under each game's lock, since a session would otherwise write its seats back:
//! the user leaves a lobby (one they host is cancelled) and resigns a game in play, whose seat
//! plays on as "someone" in nothing but name. The rest is the store's (`Store::forget_player`).

use super::history::user_key;
use super::live::Session;
use super::play::Play;
use super::tables::Tables;
use super::{Post, Reply, SeatInfo, User, ids, lobby};
use crate::engine::{self, Button, Row, Style, Tr, View};
use crate::id::{GameId, UserId};
use crate::store::{Status, Store};
use std::sync::Arc;

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
    let forget = |seats: &serde_json::Value| super::forget_seats(seats, user.id);
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

/// A forgotten seat: no id, and "someone" as its name in the server's language.
fn anonymous(s: &Session) -> SeatInfo {
    SeatInfo {
        user: None,
        name: Tr::new(s.table.locale, &[]).t("history-anonymous"),
        bot: None,
    }
}

#[async_trait::async_trait]
impl LiveSeats for Tables {
    async fn forget_live(&self, user: UserId, games: &[GameId]) {
        for &game in games {
            let Ok(Some(mut s)) = self.play.index.live(game).await else {
                continue; // ended meanwhile, or another process's
            };
            match s.phase.status() {
                Status::Lobby => self.play.leave_lobby(&mut s, user).await,
                Status::Playing => self.play.leave_game(&mut s, user).await,
                Status::Finished | Status::Abandoned => {}
            }
        }
    }
}

impl Play {
    /// The user leaves a lobby; a lobby they host is cancelled, as its host would.
    async fn leave_lobby(&self, s: &mut Session, user: UserId) {
        let post = if s.row.host_id == user {
            s.phase.abandon();
            if let Err(e) = self.try_persist(s).await {
                tracing::error!(game = %s.row.id, error = %e, "could not cancel a forgotten host's lobby");
                s.phase.reopen();
                return;
            }
            self.index.close(s);
            lobby::closed(s, "lobby-cancelled")
        } else {
            let someone = anonymous(s);
            s.table.seats.retain(|seat| seat.user != Some(user));
            s.table.invited.retain(|seat| seat.user != Some(user));
            forget_rematch(s, user, &someone);
            self.persist(s).await;
            lobby::post(s)
        };
        if let Some(message) = s.row.board_message_id {
            self.outbox.edit(s.row.channel_id, message, &post).await.ok();
        }
    }

    /// The user's seats in a game in play become "someone" and resign, so the game goes on (or
    /// ends) by its rules and its results name no one for them.
    async fn leave_game(self: &Arc<Self>, s: &mut Session, user: UserId) {
        let someone = anonymous(s);
        let mut seats = vec![];
        for (index, seat) in s.table.seats.iter_mut().enumerate() {
            if seat.user == Some(user) {
                *seat = someone.clone();
                seats.push(index);
            }
        }
        forget_rematch(s, user, &someone);
        if s.row.host_id == user {
            // Not written by the session: the store's forget clears the stored host.
            s.row.host_id = UserId(0);
        }
        self.persist(s).await;
        for seat in seats {
            if s.phase.playing().is_none() {
                break;
            }
            // Refused only if the seat is out already: then there is nothing to resign.
            if self.act_on_board(s, seat, engine::RESIGN).await.is_err() {
                tracing::debug!(game = %s.row.id, seat, "a forgotten seat was out already");
            }
        }
        self.wake_bots(s);
    }
}

fn forget_rematch(s: &mut Session, user: UserId, someone: &SeatInfo) {
    for seat in s.table.rematch.iter_mut().flat_map(|r| r.seats.iter_mut()) {
        if seat.user == Some(user) {
            *seat = someone.clone();
        }
    }
}
