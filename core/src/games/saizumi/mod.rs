//! Saizumi (賽積, Herikutsu Kobo): reveal stones onto a market, survive the visitors' collapse
//! checks by discarding your own cards for their dice effects, and stack market cards into tall
//! piles that score matching pips × top multiplier × (height − 2). The contract is
//! `shared/rules/saizumi.md`; section numbers below refer to it. `cards.rs` reads the card list,
//! `view.rs` draws the board, `bots.rs` holds the computer players.

pub mod bots;
pub mod cards;
mod picture;
mod view;

#[cfg(test)]
mod proptests;
#[cfg(test)]
mod tests;

use crate::engine::{
    Bot, Dice, Game, Level, Msg, OptionKind, OptionSpec, Outcome, RESIGN, RuleError, Seat, SetupError, Tr,
    View, keep_recent,
};
pub use cards::{CardList, Effect, HalfFace, Kind};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;
use std::sync::{Arc, OnceLock};

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

/// What happened, as data; [`Game::describe`] words it for the log (card names come from the
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

/// Action ids: `place:<k>:<slot>`, `use:<pile>:<pos>[:<N>]`, `done`, `take:<slot>:<pile>:<a|b>`,
/// `claim:<slot>[:<halves>]`, `resign`. Numbers and letters are kept as sent so the rules can
/// refuse a wrong one with its own reason (§6).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Stone `stone` (its position 1–3 in this turn's reveal) onto market slot `slot`.
    Place {
        stone: u32,
        slot: u32,
    },
    Use {
        pile: u32,
        pos: u32,
        face: Option<u32>,
    },
    Done,
    Take {
        slot: u32,
        pile: u32,
        half: String,
    },
    Claim {
        slot: u32,
        halves: Option<String>,
    },
    Resign,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Place { stone, slot } => write!(f, "place:{stone}:{slot}"),
            Action::Use {
                pile,
                pos,
                face: None,
            } => write!(f, "use:{pile}:{pos}"),
            Action::Use {
                pile,
                pos,
                face: Some(n),
            } => write!(f, "use:{pile}:{pos}:{n}"),
            Action::Done => f.write_str("done"),
            Action::Take { slot, pile, half } => write!(f, "take:{slot}:{pile}:{half}"),
            Action::Claim { slot, halves: None } => write!(f, "claim:{slot}"),
            Action::Claim {
                slot,
                halves: Some(h),
            } => write!(f, "claim:{slot}:{h}"),
            Action::Resign => f.write_str(RESIGN),
        }
    }
}

/// An action id that is none of the forms above.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownAction;

impl FromStr for Action {
    type Err = UnknownAction;

    fn from_str(s: &str) -> Result<Self, UnknownAction> {
        let number = |t: &str| {
            (!t.is_empty() && t.len() <= 9 && t.bytes().all(|b| b.is_ascii_digit()))
                .then(|| t.parse::<u32>().ok())
                .flatten()
                .ok_or(UnknownAction)
        };
        let letters = |t: &str| {
            (t.len() <= 60 && t.chars().all(|c| c.is_ascii_alphanumeric()))
                .then(|| t.to_owned())
                .ok_or(UnknownAction)
        };
        let parts: Vec<&str> = s.split(':').collect();
        match parts[..] {
            ["done"] => Ok(Action::Done),
            [RESIGN] => Ok(Action::Resign),
            ["place", k, slot] => Ok(Action::Place {
                stone: number(k)?,
                slot: number(slot)?,
            }),
            ["use", pile, pos] => Ok(Action::Use {
                pile: number(pile)?,
                pos: number(pos)?,
                face: None,
            }),
            ["use", pile, pos, n] => Ok(Action::Use {
                pile: number(pile)?,
                pos: number(pos)?,
                face: Some(number(n)?),
            }),
            ["take", slot, pile, half] => Ok(Action::Take {
                slot: number(slot)?,
                pile: number(pile)?,
                half: letters(half)?,
            }),
            ["claim", slot] => Ok(Action::Claim {
                slot: number(slot)?,
                halves: None,
            }),
            ["claim", slot, halves] => Ok(Action::Claim {
                slot: number(slot)?,
                halves: Some(letters(halves)?),
            }),
            _ => Err(UnknownAction),
        }
    }
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

