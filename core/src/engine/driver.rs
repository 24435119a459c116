//! The one turn loop: ask the game whom it awaits, let that seat choose, apply, report. The
//! terminal, bots' simulations, tests and benches all play games through [`play`]; sessions,
//! which wait for people between actions, use [`awaited`] and [`next_to_drive`] to decide whom to
//! drive and [`super::apply_logged`] to act. A game played as its own type reports typed events,
//! which nobody turns into text unless it wants to read them.

use super::{AnyGame, Dice, Game, LoggedAction, Msg, Outcome, RuleError, Seat};
use std::borrow::Borrow;
use std::cell::RefCell;

/// A game the driver can play: every [`Game`], and any boxed game behind [`AnyGame`].
pub trait Playable {
    type Action: ?Sized;
    /// What an action reports: a [`Game`]'s events, or log lines for a boxed game.
    type Event;
    /// The first seat the game awaits, if any.
    fn first_awaited(&self) -> Option<Seat>;
    fn finished(&self) -> Option<Outcome>;
    /// Applies `action`, appending what happened to `events`.
    fn act(
        &mut self,
        seat: Seat,
        action: &Self::Action,
        dice: &mut dyn Dice,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), RuleError>;
}

impl<G: Game> Playable for G {
    type Action = G::Action;
    type Event = G::Event;

    fn first_awaited(&self) -> Option<Seat> {
        self.first_to_act()
    }

    fn finished(&self) -> Option<Outcome> {
        self.outcome()
    }

    fn act(
        &mut self,
        seat: Seat,
        action: &G::Action,
        dice: &mut dyn Dice,
        events: &mut Vec<G::Event>,
    ) -> Result<(), RuleError> {
        self.apply_events(seat, action, dice, events)
    }
}

impl Playable for dyn AnyGame + '_ {
    type Action = str;
    type Event = Msg;

    fn first_awaited(&self) -> Option<Seat> {
        awaited(self).first().copied()
    }

    fn finished(&self) -> Option<Outcome> {
        self.outcome()
    }

    fn act(
        &mut self,
        seat: Seat,
        action: &str,
        dice: &mut dyn Dice,
        events: &mut Vec<Msg>,
    ) -> Result<(), RuleError> {
        events.extend(self.apply(seat, action, dice)?);
        Ok(())
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
    #[error("seat {seat}'s choice was refused: {}", .error.msg().id)]
    Refused { seat: Seat, error: RuleError },
    #[error("no more than {0} actions were allowed")]
    TooLong(usize),
    /// The chooser gave up (e.g. the terminal's input ended).
    #[error("{0}")]
    Quit(String),
}

/// Plays a game to its end: while it is not over, the first awaited seat chooses (`choose`),
/// the action is applied with `dice`, and `seen` hears what happened. At most `limit` actions,
/// so a game that never ends is reported instead of looping.
pub fn play<P: Playable + ?Sized, A: Borrow<P::Action>>(
    game: &mut P,
    dice: &mut dyn Dice,
    limit: usize,
    mut choose: impl FnMut(&P, Seat) -> A,
    seen: impl FnMut(&P, Seat, &P::Action, &[P::Event]),
) -> Result<Outcome, Stopped> {
    try_play(game, dice, limit, |g, s| Ok(choose(g, s)), seen)
}

/// [`play`] with a chooser that may give up, ending the game early with [`Stopped::Quit`].
pub fn try_play<P: Playable + ?Sized, A: Borrow<P::Action>>(
    game: &mut P,
    dice: &mut dyn Dice,
    limit: usize,
    mut choose: impl FnMut(&P, Seat) -> Result<A, String>,
    mut seen: impl FnMut(&P, Seat, &P::Action, &[P::Event]),
) -> Result<Outcome, Stopped> {
    // One buffer for the whole game: reporting an action allocates nothing.
    let mut events = Vec::new();
    for _ in 0..limit {
        if let Some(outcome) = game.finished() {
            return Ok(outcome);
        }
        let seat = game.first_awaited().ok_or(Stopped::Stuck)?;
        let action = choose(game, seat).map_err(Stopped::Quit)?;
        events.clear();
        game.act(seat, action.borrow(), dice, &mut events)
            .map_err(|error| Stopped::Refused { seat, error })?;
        seen(game, seat, action.borrow(), &events);
    }
    game.finished().ok_or(Stopped::TooLong(limit))
}

/// Remembers what a game drew, for the log, while the driver holds the dice.
struct Tape<'a> {
    inner: &'a mut dyn Dice,
    drawn: &'a RefCell<Vec<u8>>,
}

impl Dice for Tape<'_> {
    fn roll(&mut self, sides: u8) -> u8 {
        let v = self.inner.roll(sides);
        self.drawn.borrow_mut().push(v);
        v
    }

    fn ran_out(&self) -> bool {
        self.inner.ran_out()
    }
}

/// [`play`] for a boxed game, also returning the action log a session would store (each action
/// with the dice it drew), e.g. to make stored games for tests and benches.
pub fn play_logged(
    game: &mut dyn AnyGame,
    dice: &mut dyn Dice,
    limit: usize,
    mut choose: impl FnMut(&dyn AnyGame, Seat) -> String,
) -> (Result<Outcome, Stopped>, Vec<LoggedAction>) {
    let drawn = RefCell::new(vec![]);
    let mut log = vec![];
    let mut tape = Tape {
        inner: dice,
        drawn: &drawn,
    };
    let result = play(
        game,
        &mut tape,
        limit,
        |g, s| choose(g, s),
        |_, seat, action, _| {
            log.push(LoggedAction {
                seat,
                action: action.to_owned(),
                dice: std::mem::take(&mut *drawn.borrow_mut()),
            });
        },
    );
    (result, log)
}
