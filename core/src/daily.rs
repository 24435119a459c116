//! The daily Can't Stop, as pure maths (its days are [`crate::engine::day::Day`]): the day's dice, a finished attempt's
//! tally (turns, busts, one mark per turn), the par and the share line.
//!
//! Fairness rests on one rule: the n-th roll of a day is a function of the day's seed and `n`
//! only ([`DailyDice::roll_at`]), never of a stream that earlier choices could shift, so every
//! player meets the same rolls in the same order whatever they chose before. The day's seed is
//! a keyed hash of the day ([`day_seed`]): a deployment keys it with a secret of its own, so its
//! dice cannot be learnt from the terminal's practice days, which use [`PRACTICE_SECRET`].

use crate::engine::driver;
use crate::engine::{Dice, Game, Level, LoggedAction, Msg, ScriptedDice, Seat, SeededDice};
use crate::games::cantstop::{CantStop, Event, Options};
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The public key of the terminal's practice days (`saikoro daily`): anyone can compute them.
pub const PRACTICE_SECRET: u64 = 0x5A1C_0B0D_A117_0001;

/// Dice per roll of Can't Stop.
const ROLL_DICE: u64 = 4;

/// No daily needs more decisions than this.
const MAX_ACTIONS: usize = 100_000;

/// The seed of `day` under `secret`: ChaCha keyed by the secret, one stream per day.
pub fn day_seed(secret: u64, day: i64) -> u64 {
    let mut rng = ChaCha8Rng::seed_from_u64(secret);
    rng.set_stream(day as u64);
    rng.next_u64()
}

/// The day's dice: the `n`-th roll (four dice) depends on the day's seed and `n` only. Resumed
/// after a restart at the number of dice already drawn.
#[derive(Clone, Debug)]
pub struct DailyDice {
    seed: u64,
    drawn: u64,
}

impl DailyDice {
    pub fn new(seed: u64) -> Self {
        Self::resume(seed, 0)
    }

    /// Dice that go on after `drawn` dice were drawn (a stored attempt's log).
    pub fn resume(seed: u64, drawn: u64) -> Self {
        Self { seed, drawn }
    }

    /// Dice drawn so far.
    pub fn drawn(&self) -> u64 {
        self.drawn
    }

    /// The day's `index`-th roll (from 0).
    pub fn roll_at(seed: u64, index: u64) -> [u8; 4] {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(index);
        [(); 4].map(|()| rng.random_range(1..=6))
    }
}

impl Dice for DailyDice {
    fn roll(&mut self, sides: u8) -> u8 {
        // One seat's start player: no chance, and no die drawn from the day.
        if sides <= 1 {
            return 1;
        }
        let roll = Self::roll_at(self.seed, self.drawn / ROLL_DICE);
        let face = roll[(self.drawn % ROLL_DICE) as usize];
        self.drawn += 1;
        // Can't Stop rolls only six-sided dice; any other die is folded into its range.
        (face - 1) % sides + 1
    }
}

/// A daily attempt's turns as they went: `true` for a turn banked, `false` for a bust.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub marks: Vec<bool>,
}

impl Tally {
    /// Counts the turn an event ends, if it ends one.
    pub fn see(&mut self, event: &Event) {
        match event {
            Event::Stopped { .. } => self.marks.push(true),
            Event::Bust { .. } => self.marks.push(false),
            _ => {}
        }
    }

    /// The score: turns played.
    pub fn turns(&self) -> u32 {
        self.marks.len() as u32
    }

    pub fn busts(&self) -> u32 {
        self.marks.iter().filter(|banked| !**banked).count() as u32
    }

    /// 🟩 per turn banked, 🟥 per bust: the turns' shape without the board.
    pub fn squares(&self) -> String {
        self.marks.iter().map(|&b| if b { '🟩' } else { '🟥' }).collect()
    }

    /// The tally of a one-seat Can't Stop game's actions replayed on `dice`; `None` if they do
    /// not replay.
    pub fn replay<'a>(
        actions: impl IntoIterator<Item = (Seat, &'a str)>,
        dice: &mut dyn Dice,
    ) -> Option<Tally> {
        let mut game = CantStop::new(&Options::default(), 1, &mut SeededDice::new(0)).ok()?;
        let mut tally = Tally::default();
        let mut events = vec![];
        for (seat, action) in actions {
            events.clear();
            game.apply_events(seat, &action.parse().ok()?, dice, &mut events)
                .ok()?;
            for e in &events {
                tally.see(e);
            }
        }
        Some(tally)
    }

    /// The tally of a stored one-seat log, on its recorded dice.
    pub fn of_log(log: &[LoggedAction]) -> Option<Tally> {
        let mut dice = ScriptedDice::new(log.iter().flat_map(|a| a.dice.iter().copied())).lenient();
        let tally = Self::replay(log.iter().map(|a| (a.seat, a.action.as_str())), &mut dice)?;
        (!dice.overrun() && dice.remaining() == 0).then_some(tally)
    }
}

/// Dice drawn by a log: where a resumed attempt's [`DailyDice`] go on.
pub fn drawn(log: &[LoggedAction]) -> u64 {
    log.iter().map(|a| a.dice.len() as u64).sum()
}

/// The par: the strong bot's attempt on the day's dice (deterministic: its own chance is seeded
/// from the day too).
pub fn par(seed: u64) -> Tally {
    let mut game = CantStop::new(&Options::default(), 1, &mut DailyDice::new(seed))
        .expect("one seat is a Can't Stop game");
    let strong = crate::games::cantstop::bots::strategy(Level::Strong);
    let mut bot_rng = SeededDice::new(seed ^ 0x5EED_B075);
    let mut tally = Tally::default();
    driver::play(
        &mut game,
        &mut DailyDice::new(seed),
        MAX_ACTIONS,
        |g, seat| strong.play(g, seat, &mut bot_rng),
        |_, _, _, events: &[Event]| events.iter().for_each(|e| tally.see(e)),
    )
    .expect("the strong bot finishes a solitaire game");
    tally
}

/// A player's streaks from the days they finished (ascending): the current one (days in a row
/// up to `today`, or up to yesterday while today is still open) and the best.
pub fn streaks(days: &[i64], today: i64) -> (u32, u32) {
    let mut best = 0;
    let mut run = 0;
    let mut last = None;
    for &day in days {
        run = if last == Some(day - 1) { run + 1 } else { 1 };
        best = best.max(run);
        last = Some(day);
    }
    let current = match last {
        Some(day) if day >= today - 1 => run,
        _ => 0,
    };
    (current, best)
}

/// The share line: `Can't Stop daily #12 · 8 turns (par 7) · 🟩🟩🟥…`, no board, no dice.
pub fn share(day: i64, tally: &Tally, par: u32) -> Msg {
    Msg::new("daily-share")
        .arg("day", day)
        .arg("turns", tally.turns())
        .arg("par", par)
        .arg("marks", tally.squares())
}

#[cfg(test)]
mod tests;
