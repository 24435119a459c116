//! The one turn loop: ask the game whom it awaits, let that seat choose, apply, report. The
//! terminal, bots' simulations, tests and benches all play games through [`play`]; sessions,
//! which wait for people between actions, use [`awaited`] and [`next_to_drive`] to decide whom to
//! drive and [`super::apply_logged`] to act.

use super::{AnyGame, Dice, Game, Msg, Outcome, RuleError, Seat};

/// A game the driver can play: every [`Game`], and any boxed game behind [`AnyGame`].
pub trait Playable {
    type Action: ?Sized;
    fn awaited(&self) -> Vec<Seat>;
    fn finished(&self) -> Option<Outcome>;
    fn act(&mut self, seat: Seat, action: &Self::Action, dice: &mut dyn Dice) -> Result<Vec<Msg>, RuleError>;
}

impl<G: Game> Playable for G {
    type Action = G::Action;

    fn awaited(&self) -> Vec<Seat> {
        self.to_act()
    }

    fn finished(&self) -> Option<Outcome> {
        self.outcome()
    }

    fn act(&mut self, seat: Seat, action: &G::Action, dice: &mut dyn Dice) -> Result<Vec<Msg>, RuleError> {
        self.apply(seat, action, dice)
    }
}

impl Playable for dyn AnyGame {
    type Action = str;

    fn awaited(&self) -> Vec<Seat> {
        awaited(self)
    }

    fn finished(&self) -> Option<Outcome> {
        self.outcome()
    }

    fn act(&mut self, seat: Seat, action: &str, dice: &mut dyn Dice) -> Result<Vec<Msg>, RuleError> {
        self.apply(seat, action, dice)
    }
}

/// The seats the game waits for now, in the game's order; none once it is over.
pub fn awaited(game: &dyn AnyGame) -> Vec<Seat> {
    if game.outcome().is_some() {
        vec![]
    } else {
        game.to_act()
    }
}

/// The first awaited seat that `drives` (a bot, a timer that is due, …), so a bot seated after a
/// person still moves when the game awaits it.
pub fn next_to_drive(game: &dyn AnyGame, drives: impl Fn(Seat) -> bool) -> Option<Seat> {
    awaited(game).into_iter().find(|s| drives(*s))
}

/// A game that stopped before its end.
#[derive(Debug, thiserror::Error)]
pub enum Stopped {
    #[error("the game awaits nobody but is not over")]
    Stuck,
    #[error("seat {seat}'s choice was refused: {}", .error.0.id)]
    Refused { seat: Seat, error: RuleError },
    #[error("no more than {0} actions were allowed")]
    TooLong(usize),
}

/// Plays a game to its end: while it is not over, the first awaited seat chooses (`choose`),
/// the action is applied with `dice`, and `seen` hears what happened. At most `limit` actions,
/// so a game that never ends is reported instead of looping.
pub fn play<P: Playable + ?Sized, A: std::borrow::Borrow<P::Action>>(
    game: &mut P,
    dice: &mut dyn Dice,
    limit: usize,
    mut choose: impl FnMut(&P, Seat) -> A,
    mut seen: impl FnMut(&P, Seat, &P::Action, &[Msg]),
) -> Result<Outcome, Stopped> {
    for _ in 0..limit {
        if let Some(outcome) = game.finished() {
            return Ok(outcome);
        }
        let seat = *game.awaited().first().ok_or(Stopped::Stuck)?;
        let action = choose(game, seat);
        let lines = game
            .act(seat, action.borrow(), dice)
            .map_err(|error| Stopped::Refused { seat, error })?;
        seen(game, seat, action.borrow(), &lines);
    }
    game.finished().ok_or(Stopped::TooLong(limit))
}
