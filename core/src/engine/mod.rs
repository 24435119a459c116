//! The engine layer: the one [`Game`] interface every game implements, and what games share —
//! dice sources, seats, outcomes, rule errors, the platform-neutral [`View`] and the message
//! catalogue. Nothing here knows Discord, async, the clock or the OS RNG.

pub mod animation;
pub mod bot;
pub mod coach;
#[cfg(test)]
pub mod conformance;
pub mod day;
pub mod dice;
pub mod driver;
pub mod error;
pub mod frame;
pub mod glyphs;
pub mod legend;
pub mod options;
pub mod picture;
pub mod puzzle;
pub mod rollout;
pub mod sieve;
pub mod steps;
#[cfg(test)]
pub mod testing;
pub mod text;
pub mod view;
pub mod width;

pub use bot::{Bot, Level, Strategy};
pub use coach::{Measure, Weighing};
pub use dice::{Dice, RecordingDice, ScriptedDice, SeededDice};
pub use error::{RestoreError, RuleError, SetupError};
pub use options::{OptionKind, OptionSpec};
pub use text::{Arg, Locale, Msg, Tr, keep_recent};
pub use view::{Button, Field, Row, Select, SelectOption, Style, View};

use serde::{Deserialize, Serialize, de::DeserializeOwned};
use std::any::Any;
use std::fmt::{Debug, Display};
use std::marker::PhantomData;
use std::ops::RangeInclusive;
use std::str::FromStr;

/// A player's place in a game, 0-based in seating order.
pub type Seat = usize;

/// Every game understands this action id from any seat that is still playing.
pub const RESIGN: &str = "resign";

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The winners (several for a shared win).
    Won { winners: Vec<Seat> },
    /// A one-player game's result: how many turns it took.
    Solitaire { turns: u32 },
    /// Everybody resigned; nobody won.
    NoWinner,
}

impl Outcome {
    /// The outcome as one line, e.g. "🏆 ann wins!".
    pub fn describe(&self, tr: &Tr) -> String {
        match self {
            Outcome::Won { winners } if winners.len() == 1 => {
                tr.msg(&Msg::new("outcome-won").seat("player", winners[0]))
            }
            Outcome::Won { winners } => {
                let names: Vec<String> = winners.iter().map(|s| tr.seat(*s)).collect();
                tr.msg(&Msg::new("outcome-shared").arg("players", tr.list(&names)))
            }
            Outcome::Solitaire { turns } => tr.msg(&Msg::new("outcome-solitaire").arg("turns", *turns)),
            Outcome::NoWinner => tr.t("outcome-no-winner"),
        }
    }
}

/// A choice offered to a seat: the action id (what a button or a script sends) and its label.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Choice {
    pub id: String,
    pub label: String,
}

