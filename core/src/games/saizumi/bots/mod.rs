//! Saizumi players. All three look at the game through [`Saizumi`] and answer with one of the
//! awaited seat's legal actions.
//!
//! - **Easy** never responds, places at random and stacks at random half the time (else as normal).
//! - **Normal** responds when its own cards are threatened, with the effect that keeps the most of
//!   its cards on average; places on the emptiest slot; stacks for the best expected score after
//!   one more check.
//! - **Strong** values every pile by its exact expected final score: the chance of each four-dice
//!   outcome decides which card of the pile falls at each of the checks still to come. It
//!   responds by enumerating what the current dice and each effect's rerolls collapse, counting
//!   its own piles against the others'; it places stones to build the slot it will take this turn
//!   and stacks for the best expected final score.

use super::{Action, Effect, Half, Phase, Placed, Roll, SLOTS, Saizumi, counts, multisets};
use crate::engine::bot::{Level, Strategy, pick_index};
use crate::engine::{Dice, Game, Seat};
use odds::{Rolls, chance_of, matching, multiset_index, outcomes};

pub mod coach;
mod odds;
#[cfg(test)]
mod tests;

pub fn strategy(level: Level) -> Box<dyn Strategy<Saizumi>> {
    match level {
        Level::Easy => Box::new(EasyBot),
        Level::Normal => Box::new(NormalBot),
        Level::Strong => Box::new(StrongBot::default()),
    }
}

/// The legal action with the highest value (the first of equals).
fn best_by(actions: Vec<Action>, mut value: impl FnMut(&Action) -> f64) -> Action {
    let mut best: Option<(f64, Action)> = None;
    for a in actions {
        let v = value(&a);
        if best.as_ref().is_none_or(|(b, _)| v > *b) {
            best = Some((v, a));
        }
    }
    best.map_or(Action::Done, |(_, a)| a)
}

/// How a pile is valued: its expected score after `checks` more checks with nobody responding,
/// plus `per_card` for each card it still holds then (material for the piles' later growth,
/// which the checks alone do not model).
#[derive(Clone, Copy, Debug)]
pub struct Look {
    pub checks: u32,
    pub per_card: f64,
}

/// For a pile, its value (see [`Look`]) from each of its prefixes (index = height kept).
pub fn outlook(game: &Saizumi, cards: &[Placed], look: Look) -> Vec<f64> {
    let h = cards.len();
    // falls[m]: the chance that a check's lowest matching card is position m (1-based).
    let mut falls = vec![0.0; h + 1];
    let mut standing = Rolls::MAX;
    for (m, mask) in masks(game, cards).enumerate() {
        falls[m + 1] = chance_of(mask & standing);
        standing &= !mask;
    }
    let mut value: Vec<f64> = (0..=h)
        .map(|j| game.pile_score(&cards[..j]) as f64 + look.per_card * j as f64)
        .collect();
    for _ in 0..look.checks {
        let mut next = vec![0.0; h + 1];
        let mut fell = 0.0;
        for j in 0..=h {
            if j > 0 {
                fell += falls[j];
            }
            let collapse: f64 = (1..=j).map(|m| falls[m] * value[m - 1]).sum();
            next[j] = collapse + (1.0 - fell) * value[j];
        }
        value = next;
    }
    value
}

/// The expected final score of a whole pile.
fn pile_value(game: &Saizumi, cards: &[Placed], look: Look) -> f64 {
    outlook(game, cards, look).last().copied().unwrap_or(0.0)
}

/// Each card's row as the rolls that collapse it.
fn masks<'a>(game: &'a Saizumi, cards: &'a [Placed]) -> impl Iterator<Item = Rolls> + 'a {
    cards.iter().map(|&p| matching(&game.face(p).counts))
}

/// How many cards of a pile (its rows as [`masks`]) the roll with index `roll` leaves standing.
fn standing(rows: &[Rolls], roll: usize) -> usize {
    rows.iter().position(|m| m >> roll & 1 == 1).unwrap_or(rows.len())
}

