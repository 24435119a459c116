//! Counts the limits against abuse read (`session/limits.rs`): the unfinished games a person
//! hosts and the lobbies open on a server, from the `games` table, so they hold across restarts
//! and processes.

use super::sql::snowflake_to_db;
use super::{Store, StoreError};
use crate::id::{GuildId, UserId};

const HOSTED: &str = "SELECT COUNT(*) FROM games WHERE host_id = $1 AND status IN ('lobby', 'playing')";
const LOBBIES: &str = "SELECT COUNT(*) FROM games WHERE guild_id = $1 AND status = 'lobby'";

impl Store {
    /// The unfinished games (open lobbies and games in play) `host` hosts, on any server.
    pub async fn count_hosted(&self, host: UserId) -> Result<u64, StoreError> {
        self.count(HOSTED, snowflake_to_db(host.get())).await
    }

    /// The lobbies open on `guild`.
    pub async fn count_lobbies(&self, guild: GuildId) -> Result<u64, StoreError> {
        self.count(LOBBIES, snowflake_to_db(guild.get())).await
    }

    async fn count(&self, query: &'static str, key: i64) -> Result<u64, StoreError> {
        let n: i64 = with_pool!(self, |pool| {
            sqlx::query_scalar(query).bind(key).fetch_one(pool).await?
        });
        Ok(n.cast_unsigned())
    }
}
