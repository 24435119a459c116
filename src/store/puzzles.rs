//! The puzzle tables: `puzzles` (generated positions with their values and ratings),
//! `puzzle_days` (each game's puzzle of a day, fixed by the first to ask), `puzzle_attempts`
//! (each player's one counted answer per puzzle) and `puzzle_ratings` (each player's Glicko-2
//! rating). Attempts and ratings are keyed by the player alone, never the server, so a puzzle
//! answered in one server is answered everywhere.

use super::sql::{Tx, snowflake_to_db};
use super::{Store, StoreError};
use crate::history::{PuzzleRating, rate_answer};
use crate::id::UserId;
use serde::{Deserialize, Serialize};

const INSERT_PUZZLE: &str = "INSERT INTO puzzles (kind, players, options, snapshot, seat, choices, best, \
     difficulty, rating, deviation, volatility, created_at) \
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id";
const SELECT_SAME_PUZZLE: &str =
    "SELECT id FROM puzzles WHERE kind = $1 AND snapshot = $2 AND seat = $3 LIMIT 1";
const SELECT_PUZZLE: &str = "SELECT id, kind, players, options, snapshot, seat, choices, best, difficulty, \
     rating, deviation, volatility FROM puzzles WHERE id = $1";
const SELECT_RATED_IDS: &str = "SELECT id, rating FROM puzzles WHERE kind = $1 ORDER BY id";
const SELECT_DAY: &str = "SELECT puzzle_id FROM puzzle_days WHERE kind = $1 AND day = $2";
const INSERT_DAY: &str = "INSERT INTO puzzle_days (kind, day, puzzle_id) VALUES ($1, $2, $3) \
     ON CONFLICT (kind, day) DO NOTHING";
const SELECT_ATTEMPT: &str = "SELECT answer, solved, rating_before, rating_after FROM puzzle_attempts \
     WHERE player = $1 AND puzzle_id = $2";
const SELECT_ANSWERED: &str = "SELECT a.puzzle_id FROM puzzle_attempts a JOIN puzzles p ON p.id = a.puzzle_id \
     WHERE a.player = $1 AND p.kind = $2";
const INSERT_ATTEMPT: &str = "INSERT INTO puzzle_attempts (player, puzzle_id, answer, solved, rating_before, \
     rating_after, answered_at) VALUES ($1, $2, $3, $4, $5, $6, $7)";
const SELECT_PLAYER: &str = "SELECT rating, deviation, volatility, attempts, solved FROM puzzle_ratings \
     WHERE player = $1";
const UPSERT_PLAYER: &str = "INSERT INTO puzzle_ratings (player, rating, deviation, volatility, attempts, solved) \
     VALUES ($1, $2, $3, $4, 1, $5) ON CONFLICT (player) DO UPDATE SET rating = excluded.rating, \
     deviation = excluded.deviation, volatility = excluded.volatility, \
     attempts = puzzle_ratings.attempts + 1, solved = puzzle_ratings.solved + excluded.solved";
const SELECT_PUZZLE_RATING: &str = "SELECT rating, deviation, volatility FROM puzzles WHERE id = $1";
const UPDATE_PUZZLE_RATING: &str =
    "UPDATE puzzles SET rating = $2, deviation = $3, volatility = $4 WHERE id = $1";
pub(super) const DELETE_ATTEMPTS_OF: &str = "DELETE FROM puzzle_attempts WHERE player = $1";
pub(super) const DELETE_RATING_OF: &str = "DELETE FROM puzzle_ratings WHERE player = $1";

/// A choice of a puzzle with its value: the winning chance and its 95% margin.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PuzzleChoice {
    pub id: String,
    pub chance: f64,
    pub margin: f64,
}

/// A puzzle to store.
#[derive(Clone, Debug, PartialEq)]
pub struct NewPuzzle {
    pub kind: String,
    pub players: usize,
    pub options: serde_json::Value,
    /// The game's state at the decision (`AnyGame::snapshot`).
    pub snapshot: String,
    pub seat: usize,
    pub choices: Vec<PuzzleChoice>,
    pub best: String,
    pub difficulty: u8,
    pub rating: PuzzleRating,
    pub created_at: i64,
}