/// One game's rules. Pure: all chance comes from the `dice` passed in, so the same actions with
/// the same dice always give the same state.
///
/// A game is a state machine driven by actions from seats. Who may act is a set (Saizumi lets
/// non-active players respond); a multi-step choice is a sequence of actions with the partial
/// choice kept in the state; an automatic step (a bust, a roll-off) happens inside `apply`.
pub trait Game: Clone + Debug + Serialize + DeserializeOwned + Send + Sync + 'static {
    /// The stable id: the slash command's name, the terminal's game name, the storage key.
    const ID: &'static str;
    /// Seats the game can be started with; the engine refuses any other count before
    /// [`Game::new`] is called.
    const PLAYERS: RangeInclusive<usize>;
    /// The version of the state's serialized form and of what each stored field means: bumped
    /// with every change to either, so a snapshot stored by an older build is rebuilt from the
    /// log rather than read with the wrong meaning. The conformance suite pins the form of a
    /// reference state per version (`snapshots/`), so a change without a bump fails.
    const STATE_VERSION: u32;
    /// The catalogue id refusing another count of players (arguments `min`, `max`, `players`).
    const SEATS_REFUSED: &'static str = "setup-players";
    /// The options a host can set, each a key of [`Game::Options`] with its default and range.
    const OPTIONS: &'static [OptionSpec];

    /// Host-chosen settings: [`Game::OPTIONS`] as a struct, further checked by [`Game::new`].
    type Options: Serialize + DeserializeOwned + Default + Clone + Debug;
    /// Actions parse from and print to short ids (≤ 64 chars) that fit in a button's `custom_id`.
    /// Ids never start with [`view::STEP`], which marks a step towards a decision.
    type Action: FromStr + Display + Clone + PartialEq + Debug;

    /// A new game for `players` seats, a count within [`Game::PLAYERS`] (see [`Game::set_up`]).
    /// The start player (and any setup shuffle) is drawn from `dice`.
    fn new(options: &Self::Options, players: usize, dice: &mut dyn Dice) -> Result<Self, SetupError>;

    /// [`Game::new`] after the one check of the player count every game shares: how every layer
    /// sets a game up.
    fn set_up(options: &Self::Options, players: usize, dice: &mut dyn Dice) -> Result<Self, SetupError> {
        SetupError::check_seats(Self::PLAYERS, players, Self::SEATS_REFUSED)?;
        Self::new(options, players, dice)
    }

    /// The seats whose action the game waits for now (empty when the game is over).
    fn to_act(&self) -> Vec<Seat>;

    /// The first of [`Game::to_act`]: whom the driver asks next. Games whose answer needs no
    /// list override it, so a playout allocates nothing for it.
    fn first_to_act(&self) -> Option<Seat> {
        self.to_act().first().copied()
    }

    /// The legal actions for `seat` now (without resign, which is always allowed while playing).
    fn legal_actions(&self, seat: Seat) -> Vec<Self::Action>;

    /// What an action made happen, as plain data. Playouts and bots' simulations keep events as
    /// they are; [`Game::describe`] turns one into a log line only when a person will read it.
    type Event: Clone + Debug + PartialEq;

    /// Apply an action. On error nothing changed. On success appends what happened to `events`.
    fn apply_events(
        &mut self,
        seat: Seat,
        action: &Self::Action,
        dice: &mut dyn Dice,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), RuleError>;

    /// An event as a log line. It may read only what a game never changes (its options), so an
    /// event kept from an earlier turn reads the same later.
    fn describe(&self, event: &Self::Event) -> Msg;

    /// [`Game::apply_events`] for people: what happened as log lines.
    fn apply(
        &mut self,
        seat: Seat,
        action: &Self::Action,
        dice: &mut dyn Dice,
    ) -> Result<Vec<Msg>, RuleError> {
        let mut events = Vec::new();
        self.apply_events(seat, action, dice, &mut events)?;
        Ok(events.iter().map(|e| self.describe(e)).collect())
    }

    fn outcome(&self) -> Option<Outcome>;

    /// The label of an action, as on its button.
    fn label(&self, action: &Self::Action, tr: &Tr) -> String;

    /// What `seat`, awaited now, does when its time runs out; `None`: it leaves the game.
    fn timeout_action(&self, seat: Seat) -> Option<Self::Action>;

    /// The board as the given seat (or a spectator) sees it, with the controls for the seats to
    /// act. `draft` is a decision partly made through step controls ("" for none); the game
    /// previews it and offers the next step. An unknown draft shows the board as for "".
    fn view(&self, viewer: Option<Seat>, draft: &str, tr: &Tr) -> View;

    /// The board as a PNG (at most [`picture::MAX_BYTES`]) with its alt text in `tr`'s language,
    /// for games that draw one, with `draft` (as [`Game::view`] gets it) drawn as the decision
    /// partly made.
    fn picture(&self, _draft: &str, _tr: &Tr) -> Option<picture::Picture> {
        None
    }

    /// The computer player for a level.
    fn strategy(level: Level) -> Box<dyn Strategy<Self>>;

    /// [`Game::strategy`] as the layers above hold a bot.
    fn bot(level: Level) -> Box<dyn Bot> {
        Box::new(bot::Typed(Self::strategy(level)))
    }

    /// Whether the game has a coach ([`Game::hint`], [`Game::weigh`]), so boards offer hints.
    const COACHED: bool = false;

    /// The faces of the game's dice (Ninja's are four-sided): a scripted roll above it is
    /// refused rather than folded into range, so `--dice` means what it says.
    const DIE_FACES: u8 = 6;

    /// The coach's advice to `seat`, awaited now: what the strong player would do and why.
    fn hint(&self, _seat: Seat) -> Option<Msg> {
        None
    }

    /// The coach's weighing of `seat`'s decision now; `None` when there is nothing to weigh.
    fn weigh(&self, _seat: Seat) -> Option<Weighing> {
        None
    }

    /// The game as `seat` might guess it: what nobody has seen (a deck's order) drawn again from
    /// `dice`, the rest unchanged. The puzzles' playouts start from such guesses, so no answer
    /// rests on what the player cannot know; a game with nothing hidden is itself.
    #[must_use]
    fn guess_unseen(&self, _dice: &mut dyn Dice) -> Self {
        self.clone()
    }

    /// The position as data for scripts (`docs/state.schema.json`): board, scores, dice, whose
    /// turn and phase, everything any player may see and nothing hidden (a deck's size, not its
    /// order).
    fn state(&self) -> serde_json::Value;

    /// What set-up made happen (first reveals, opening rolls), for a new game's first report.
    fn opening(&self) -> Vec<Self::Event> {
        Vec::new()
    }
}

