//! Players' history in the store: the results and ratings written with a game's final action,
//! and the queries behind the leaderboard, stats and history commands. Every query is scoped to
//! one server (guild id, 0 outside servers) so servers' figures never mix.

use super::{
    Backend, GameColumns, GameRow, INSERT_GAME, POSTGRES, SQLITE, Status, Store, StoreError,
    UPDATE_STATUS_OWNED, append_error, seat_to_db, snowflake_to_db,
};
use crate::engine::LoggedAction;
use crate::history::{Rating, rate};
use crate::id::{GameId, GuildId};
use std::collections::HashMap;

/// The `player` of a user who asked to be forgotten.
pub const ANONYMOUS: &str = "anon";

/// How one seat finished, as the session computed it.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatResult {
    /// A user id in decimal, or `bot:<level>`.
    pub player: String,
    pub place: u32,
    pub won: bool,
    pub resigned: bool,
    /// A solitaire game's turn count.
    pub turns: Option<u32>,
}

/// What a finishing action records besides itself.
#[derive(Clone, Debug, PartialEq)]
pub struct Finish {
    pub guild: Option<GuildId>,
    pub kind: String,
    pub seats: Vec<SeatResult>,
    /// Whether ratings move (a game between at least two seats); solitaire only records.
    pub rated: bool,
}

/// One row of a server's leaderboard for a game.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// 1-based; equal conservative ratings share a position.
    pub position: i64,
    pub player: String,
    pub rating: Rating,
    pub games: i64,
    pub wins: i64,
}

/// A player's finished game in a server, oldest first in `Store::results_of`.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct PlayerResult {
    pub game_id: i64,
    pub kind: String,
    pub place: i64,
    pub won: bool,
    pub resigned: bool,
    pub turns: Option<i64>,
    pub mu: Option<f64>,
    pub sigma: Option<f64>,
    pub finished_at: i64,
}

/// How a player did against one opponent, over the games they both played.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct HeadToHead {
    pub opponent: String,
    pub games: i64,
    /// Games where the player placed ahead of the opponent.
    pub ahead: i64,
    pub behind: i64,
}

/// A player's figures in a server for one game, or for all games together (`kind` is
/// [`ALL_KINDS`]), kept up to date as games finish.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct PlayerSummary {
    pub kind: String,
    /// Versus (not solitaire) results, and how many of them were wins.
    pub games: i64,
    pub wins: i64,
    /// Wins since the last loss, and the most in a row, in the order the games finished.
    pub streak: i64,
    pub best_streak: i64,
    pub solo_games: i64,
    pub solo_best: Option<i64>,
    pub solo_turns: i64,
    /// When the first result (of any sort, then versus) came: `(finished_at, game_id)`.
    pub first_at: i64,
    pub first_game: i64,
    pub versus_first_at: Option<i64>,
    pub versus_first_game: Option<i64>,
}

/// The `kind` of a player's summary over every game.
pub const ALL_KINDS: &str = "*";

impl PlayerSummary {
    fn new(kind: &str, at: i64, game: i64) -> PlayerSummary {
        PlayerSummary {
            kind: kind.to_owned(),
            games: 0,
            wins: 0,
            streak: 0,
            best_streak: 0,
            solo_games: 0,
            solo_best: None,
            solo_turns: 0,
            first_at: at,
            first_game: game,
            versus_first_at: None,
            versus_first_game: None,
        }
    }

    /// Counts one more result, finished at `(at, game)`, as the newest.
    fn add(&mut self, seat: &SeatResult, at: i64, game: i64) {
        if (at, game) < (self.first_at, self.first_game) {
            (self.first_at, self.first_game) = (at, game);
        }
        if let Some(turns) = seat.turns {
            let turns = i64::from(turns);
            self.solo_games += 1;
            self.solo_turns += turns;
            self.solo_best = Some(self.solo_best.map_or(turns, |best| best.min(turns)));
            return;
        }
        self.games += 1;
        self.wins += i64::from(seat.won);
        self.streak = if seat.won { self.streak + 1 } else { 0 };
        self.best_streak = self.best_streak.max(self.streak);
        if self
            .versus_first_at
            .zip(self.versus_first_game)
            .is_none_or(|first| (at, game) < first)
        {
            (self.versus_first_at, self.versus_first_game) = (Some(at), Some(game));
        }
    }
}

