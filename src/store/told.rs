//! The `told_no_threads` table (migration 0130): the hosts told on a server that the bot may
//! not create threads there, so each is told once, restarts included.

use super::sql::snowflake_to_db;
use super::{Store, StoreError};
use crate::id::{GuildId, UserId};

/// Only the first write for a host and server inserts a row.
const TELL: &str = "INSERT INTO told_no_threads (guild_id, player) VALUES ($1, $2) ON CONFLICT DO NOTHING";
pub(super) const FORGET: &str = "DELETE FROM told_no_threads WHERE player = $1";

impl Store {
    /// Records that `player` is told on `guild` that games cannot have threads there; says
    /// whether this is the first time (only then are they told).
    pub async fn tell_no_threads(&self, guild: GuildId, player: UserId) -> Result<bool, StoreError> {
        let _turn = self.write_turn().await;
        let done = with_pool!(self, |pool| {
            sqlx::query(TELL)
                .bind(snowflake_to_db(guild.get()))
                .bind(snowflake_to_db(player.get()))
                .execute(pool)
                .await?
                .rows_affected()
        });
        Ok(done == 1)
    }
}