    /// Checks an action against the rules without changing anything (§6).
    fn check(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        if self.outcome.is_some() {
            return Err(RuleError::new("rule-game-over"));
        }
        if !self.is_playing(seat) {
            return Err(RuleError::new("rule-not-playing"));
        }
        let my_action = || {
            let mine = seat == self.active;
            let phase_ok = match action {
                Action::Place { .. } => self.phase == Phase::Place,
                _ => self.phase == Phase::Stack,
            };
            if mine && phase_ok {
                Ok(())
            } else {
                Err(RuleError::new("saizumi-rule-not-your-action"))
            }
        };
        let slot_in_range = |slot: u32| {
            if (1..=SLOTS as u32).contains(&slot) {
                Ok(slot as usize)
            } else {
                Err(RuleError(Msg::new("saizumi-rule-slot").arg("slot", slot)))
            }
        };
        let filled = |slot: u32| {
            let s = slot_in_range(slot)?;
            if self.market[s - 1].is_empty() {
                Err(RuleError(Msg::new("saizumi-rule-slot-empty").arg("slot", slot)))
            } else {
                Ok(s)
            }
        };
        match action {
            Action::Resign => Ok(()),
            Action::Place { stone, slot } => {
                my_action()?;
                if !self.to_place.iter().any(|(k, _)| k == stone) {
                    return Err(Msg::new("saizumi-rule-no-stone").arg("stone", *stone).into());
                }
                slot_in_range(*slot).map(|_| ())
            }
            Action::Done => self.my_response(seat),
            Action::Use { pile, pos, face } => {
                self.my_response(seat)?;
                let index = self
                    .pile_index(seat, *pile)
                    .ok_or_else(|| RuleError(Msg::new("saizumi-rule-no-pile").arg("pile", *pile)))?;
                let cards = &self.piles[seat][index].cards;
                let card = (*pos as usize)
                    .checked_sub(1)
                    .and_then(|i| cards.get(i))
                    .ok_or_else(|| {
                        RuleError(
                            Msg::new("saizumi-rule-no-position")
                                .arg("pile", *pile)
                                .arg("pos", *pos),
                        )
                    })?;
                match (self.face(*card).effect.names_face(), face) {
                    (true, Some(1..=6)) | (false, None) => Ok(()),
                    (true, _) => Err(RuleError::new("saizumi-rule-name-face")),
                    (false, Some(_)) => Err(RuleError::new("saizumi-rule-face-printed")),
                }
            }
            Action::Take { slot, pile, half } => {
                my_action()?;
                filled(*slot)?;
                if self.pile_index(seat, *pile).is_none() {
                    return Err(Msg::new("saizumi-rule-take-no-pile").arg("pile", *pile).into());
                }
                if half != "a" && half != "b" {
                    return Err(RuleError::new("saizumi-rule-half"));
                }
                Ok(())
            }
            Action::Claim { slot, halves } => {
                my_action()?;
                let s = filled(*slot)?;
                let n = self.market[s - 1].len();
                match halves {
                    Some(h) if h.len() != n || !h.chars().all(|c| Half::from_letter(c).is_some()) => {
                        Err(Msg::new("saizumi-rule-halves").arg("count", n).into())
                    }
                    _ => Ok(()),
                }
            }
        }
    }

    fn my_response(&self, seat: Seat) -> Result<(), RuleError> {
        if self.responder() == Some(seat) {
            Ok(())
        } else {
            Err(RuleError::new("saizumi-rule-not-your-response"))
        }
    }

    /// P1: reveal up to three cards; visitors are set aside, stones wait to be placed.
    fn reveal(&mut self, events: &mut Vec<Event>) {
        let n = REVEAL.min(self.deck.len());
        if n == 0 {
            // The safeguard of §4: an empty deck ends the game.
            self.finish(events);
            return;
        }
        self.revealed = self.deck.drain(..n).collect();
        self.to_place.clear();
        for (i, drawn) in self.revealed.iter().enumerate() {
            match *drawn {
                Drawn::Visitor => {
                    self.visitors_seen += 1;
                    self.checks_pending += 1;
                }
                Drawn::Stone(card) => self.to_place.push((i as u32 + 1, card)),
            }
        }
        events.push(Event::Revealed {
            player: self.active,
            cards: self.revealed.clone(),
        });
        self.phase = Phase::Place;
    }

    fn drawn_text(&self, drawn: Drawn) -> String {
        match drawn {
            Drawn::Stone(card) => self.kind(card).id.clone(),
            Drawn::Visitor => view::VISITOR.to_owned(),
        }
    }

