//! A server's own settings, chosen in `/saikoro-settings` and kept in the store's `settings` table
//! (one key each, so a server that set its timers before a setting existed gets that setting's
//! default). Read from the store once per server, then from memory.

use super::deadlines::{ClockBounds, Timers};
use crate::id::GuildId;
use crate::store::{Store, StoreError};
use dashmap::DashMap;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

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
    /// The turn timers a host may choose for a game (`/<game> start turn_timer:`).
    pub clock: ClockBounds,
    /// The longest time off a player may take (`/saikoro away`), in days.
    pub away_max_days: u64,
    /// Whether games move into threads of their own; `None`: not chosen, so they do wherever
    /// the bot may create threads.
    pub threads: Option<bool>,
}

/// Time off when a server has not chosen: two weekends and the week between.
pub const AWAY_MAX_DAYS: u64 = 14;

/// The store's keys, one per setting.
const TIMERS: &str = "timers";
const BOARD_STYLE: &str = "board_style";
const HINTS: &str = "hints";
const CLOCK: &str = "clock";
const AWAY_MAX_DAYS_KEY: &str = "away_max_days";
const THREADS: &str = "threads";
/// The configured default timers the stored due times were computed with.
const DEFAULT_TIMERS: &str = "default-timers";

/// Every server's settings: read from the store once per server, then served from memory;
/// saved through to the store.
pub(super) struct GuildSettings {
    store: Arc<Store>,
    /// The configured timers, for servers without their own.
    default_timers: Timers,
    cache: DashMap<GuildId, ServerSettings>,
}

impl GuildSettings {
    pub(super) fn new(store: Arc<Store>, default_timers: Timers) -> GuildSettings {
        GuildSettings {
            store,
            default_timers,
            cache: DashMap::new(),
        }
    }

    /// The settings of a server with none of its own: the configured timers, emoji boards, hints on.
    fn defaults(&self) -> ServerSettings {
        ServerSettings {
            timers: self.default_timers,
            board_style: BoardStyle::default(),
            hints: true,
            clock: ClockBounds::default(),
            away_max_days: AWAY_MAX_DAYS,
            threads: None,
        }
    }

    /// A server's settings: its own where it set them, else the defaults. Outside a server (or
    /// when the store cannot be read) the defaults.
    pub(super) async fn get(&self, guild: Option<GuildId>) -> ServerSettings {
        let defaults = self.defaults();
        let Some(guild) = guild else {
            return defaults;
        };
        if let Some(s) = self.cache.get(&guild) {
            return *s;
        }
        let read = async {
            Ok::<_, StoreError>(ServerSettings {
                timers: self.stored(guild, TIMERS).await?.unwrap_or(defaults.timers),
                board_style: self
                    .stored(guild, BOARD_STYLE)
                    .await?
                    .unwrap_or(defaults.board_style),
                hints: self.stored(guild, HINTS).await?.unwrap_or(defaults.hints),
                clock: self.stored(guild, CLOCK).await?.unwrap_or(defaults.clock),
                away_max_days: self
                    .stored(guild, AWAY_MAX_DAYS_KEY)
                    .await?
                    .unwrap_or(defaults.away_max_days),
                threads: self.stored(guild, THREADS).await?,
            })
        };
        match read.await {
            Ok(settings) => {
                self.cache.insert(guild, settings);
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
    async fn stored<T: DeserializeOwned>(&self, guild: GuildId, key: &str) -> Result<Option<T>, StoreError> {
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
    pub(super) async fn check_default_timers(&self) -> Result<(), StoreError> {
        let current = to_json(self.default_timers);
        if self.store.setting(GuildId(0), DEFAULT_TIMERS).await?.as_ref() == Some(&current) {
            return Ok(());
        }
        self.store.reschedule(None, self.default_timers.soonest()).await?;
        self.store.set_setting(GuildId(0), DEFAULT_TIMERS, &current).await
    }

    /// Saves a server's settings, durably. Its games not in memory become due by the soonest
    /// new timer at the latest, so each is looked at under the new timers (and rescheduled) in
    /// time; the caller updates the ones in memory.
    pub(super) async fn save(&self, guild: GuildId, settings: ServerSettings) -> Result<(), StoreError> {
        let timers = to_json(settings.timers);
        let board_style = to_json(settings.board_style);
        let hints = to_json(settings.hints);
        let clock = to_json(settings.clock);
        let away = to_json(settings.away_max_days);
        let threads = to_json(settings.threads);
        // One transaction: a failure leaves the server's old settings whole.
        self.store
            .set_settings(
                guild,
                &[
                    (TIMERS, &timers),
                    (BOARD_STYLE, &board_style),
                    (HINTS, &hints),
                    (CLOCK, &clock),
                    (AWAY_MAX_DAYS_KEY, &away),
                    (THREADS, &threads),
                ],
            )
            .await?;
        self.cache.insert(guild, settings);
        if let Err(e) = self
            .store
            .reschedule(Some(guild), Some(rescheduled_within(settings)))
            .await
        {
            tracing::error!(%guild, error = %e, "could not reschedule a server's games");
        }
        Ok(())
    }
}

/// How soon after its last action a server's game may be due under new settings: its soonest
/// timer (a game due sooner by its own clock stays so), or, with the server's timers off, half
/// the shortest clock a host may choose (a game's own clock reminds halfway at the earliest), so
/// a game with its own clock is still looked at in time.
fn rescheduled_within(settings: ServerSettings) -> i64 {
    let own_clock = (settings.clock.min_secs / 2).max(1) as i64;
    settings.timers.soonest().unwrap_or(own_clock)
}

fn to_json(value: impl Serialize) -> serde_json::Value {
    serde_json::to_value(value).expect("settings serialize")
}
