//! The `rematches` table: a finished game's one rematch lobby, kept whatever happens to that
//! lobby, so a rematch cannot be opened, cancelled and opened again to ping its players anew
//! (migration 0060 dropped the trigger of 0030 that freed it).

use super::sql::Tx;
use super::{GameRow, Store, StoreError};
use crate::id::GameId;

const INSERT_REMATCH: &str = "INSERT INTO rematches (game_id, lobby_id) VALUES ($1, $2)";
const SELECT_REMATCH: &str = "SELECT lobby_id FROM rematches WHERE game_id = $1";

impl Store {
    /// Inserts `lobby`, the rematch of finished game `of`, in one transaction with the record
    /// that `of` has its rematch: `None`, with nothing written, if `of` already has one.
    pub async fn insert_rematch(&self, lobby: &GameRow, of: GameId) -> Result<Option<GameId>, StoreError> {
        let _turn = self.write_turn().await;
        let mut tx = Tx::begin_write(&self.backend).await?;
        let id = tx.insert_game(lobby).await?;
        if !tx.claim_rematch(of, id).await? {
            // Dropping the transaction rolls the lobby back.
            return Ok(None);
        }
        tx.commit().await?;
        Ok(Some(id))
    }

    /// Whether finished game `of` has had its rematch.
    pub async fn has_rematch(&self, of: GameId) -> Result<bool, StoreError> {
        let found: Option<i64> = with_pool!(self, |pool| {
            sqlx::query_scalar(SELECT_REMATCH)
                .bind(of.get())
                .fetch_optional(pool)
                .await?
        });
        Ok(found.is_some())
    }
}

impl Tx {
    /// Records `lobby` as the rematch of `of`: false if `of` has one already.
    async fn claim_rematch(&mut self, of: GameId, lobby: GameId) -> Result<bool, StoreError> {
        let claimed = with_tx!(self, |conn| {
            sqlx::query(INSERT_REMATCH)
                .bind(of.get())
                .bind(lobby.get())
                .execute(conn)
                .await
                .map(|_| ())
        });
        match claimed {
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
}