/// The current and longest runs of wins in `won`, oldest first.
fn streaks(won: impl IntoIterator<Item = bool>) -> (i64, i64) {
    won.into_iter().fold((0, 0), |(run, best), won| {
        let run = if won { run + 1 } else { 0 };
        (run, best.max(run))
    })
}

/// One seat of a recent game.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct RecentSeat {
    pub game_id: i64,
    pub seat: i64,
    pub kind: String,
    pub player: String,
    pub place: i64,
    pub won: bool,
    pub resigned: bool,
    pub turns: Option<i64>,
    pub finished_at: i64,
}

fn guild_key(guild: Option<GuildId>) -> i64 {
    guild.map_or(0, |g| snowflake_to_db(g.get()))
}

/// Each player's rating after the game. A player in several seats (two bots of one level) gets
/// the sum of its seats' moves from the one rating it had, and the surest uncertainty.
fn new_ratings(seats: &[SeatResult], before: &HashMap<String, Rating>) -> HashMap<String, Rating> {
    let priors: Vec<Rating> = seats.iter().map(|s| before[&s.player]).collect();
    let places: Vec<u32> = seats.iter().map(|s| s.place).collect();
    let mut after: HashMap<String, Rating> = HashMap::new();
    for ((seat, prior), new) in seats.iter().zip(&priors).zip(rate(&priors, &places)) {
        let entry = after.entry(seat.player.clone()).or_insert(*prior);
        entry.mu += new.mu - prior.mu;
        entry.sigma = entry.sigma.min(new.sigma);
    }
    after
}

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
const SELECT_RECENT_GAMES: &str = "SELECT game_id, finished_at FROM results \
     WHERE guild_id = $1 AND seat = 0 ORDER BY finished_at DESC, game_id DESC LIMIT $2";
