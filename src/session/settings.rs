//! A server's own settings, chosen in `/saikoro settings` and kept in the store's `settings` table
//! (one key each, so a server that set its timers before a setting existed gets that setting's
//! default). Read from the store once per server, then from memory.

use super::Hub;
use super::timers::Timers;
use crate::id::GuildId;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// How a server's boards are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BoardStyle {
    /// Text and emoji in the embed: readable by screen readers and light on mobile data.
    #[default]
    Emoji,
    /// A picture of the board attached to the embed.
    Image,
}

impl BoardStyle {
    pub const ALL: [BoardStyle; 2] = [BoardStyle::Emoji, BoardStyle::Image];

    pub fn id(self) -> &'static str {
        match self {
            BoardStyle::Emoji => "emoji",
            BoardStyle::Image => "image",
        }
    }
}

/// Everything a server may choose for itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ServerSettings {
    pub timers: Timers,
    pub board_style: BoardStyle,
    /// Whether players may ask the coach for a hint during a game.
    pub hints: bool,
}

/// The store's keys, one per setting.
const TIMERS: &str = "timers";
const BOARD_STYLE: &str = "board_style";
const HINTS: &str = "hints";
/// The configured default timers the stored due times were computed with.
const DEFAULT_TIMERS: &str = "default-timers";

impl Hub {
    /// The settings of a server with none of its own: the configured timers, emoji boards, hints on.
    fn default_settings(&self) -> ServerSettings {
        ServerSettings {
            timers: self.settings.timers,
            board_style: BoardStyle::default(),
            hints: true,
        }
    }

    /// A server's settings: its own where it set them, else the defaults. Outside a server (or
    /// when the store cannot be read) the defaults.
    pub async fn server_settings(&self, guild: Option<GuildId>) -> ServerSettings {
        let defaults = self.default_settings();
        let Some(guild) = guild else {
            return defaults;
        };
        if let Some(s) = self.guild_settings.get(&guild) {
            return *s;
        }
        let read = async {
            Ok::<_, crate::store::StoreError>(ServerSettings {
                timers: self.stored(guild, TIMERS).await?.unwrap_or(defaults.timers),
                board_style: self
                    .stored(guild, BOARD_STYLE)
                    .await?
                    .unwrap_or(defaults.board_style),
                hints: self.stored(guild, HINTS).await?.unwrap_or(defaults.hints),
            })
        };
        match read.await {
            Ok(settings) => {
                self.guild_settings.insert(guild, settings);
                settings
            }
            Err(e) => {
                tracing::warn!(%guild, error = %e, "could not read a server's settings");
                defaults
            }
        }
    }

    /// One stored setting; a value that no longer parses (an older or hand-edited row) counts as
    /// unset, so the server gets the default rather than an error on every command.
    async fn stored<T: DeserializeOwned>(
        &self,
        guild: GuildId,
        key: &str,
    ) -> Result<Option<T>, crate::store::StoreError> {
        Ok(self
            .store
            .setting(guild, key)
            .await?
            .and_then(|v| serde_json::from_value(v).ok()))
    }

    /// The configured default timers may have changed since the last run, and games of servers
    /// without their own were scheduled by the old ones: if so, every game is rescheduled
    /// conservatively (see [`crate::store::Store::reschedule`]). The defaults in use are kept
    /// under guild 0, which no server has.
    pub(super) async fn check_default_timers(&self) -> Result<(), crate::store::StoreError> {
        let current = to_json(self.settings.timers);
        if self.store.setting(GuildId(0), DEFAULT_TIMERS).await?.as_ref() == Some(&current) {
            return Ok(());
        }
        self.store
            .reschedule(None, self.settings.timers.soonest())
            .await?;
        self.store.set_setting(GuildId(0), DEFAULT_TIMERS, &current).await
    }

    /// Saves a server's settings, durably; its live games follow them from their next update.
    pub async fn set_server_settings(&self, guild: GuildId, settings: ServerSettings) -> Result<(), String> {
        let timers = to_json(settings.timers);
        let board_style = to_json(settings.board_style);
        let hints = to_json(settings.hints);
        // One transaction: a failure leaves the server's old settings whole.
        self.store
            .set_settings(
                guild,
                &[(TIMERS, &timers), (BOARD_STYLE, &board_style), (HINTS, &hints)],
            )
            .await
            .map_err(|e| e.to_string())?;
        self.guild_settings.insert(guild, settings);
        // Games not in memory are due by the soonest new timer at the latest, so each is looked
        // at under the new timers (and rescheduled) in time.
        if let Err(e) = self
            .store
            .reschedule(Some(guild), settings.timers.soonest())
            .await
        {
            tracing::error!(%guild, error = %e, "could not reschedule a server's games");
        }
        self.wake.notify_one();
        let sessions: Vec<_> = self
            .sessions
            .iter()
            .filter_map(|e| e.value().get().cloned())
            .collect();
        for session in sessions {
            let mut s = session.lock().await;
            if s.row.guild_id == Some(guild) {
                s.timers = settings.timers;
                s.hints = settings.hints;
                s.board_style = settings.board_style;
            }
        }
        Ok(())
    }
}

fn to_json(value: impl Serialize) -> serde_json::Value {
    serde_json::to_value(value).expect("settings serialize")
}
