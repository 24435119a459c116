//! The games, one folder each (rules, board, options, bots, catalogue), and the one registry list
//! that the layers above use to find them. Adding a game is its folder and one line in [`GameKind::ALL`].

pub mod cantstop;
pub mod ishigaki;
pub mod ninja;
#[cfg(feature = "test-game")]
pub mod pig;
pub mod saizumi;
pub mod stones;

#[cfg(test)]
mod fuzz;
#[cfg(test)]
mod fuzz_records;

use crate::engine::{
    AnyGame, Bot, Dice, Level, OptionSpec, Registered, RestoreError, Rules, ScriptedDice, SetupError,
};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::RangeInclusive;

/// A registered game: what the session, store, Discord and terminal layers hold to name one.
#[derive(Clone, Copy)]
pub struct GameKind(&'static dyn Rules);

impl GameKind {
    /// The registry: every game, in the order menus list them.
    pub const ALL: &'static [GameKind] = &[
        GameKind(&Registered::<cantstop::CantStop>::NEW),
        GameKind(&Registered::<ishigaki::Ishigaki>::NEW),
        GameKind(&Registered::<ninja::Ninja>::NEW),
        GameKind(&Registered::<stones::Stones>::NEW),
        GameKind(&Registered::<saizumi::Saizumi>::NEW),
        #[cfg(feature = "test-game")]
        GameKind(&Registered::<pig::Pig>::NEW),
    ];

    /// The stable id: the slash command's name, the terminal's game name, the storage key.
    pub fn id(self) -> &'static str {
        self.0.id()
    }

    pub fn from_id(id: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|k| k.id() == id)
    }

    /// Seats a game can be started with.
    pub fn players(self) -> RangeInclusive<usize> {
        self.0.players()
    }

    /// The options a host can set; descriptions are the catalogue's `option-<game>-<key>`.
    pub fn options(self) -> &'static [OptionSpec] {
        self.0.options()
    }

    /// Sets up a game from its options as JSON (checked; missing keys take their defaults).
    pub fn new_game(
        self,
        options: &serde_json::Value,
        players: usize,
        dice: &mut dyn Dice,
    ) -> Result<Box<dyn AnyGame>, SetupError> {
        self.0.new_game(options, players, dice)
    }

    /// A stored game or record set up again from its options, player count and the set-up dice
    /// it recorded, which must be exactly those the set-up draws (dice that run out end the
    /// set-up's rerolls, see [`Dice::ran_out`], so a corrupt record cannot make it roll for ever).
    pub fn set_up_again(
        self,
        options: &serde_json::Value,
        players: usize,
        setup_dice: &[u8],
    ) -> Result<Box<dyn AnyGame>, RestoreError> {
        let mut dice = ScriptedDice::new(setup_dice.iter().copied()).lenient();
        let game = self.new_game(options, players, &mut dice);
        if dice.overrun() {
            return Err(RestoreError::SetupDiceRanOut);
        }
        let game = game.map_err(RestoreError::Setup)?;
        match dice.remaining() {
            0 => Ok(game),
            left => Err(RestoreError::SetupDiceLeft(left)),
        }
    }

    /// A game from its [`AnyGame::snapshot`], or why that does not fit.
    pub fn restore(self, snapshot: &str) -> Result<Box<dyn AnyGame>, RestoreError> {
        self.0.restore(snapshot)
    }

    /// The computer player for a level.
    pub fn bot(self, level: Level) -> Box<dyn Bot> {
        self.0.bot(level)
    }

    /// The game has a coach: a hint button on its boards and reviews of finished games.
    pub fn coached(self) -> bool {
        self.0.coached()
    }

    /// The faces of the game's dice: what `--dice` may script.
    pub fn die_faces(self) -> u8 {
        self.0.die_faces()
    }
}

impl PartialEq for GameKind {
    fn eq(&self, other: &Self) -> bool {
        self.id() == other.id()
    }
}

impl Eq for GameKind {}

impl Hash for GameKind {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.id().hash(state);
    }
}

impl fmt::Debug for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl Serialize for GameKind {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for GameKind {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let id = String::deserialize(d)?;
        GameKind::from_id(&id).ok_or_else(|| serde::de::Error::custom(format!("unknown game `{id}`")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_round_trip() {
        for k in GameKind::ALL {
            assert_eq!(GameKind::from_id(k.id()), Some(*k));
            assert_eq!(GameKind::ALL.iter().filter(|o| o.id() == k.id()).count(), 1);
            let json = serde_json::to_string(k).unwrap();
            assert_eq!(serde_json::from_str::<GameKind>(&json).unwrap(), *k);
        }
        assert_eq!(GameKind::from_id("nope"), None);
    }

    /// Menus (slash commands, the lobby, `--help`) name and describe every option, and every
    /// choice of a choice option, in both languages.
    #[test]
    fn every_option_and_choice_is_described_in_every_language() {
        use crate::engine::text::has_message_in;
        use crate::engine::{Locale, OptionKind};
        for k in GameKind::ALL {
            for spec in k.options() {
                let mut ids = vec![spec.description_id(k.id()), spec.name_id(k.id())];
                if let OptionKind::Choice { values, .. } = spec.kind {
                    ids.extend(values.iter().map(|v| spec.choice_label_id(k.id(), v)));
                }
                for id in ids {
                    for locale in Locale::ALL {
                        assert!(has_message_in(locale, &id), "{id} in {locale:?}");
                    }
                }
            }
        }
    }
}