/// The pile the P4 action changes (its index among `seat`'s piles, a new one's past them) and
/// its cards after; `None` if it changes none.
fn pile_after(game: &Saizumi, seat: Seat, action: &Action) -> Option<(usize, Vec<Placed>)> {
    let piles = game.piles(seat);
    match action {
        Action::Take { slot, pile, half } => {
            let i = piles.iter().position(|p| p.label == *pile)?;
            let card = game.market_top(*slot as usize)?;
            let half = if half == "b" { Half::B } else { Half::A };
            let mut cards = piles[i].cards.clone();
            cards.push(Placed { card, half });
            Some((i, cards))
        }
        Action::Claim { slot, halves } => {
            let cards = game.slot(*slot as usize);
            let halves = halves.clone().unwrap_or_else(|| "a".repeat(cards.len()));
            let pile = cards
                .iter()
                .zip(halves.chars())
                .map(|(&card, h)| Placed {
                    card,
                    half: Half::from_letter(h).unwrap_or(Half::A),
                })
                .collect();
            Some((piles.len(), pile))
        }
        _ => None,
    }
}

/// What the stacking action adds to `seat`'s value: `value` of the changed pile minus its value
/// before (`before`, pile by pile).
fn stack_gain(
    game: &Saizumi,
    seat: Seat,
    action: &Action,
    before: &[f64],
    value: &dyn Fn(&[Placed]) -> f64,
) -> f64 {
    match pile_after(game, seat, action) {
        Some((i, cards)) => value(&cards) - before.get(i).copied().unwrap_or(0.0),
        None => 0.0,
    }
}

/// `value` of each of `seat`'s piles.
fn values(game: &Saizumi, seat: Seat, value: &dyn Fn(&[Placed]) -> f64) -> Vec<f64> {
    game.piles(seat).iter().map(|p| value(&p.cards)).collect()
}

/// Easy: no responses, random places, and half its stacks at random.
pub struct EasyBot;

impl Strategy<Saizumi> for EasyBot {
    fn play(&self, g: &Saizumi, seat: Seat, rng: &mut dyn Dice) -> Action {
        match g.phase() {
            Phase::Respond { .. } => Action::Done,
            Phase::Stack if rng.roll(2) == 1 => NormalBot::decide(g, seat),
            _ => {
                let legal = Game::legal_actions(g, seat);
                legal[pick_index(legal.len(), rng)].clone()
            }
        }
    }
}

/// Normal: keeps its own cards and stacks looking one check ahead.
pub struct NormalBot;

impl NormalBot {
    pub fn decide(game: &Saizumi, seat: Seat) -> Action {
        let legal = Game::legal_actions(game, seat);
        match game.phase() {
            Phase::Respond { dice, .. } => Self::respond(game, seat, *dice, legal),
            Phase::Place => best_by(legal, |a| match a {
                Action::Place { slot, .. } => {
                    -(game.slot(*slot as usize).len() as f64) - f64::from(*slot) / 100.0
                }
                _ => f64::MIN,
            }),
            Phase::Stack => {
                let look = Look {
                    checks: 1,
                    per_card: 0.0,
                };
                let value = |c: &[Placed]| pile_value(game, c, look);
                let before = values(game, seat, &value);
                best_by(legal, |a| stack_gain(game, seat, a, &before, &value))
            }
            Phase::Over => Action::Done,
        }
    }

