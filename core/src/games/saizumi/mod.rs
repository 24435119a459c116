//! Saizumi (賽積, Herikutsu Kobo): reveal stones onto a market, survive the visitors' collapse
//! checks by discarding your own cards for their dice effects, and stack market cards into tall
//! piles that score matching pips × top multiplier × (height − 2). The contract is
//! `shared/rules/saizumi.md`; section numbers below refer to it. `cards.rs` reads the card list,
//! `view.rs` draws the board, `bots.rs` holds the computer players.

mod action;
pub mod bots;
pub mod cards;
mod event;
mod picture;
mod rules;
mod state;
mod view;

#[cfg(test)]
mod proptests;
#[cfg(test)]
mod tests;

use crate::engine::{
    Dice, Game, Level, Msg, OptionKind, OptionSpec, Outcome, RuleError, Seat, SetupError, Strategy, Tr, View,
    keep_recent,
};
pub use cards::{CardList, Effect, HalfFace, Kind};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::ops::RangeInclusive;
use std::sync::{Arc, OnceLock};

pub use action::{Action, UnknownAction};
pub use event::Event;

pub const PLAYERS: RangeInclusive<usize> = 2..=5;
/// Market slots.
pub const SLOTS: usize = 9;
/// Cards dealt to each market slot at setup.
pub const MARKET_START: usize = 2;
/// Cards revealed each turn.
pub const REVEAL: usize = 3;
/// Stones in each of the three deck stacks.
pub const STACK: usize = 12;
/// Visitors shuffled into the deck's stacks, top stack first (§3.4).
pub const STACK_VISITORS: [usize; 3] = [2, 3, 4];
/// Every card of the game.
pub const ALL_CARDS: usize = cards::STONES + cards::VISITORS;
/// Outcomes of four dice.
pub const ROLLS: u32 = 1296;
/// Log lines the state keeps for the board.
const LOG_LEN: usize = 12;
/// Slots up to this size get every half pattern offered for a claim; larger ones the patterns
/// of [`Saizumi::claim_patterns`] (any pattern may still be typed).
pub const FULL_PATTERNS: usize = 4;

/// A physical stone card: its number 0–53 in the card list.
pub type Card = u8;
/// Four dice.
pub type Roll = [u8; 4];

/// Face counts of four dice (index 0 unused).
pub fn counts(dice: &Roll) -> [u8; 7] {
    let mut c = [0u8; 7];
    for &d in dice {
        c[usize::from(d)] += 1;
    }
    c
}

/// Every distinct roll of four dice as face counts, with how many of the 1296 orderings give it.
pub fn multisets() -> &'static [([u8; 7], u32)] {
    static TABLE: OnceLock<Vec<([u8; 7], u32)>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut out: Vec<([u8; 7], u32)> = vec![];
        for n in 0..ROLLS {
            let roll = [n % 6, n / 6 % 6, n / 36 % 6, n / 216].map(|v| v as u8 + 1);
            let c = counts(&roll);
            match out.iter_mut().find(|(k, _)| *k == c) {
                Some(entry) => entry.1 += 1,
                None => out.push((c, 1)),
            }
        }
        out
    })
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// A card list in the format of `cards.toml`; empty is the built-in reconstruction.
    pub cards: String,
}

/// Which half of a card is active (at the top edge).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Half {
    A,
    B,
}

impl Half {
    pub fn letter(self) -> char {
        match self {
            Half::A => 'a',
            Half::B => 'b',
        }
    }

    pub fn from_letter(c: char) -> Option<Self> {
        match c {
            'a' => Some(Half::A),
            'b' => Some(Half::B),
            _ => None,
        }
    }
}

/// A deck card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Drawn {
    Stone(Card),
    Visitor,
}

/// A card in a player's pile, its half fixed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placed {
    pub card: Card,
    pub half: Half,
}

