//! The `settings` table: what each server chose for itself, one row per setting as JSON.

use super::sql::snowflake_to_db;
use super::{Store, StoreError};
use crate::id::GuildId;

const SELECT_SETTING: &str = "SELECT value FROM settings WHERE guild_id = $1 AND key = $2";
const UPSERT_SETTING: &str = "INSERT INTO settings (guild_id, key, value) VALUES ($1, $2, $3) \
     ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value";

impl Store {
    /// A guild's setting (e.g. timer lengths), as JSON.
    pub async fn setting(
        &self,
        guild_id: GuildId,
        key: &str,
    ) -> Result<Option<serde_json::Value>, StoreError> {
        let text: Option<String> = with_pool!(self, |pool| {
            sqlx::query_scalar(SELECT_SETTING)
                .bind(snowflake_to_db(guild_id.get()))
                .bind(key)
                .fetch_optional(pool)
                .await?
        });
        text.map(|text| {
            serde_json::from_str(&text).map_err(|e| {
                StoreError::Invalid(format!(
                    "setting {key} of guild {guild_id} is not valid JSON: {e}"
                ))
            })
        })
        .transpose()
    }

    pub async fn set_setting(
        &self,
        guild_id: GuildId,
        key: &str,
        value: &serde_json::Value,
    ) -> Result<(), StoreError> {
        self.set_settings(guild_id, &[(key, value)]).await
    }

    /// Several of a guild's settings in one transaction: all are saved, or none.
    pub async fn set_settings(
        &self,
        guild_id: GuildId,
        settings: &[(&str, &serde_json::Value)],
    ) -> Result<(), StoreError> {
        let _turn = self.write_turn().await;
        with_pool!(self, |pool| {
            let mut tx = pool.begin().await?;
            for (key, value) in settings {
                sqlx::query(UPSERT_SETTING)
                    .bind(snowflake_to_db(guild_id.get()))
                    .bind(*key)
                    .bind(value.to_string())
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
        });
        Ok(())
    }
}