    /// Runs the automatic steps (P1, P3a, P3c and the skips) until a seat must act or the game ends.
    fn proceed(&mut self, dice: &mut dyn Dice, events: &mut Vec<Event>) {
        loop {
            match &self.phase {
                Phase::Place => {
                    if !self.playing[self.active] {
                        // A resigned active player's stones go where a timeout would put them.
                        while let Some(&(stone, _)) = self.to_place.first() {
                            self.place(stone, 1, events);
                        }
                    }
                    if !self.to_place.is_empty() {
                        return;
                    }
                    if self.checks_pending > 0 {
                        self.roll(dice, events);
                    } else {
                        self.phase = Phase::Stack;
                    }
                }
                Phase::Respond { queue, at, .. } => {
                    if *at < queue.len() {
                        return;
                    }
                    self.collapse(events);
                    if self.outcome.is_some() {
                        return;
                    }
                    if self.checks_pending > 0 {
                        self.roll(dice, events);
                    } else {
                        self.phase = Phase::Stack;
                    }
                }
                Phase::Stack => {
                    let market_empty = self.market.iter().all(Vec::is_empty);
                    if self.playing[self.active] && !market_empty {
                        return;
                    }
                    self.next_turn(events);
                }
                Phase::Over => return,
            }
        }
    }

    /// P3a: roll four dice and line up the responders: from the seat after the active player
    /// round to the active player, last; seats without piles (or out of the game) are skipped.
    fn roll(&mut self, dice: &mut dyn Dice, events: &mut Vec<Event>) {
        let roll = [dice.d6(), dice.d6(), dice.d6(), dice.d6()];
        let n = self.players();
        let queue: Vec<Seat> = (1..=n)
            .map(|i| self.seat_after(i))
            .filter(|&s| self.playing[s] && !self.piles[s].is_empty())
            .collect();
        self.dice = Some(roll);
        events.push(Event::Rolled {
            check: self.checks_done + 1,
            dice: roll,
        });
        self.phase = Phase::Respond {
            dice: roll,
            queue,
            at: 0,
        };
    }

    /// P3c: in every pile the lowest matching card falls with everything above it.
    fn collapse(&mut self, events: &mut Vec<Event>) {
        let Phase::Respond { dice, .. } = self.phase else {
            return;
        };
        let c = counts(&dice);
        let mut any = false;
        for seat in 0..self.players() {
            let mut piles = std::mem::take(&mut self.piles[seat]);
            for pile in &mut piles {
                if let Some(pos) = self.lowest_match(&pile.cards, &c) {
                    let fallen = pile.cards.split_off(pos - 1);
                    self.discards.extend(fallen.iter().map(|p| p.card));
                    events.push(Event::Collapsed {
                        player: seat,
                        pile: pile.label,
                        cards: fallen,
                    });
                    any = true;
                }
            }
            piles.retain(|p| !p.cards.is_empty());
            self.piles[seat] = piles;
        }
        if !any {
            events.push(Event::NothingFell);
        }
        self.checks_pending -= 1;
        self.checks_done += 1;
        if usize::from(self.checks_done) >= cards::VISITORS {
            self.finish(events);
        }
    }

    /// `C2b, A2b`.
    fn cards_text(&self, cards: &[Placed]) -> String {
        let ids: Vec<String> = cards.iter().map(|&p| view::placed_id(self, p)).collect();
        ids.join(", ")
    }

    fn place(&mut self, stone: u32, slot: usize, events: &mut Vec<Event>) {
        let Some(i) = self.to_place.iter().position(|(k, _)| *k == stone) else {
            return;
        };
        let (_, card) = self.to_place.remove(i);
        self.market[slot - 1].push(card);
        events.push(Event::Placed {
            player: self.active,
            card,
            slot,
        });
    }

    fn use_card(
        &mut self,
        seat: Seat,
        label: u32,
        pos: usize,
        face: Option<u8>,
        dice: &mut dyn Dice,
        events: &mut Vec<Event>,
    ) {
        let Phase::Respond { dice: before, .. } = self.phase else {
            return;
        };
        let Some(index) = self.piles[seat].iter().position(|p| p.label == label) else {
            return;
        };
        let removed = self.piles[seat][index].cards.split_off(pos - 1);
        let chosen = removed[0];
        let effect = self.face(chosen).effect;
        let mut after = before;
        match effect {
            Effect::RerollAll => after = [dice.d6(), dice.d6(), dice.d6(), dice.d6()],
            Effect::Reroll(printed) => {
                let n = printed.or(face).unwrap_or_default();
                for d in after.iter_mut().filter(|d| **d == n) {
                    *d = dice.d6();
                }
            }
            Effect::Set(n) => after = [n; 4],
        }
        events.push(Event::Used {
            player: seat,
            card: chosen,
            face,
            discarded: removed.len(),
            before,
            after,
        });
        if let Phase::Respond { dice: roll, .. } = &mut self.phase {
            *roll = after;
        }
        self.dice = Some(after);
        self.discards.extend(removed.iter().map(|p| p.card));
        if self.piles[seat][index].cards.is_empty() {
            self.piles[seat].remove(index);
        }
    }

