//! Players' history, pure: how a finished game ranks its seats, how ratings move, and how
//! players' summaries and head-to-head counts grow. The store reads the rows this needs and
//! writes what it computes in the transaction that finishes the game; the session decides which
//! games count (abandoned games never reach here).

mod finish;
mod puzzle;
mod summary;

pub use finish::{ANONYMOUS, Finish, RatingAfter, Rivalry, SeatResult};
pub use puzzle::{PuzzleRating, rate_answer};
pub use summary::{ALL_KINDS, PlayerFinish, PlayerSummary, VersusResult};

use crate::engine::{LoggedAction, Outcome, RESIGN, Seat};
use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};

/// A player's rating: mean and uncertainty (Weng-Lin, the OpenSkill Bradley-Terry model).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub mu: f64,
    pub sigma: f64,
}

impl Default for Rating {
    fn default() -> Self {
        let start = WengLinRating::new();
        Rating {
            mu: start.rating,
            sigma: start.uncertainty,
        }
    }
}

impl Rating {
    /// The rating the leaderboard ranks by: 99.7% sure the player is at least this good, so a
    /// newcomer's lucky first win does not top the board.
    pub fn conservative(self) -> f64 {
        self.mu - 3.0 * self.sigma
    }
}

/// How one seat did in a finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placing {
    /// 1 for the winners; seats that tie share a place; resigned seats come last, together.
    pub place: u32,
    pub resigned: bool,
}

/// Each seat's place: winners first, the others who played to the end next, then the seats
/// that resigned or timed out (a timeout that leaves the game is logged as a resignation).
/// A game nobody won (everybody resigned) ranks everyone together.
pub fn placings(outcome: &Outcome, seats: usize, log: &[LoggedAction]) -> Vec<Placing> {
    let resigned: Vec<bool> = (0..seats)
        .map(|seat| log.iter().any(|a| a.seat == seat && a.action == RESIGN))
        .collect();
    let winners: &[Seat] = match outcome {
        Outcome::Won { winners } => winners,
        Outcome::Solitaire { .. } | Outcome::NoWinner => &[],
    };
    let finishers = (0..seats).any(|s| !resigned[s] && !winners.contains(&s));
    (0..seats)
        .map(|seat| {
            let place = if winners.contains(&seat) {
                1
            } else if resigned[seat] && !winners.is_empty() {
                // Behind the winners and, if any played on, behind them too.
                2 + u32::from(finishers)
            } else if winners.is_empty() {
                1
            } else {
                2
            };
            Placing {
                place,
                resigned: resigned[seat],
            }
        })
        .collect()
}

/// New ratings after a free-for-all: every seat is its own team. Ties share a place.
pub fn rate(before: &[Rating], places: &[u32]) -> Vec<Rating> {
    let teams: Vec<[WengLinRating; 1]> = before
        .iter()
        .map(|r| {
            [WengLinRating {
                rating: r.mu,
                uncertainty: r.sigma,
            }]
        })
        .collect();
    let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
        .iter()
        .zip(places)
        .map(|(team, &place)| (&team[..], MultiTeamOutcome::new(place as usize)))
        .collect();
    weng_lin_multi_team(&ranked, &WengLinConfig::new())
        .into_iter()
        .map(|team| Rating {
            mu: team[0].rating,
            sigma: team[0].uncertainty,
        })
        .collect()
}

#[cfg(test)]
mod tests;
