//! Turn timers for asynchronous play: a reminder pings the awaited players who have been idle for
//! a while, and after the timeout each awaited player either plays the game's default action (the
//! game decides what that is: Can't Stop stops, Saizumi's responder is done) or leaves the game, as
//! the server chose. Measured from the last action (`updated_at`), so they survive restarts.

use super::deadlines::{OnTimeout, Timers};
use super::live::Session;
use super::play::Play;
use super::text;
use crate::engine::{self, Seat, Tr};
use crate::id::GameId;
use crate::id::UserId;
use crate::store::Status;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// How many default actions a timeout plays at most for one seat (a Can't Stop turn: roll, move,
/// stop); the game's default action always makes progress, so this only guards against a bug.
const DEFAULT_ACTIONS: usize = 50;

/// Games the timer looks at per query: a page's sessions are in memory together at most.
const DUE_PAGE: usize = 256;
/// The timer task looks at the store at least this often (a game due while the process could
/// not post its board is tried again then), and at most once a second.
const MAX_SLEEP_SECS: i64 = 60;
/// A session nobody touched for this long leaves memory; the sweep looks this often.
const IDLE: Duration = Duration::from_secs(600);
const SWEEP: Duration = Duration::from_secs(60);

/// What a wait has come to.
enum Due {
    Nothing,
    Reminder,
    Timeout,
}

