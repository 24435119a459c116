//! Ninja Versus Ninja (Out of the Box): two clans of six ninjas raid each other's dojo. Roll 2d4,
//! move one ninja exactly that far, straight or L-shaped, doubling back once per mission in the
//! enemy dojo; come home within three turns to score the deepest row reached. The contract is
//! `shared/rules/ninja-versus-ninja.md`; section numbers below refer to it. `board.rs` is the
//! geometry and its paths walked once, `squares.rs` the bit sets they are tested against,
//! `position.rs` the moves and their resolution, `view.rs` the board.

pub mod board;
pub mod bots;
mod picture;
pub mod position;
mod squares;
mod view;

#[cfg(test)]
mod proptests;
#[cfg(test)]
mod reference;
#[cfg(test)]
mod tests;

pub use board::{BLACK, Board, RED, Sq};
pub use position::{Mission, Move, Position, Refusal};

use crate::engine::{
    Dice, Game, Level, Msg, OptionKind, OptionSpec, Outcome, RESIGN, RuleError, Seat, SetupError, Strategy,
    Tr, View, keep_recent,
};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

pub const PLAYERS: RangeInclusive<usize> = 2..=2;
/// Points that win (§2, fixed).
pub const TARGET: u32 = 7;
/// Mission turns (§2, fixed).
pub const MISSION_TURNS: u8 = 3;
/// Faces of each of the two dice.
pub const DIE: u8 = 4;
/// Log lines the state keeps for the board.
const LOG_LEN: usize = 6;

/// The host's settings: the board of §2.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    pub width: u8,
    pub dojo_depth: u8,
    pub neutral_depth: u8,
    pub black_start: String,
    /// Empty: Black's squares mirrored.
    pub red_start: String,
    pub points_by_depth: Vec<u32>,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            width: 6,
            dojo_depth: 4,
            neutral_depth: 3,
            black_start: "b1 c1 d1 e1 a2 f2".into(),
            red_start: String::new(),
            points_by_depth: vec![1, 2, 3, 4],
        }
    }
}

impl Options {
    /// The board these options describe, or the first rule of §2 they break.
    pub fn board(&self) -> Result<Board, Msg> {
        if self.points_by_depth.len() != usize::from(self.dojo_depth) {
            return Err(Msg::new("ninja-setup-points")
                .arg("rows", self.dojo_depth)
                .arg("given", self.points_by_depth.len()));
        }
        let mut board = Board::new(
            self.width,
            self.dojo_depth,
            self.neutral_depth,
            self.points_by_depth.clone(),
        );
        board.place(&self.black_start, &self.red_start)?;
        Ok(board)
    }
}

/// What a seat can send.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    Roll,
    Resign,
    /// `c1-c4`: origin and destination as written (checked against the board when applied).
    Move {
        from: (u8, u8),
        to: (u8, u8),
    },
    /// An option by its label (`A`, `AB`), as the page's `move <label>`.
    Label(String),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Roll => f.write_str("roll"),
            Action::Resign => f.write_str(RESIGN),
            Action::Move { from, to } => write!(
                f,
                "{}-{}",
                board::square_name(from.0, from.1),
                board::square_name(to.0, to.1)
            ),
            Action::Label(l) => f.write_str(l),
        }
    }
}

/// An action id that is none of `roll`, `resign`, `c1-c4`, `A`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownAction;

impl FromStr for Action {
    type Err = UnknownAction;

    fn from_str(s: &str) -> Result<Self, UnknownAction> {
        // The rules page's commands too: `move <label>`, `move <from> <to>`.
        if let Some(rest) = s.strip_prefix("move ") {
            let words: Vec<&str> = rest.split_whitespace().collect();
            return match words[..] {
                // Labels are capitals; `move a` means `move A`.
                [label] => label.to_ascii_uppercase().parse(),
                [from, to] => format!("{from}-{to}").parse(),
                _ => Err(UnknownAction),
            };
        }
        match s {
            "roll" => Ok(Action::Roll),
            RESIGN => Ok(Action::Resign),
            _ if (1..=2).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_uppercase()) => {
                Ok(Action::Label(s.to_owned()))
            }
            _ => {
                let (from, to) = s.split_once('-').ok_or(UnknownAction)?;
                let from = board::parse_square(from).ok_or(UnknownAction)?;
                let to = board::parse_square(to).ok_or(UnknownAction)?;
                Ok(Action::Move { from, to })
            }
        }
    }
}

