//! Ishigaki Race (いしがき・れえす): ninjas race up a castle wall. Roll one die, then stop or risk a
//! second: higher climbs further, lower slips, doubles knock the highest ninjas down. The contract is
//! `shared/rules/ishigaki-race.md`; section numbers below refer to it.

pub mod bots;
mod event;
mod picture;
mod rules;
mod view;

#[cfg(test)]
mod proptests;
#[cfg(test)]
mod tests;

use crate::engine::{
    Dice, Game, Level, Msg, OptionKind, OptionSpec, Outcome, RESIGN, RuleError, Seat, SetupError, Strategy,
    Tr, View,
};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

pub use event::Event;

pub const PLAYERS: RangeInclusive<usize> = 2..=4;

/// The printed board's size and -2 squares were lost with the sheet's pictures; these are the
/// reconstruction of §2.
pub const DEFAULT_GOAL: u8 = 20;
pub const DEFAULT_MINUS_TWO: [u8; 4] = [5, 9, 13, 17];

/// The host's settings: the crumbling-wall option (§5) and the board (§2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    pub crumbling: bool,
    pub goal: u8,
    pub minus_two: Vec<u8>,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            crumbling: false,
            goal: DEFAULT_GOAL,
            minus_two: DEFAULT_MINUS_TWO.to_vec(),
        }
    }
}

impl Options {
    /// The first board rule of §2 this board breaks.
    pub fn check(&self) -> Result<(), Msg> {
        if self.goal < 1 {
            return Err(Msg::new("ishigaki-setup-goal"));
        }
        if let Some(&s) = self.minus_two.iter().find(|&&s| s == 0 || s >= self.goal) {
            return Err(Msg::new("ishigaki-setup-minus-two-range")
                .arg("square", s)
                .arg("goal", self.goal));
        }
        let mut sorted = self.minus_two.clone();
        sorted.sort_unstable();
        for pair in sorted.windows(2) {
            if pair[0] == pair[1] {
                return Err(Msg::new("ishigaki-setup-minus-two-twice").arg("square", pair[0]));
            }
            if pair[1] - pair[0] < 3 {
                return Err(Msg::new("ishigaki-setup-minus-two-close")
                    .arg("low", pair[0])
                    .arg("high", pair[1]));
            }
        }
        Ok(())
    }

    /// Is `square` a -2 square in play (the option on)?
    pub fn is_minus_two(&self, square: u8) -> bool {
        self.crumbling && self.minus_two.contains(&square)
    }

    /// Where a ninja that ended a move on `square` stays (§5: once, never below 0).
    pub fn crumble(&self, square: u8) -> u8 {
        if self.is_minus_two(square) {
            square.saturating_sub(2)
        } else {
            square
        }
    }
}

/// The climb table of §4: `x` is die 1 alone, or the sum when die 2 is higher.
pub fn climb(x: u8) -> u8 {
    match x {
        0..=3 => 1,
        4..=6 => 2,
        7 | 8 => 3,
        9 => 4,
        10 => 5,
        _ => 6,
    }
}

/// What the dice of a race turn do (§4): `d2` is `None` when the player stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Roll {
    Climb(u8),
    Slip,
    Doubles,
}

impl Roll {
    pub fn of(d1: u8, d2: Option<u8>) -> Self {
        match d2 {
            None => Roll::Climb(climb(d1)),
            Some(d2) if d2 > d1 => Roll::Climb(climb(d1 + d2)),
            Some(d2) if d2 < d1 => Roll::Slip,
            Some(_) => Roll::Doubles,
        }
    }
}

/// A roll-off value (§6): the dice themselves, 0 when die 2 is lower.
pub fn rolloff_value(d1: u8, d2: Option<u8>) -> u8 {
    match d2 {
        None => d1,
        Some(d2) if d2 < d1 => 0,
        Some(d2) => d1 + d2,
    }
}

