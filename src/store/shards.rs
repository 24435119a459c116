//! Shard claims on PostgreSQL: a process holds an advisory lock per shard it runs, so two
//! processes given overlapping ranges (or different totals) cannot both drive a game. Which
//! games are a process's own is decided in each write's SQL (`owned!`), not here.

use super::sql::Backend;
use super::{Store, StoreError};
use crate::shards::ShardRange;
use sqlx::postgres::{PgConnection, PgPool};
use std::time::Duration;
use tokio::sync::oneshot;

/// The advisory locks on shards are keyed by this and the schema (`current_schema()`) and then
/// the shard, so they cannot collide with another application's locks, nor with another saikoro
/// whose tables live in another schema of the same database.
const SHARD_LOCK_KEY: &str =
    "SELECT pg_try_advisory_lock(hashtext('saikoro shards ' || current_schema()), $1)";
/// How often a claim looks again at a shard another process holds.
const SHARD_CLAIM_RETRY: Duration = Duration::from_millis(200);
/// How often a kept claim checks that its connection, and so its locks, are still there.
pub const SHARD_CLAIM_CHECK: Duration = Duration::from_secs(2);

/// Holds a process's shards while it lives: on PostgreSQL, a session advisory lock per shard on
/// a connection of its own. The server releases them when that connection ends, also when the
/// process is killed, so a restarted process can claim them again. A keeper task watches the
/// connection: if it breaks (a restarted server, a network cut) the keeper claims the shards
/// again on a new one, and if another process took one meanwhile the claim is lost for good.
pub struct ShardClaim {
    keeper: Option<tokio::task::JoinHandle<()>>,
    lost: Option<oneshot::Receiver<String>>,
}

impl ShardClaim {
    /// Resolves, with the reason, once another process holds one of these shards, so this one
    /// must stop driving their games; never resolves while the claim holds (or on SQLite).
    pub async fn lost(&mut self) -> String {
        match self.lost.as_mut() {
            Some(lost) => lost.await.unwrap_or_else(|_| "the shard claim ended".into()),
            None => std::future::pending().await,
        }
    }
}

impl Drop for ShardClaim {
    /// Ending the keeper drops its connection, which gives the shards back.
    fn drop(&mut self) {
        if let Some(keeper) = &self.keeper {
            keeper.abort();
        }
    }
}

/// Processes running one total each hold a shared advisory lock keyed by it, so one started
/// with another total (whose guilds map to shards differently) sees theirs in `pg_locks`.
const SHARD_TOTAL_KEY: &str =
    "SELECT pg_advisory_lock_shared(hashtext('saikoro shard total ' || current_schema()), $1)";
const OTHER_SHARD_TOTAL: &str = "SELECT objid::bigint FROM pg_locks \
     WHERE locktype = 'advisory' AND granted AND objsubid = 2 \
     AND database = (SELECT oid FROM pg_database WHERE datname = current_database()) \
     AND classid::bigint = (hashtext('saikoro shard total ' || current_schema())::bigint & 4294967295) \
     AND objid::bigint <> $1 LIMIT 1";

/// Why a claim cannot be had.
enum Taken {
    /// Another process holds this shard.
    Shard(u32),
    /// Another process runs with this shard total.
    Total(i64),
}

impl Taken {
    fn why(&self, shards: ShardRange) -> String {
        match self {
            Taken::Shard(shard) => format!(
                "shard {shard} of {} is already run by another process on this database",
                shards.total()
            ),
            Taken::Total(other) => format!(
                "another process on this database runs with a shard total of {other}, not {}",
                shards.total()
            ),
        }
    }
}

/// Takes the advisory locks of the total and of every shard in `shards` on `locks`, or says
/// what another process holds.
async fn lock_shards(locks: &mut PgConnection, shards: ShardRange) -> Result<Option<Taken>, sqlx::Error> {
    let total = i32::try_from(shards.total()).unwrap_or(i32::MAX);
    // Taken before looking, so of two processes starting together at least one sees the other.
    sqlx::query(SHARD_TOTAL_KEY)
        .bind(total)
        .execute(&mut *locks)
        .await?;
    let other: Option<i64> = sqlx::query_scalar(OTHER_SHARD_TOTAL)
        .bind(i64::from(total))
        .fetch_optional(&mut *locks)
        .await?;
    if let Some(other) = other {
        return Ok(Some(Taken::Total(other)));
    }
    for shard in shards.first()..=shards.last() {
        let claimed: bool = sqlx::query_scalar(SHARD_LOCK_KEY)
            .bind(shard.cast_signed())
            .fetch_one(&mut *locks)
            .await?;
        if !claimed {
            return Ok(Some(Taken::Shard(shard)));
        }
    }
    Ok(None)
}

/// Watches the connection holding the locks and claims the shards again when it breaks.
async fn keep_claim(
    pool: PgPool,
    mut locks: PgConnection,
    shards: ShardRange,
    every: Duration,
    lost: oneshot::Sender<String>,
) {
    loop {
        tokio::time::sleep(every).await;
        if sqlx::query("SELECT 1").execute(&mut locks).await.is_ok() {
            continue;
        }
        tracing::warn!(%shards, "the connection holding the shard claim broke; claiming again");
        locks = loop {
            let again = async {
                let mut conn = pool.acquire().await?.detach();
                let taken = lock_shards(&mut conn, shards).await?;
                Ok::<_, sqlx::Error>((conn, taken))
            };
            match again.await {
                Ok((conn, None)) => break conn,
                Ok((_, Some(taken))) => {
                    let why = format!(
                        "{} (taken while this process's connection to the database was broken)",
                        taken.why(shards)
                    );
                    tracing::error!(%why, "shard claim lost");
                    let _ = lost.send(why);
                    return;
                }
                Err(why) => {
                    tracing::warn!(%why, "cannot claim the shards again yet");
                    tokio::time::sleep(every).await;
                }
            }
        };
        tracing::info!(%shards, "shards claimed again");
    }
}

impl Store {
    /// Claims this process's shards for as long as the returned claim is kept, so two processes
    /// given overlapping ranges cannot both drive a game: a shard another process holds is asked
    /// for again until `wait` has passed (a killed process's session takes a moment to end),
    /// then refused. The claim checks its connection every `check` (see [`ShardClaim`]). SQLite
    /// serves one process, which needs no claim.
    pub async fn claim_shards(&self, wait: Duration, check: Duration) -> Result<ShardClaim, StoreError> {
        let Backend::Postgres(pool) = &self.backend else {
            return Ok(ShardClaim {
                keeper: None,
                lost: None,
            });
        };
        let until = tokio::time::Instant::now() + wait;
        let mut locks = pool.acquire().await?.detach();
        loop {
            // Taking a lock this session already holds only stacks it, so asking again for the
            // whole range is harmless; a refused claim drops the connection, which gives back
            // the shards it took.
            match lock_shards(&mut locks, self.shards).await? {
                None => break,
                Some(taken) if tokio::time::Instant::now() >= until => {
                    return Err(StoreError::Invalid(format!(
                        "{}; give each process its own range of shards (--shards) and all the \
                         same total (--shard-total)",
                        taken.why(self.shards)
                    )));
                }
                Some(_) => tokio::time::sleep(SHARD_CLAIM_RETRY).await,
            }
        }
        let (tell, lost) = oneshot::channel();
        let keeper = tokio::spawn(keep_claim(pool.clone(), locks, self.shards, check, tell));
        Ok(ShardClaim {
            keeper: Some(keeper),
            lost: Some(lost),
        })
    }
}