    /// P4 done (or skipped): the next seat still playing starts its turn with P1.
    fn next_turn(&mut self, events: &mut Vec<Event>) {
        let n = self.players();
        self.active = (1..=n)
            .map(|i| self.seat_after(i))
            .find(|&s| self.playing[s])
            .unwrap_or(self.active);
        self.turn += 1;
        self.reveal(events);
    }

    /// P5: score the piles of the seats still playing; the best total wins, ties share.
    fn finish(&mut self, events: &mut Vec<Event>) {
        self.phase = Phase::Over;
        let seats: Vec<Seat> = (0..self.players()).filter(|&s| self.playing[s]).collect();
        let best = seats.iter().map(|&s| self.score(s)).max().unwrap_or(0);
        let winners: Vec<Seat> = seats.into_iter().filter(|&s| self.score(s) == best).collect();
        events.push(Event::GameEnd);
        self.outcome = Some(Outcome::Won { winners });
    }

    /// With three or more players the others play on; a resigned player's piles leave the game
    /// (to the discards); the last one playing wins.
    fn resign(&mut self, seat: Seat, events: &mut Vec<Event>) {
        events.push(Event::Resigned { player: seat });
        self.playing[seat] = false;
        let piles = std::mem::take(&mut self.piles[seat]);
        self.discards
            .extend(piles.iter().flat_map(|p| p.cards.iter().map(|c| c.card)));
        let left: Vec<Seat> = (0..self.players()).filter(|&s| self.playing[s]).collect();
        if let [winner] = left[..] {
            self.phase = Phase::Over;
            self.outcome = Some(Outcome::Won {
                winners: vec![winner],
            });
            return;
        }
        if let Phase::Respond { queue, at, .. } = &mut self.phase
            && let Some(i) = queue.iter().position(|&s| s == seat)
        {
            queue.remove(i);
            if i < *at {
                *at -= 1;
            }
        }
    }

    /// Starts the first turn: `new` after setup, tests after building a position.
    fn begin(&mut self, dice: &mut dyn Dice) -> Vec<Event> {
        let mut events = vec![];
        self.reveal(&mut events);
        self.proceed(dice, &mut events);
        self.remember(&events);
        events
    }

    fn remember(&mut self, events: &[Event]) {
        keep_recent(&mut self.log, events, LOG_LEN);
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
    const OPTIONS: &'static [OptionSpec] = &[OptionSpec {
        key: "cards",
        kind: OptionKind::File { max_bytes: 16_384 },
    }];

    type Options = Options;
    type Action = Action;
    type Event = Event;

    fn new(options: &Options, players: usize, dice: &mut dyn Dice) -> Result<Self, SetupError> {
        if !PLAYERS.contains(&players) {
            return Err(SetupError(
                Msg::new("setup-players")
                    .arg("min", *PLAYERS.start())
                    .arg("max", *PLAYERS.end())
                    .arg("players", players),
            ));
        }
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
        match event {
            Event::Revealed { player, cards } => {
                let shown: Vec<String> = cards.iter().map(|d| self.drawn_text(*d)).collect();
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
                .arg("cards", self.cards_text(cards)),
            Event::NothingFell => Msg::new("saizumi-log-nothing-fell"),
            Event::Placed { player, card, slot } => Msg::new("saizumi-log-placed")
                .seat("player", *player)
                .arg("card", self.kind(*card).id.as_str())
                .arg("slot", *slot),
            Event::Used {
                player,
                card,
                face,
                discarded,
                before,
                after,
            } => {
                let named = match self.face(*card).effect {
                    Effect::Reroll(None) => format!("🔄{}", face.unwrap_or_default()),
                    e => e.to_string(),
                };
                Msg::new("saizumi-log-used")
                    .seat("player", *player)
                    .arg("card", view::placed_id(self, *card))
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
                .arg("card", view::placed_id(self, *card))
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
                .arg("cards", self.cards_text(cards)),
            Event::GameEnd => Msg::new("saizumi-log-game-end"),
            Event::Resigned { player } => Msg::new("log-resigned").seat("player", *player),
        }
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

    fn picture(&self, tr: &Tr) -> Option<crate::engine::picture::Picture> {
        Some(picture::picture(self, tr))
    }

    fn view(&self, viewer: Option<Seat>, draft: &str, tr: &Tr) -> View {
        view::view(self, viewer, draft, tr)
    }

    fn bot(level: Level) -> Box<dyn Bot> {
        bots::bot(level)
    }
}