    /// Expected own cards kept, over the dice each choice leads to; only when cards are at risk.
    fn respond(game: &Saizumi, seat: Seat, dice: Roll, legal: Vec<Action>) -> Action {
        let own = rows(game, seat);
        let kept = |heights: &[usize], roll: usize| -> f64 {
            own.iter()
                .zip(heights)
                .map(|(rows, &h)| standing(&rows[..h], roll) as f64)
                .sum()
        };
        let full = heights(game, seat);
        let total: usize = full.iter().sum();
        let now = multiset_index(&counts(&dice));
        if kept(&full, now) as usize == total {
            return Action::Done;
        }
        best_by(legal, |a| match a {
            Action::Done => kept(&full, now) + 0.01,
            Action::Use { pile, pos, face } => {
                let Some((i, height, effect)) = after_use(game, seat, *pile, *pos) else {
                    return f64::MIN;
                };
                let mut heights = full.clone();
                heights[i] = height;
                let face = face.map(|n| n as u8);
                outcomes(dice, effect, face)
                    .iter()
                    .map(|&(roll, p)| p * kept(&heights, roll))
                    .sum()
            }
            _ => f64::MIN,
        })
    }
}

/// The rows of each of `seat`'s piles, as [`masks`].
fn rows(game: &Saizumi, seat: Seat) -> Vec<Vec<Rolls>> {
    game.piles(seat)
        .iter()
        .map(|p| masks(game, &p.cards).collect())
        .collect()
}

/// The height of each of `seat`'s piles.
fn heights(game: &Saizumi, seat: Seat) -> Vec<usize> {
    game.piles(seat).iter().map(|p| p.cards.len()).collect()
}

/// Discarding from `pos` of `seat`'s pile `label` up: the pile's index, its height left and the
/// chosen card's effect.
fn after_use(game: &Saizumi, seat: Seat, label: u32, pos: u32) -> Option<(usize, usize, Effect)> {
    let i = game.piles(seat).iter().position(|p| p.label == label)?;
    let height = (pos as usize).checked_sub(1)?;
    let chosen = *game.piles(seat)[i].cards.get(height)?;
    Some((i, height, game.face(chosen).effect))
}

impl Strategy<Saizumi> for NormalBot {
    fn play(&self, game: &Saizumi, seat: Seat, _: &mut dyn Dice) -> Action {
        Self::decide(game, seat)
    }
}

/// How far the strong player looks and how much the others' piles count.
#[derive(Clone, Copy, Debug)]
pub struct Params {
    /// Checks looked ahead when valuing a pile (the rest of the game at most): piles also grow
    /// on later turns, which the outlook does not model, so a shorter view values them better.
    pub horizon: u32,
    /// Weight of the others' average value against one's own when responding.
    pub others: f64,
    /// Value of a card kept, at the start of the game (falling to 0 by its end).
    pub per_card: f64,
}

impl Default for Params {
    fn default() -> Self {
        Self {
            horizon: 3,
            others: 0.5,
            per_card: 12.0,
        }
    }
}

/// Strong: exact expectations over the dice (see the module notes).
#[derive(Default)]
pub struct StrongBot(pub Params);

impl StrongBot {
    /// The pile valuation with `checks` checks ahead at most.
    fn look(&self, checks: u32) -> Look {
        Look {
            checks: checks.min(self.0.horizon),
            per_card: self.0.per_card * f64::from(checks) / super::cards::VISITORS as f64,
        }
    }

    pub fn decide(&self, game: &Saizumi, seat: Seat) -> Action {
        let legal = Game::legal_actions(game, seat);
        let look = self.look(game.checks_left());
        match game.phase() {
            Phase::Respond { dice, .. } => self.respond(game, seat, *dice, legal),
            Phase::Place => Self::place(game, seat, legal, look),
            Phase::Stack => {
                let value = |c: &[Placed]| pile_value(game, c, look);
                let before = values(game, seat, &value);
                best_by(legal, |a| stack_gain(game, seat, a, &before, &value))
            }
            Phase::Over => Action::Done,
        }
    }

