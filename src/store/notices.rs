//! The `notify` and `turn_notices` tables (migration 0120): who asked for turn notices by direct
//! message (`/saikoro notify`) and in which language, and the last turn of each game a player
//! was noticed of, so a turn is noticed at most once, restarts included.

use super::sql::snowflake_to_db;
use super::{Store, StoreError};
use crate::engine::Locale;
use crate::id::{GameId, UserId};

const UPSERT_NOTIFY: &str = "INSERT INTO notify (player, dm, locale) VALUES ($1, $2, $3) \
     ON CONFLICT (player) DO UPDATE SET dm = excluded.dm, locale = excluded.locale";
const SELECT_NOTIFY: &str = "SELECT dm, locale FROM notify WHERE player = $1";
/// Only the write that finds the notices on switches them off, so one player is told once.
const SWITCH_OFF: &str = "UPDATE notify SET dm = FALSE WHERE player = $1 AND dm";
/// Moves a game's noticed turn forward only: a second claim of the same turn changes no row.
const CLAIM_NOTICE: &str = "INSERT INTO turn_notices (game_id, player, version) VALUES ($1, $2, $3) \
     ON CONFLICT (game_id, player) DO UPDATE SET version = excluded.version \
     WHERE turn_notices.version < excluded.version";
pub(super) const DELETE_NOTIFY_OF: &str = "DELETE FROM notify WHERE player = $1";
pub(super) const DELETE_NOTICES_OF: &str = "DELETE FROM turn_notices WHERE player = $1";

/// A player's choice of turn notices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotifyRow {
    /// Notices by direct message are on.
    pub dm: bool,
    /// The language they chose them in: the DM's words when the bot has not seen them since.
    pub locale: Locale,
}

impl Store {
    /// Records a player's choice of turn notices (replacing any earlier one).
    pub async fn set_notify(&self, player: UserId, row: NotifyRow) -> Result<(), StoreError> {
        let _turn = self.write_turn().await;
        with_pool!(self, |pool| {
            sqlx::query(UPSERT_NOTIFY)
                .bind(snowflake_to_db(player.get()))
                .bind(row.dm)
                .bind(row.locale.discord_tag())
                .execute(pool)
                .await?;
        });
        Ok(())
    }

    /// A player's choice of turn notices, if they ever made one.
    pub async fn notify_of(&self, player: UserId) -> Result<Option<NotifyRow>, StoreError> {
        let row: Option<(bool, String)> = with_pool!(self, |pool| {
            sqlx::query_as(SELECT_NOTIFY)
                .bind(snowflake_to_db(player.get()))
                .fetch_optional(pool)
                .await?
        });
        Ok(row.map(|(dm, locale)| NotifyRow {
            dm,
            locale: Locale::from_tag(&locale),
        }))
    }

    /// Switches a player's notices by direct message off; says whether this call did it (they
    /// were on).
    pub async fn switch_notify_off(&self, player: UserId) -> Result<bool, StoreError> {
        let _turn = self.write_turn().await;
        let done = with_pool!(self, |pool| {
            sqlx::query(SWITCH_OFF)
                .bind(snowflake_to_db(player.get()))
                .execute(pool)
                .await?
                .rows_affected()
        });
        Ok(done == 1)
    }

    /// Claims the notice of `player`'s turn at `version` (the game's log length when the turn
    /// began) in `game`; false if that turn, or a later one, was claimed already.
    pub async fn claim_turn_notice(
        &self,
        game: GameId,
        player: UserId,
        version: i64,
    ) -> Result<bool, StoreError> {
        let _turn = self.write_turn().await;
        let done = with_pool!(self, |pool| {
            sqlx::query(CLAIM_NOTICE)
                .bind(game.get())
                .bind(snowflake_to_db(player.get()))
                .bind(version)
                .execute(pool)
                .await?
                .rows_affected()
        });
        Ok(done == 1)
    }
}
