//! Can't Stop (Sid Sackson): roll four dice, pair them into two sums, push runners up the columns
//! of those sums, and stop before a roll you cannot use wipes out the turn. The contract is
//! `shared/rules/cant-stop.md`. This file holds the rules and the read-only API bots use;
//! `view.rs` draws the board.

pub mod bots;
mod event;
mod picture;
mod view;

#[cfg(test)]
mod proptests;
#[cfg(test)]
mod tests;

use crate::engine::{
    Dice, Game, Level, Msg, OptionKind, OptionSpec, Outcome, RuleError, Seat, SetupError, Strategy, Tr, View,
    keep_recent,
};
use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;
use std::sync::OnceLock;

pub use event::Event;

pub const PLAYERS: RangeInclusive<usize> = 1..=4;

/// The columns, named by the sum of two dice.
pub const COLUMNS: RangeInclusive<u8> = 2..=12;
/// Spaces per column, indexed by the column's number (0 and 1 are unused).
pub const HEIGHTS: [u8; 13] = [0, 0, 3, 5, 7, 9, 11, 13, 11, 9, 7, 5, 3];
/// Runners the active player may have on the board at once.
pub const RUNNERS: usize = 3;
/// Claimed columns that win the game.
pub const COLUMNS_TO_WIN: usize = 3;
/// With the `marker_limit` option: the most columns a player may have markers in.
pub const MARKER_LIMIT: usize = 9;
/// Every outcome of four dice.
pub const ROLLS: u32 = 1296;
/// The most distinct moves a roll can offer: three pairings, each both sums or one of two.
pub const MAX_MOVES: usize = 6;
/// How many log lines the state keeps for the board.
const LOG_LEN: usize = 5;

/// The number of spaces in `column` (0 for a number that is not a column).
pub fn height(column: u8) -> u8 {
    HEIGHTS.get(usize::from(column)).copied().unwrap_or(0)
}

/// The three ways to split four dice into two pairs, as the pairs' sums.
pub fn pairings(dice: [u8; 4]) -> [(u8, u8); 3] {
    let [a, b, c, d] = dice;
    [(a + b, c + d), (a + c, b + d), (a + d, b + c)]
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// A player with markers in [`MARKER_LIMIT`] columns may not start a runner in another.
    /// **(decision)** Columns entered by this turn's runners count too: they become markers.
    pub marker_limit: bool,
}

/// What a player does with a roll: the sums of one pairing, applied in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// Both sums of a pairing (smaller first; equal sums advance one runner twice).
    Both(u8, u8),
    /// One sum, when the pairing's other sum cannot be used as well.
    One(u8),
}

impl Move {
    /// Both sums, in the canonical order.
    pub fn both(a: u8, b: u8) -> Self {
        Move::Both(a.min(b), a.max(b))
    }

    /// The columns the move advances, in order.
    pub fn sums(self) -> impl Iterator<Item = u8> {
        match self {
            Move::Both(a, b) => [Some(a), Some(b)],
            Move::One(a) => [Some(a), None],
        }
        .into_iter()
        .flatten()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    Roll,
    Stop,
    Resign,
    Move(Move),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Roll => f.write_str("roll"),
            Action::Stop => f.write_str("stop"),
            Action::Resign => f.write_str(crate::engine::RESIGN),
            Action::Move(Move::Both(a, b)) => write!(f, "m{a}+{b}"),
            Action::Move(Move::One(a)) => write!(f, "m{a}"),
        }
    }
}

/// An action id that is not `roll`, `stop`, `resign`, `m<sum>` or `m<sum>+<sum>` (the `m` optional).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownAction;

impl FromStr for Action {
    type Err = UnknownAction;

    fn from_str(s: &str) -> Result<Self, UnknownAction> {
        let column = |t: &str| {
            t.parse::<u8>()
                .ok()
                .filter(|c| COLUMNS.contains(c) && !t.starts_with('+'))
                .ok_or(UnknownAction)
        };
        match s {
            "roll" => Ok(Action::Roll),
            "stop" => Ok(Action::Stop),
            crate::engine::RESIGN => Ok(Action::Resign),
            _ => {
                // Also the buttons' own notation, as a person types it: `6+10`, `6 + 10`, `5 only`.
                let plain: String = s.split_whitespace().collect();
                let plain = plain.strip_suffix("only").unwrap_or(&plain);
                let sums = plain.strip_prefix('m').unwrap_or(plain);
                let mv = match sums.split_once('+') {
                    Some((a, b)) => Move::both(column(a)?, column(b)?),
                    None => Move::One(column(sums)?),
                };
                Ok(Action::Move(mv))
            }
        }
    }
}

