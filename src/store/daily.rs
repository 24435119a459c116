//! The daily Can't Stop's tables (migration 0100): the deployment's secret that keys its days'
//! dice, and one attempt per player per UTC day across every server, with its result once it
//! ends. Leaderboards and streaks read them; forget-me deletes a player's attempts.

use super::sql::{Tx, snowflake_from_db, snowflake_to_db};
use super::{Store, StoreError};
use crate::engine::LoggedAction;
use crate::id::{GameId, GuildId, UserId};

const INSERT_SECRET: &str =
    "INSERT INTO daily_secret (id, secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING";
const SELECT_SECRET: &str = "SELECT secret FROM daily_secret WHERE id = 1";
const CLAIM: &str = "INSERT INTO daily_attempts (player, day, guild_id, name) VALUES ($1, $2, $3, $4) \
     ON CONFLICT (player, day) DO NOTHING";
const COLUMNS: &str = "player, day, guild_id, name, game_id, turns, busts, marks, finished_at";
const SET_GAME: &str =
    "UPDATE daily_attempts SET game_id = $3 WHERE player = $1 AND day = $2 AND game_id IS NULL";
const FINISH: &str = "UPDATE daily_attempts SET turns = $3, busts = $4, marks = $5, finished_at = $6 \
     WHERE player = $1 AND day = $2 AND turns IS NULL";
/// [`FINISH`] with its binds, on a pool or in a transaction.
macro_rules! bind_finish {
    ($player:expr, $day:expr, $result:expr) => {
        sqlx::query(FINISH)
            .bind(snowflake_to_db($player.get()))
            .bind($day)
            .bind(i64::from($result.turns))
            .bind(i64::from($result.busts))
            .bind(&$result.marks)
            .bind($result.finished_at)
    };
}
const DAYS_PLAYED: &str =
    "SELECT day FROM daily_attempts WHERE player = $1 AND turns IS NOT NULL ORDER BY day";
pub(super) const DELETE_OF: &str = "DELETE FROM daily_attempts WHERE player = $1";
const GAMES_IN_PLAY: &str =
    "SELECT game_id FROM daily_attempts WHERE game_id IS NOT NULL AND turns IS NULL ORDER BY game_id";

/// A player's attempt of a day, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailyAttempt {
    pub player: UserId,
    pub day: i64,
    /// The server it was started on (0: a DM).
    pub guild: u64,
    pub name: String,
    /// Its game, once made.
    pub game: Option<GameId>,
    /// Its result, once it ended.
    pub result: Option<DailyResult>,
}

/// How an attempt ended: turns (the score), busts (the tie-break), one mark per turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailyResult {
    pub turns: u32,
    pub busts: u32,
    /// `B` per turn banked, `X` per bust.
    pub marks: String,
    pub finished_at: i64,
}

type AttemptRow = (
    i64,
    i64,
    i64,
    String,
    Option<i64>,
    Option<i64>,
    Option<i64>,
    Option<String>,
    Option<i64>,
);

fn attempt(row: AttemptRow) -> DailyAttempt {
    let (player, day, guild, name, game, turns, busts, marks, finished_at) = row;
    let result = match (turns, busts, marks, finished_at) {
        (Some(turns), Some(busts), Some(marks), Some(finished_at)) => Some(DailyResult {
            turns: turns as u32,
            busts: busts as u32,
            marks,
            finished_at,
        }),
        _ => None,
    };
    DailyAttempt {
        player: UserId(snowflake_from_db(player)),
        day,
        guild: snowflake_from_db(guild),
        name,
        game: game.map(GameId),
        result,
    }
}

impl Store {
    /// The deployment's daily secret: `candidate` if none was stored yet (the first caller's
    /// stays, whatever processes race), else the stored one.
    pub async fn daily_secret(&self, candidate: u64) -> Result<u64, StoreError> {
        let _turn = self.write_turn().await;
        let secret: i64 = with_pool!(self, |pool| {
            sqlx::query(INSERT_SECRET)
                .bind(candidate.cast_signed())
                .execute(pool)
                .await?;
            sqlx::query_scalar(SELECT_SECRET).fetch_one(pool).await?
        });
        Ok(secret.cast_unsigned())
    }

    /// Claims `player`'s attempt of `day` on `guild` (0: a DM), or finds the one they already
    /// have, on whichever server: the first claim of a day is the only one.
    pub async fn claim_daily(
        &self,
        player: UserId,
        day: i64,
        guild: Option<GuildId>,
        name: &str,
    ) -> Result<DailyAttempt, StoreError> {
        let key = snowflake_to_db(player.get());
        let guild = snowflake_to_db(guild.map_or(0, super::super::id::GuildId::get));
        let turn = self.write_turn().await;
        with_pool!(self, |pool| {
            sqlx::query(CLAIM)
                .bind(key)
                .bind(day)
                .bind(guild)
                .bind(name)
                .execute(pool)
                .await?;
        });
        drop(turn);
        Ok(self.daily_of(player, day).await?.expect("claimed just now"))
    }

