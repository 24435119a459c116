//! Wise Man's Stones players. Easy plays a random chain half the time and the greediest one
//! otherwise; normal takes the chain that captures most now; strong searches its chains against
//! the opponent's best reply, scoring positions as the race they are at the end (see `strong`),
//! and with the die, where nearly every game ends with a player who cannot meet a roll, plays
//! games out by Monte Carlo tree search instead (see `search`, and `playout` for its speed).
//! Every level takes the opponent's corner stones (a free point) and removes its initial stone
//! as soon as another stone of its own can start a chain, except, with the die, while the
//! opponent's next roll could jump every stone it has placed (see `turn`).

mod playout;
mod search;
pub mod strong;
mod turn;

pub mod coach;
#[cfg(test)]
mod tests;

use super::{Action, Chain, Phase, Stones};
use crate::engine::bot::{Level, Strategy, pick_index};
use crate::engine::{Dice, Seat};
pub use strong::Params;

/// The player for a level.
pub fn strategy(level: Level) -> Box<dyn Strategy<Stones>> {
    match level {
        Level::Easy => Box::new(Player(Style::Easy)),
        Level::Normal => Box::new(Player(Style::Greedy)),
        Level::Strong => Box::new(Player(Style::Search(Params::default()))),
    }
}

#[derive(Clone, Copy, Debug)]
pub enum Style {
    Easy,
    Greedy,
    Search(Params),
}

pub struct Player(pub Style);

impl Player {
    /// The action for the seat to act (the game is not over).
    pub fn action(&self, game: &Stones, rng: &mut dyn Dice) -> Action {
        if let Some(&corner) = game.takes().first() {
            return Action::Take(corner);
        }
        if game.phase() == Phase::EndPhase {
            Action::End {
                remove: wants_removal(game),
            }
        } else {
            let chains = game.legal_chains();
            let chain = match self.0 {
                Style::Easy if rng.roll(2) == 1 => chains[pick_index(chains.len(), rng)],
                Style::Easy | Style::Greedy => greedy(game),
                Style::Search(params) if game.options().dice && params.turns > 0 => {
                    search::choose(game, &chains, params.turns)
                }
                Style::Search(params) => strong::choose(game, &chains, &params),
            };
            Action::Place(chain)
        }
    }
}

impl Strategy<Stones> for Player {
    fn play(&self, game: &Stones, _: Seat, rng: &mut dyn Dice) -> Action {
        self.action(game, rng)
    }
}

/// The chain capturing most now, among equals the shortest (stones kept are future turns);
/// of the best few, the first that least risks leaving no legal chain for the next turn.
pub fn greedy(game: &Stones) -> Chain {
    let pos = game.position();
    let me = game.active();
    let ranked = strong::ranked(game);
    let dice = game.options().dice.then_some(game.options().dice_shortfall);
    let risk = |chain: Chain| turn::stuck_chance(&turn::turn(pos, me, chain, dice), me, dice);
    ranked
        .iter()
        .take(GREEDY_WIDTH)
        .map(|&(points, _, chain)| (points, risk(chain), chain))
        .fold(None, |best: Option<(u32, f64, Chain)>, c| match best {
            Some(b) if b.1 < c.1 || b.1 == c.1 && b.0 >= c.0 => Some(b),
            _ => Some(c),
        })
        .map(|(_, _, chain)| chain)
        .expect("a chain")
}

/// How many of the greediest chains normal checks for safety.
const GREEDY_WIDTH: usize = 8;

/// Remove the initial stone once a placed stone of one's own can start a chain (the initial
/// stone's two exits fill up fast, and with them blocked its owner would lose), but with the die
/// not while a sweep of every placed stone is the likelier loss (`turn::removes`).
pub fn wants_removal(game: &Stones) -> bool {
    let dice = game.options().dice.then_some(game.options().dice_shortfall);
    turn::removes(&game.ended(false), game.active(), dice)
}