/// A stored puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleRow {
    pub id: i64,
    pub puzzle: NewPuzzle,
}

/// A player's counted answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Attempt {
    pub answer: String,
    pub solved: bool,
    pub rating_before: f64,
    pub rating_after: f64,
}

/// A player's puzzle rating with how many puzzles they answered and solved.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PuzzleStanding {
    pub rating: PuzzleRating,
    pub attempts: i64,
    pub solved: i64,
}

type PuzzleTuple = (
    i64,
    String,
    i64,
    String,
    String,
    i64,
    String,
    String,
    i64,
    f64,
    f64,
    f64,
);

fn invalid(what: &str) -> impl Fn(serde_json::Error) -> StoreError + '_ {
    move |e| StoreError::Invalid(format!("{what} does not decode: {e}"))
}

fn to_db(n: usize) -> Result<i64, StoreError> {
    i64::try_from(n).map_err(|_| StoreError::Invalid(format!("{n} does not fit the database")))
}

fn from_db(n: i64) -> Result<usize, StoreError> {
    usize::try_from(n).map_err(|_| StoreError::Invalid(format!("{n} is not a count")))
}

fn puzzle_row(t: PuzzleTuple) -> Result<PuzzleRow, StoreError> {
    let (
        id,
        kind,
        players,
        options,
        snapshot,
        seat,
        choices,
        best,
        difficulty,
        rating,
        deviation,
        volatility,
    ) = t;
    Ok(PuzzleRow {
        id,
        puzzle: NewPuzzle {
            kind,
            players: from_db(players)?,
            options: serde_json::from_str(&options).map_err(invalid("a puzzle's options"))?,
            snapshot,
            seat: from_db(seat)?,
            choices: serde_json::from_str(&choices).map_err(invalid("a puzzle's choices"))?,
            best,
            difficulty: u8::try_from(difficulty).unwrap_or(u8::MAX),
            rating: PuzzleRating {
                rating,
                deviation,
                volatility,
            },
            created_at: 0,
        },
    })
}

impl Store {
    /// Stores a generated puzzle; its id, or `None` if the same position with the same seat to
    /// move is already a puzzle of its game (a generator run again on the same seed finds the
    /// same positions: each is stored once).
    pub async fn insert_puzzle(&self, p: &NewPuzzle) -> Result<Option<i64>, StoreError> {
        let choices = serde_json::to_string(&p.choices).map_err(invalid("a puzzle's choices"))?;
        // Checked within the write turn, so no other write of this process comes between.
        let _turn = self.write_turn().await;
        let same: Option<i64> = with_pool!(self, |pool| {
            sqlx::query_scalar(SELECT_SAME_PUZZLE)
                .bind(&p.kind)
                .bind(&p.snapshot)
                .bind(to_db(p.seat)?)
                .fetch_optional(pool)
                .await?
        });
        if same.is_some() {
            return Ok(None);
        }
        let id: i64 = with_pool!(self, |pool| {
            sqlx::query_scalar(INSERT_PUZZLE)
                .bind(&p.kind)
                .bind(to_db(p.players)?)
                .bind(p.options.to_string())
                .bind(&p.snapshot)
                .bind(to_db(p.seat)?)
                .bind(&choices)
                .bind(&p.best)
                .bind(i64::from(p.difficulty))
                .bind(p.rating.rating)
                .bind(p.rating.deviation)
                .bind(p.rating.volatility)
                .bind(p.created_at)
                .fetch_one(pool)
                .await?
        });
        Ok(Some(id))
    }

    /// A puzzle by its id.
    pub async fn puzzle(&self, id: i64) -> Result<Option<PuzzleRow>, StoreError> {
        let row: Option<PuzzleTuple> = with_pool!(self, |pool| {
            sqlx::query_as(SELECT_PUZZLE)
                .bind(id)
                .fetch_optional(pool)
                .await?
        });
        row.map(puzzle_row).transpose()
    }

