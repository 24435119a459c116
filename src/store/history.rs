//! Players' history in the store: the `results`, `ratings`, `rivals` and `player_stats` tables.
//! A game's final action is written with its results and everything they change, in one
//! transaction; the figures themselves are computed by the pure `crate::history`. The queries
//! behind the leaderboard, stats and history commands read them. Every query is scoped to one
//! server (guild id, 0 outside servers) so servers' figures never mix.

use super::sql::{Tx, guild_key, seat_to_db, snowflake_from_db};
use super::{HeadToHead, PlayerResult, RecentSeat, Standing, Store, StoreError};
use crate::engine::LoggedAction;
use crate::history::{
    ANONYMOUS, Finish, PlayerSummary, Rating, RatingAfter, Rivalry, SeatResult, VersusResult,
};
use crate::id::{ChannelId, GameId, GuildId};
use std::collections::HashMap;

const SELECT_RATING: &str = "SELECT mu, sigma FROM ratings WHERE guild_id = $1 AND kind = $2 AND player = $3";
const UPSERT_RATING: &str = "INSERT INTO ratings (guild_id, kind, player, mu, sigma, score, games, wins) \
     VALUES ($1, $2, $3, $4, $5, $6, 1, $7) ON CONFLICT (guild_id, kind, player) DO UPDATE SET \
     mu = excluded.mu, sigma = excluded.sigma, score = excluded.score, \
     games = ratings.games + 1, wins = ratings.wins + excluded.wins";
const COUNT_UNRATED: &str = "INSERT INTO ratings (guild_id, kind, player, mu, sigma, score, games, wins) \
     VALUES ($1, $2, $3, $4, $5, $6, 1, $7) ON CONFLICT (guild_id, kind, player) DO UPDATE SET \
     games = ratings.games + 1, wins = ratings.wins + excluded.wins";
const INSERT_RESULT: &str = "INSERT INTO results (game_id, seat, guild_id, kind, player, place, won, \
     resigned, turns, mu, sigma, finished_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)";
const SELECT_BOARD: &str = "SELECT player, mu, sigma, games, wins, score FROM ratings \
     WHERE guild_id = $1 AND kind = $2 ORDER BY score DESC, player LIMIT $3 OFFSET $4";
const SELECT_STANDING: &str = "SELECT player, mu, sigma, games, wins, score FROM ratings \
     WHERE guild_id = $1 AND kind = $2 AND player = $3";
const COUNT_AHEAD: &str = "SELECT COUNT(*) FROM ratings WHERE guild_id = $1 AND kind = $2 AND score > $3";
const COUNT_BOARD: &str = "SELECT COUNT(*) FROM ratings WHERE guild_id = $1 AND kind = $2";
const SELECT_RESULTS_OF: &str = "SELECT game_id, kind, place, won, resigned, turns, mu, sigma, finished_at \
     FROM results WHERE guild_id = $1 AND player = $2 ORDER BY finished_at, game_id, place, seat";
const SELECT_HEAD_TO_HEAD: &str = "SELECT opponent, games, ahead, behind FROM rivals \
     WHERE guild_id = $1 AND player = $2 ORDER BY games DESC, opponent LIMIT $3";
const UPSERT_RIVAL: &str = "INSERT INTO rivals (guild_id, player, opponent, games, ahead, behind) \
     VALUES ($1, $2, $3, 1, $4, $5) ON CONFLICT (guild_id, player, opponent) DO UPDATE SET \
     games = rivals.games + 1, ahead = rivals.ahead + excluded.ahead, \
     behind = rivals.behind + excluded.behind";
/// Seat 0 stands for its game: no DISTINCT, so the newest rows come straight off the index.
const SELECT_RECENT_GAMES: &str = "SELECT r.game_id, g.channel_id FROM results r \
     JOIN games g ON g.id = r.game_id WHERE r.guild_id = $1 AND r.seat = 0 \
     ORDER BY r.finished_at DESC, r.game_id DESC LIMIT $2 OFFSET $3";
const SELECT_RECENT_GAMES_OF: &str = "SELECT r.game_id, g.channel_id FROM results r \
     JOIN games g ON g.id = r.game_id WHERE r.guild_id = $1 AND r.player = $2 \
     ORDER BY r.finished_at DESC, r.game_id DESC LIMIT $3 OFFSET $4";
