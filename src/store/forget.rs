//! Forgetting a user (`/saikoro forget-me`): the `user_games` table names each user's games (kept
//! by triggers, migration 0070), so the work is found by key and its cost follows the user's
//! games, not everyone's. What to change is read outside the write lock; the writes then go in
//! small transactions, each taking its turn like any other write, so a forget never holds up
//! the games being played for longer than a few statements. Every step can be repeated: a
//! forget cut short is finished by the next.

use super::rows::Status;
use super::sql::{Tx, guild_key, snowflake_from_db};
use super::{Store, StoreError};
use crate::history::ANONYMOUS;
use crate::id::{GameId, GuildId};
use std::collections::BTreeSet;

/// Games written per transaction.
const CHUNK: usize = 64;

const SELECT_GAMES_OF: &str = "SELECT g.id, g.guild_id, g.kind, g.status, g.seats \
     FROM user_games u JOIN games g ON g.id = u.game_id WHERE u.player = $1 ORDER BY g.id";
const ANONYMIZE_RESULTS: &str = "UPDATE results SET player = $1 WHERE game_id = $2 AND player = $3";
/// The host of a game is kept for none: a live game's host powers (abandon, board) fall to the
/// server's managers, which the row has no column for anyway.
/// The statements deleting a player's (`$1`) rows of the tables that hold only their own data:
/// time off, dailies, puzzle answers and rating, notice choices and notices, "told once".
const OWN_ROWS_OF: [&str; 7] = [
    super::away::DELETE_AWAY_OF,
    super::daily::DELETE_OF,
    super::puzzles::DELETE_ATTEMPTS_OF,
    super::puzzles::DELETE_RATING_OF,
    super::notices::DELETE_NOTIFY_OF,
    super::notices::DELETE_NOTICES_OF,
    super::told::FORGET,
];
const FORGET_HOST: &str = "UPDATE games SET host_id = 0 WHERE id = $1 AND host_id = $2";
const UPDATE_SEATS: &str = "UPDATE games SET seats = $1 WHERE id = $2";
const DELETE_SUMMARIES: &str = "DELETE FROM player_stats WHERE guild_id = $1 AND player = $2";
const DELETE_RATING: &str = "DELETE FROM ratings WHERE guild_id = $1 AND kind = $2 AND player = $3";
const SELECT_OPPONENTS: &str = "SELECT opponent FROM rivals WHERE guild_id = $1 AND player = $2";
const DELETE_RIVALS: &str = "DELETE FROM rivals WHERE guild_id = $1 AND player = $2";
const DELETE_RIVAL: &str = "DELETE FROM rivals WHERE guild_id = $1 AND player = $2 AND opponent = $3";
const DELETE_USER_GAME: &str = "DELETE FROM user_games WHERE player = $1 AND game_id = $2";
/// A player's unfinished games on a server, newest first (the games list).
const SELECT_LIVE_OF: &str = "SELECT g.id FROM user_games u JOIN games g ON g.id = u.game_id \
     WHERE u.player = $1 AND g.guild_id = $2 AND g.status IN ('lobby', 'playing') \
     AND g.quarantined IS NULL ORDER BY g.id DESC LIMIT $3";

/// A game that names a user, as forget-me needs it.
#[derive(Clone, Debug, PartialEq)]
pub struct UserGame {
    pub id: GameId,
    pub guild: Option<GuildId>,
    pub kind: String,
    pub status: Status,
    /// The table's seats as stored (JSON text).
    seats: String,
}

impl UserGame {
    pub fn live(&self) -> bool {
        matches!(self.status, Status::Lobby | Status::Playing)
    }
}

type UserGameRow = (i64, Option<i64>, String, String, String);

impl Store {
    /// Every game that names `player` (a user id in decimal) as host or seat, oldest first.
    pub async fn games_of(&self, player: &str) -> Result<Vec<UserGame>, StoreError> {
        let rows: Vec<UserGameRow> = with_pool!(self, |pool| {
            sqlx::query_as(SELECT_GAMES_OF)
                .bind(player)
                .fetch_all(pool)
                .await?
        });
        rows.into_iter()
            .map(|(id, guild, kind, status, seats)| {
                Ok(UserGame {
                    id: GameId(id),
                    guild: guild.map(|g| GuildId(snowflake_from_db(g))),
                    kind,
                    status: Status::parse(&status)
                        .ok_or_else(|| StoreError::Invalid(format!("game {id} has status {status}")))?,
                    seats,
                })
            })
            .collect()
    }

    /// Removes a user from every server's figures and games: their results stay (other players'
    /// figures need them) but no longer name them; their ratings, summaries and head-to-head rows
    /// go; no game keeps them as its host; ended games' seats become what `forget` returns for
    /// them (`None`: left alone), so replays and exports stop naming them. Live games' seats are
    /// the live sessions' to change (they would write theirs back). Returns the results changed.
    pub async fn forget_player(
        &self,
        player: &str,
        forget: impl Fn(&serde_json::Value) -> Option<serde_json::Value>,
    ) -> Result<u64, StoreError> {
        let games = self.games_of(player).await?;
        let host = player.parse::<u64>().map(u64::cast_signed).ok();
        let mut changed = 0;
        for chunk in games.chunks(CHUNK) {
            // Decided before the write turn: only the writes wait for it.
            let seats: Vec<Option<String>> = chunk
                .iter()
                .map(|game| forgotten_seats(game, &forget))
                .collect::<Result<_, _>>()?;
            let _turn = self.write_turn().await;
            let mut tx = Tx::begin_write(&self.backend).await?;
            for (game, seats) in chunk.iter().zip(seats) {
                changed += tx.forget_in_game(game, player, host, seats.as_deref()).await?;
            }
            tx.commit().await?;
        }
        let kinds: BTreeSet<(i64, &str)> = games
            .iter()
            .map(|g| (guild_key(g.guild), g.kind.as_str()))
            .collect();
        let guilds: BTreeSet<i64> = kinds.iter().map(|(guild, _)| *guild).collect();
        for guild in guilds {
            let opponents = self.opponents(guild, player).await?;
            let _turn = self.write_turn().await;
            let mut tx = Tx::begin_write(&self.backend).await?;
            let kinds = kinds.iter().filter(|(g, _)| *g == guild).map(|(_, kind)| *kind);
            tx.forget_figures(guild, player, kinds, &opponents).await?;
            tx.commit().await?;
        }
        self.delete_own_rows(player).await?;
        Ok(changed)
    }

