//! An action's change to its game as the store tests and the store bench write it.

use saikoro::store::{Played, Status};

/// For games with no board posted.
pub fn played(status: Status, at: i64, due_at: Option<i64>) -> Played {
    Played {
        status,
        at,
        due_at,
        board: None,
        snapshot: None,
    }
}