/// The object-safe face of a [`Game`], with actions as their string ids. Everything above the
/// engine (sessions, Discord, the console, storage, bots) is written once against this.
pub trait AnyGame: Debug + Send + Sync {
    fn to_act(&self) -> Vec<Seat>;
    fn choices(&self, seat: Seat, tr: &Tr) -> Vec<Choice>;
    fn apply(&mut self, seat: Seat, action: &str, dice: &mut dyn Dice) -> Result<Vec<Msg>, RuleError>;
    fn outcome(&self) -> Option<Outcome>;
    /// What an awaited seat does when its time runs out (`None`: it leaves the game).
    fn timeout_action(&self, seat: Seat) -> Option<String>;
    fn view(&self, viewer: Option<Seat>, draft: &str, tr: &Tr) -> View;
    fn picture(&self, draft: &str, tr: &Tr) -> Option<picture::Picture>;
    fn clone_box(&self) -> Box<dyn AnyGame>;
    fn coached(&self) -> bool;
    fn hint(&self, seat: Seat) -> Option<Msg>;
    fn weigh(&self, seat: Seat) -> Option<Weighing>;
    /// `seat`'s choices (by action id) played out by the game's bot of `level`, each from the
    /// same guesses of the unseen ([`Game::guess_unseen`]) on the same dice
    /// ([`rollout::paired`]): one result per playout, in the order given. Unknown ids are left
    /// out.
    fn play_out(
        &self,
        seat: Seat,
        choices: &[String],
        level: Level,
        playouts: u32,
        seed: u64,
    ) -> Vec<Vec<f64>>;
    /// The concrete state, for the engine's one adapter from a game's bots ([`bot::Typed`]).
    fn as_any(&self) -> &dyn Any;
    /// The whole state as JSON, for [`Rules::restore`]: a long game is stored with one, so it
    /// loads without replaying its whole log.
    fn snapshot(&self) -> String;
    /// [`Game::state`]: the visible position as data.
    fn state(&self) -> serde_json::Value;
    /// [`Game::opening`] as log lines.
    fn opening(&self) -> Vec<Msg>;
}

impl<G: Game> AnyGame for G {
    fn to_act(&self) -> Vec<Seat> {
        Game::to_act(self)
    }

    fn choices(&self, seat: Seat, tr: &Tr) -> Vec<Choice> {
        self.legal_actions(seat)
            .iter()
            .map(|a| Choice {
                id: a.to_string(),
                label: self.label(a, tr),
            })
            .collect()
    }

