//! Turn timers for asynchronous play: a reminder pings a player who has been idle for a while,
//! and after the timeout they leave the game so the others can play on. Measured from the last
//! action (`updated_at`), so they survive restarts. Servers may set their own lengths.

use super::{Hub, Session, now, render};
use crate::engine::{self, Tr};
use crate::store::Status;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Duration;

/// Turn timer lengths in seconds; 0 turns one off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Timers {
    pub reminder_secs: u64,
    pub timeout_secs: u64,
}

/// The store's key for a server's timers.
const KEY: &str = "timers";

impl Timers {
    /// How often to look: often enough that a timer fires within a small part of its length.
    fn tick(&self) -> Duration {
        let shortest = [self.reminder_secs, self.timeout_secs]
            .into_iter()
            .filter(|s| *s > 0)
            .min()
            .unwrap_or(3600);
        Duration::from_secs((shortest / 4).clamp(1, 60))
    }
}

/// What a wait has come to.
enum Due {
    Nothing,
    Reminder,
    Timeout,
}

fn due(s: &Session, timers: Timers, at: i64) -> Due {
    let idle = at.saturating_sub(s.row.updated_at).max(0) as u64;
    if timers.timeout_secs > 0 && idle >= timers.timeout_secs {
        Due::Timeout
    } else if timers.reminder_secs > 0
        && idle >= timers.reminder_secs
        && s.table.reminded_at < s.row.updated_at
    {
        Due::Reminder
    } else {
        Due::Nothing
    }
}

impl Hub {
    /// Starts the timer loop (once, after [`Hub::restore`]).
    pub fn start_timers(self: &Arc<Self>) {
        let hub = self.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(hub.settings.timers.tick().min(Duration::from_secs(60)));
            loop {
                tick.tick().await;
                hub.check_timers().await;
            }
        });
    }

    /// A server's timers: its own if set, else the configured defaults.
    pub async fn timers(&self, guild: Option<u64>) -> Timers {
        let Some(guild) = guild else {
            return self.settings.timers;
        };
        if let Some(t) = self.guild_timers.get(&guild) {
            return *t;
        }
        let stored = match self.store.setting(guild, KEY).await {
            Ok(Some(v)) => serde_json::from_value(v).ok(),
            Ok(None) => None,
            Err(e) => {
                tracing::warn!(guild, error = %e, "could not read a server's timers");
                return self.settings.timers;
            }
        };
        let timers = stored.unwrap_or(self.settings.timers);
        self.guild_timers.insert(guild, timers);
        timers
    }

    /// Sets a server's timers, durably.
    pub async fn set_timers(&self, guild: u64, timers: Timers) -> Result<(), String> {
        let value = serde_json::to_value(timers).expect("timers serialize");
        self.store
            .set_setting(guild, KEY, &value)
            .await
            .map_err(|e| e.to_string())?;
        self.guild_timers.insert(guild, timers);
        Ok(())
    }

    /// One look at every game in play: remind, or time out, whoever is overdue.
    pub async fn check_timers(self: &Arc<Self>) {
        let sessions: Vec<_> = self
            .sessions
            .iter()
            .map(|e| (*e.key(), e.value().clone()))
            .collect();
        for (id, session) in sessions {
            let mut s = session.lock().await;
            if s.row.status != Status::Playing {
                continue;
            }
            // A board whose post failed earlier (Discord unreachable) is tried again here.
            self.post_board_if_needed(&mut s).await;
            let Some(&user) = s.humans_to_act().first() else {
                continue;
            };
            let timers = self.timers(s.row.guild_id).await;
            match due(&s, timers, now()) {
                Due::Nothing => {}
                Due::Reminder => self.remind(&mut s, user).await,
                Due::Timeout => {
                    self.time_out(&mut s, user).await;
                    drop(s);
                    self.settle(id).await;
                }
            }
        }
    }

    async fn remind(&self, s: &mut Session, user: u64) {
        let tr = Tr::new(s.table.locale, &[]);
        let text = tr.f(
            "timer-reminder",
            &[
                ("player", render::mention(user).into()),
                ("game", render::game_name(&tr, s.kind).into()),
                ("link", s.link().unwrap_or_default().into()),
            ],
        );
        if let Err(e) = self.outbox.say(s.row.channel_id, &text, &[user]).await {
            tracing::warn!(game = s.row.id, error = %e, "could not send a turn reminder");
            return;
        }
        s.table.reminded_at = now();
        self.persist(s).await;
    }

    /// The idle player leaves the game (as if they had resigned), so the others play on.
    async fn time_out(&self, s: &mut Session, user: u64) {
        let Some(seat) = s.seat_of(user) else { return };
        let name = render::escape(&s.table.seats[seat].name);
        let locale = s.table.locale;
        match self.act_on_board(s, seat, engine::RESIGN, locale).await {
            Ok(()) => {
                let tr = Tr::new(locale, &[]);
                let text = tr.f("timer-timed-out", &[("player", name.into())]);
                if let Err(e) = self.outbox.say(s.row.channel_id, &text, &[]).await {
                    tracing::warn!(game = s.row.id, error = %e, "could not announce a timeout");
                }
            }
            Err(why) => tracing::error!(game = s.row.id, %why, "a timed-out player could not be resigned"),
        }
    }
}
