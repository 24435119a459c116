//! The `away` table: players' time off (`/saikoro away`), per server: until a unix second, or
//! back early at one. A row stays after its time passes: the turn timers of a game count from
//! when its awaited players came back.

use super::sql::snowflake_to_db;
use super::{Store, StoreError};
use crate::id::{GuildId, UserId};

const UPSERT_AWAY: &str = "INSERT INTO away (guild_id, player, until, back_at) VALUES ($1, $2, $3, $4) \
     ON CONFLICT (guild_id, player) DO UPDATE SET until = excluded.until, back_at = excluded.back_at";
const SELECT_AWAY: &str = "SELECT until, back_at FROM away WHERE guild_id = $1 AND player = $2";
pub(super) const DELETE_AWAY_OF: &str = "DELETE FROM away WHERE player = $1";

/// A player's time off as stored: until when, and when they came back early if they did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AwayRow {
    pub until: i64,
    pub back_at: Option<i64>,
}

impl Store {
    /// Records a player's time off on `guild` (replacing any earlier one).
    pub async fn set_away(&self, guild: GuildId, player: UserId, away: AwayRow) -> Result<(), StoreError> {
        let _turn = self.write_turn().await;
        with_pool!(self, |pool| {
            sqlx::query(UPSERT_AWAY)
                .bind(snowflake_to_db(guild.get()))
                .bind(snowflake_to_db(player.get()))
                .bind(away.until)
                .bind(away.back_at)
                .execute(pool)
                .await?;
        });
        Ok(())
    }

    /// A player's last time off on `guild`, if they ever took one.
    pub async fn away_of(&self, guild: GuildId, player: UserId) -> Result<Option<AwayRow>, StoreError> {
        let row: Option<(i64, Option<i64>)> = with_pool!(self, |pool| {
            sqlx::query_as(SELECT_AWAY)
                .bind(snowflake_to_db(guild.get()))
                .bind(snowflake_to_db(player.get()))
                .fetch_optional(pool)
                .await?
        });
        Ok(row.map(|(until, back_at)| AwayRow { until, back_at }))
    }
}