/// Where the turn stands (the state machine of the rules page, §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// The active player must roll.
    TurnStart,
    /// The dice are down and have at least one legal move: the active player chooses one.
    Rolled([u8; 4]),
    /// A move was made: roll again or stop.
    Choosing,
    Over,
}

/// Why a sum cannot be used right now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Block {
    Claimed(Seat),
    Summit,
    NoFreeRunner,
    MarkerLimit,
}

impl Block {
    fn reason(self, column: u8) -> Msg {
        match self {
            Block::Claimed(p) => Msg::new("cantstop-rule-column-claimed")
                .arg("column", column)
                .seat("player", p),
            Block::Summit => Msg::new("cantstop-rule-runner-at-summit").arg("column", column),
            Block::NoFreeRunner => Msg::new("cantstop-rule-no-free-runner").arg("column", column),
            Block::MarkerLimit => Msg::new("cantstop-rule-marker-limit")
                .arg("column", column)
                .arg("limit", MARKER_LIMIT),
        }
    }
}

/// Runner positions by column (0 = no runner there).
type Runners = [u8; 13];

/// A game of Can't Stop. Cheap to clone, so a bot can simulate by cloning and applying actions
/// with [`crate::engine::ScriptedDice`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CantStop {
    options: Options,
    /// Each seat's marker position per column (0 = not on the board).
    markers: Vec<[u8; 13]>,
    claimed: [Option<Seat>; 13],
    runners: Runners,
    active: Seat,
    phase: Phase,
    /// False once a seat has resigned.
    playing: Vec<bool>,
    /// The current turn, counted from 1 over all players.
    turn: u32,
    /// The last few events of the game, oldest first.
    log: VecDeque<Event>,
    outcome: Option<Outcome>,
}