    fn apply(&mut self, seat: Seat, action: &str, dice: &mut dyn Dice) -> Result<Vec<Msg>, RuleError> {
        // Over is over, whatever was typed.
        if Game::outcome(self).is_some() {
            return Err(RuleError::GameOver);
        }
        let action: G::Action = action
            .parse()
            .map_err(|_| RuleError::UnknownAction(action.to_owned()))?;
        Game::apply(self, seat, &action, dice)
    }

    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }

    fn timeout_action(&self, seat: Seat) -> Option<String> {
        Game::timeout_action(self, seat).map(|a| a.to_string())
    }

    fn view(&self, viewer: Option<Seat>, draft: &str, tr: &Tr) -> View {
        Game::view(self, viewer, draft, tr)
    }

    fn picture(&self, draft: &str, tr: &Tr) -> Option<picture::Picture> {
        Game::picture(self, draft, tr)
    }

    fn clone_box(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }

    fn coached(&self) -> bool {
        G::COACHED
    }

    fn hint(&self, seat: Seat) -> Option<Msg> {
        Game::hint(self, seat)
    }

    fn weigh(&self, seat: Seat) -> Option<Weighing> {
        Game::weigh(self, seat)
    }

    fn play_out(
        &self,
        seat: Seat,
        choices: &[String],
        level: Level,
        playouts: u32,
        seed: u64,
    ) -> Vec<Vec<f64>> {
        let actions: Vec<G::Action> = choices.iter().filter_map(|id| id.parse().ok()).collect();
        let policy = G::strategy(level);
        let r = rollout::Rollouts {
            policy: policy.as_ref(),
            playouts,
            seed,
            max_moves: rollout::MAX_MOVES,
        };
        rollout::paired(self, seat, &actions, &r, |g, seed| {
            g.guess_unseen(&mut SeededDice::new(seed))
        })
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn snapshot(&self) -> String {
        let versioned = Versioned {
            state_version: G::STATE_VERSION,
            state: self,
        };
        serde_json::to_string(&versioned).expect("a game's state serializes")
    }

    fn state(&self) -> serde_json::Value {
        // Named by its game, so a reader (and the schema) knows which shape follows.
        let mut state = Game::state(self);
        if let Some(fields) = state.as_object_mut() {
            fields.insert("game".into(), G::ID.into());
        }
        state
    }

    fn opening(&self) -> Vec<Msg> {
        Game::opening(self).iter().map(|e| self.describe(e)).collect()
    }
}

/// A game kind as the layers above see it: its id, seats, options, set-up and bots, with no
/// type parameter. [`Registered`] makes one of every [`Game`]; the games' registry lists them.
pub trait Rules: Send + Sync {
    fn id(&self) -> &'static str;
    fn players(&self) -> RangeInclusive<usize>;
    fn options(&self) -> &'static [OptionSpec];
    /// Sets up a game from its options as JSON (checked against [`Rules::options`]; missing
    /// keys take their defaults).
    fn new_game(
        &self,
        options: &serde_json::Value,
        players: usize,
        dice: &mut dyn Dice,
    ) -> Result<Box<dyn AnyGame>, SetupError>;
    /// A game from its [`AnyGame::snapshot`]; the error says why one does not fit (a state
    /// format changed since, a corrupt record).
    fn restore(&self, snapshot: &str) -> Result<Box<dyn AnyGame>, RestoreError>;
    fn bot(&self, level: Level) -> Box<dyn Bot>;
    /// The game has a coach (hints and reviews).
    fn coached(&self) -> bool;
    /// The faces of the game's dice ([`Game::DIE_FACES`]).
    fn die_faces(&self) -> u8;
}

/// A snapshot as stored: the state with its [`Game::STATE_VERSION`].
#[derive(Serialize, Deserialize)]
struct Versioned<S> {
    state_version: u32,
    state: S,
}

/// The [`Rules`] of a [`Game`] type.
pub struct Registered<G>(PhantomData<fn() -> G>);

impl<G> Registered<G> {
    pub const NEW: Self = Self(PhantomData);
}