const SELECT_GAME_CHANNEL: &str = "SELECT channel_id FROM games WHERE id = $1";
/// Pages of recent games read looking for ones the asker may see, before giving up on older ones.
const RECENT_PAGES: i64 = 10;
const SELECT_SEATS_OF_GAME: &str = "SELECT game_id, seat, kind, player, place, won, resigned, turns, finished_at \
     FROM results WHERE game_id = $1 ORDER BY seat";

const SELECT_SUMMARIES: &str = "SELECT kind, games, wins, streak, best_streak, solo_games, solo_best, \
     solo_turns, first_at, first_game, versus_first_at, versus_first_game FROM player_stats \
     WHERE guild_id = $1 AND player = $2 ORDER BY kind";
const SELECT_SUMMARY_PAIR: &str = "SELECT kind, games, wins, streak, best_streak, solo_games, solo_best, \
     solo_turns, first_at, first_game, versus_first_at, versus_first_game FROM player_stats \
     WHERE guild_id = $1 AND player = $2 AND kind IN ($3, '*')";
const UPSERT_SUMMARY: &str = "INSERT INTO player_stats (guild_id, player, kind, games, wins, streak, \
     best_streak, solo_games, solo_best, solo_turns, first_at, first_game, versus_first_at, \
     versus_first_game) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) \
     ON CONFLICT (guild_id, player, kind) DO UPDATE SET games = excluded.games, wins = excluded.wins, \
     streak = excluded.streak, best_streak = excluded.best_streak, solo_games = excluded.solo_games, \
     solo_best = excluded.solo_best, solo_turns = excluded.solo_turns, first_at = excluded.first_at, \
     first_game = excluded.first_game, versus_first_at = excluded.versus_first_at, \
     versus_first_game = excluded.versus_first_game";
/// Whether a player has a result newer than the one being finished (two games finishing in one
/// second, in the other order): then streaks are counted again from the results.
const SELECT_NEWER: &str = "SELECT game_id FROM results WHERE guild_id = $1 AND player = $2 \
     AND (finished_at > $3 OR (finished_at = $3 AND game_id > $4)) LIMIT 1";
const SELECT_VERSUS_WINS: &str = "SELECT kind, won FROM results \
     WHERE guild_id = $1 AND player = $2 AND turns IS NULL ORDER BY finished_at, game_id, place, seat";
const SELECT_TREND: &str = "SELECT mu, sigma FROM results WHERE guild_id = $1 AND player = $2 \
     AND kind = $3 AND mu IS NOT NULL ORDER BY finished_at DESC, game_id DESC LIMIT $4";

#[derive(sqlx::FromRow)]
struct RatingRow {
    player: String,
    mu: f64,
    sigma: f64,
    games: i64,
    wins: i64,
    score: f64,
}

impl RatingRow {
    fn standing(self, position: i64) -> Standing {
        Standing {
            position,
            player: self.player,
            rating: Rating {
                mu: self.mu,
                sigma: self.sigma,
            },
            games: self.games,
            wins: self.wins,
        }
    }
}

impl Store {
    /// Appends a game's final action, marks it finished and records its results and ratings,
    /// all in one transaction: a crash leaves the game either unfinished and unrated, or
    /// finished and rated once. `Conflict` if `seq` is taken: nothing is written.
    pub async fn finish_game(
        &self,
        game: GameId,
        seq: i64,
        action: &LoggedAction,
        now: i64,
        finish: &Finish,
    ) -> Result<(), StoreError> {
        let guild = guild_key(finish.guild);
        let kind = finish.kind.as_str();
        let _turn = self.write_turn().await;
        let mut tx = Tx::begin_write(&self.backend).await?;
        tx.append_final(game, seq, action, now, self.shards).await?;
        let mut before = HashMap::new();
        for player in finish.players() {
            before.insert(player.to_owned(), tx.rating(guild, kind, player).await?);
        }
        let after = finish.ratings_after(&before);
        // A seat forgotten while its game was live counts for no one.
        for rating in after.iter().filter(|r| r.player != ANONYMOUS) {
            tx.count_rating(guild, kind, rating, finish.rated).await?;
        }
        let rated = finish.seat_ratings(&after);
        for (index, (seat, rating)) in finish.seats.iter().zip(rated).enumerate() {
            let result = SeatRow {
                game,
                index,
                seat,
                rating,
                at: now,
            };
            tx.insert_result(guild, kind, &result).await?;
        }
        // Summaries are read after this game's results are written: a recount includes them.
        for player in finish.player_finishes() {
            let stored = tx.summary_pair(guild, player.player, kind).await?;
            let recount = if tx.has_newer(guild, player.player, now, game).await? {
                Some(tx.versus_results(guild, player.player).await?)
            } else {
                None
            };
            for summary in player.summaries(kind, &stored, now, game.get(), recount.as_deref()) {
                tx.put_summary(guild, player.player, &summary).await?;
            }
        }
        for rivalry in finish.rivalries() {
            tx.count_rivalry(guild, &rivalry).await?;
        }
        tx.commit().await
    }

