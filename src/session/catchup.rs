//! The due pass after a start (an upgrade, a long outage), run in the background while clicks
//! are answered: it looks at the due games in id order, a page at a time, and a click on a game
//! it has not passed yet does what is due for that game first, so no click acts before a
//! timeout, a bot's move or a board that was owed.

use crate::id::GameId;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};

/// Where the start-up pass is: running or not, and the last game it looked at.
#[derive(Default)]
pub(super) struct CatchUp {
    running: AtomicBool,
    /// The last game id the pass looked at (games are passed in id order).
    passed: AtomicI64,
}

impl CatchUp {
    /// A pass begins: every game is yet to be looked at.
    pub(super) fn begin(&self) {
        self.passed.store(0, Ordering::SeqCst);
        self.running.store(true, Ordering::SeqCst);
    }

    /// The pass looked at `id` (and every game before it).
    pub(super) fn passed(&self, id: GameId) {
        self.passed.fetch_max(id.get(), Ordering::SeqCst);
    }

    /// The pass has ended.
    pub(super) fn end(&self) {
        self.running.store(false, Ordering::SeqCst);
    }

    /// Whether the pass is running and has not looked at `id` yet.
    pub(super) fn pending(&self, id: GameId) -> bool {
        self.running.load(Ordering::SeqCst) && id.get() > self.passed.load(Ordering::SeqCst)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_after_the_last_passed_are_pending_while_the_pass_runs() {
        let catch_up = CatchUp::default();
        assert!(!catch_up.pending(GameId(5)), "no pass, nothing pending");
        catch_up.begin();
        assert!(catch_up.pending(GameId(1)));
        catch_up.passed(GameId(3));
        assert!(!catch_up.pending(GameId(3)));
        assert!(catch_up.pending(GameId(4)));
        catch_up.end();
        assert!(!catch_up.pending(GameId(4)));
    }
}
