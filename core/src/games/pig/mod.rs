//! Pig, the test game: a tiny dice race that proves a game is its folder and one registry line.
//! On your turn roll a die as often as you like, adding it to the turn's total; a 1 loses the
//! total and ends the turn; Hold banks it. The first to the target wins; alone, the count of
//! turns to the target is the score. Compiled with the `test-game` feature only.

pub mod bots;
mod picture;
mod view;

#[cfg(test)]
mod proptests;
#[cfg(test)]
mod tests;

use crate::engine::{
    Dice, Game, Level, Msg, OptionKind, OptionSpec, Outcome, RuleError, Seat, SetupError, Strategy, Tr, View,
};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

pub const PLAYERS: RangeInclusive<usize> = 1..=4;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// The score that wins.
    pub target: u32,
}

impl Default for Options {
    fn default() -> Self {
        Self { target: 30 }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Roll,
    Hold,
    Resign,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Action::Roll => "roll",
            Action::Hold => "hold",
            Action::Resign => crate::engine::RESIGN,
        })
    }
}

impl FromStr for Action {
    type Err = ();

    fn from_str(s: &str) -> Result<Self, ()> {
        [Action::Roll, Action::Hold, Action::Resign]
            .into_iter()
            .find(|a| a.to_string() == s)
            .ok_or(())
    }
}

/// What an action made happen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    Start { player: Seat },
    Rolled { player: Seat, die: u8 },
    Bust { player: Seat },
    Held { player: Seat, total: u32, score: u32 },
    Resigned { player: Seat },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pig {
    options: Options,
    scores: Vec<u32>,
    playing: Vec<bool>,
    active: Seat,
    /// What the active seat rolled this turn, not yet banked.
    pending: u32,
    /// Turns begun, the first included: a solitaire game's score.
    turns: u32,
    /// The last event, for the picture's die and the board's last line.
    last: Option<Event>,
    outcome: Option<Outcome>,
}

impl Pig {
    pub fn score(&self, seat: Seat) -> u32 {
        self.scores[seat]
    }

    pub fn pending(&self) -> u32 {
        self.pending
    }

    pub fn active(&self) -> Seat {
        self.active
    }

    pub fn target(&self) -> u32 {
        self.options.target
    }

    pub fn players(&self) -> usize {
        self.scores.len()
    }

    pub fn is_playing(&self, seat: Seat) -> bool {
        self.playing.get(seat).copied().unwrap_or(false)
    }

    /// The next seat still playing after the active one; the turn's total is lost.
    fn pass(&mut self) {
        self.pending = 0;
        self.turns += 1;
        let n = self.players();
        self.active = (1..=n)
            .map(|k| (self.active + k) % n)
            .find(|&s| self.playing[s])
            .unwrap_or(self.active);
    }

    fn hold(&mut self, events: &mut Vec<Event>) {
        let player = self.active;
        self.scores[player] += self.pending;
        events.push(Event::Held {
            player,
            total: self.pending,
            score: self.scores[player],
        });
        if self.scores[player] >= self.options.target {
            self.outcome = Some(if self.players() == 1 {
                Outcome::Solitaire { turns: self.turns }
            } else {
                Outcome::Won {
                    winners: vec![player],
                }
            });
        } else {
            self.pass();
        }
    }

    fn resign(&mut self, seat: Seat, events: &mut Vec<Event>) -> Result<(), RuleError> {
        if !self.is_playing(seat) {
            return Err(RuleError::new("pig-not-playing"));
        }
        self.playing[seat] = false;
        events.push(Event::Resigned { player: seat });
        let left: Vec<Seat> = (0..self.players()).filter(|&s| self.playing[s]).collect();
        match left[..] {
            [] => self.outcome = Some(Outcome::NoWinner),
            [winner] if self.players() > 1 => {
                self.outcome = Some(Outcome::Won {
                    winners: vec![winner],
                });
            }
            _ if seat == self.active => self.pass(),
            _ => {}
        }
        Ok(())
    }
}