/// A player's pile: its label (1, 2, … in creation order, never reused) and cards bottom first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pile {
    pub label: u32,
    pub cards: Vec<Placed>,
}

/// Where the turn stands (§4). P1, P3a and P3c happen inside `apply`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// P2: the active player places the revealed stones.
    Place,
    /// P3b: the dice are down; `queue[at]` responds, `queue[..at]` are done.
    Respond { dice: Roll, queue: Vec<Seat>, at: usize },
    /// P4: the active player takes or claims.
    Stack,
    /// P5.
    Over,
}

/// A game of Saizumi.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Saizumi {
    cards: Arc<CardList>,
    playing: Vec<bool>,
    /// The seats in playing order (§3.1: seated at random; the first starts).
    order: Vec<Seat>,
    active: Seat,
    /// Turns begun, counted from 1 over all players.
    turn: u32,
    phase: Phase,
    /// Top card first.
    deck: Vec<Drawn>,
    /// Slot 1–9 at index 0–8, bottom card first.
    market: [Vec<Card>; SLOTS],
    /// Each seat's piles in creation order.
    piles: Vec<Vec<Pile>>,
    /// Each seat's next pile label.
    next_label: Vec<u32>,
    discards: Vec<Card>,
    /// This turn's revealed cards in order.
    revealed: Vec<Drawn>,
    /// Stones still to place, with their 1-based position in `revealed`.
    to_place: Vec<(u32, Card)>,
    visitors_seen: u8,
    checks_pending: u8,
    checks_done: u8,
    /// The dice as they last stood (for the board).
    dice: Option<Roll>,
    log: VecDeque<Event>,
    outcome: Option<Outcome>,
}

impl Saizumi {
    /// A game with the given market and deck (top first), before the first reveal: `new` after
    /// its shuffles, and tests building a position.
    /// A game before its first reveal, the seats playing in `order`.
    fn setup(cards: Arc<CardList>, order: Vec<Seat>, market: [Vec<Card>; SLOTS], deck: Vec<Drawn>) -> Self {
        let players = order.len();
        Self {
            cards,
            playing: vec![true; players],
            active: order[0],
            order,
            turn: 1,
            phase: Phase::Place,
            deck,
            market,
            piles: vec![vec![]; players],
            next_label: vec![1; players],
            discards: vec![],
            revealed: vec![],
            to_place: vec![],
            visitors_seen: 0,
            checks_pending: 0,
            checks_done: 0,
            dice: None,
            log: VecDeque::with_capacity(LOG_LEN + 8),
            outcome: None,
        }
    }

    /// The seat `i` places after the active one in playing order.
    fn seat_after(&self, i: usize) -> Seat {
        let n = self.order.len();
        let at = self.order.iter().position(|&s| s == self.active).unwrap_or(0);
        self.order[(at + i) % n]
    }

    /// The seats in playing order.
    pub fn order(&self) -> &[Seat] {
        &self.order
    }

    pub fn players(&self) -> usize {
        self.playing.len()
    }

    pub fn cards(&self) -> &CardList {
        &self.cards
    }

    pub fn active(&self) -> Seat {
        self.active
    }

    pub fn turn(&self) -> u32 {
        self.turn
    }

    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    pub fn is_playing(&self, seat: Seat) -> bool {
        self.playing.get(seat).copied().unwrap_or(false)
    }

    pub fn deck(&self) -> &[Drawn] {
        &self.deck
    }

    /// The game with the unseen deck in a guessed order, for the coach: each stack's unseen
    /// cards shuffled within it, so visitors stay in their stacks (§3.4) and no one's guess uses
    /// the true order.
    #[must_use]
    pub fn with_deck_guessed(&self, dice: &mut dyn Dice) -> Self {
        let mut guess = self.clone();
        let mut end = guess.deck.len();
        for visitors in STACK_VISITORS.iter().rev() {
            let start = end.saturating_sub(STACK + visitors);
            let stack = &mut guess.deck[start..end];
            // Sorted first, so the guess depends on which cards are unseen, not on their order.
            stack.sort_by_key(|d| match d {
                Drawn::Visitor => None,
                Drawn::Stone(c) => Some(*c),
            });
            shuffle(stack, dice);
            end = start;
        }
        guess
    }