    /// A game's puzzles as `(id, rating)`, oldest first.
    pub async fn puzzle_ratings_of(&self, kind: &str) -> Result<Vec<(i64, f64)>, StoreError> {
        Ok(with_pool!(self, |pool| {
            sqlx::query_as(SELECT_RATED_IDS)
                .bind(kind)
                .fetch_all(pool)
                .await?
        }))
    }

    /// The puzzle of `day` for a game: the one fixed earlier, else `pick` among its puzzles
    /// (`(id, rating)`, oldest first), fixed now for everyone after. `None` with no puzzles.
    pub async fn day_puzzle(
        &self,
        kind: &str,
        day: u32,
        pick: impl FnOnce(&[(i64, f64)]) -> Option<i64>,
    ) -> Result<Option<i64>, StoreError> {
        let fixed: Option<i64> = with_pool!(self, |pool| {
            sqlx::query_scalar(SELECT_DAY)
                .bind(kind)
                .bind(i64::from(day))
                .fetch_optional(pool)
                .await?
        });
        if fixed.is_some() {
            return Ok(fixed);
        }
        let Some(picked) = pick(&self.puzzle_ratings_of(kind).await?) else {
            return Ok(None);
        };
        let _turn = self.write_turn().await;
        // Two asking at once: the first insert wins and both read it back.
        Ok(with_pool!(self, |pool| {
            sqlx::query(INSERT_DAY)
                .bind(kind)
                .bind(i64::from(day))
                .bind(picked)
                .execute(pool)
                .await?;
            sqlx::query_scalar(SELECT_DAY)
                .bind(kind)
                .bind(i64::from(day))
                .fetch_optional(pool)
                .await?
        }))
    }

    /// The puzzles of a game the player has answered.
    pub async fn answered_puzzles(&self, player: UserId, kind: &str) -> Result<Vec<i64>, StoreError> {
        Ok(with_pool!(self, |pool| {
            sqlx::query_scalar(SELECT_ANSWERED)
                .bind(snowflake_to_db(player.get()))
                .bind(kind)
                .fetch_all(pool)
                .await?
        }))
    }

    /// The player's counted answer to a puzzle, if any.
    pub async fn puzzle_attempt(&self, player: UserId, puzzle: i64) -> Result<Option<Attempt>, StoreError> {
        let row: Option<(String, bool, f64, f64)> = with_pool!(self, |pool| {
            sqlx::query_as(SELECT_ATTEMPT)
                .bind(snowflake_to_db(player.get()))
                .bind(puzzle)
                .fetch_optional(pool)
                .await?
        });
        Ok(row.map(|(answer, solved, rating_before, rating_after)| Attempt {
            answer,
            solved,
            rating_before,
            rating_after,
        }))
    }

    /// The player's puzzle rating, if they answered any.
    pub async fn puzzle_standing(&self, player: UserId) -> Result<Option<PuzzleStanding>, StoreError> {
        let row: Option<(f64, f64, f64, i64, i64)> = with_pool!(self, |pool| {
            sqlx::query_as(SELECT_PLAYER)
                .bind(snowflake_to_db(player.get()))
                .fetch_optional(pool)
                .await?
        });
        Ok(row.map(
            |(rating, deviation, volatility, attempts, solved)| PuzzleStanding {
                rating: PuzzleRating {
                    rating,
                    deviation,
                    volatility,
                },
                attempts,
                solved,
            },
        ))
    }