    /// Own expected final score minus the others' average, after this check collapses with the
    /// dice each choice leads to (later responders assumed to pass).
    fn respond(&self, game: &Saizumi, seat: Seat, dice: Roll, legal: Vec<Action>) -> Action {
        let look = self.look(game.checks_left().saturating_sub(1));
        let others: Vec<Seat> = (0..game.players())
            .filter(|&s| s != seat && game.is_playing(s))
            .collect();
        let weight = self.0.others / others.len().max(1) as f64;
        // Every pile's outlook by kept height; a used pile is a prefix of its own.
        let outlooks: Vec<Vec<Vec<f64>>> = (0..game.players())
            .map(|s| {
                game.piles(s)
                    .iter()
                    .map(|p| outlook(game, &p.cards, look))
                    .collect()
            })
            .collect();
        let rows: Vec<Vec<Vec<Rolls>>> = (0..game.players()).map(|s| rows(game, s)).collect();
        let settled = |s: Seat, heights: &[usize], roll: usize| -> f64 {
            rows[s]
                .iter()
                .zip(heights)
                .zip(&outlooks[s])
                .map(|((rows, &h), values)| values[standing(&rows[..h], roll)])
                .sum()
        };
        let mut others_value: Vec<Option<f64>> = vec![None; multisets().len()];
        let mut others_at = |roll: usize| -> f64 {
            *others_value[roll].get_or_insert_with(|| {
                let others = others.iter().map(|&s| settled(s, &heights(game, s), roll));
                others.sum::<f64>() * weight
            })
        };
        let mut value_of = |heights: &[usize], spread: &[(usize, f64)]| -> f64 {
            spread
                .iter()
                .map(|&(roll, p)| p * (settled(seat, heights, roll) - others_at(roll)))
                .sum()
        };
        let own = heights(game, seat);
        let now = multiset_index(&counts(&dice));
        let pass = value_of(&own, &[(now, 1.0)]);
        let mut best = (pass + 0.05, Action::Done);
        for a in legal {
            let Action::Use { pile, pos, face } = a else {
                continue;
            };
            let Some((i, height, effect)) = after_use(game, seat, pile, pos) else {
                continue;
            };
            let mut heights = own.clone();
            heights[i] = height;
            let spread = outcomes(dice, effect, face.map(|n| n as u8));
            let v = value_of(&heights, &spread);
            if v > best.0 {
                best = (v, a);
            }
        }
        best.1
    }

    /// Places a stone where it makes the best stack for this turn's P4 (the slot's own
    /// options re-valued; the other slots' best is unchanged).
    fn place(game: &Saizumi, seat: Seat, legal: Vec<Action>, look: Look) -> Action {
        // Placing changes the market only: the piles' values before stacking stay.
        let before = values(game, seat, &|c| pile_value(game, c, look));
        let value = |g: &Saizumi, a: &Action| stack_gain(g, seat, a, &before, &|c| pile_value(g, c, look));
        let slot_best = |g: &Saizumi, slot: usize| -> f64 {
            if g.slot(slot).is_empty() {
                return f64::MIN;
            }
            let mut options: Vec<Action> = g
                .piles(seat)
                .iter()
                .flat_map(|p| {
                    ["a", "b"].map(|h| Action::Take {
                        slot: slot as u32,
                        pile: p.label,
                        half: h.into(),
                    })
                })
                .collect();
            options.extend(g.claim_patterns(slot).into_iter().map(|h| Action::Claim {
                slot: slot as u32,
                halves: Some(h),
            }));
            options.iter().map(|a| value(g, a)).fold(f64::MIN, f64::max)
        };
        let base: Vec<f64> = (1..=SLOTS).map(|s| slot_best(game, s)).collect();
        best_by(legal, |a| {
            let Action::Place { stone, slot } = a else {
                return f64::MIN;
            };
            let Some(&(_, card)) = game.to_place().iter().find(|(k, _)| k == stone) else {
                return f64::MIN;
            };
            let mut after = game.clone();
            after.market[*slot as usize - 1].push(card);
            let changed = slot_best(&after, *slot as usize);
            base.iter()
                .enumerate()
                .map(|(i, &b)| if i + 1 == *slot as usize { changed } else { b })
                .fold(f64::MIN, f64::max)
        })
    }
}

impl Strategy<Saizumi> for StrongBot {
    fn play(&self, game: &Saizumi, seat: Seat, _: &mut dyn Dice) -> Action {
        self.decide(game, seat)
    }
}