    /// A page of a server's leaderboard for a game, best first, and how many rows it has.
    pub async fn leaderboard(
        &self,
        guild: Option<GuildId>,
        kind: &str,
        offset: i64,
        limit: i64,
    ) -> Result<(Vec<Standing>, i64), StoreError> {
        let guild = guild_key(guild);
        let (rows, total) = with_pool!(self, |pool, dialect| {
            let mut tx = pool.begin_with(dialect.begin_snapshot).await?;
            let rows: Vec<RatingRow> = sqlx::query_as(SELECT_BOARD)
                .bind(guild)
                .bind(kind)
                .bind(limit)
                .bind(offset)
                .fetch_all(&mut *tx)
                .await?;
            let total: i64 = sqlx::query_scalar(COUNT_BOARD)
                .bind(guild)
                .bind(kind)
                .fetch_one(&mut *tx)
                .await?;
            let first_score = rows.first().map(|r| r.score);
            let ahead: i64 = match first_score {
                Some(score) => {
                    sqlx::query_scalar(COUNT_AHEAD)
                        .bind(guild)
                        .bind(kind)
                        .bind(score)
                        .fetch_one(&mut *tx)
                        .await?
                }
                None => 0,
            };
            tx.commit().await?;
            (positioned(rows, offset, ahead), total)
        });
        Ok((rows, total))
    }

    /// A player's row of a server's leaderboard for a game, if they have played it there.
    pub async fn standing(
        &self,
        guild: Option<GuildId>,
        kind: &str,
        player: &str,
    ) -> Result<Option<Standing>, StoreError> {
        let guild = guild_key(guild);
        with_pool!(self, |pool, dialect| {
            let mut tx = pool.begin_with(dialect.begin_snapshot).await?;
            let row: Option<RatingRow> = sqlx::query_as(SELECT_STANDING)
                .bind(guild)
                .bind(kind)
                .bind(player)
                .fetch_optional(&mut *tx)
                .await?;
            let Some(row) = row else {
                tx.commit().await?;
                return Ok(None);
            };
            let ahead: i64 = sqlx::query_scalar(COUNT_AHEAD)
                .bind(guild)
                .bind(kind)
                .bind(row.score)
                .fetch_one(&mut *tx)
                .await?;
            tx.commit().await?;
            Ok(Some(row.standing(ahead + 1)))
        })
    }

    /// Every finished game of a player in a server, oldest first (stats reads the summaries
    /// instead; this is the full record they are checked against).
    pub async fn results_of(
        &self,
        guild: Option<GuildId>,
        player: &str,
    ) -> Result<Vec<PlayerResult>, StoreError> {
        let guild = guild_key(guild);
        Ok(with_pool!(self, |pool| {
            sqlx::query_as(SELECT_RESULTS_OF)
                .bind(guild)
                .bind(player)
                .fetch_all(pool)
                .await?
        }))
    }

    /// A player's summaries in a server: one per game they finished there, and `ALL_KINDS`.
    pub async fn summaries(
        &self,
        guild: Option<GuildId>,
        player: &str,
    ) -> Result<Vec<PlayerSummary>, StoreError> {
        let guild = guild_key(guild);
        Ok(with_pool!(self, |pool| {
            sqlx::query_as(SELECT_SUMMARIES)
                .bind(guild)
                .bind(player)
                .fetch_all(pool)
                .await?
        }))
    }

    /// A player's ratings after their last `limit` rated games of `kind` in a server, newest first.
    pub async fn rating_trend(
        &self,
        guild: Option<GuildId>,
        player: &str,
        kind: &str,
        limit: i64,
    ) -> Result<Vec<Rating>, StoreError> {
        let guild = guild_key(guild);
        let rows: Vec<(f64, f64)> = with_pool!(self, |pool| {
            sqlx::query_as(SELECT_TREND)
                .bind(guild)
                .bind(player)
                .bind(kind)
                .bind(limit)
                .fetch_all(pool)
                .await?
        });
        Ok(rows.into_iter().map(|(mu, sigma)| Rating { mu, sigma }).collect())
    }

