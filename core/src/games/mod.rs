//! The games, one folder each (rules, board, options, bots, catalogue), and the one registry list
//! that the layers above use to find them. Adding a game is its folder and one line in [`GameKind::ALL`].

pub mod cantstop;
pub mod ishigaki;
pub mod ninja;
pub mod saizumi;
pub mod stones;

#[cfg(test)]
mod fuzz;
#[cfg(test)]
mod restore;

use crate::engine::{AnyGame, Bot, Dice, Level, OptionSpec, Registered, Rules, SetupError};
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

    /// A game from its [`AnyGame::snapshot`], or why that does not fit.
    pub fn restore(self, snapshot: &str) -> Result<Box<dyn AnyGame>, String> {
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

    /// A board sent with its picture shows the view's words instead of its description: every
    /// line of the words is in the description, and the description has more (the drawing the
    /// picture replaces), in every position of a random game.
    #[test]
    fn a_pictured_board_keeps_its_words_and_leaves_out_only_its_drawing() {
        use crate::engine::bot::pick_index;
        use crate::engine::{Locale, SeededDice, Tr};
        let mut with_words = vec![];
        for kind in GameKind::ALL {
            let players = (*kind.players().start()).max(2);
            let mut dice = SeededDice::new(11);
            let mut game = kind.new_game(&serde_json::json!({}), players, &mut dice).unwrap();
            let names: Vec<String> = (0..players).map(|s| format!("p{s}")).collect();
            let tr = Tr::new(Locale::En, &names);
            for _ in 0..80 {
                let view = game.view(None, "", &tr);
                if let Some(words) = &view.words {
                    let drawn: Vec<&str> = view.description.lines().collect();
                    for line in words.lines() {
                        assert!(
                            drawn.contains(&line),
                            "{}: `{line}` is not in\n{}",
                            kind.id(),
                            view.description
                        );
                    }
                    assert!(
                        drawn.len() > words.lines().count(),
                        "{}: nothing drawn besides the words\n{}",
                        kind.id(),
                        view.description
                    );
                    if !with_words.contains(&kind.id()) {
                        with_words.push(kind.id());
                    }
                }
                let Some(&seat) = game.to_act().first() else { break };
                let choices = game.choices(seat, &tr);
                let choice = &choices[pick_index(choices.len(), &mut dice)];
                game.apply(seat, &choice.id, &mut dice).unwrap();
            }
        }
        // Saizumi's picture has no letters, so its market's names stay in words.
        assert_eq!(with_words, ["cantstop", "ishigaki", "ninja", "stones"]);
    }

    /// Menus (slash commands, the lobby, `--help`) describe every option, and every choice of a
    /// choice option, in both languages.
    #[test]
    fn every_option_and_choice_is_described_in_every_language() {
        use crate::engine::text::has_message_in;
        use crate::engine::{Locale, OptionKind};
        for k in GameKind::ALL {
            for spec in k.options() {
                let mut ids = vec![spec.description_id(k.id())];
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
