//! Computer players. A bot chooses through the same interface a person uses: it sees the game
//! and the choices offered to its seat, and answers with one of their ids. Each game's own bots
//! live in its folder ([`super::Game::bot`]).

use super::{AnyGame, Dice, Locale, Seat, Tr};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Easy,
    Normal,
    Strong,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Strong];

    pub fn id(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Strong => "strong",
        }
    }

    pub fn from_id(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|l| l.id() == id)
    }
}

pub trait Bot: Send + Sync {
    /// The id of one of `game.choices(seat)`. Only called when `seat` is to act.
    /// `rng` is the bot's own chance (for easy play), never the game's dice.
    fn choose(&self, game: &dyn AnyGame, seat: Seat, rng: &mut dyn Dice) -> String;
}

/// Picks uniformly among the offered choices: a sparring partner for any game.
pub struct RandomBot;

impl Bot for RandomBot {
    fn choose(&self, game: &dyn AnyGame, seat: Seat, rng: &mut dyn Dice) -> String {
        let choices = game.choices(seat, &Tr::new(Locale::En, &[]));
        let i = pick_index(choices.len(), rng);
        choices[i].id.clone()
    }
}

/// A uniform index below `n` (n ≥ 1) from a die source, for lists longer than one die's faces.
pub fn pick_index(n: usize, rng: &mut dyn Dice) -> usize {
    assert!(n > 0, "a bot was asked to choose from nothing");
    if n <= 255 {
        usize::from(rng.roll(n as u8)) - 1
    } else {
        let hi = usize::from(rng.roll(255)) - 1;
        let lo = usize::from(rng.roll(255)) - 1;
        (hi * 255 + lo) % n
    }
}