impl Game for Pig {
    const ID: &'static str = "pig";
    const PLAYERS: RangeInclusive<usize> = PLAYERS;
    const STATE_VERSION: u32 = 1;
    const OPTIONS: &'static [OptionSpec] = &[OptionSpec {
        key: "target",
        kind: OptionKind::Number {
            default: 30,
            min: 10,
            max: 100,
        },
    }];

    type Options = Options;
    type Action = Action;
    type Event = Event;

    fn new(options: &Options, players: usize, dice: &mut dyn Dice) -> Result<Self, SetupError> {
        let active = usize::from(dice.roll(players as u8)) - 1;
        Ok(Self {
            options: options.clone(),
            scores: vec![0; players],
            playing: vec![true; players],
            active,
            pending: 0,
            turns: 1,
            last: Some(Event::Start { player: active }),
            outcome: None,
        })
    }

    fn to_act(&self) -> Vec<Seat> {
        match self.outcome {
            Some(_) => vec![],
            None => vec![self.active],
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if self.outcome.is_some() || seat != self.active {
            return vec![];
        }
        match self.pending {
            0 => vec![Action::Roll],
            _ => vec![Action::Roll, Action::Hold],
        }
    }

    fn apply_events(
        &mut self,
        seat: Seat,
        action: &Action,
        dice: &mut dyn Dice,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if self.outcome.is_some() {
            return Err(RuleError::GameOver);
        }
        let start = events.len();
        match action {
            Action::Resign => self.resign(seat, events)?,
            _ if seat != self.active => return Err(RuleError::NotYourTurn { awaited: self.active }),
            Action::Hold if self.pending == 0 => return Err(RuleError::new("pig-hold-nothing")),
            Action::Hold => self.hold(events),
            Action::Roll => {
                let (player, die) = (self.active, dice.d6());
                if die == 1 {
                    events.push(Event::Bust { player });
                    self.pass();
                } else {
                    self.pending += u32::from(die);
                    events.push(Event::Rolled { player, die });
                }
            }
        }
        self.last = events[start..].last().copied().or(self.last);
        Ok(())
    }

    fn describe(&self, event: &Event) -> Msg {
        match *event {
            Event::Start { player } => Msg::new("pig-log-start").seat("player", player),
            Event::Rolled { player, die } => Msg::new("pig-log-roll").seat("player", player).arg("die", die),
            Event::Bust { player } => Msg::new("pig-log-bust").seat("player", player),
            Event::Held { player, total, score } => Msg::new("pig-log-hold")
                .seat("player", player)
                .arg("total", total)
                .arg("score", score),
            Event::Resigned { player } => Msg::new("pig-log-resign").seat("player", player),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn label(&self, action: &Action, tr: &Tr) -> String {
        match action {
            Action::Roll => tr.t("pig-roll"),
            Action::Hold => tr.f("pig-hold", &[("total", self.pending.into())]),
            Action::Resign => tr.t("pig-resign"),
        }
    }

    fn timeout_action(&self, seat: Seat) -> Option<Action> {
        (seat == self.active && self.pending > 0).then_some(Action::Hold)
    }

    fn view(&self, _viewer: Option<Seat>, _draft: &str, tr: &Tr) -> View {
        view::view(self, tr)
    }

    fn state(&self) -> serde_json::Value {
        serde_json::json!({
            "phase": if self.outcome.is_some() { "over" } else { "roll" },
            "active": self.active,
            "scores": self.scores,
            "pending": self.pending,
            "target": self.options.target,
        })
    }

    fn picture(&self, draft: &str, tr: &Tr) -> Option<crate::engine::picture::Picture> {
        Some(picture::picture(self, draft, tr))
    }

    fn strategy(level: Level) -> Box<dyn Strategy<Self>> {
        bots::strategy(level)
    }
}