    /// Records the player's answer and moves both ratings, in one transaction. An answer given
    /// before is the one that counts: it is returned and nothing changes.
    pub async fn answer_puzzle(
        &self,
        player: UserId,
        puzzle: i64,
        answer: &str,
        solved: bool,
        now: i64,
    ) -> Result<Attempt, StoreError> {
        if let Some(earlier) = self.puzzle_attempt(player, puzzle).await? {
            return Ok(earlier);
        }
        let who = snowflake_to_db(player.get());
        let _turn = self.write_turn().await;
        let mut tx = Tx::begin_write(&self.backend).await?;
        let before = tx.player_rating(who).await?.unwrap_or_default();
        let Some(rated) = tx.puzzle_rating(puzzle).await? else {
            return Err(StoreError::Invalid(format!("no puzzle {puzzle}")));
        };
        let (after, puzzle_after) = rate_answer(before, rated, solved);
        let attempt = Attempt {
            answer: answer.to_owned(),
            solved,
            rating_before: before.rating,
            rating_after: after.rating,
        };
        if !tx.insert_attempt(who, puzzle, &attempt, now).await? {
            // Another click of the same player got there first: theirs counts.
            drop(tx);
            return self
                .puzzle_attempt(player, puzzle)
                .await?
                .ok_or_else(|| StoreError::Invalid(format!("the answer to puzzle {puzzle} vanished")));
        }
        tx.rate_puzzle_player(who, after, solved).await?;
        tx.rate_puzzle(puzzle, puzzle_after).await?;
        tx.commit().await?;
        Ok(attempt)
    }
}

impl Tx {
    async fn player_rating(&mut self, who: i64) -> Result<Option<PuzzleRating>, StoreError> {
        let row: Option<(f64, f64, f64, i64, i64)> = with_tx!(self, |conn| {
            sqlx::query_as(SELECT_PLAYER)
                .bind(who)
                .fetch_optional(conn)
                .await?
        });
        Ok(row.map(|(rating, deviation, volatility, _, _)| PuzzleRating {
            rating,
            deviation,
            volatility,
        }))
    }

    async fn puzzle_rating(&mut self, puzzle: i64) -> Result<Option<PuzzleRating>, StoreError> {
        let row: Option<(f64, f64, f64)> = with_tx!(self, |conn| {
            sqlx::query_as(SELECT_PUZZLE_RATING)
                .bind(puzzle)
                .fetch_optional(conn)
                .await?
        });
        Ok(row.map(|(rating, deviation, volatility)| PuzzleRating {
            rating,
            deviation,
            volatility,
        }))
    }

    /// Inserts the answer: false if the player has one for this puzzle already.
    async fn insert_attempt(
        &mut self,
        who: i64,
        puzzle: i64,
        a: &Attempt,
        now: i64,
    ) -> Result<bool, StoreError> {
        let inserted = with_tx!(self, |conn| {
            sqlx::query(INSERT_ATTEMPT)
                .bind(who)
                .bind(puzzle)
                .bind(&a.answer)
                .bind(a.solved)
                .bind(a.rating_before)
                .bind(a.rating_after)
                .bind(now)
                .execute(conn)
                .await
                .map(|_| ())
        });
        match inserted {
            Ok(()) => Ok(true),
            Err(e)
                if e.as_database_error()
                    .is_some_and(sqlx::error::DatabaseError::is_unique_violation) =>
            {
                Ok(false)
            }
            Err(e) => Err(e.into()),
        }
    }

    async fn rate_puzzle_player(
        &mut self,
        who: i64,
        r: PuzzleRating,
        solved: bool,
    ) -> Result<(), StoreError> {
        with_tx!(self, |conn| {
            sqlx::query(UPSERT_PLAYER)
                .bind(who)
                .bind(r.rating)
                .bind(r.deviation)
                .bind(r.volatility)
                .bind(i64::from(solved))
                .execute(conn)
                .await?;
        });
        Ok(())
    }

    async fn rate_puzzle(&mut self, puzzle: i64, r: PuzzleRating) -> Result<(), StoreError> {
        with_tx!(self, |conn| {
            sqlx::query(UPDATE_PUZZLE_RATING)
                .bind(puzzle)
                .bind(r.rating)
                .bind(r.deviation)
                .bind(r.volatility)
                .execute(conn)
                .await?;
        });
        Ok(())
    }
}
