//! Where a session is in its life, holding the game once it has one: a lobby has no game, and
//! a game in play or over always has it, so no code asks whether a started game is there. The
//! stored row's status is derived from it whenever the row is written.

use crate::engine::AnyGame;
use crate::store::Status;

pub(super) enum Phase {
    /// Seats are being taken; nothing is set up yet.
    Lobby,
    Playing(Box<dyn AnyGame>),
    Finished(Box<dyn AnyGame>),
    /// Ended before its end: a lobby closed (no game) or a game abandoned in play (its last
    /// position kept for its last board).
    Abandoned(Option<Box<dyn AnyGame>>),
}

impl Phase {
    /// A game just set up or just played: over if it has an outcome, else in play.
    pub(super) fn of(game: Box<dyn AnyGame>) -> Phase {
        if game.outcome().is_some() {
            Phase::Finished(game)
        } else {
            Phase::Playing(game)
        }
    }

    /// The status stored in the game's row.
    pub(super) fn status(&self) -> Status {
        match self {
            Phase::Lobby => Status::Lobby,
            Phase::Playing(_) => Status::Playing,
            Phase::Finished(_) => Status::Finished,
            Phase::Abandoned(_) => Status::Abandoned,
        }
    }

    /// The game, once it was set up (in play, over, or abandoned in play).
    pub(super) fn game(&self) -> Option<&dyn AnyGame> {
        match self {
            Phase::Playing(game) | Phase::Finished(game) | Phase::Abandoned(Some(game)) => {
                Some(game.as_ref())
            }
            Phase::Lobby | Phase::Abandoned(None) => None,
        }
    }

    /// The game in play.
    pub(super) fn playing(&self) -> Option<&dyn AnyGame> {
        match self {
            Phase::Playing(game) => Some(game.as_ref()),
            _ => None,
        }
    }

    pub(super) fn is_lobby(&self) -> bool {
        matches!(self, Phase::Lobby)
    }

    /// A lobby or a game in play: clicks and commands still act on it.
    pub(super) fn is_open(&self) -> bool {
        matches!(self, Phase::Lobby | Phase::Playing(_))
    }

    /// Ends it as abandoned, keeping the game it has.
    pub(super) fn abandon(&mut self) {
        *self = match std::mem::replace(self, Phase::Lobby) {
            Phase::Lobby => Phase::Abandoned(None),
            Phase::Playing(game) | Phase::Finished(game) => Phase::Abandoned(Some(game)),
            abandoned @ Phase::Abandoned(_) => abandoned,
        };
    }

    /// Undoes [`Phase::abandon`] of a lobby or a game in play whose abandoning was not stored.
    pub(super) fn reopen(&mut self) {
        *self = match std::mem::replace(self, Phase::Lobby) {
            Phase::Abandoned(None) => Phase::Lobby,
            Phase::Abandoned(Some(game)) => Phase::Playing(game),
            other => other,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::SeededDice;
    use crate::games::GameKind;

    fn set_up() -> Box<dyn AnyGame> {
        let kind = GameKind::from_id("cantstop").expect("Can't Stop is registered");
        kind.new_game(&serde_json::Value::Null, 2, &mut SeededDice::new(1))
            .expect("two seats play Can't Stop")
    }

    #[test]
    fn the_status_is_the_phases_and_only_a_started_game_has_one() {
        let mut phase = Phase::Lobby;
        assert_eq!((phase.status(), phase.game().is_none()), (Status::Lobby, true));
        phase = Phase::of(set_up());
        assert_eq!(phase.status(), Status::Playing);
        assert!(phase.playing().is_some() && phase.is_open());
        phase.abandon();
        assert_eq!(phase.status(), Status::Abandoned);
        assert!(
            phase.game().is_some(),
            "an abandoned game keeps its last position"
        );
        assert!(phase.playing().is_none() && !phase.is_open());
        phase.reopen();
        assert_eq!(phase.status(), Status::Playing);
    }

    #[test]
    fn a_lobby_abandoned_has_no_game_and_reopens_as_a_lobby() {
        let mut phase = Phase::Lobby;
        phase.abandon();
        assert_eq!(
            (phase.status(), phase.game().is_none()),
            (Status::Abandoned, true)
        );
        phase.reopen();
        assert!(phase.is_lobby());
    }

    #[test]
    fn a_game_with_an_outcome_is_finished() {
        let mut game = set_up();
        game.apply(0, crate::engine::RESIGN, &mut SeededDice::new(0))
            .expect("a seat may resign");
        let phase = Phase::of(game);
        assert_eq!(phase.status(), Status::Finished);
        assert!(phase.game().is_some_and(|g| g.outcome().is_some()) && phase.playing().is_none());
    }
}
