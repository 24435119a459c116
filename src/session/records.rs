//! The players' history: leaderboards, stats, recent games, replays, reviews, rematches and
//! forget-me. All of it is read from (or, for forget-me, written to) the store; no live session
//! is touched, except that a rematch opens its lobby through the live games' [`Lobbies`] and
//! forget-me takes the user out of the live games through [`LiveSeats`].

use super::forget::{self, LiveSeats};
use super::ids::RecordRoute;
use super::markup::Markup;
use super::rematch::{self, Lobbies};
use super::{Post, Refused, Reply, Sight, User, coach, replay, stats};
use crate::engine::Msg;
use crate::games::GameKind;
use crate::id::{GameId, GuildId, UserId};
use crate::store::Store;
use std::sync::Arc;

/// The players' history of every server, from the store.
pub struct Records {
    store: Arc<Store>,
    lobbies: Arc<dyn Lobbies>,
    live: Arc<dyn LiveSeats>,
    markup: &'static dyn Markup,
}

impl Records {
    pub fn new(
        store: Arc<Store>,
        lobbies: Arc<dyn Lobbies>,
        live: Arc<dyn LiveSeats>,
        markup: &'static dyn Markup,
    ) -> Records {
        Records {
            store,
            lobbies,
            live,
            markup,
        }
    }

    /// A click on a history view's button, in the server the click came from: the page or move
    /// it leads to, or a Rematch's lobby.
    pub async fn click(
        &self,
        route: RecordRoute,
        guild: Option<GuildId>,
        user: &User,
        sight: &dyn Sight,
    ) -> Reply {
        let shown = match route {
            RecordRoute::Replay { game, step } => {
                self.replay(guild, None, game, Some(step), user, sight).await
            }
            RecordRoute::Leaderboard { kind, page } => {
                self.leaderboard(guild, Some(kind), Some(page), user).await
            }
            RecordRoute::Rematch { of } => {
                let answer = rematch::rematch(&self.store, self.lobbies.as_ref(), of, guild, user).await;
                return Reply::Private(answer);
            }
            RecordRoute::ForgetMe { user: asker } => {
                return forget::confirm(&self.store, self.live.as_ref(), asker, user).await;
            }
        };
        match shown {
            Ok(post) => Reply::Update(post),
            Err(refused) => Reply::Private(refused.words(user.locale)),
        }
    }

    /// `/saikoro leaderboard`: a page (1-based) of the server's leaderboard for a game.
    pub async fn leaderboard(
        &self,
        guild: Option<GuildId>,
        kind: Option<GameKind>,
        page: Option<i64>,
        user: &User,
    ) -> Result<Post, Refused> {
        stats::leaderboard(&self.store, self.markup, guild, kind, page, user).await
    }

    /// `/saikoro stats`: a player's figures in this server.
    pub async fn stats(
        &self,
        guild: Option<GuildId>,
        target: UserId,
        kind: Option<GameKind>,
        user: &User,
    ) -> Result<Post, Refused> {
        stats::stats(&self.store, self.markup, guild, target, kind, user).await
    }

    /// `/saikoro history`: the server's (or a player's) recently finished games in channels
    /// the user may see.
    pub async fn recent(
        &self,
        guild: Option<GuildId>,
        target: Option<UserId>,
        user: &User,
        sight: &dyn Sight,
    ) -> Result<Post, Refused> {
        stats::recent(&self.store, self.markup, guild, target, user, sight).await
    }

    /// `/saikoro forget-me`: what it does, and the button that confirms it.
    pub fn forget_me(&self, user: &User) -> Post {
        forget::ask(user)
    }

    /// `/<game> replay id`: finished game `id` after `step` moves (all when `None`).
    pub async fn replay(
        &self,
        guild: Option<GuildId>,
        kind: Option<GameKind>,
        id: GameId,
        step: Option<usize>,
        user: &User,
        sight: &dyn Sight,
    ) -> Result<Post, Refused> {
        self.seen(id, sight).await?;
        replay::replay(&self.store, self.markup, guild, kind, id, step, user).await
    }

    /// `/<game> review id`: the coach's view of a finished game.
    pub async fn review(
        &self,
        guild: Option<GuildId>,
        kind: GameKind,
        id: GameId,
        user: &User,
        sight: &dyn Sight,
    ) -> String {
        if let Err(refused) = self.seen(id, sight).await {
            return refused.words(user.locale);
        }
        coach::review(&self.store, self.markup, guild, kind, id, user).await
    }

    /// Refuses a game played in a channel the user may not see as if it did not exist, so its
    /// id says nothing either.
    async fn seen(&self, id: GameId, sight: &dyn Sight) -> Result<(), Refused> {
        match self.store.game_channel(id).await {
            Ok(Some(channel)) if !sight.sees(channel) => {
                Err(Msg::new("replay-missing").arg("id", id.get()).into())
            }
            Ok(_) => Ok(()),
            Err(e) => Err(Refused::store(&e)),
        }
    }
}