    /// The opponents a player met most often in a server, with who placed ahead.
    pub async fn head_to_head(
        &self,
        guild: Option<GuildId>,
        player: &str,
        limit: i64,
    ) -> Result<Vec<HeadToHead>, StoreError> {
        let guild = guild_key(guild);
        Ok(with_pool!(self, |pool| {
            sqlx::query_as(SELECT_HEAD_TO_HEAD)
                .bind(guild)
                .bind(player)
                .bind(limit)
                .fetch_all(pool)
                .await?
        }))
    }

    /// The server's most recently finished games (a player's, if given), every seat of each,
    /// newest game first.
    pub async fn recent_games(
        &self,
        guild: Option<GuildId>,
        player: Option<&str>,
        limit: i64,
    ) -> Result<Vec<RecentSeat>, StoreError> {
        self.recent_games_seen(guild, player, limit, |_| true).await
    }

    /// [`Store::recent_games`] played in channels `sees` accepts: the newest `limit` of them
    /// among the last `RECENT_PAGES * limit` games.
    pub async fn recent_games_seen(
        &self,
        guild: Option<GuildId>,
        player: Option<&str>,
        limit: i64,
        sees: impl Fn(ChannelId) -> bool,
    ) -> Result<Vec<RecentSeat>, StoreError> {
        let guild = guild_key(guild);
        with_pool!(self, |pool, dialect| {
            let mut tx = pool.begin_with(dialect.begin_snapshot).await?;
            let mut games: Vec<i64> = vec![];
            for page in 0..RECENT_PAGES {
                let offset = page * limit;
                let rows: Vec<(i64, i64)> = match player {
                    Some(player) => {
                        sqlx::query_as(SELECT_RECENT_GAMES_OF)
                            .bind(guild)
                            .bind(player)
                            .bind(limit)
                            .bind(offset)
                            .fetch_all(&mut *tx)
                            .await?
                    }
                    None => {
                        sqlx::query_as(SELECT_RECENT_GAMES)
                            .bind(guild)
                            .bind(limit)
                            .bind(offset)
                            .fetch_all(&mut *tx)
                            .await?
                    }
                };
                let last = (rows.len() as i64) < limit;
                let seen = rows
                    .into_iter()
                    .filter(|(_, channel)| sees(ChannelId(snowflake_from_db(*channel))));
                games.extend(seen.map(|(game, _)| game));
                if last || games.len() as i64 >= limit {
                    break;
                }
            }
            games.truncate(usize::try_from(limit).unwrap_or_default());
            let mut seats = Vec::new();
            for game in games {
                let mut rows: Vec<RecentSeat> = sqlx::query_as(SELECT_SEATS_OF_GAME)
                    .bind(game)
                    .fetch_all(&mut *tx)
                    .await?;
                seats.append(&mut rows);
            }
            tx.commit().await?;
            Ok(seats)
        })
    }

    /// The channel a game was played in, if there is such a game.
    pub async fn game_channel(&self, game: GameId) -> Result<Option<ChannelId>, StoreError> {
        let channel: Option<i64> = with_pool!(self, |pool| {
            sqlx::query_scalar(SELECT_GAME_CHANNEL)
                .bind(game.get())
                .fetch_optional(pool)
                .await?
        });
        Ok(channel.map(|c| ChannelId(snowflake_from_db(c))))
    }
}

/// A seat's `results` row.
struct SeatRow<'a> {
    game: GameId,
    index: usize,
    seat: &'a SeatResult,
    /// The player's rating after the game, when it is rated.
    rating: Option<Rating>,
    at: i64,
}

/// The steps of a finish, each a statement or two on one table.
impl Tx {
    /// A player's rating for `kind` in a server; a newcomer's is the default.
    async fn rating(&mut self, guild: i64, kind: &str, player: &str) -> Result<Rating, StoreError> {
        let stored: Option<(f64, f64)> = with_tx!(self, |conn| {
            sqlx::query_as(SELECT_RATING)
                .bind(guild)
                .bind(kind)
                .bind(player)
                .fetch_optional(conn)
                .await?
        });
        Ok(stored.map_or_else(Rating::default, |(mu, sigma)| Rating { mu, sigma }))
    }