    /// Slot `slot` (1–9), bottom card first.
    pub fn slot(&self, slot: usize) -> &[Card] {
        &self.market[slot - 1]
    }

    pub fn piles(&self, seat: Seat) -> &[Pile] {
        &self.piles[seat]
    }

    pub fn discards(&self) -> &[Card] {
        &self.discards
    }

    pub fn revealed(&self) -> &[Drawn] {
        &self.revealed
    }

    /// Stones still to place: (position in the reveal, stone).
    pub fn to_place(&self) -> &[(u32, Card)] {
        &self.to_place
    }

    pub fn visitors_seen(&self) -> u8 {
        self.visitors_seen
    }

    pub fn checks_pending(&self) -> u8 {
        self.checks_pending
    }

    pub fn checks_done(&self) -> u8 {
        self.checks_done
    }

    /// Checks still to come in the game: every unseen visitor and every pending one.
    pub fn checks_left(&self) -> u32 {
        (cards::VISITORS as u32).saturating_sub(u32::from(self.checks_done))
    }

    pub fn dice(&self) -> Option<Roll> {
        self.dice
    }

    pub fn log(&self) -> impl Iterator<Item = Msg> + '_ {
        self.log.iter().map(|e| self.describe(e))
    }

    /// The seat whose response is awaited now.
    pub fn responder(&self) -> Option<Seat> {
        match &self.phase {
            Phase::Respond { queue, at, .. } => queue.get(*at).copied(),
            _ => None,
        }
    }

    /// The half a placed card shows.
    pub fn face(&self, placed: Placed) -> &HalfFace {
        self.half_of(placed.card, placed.half)
    }

    pub fn half_of(&self, card: Card, half: Half) -> &HalfFace {
        let kind = self.cards.kind(card);
        match half {
            Half::A => &kind.a,
            Half::B => &kind.b,
        }
    }

    pub fn kind(&self, card: Card) -> &Kind {
        self.cards.kind(card)
    }

    /// §5: matching pips × the top card's multiplier × (height − 2); 0 for no cards.
    pub fn pile_score(&self, cards: &[Placed]) -> i64 {
        let Some(&top) = cards.last() else { return 0 };
        let top = self.face(top);
        let pips: u32 = cards.iter().map(|&p| self.face(p).pips(top.centre)).sum();
        i64::from(pips) * i64::from(top.mult) * (cards.len() as i64 - 2)
    }

    /// A player's total: the sum of their piles.
    pub fn score(&self, seat: Seat) -> i64 {
        self.piles[seat].iter().map(|p| self.pile_score(&p.cards)).sum()
    }

    /// The position (1-based) of the lowest card of `cards` that these dice collapse.
    pub fn lowest_match(&self, cards: &[Placed], dice_counts: &[u8; 7]) -> Option<usize> {
        cards
            .iter()
            .position(|&p| self.face(p).matches(dice_counts))
            .map(|i| i + 1)
    }

    fn pile_index(&self, seat: Seat, label: u32) -> Option<usize> {
        self.piles[seat].iter().position(|p| p.label == label)
    }

    /// The half patterns offered for claiming a slot: all of them up to [`FULL_PATTERNS`] cards,
    /// else all a, all b and, for each top half, the lower halves with the most pips of the top's
    /// centre and the lower halves least likely to collapse.
    pub fn claim_patterns(&self, slot: usize) -> Vec<String> {
        let cards = self.slot(slot);
        let n = cards.len();
        if n <= FULL_PATTERNS {
            return (0..1u32 << n)
                .map(|bits| {
                    (0..n)
                        .map(|i| if bits >> (n - 1 - i) & 1 == 1 { 'b' } else { 'a' })
                        .collect()
                })
                .collect();
        }
        let mut out: Vec<String> = vec!["a".repeat(n), "b".repeat(n)];
        let (lower, top) = cards.split_at(n - 1);
        for top_half in [Half::A, Half::B] {
            let centre = self.half_of(top[0], top_half).centre;
            for pips_first in [true, false] {
                let pattern: String = lower
                    .iter()
                    .map(|&c| {
                        let key = |h: Half| {
                            let face = self.half_of(c, h);
                            let (pips, safety) = (f64::from(face.pips(centre)), -face.chance);
                            if pips_first {
                                (pips, safety)
                            } else {
                                (safety, pips)
                            }
                        };
                        if key(Half::B) > key(Half::A) { 'b' } else { 'a' }
                    })
                    .chain(std::iter::once(top_half.letter()))
                    .collect();
                if !out.contains(&pattern) {
                    out.push(pattern);
                }
            }
        }
        out
    }
}

