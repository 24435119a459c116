//! Turn timers for asynchronous play: a reminder pings the awaited players who have been idle for
//! a while, and after the timeout each awaited player either plays the game's default action (the
//! game decides what that is: Can't Stop stops, Saizumi's responder is done) or leaves the game, as
//! the server chose. Measured from the last action (`updated_at`), so they survive restarts.

use super::{Hub, Session, now, render};
use crate::engine::{self, Seat, Tr};
use crate::id::UserId;
use crate::store::Status;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Duration;

/// Turn timer lengths in seconds (0 turns one off) and what a timeout does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Timers {
    pub reminder_secs: u64,
    pub timeout_secs: u64,
    /// Servers that set their timers before this existed get the default.
    #[serde(default)]
    pub on_timeout: OnTimeout,
}

/// What happens to a player whose time runs out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OnTimeout {
    /// They play the game's default action and stay in the game.
    #[default]
    Play,
    /// They leave the game (as if they had resigned), so the others play on.
    Leave,
}

impl OnTimeout {
    pub const ALL: [OnTimeout; 2] = [OnTimeout::Play, OnTimeout::Leave];

    pub fn id(self) -> &'static str {
        match self {
            OnTimeout::Play => "play",
            OnTimeout::Leave => "leave",
        }
    }
}

/// How many default actions a timeout plays at most for one seat (a Can't Stop turn: roll, move,
/// stop); the game's default action always makes progress, so this only guards against a bug.
const DEFAULT_ACTIONS: usize = 50;

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
            let awaited = s.humans_awaited();
            if awaited.is_empty() {
                continue;
            }
            let timers = s.timers;
            match due(&s, timers, now()) {
                Due::Nothing => {}
                Due::Reminder => self.remind(&mut s, &awaited).await,
                Due::Timeout => {
                    // Each awaited player in turn; an earlier one's action may end the wait of
                    // the others, so who is still awaited is asked again.
                    for (seat, _) in awaited {
                        if s.humans_awaited().iter().any(|(s, _)| *s == seat) {
                            self.time_out(&mut s, seat, timers.on_timeout).await;
                        }
                    }
                    drop(s);
                    self.settle(id).await;
                }
            }
        }
    }

    async fn remind(&self, s: &mut Session, awaited: &[(Seat, UserId)]) {
        let tr = Tr::new(s.table.locale, &[]);
        let users: Vec<UserId> = awaited.iter().map(|(_, u)| *u).collect();
        let mentions: Vec<String> = users.iter().map(|u| render::mention(*u)).collect();
        let text = tr.f(
            "timer-reminder",
            &[
                ("player", mentions.join(" ").into()),
                ("game", render::game_name(&tr, s.kind).into()),
                ("link", s.link().unwrap_or_default().into()),
            ],
        );
        if let Err(e) = self.outbox.say(s.row.channel_id, &text, &users).await {
            tracing::warn!(game = %s.row.id, error = %e, "could not send a turn reminder");
            return;
        }
        s.table.reminded_at = now();
        self.persist(s).await;
    }

    /// The idle player plays the game's default action until the game no longer awaits them,
    /// or leaves the game (as if they had resigned), as the server chose. A game with no default
    /// for this moment makes them leave.
    async fn time_out(&self, s: &mut Session, seat: Seat, on_timeout: OnTimeout) {
        let name = render::escape(&s.table.seats[seat].name);
        let locale = s.table.locale;
        let mut played = 0;
        let left = loop {
            let default = match on_timeout {
                OnTimeout::Play => s.game.as_ref().and_then(|g| g.timeout_action(seat)),
                OnTimeout::Leave => None,
            };
            let action = default.as_deref().unwrap_or(engine::RESIGN);
            if let Err(why) = self.act_on_board(s, seat, action, locale).await {
                tracing::error!(game = %s.row.id, %why, action, "a timed-out player's action was refused");
                return;
            }
            played += 1;
            let still = s.awaited().contains(&seat) && s.row.status == crate::store::Status::Playing;
            if default.is_none() || !still || played >= DEFAULT_ACTIONS {
                break default.is_none();
            }
        };
        let tr = Tr::new(locale, &[]);
        let id = if left {
            "timer-timed-out"
        } else {
            "timer-timed-out-played"
        };
        let text = tr.f(id, &[("player", name.into())]);
        if let Err(e) = self.outbox.say(s.row.channel_id, &text, &[]).await {
            tracing::warn!(game = %s.row.id, error = %e, "could not announce a timeout");
        }
    }
}