/// The label of the `i`-th option: A…Z, AA, AB, …
pub fn option_label(i: usize) -> String {
    let letter = |k: usize| char::from(b'A' + k as u8);
    if i < 26 {
        letter(i).to_string()
    } else {
        format!("{}{}", letter((i / 26 - 1) % 26), letter(i % 26))
    }
}

/// What happened, as data; [`Game::describe`] words it for the log (square names come from the
/// board, which never changes during a game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// One round of the opening roll: black's and red's two dice.
    Opening {
        black: [u8; 2],
        red: [u8; 2],
    },
    OpeningTie,
    First {
        player: Seat,
    },
    Rolled {
        player: Seat,
        dice: [u8; 2],
    },
    Pass {
        player: Seat,
        total: u8,
    },
    Moved {
        player: Seat,
        from: Sq,
        to: Sq,
    },
    Kill {
        player: Seat,
        square: Sq,
    },
    Home {
        player: Seat,
        points: u32,
        shadow: u8,
        score: u32,
    },
    Mission {
        player: Seat,
        square: Sq,
    },
    WinPoints {
        player: Seat,
        score: u32,
    },
    WinWipeout {
        player: Seat,
    },
    Expired {
        player: Seat,
        square: Sq,
    },
    Resigned {
        player: Seat,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ninja {
    options: Options,
    board: Board,
    position: Position,
    active: Seat,
    /// The active player's dice, once rolled this turn.
    dice: Option<[u8; 2]>,
    /// The last few events, oldest first.
    log: VecDeque<Event>,
    outcome: Option<Outcome>,
}

impl Ninja {
    pub fn options(&self) -> &Options {
        &self.options
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The seat whose turn it is (the last to play once the game is over).
    pub fn active(&self) -> Seat {
        self.active
    }

    pub fn dice(&self) -> Option<[u8; 2]> {
        self.dice
    }

    /// The dice total waiting for a move.
    pub fn steps(&self) -> Option<usize> {
        self.dice.map(|[a, b]| usize::from(a + b))
    }

    pub fn log(&self) -> impl Iterator<Item = Msg> + '_ {
        self.log.iter().map(|e| self.describe(e))
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The moves the dice down allow, labelled in this order (empty before the roll).
    pub fn legal_moves(&self) -> Vec<Move> {
        match (self.steps(), &self.outcome) {
            (Some(n), None) => self.position.moves(&self.board, self.active, n),
            _ => vec![],
        }
    }

    /// The option behind an action (a label or squares), for labels and the board.
    pub fn move_of(&self, action: &Action) -> Option<Move> {
        let moves = self.legal_moves();
        match action {
            Action::Label(l) => moves
                .into_iter()
                .enumerate()
                .find(|(i, _)| option_label(*i) == *l)
                .map(|(_, m)| m),
            Action::Move { from, to } => {
                let from = self.board.at(from.0, from.1)?;
                let to = self.board.at(to.0, to.1)?;
                moves.into_iter().find(|m| m.from == from && m.to == to)
            }
            Action::Roll | Action::Resign => None,
        }
    }

    /// The action id of a move.
    pub fn action_of(&self, mv: &Move) -> Action {
        let square = |sq| (self.board.col(sq), self.board.row(sq));
        Action::Move {
            from: square(mv.from),
            to: square(mv.to),
        }
    }

    /// A position for tests of a rule: the board of `options`, the pieces and missions given.
    #[cfg(test)]
    pub(crate) fn with_position(options: Options, position: Position, active: Seat) -> Self {
        let board = options.board().expect("valid options");
        Self {
            options,
            board,
            position,
            active,
            dice: None,
            log: VecDeque::new(),
            outcome: None,
        }
    }

    #[cfg(test)]
    pub(crate) fn position_mut(&mut self) -> &mut Position {
        &mut self.position
    }

    /// Checks an action against the rules without changing anything (§6, top to bottom).
    fn check(&self, seat: Seat, action: &Action) -> Result<Option<Move>, RuleError> {
        if seat > RED {
            return Err(RuleError::new("rule-not-playing"));
        }
        if self.outcome.is_some() {
            return Err(RuleError::GameOver);
        }
        if *action == Action::Resign {
            return Ok(None);
        }
        if seat != self.active {
            return Err(RuleError::NotYourTurn { awaited: self.active });
        }
        let Some(steps) = self.steps() else {
            return match action {
                Action::Roll => Ok(None),
                _ => Err(RuleError::new("ninja-rule-roll-first")),
            };
        };
        match action {
            Action::Roll | Action::Resign => Err(Msg::new("ninja-rule-rolled").arg("steps", steps).into()),
            Action::Label(l) => {
                let moves = self.legal_moves();
                moves
                    .iter()
                    .enumerate()
                    .find(|(i, _)| option_label(*i) == *l)
                    .map(|(_, m)| Some(*m))
                    .ok_or_else(|| {
                        Msg::new("ninja-rule-no-option")
                            .arg("label", l.as_str())
                            .arg("last", option_label(moves.len().saturating_sub(1)))
                            .into()
                    })
            }
            Action::Move { from, to } => {
                let square = |(col, row): (u8, u8)| {
                    self.board.at(col, row).ok_or_else(|| {
                        RuleError::Refused(
                            Msg::new("ninja-rule-not-a-square").arg("square", board::square_name(col, row)),
                        )
                    })
                };
                let (from, to) = (square(*from)?, square(*to)?);
                self.position
                    .check_move(&self.board, seat, from, to, steps)
                    .map(Some)
                    .map_err(|r| r.message(&self.board, from, to, steps).into())
            }
        }
    }

    fn roll(&mut self, dice: &mut dyn Dice, lines: &mut Vec<Event>) {
        let d = [dice.roll(DIE), dice.roll(DIE)];
        let me = self.active;
        lines.push(Event::Rolled { player: me, dice: d });
        self.dice = Some(d);
        // §3.2: no option means the pass, announced, and the turn ends (the clock still runs).
        if !self.position.has_move(&self.board, me, usize::from(d[0] + d[1])) {
            lines.push(Event::Pass {
                player: me,
                total: d[0] + d[1],
            });
            self.end_turn(lines);
        }
    }

    fn make_move(&mut self, mv: &Move, lines: &mut Vec<Event>) {
        let me = self.active;
        let (from, to) = (mv.from, mv.to);
        let resolved = self.position.play(me, mv);
        lines.push(Event::Moved { player: me, from, to });
        if resolved.killed {
            lines.push(Event::Kill {
                player: me,
                square: to,
            });
        }
        if let Some(points) = resolved.home {
            lines.push(Event::Home {
                player: me,
                points,
                shadow: mv.shadow,
                score: self.position.score[me],
            });
        } else if resolved.started {
            lines.push(Event::Mission {
                player: me,
                square: from,
            });
        }
        // §3.5 before §3.6 (§9.7): a win ends the game before the clock.
        if self.position.score[me] >= TARGET {
            lines.push(Event::WinPoints {
                player: me,
                score: self.position.score[me],
            });
            self.finish(me);
        } else if self.position.ninjas(1 - me) == 0 {
            lines.push(Event::WinWipeout { player: me });
            self.finish(me);
        } else {
            self.end_turn(lines);
        }
    }

    /// §3.6–7: the mission clock, then the loss of the last ninja or the other player's turn.
    fn end_turn(&mut self, lines: &mut Vec<Event>) {
        let me = self.active;
        if let Some(square) = self.position.clock(me) {
            lines.push(Event::Expired { player: me, square });
        }
        if self.position.ninjas(me) == 0 {
            lines.push(Event::WinWipeout { player: 1 - me });
            self.finish(1 - me);
        } else {
            self.active = 1 - me;
            self.dice = None;
        }
    }

    fn finish(&mut self, winner: Seat) {
        self.dice = None;
        self.outcome = Some(Outcome::Won {
            winners: vec![winner],
        });
    }
}

impl Game for Ninja {
    const ID: &'static str = "ninja";
    const PLAYERS: RangeInclusive<usize> = PLAYERS;
    const STATE_VERSION: u32 = 1;
    /// The board of §2, every value configurable.
    const OPTIONS: &'static [OptionSpec] = &[
        OptionSpec {
            key: "width",
            kind: OptionKind::Number {
                default: 6,
                min: 3,
                max: 9,
            },
        },
        OptionSpec {
            key: "dojo_depth",
            kind: OptionKind::Number {
                default: 4,
                min: 1,
                max: 8,
            },
        },
        OptionSpec {
            key: "neutral_depth",
            kind: OptionKind::Number {
                default: 3,
                min: 0,
                max: 9,
            },
        },
        OptionSpec {
            key: "black_start",
            kind: OptionKind::Text {
                default: "b1 c1 d1 e1 a2 f2",
                max_len: 120,
            },
        },
        OptionSpec {
            key: "red_start",
            kind: OptionKind::Text {
                default: "",
                max_len: 120,
            },
        },
        OptionSpec {
            key: "points_by_depth",
            kind: OptionKind::Numbers {
                default: &[1, 2, 3, 4],
                min: 0,
                max: 20,
                max_len: 8,
            },
        },
    ];

    type Options = Options;
    type Action = Action;
    type Event = Event;

    fn new(options: &Options, _players: usize, dice: &mut dyn Dice) -> Result<Self, SetupError> {
        let board = options.board()?;
        let position = Position::new(&board);
        // §2 setup: 2d4 each, higher total moves first, ties reroll.
        let mut log = VecDeque::new();
        let first = loop {
            let b = [dice.roll(DIE), dice.roll(DIE)];
            let r = [dice.roll(DIE), dice.roll(DIE)];
            // Trimmed as it grows (as `keep_recent` below would), so many ties take no memory.
            keep_recent(&mut log, &[Event::Opening { black: b, red: r }], LOG_LEN);
            match (b[0] + b[1]).cmp(&(r[0] + r[1])) {
                std::cmp::Ordering::Greater => break BLACK,
                std::cmp::Ordering::Less => break RED,
                // A replayed record's dice are finite: once they ran out, every roll is filler
                // and would tie for ever. Live dice never run out.
                std::cmp::Ordering::Equal if dice.ran_out() => return Err(SetupError::DiceRanOut),
                std::cmp::Ordering::Equal => keep_recent(&mut log, &[Event::OpeningTie], LOG_LEN),
            }
        };
        keep_recent(&mut log, &[Event::First { player: first }], LOG_LEN);
        Ok(Self {
            options: options.clone(),
            board,
            position,
            active: first,
            dice: None,
            log,
            outcome: None,
        })
    }

    fn to_act(&self) -> Vec<Seat> {
        if self.outcome.is_some() {
            vec![]
        } else {
            vec![self.active]
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if self.outcome.is_some() || seat != self.active {
            return vec![];
        }
        match self.dice {
            None => vec![Action::Roll],
            Some(_) => self.legal_moves().iter().map(|m| self.action_of(m)).collect(),
        }
    }

    fn apply_events(
        &mut self,
        seat: Seat,
        action: &Action,
        dice: &mut dyn Dice,
        lines: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let mv = self.check(seat, action)?;
        let first = lines.len();
        match (action, mv) {
            (Action::Resign, _) => {
                lines.push(Event::Resigned { player: seat });
                self.finish(1 - seat);
            }
            (_, Some(mv)) => self.make_move(&mv, lines),
            _ => self.roll(dice, lines),
        }
        keep_recent(&mut self.log, &lines[first..], LOG_LEN);
        Ok(())
    }

    fn describe(&self, event: &Event) -> Msg {
        let square = |sq| self.board.name(sq);
        match *event {
            Event::Opening { black, red } => Msg::new("ninja-log-opening")
                .seat("black", BLACK)
                .seat("red", RED)
                .arg("b1", black[0])
                .arg("b2", black[1])
                .arg("r1", red[0])
                .arg("r2", red[1]),
            Event::OpeningTie => Msg::new("ninja-log-opening-tie"),
            Event::First { player } => Msg::new("ninja-log-first").seat("player", player),
            Event::Rolled { player, dice } => Msg::new("ninja-log-rolled")
                .seat("player", player)
                .arg("d1", dice[0])
                .arg("d2", dice[1])
                .arg("total", dice[0] + dice[1]),
            Event::Pass { player, total } => Msg::new("ninja-log-pass")
                .seat("player", player)
                .arg("total", total),
            Event::Moved { player, from, to } => Msg::new("ninja-log-moved")
                .seat("player", player)
                .arg("from", square(from))
                .arg("to", square(to)),
            Event::Kill { player, square: sq } => Msg::new("ninja-log-kill")
                .seat("player", player)
                .seat("victim", 1 - player)
                .arg("square", square(sq)),
            Event::Home {
                player,
                points,
                shadow,
                score,
            } => Msg::new("ninja-log-home")
                .seat("player", player)
                .arg("points", points)
                .arg("shadow", shadow)
                .arg("score", score),
            Event::Mission { player, square: sq } => Msg::new("ninja-log-mission")
                .seat("player", player)
                .arg("square", square(sq)),
            Event::WinPoints { player, score } => Msg::new("ninja-log-win-points")
                .seat("player", player)
                .arg("score", score),
            Event::WinWipeout { player } => Msg::new("ninja-log-win-wipeout")
                .seat("player", player)
                .seat("loser", 1 - player),
            Event::Expired { player, square: sq } => Msg::new("ninja-log-expired")
                .seat("player", player)
                .arg("square", square(sq)),
            Event::Resigned { player } => Msg::new("log-resigned").seat("player", player),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn label(&self, action: &Action, tr: &Tr) -> String {
        view::label(self, action, tr)
    }

    /// Out of time: roll if the dice are not down, else the first option (a pass needs no choice).
    fn timeout_action(&self, seat: Seat) -> Option<Action> {
        self.legal_actions(seat).into_iter().next()
    }

    fn state(&self) -> serde_json::Value {
        let squares = |seat| {
            let names: Vec<String> = self
                .position
                .squares_of(seat)
                .map(|sq| self.board.name(sq))
                .collect();
            names
        };
        let missions = self
            .position
            .missions
            .map(|m| m.map(|m| serde_json::json!({ "square": self.board.name(m.square), "turn": m.turn })));
        serde_json::json!({
            "phase": if self.outcome.is_some() { "over" } else if self.dice.is_some() { "move" } else { "roll" },
            "active": self.active,
            "dice": self.dice,
            "width": self.board.width,
            "rows": self.board.rows,
            "ninjas": [squares(0), squares(1)],
            "scores": self.position.score,
            "missions": missions,
        })
    }

    fn opening(&self) -> Vec<Event> {
        self.log.iter().copied().collect()
    }

    fn picture(&self, draft: &str, tr: &Tr) -> Option<crate::engine::picture::Picture> {
        Some(picture::picture(self, draft, tr))
    }

    fn view(&self, _viewer: Option<Seat>, draft: &str, tr: &Tr) -> View {
        view::view(self, draft, tr)
    }

    const COACHED: bool = true;
    const DIE_FACES: u8 = DIE;

    fn hint(&self, seat: Seat) -> Option<Msg> {
        self.to_act()
            .contains(&seat)
            .then(|| bots::coach::hint(self, seat))
    }

    fn weigh(&self, seat: Seat) -> Option<crate::engine::Weighing> {
        bots::coach::weigh(self, seat)
    }

    fn strategy(level: Level) -> Box<dyn Strategy<Self>> {
        bots::strategy(level)
    }
}
