//! What happens in a game of Saizumi, as data, and its words for the log.

use super::{Card, Deserialize, Drawn, Effect, Msg, Placed, Roll, Saizumi, Seat, Serialize, view};

/// What happened, as data; [`Game::describe`](crate::engine::Game::describe) words it for the log (card names come from the
/// game's card set, which never changes during a game).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    Revealed {
        player: Seat,
        cards: Vec<Drawn>,
    },
    /// The `check`-th visitor's check (from 1) rolled `dice`.
    Rolled {
        check: u8,
        dice: Roll,
    },
    Collapsed {
        player: Seat,
        pile: u32,
        cards: Vec<Placed>,
    },
    NothingFell,
    Placed {
        player: Seat,
        card: Card,
        slot: usize,
    },
    /// A card used on the dice; `face` is the face named for a `?` reroll.
    Used {
        player: Seat,
        card: Placed,
        face: Option<u8>,
        discarded: usize,
        before: Roll,
        after: Roll,
    },
    Took {
        player: Seat,
        card: Placed,
        slot: usize,
        pile: u32,
    },
    Claimed {
        player: Seat,
        slot: usize,
        pile: u32,
        cards: Vec<Placed>,
    },
    GameEnd,
    Resigned {
        player: Seat,
    },
}

impl Event {
    /// The event as a log line; card names come from `game`'s card set.
    pub(super) fn describe(&self, game: &Saizumi) -> Msg {
        match self {
            Event::Revealed { player, cards } => {
                let shown: Vec<String> = cards.iter().map(|d| game.drawn_text(*d)).collect();
                Msg::new("saizumi-log-revealed")
                    .seat("player", *player)
                    .arg("cards", shown.join(" · "))
            }
            Event::Rolled { check, dice } => Msg::new("saizumi-log-rolled")
                .arg("check", *check)
                .arg("dice", view::dice_text(dice)),
            Event::Collapsed { player, pile, cards } => Msg::new("saizumi-log-collapsed")
                .seat("player", *player)
                .arg("pile", *pile)
                .arg("cards", game.cards_text(cards)),
            Event::NothingFell => Msg::new("saizumi-log-nothing-fell"),
            Event::Placed { player, card, slot } => Msg::new("saizumi-log-placed")
                .seat("player", *player)
                .arg("card", game.kind(*card).id.as_str())
                .arg("slot", *slot),
            Event::Used {
                player,
                card,
                face,
                discarded,
                before,
                after,
            } => {
                let named = match game.face(*card).effect {
                    Effect::Reroll(None) => format!("🔄{}", face.unwrap_or_default()),
                    e => e.to_string(),
                };
                Msg::new("saizumi-log-used")
                    .seat("player", *player)
                    .arg("card", view::placed_id(game, *card))
                    .arg("effect", named)
                    .arg("discarded", *discarded)
                    .arg("before", view::dice_text(before))
                    .arg("after", view::dice_text(after))
            }
            Event::Took {
                player,
                card,
                slot,
                pile,
            } => Msg::new("saizumi-log-took")
                .seat("player", *player)
                .arg("card", view::placed_id(game, *card))
                .arg("slot", *slot)
                .arg("pile", *pile),
            Event::Claimed {
                player,
                slot,
                pile,
                cards,
            } => Msg::new("saizumi-log-claimed")
                .seat("player", *player)
                .arg("slot", *slot)
                .arg("pile", *pile)
                .arg("cards", game.cards_text(cards)),
            Event::GameEnd => Msg::new("saizumi-log-game-end"),
            Event::Resigned { player } => Msg::new("log-resigned").seat("player", *player),
        }
    }
}
