//! The games, one folder each (rules, view, options), and the one registry list that the layers
//! above use to find them. Adding a game touches its folder, this list and its catalogue file.

pub mod cantstop;
pub mod ishigaki;

use crate::engine::{AnyGame, Dice, Game, SetupError};
use serde::{Deserialize, Serialize};
use std::ops::RangeInclusive;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    #[value(name = "cantstop")]
    CantStop,
    #[value(name = "ishigaki")]
    Ishigaki,
}

impl GameKind {
    pub const ALL: &'static [GameKind] = &[GameKind::CantStop, GameKind::Ishigaki];

    /// The stable id: the slash command's name, the console's game name, the storage key.
    pub fn id(self) -> &'static str {
        match self {
            GameKind::CantStop => "cantstop",
            GameKind::Ishigaki => "ishigaki",
        }
    }

    pub fn from_id(id: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|k| k.id() == id)
    }

    /// Seats a game can be started with.
    pub fn players(self) -> RangeInclusive<usize> {
        match self {
            GameKind::CantStop => cantstop::PLAYERS,
            GameKind::Ishigaki => ishigaki::PLAYERS,
        }
    }

    /// On/off options the host can set when starting (the Options' boolean fields, by name).
    /// Their descriptions are the catalogue messages `option-<game>-<name>`.
    pub fn switches(self) -> &'static [&'static str] {
        match self {
            GameKind::CantStop => cantstop::SWITCHES,
            GameKind::Ishigaki => ishigaki::SWITCHES,
        }
    }

    /// Sets up a game from its options as JSON (missing keys take their defaults).
    pub fn new_game(
        self,
        options: &serde_json::Value,
        players: usize,
        dice: &mut dyn Dice,
    ) -> Result<Box<dyn AnyGame>, SetupError> {
        match self {
            GameKind::CantStop => new::<cantstop::CantStop>(options, players, dice),
            GameKind::Ishigaki => new::<ishigaki::Ishigaki>(options, players, dice),
        }
    }
}

fn new<G: Game>(
    options: &serde_json::Value,
    players: usize,
    dice: &mut dyn Dice,
) -> Result<Box<dyn AnyGame>, SetupError> {
    let options: G::Options = if options.is_null() {
        G::Options::default()
    } else {
        serde_json::from_value(options.clone()).map_err(|e| SetupError(format!("invalid options: {e}")))?
    };
    Ok(Box::new(G::new(&options, players, dice)?))
}