/// One ninja moved by a turn: from, the square the move reached, and where it stays after crumbling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub seat: Seat,
    pub from: u8,
    pub reached: u8,
    pub to: u8,
}

/// Everything a race turn's dice do to the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Effect {
    pub roll: Roll,
    /// The mover after a climb or slip; every member of the highest set after doubles.
    pub moves: Vec<Move>,
    /// The mover's climb ended on the goal.
    pub arrives: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    Race,
    /// Seats still owed their one last turn, in playing order (the active one first).
    FinalRound {
        to_play: Vec<Seat>,
    },
    RollOff(RollOff),
    Over {
        winner: Seat,
    },
}

/// A roll-off in progress (§6).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollOff {
    pub round: u32,
    /// This round's contenders in rolling order: latest arrival first.
    pub order: Vec<Seat>,
    /// The values rolled so far this round, one per contender in `order`.
    pub values: Vec<u8>,
    /// Contenders who lost a tie-break, with the value that put them out.
    pub out: Vec<(Seat, u8)>,
}

impl RollOff {
    /// Whose roll it is.
    pub fn roller(&self) -> Seat {
        self.order[self.values.len()]
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Roll,
    Stop,
    RollDie2,
    Resign,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(match self {
            Action::Roll => "roll",
            Action::Stop => "stop",
            Action::RollDie2 => "die2",
            Action::Resign => RESIGN,
        })
    }
}

impl FromStr for Action {
    type Err = ();