const SELECT_RECENT_GAMES_OF: &str = "SELECT game_id, finished_at FROM results \
     WHERE guild_id = $1 AND player = $2 ORDER BY finished_at DESC, game_id DESC LIMIT $3";
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
        let seat = seat_to_db(action.seat)?;
        let guild = guild_key(finish.guild);
        let _turn = self.write_turn().await;
        with_pool!(self, |pool, dialect| {
            let mut tx = pool.begin_with(dialect.begin_write).await?;
            sqlx::query(insert_action!())
                .bind(game.get())
                .bind(seq)
                .bind(seat)
                .bind(&action.action)
                .bind(&action.dice)
                .bind(now)
                .execute(&mut *tx)
                .await
                .map_err(|e| append_error(e, game, seq))?;
            let query = sqlx::query(UPDATE_STATUS_OWNED)
                .bind(Status::Finished.as_str())
                .bind(now)
                .bind(game.get());
            let updated = bind_shards!(query, self.shards)
                .execute(&mut *tx)
                .await?
                .rows_affected();
            check_owned!(updated, tx, game, self.shards);
            let mut before = HashMap::new();
            for s in &finish.seats {
                if before.contains_key(&s.player) {
                    continue;
                }
                let stored: Option<(f64, f64)> = sqlx::query_as(SELECT_RATING)
                    .bind(guild)
                    .bind(&finish.kind)
                    .bind(&s.player)
                    .fetch_optional(&mut *tx)
                    .await?;
                let rating = stored.map_or_else(Rating::default, |(mu, sigma)| Rating { mu, sigma });
                before.insert(s.player.clone(), rating);
            }
            let after = if finish.rated {
                new_ratings(&finish.seats, &before)
            } else {
                before.clone()
            };
            for (player, rating) in &after {
                let won = finish.seats.iter().any(|s| &s.player == player && s.won);
                sqlx::query(if finish.rated {
                    UPSERT_RATING
                } else {
                    COUNT_UNRATED
                })
                .bind(guild)
                .bind(&finish.kind)
                .bind(player)
                .bind(rating.mu)
                .bind(rating.sigma)
                .bind(rating.conservative())
                .bind(i64::from(won))
                .execute(&mut *tx)
                .await?;
            }
            for (index, s) in finish.seats.iter().enumerate() {
                let rating = finish.rated.then(|| after[&s.player]);
                sqlx::query(INSERT_RESULT)
                    .bind(game.get())
                    .bind(seat_to_db(index)?)
                    .bind(guild)
                    .bind(&finish.kind)
                    .bind(&s.player)
                    .bind(i64::from(s.place))
                    .bind(s.won)
                    .bind(s.resigned)
                    .bind(s.turns.map(i64::from))
                    .bind(rating.map(|r| r.mu))
                    .bind(rating.map(|r| r.sigma))
                    .bind(now)
                    .execute(&mut *tx)
                    .await?;
            }
            // Each player's summary, their seats counted in the order stats reads them.
            let mut players: Vec<(&str, Vec<&SeatResult>)> = vec![];
            for s in &finish.seats {
                match players.iter_mut().find(|(p, _)| *p == s.player) {
                    Some((_, seats)) => seats.push(s),
                    None if s.player != ANONYMOUS => players.push((&s.player, vec![s])),
                    None => {}
                }
            }
            for (player, seats) in &mut players {
                seats.sort_by_key(|s| s.place);
                let stored: Vec<PlayerSummary> = sqlx::query_as(SELECT_SUMMARY_PAIR)
                    .bind(guild)
                    .bind(*player)
                    .bind(&finish.kind)
                    .fetch_all(&mut *tx)
                    .await?;
                let newer: Option<i64> = sqlx::query_scalar(SELECT_NEWER)
                    .bind(guild)
                    .bind(*player)
                    .bind(now)
                    .bind(game.get())
                    .fetch_optional(&mut *tx)
                    .await?;
                let versus: Vec<(String, bool)> = if newer.is_some() {
                    sqlx::query_as(SELECT_VERSUS_WINS)
                        .bind(guild)
                        .bind(*player)
                        .fetch_all(&mut *tx)
                        .await?
                } else {
                    vec![]
                };
                for kind in [finish.kind.as_str(), ALL_KINDS] {
                    let mut summary = stored
                        .iter()
                        .find(|r| r.kind == kind)
                        .cloned()
                        .unwrap_or_else(|| PlayerSummary::new(kind, now, game.get()));
                    for s in seats.iter() {
                        summary.add(s, now, game.get());
                    }
                    if newer.is_some() {
                        (summary.streak, summary.best_streak) = streaks(
                            versus
                                .iter()
                                .filter(|(k, _)| kind == ALL_KINDS || k == kind)
                                .map(|(_, won)| *won),
                        );
                    }
                    sqlx::query(UPSERT_SUMMARY)
                        .bind(guild)
                        .bind(*player)
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
                        .execute(&mut *tx)
                        .await?;
                }
            }
            // Head-to-head: every seat against every seat of another player.
            for m in &finish.seats {
                for o in &finish.seats {
                    if m.player == o.player || m.player == ANONYMOUS || o.player == ANONYMOUS {
                        continue;
                    }
                    sqlx::query(UPSERT_RIVAL)
                        .bind(guild)
                        .bind(&m.player)
                        .bind(&o.player)
                        .bind(i64::from(m.place < o.place))
                        .bind(i64::from(m.place > o.place))
                        .execute(&mut *tx)
                        .await?;
                }
            }
            tx.commit().await?;
        });
        Ok(())
    }

    /// Inserts `lobby`, the rematch of finished game `of`, in one transaction with the record
    /// that `of` has its rematch: `None`, with nothing written, if `of` already has one.
    pub async fn insert_rematch(&self, lobby: &GameRow, of: GameId) -> Result<Option<GameId>, StoreError> {
        let columns = GameColumns::new(lobby);
        let _turn = self.write_turn().await;
        with_pool!(self, |pool, dialect| {
            let mut tx = pool.begin_with(dialect.begin_write).await?;
            let id = bind_game!(sqlx::query_scalar::<_, i64>(INSERT_GAME), columns)
                .fetch_one(&mut *tx)
                .await?;
            let claimed = sqlx::query("INSERT INTO rematches (game_id, lobby_id) VALUES ($1, $2)")
                .bind(of.get())
                .bind(id)
                .execute(&mut *tx)
                .await;
            match claimed {
                Ok(_) => {}
                // Dropping the transaction rolls the lobby back.
                Err(e) if e.as_database_error().is_some_and(|d| d.is_unique_violation()) => {
                    return Ok(None);
                }
                Err(e) => return Err(e.into()),
            }
            tx.commit().await?;
            Ok(Some(GameId(id)))
        })
    }

    /// Whether finished game `of` has had its rematch.
    pub async fn has_rematch(&self, of: GameId) -> Result<bool, StoreError> {
        let found: Option<i64> = with_pool!(self, |pool| {
            sqlx::query_scalar("SELECT lobby_id FROM rematches WHERE game_id = $1")
                .bind(of.get())
                .fetch_optional(pool)
                .await?
        });
        Ok(found.is_some())
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

    /// A player's summaries in a server: one per game they finished there, and [`ALL_KINDS`].
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
        let guild = guild_key(guild);
        with_pool!(self, |pool, dialect| {
            let mut tx = pool.begin_with(dialect.begin_snapshot).await?;
            let games: Vec<(i64, i64)> = match player {
                Some(player) => {
                    sqlx::query_as(SELECT_RECENT_GAMES_OF)
                        .bind(guild)
                        .bind(player)
                        .bind(limit)
                        .fetch_all(&mut *tx)
                        .await?
                }
                None => {
                    sqlx::query_as(SELECT_RECENT_GAMES)
                        .bind(guild)
                        .bind(limit)
                        .fetch_all(&mut *tx)
                        .await?
                }
            };
            let mut seats = Vec::new();
            for (game, _) in games {
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

    /// Removes a user from every server's stats: their results stay (other players' figures
    /// need them) but no longer name them, and their ratings go. Ended games (finished or
    /// abandoned) whose seats mention `player` get the seats `forget` returns for them, so
    /// replays and exports stop naming them too; `forget` answers `None` for seats it leaves
    /// alone. All in one transaction. Returns the results changed.
    pub async fn forget_player(
        &self,
        player: &str,
        forget: impl Fn(&serde_json::Value) -> Option<serde_json::Value>,
    ) -> Result<u64, StoreError> {
        // Seats are JSON text: find the candidates by the id's digits, let `forget` decide.
        let mentions = format!("%{player}%");
        let _turn = self.write_turn().await;
        with_pool!(self, |pool, dialect| {
            let mut tx = pool.begin_with(dialect.begin_write).await?;
            let changed = sqlx::query("UPDATE results SET player = $1 WHERE player = $2")
                .bind(ANONYMOUS)
                .bind(player)
                .execute(&mut *tx)
                .await?
                .rows_affected();
            sqlx::query("DELETE FROM player_stats WHERE player = $1")
                .bind(player)
                .execute(&mut *tx)
                .await?;
            sqlx::query("DELETE FROM ratings WHERE player = $1")
                .bind(player)
                .execute(&mut *tx)
                .await?;
            sqlx::query("DELETE FROM rivals WHERE player = $1 OR opponent = $1")
                .bind(player)
                .execute(&mut *tx)
                .await?;
            let games: Vec<(i64, String)> = sqlx::query_as(
                "SELECT id, seats FROM games WHERE status IN ('finished', 'abandoned') AND seats LIKE $1",
            )
            .bind(&mentions)
            .fetch_all(&mut *tx)
            .await?;
            for (id, seats) in games {
                let seats: serde_json::Value = serde_json::from_str(&seats)
                    .map_err(|e| StoreError::Invalid(format!("game {id} has bad seats: {e}")))?;
                let Some(forgotten) = forget(&seats) else {
                    continue;
                };
                sqlx::query("UPDATE games SET seats = $1 WHERE id = $2")
                    .bind(forgotten.to_string())
                    .bind(id)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
            Ok(changed)
        })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streaks_are_the_run_since_the_last_loss_and_the_longest_run() {
        let won = [true, true, false, true, true, true, false, true];
        assert_eq!(streaks(won), (1, 3));
        assert_eq!(streaks([]), (0, 0));
        assert_eq!(streaks([false, true, true]), (2, 2));
    }
}