    /// Counts a game (and a win) in a player's `ratings` row, with the new rating if `rated`.
    async fn count_rating(
        &mut self,
        guild: i64,
        kind: &str,
        after: &RatingAfter,
        rated: bool,
    ) -> Result<(), StoreError> {
        let upsert = if rated { UPSERT_RATING } else { COUNT_UNRATED };
        with_tx!(self, |conn| {
            sqlx::query(upsert)
                .bind(guild)
                .bind(kind)
                .bind(&after.player)
                .bind(after.rating.mu)
                .bind(after.rating.sigma)
                .bind(after.rating.conservative())
                .bind(i64::from(after.won))
                .execute(conn)
                .await?;
        });
        Ok(())
    }

    async fn insert_result(&mut self, guild: i64, kind: &str, row: &SeatRow<'_>) -> Result<(), StoreError> {
        let seat = seat_to_db(row.index)?;
        with_tx!(self, |conn| {
            sqlx::query(INSERT_RESULT)
                .bind(row.game.get())
                .bind(seat)
                .bind(guild)
                .bind(kind)
                .bind(&row.seat.player)
                .bind(i64::from(row.seat.place))
                .bind(row.seat.won)
                .bind(row.seat.resigned)
                .bind(row.seat.turns.map(i64::from))
                .bind(row.rating.map(|r| r.mu))
                .bind(row.rating.map(|r| r.sigma))
                .bind(row.at)
                .execute(conn)
                .await?;
        });
        Ok(())
    }

    /// A player's stored summaries for `kind` and over all games (none, one or both).
    async fn summary_pair(
        &mut self,
        guild: i64,
        player: &str,
        kind: &str,
    ) -> Result<Vec<PlayerSummary>, StoreError> {
        Ok(with_tx!(self, |conn| {
            sqlx::query_as(SELECT_SUMMARY_PAIR)
                .bind(guild)
                .bind(player)
                .bind(kind)
                .fetch_all(conn)
                .await?
        }))
    }

    /// Whether the player has a result newer than game `game` finished at `at`.
    async fn has_newer(
        &mut self,
        guild: i64,
        player: &str,
        at: i64,
        game: GameId,
    ) -> Result<bool, StoreError> {
        let newer: Option<i64> = with_tx!(self, |conn| {
            sqlx::query_scalar(SELECT_NEWER)
                .bind(guild)
                .bind(player)
                .bind(at)
                .bind(game.get())
                .fetch_optional(conn)
                .await?
        });
        Ok(newer.is_some())
    }

    /// All the player's versus results in a server, oldest first.
    async fn versus_results(&mut self, guild: i64, player: &str) -> Result<Vec<VersusResult>, StoreError> {
        Ok(with_tx!(self, |conn| {
            sqlx::query_as(SELECT_VERSUS_WINS)
                .bind(guild)
                .bind(player)
                .fetch_all(conn)
                .await?
        }))
    }

    async fn put_summary(
        &mut self,
        guild: i64,
        player: &str,
        summary: &PlayerSummary,
    ) -> Result<(), StoreError> {
        with_tx!(self, |conn| {
            sqlx::query(UPSERT_SUMMARY)
                .bind(guild)
                .bind(player)
                .bind(&summary.kind)
                .bind(summary.games)
                .bind(summary.wins)
                .bind(summary.streak)
                .bind(summary.best_streak)
                .bind(summary.solo_games)
                .bind(summary.solo_best)
                .bind(summary.solo_turns)
                .bind(summary.first_at)
                .bind(summary.first_game)
                .bind(summary.versus_first_at)
                .bind(summary.versus_first_game)
                .execute(conn)
                .await?;
        });
        Ok(())
    }

    async fn count_rivalry(&mut self, guild: i64, rivalry: &Rivalry<'_>) -> Result<(), StoreError> {
        with_tx!(self, |conn| {
            sqlx::query(UPSERT_RIVAL)
                .bind(guild)
                .bind(rivalry.player)
                .bind(rivalry.opponent)
                .bind(i64::from(rivalry.ahead))
                .bind(i64::from(rivalry.behind))
                .execute(conn)
                .await?;
        });
        Ok(())
    }
}

/// Positions for a page of rows starting at `offset`, whose first row `ahead` rows outrank:
/// equal scores share a position, across pages too.
fn positioned(rows: Vec<RatingRow>, offset: i64, ahead: i64) -> Vec<Standing> {
    let mut out: Vec<Standing> = Vec::with_capacity(rows.len());
    let mut position = ahead + 1;
    let mut last_score = None;
    for (i, row) in (0..).zip(rows) {
        if last_score.is_some_and(|s: f64| s > row.score) {
            position = offset + i + 1;
        }
        last_score = Some(row.score);
        out.push(row.standing(position));
    }
    out
}