    /// `player`'s attempt of `day`, if they made one.
    pub async fn daily_of(&self, player: UserId, day: i64) -> Result<Option<DailyAttempt>, StoreError> {
        let query = format!("SELECT {COLUMNS} FROM daily_attempts WHERE player = $1 AND day = $2");
        let row: Option<AttemptRow> = with_pool!(self, |pool| {
            sqlx::query_as(&query)
                .bind(snowflake_to_db(player.get()))
                .bind(day)
                .fetch_optional(pool)
                .await?
        });
        Ok(row.map(attempt))
    }

    /// Ties an attempt to its game (once: a second game for the same attempt is refused).
    /// Returns whether this game is the attempt's.
    pub async fn set_daily_game(&self, player: UserId, day: i64, game: GameId) -> Result<bool, StoreError> {
        let _turn = self.write_turn().await;
        let done = with_pool!(self, |pool| {
            sqlx::query(SET_GAME)
                .bind(snowflake_to_db(player.get()))
                .bind(day)
                .bind(game.get())
                .execute(pool)
                .await?
                .rows_affected()
        });
        Ok(done == 1)
    }

    /// Records how an attempt ended (once). Returns whether this call recorded it.
    pub async fn finish_daily(
        &self,
        player: UserId,
        day: i64,
        result: &DailyResult,
    ) -> Result<bool, StoreError> {
        let _turn = self.write_turn().await;
        let done = with_pool!(self, |pool| {
            bind_finish!(player, day, result)
                .execute(pool)
                .await?
                .rows_affected()
        });
        Ok(done == 1)
    }

    /// The action that ends `player`'s daily game of `day`, stored with its result in one
    /// transaction: a crash leaves the game either still playing or finished with its result.
    /// A daily writes no `results` row: it counts in the day's own leaderboards and streaks, not
    /// in the game's ratings, stats, leaderboards and history.
    pub async fn finish_daily_game(
        &self,
        game: GameId,
        seq: i64,
        action: &LoggedAction,
        player: UserId,
        day: i64,
        result: &DailyResult,
    ) -> Result<(), StoreError> {
        let _turn = self.write_turn().await;
        let mut tx = Tx::begin_write(&self.backend).await?;
        tx.append_final(game, seq, action, result.finished_at, self.shards)
            .await?;
        tx.record_daily(player, day, result).await?;
        tx.commit().await
    }

    /// The finished attempts of `day`, best first (fewer turns, then fewer busts, then sooner):
    /// on `guild`'s server, or on every server when `None`.
    pub async fn daily_board(
        &self,
        day: i64,
        guild: Option<GuildId>,
        limit: i64,
    ) -> Result<Vec<DailyAttempt>, StoreError> {
        let query = format!(
            "SELECT {COLUMNS} FROM daily_attempts WHERE day = $1 AND turns IS NOT NULL \
             AND ($2 OR guild_id = $3) ORDER BY turns, busts, finished_at LIMIT $4"
        );
        let rows: Vec<AttemptRow> = with_pool!(self, |pool| {
            sqlx::query_as(&query)
                .bind(day)
                .bind(guild.is_none())
                .bind(snowflake_to_db(guild.map_or(0, super::super::id::GuildId::get)))
                .bind(limit)
                .fetch_all(pool)
                .await?
        });
        Ok(rows.into_iter().map(attempt).collect())
    }

    /// The days `player` finished an attempt of, in order: their streaks' material.
    pub async fn daily_days(&self, player: UserId) -> Result<Vec<i64>, StoreError> {
        Ok(with_pool!(self, |pool| {
            sqlx::query_scalar(DAYS_PLAYED)
                .bind(snowflake_to_db(player.get()))
                .fetch_all(pool)
                .await?
        }))
    }

    /// The games of attempts not finished yet (some may have ended unrecorded): daily games
    /// hold no channel, so the index leaves their channels free.
    pub async fn daily_games_in_play(&self) -> Result<Vec<GameId>, StoreError> {
        let ids: Vec<i64> = with_pool!(self, |pool| {
            sqlx::query_scalar(GAMES_IN_PLAY).fetch_all(pool).await?
        });
        Ok(ids.into_iter().map(GameId).collect())
    }
}

impl Tx {
    /// A daily attempt's result, in the transaction that ends its game.
    async fn record_daily(
        &mut self,
        player: UserId,
        day: i64,
        result: &DailyResult,
    ) -> Result<(), StoreError> {
        with_tx!(self, |conn| {
            bind_finish!(player, day, result).execute(conn).await?;
        });
        Ok(())
    }
}