impl CantStop {
    pub fn players(&self) -> usize {
        self.markers.len()
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The seat whose turn it is (the last one to play once the game is over).
    pub fn active(&self) -> Seat {
        self.active
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The dice waiting for a move, if any.
    pub fn dice(&self) -> Option<[u8; 4]> {
        match self.phase {
            Phase::Rolled(d) => Some(d),
            _ => None,
        }
    }

    /// The current turn, counted from 1 over all players.
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// `seat`'s permanent marker in `column` (0 = not on the board).
    pub fn marker(&self, seat: Seat, column: u8) -> u8 {
        self.markers
            .get(seat)
            .and_then(|m| m.get(usize::from(column)))
            .copied()
            .unwrap_or(0)
    }

    /// The active player's runner in `column`, if there is one.
    pub fn runner(&self, column: u8) -> Option<u8> {
        self.runners.get(usize::from(column)).copied().filter(|&p| p > 0)
    }

    /// The runners on the board as (column, position), by column.
    pub fn runners(&self) -> Vec<(u8, u8)> {
        COLUMNS.filter_map(|c| self.runner(c).map(|p| (c, p))).collect()
    }

    pub fn free_runners(&self) -> usize {
        RUNNERS - placed(&self.runners)
    }

    /// The active player's position in `column` this turn: the runner if any, else the marker.
    pub fn progress(&self, column: u8) -> u8 {
        self.runner(column)
            .unwrap_or_else(|| self.marker(self.active, column))
    }

    pub fn claimed_by(&self, column: u8) -> Option<Seat> {
        self.claimed.get(usize::from(column)).copied().flatten()
    }

    /// How many columns `seat` has claimed.
    pub fn claimed_count(&self, seat: Seat) -> usize {
        self.claimed.iter().filter(|c| **c == Some(seat)).count()
    }

    /// Still in the game (not resigned; true for everybody when the game ends normally).
    pub fn is_playing(&self, seat: Seat) -> bool {
        self.playing.get(seat).copied().unwrap_or(false)
    }

    /// The last few log lines, oldest first.
    pub fn log(&self) -> impl Iterator<Item = Msg> + '_ {
        self.log.iter().map(|e| e.describe())
    }

    /// The moves the waiting roll allows (empty unless the phase is [`Phase::Rolled`]).
    pub fn legal_moves(&self) -> Vec<Move> {
        self.moves().to_vec()
    }

    /// [`CantStop::legal_moves`] without allocating, for playouts and bots' simulations.
    pub fn moves(&self) -> ArrayVec<Move, MAX_MOVES> {
        self.dice().map_or_else(ArrayVec::new, |d| self.roll_moves(d))
    }

    /// [`Game::legal_actions`] without allocating, for playouts and bots' simulations.
    pub fn actions(&self, seat: Seat) -> ArrayVec<Action, MAX_MOVES> {
        let mut actions = ArrayVec::new();
        if self.outcome.is_none() && seat == self.active {
            match self.phase {
                Phase::TurnStart => actions.push(Action::Roll),
                Phase::Rolled(d) => actions.extend(self.roll_moves(d).into_iter().map(Action::Move)),
                Phase::Choosing => actions.extend([Action::Roll, Action::Stop]),
                Phase::Over => {}
            }
        }
        actions
    }

    /// The moves the active player would have for `dice` with the runners as they stand,
    /// each distinct move once, in pairing order. Empty means that roll busts.
    pub fn moves_for_roll(&self, dice: [u8; 4]) -> Vec<Move> {
        self.roll_moves(dice).to_vec()
    }

    /// [`CantStop::moves_for_roll`] without allocating, for the rules' own hot path.
    fn roll_moves(&self, dice: [u8; 4]) -> ArrayVec<Move, MAX_MOVES> {
        let mut moves = ArrayVec::new();
        let placed = placed(&self.runners);
        for (x, y) in pairings(dice) {
            self.pairing_moves(x, y, placed, |mv| {
                if !moves.contains(&mv) {
                    moves.push(mv);
                }
            });
        }
        moves
    }

    /// The moves one pairing offers with `placed` runners out, each given to `found`: both
    /// sums (smaller first), or else each sum usable alone (rule d: a single sum only when the
    /// pairing cannot use both, in either order).
    #[inline]
    fn pairing_moves(&self, x: u8, y: u8, placed: usize, mut found: impl FnMut(Move)) {
        let (a, b) = (x.min(y), x.max(y));
        if self.blocked(&self.runners, placed, a).is_none() {
            let mut runners = self.runners;
            let after = placed + usize::from(runners[usize::from(a)] == 0);
            self.advance(&mut runners, a);
            if self.blocked(&runners, after, b).is_none() {
                return found(Move::Both(a, b));
            }
            found(Move::One(a));
        }
        if a != b && self.blocked(&self.runners, placed, b).is_none() {
            found(Move::One(b));
        }
    }

    /// Does the waiting roll `dice` allow `mv`? Only the pairings that offer its sums are tried,
    /// so checking a move costs less than listing them all.
    fn allows(&self, dice: [u8; 4], mv: Move) -> bool {
        let placed = placed(&self.runners);
        let mut allowed = false;
        for (x, y) in pairings(dice) {
            let offered = match mv {
                Move::Both(a, b) => (x.min(y), x.max(y)) == (a, b),
                Move::One(a) => x == a || y == a,
            };
            if offered {
                self.pairing_moves(x, y, placed, |m| allowed |= m == mv);
            }
        }
        allowed
    }

    /// Does `dice` leave no move? Exactly when none of its sums is usable by itself: using one
    /// sum never makes another usable.
    fn busts(&self, dice: [u8; 4]) -> bool {
        let placed = placed(&self.runners);
        let unusable = |s| self.blocked(&self.runners, placed, s).is_some();
        pairings(dice).iter().all(|&(x, y)| unusable(x) && unusable(y))
    }

    /// Is `column` usable by itself now (rules §4.3)?
    pub fn is_usable(&self, column: u8) -> bool {
        COLUMNS.contains(&column)
            && self
                .blocked(&self.runners, placed(&self.runners), column)
                .is_none()
    }

    /// How many of the [`ROLLS`] possible rolls would bust if the active player rolled now.
    pub fn bust_rolls(&self) -> u32 {
        let usable = COLUMNS
            .filter(|&c| self.is_usable(c))
            .fold(0usize, |m, c| m | 1 << (c - 2));
        bust_table()[usable].into()
    }

    /// The exact chance that rolling now busts, given the runners and the board.
    pub fn bust_probability(&self) -> f64 {
        f64::from(self.bust_rolls()) / f64::from(ROLLS)
    }

    /// Why `column` is not usable with `runners`, `placed` of them on the board. The caller
    /// counts `placed` once per roll: this is asked several times per roll on the playout path.
    #[inline]
    fn blocked(&self, runners: &Runners, placed: usize, column: u8) -> Option<Block> {
        let c = usize::from(column);
        if let Some(p) = self.claimed[c] {
            return Some(Block::Claimed(p));
        }
        if runners[c] > 0 {
            return (runners[c] >= HEIGHTS[c]).then_some(Block::Summit);
        }
        if placed >= RUNNERS {
            return Some(Block::NoFreeRunner);
        }
        let own = &self.markers[self.active];
        if self.options.marker_limit && own[c] == 0 {
            let in_use = COLUMNS
                .filter(|&k| own[usize::from(k)] > 0 || runners[usize::from(k)] > 0)
                .count();
            if in_use >= MARKER_LIMIT {
                return Some(Block::MarkerLimit);
            }
        }
        None
    }

    /// Places a runner just above the player's marker, or moves it up one space.
    #[inline]
    fn advance(&self, runners: &mut Runners, column: u8) {
        let c = usize::from(column);
        runners[c] = if runners[c] == 0 {
            self.markers[self.active][c] + 1
        } else {
            runners[c] + 1
        };
    }

    /// Why `mv` is not legal for the waiting roll `dice`, as precisely as the rules allow.
    fn why_illegal(&self, dice: [u8; 4], mv: Move) -> Msg {
        let offered = pairings(dice).iter().any(|&(x, y)| match mv {
            Move::Both(a, b) => (x.min(y), x.max(y)) == (a, b),
            Move::One(a) => x == a || y == a,
        });
        if !offered {
            return Msg::new("cantstop-rule-not-in-roll")
                .arg("d1", dice[0])
                .arg("d2", dice[1])
                .arg("d3", dice[2])
                .arg("d4", dice[3]);
        }
        let mut runners = self.runners;
        for s in mv.sums() {
            if let Some(block) = self.blocked(&runners, placed(&runners), s) {
                return block.reason(s);
            }
            self.advance(&mut runners, s);
        }
        // Every sum is usable, so this is a single sum whose pairing could use both.
        let other = pairings(dice)
            .iter()
            .find_map(|&(x, y)| match mv {
                Move::One(a) if x == a => Some(y),
                Move::One(a) if y == a => Some(x),
                _ => None,
            })
            .unwrap_or_default();
        let first = mv.sums().next().unwrap_or_default();
        Msg::new("cantstop-rule-use-both")
            .arg("a", first.min(other))
            .arg("b", first.max(other))
    }

    /// Checks an action against the rules without changing anything.
    fn check(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        if self.outcome.is_some() {
            return Err(RuleError::GameOver);
        }
        if !self.is_playing(seat) {
            return Err(RuleError::new("rule-not-playing"));
        }
        if *action == Action::Resign {
            return Ok(());
        }
        if seat != self.active {
            return Err(RuleError::NotYourTurn { awaited: self.active });
        }
        match (action, self.phase) {
            (Action::Roll | Action::Stop, Phase::Rolled(_)) => {
                Err(RuleError::new("cantstop-rule-choose-move-first"))
            }
            (Action::Stop, Phase::TurnStart) => Err(RuleError::new("cantstop-rule-stop-no-progress")),
            (Action::Move(_), Phase::TurnStart | Phase::Choosing) => {
                Err(RuleError::new("cantstop-rule-roll-first"))
            }
            (Action::Move(mv), Phase::Rolled(dice)) if !self.allows(dice, *mv) => {
                Err(self.why_illegal(dice, *mv).into())
            }
            _ => Ok(()),
        }
    }

    fn next_playing_seat(&self) -> Seat {
        let n = self.players();
        (1..=n)
            .map(|i| (self.active + i) % n)
            .find(|&s| self.playing[s])
            .unwrap_or(self.active)
    }

    /// Runners come off the board and the next player still in the game starts a turn.
    fn end_turn(&mut self) {
        self.runners = [0; 13];
        self.active = self.next_playing_seat();
        self.turn += 1;
        self.phase = Phase::TurnStart;
    }

    fn finish(&mut self, outcome: Outcome) {
        self.runners = [0; 13];
        self.phase = Phase::Over;
        self.outcome = Some(outcome);
    }

    fn roll(&mut self, dice: &mut dyn Dice, events: &mut Vec<Event>) {
        let d = [dice.d6(), dice.d6(), dice.d6(), dice.d6()];
        let player = self.active;
        events.push(Event::Rolled { player, dice: d });
        if self.busts(d) {
            events.push(Event::Bust { player });
            self.end_turn();
        } else {
            self.phase = Phase::Rolled(d);
        }
    }

    fn make_move(&mut self, mv: Move, events: &mut Vec<Event>) {
        let mut runners = self.runners;
        for s in mv.sums() {
            self.advance(&mut runners, s);
        }
        self.runners = runners;
        events.push(Event::Moved {
            player: self.active,
            mv,
        });
        self.phase = Phase::Choosing;
    }

    /// Runners become markers; a runner at the summit claims its column.
    fn stop(&mut self, events: &mut Vec<Event>) {
        let me = self.active;
        events.push(Event::Stopped { player: me });
        for column in COLUMNS {
            let c = usize::from(column);
            if self.runners[c] == 0 {
                continue;
            }
            self.markers[me][c] = self.runners[c];
            if self.runners[c] == HEIGHTS[c] {
                self.claimed[c] = Some(me);
                for (seat, markers) in self.markers.iter_mut().enumerate() {
                    if seat != me {
                        markers[c] = 0;
                    }
                }
                events.push(Event::Claimed { player: me, column });
            }
        }
        if self.claimed_count(me) >= COLUMNS_TO_WIN {
            self.finish(if self.players() == 1 {
                Outcome::Solitaire { turns: self.turn }
            } else {
                Outcome::Won { winners: vec![me] }
            });
        } else {
            self.end_turn();
        }
    }

    /// **(decision)** A resigned player's markers leave the board, claimed summits included,
    /// so those columns are open again.
    fn resign(&mut self, seat: Seat, events: &mut Vec<Event>) {
        events.push(Event::Resigned { player: seat });
        self.playing[seat] = false;
        self.markers[seat] = [0; 13];
        for claim in &mut self.claimed {
            if *claim == Some(seat) {
                *claim = None;
            }
        }
        let left: Vec<Seat> = (0..self.players()).filter(|&s| self.playing[s]).collect();
        if self.players() == 1 {
            self.finish(Outcome::NoWinner);
        } else if let [winner] = left[..] {
            self.finish(Outcome::Won {
                winners: vec![winner],
            });
        } else if seat == self.active {
            self.end_turn();
        }
    }
}

#[inline]
fn placed(runners: &Runners) -> usize {
    runners.iter().fold(0, |n, &p| n + usize::from(p > 0))
}

/// For every set of usable columns (bit `column - 2`), how many rolls use none of them. A roll
/// busts exactly when none of its six pair sums is usable by itself: using one sum never makes
/// another usable.
fn bust_table() -> &'static [u16; 2048] {
    static TABLE: OnceLock<[u16; 2048]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut roll_sums = Vec::with_capacity(ROLLS as usize);
        for n in 0..ROLLS {
            let die = |k: u32| (n / 6u32.pow(k) % 6 + 1) as u8;
            let mask = pairings([die(0), die(1), die(2), die(3)])
                .iter()
                .fold(0usize, |m, &(x, y)| m | 1 << (x - 2) | 1 << (y - 2));
            roll_sums.push(mask);
        }
        let mut table = [0u16; 2048];
        for (usable, busts) in table.iter_mut().enumerate() {
            *busts = roll_sums.iter().filter(|&&m| m & usable == 0).count() as u16;
        }
        table
    })
}