/// Fisher–Yates with the game's dice.
fn shuffle<T>(items: &mut [T], dice: &mut dyn Dice) {
    for i in (1..items.len()).rev() {
        let j = usize::from(dice.roll((i + 1) as u8)) - 1;
        items.swap(i, j);
    }
}

impl Game for Saizumi {
    const ID: &'static str = "saizumi";
    const PLAYERS: RangeInclusive<usize> = PLAYERS;
    const STATE_VERSION: u32 = 1;
    const OPTIONS: &'static [OptionSpec] = &[OptionSpec {
        key: "cards",
        kind: OptionKind::File { max_bytes: 16_384 },
    }];

    type Options = Options;
    type Action = Action;
    type Event = Event;

    fn new(options: &Options, players: usize, dice: &mut dyn Dice) -> Result<Self, SetupError> {
        let cards = Arc::new(CardList::from_option(&options.cards)?);
        // §3.1: seat the players at random; the first seat starts.
        let mut order: Vec<Seat> = (0..players).collect();
        shuffle(&mut order, dice);
        let mut stones: Vec<Card> = (0..cards::STONES as u8).collect();
        shuffle(&mut stones, dice);
        let (dealt, rest) = stones.split_at(SLOTS * MARKET_START);
        let market: [Vec<Card>; SLOTS] =
            std::array::from_fn(|s| dealt[s * MARKET_START..][..MARKET_START].to_vec());
        let mut deck = vec![];
        for (stack, visitors) in rest.chunks(STACK).zip(STACK_VISITORS) {
            let mut cards: Vec<Drawn> = stack.iter().map(|&c| Drawn::Stone(c)).collect();
            cards.extend(std::iter::repeat_n(Drawn::Visitor, visitors));
            shuffle(&mut cards, dice);
            deck.extend(cards);
        }
        let mut game = Self::setup(cards, order, market, deck);
        game.begin(dice);
        Ok(game)
    }

    fn to_act(&self) -> Vec<Seat> {
        match &self.phase {
            Phase::Over => vec![],
            Phase::Respond { .. } => self.responder().into_iter().collect(),
            Phase::Place | Phase::Stack => vec![self.active],
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if !self.to_act().contains(&seat) {
            return vec![];
        }
        match &self.phase {
            Phase::Place => self
                .to_place
                .iter()
                .flat_map(|&(stone, _)| (1..=SLOTS as u32).map(move |slot| Action::Place { stone, slot }))
                .collect(),
            Phase::Respond { .. } => {
                let mut out = vec![Action::Done];
                for pile in &self.piles[seat] {
                    for (i, &p) in pile.cards.iter().enumerate() {
                        let (label, pos) = (pile.label, i as u32 + 1);
                        if self.face(p).effect.names_face() {
                            out.extend((1..=6).map(|n| Action::Use {
                                pile: label,
                                pos,
                                face: Some(n),
                            }));
                        } else {
                            out.push(Action::Use {
                                pile: label,
                                pos,
                                face: None,
                            });
                        }
                    }
                }
                out
            }
            Phase::Stack => {
                let mut out = vec![];
                for slot in (1..=SLOTS).filter(|&s| !self.market[s - 1].is_empty()) {
                    for pile in &self.piles[seat] {
                        for half in ["a", "b"] {
                            out.push(Action::Take {
                                slot: slot as u32,
                                pile: pile.label,
                                half: half.to_owned(),
                            });
                        }
                    }
                }
                for slot in (1..=SLOTS).filter(|&s| !self.market[s - 1].is_empty()) {
                    out.extend(self.claim_patterns(slot).into_iter().map(|h| Action::Claim {
                        slot: slot as u32,
                        halves: Some(h),
                    }));
                }
                out
            }
            Phase::Over => vec![],
        }
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
        match action {
            Action::Resign => self.resign(seat, events),
            Action::Place { stone, slot } => self.place(*stone, *slot as usize, events),
            Action::Use { pile, pos, face } => {
                let face = face.and_then(|n| u8::try_from(n).ok());
                self.use_card(seat, *pile, *pos as usize, face, dice, events);
            }
            Action::Done => {
                if let Phase::Respond { at, .. } = &mut self.phase {
                    *at += 1;
                }
            }
            Action::Take { slot, pile, half } => {
                let s = *slot as usize;
                let card = self.market[s - 1].pop().expect("checked: the slot has a card");
                let half = if half == "b" { Half::B } else { Half::A };
                let index = self.pile_index(seat, *pile).expect("checked: the pile exists");
                self.piles[seat][index].cards.push(Placed { card, half });
                events.push(Event::Took {
                    player: seat,
                    card: Placed { card, half },
                    slot: s,
                    pile: *pile,
                });
                self.next_turn(events);
            }
            Action::Claim { slot, halves } => {
                let s = *slot as usize;
                let taken = std::mem::take(&mut self.market[s - 1]);
                let letters: Vec<Half> = match halves {
                    Some(h) => h.chars().filter_map(Half::from_letter).collect(),
                    None => vec![Half::A; taken.len()],
                };
                let cards: Vec<Placed> = taken
                    .into_iter()
                    .zip(letters)
                    .map(|(card, half)| Placed { card, half })
                    .collect();
                let label = self.next_label[seat];
                self.next_label[seat] += 1;
                events.push(Event::Claimed {
                    player: seat,
                    slot: s,
                    pile: label,
                    cards: cards.clone(),
                });
                self.piles[seat].push(Pile { label, cards });
                self.next_turn(events);
            }
        }
        self.proceed(dice, events);
        self.remember(&events[first..]);
        Ok(())
    }

    fn describe(&self, event: &Event) -> Msg {
        event.describe(self)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn label(&self, action: &Action, tr: &Tr) -> String {
        view::label(self, action, tr)
    }

    /// A responder out of time is done; the active player places on the first slot or makes the
    /// first take or claim offered.
    fn timeout_action(&self, seat: Seat) -> Option<Action> {
        self.legal_actions(seat).into_iter().next()
    }

    fn state(&self) -> serde_json::Value {
        self.state_data()
    }

    fn opening(&self) -> Vec<Event> {
        self.log.iter().cloned().collect()
    }

    fn picture(&self, draft: &str, tr: &Tr) -> Option<crate::engine::picture::Picture> {
        Some(picture::picture(self, draft, tr))
    }

    fn view(&self, viewer: Option<Seat>, draft: &str, tr: &Tr) -> View {
        view::view(self, viewer, draft, tr)
    }

    const COACHED: bool = true;

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

    fn guess_unseen(&self, dice: &mut dyn Dice) -> Self {
        self.with_deck_guessed(dice)
    }
}