impl<G: Game> Rules for Registered<G> {
    fn id(&self) -> &'static str {
        G::ID
    }

    fn players(&self) -> RangeInclusive<usize> {
        G::PLAYERS
    }

    fn options(&self) -> &'static [OptionSpec] {
        G::OPTIONS
    }

    fn new_game(
        &self,
        options: &serde_json::Value,
        players: usize,
        dice: &mut dyn Dice,
    ) -> Result<Box<dyn AnyGame>, SetupError> {
        Ok(Box::new(G::set_up(&options_of::<G>(options)?, players, dice)?))
    }

    fn restore(&self, snapshot: &str) -> Result<Box<dyn AnyGame>, RestoreError> {
        // The version first, the state skipped: a state of another version may parse and mean
        // something else. Snapshots stored before versions have none.
        let head: Versioned<serde::de::IgnoredAny> =
            serde_json::from_str(snapshot).map_err(|_| RestoreError::SnapshotVersion {
                found: None,
                expected: G::STATE_VERSION,
            })?;
        if head.state_version != G::STATE_VERSION {
            return Err(RestoreError::SnapshotVersion {
                found: Some(head.state_version),
                expected: G::STATE_VERSION,
            });
        }
        let versioned: Versioned<G> = serde_json::from_str(snapshot)?;
        Ok(Box::new(versioned.state))
    }

    fn bot(&self, level: Level) -> Box<dyn Bot> {
        G::bot(level)
    }

    fn coached(&self) -> bool {
        G::COACHED
    }

    fn die_faces(&self) -> u8 {
        G::DIE_FACES
    }
}

/// A game's options from JSON, checked against [`Game::OPTIONS`] (missing keys take their
/// defaults).
pub fn options_of<G: Game>(json: &serde_json::Value) -> Result<G::Options, SetupError> {
    let resolved = options::resolve(G::OPTIONS, json).map_err(SetupError::Option)?;
    serde_json::from_value(resolved)
        .map_err(|e| SetupError::Option(Msg::new("setup-option-invalid").arg("reason", e.to_string())))
}

impl Clone for Box<dyn AnyGame> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// One entry of a game's action log: who did what, and the dice it drew. Replaying the log
/// with those dice reproduces the game exactly, whatever RNG produced them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoggedAction {
    pub seat: Seat,
    pub action: String,
    pub dice: Vec<u8>,
}

/// Applies an action while recording the dice it draws, for the log.
pub fn apply_logged(
    game: &mut dyn AnyGame,
    seat: Seat,
    action: &str,
    dice: &mut dyn Dice,
) -> Result<(Vec<Msg>, LoggedAction), RuleError> {
    let mut rec = RecordingDice::new(dice);
    let lines = game.apply(seat, action, &mut rec)?;
    let logged = LoggedAction {
        seat,
        action: action.to_owned(),
        dice: rec.drawn,
    };
    Ok((lines, logged))
}

/// Replays a log onto a freshly set-up game, returning each entry's log lines. Fails if the log
/// does not fit the rules or its recorded dice (a corrupt or foreign record), naming the entry.
pub fn replay(game: &mut dyn AnyGame, log: &[LoggedAction]) -> Result<Vec<Vec<Msg>>, RestoreError> {
    let mut lines = Vec::with_capacity(log.len());
    for (index, entry) in log.iter().enumerate() {
        lines.push(replay_entry(game, index, entry)?);
    }
    Ok(lines)
}

/// Applies log entry `index` with exactly the dice recorded with it.
pub fn replay_entry(
    game: &mut dyn AnyGame,
    index: usize,
    entry: &LoggedAction,
) -> Result<Vec<Msg>, RestoreError> {
    let (seat, action) = (entry.seat, entry.action.clone());
    let mut dice = ScriptedDice::new(entry.dice.iter().copied()).lenient();
    let applied = game.apply(entry.seat, &entry.action, &mut dice);
    // Dice that ran out are named first: the rules may have refused what the filler rolled.
    if dice.overrun() {
        return Err(RestoreError::DiceRanOut { index, seat, action });
    }
    let msgs = applied.map_err(|error| RestoreError::Refused {
        index,
        seat,
        action: action.clone(),
        error,
    })?;
    match dice.remaining() {
        0 => Ok(msgs),
        left => Err(RestoreError::DiceLeft {
            index,
            seat,
            action,
            left,
        }),
    }
}