fn due(s: &Session, timers: Timers, at: i64) -> Due {
    // Time off of the awaited players pauses their clock until they are back.
    let idle = at.saturating_sub(s.clock_start()).max(0) as u64;
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

/// The awaited players whose own clock has run `secs` by `at` (time off pauses only the clock
/// of who took it).
fn idle_for(s: &Session, awaited: &[(Seat, UserId)], secs: u64, at: i64) -> Vec<(Seat, UserId)> {
    let idle = |user: UserId| at.saturating_sub(s.seated.away.clock_start_of(s.row.updated_at, user));
    awaited
        .iter()
        .copied()
        .filter(|(_, user)| idle(*user) >= secs as i64)
        .collect()
}

/// What happens without a click: reminders, timeouts, lobbies expiring, boards and bots that
/// are due, and idle sessions leaving memory.
pub(super) struct Timekeeper(pub(super) Arc<Play>);

impl Timekeeper {
    /// Starts the timer task (once, after the index is restored): it sleeps until the store's
    /// next due game (or a write makes one due sooner) and then does what is due; and the sweep
    /// that takes idle sessions out of memory.
    pub(super) fn start(&self) {
        let hub = Timekeeper(self.0.clone());
        tokio::spawn(async move {
            loop {
                // Until this pass knows when to wake, every write that sets a due time wakes it:
                // a write that lands after the read below would otherwise compare itself with
                // the last pass's wake time and be slept through.
                hub.0.next_wake.store(i64::MAX, Ordering::Relaxed);
                let next = match hub.0.store.next_due().await {
                    Ok(next) => next,
                    Err(e) => {
                        tracing::warn!(error = %e, "could not read when games are due");
                        None
                    }
                };
                let play = &hub.0;
                let at = play.clock.now();
                let wake = next.unwrap_or(i64::MAX).clamp(at + 1, at + MAX_SLEEP_SECS);
                play.next_wake.store(wake, Ordering::Relaxed);
                let wait = Duration::from_secs(wake.max(0) as u64).saturating_sub(play.clock.since_epoch());
                tokio::select! {
                    () = tokio::time::sleep(wait) => {}
                    () = play.wake.notified() => {}
                }
                hub.check().await;
            }
        });
        let play = self.0.clone();
        tokio::spawn(async move {
            let mut sweep = tokio::time::interval(SWEEP);
            loop {
                sweep.tick().await;
                play.index.evict_idle(IDLE);
            }
        });
    }

    /// Does what is due now: the store names the games (their `due_at` has come), each is
    /// loaded if it is not in memory, looked at under its server's timers (reminder, timeout,
    /// lobby expiry, a board to post, bots to wake) and given its next due time. A game loaded
    /// only for this leaves memory again.
    pub(super) async fn check(&self) {
        let play = &self.0;
        let at = play.clock.now();
        let mut after = GameId(0);
        loop {
            let due = match play.store.due_games(at, after, DUE_PAGE).await {
                Ok(due) => due,
                Err(e) => {
                    tracing::warn!(error = %e, "could not read which games are due");
                    return;
                }
            };
            let Some(&(last, _)) = due.last() else {
                return;
            };
            after = last;
            let mut rescheduled = Vec::new();
            for &(id, was_due) in &due {
                crate::metrics::timer_due(std::time::Duration::from_secs(
                    at.saturating_sub(was_due).max(0).unsigned_abs(),
                ));
                let was_loaded = play.index.is_loaded(id);
                let mut s = match play.index.live(id).await {
                    Ok(Some(s)) => s,
                    Ok(None) => continue,
                    // Not looked at again until someone touches it (and hears it cannot load).
                    Err(_) => {
                        rescheduled.push((id, was_due, None));
                        continue;
                    }
                };
                let wrote = self.tend(&mut s).await;
                // A board that could not be posted (Discord unreachable, the channel gone) is
                // tried again in a while, not at every pass.
                let next = match s.due_at() {
                    Some(_) if s.needs_board() => Some(play.clock.now() + MAX_SLEEP_SECS),
                    next => next,
                };
                if !wrote && next != Some(was_due) && s.phase.is_open() {
                    rescheduled.push((id, was_due, next));
                }
                if !was_loaded {
                    play.index.evict(&mut s);
                }
                play.catch_up.passed(id);
            }
            if let Err(e) = play.store.set_due(&rescheduled).await {
                tracing::warn!(error = %e, "could not reschedule games");
            }
            if due.len() < DUE_PAGE {
                return;
            }
        }
    }

    /// Does what is due for one game; says whether it wrote the game (which stores its next due
    /// time too).
    pub(super) async fn tend(&self, s: &mut Session) -> bool {
        let play = &self.0;
        match s.phase.status() {
            Status::Lobby if s.table.lobby_expires_at <= play.clock.now() => {
                play.expire_lobby(s).await;
                true
            }
            Status::Playing => {
                // A board whose post failed earlier (Discord unreachable) is tried again here.
                let mut wrote = play.post_board_if_needed(s).await;
                let awaited = s.humans_awaited();
                let timers = s.timers;
                match due(s, timers, play.clock.now()) {
                    _ if awaited.is_empty() => {}
                    Due::Nothing => {}
                    Due::Reminder => {
                        let idle = idle_for(s, &awaited, timers.reminder_secs, play.clock.now());
                        self.remind(s, &idle).await;
                        wrote = true;
                    }
                    Due::Timeout => {
                        // Each awaited player whose own clock ran out, in turn (taken before any
                        // acts, since an action restarts the clocks); an earlier one's action
                        // may end the wait of the others, so who is still awaited is asked again.
                        let idle = idle_for(s, &awaited, timers.timeout_secs, play.clock.now());
                        for (seat, _) in idle {
                            if s.humans_awaited().iter().any(|(s, _)| *s == seat) {
                                self.time_out(s, seat, timers.on_timeout).await;
                            }
                        }
                        play.post_board_if_needed(s).await;
                        wrote = true;
                    }
                }
                if self.notice(s).await {
                    wrote = true;
                }
                play.wake_bots(s);
                wrote
            }
            _ => false,
        }
    }

    /// The wait's grace period is over (and an awaited player asked for notices): its turn
    /// notices go to who is away, and the wait is marked noticed (stored, with the game's next
    /// due time). Says whether it wrote the game.
    async fn notice(&self, s: &mut Session) -> bool {
        let now = self.0.clock.now();
        let due = s.notice_due().is_some_and(|at| at <= now);
        if !due || s.phase.playing().is_none() || s.needs_board() {
            return false;
        }
        self.0.notices.wait_noticed(s).await;
        s.table.noticed_at = now;
        self.0.persist(s).await;
        true
    }

    async fn remind(&self, s: &mut Session, awaited: &[(Seat, UserId)]) {
        let tr = Tr::new(s.table.locale, &[]);
        let users: Vec<UserId> = awaited.iter().map(|(_, u)| *u).collect();
        let mentions: Vec<String> = users.iter().map(|u| s.markup.mention(*u)).collect();
        let text = tr.f(
            "timer-reminder",
            &[
                ("player", mentions.join(" ").into()),
                ("game", text::game_name(&tr, s.kind).into()),
                ("link", s.link().unwrap_or_default().into()),
            ],
        );
        if let Err(e) = self.0.outbox.say(s.row.channel_id, &text, &users).await {
            tracing::warn!(game = %s.row.id, error = %e, "could not send a turn reminder");
            return;
        }
        s.table.reminded_at = self.0.clock.now();
        self.0.persist(s).await;
    }

    /// The idle player plays the game's default action until the game no longer awaits them,
    /// or leaves the game (as if they had resigned), as the server chose. A game with no default
    /// for this moment makes them leave.
    async fn time_out(&self, s: &mut Session, seat: Seat, on_timeout: OnTimeout) {
        let name = s.markup.escape(&s.table.seats[seat].name);
        let locale = s.table.locale;
        let mut played = 0;
        let left = loop {
            let default = match on_timeout {
                OnTimeout::Play => s.phase.game().and_then(|g| g.timeout_action(seat)),
                OnTimeout::Leave => None,
            };
            let action = default.as_deref().unwrap_or(engine::RESIGN);
            if let Err(why) = self.0.act_on_board(s, seat, action).await {
                tracing::error!(game = %s.row.id, %why, action, "a timed-out player's action was refused");
                return;
            }
            played += 1;
            let still = s.awaited().contains(&seat) && s.phase.playing().is_some();
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
        if let Err(e) = self.0.outbox.say(s.row.channel_id, &text, &[]).await {
            tracing::warn!(game = %s.row.id, error = %e, "could not announce a timeout");
        }
    }
}
