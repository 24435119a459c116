//! Overload without collapse. Every click would be served at once, so past the bot's capacity
//! all of them queue for the same store and cores, each is answered later than the last, and
//! answers after Discord's 3 s are wasted work while the queue only grows. Instead a click waits
//! for one of a bounded number of turns; at most a bounded number wait; and one that has waited
//! past [`Admission::shed_after`] since Discord created it is dropped before any work, since its answer
//! could no longer reach Discord in time. A dropped click changes nothing (the player presses
//! again) and is counted (`interactions{outcome="shed_late"|"shed_full"}`).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::sync::{Semaphore, SemaphorePermit};
use tokio::time::Instant;

/// Clicks served at once: enough to fill the writer's group commits (a batch per fsync), few
/// enough that an admitted click is not queued again behind all the others.
const SERVING: usize = 64;
/// Clicks waiting for a turn at most: more could not be served within the deadline anyway.
const WAITING: usize = 4096;
/// A click still waiting this long after Discord created it is dropped: serving it takes up to about a
/// second under load, so it could not be answered within Discord's 3 s.
const SHED_AFTER: Duration = Duration::from_millis(1500);

/// Why a click was dropped unserved.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Shed {
    /// Too many clicks were waiting already.
    Full,
    /// It waited past the deadline.
    Late,
}

impl Shed {
    /// The outcome counted in the metrics.
    pub(super) fn outcome(&self) -> &'static str {
        match self {
            Shed::Full => "shed_full",
            Shed::Late => "shed_late",
        }
    }
}

/// The turns clicks wait for.
pub(super) struct Admission {
    serving: Semaphore,
    waiting: AtomicUsize,
    max_waiting: usize,
    shed_after: Duration,
}

impl Default for Admission {
    fn default() -> Self {
        Admission::new(SERVING, WAITING, SHED_AFTER)
    }
}

impl Admission {
    pub(super) fn new(serving: usize, max_waiting: usize, shed_after: Duration) -> Self {
        Admission {
            serving: Semaphore::new(serving),
            waiting: AtomicUsize::new(0),
            max_waiting,
            shed_after,
        }
    }

    /// A turn for a click Discord created at `born` (see `age`), held until it is answered; or
    /// why it is dropped instead.
    pub(super) async fn admit(&self, born: Instant) -> Result<SemaphorePermit<'_>, Shed> {
        let deadline = born + self.shed_after;
        if Instant::now() >= deadline {
            return Err(Shed::Late);
        }
        if let Ok(turn) = self.serving.try_acquire() {
            return Ok(turn);
        }
        if self.waiting.fetch_add(1, Ordering::SeqCst) >= self.max_waiting {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            return Err(Shed::Full);
        }
        let turn = tokio::time::timeout_at(deadline, self.serving.acquire()).await;
        self.waiting.fetch_sub(1, Ordering::SeqCst);
        match turn {
            Ok(Ok(turn)) => Ok(turn),
            // Closed never happens: the semaphore is never closed.
            _ => Err(Shed::Late),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Long, so that nothing but a receipt set in the past makes a click late.
    const AFTER: Duration = Duration::from_secs(60);

    /// A receipt `left` before the deadline.
    fn received_with(left: Duration) -> Instant {
        Instant::now() - AFTER + left
    }

    #[tokio::test]
    async fn a_click_that_waited_past_the_deadline_is_dropped() {
        let admission = Admission::new(1, 10, AFTER);
        let busy = admission.admit(Instant::now()).await.expect("a free turn");
        let received = received_with(Duration::from_millis(5));
        assert_eq!(admission.admit(received).await.err(), Some(Shed::Late));
        assert!(received.elapsed() >= AFTER, "not before its deadline");
        drop(busy);
        let late = received_with(Duration::ZERO);
        assert_eq!(
            admission.admit(late).await.err(),
            Some(Shed::Late),
            "too old even for a free turn"
        );
        assert!(
            admission.admit(Instant::now()).await.is_ok(),
            "a fresh one is served"
        );
    }

    #[tokio::test]
    async fn a_waiting_click_is_served_when_a_turn_frees_in_time() {
        let admission = Admission::new(1, 10, AFTER);
        let busy = admission.admit(Instant::now()).await.expect("a free turn");
        let (served, ()) = tokio::join!(admission.admit(Instant::now()), async {
            tokio::task::yield_now().await;
            drop(busy);
        });
        assert!(served.is_ok());
    }

    #[tokio::test]
    async fn beyond_the_waiting_bound_a_click_is_dropped_at_once() {
        let admission = Admission::new(1, 2, AFTER);
        let busy = admission.admit(Instant::now()).await.expect("a free turn");
        let now = Instant::now();
        // Each waiting click lets its turn go at once, so the next one waiting gets it.
        let served = async || admission.admit(now).await.map(drop);
        let (first, second, third) = tokio::join!(served(), served(), async {
            tokio::task::yield_now().await;
            let full = admission.admit(now).await.err();
            drop(busy);
            full
        });
        assert_eq!(third, Some(Shed::Full), "a third waiting click");
        assert_eq!(
            (first, second),
            (Ok(()), Ok(())),
            "the two waiting are served in turn"
        );
    }
}