impl Game for CantStop {
    const ID: &'static str = "cantstop";
    const PLAYERS: RangeInclusive<usize> = PLAYERS;
    const STATE_VERSION: u32 = 1;
    const OPTIONS: &'static [OptionSpec] = &[OptionSpec {
        key: "marker_limit",
        kind: OptionKind::Switch { default: false },
    }];

    type Options = Options;
    type Action = Action;
    type Event = Event;

    fn new(options: &Options, players: usize, dice: &mut dyn Dice) -> Result<Self, SetupError> {
        // The bot draws the start player (this replaces each player rolling two dice).
        let active = usize::from(dice.roll(players as u8)) - 1;
        Ok(Self {
            options: options.clone(),
            markers: vec![[0; 13]; players],
            claimed: [None; 13],
            runners: [0; 13],
            active,
            phase: Phase::TurnStart,
            playing: vec![true; players],
            turn: 1,
            log: VecDeque::with_capacity(LOG_LEN + 1),
            outcome: None,
        })
    }

    fn to_act(&self) -> Vec<Seat> {
        self.first_to_act().into_iter().collect()
    }

    fn first_to_act(&self) -> Option<Seat> {
        self.outcome.is_none().then_some(self.active)
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        self.actions(seat).to_vec()
    }

    fn apply_events(
        &mut self,
        seat: Seat,
        action: &Action,
        dice: &mut dyn Dice,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        self.check(seat, action)?;
        let first = events.len();
        match *action {
            Action::Roll => self.roll(dice, events),
            Action::Move(mv) => self.make_move(mv, events),
            Action::Stop => self.stop(events),
            Action::Resign => self.resign(seat, events),
        }
        keep_recent(&mut self.log, &events[first..], LOG_LEN);
        Ok(())
    }

    fn describe(&self, event: &Event) -> Msg {
        event.describe()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn label(&self, action: &Action, tr: &Tr) -> String {
        view::label(action, tr)
    }

    /// A player out of time stops, keeping the turn's progress; with dice down, the first move.
    fn timeout_action(&self, seat: Seat) -> Option<Action> {
        let actions = self.legal_actions(seat);
        actions
            .iter()
            .find(|a| **a == Action::Stop)
            .or_else(|| actions.iter().find(|a| matches!(a, Action::Move(_))))
            .or_else(|| actions.first())
            .copied()
    }

    fn view(&self, viewer: Option<Seat>, _draft: &str, tr: &Tr) -> View {
        view::view(self, viewer, tr)
    }

    fn state(&self) -> serde_json::Value {
        let (phase, dice) = match self.phase {
            Phase::TurnStart => ("roll", None),
            Phase::Rolled(dice) => ("choose", Some(dice)),
            Phase::Choosing => ("continue", None),
            Phase::Over => ("over", None),
        };
        // Columns 2–12 as lists indexed from column 2.
        let columns = |row: &[u8; 13]| row[2..].to_vec();
        serde_json::json!({
            "phase": phase,
            "active": self.active,
            "turn": self.turn,
            "dice": dice,
            "markers": self.markers.iter().map(columns).collect::<Vec<_>>(),
            "runners": columns(&self.runners),
            "claimed": self.claimed[2..],
            "playing": self.playing,
        })
    }

    fn opening(&self) -> Vec<Event> {
        // Alone (the solitaire game) there is no start player to draw.
        let drawn = self.markers.len() > 1 && self.turn == 1 && self.log.is_empty();
        if drawn {
            vec![Event::Start { player: self.active }]
        } else {
            vec![]
        }
    }

    fn picture(&self, draft: &str, tr: &Tr) -> Option<crate::engine::picture::Picture> {
        Some(picture::picture(self, draft, tr))
    }

    fn strategy(level: Level) -> Box<dyn Strategy<Self>> {
        bots::strategy(level)
    }

    const COACHED: bool = true;

    fn hint(&self, seat: Seat) -> Option<Msg> {
        (seat == self.active && self.outcome.is_none()).then(|| bots::coach::hint(self))
    }

    fn weigh(&self, seat: Seat) -> Option<crate::engine::Weighing> {
        (seat == self.active && self.outcome.is_none())
            .then(|| bots::coach::weigh(self))
            .flatten()
    }
}