    /// Deletes `player`'s rows from the tables that hold only their own data.
    async fn delete_own_rows(&self, player: &str) -> Result<(), StoreError> {
        let Ok(id) = player.parse::<u64>() else {
            return Ok(());
        };
        let key = super::sql::snowflake_to_db(id);
        let _turn = self.write_turn().await;
        for statement in OWN_ROWS_OF {
            with_pool!(self, |pool| {
                sqlx::query(statement).bind(key).execute(pool).await?;
            });
        }
        Ok(())
    }

    /// The unfinished games (lobbies and games in play) on `guild` that name `player` (a user id
    /// in decimal) as host, seat or invited player, newest first, at most `limit`. A player who
    /// left a lobby is still named: callers check the seats.
    pub async fn live_games_of(
        &self,
        guild: GuildId,
        player: &str,
        limit: u32,
    ) -> Result<Vec<GameId>, StoreError> {
        let ids: Vec<i64> = with_pool!(self, |pool| {
            sqlx::query_scalar(SELECT_LIVE_OF)
                .bind(player)
                .bind(super::sql::snowflake_to_db(guild.get()))
                .bind(i64::from(limit))
                .fetch_all(pool)
                .await?
        });
        Ok(ids.into_iter().map(GameId).collect())
    }

    /// The players a player has head-to-head rows against in a server.
    async fn opponents(&self, guild: i64, player: &str) -> Result<Vec<String>, StoreError> {
        Ok(with_pool!(self, |pool| {
            sqlx::query_scalar(SELECT_OPPONENTS)
                .bind(guild)
                .bind(player)
                .fetch_all(pool)
                .await?
        }))
    }
}

/// An ended game's seats without the user, as JSON text; `None` for a live game or seats
/// `forget` leaves alone.
fn forgotten_seats(
    game: &UserGame,
    forget: impl Fn(&serde_json::Value) -> Option<serde_json::Value>,
) -> Result<Option<String>, StoreError> {
    if game.live() {
        return Ok(None);
    }
    let seats: serde_json::Value = serde_json::from_str(&game.seats)
        .map_err(|e| StoreError::Invalid(format!("game {} has bad seats: {e}", game.id)))?;
    Ok(forget(&seats).map(|s| s.to_string()))
}

/// The steps of forgetting a player, each a statement or two.
impl Tx {
    /// Takes the player off one game: their results, its host, its seats if given. An ended game
    /// leaves the player's games for good; a live one stays, for a forget asked again after it
    /// ends (one another process runs). Returns the results changed.
    async fn forget_in_game(
        &mut self,
        game: &UserGame,
        player: &str,
        host: Option<i64>,
        seats: Option<&str>,
    ) -> Result<u64, StoreError> {
        let (ended, game) = (!game.live(), game.id);
        with_tx!(self, |conn| {
            let changed = sqlx::query(ANONYMIZE_RESULTS)
                .bind(ANONYMOUS)
                .bind(game.get())
                .bind(player)
                .execute(&mut *conn)
                .await?
                .rows_affected();
            if let Some(host) = host {
                sqlx::query(FORGET_HOST)
                    .bind(game.get())
                    .bind(host)
                    .execute(&mut *conn)
                    .await?;
            }
            if let Some(seats) = seats {
                sqlx::query(UPDATE_SEATS)
                    .bind(seats)
                    .bind(game.get())
                    .execute(&mut *conn)
                    .await?;
            }
            if ended {
                sqlx::query(DELETE_USER_GAME)
                    .bind(player)
                    .bind(game.get())
                    .execute(&mut *conn)
                    .await?;
            }
            Ok(changed)
        })
    }

    /// Drops a player's summaries, ratings (one per game `kinds` they played) and head-to-head
    /// rows both ways in one server, each by its key.
    async fn forget_figures(
        &mut self,
        guild: i64,
        player: &str,
        kinds: impl Iterator<Item = &str>,
        opponents: &[String],
    ) -> Result<(), StoreError> {
        with_tx!(self, |conn| {
            for kind in kinds {
                sqlx::query(DELETE_RATING)
                    .bind(guild)
                    .bind(kind)
                    .bind(player)
                    .execute(&mut *conn)
                    .await?;
            }
            for delete in [DELETE_SUMMARIES, DELETE_RIVALS] {
                sqlx::query(delete)
                    .bind(guild)
                    .bind(player)
                    .execute(&mut *conn)
                    .await?;
            }
            for opponent in opponents {
                sqlx::query(DELETE_RIVAL)
                    .bind(guild)
                    .bind(opponent)
                    .bind(player)
                    .execute(&mut *conn)
                    .await?;
            }
        });
        Ok(())
    }
}
