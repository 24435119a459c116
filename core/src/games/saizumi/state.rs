//! Saizumi's position as data for scripts (`Game::state`): what every player sees on the table.
//! The deck's order is hidden, so only its size is given.

use super::{Card, Drawn, Half, Phase, Placed, Saizumi};
use serde_json::{Value, json};

impl Saizumi {
    pub(super) fn state_data(&self) -> Value {
        let (phase, queue, at) = match &self.phase {
            Phase::Place => ("place", None, None),
            Phase::Respond { queue, at, .. } => ("respond", Some(queue), Some(at)),
            Phase::Stack => ("stack", None, None),
            Phase::Over => ("over", None, None),
        };
        let piles: Vec<Vec<Value>> = (0..self.piles.len())
            .map(|seat| {
                self.piles[seat]
                    .iter()
                    .map(|pile| {
                        let cards: Vec<Value> = pile.cards.iter().map(|&p| self.placed(p)).collect();
                        json!({ "label": pile.label, "cards": cards, "score": self.pile_score(&pile.cards) })
                    })
                    .collect()
            })
            .collect();
        let market: Vec<Vec<Value>> = self
            .market
            .iter()
            .map(|slot| slot.iter().map(|&c| self.card(c)).collect())
            .collect();
        let revealed: Vec<Value> = self
            .revealed
            .iter()
            .map(|d| match d {
                Drawn::Stone(c) => self.card(*c),
                Drawn::Visitor => "visitor".into(),
            })
            .collect();
        json!({
            "phase": phase,
            "active": self.active,
            "turn": self.turn,
            "order": self.order,
            "dice": self.dice,
            "queue": queue,
            "responder": at.and_then(|&at| queue.and_then(|q| q.get(at))),
            "market": market,
            "piles": piles,
            "scores": (0..self.piles.len()).map(|s| self.score(s)).collect::<Vec<_>>(),
            "revealed": revealed,
            "to_place": self.to_place.iter().map(|&(_, c)| self.card(c)).collect::<Vec<_>>(),
            "deck_size": self.deck.len(),
            "discards": self.discards.len(),
            "playing": self.playing,
        })
    }

    /// A stone card: its number and its kind's id.
    fn card(&self, card: Card) -> Value {
        json!({ "stone": card, "kind": self.kind(card).id })
    }

    fn placed(&self, placed: Placed) -> Value {
        let half = match placed.half {
            Half::A => "a",
            Half::B => "b",
        };
        json!({ "stone": placed.card, "kind": self.kind(placed.card).id, "half": half })
    }
}
