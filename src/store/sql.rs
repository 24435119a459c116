//! What every table's queries share: the two backends and how to run one body on either, the
//! shard condition, and how ids and seats are stored. No table's statements live here.

use super::StoreError;
use crate::id::GuildId;
use sqlx::{PgPool, Postgres, Sqlite, SqlitePool, Transaction};

/// SQL that holds when a `games` row belongs to the process's shards, given as parameters
/// `$total`, `$first`, `$last`: Discord's `(guild_id >> 22) % total`, DMs (no guild) on shard 0.
/// The ids are stored bit-cast to signed, so the shifted value is masked to its 42 bits: an
/// arithmetic shift of an id above 2^63 then gives the same shard as Rust's unsigned one.
/// A macro, not a function, so that statements can be `concat!`-ed into constants.
macro_rules! owned {
    ($total:literal, $first:literal, $last:literal) => {
        concat!(
            "((COALESCE(guild_id, 0) >> 22) & 4398046511103) % $",
            $total,
            " BETWEEN $",
            $first,
            " AND $",
            $last
        )
    };
}

/// Binds the process's shards to the parameters of `owned!` that follow the query's others. A
/// macro because it serves `query`, `query_as` and `query_scalar` alike.
macro_rules! bind_shards {
    ($query:expr, $shards:expr) => {
        $query
            .bind(i64::from($shards.total()))
            .bind(i64::from($shards.first()))
            .bind(i64::from($shards.last()))
    };
}

/// Runs the same body against whichever pool the store holds; the body is compiled once per
/// backend, so the sqlx types in it are concrete.
macro_rules! with_pool {
    ($store:expr, |$pool:ident| $body:expr) => {
        match &$store.backend {
            $crate::store::sql::Backend::Sqlite($pool) => $body,
            $crate::store::sql::Backend::Postgres($pool) => $body,
        }
    };
    ($store:expr, |$pool:ident, $dialect:ident| $body:expr) => {
        match &$store.backend {
            $crate::store::sql::Backend::Sqlite($pool) => {
                let $dialect = &$crate::store::sql::SQLITE;
                $body
            }
            $crate::store::sql::Backend::Postgres($pool) => {
                let $dialect = &$crate::store::sql::POSTGRES;
                $body
            }
        }
    };
}

/// Runs the same body on whichever backend's connection a [`Tx`] holds, as `with_pool!` does
/// for pools: `$conn` is the transaction's connection.
macro_rules! with_tx {
    ($tx:expr, |$conn:ident| $body:expr) => {
        match $tx {
            $crate::store::sql::Tx::Sqlite(tx) => {
                let $conn = &mut **tx;
                $body
            }
            $crate::store::sql::Tx::Postgres(tx) => {
                let $conn = &mut **tx;
                $body
            }
        }
    };
}

#[derive(Clone)]
pub(super) enum Backend {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// How transactions open on each backend.
pub(super) struct Dialect {
    /// Opens a transaction that will write.
    pub(super) begin_write: &'static str,
    /// Opens a read-only transaction whose statements all see one snapshot.
    pub(super) begin_snapshot: &'static str,
}

/// IMMEDIATE takes the write lock at BEGIN, so a writer waits its turn (busy timeout) instead of
/// failing when it upgrades a read lock. A deferred BEGIN keeps one WAL snapshot once it has read.
pub(super) const SQLITE: Dialect = Dialect {
    begin_write: "BEGIN IMMEDIATE",
    begin_snapshot: "BEGIN",
};
pub(super) const POSTGRES: Dialect = Dialect {
    begin_write: "BEGIN",
    begin_snapshot: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY",
};

/// A write transaction on either backend, for a write made of several steps (finishing a game):
/// each step is a method of its table's module, run on the backend with `with_tx!`.
pub(super) enum Tx {
    Sqlite(Transaction<'static, Sqlite>),
    Postgres(Transaction<'static, Postgres>),
}

impl Tx {
    /// Opens a write transaction on `backend`.
    pub(super) async fn begin_write(backend: &Backend) -> Result<Tx, StoreError> {
        Ok(match backend {
            Backend::Sqlite(pool) => Tx::Sqlite(pool.begin_with(SQLITE.begin_write).await?),
            Backend::Postgres(pool) => Tx::Postgres(pool.begin_with(POSTGRES.begin_write).await?),
        })
    }

    pub(super) async fn commit(self) -> Result<(), StoreError> {
        match self {
            Tx::Sqlite(tx) => tx.commit().await?,
            Tx::Postgres(tx) => tx.commit().await?,
        }
        Ok(())
    }
}

/// Snowflakes are u64 but both backends have only signed 64-bit integers: store the bits.
pub(super) fn snowflake_to_db(id: u64) -> i64 {
    id.cast_signed()
}

pub(super) fn snowflake_from_db(bits: i64) -> u64 {
    bits.cast_unsigned()
}

/// The guild column of players' history: 0 outside servers.
pub(super) fn guild_key(guild: Option<GuildId>) -> i64 {
    guild.map_or(0, |g| snowflake_to_db(g.get()))
}

pub(super) fn seat_to_db(seat: usize) -> Result<i64, StoreError> {
    i64::try_from(seat).map_err(|_| StoreError::Invalid(format!("seat {seat} does not fit the database")))
}
