//! Computer players. Each game's bots live in its folder and play it as a [`Strategy`] over the
//! game's own type ([`super::Game::strategy`]); the layers above hold them as a [`Bot`], which
//! answers through the same interface a person uses: one of the ids offered to its seat.

use super::{AnyGame, Dice, Game, Locale, Seat, Tr};
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

/// A computer player of one game: it reads the game's own state and answers with its action.
pub trait Strategy<G: Game>: Send + Sync {
    /// The action of `seat`, awaited now in a game not over. `rng` is the bot's own chance
    /// (for easy play), never the game's dice.
    fn play(&self, game: &G, seat: Seat, rng: &mut dyn Dice) -> G::Action;
}

/// A game's [`Strategy`] as a [`Bot`]. This is the one place a bot meets the type-erased game;
/// a game of another kind, or a seat not awaited, gets a random choice.
pub struct Typed<G: Game>(pub Box<dyn Strategy<G>>);

impl<G: Game> Bot for Typed<G> {
    fn choose(&self, game: &dyn AnyGame, seat: Seat, rng: &mut dyn Dice) -> String {
        match game.as_any().downcast_ref::<G>() {
            Some(g) if Game::to_act(g).contains(&seat) => self.0.play(g, seat, rng).to_string(),
            _ => RandomBot.choose(game, seat, rng),
        }
    }
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
