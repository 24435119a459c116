//! The one writer of the frequent writes, action appends and game updates (group commit): the
//! writes that arrive while a transaction commits are written together in the next one, and a
//! failed batch is written again one by one so that each write hears its own answer.

use super::games::{Appends, GameUpdate, UPDATE_GAME_OWNED, append_error};
use super::rows::Played;
use super::sql::seat_to_db;
use super::{GameRow, Store, StoreError};
use crate::engine::LoggedAction;
use crate::id::GameId;
use tokio::sync::{mpsc, oneshot};

/// Writes committed together at most: a batch's transaction stays short even under a flood.
const MAX_BATCH: usize = 512;

/// One write waiting for the writer.
enum Write {
    Append {
        game: GameId,
        seq: i64,
        seat: i64,
        action: LoggedAction,
        played: Played,
    },
    Update(GameUpdate),
}

/// A write and where to say whether it is durable.
pub(super) struct Queued {
    write: Write,
    done: oneshot::Sender<Result<(), StoreError>>,
}

/// The one writer of the frequent writes, action appends and game updates (group commit):
/// whatever arrives while a transaction is being committed goes into the next one together, so
/// concurrent clicks share one fsync instead of queueing for one each, and on SQLite they never
/// wait on each other's write lock (its busy handler polls in sleeps of up to 50 ms). Each caller
/// hears back only after its batch committed.
pub(super) async fn write_batches(store: Store, mut queue: mpsc::UnboundedReceiver<Queued>) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while queue.recv_many(&mut batch, MAX_BATCH).await > 0 {
        // A caller that stopped waiting will never commit the change in memory: writing it
        // would store a move nobody was told of.
        batch.retain(|queued: &Queued| !queued.done.is_closed());
        let started = std::time::Instant::now();
        let written = store.write_batch(&batch).await;
        crate::metrics::store_batch(batch.len(), started.elapsed());
        match written {
            Ok(()) => {
                for queued in batch.drain(..) {
                    let _ = queued.done.send(Ok(()));
                }
            }
            // One bad write (a conflict, a missing game) must not fail the others: each goes
            // again on its own and hears its own answer. Nothing of the failed batch was stored.
            Err(_) if batch.len() > 1 => {
                for queued in batch.drain(..) {
                    let result = store.write_batch(std::slice::from_ref(&queued)).await;
                    let _ = queued.done.send(result);
                }
            }
            Err(e) => {
                crate::metrics::error("store");
                if let Some(queued) = batch.pop() {
                    let _ = queued.done.send(Err(e));
                }
            }
        }
        batch.clear();
    }
}

impl Store {
    /// Rewrites the mutable columns: status, seats, setup_dice, options, board_message_id,
    /// updated_at, channel_id (a game moves into its thread when it starts), and when the game is next due (`due_at`, unix seconds; `None`: never). Returns
    /// once durable, committed by the writer together with other writes that arrived meanwhile.
    pub async fn update_game(&self, row: &GameRow, due_at: Option<i64>) -> Result<(), StoreError> {
        self.write(Write::Update(GameUpdate::new(row, due_at))).await
    }

    /// Appends action number `seq` (0-based) atomically with the game's new columns, and returns
    /// once it is durable (committed together with other writes that arrived meanwhile).
    /// `Conflict` if `seq` is already stored: nothing is written.
    pub async fn append_action(
        &self,
        game: GameId,
        seq: i64,
        action: &LoggedAction,
        played: Played,
    ) -> Result<(), StoreError> {
        self.write(Write::Append {
            game,
            seq,
            seat: seat_to_db(action.seat)?,
            action: action.clone(),
            played,
        })
        .await
    }

    /// Hands a write to the writer and waits until it is committed.
    async fn write(&self, write: Write) -> Result<(), StoreError> {
        let stopped = || StoreError::Invalid("the store's writer has stopped".into());
        let (done, answer) = oneshot::channel();
        let writer = self
            .writes
            .as_ref()
            .expect("only the writer's own handle has no queue");
        writer.send(Queued { write, done }).map_err(|_| stopped())?;
        answer.await.map_err(|_| stopped())?
    }

    /// Writes the batch in one transaction: all of it or, on any error, none.
    async fn write_batch(&self, batch: &[Queued]) -> Result<(), StoreError> {
        let _turn = self.write_turn().await;
        match batch {
            [] => Ok(()),
            [alone] => self.write_alone(&alone.write).await,
            _ => self.write_together(batch).await,
        }
    }

    /// One write as a query that is its own transaction: a single round trip to the database
    /// (on SQLite, to its connection's thread), where BEGIN and COMMIT apart would make three.
    /// A write refused for its game (another shard's, or missing) has written nothing.
    async fn write_alone(&self, write: &Write) -> Result<(), StoreError> {
        let appends = Appends::of(&self.backend);
        with_pool!(self, |pool| {
            let mut conn = pool.acquire().await?;
            let (game, written) = match write {
                Write::Append {
                    game,
                    seq,
                    seat,
                    action,
                    played,
                } => {
                    let query = sqlx::query_scalar::<_, i64>(appends.alone);
                    let written = bind_append!(query, self, game, *seq, *seat, action, played)
                        .fetch_all(&mut *conn)
                        .await
                        .map(|rows| rows.first().is_some_and(|n| *n > 0))
                        .map_err(|e| append_error(e, *game, *seq));
                    (*game, written)
                }
                Write::Update(update) => {
                    let written = bind_update!(sqlx::query(UPDATE_GAME_OWNED), self, update)
                        .execute(&mut *conn)
                        .await
                        .map(|done| done.rows_affected() > 0)
                        .map_err(StoreError::from);
                    (update.game, written)
                }
            };
            match written {
                Ok(true) => {}
                Ok(false) => refuse_unowned!(&mut *conn, game, self.shards),
                Err(e) => {
                    // SQLite may have stopped inside the query's transaction: end it before the
                    // connection goes back to the pool. (If none is open, as on PostgreSQL, the
                    // ROLLBACK only warns.)
                    let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
                    return Err(e);
                }
            }
        });
        Ok(())
    }

    /// Several writes in one transaction (group commit).
    async fn write_together(&self, batch: &[Queued]) -> Result<(), StoreError> {
        let appends = Appends::of(&self.backend);
        with_pool!(self, |pool, dialect| {
            let mut tx = pool.begin_with(dialect.begin_write).await?;
            for queued in batch {
                let (game, updated) = match &queued.write {
                    Write::Append {
                        game,
                        seq,
                        seat,
                        action,
                        played,
                    } => {
                        let query = sqlx::query(appends.played);
                        let done = bind_append!(query, self, game, *seq, *seat, action, played)
                            .execute(&mut *tx)
                            .await
                            .map_err(|e| append_error(e, *game, *seq))?;
                        // The rows beyond those the insert wrote are the game's.
                        let rows = done.rows_affected();
                        (*game, rows.saturating_sub(appends.rows - 1))
                    }
                    Write::Update(update) => {
                        let done = bind_update!(sqlx::query(UPDATE_GAME_OWNED), self, update)
                            .execute(&mut *tx)
                            .await?;
                        (update.game, done.rows_affected())
                    }
                };
                if updated == 0 {
                    refuse_unowned!(&mut *tx, game, self.shards);
                }
            }
            tx.commit().await?;
        });
        Ok(())
    }
}