    fn from_str(s: &str) -> Result<Self, ()> {
        match s {
            "roll" => Ok(Action::Roll),
            "stop" => Ok(Action::Stop),
            "die2" => Ok(Action::RollDie2),
            RESIGN => Ok(Action::Resign),
            _ => Err(()),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ishigaki {
    options: Options,
    squares: Vec<u8>,
    resigned: Vec<bool>,
    /// The goal group in arrival order.
    arrivals: Vec<Seat>,
    phase: Phase,
    /// Whose turn (or roll-off roll) it is.
    active: Seat,
    die1: Option<u8>,
    /// Whose turn or roll ended last, to tell a late click on an old prompt from a wrong seat.
    last_mover: Option<Seat>,
    /// The previous turn's events and the current turn's.
    log: Vec<Event>,
    turn_start: usize,
}

impl Ishigaki {
    pub fn options(&self) -> &Options {
        &self.options
    }

    pub fn players(&self) -> usize {
        self.squares.len()
    }

    pub fn square(&self, seat: Seat) -> u8 {
        self.squares[seat]
    }

    /// Still playing (not resigned).
    pub fn in_game(&self, seat: Seat) -> bool {
        !self.resigned[seat]
    }

    /// The goal group in arrival order.
    pub fn arrivals(&self) -> &[Seat] {
        &self.arrivals
    }

    pub fn at_goal(&self, seat: Seat) -> bool {
        self.arrivals.contains(&seat)
    }

    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// Whose turn or roll-off roll it is (meaningless once the game is over).
    pub fn active(&self) -> Seat {
        self.active
    }

    /// Die 1 of the turn in progress, once rolled.
    pub fn die1(&self) -> Option<u8> {
        self.die1
    }

    /// The previous turn's log lines and the current turn's.
    pub fn log(&self) -> impl Iterator<Item = Msg> + '_ {
        self.log.iter().map(|e| e.describe())
    }

    /// The ninjas still racing: in the game and not at the goal.
    fn racing(&self, seat: Seat) -> bool {
        self.in_game(seat) && !self.at_goal(seat)
    }

    /// What `mover`'s dice would do to the board now (§4–5), without changing it.
    pub fn effect(&self, mover: Seat, d1: u8, d2: Option<u8>) -> Effect {
        let roll = Roll::of(d1, d2);
        let goal = self.options.goal;
        let step = |seat: Seat, reached: u8| Move {
            seat,
            from: self.squares[seat],
            reached,
            to: self.options.crumble(reached),
        };
        let from = self.squares[mover];
        match roll {
            Roll::Climb(n) => {
                let reached = from.saturating_add(n).min(goal);
                Effect {
                    roll,
                    moves: vec![step(mover, reached)],
                    arrives: reached == goal,
                }
            }
            Roll::Slip => Effect {
                roll,
                moves: vec![step(mover, from.saturating_sub(1))],
                arrives: false,
            },
            Roll::Doubles => {
                let top = (0..self.players())
                    .filter(|&s| self.racing(s))
                    .map(|s| self.squares[s])
                    .max()
                    .unwrap_or(0);
                let moves = (0..self.players())
                    .filter(|&s| self.racing(s) && self.squares[s] == top)
                    .map(|s| step(s, top.saturating_sub(3)))
                    .collect();
                Effect {
                    roll,
                    moves,
                    arrives: false,
                }
            }
        }
    }

    /// The next seat in seating order still playing.
    fn next_seat(&self, after: Seat) -> Seat {
        let n = self.players();
        (1..=n)
            .map(|k| (after + k) % n)
            .find(|&s| self.in_game(s))
            .unwrap_or(after)
    }

    fn check(&self, seat: Seat, action: Action) -> Result<(), RuleError> {
        if seat >= self.players() || self.resigned[seat] {
            return Err(RuleError::new("rule-not-playing"));
        }
        if let Phase::Over { winner } = self.phase {
            return Err(Msg::new("ishigaki-game-over").seat("player", winner).into());
        }
        if action == Action::Resign {
            return Ok(());
        }
        if seat != self.active {
            if action != Action::Roll && self.last_mover == Some(seat) {
                return Err(RuleError::new("ishigaki-turn-over"));
            }
            let id = match self.phase {
                Phase::RollOff(_) => "ishigaki-not-your-roll",
                _ => "rule-not-your-turn",
            };
            return Err(Msg::new(id).seat("player", self.active).into());
        }
        match (self.die1, action) {
            (None, Action::Stop | Action::RollDie2) => Err(RuleError::new("ishigaki-roll-first")),
            (Some(d1), Action::Roll) => Err(Msg::new("ishigaki-choose").arg("die", d1).into()),
            _ => Ok(()),
        }
    }
}

impl Game for Ishigaki {
    const ID: &'static str = "ishigaki";
    const PLAYERS: RangeInclusive<usize> = PLAYERS;
    const STATE_VERSION: u32 = 1;
    // Older than the shared message, and naming the game; kept as players have seen it.
    const SEATS_REFUSED: &'static str = "ishigaki-setup-players";
    /// The board (§2) is configurable too: its goal and -2 squares.
    const OPTIONS: &'static [OptionSpec] = &[
        OptionSpec {
            key: "crumbling",
            kind: OptionKind::Switch { default: false },
        },
        OptionSpec {
            key: "goal",
            kind: OptionKind::Number {
                default: DEFAULT_GOAL as i64,
                min: 4,
                max: 60,
            },
        },
        OptionSpec {
            key: "minus_two",
            kind: OptionKind::Numbers {
                default: &[5, 9, 13, 17],
                min: 1,
                max: 59,
                max_len: 15,
            },
        },
    ];

    type Options = Options;
    type Action = Action;
    type Event = Event;

    fn new(options: &Options, players: usize, dice: &mut dyn Dice) -> Result<Self, SetupError> {
        options.check()?;
        let start = usize::from(dice.roll(players as u8)) - 1;
        Ok(Self {
            options: options.clone(),
            squares: vec![0; players],
            resigned: vec![false; players],
            arrivals: vec![],
            phase: Phase::Race,
            active: start,
            die1: None,
            last_mover: None,
            log: vec![Event::Start { player: start }],
            turn_start: 0,
        })
    }

    fn to_act(&self) -> Vec<Seat> {
        match self.phase {
            Phase::Over { .. } => vec![],
            _ => vec![self.active],
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if matches!(self.phase, Phase::Over { .. }) || seat != self.active {
            return vec![];
        }
        match self.die1 {
            None => vec![Action::Roll],
            Some(_) => vec![Action::Stop, Action::RollDie2],
        }
    }

    fn apply_events(
        &mut self,
        seat: Seat,
        action: &Action,
        dice: &mut dyn Dice,
        lines: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        self.check(seat, *action)?;
        let first = lines.len();
        match action {
            Action::Resign => self.resign(seat, lines),
            Action::Roll => self.roll_die1(dice, lines),
            Action::Stop | Action::RollDie2 => {
                let Some(d1) = self.die1.take() else {
                    return Err(RuleError::new("ishigaki-roll-first"));
                };
                let d2 = (*action == Action::RollDie2).then(|| dice.d6());
                if matches!(self.phase, Phase::RollOff(_)) {
                    self.finish_rolloff_roll(d1, d2, lines);
                } else {
                    self.finish_turn(d1, d2, lines);
                }
            }
        }
        self.log.extend_from_slice(&lines[first..]);
        Ok(())
    }

    fn describe(&self, event: &Event) -> Msg {
        event.describe()
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.phase {
            Phase::Over { winner } => Some(Outcome::Won {
                winners: vec![winner],
            }),
            _ => None,
        }
    }

    fn label(&self, action: &Action, tr: &Tr) -> String {
        match (action, self.die1, &self.phase) {
            (Action::Roll, ..) => tr.t("ishigaki-roll"),
            (Action::Stop, Some(d1), Phase::RollOff(_)) => {
                tr.f("ishigaki-stop-value", &[("value", d1.into())])
            }
            (Action::Stop, Some(d1), _) => tr.f("ishigaki-stop-climb", &[("climb", climb(d1).into())]),
            (Action::Stop, None, _) => tr.t("ishigaki-stop"),
            (Action::RollDie2, ..) => tr.t("ishigaki-die2"),
            (Action::Resign, ..) => tr.t("ishigaki-resign"),
        }
    }

    /// A player out of time stops: the safe climb of the die rolled, or the roll's end.
    fn timeout_action(&self, seat: Seat) -> Option<Action> {
        let actions = self.legal_actions(seat);
        [Action::Stop, Action::Roll]
            .into_iter()
            .find(|a| actions.contains(a))
    }

    /// Everyone sees the same board: the dice and the odds are public.
    fn view(&self, _viewer: Option<Seat>, _draft: &str, tr: &Tr) -> View {
        view::render(self, tr)
    }

    fn state(&self) -> serde_json::Value {
        let phase = match &self.phase {
            Phase::Race => "race",
            Phase::FinalRound { .. } => "final_round",
            Phase::RollOff(_) => "roll_off",
            Phase::Over { .. } => "over",
        };
        serde_json::json!({
            "phase": phase,
            "active": self.active,
            "squares": self.squares,
            "goal": self.options.goal,
            "die1": self.die1,
            "arrivals": self.arrivals,
            "resigned": self.resigned,
        })
    }

    fn opening(&self) -> Vec<Event> {
        // The start player, drawn at set-up, is the log's first line.
        self.log
            .iter()
            .take(1)
            .filter(|e| matches!(e, Event::Start { .. }))
            .copied()
            .collect()
    }

    fn picture(&self, draft: &str, tr: &Tr) -> Option<crate::engine::picture::Picture> {
        Some(picture::picture(self, draft, tr))
    }

    fn strategy(level: Level) -> Box<dyn Strategy<Self>> {
        Box::new(bots::IshigakiBot::new(level))
    }

    const COACHED: bool = true;

    fn hint(&self, seat: Seat) -> Option<Msg> {
        (seat == self.active && !matches!(self.phase, Phase::Over { .. })).then(|| bots::hint(self))
    }

    fn weigh(&self, seat: Seat) -> Option<crate::engine::Weighing> {
        (seat == self.active).then(|| bots::weigh(self)).flatten()
    }
}
