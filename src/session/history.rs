//! What a finished game records for the players' history, built from the session's seats.

use super::SeatInfo;
use super::live::Session;
use crate::engine::{LoggedAction, Outcome};
use crate::history::placings;
use crate::id::UserId;
use crate::store::{Finish, SeatResult};

/// How the history names a seat's player: a user by id, a bot by its level (so each level has a
/// rating people can measure themselves against).
pub fn player_key(seat: &SeatInfo) -> String {
    match (seat.user, seat.bot) {
        (Some(user), _) => user_key(user),
        (None, Some(level)) => format!("bot:{}", level.id()),
        (None, None) => crate::store::ANONYMOUS.to_owned(),
    }
}

pub fn user_key(user: UserId) -> String {
    user.to_string()
}

/// The results of a game that just ended with `outcome`, its log including the final action.
pub fn finish(s: &Session, outcome: &Outcome, log: &[LoggedAction]) -> Finish {
    let seats = &s.table.seats;
    let placed = placings(outcome, seats.len(), log);
    let turns = match outcome {
        Outcome::Solitaire { turns } => Some(*turns),
        _ => None,
    };
    let won = |seat: usize| matches!(outcome, Outcome::Won { winners } if winners.contains(&seat));
    Finish {
        guild: s.row.guild_id,
        kind: s.kind.id().to_owned(),
        seats: seats
            .iter()
            .zip(placed)
            .enumerate()
            .map(|(index, (info, placing))| SeatResult {
                player: player_key(info),
                place: placing.place,
                won: won(index),
                resigned: placing.resigned,
                turns,
            })
            .collect(),
        // Only a game someone won between two or more seats says who is better.
        rated: seats.len() >= 2 && matches!(outcome, Outcome::Won { .. }),
    }
}
