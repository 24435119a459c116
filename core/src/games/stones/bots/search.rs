//! With the die, the strong player searches by Monte Carlo: a game is lost at once by a roll
//! that no chain can meet, and whether that happens depends on how the board fills over many
//! turns, which a short look-ahead misses. So it plays the game out many times.
//!
//! The tree is over whole turns. A node is the start of a turn (corner stones taken, as every
//! level does); its children are grouped by the die's requirement, each group holding the chains
//! of that length in random order; the roll is sampled, not chosen. Within a group the children
//! are picked by UCB1 on their wins. Below the tree each game is played out by random chains
//! (each found by a depth-first walk in random order, which stops at the first chain of the
//! right length), the initial stone removed as every level removes it. The effort is counted
//! in turns played, not games, so that a decision early on (long games to play out) costs about
//! what one near the end does. The chain played is the root's most visited.

use super::super::board::{MAX_CHAIN, Position};
use super::super::{Chain, P1, Shortfall, Stones, winner_by};
use super::playout::play_out;
use super::turn::turn;
use crate::engine::Seat;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hash::{Hash, Hasher};

/// UCB1's exploration constant (wins count 0..=1).
const EXPLORE: f64 = 1.0;
/// No group: a node's requirement not rolled yet.
const NONE: u32 = u32::MAX;

/// The chains of one die requirement at a node, in random order, and the children tried so far.
struct Group {
    chains: Vec<Chain>,
    /// Node index of each tried chain, in the order of `chains`.
    children: Vec<u32>,
    visits: f64,
}

/// The start of `mover`'s turn (corner stones taken).
struct Node {
    pos: Position,
    mover: Seat,
    /// The winner when the game is over before this turn.
    over: Option<Seat>,
    visits: f64,
    /// P1's share of the wins through this node.
    wins: f64,
    /// Each requirement's group (index 1..=6) in [`Search::groups`], made when first rolled.
    groups: [u32; MAX_CHAIN + 1],
}

impl Node {
    /// The node for the turn after `seat` played.
    fn after(mut pos: Position, seat: Seat) -> Self {
        let (mover, over) = match next_turn(&mut pos, seat) {
            Ok(mover) => (mover, None),
            Err(winner) => (1 - seat, Some(winner)),
        };
        Self {
            pos,
            mover,
            over,
            visits: 0.0,
            wins: 0.0,
            groups: [NONE; MAX_CHAIN + 1],
        }
    }

    /// The mover's share of the wins.
    fn mover_wins(&self, mover: Seat) -> f64 {
        if mover == P1 {
            self.wins
        } else {
            self.visits - self.wins
        }
    }
}

/// Who starts the turn after `seat` played (play-over passes it back), their corner stones
/// taken; or the winner when both hands are empty.
fn next_turn(pos: &mut Position, seat: Seat) -> Result<Seat, Seat> {
    if pos.hands == [0, 0] {
        return Err(winner_by(pos.scores));
    }
    let mover = if pos.hands[1 - seat] == 0 { seat } else { 1 - seat };
    pos.take_all(mover);
    Ok(mover)
}

/// A win of `seat` as P1's share.
fn share(seat: Seat) -> f64 {
    if seat == P1 { 1.0 } else { 0.0 }
}

/// The chain the strong player plays with the die among `chains` (the legal ones now), after
/// playing `turns` turns out.
pub fn choose(game: &Stones, chains: &[Chain], turns: u32) -> Chain {
    if chains.len() == 1 {
        return chains[0];
    }
    let pos = game.position();
    let me = game.active();
    // The same position always gets the same answer.
    let mut hasher = std::hash::DefaultHasher::new();
    pos.hash(&mut hasher);
    let mut search = Search {
        nodes: vec![],
        groups: vec![],
        shortfall: game.options().dice_shortfall,
        rng: ChaCha8Rng::seed_from_u64(hasher.finish()),
        turns: 0,
    };
    let mut root = Node::after(pos.clone(), 1 - me);
    let required = chains[0].len();
    root.groups[required] = 0;
    search.groups.push(Group {
        chains: chains.to_vec(),
        children: vec![],
        visits: 0.0,
    });
    search.nodes.push(root);
    while search.turns < turns {
        search.iterate(required);
    }
    let root = &search.groups[0];
    let visits = |&i: &usize| search.nodes[root.children[i] as usize].visits;
    let best = (0..root.children.len())
        .max_by(|a, b| visits(a).total_cmp(&visits(b)))
        .expect("a child");
    root.chains[best]
}

/// The tree (nodes and their groups in arenas), the die's shortfall rule, the random source
/// and the turns played so far.
struct Search {
    nodes: Vec<Node>,
    groups: Vec<Group>,
    shortfall: Shortfall,
    rng: ChaCha8Rng,
    turns: u32,
}

impl Search {
    /// One descent from the root (whose requirement is known), one new node, one playout, and
    /// the result counted on the way back.
    fn iterate(&mut self, root_required: usize) {
        let mut path = vec![0];
        let mut at = 0;
        let won = loop {
            self.turns += 1;
            let node = &self.nodes[at];
            if let Some(winner) = node.over {
                break share(winner);
            }
            let mover = node.mover;
            let required = if at == 0 {
                root_required
            } else {
                let roll = self.rng.random_range(1..=6u8);
                usize::from(roll.min(node.pos.hands[mover]))
            };
            let g = self.group(at, required);
            let group = &mut self.groups[g];
            group.visits += 1.0;
            if group.chains.is_empty() {
                break share(1 - mover);
            }
            if group.children.len() < group.chains.len() {
                let chain = group.chains[group.children.len()];
                let child = Node::after(
                    turn(&self.nodes[at].pos, mover, chain, Some(self.shortfall)),
                    mover,
                );
                let start = child.over.ok_or((child.pos.clone(), child.mover));
                group.children.push(self.nodes.len() as u32);
                path.push(self.nodes.len());
                self.nodes.push(child);
                break match start {
                    Ok(winner) => share(winner),
                    Err((pos, mover)) => self.playout(&pos, mover),
                };
            }
            at = self.select(g, mover);
            path.push(at);
        };
        for &n in &path {
            let node = &mut self.nodes[n];
            node.visits += 1.0;
            node.wins += won;
        }
    }

    /// The index of node `at`'s group for `required`, made on first use: the legal chains
    /// (with `max_possible`, of the longest length possible up to the requirement).
    fn group(&mut self, at: usize, required: usize) -> usize {
        let node = &self.nodes[at];
        if node.groups[required] != NONE {
            return node.groups[required] as usize;
        }
        let len = match self.shortfall {
            Shortfall::Lose => required as u8,
            Shortfall::MaxPossible => node.pos.longest(node.mover, required as u8),
        };
        let mut chains = vec![];
        if len > 0 {
            node.pos.walk(node.mover, len..=len, |chain, _, _| {
                chains.push(chain);
                true
            });
        }
        // Tried in random order: trying captures first proved weaker (what decides these games
        // is who runs out of chains, not the points).
        chains.shuffle(&mut self.rng);
        self.nodes[at].groups[required] = self.groups.len() as u32;
        self.groups.push(Group {
            chains,
            children: vec![],
            visits: 0.0,
        });
        self.groups.len() - 1
    }

    /// UCB1 among the children of a fully tried group, for the mover's wins.
    fn select(&self, g: usize, mover: Seat) -> usize {
        let group = &self.groups[g];
        let log = group.visits.ln();
        let ucb = |&c: &u32| {
            let child = &self.nodes[c as usize];
            child.mover_wins(mover) / child.visits + EXPLORE * (log / child.visits).sqrt()
        };
        let best = group.children.iter().max_by(|a, b| ucb(a).total_cmp(&ucb(b)));
        *best.expect("tried children") as usize
    }

    /// A game played out from the start of `mover`'s turn by random chains: P1's share.
    fn playout(&mut self, pos: &Position, mover: Seat) -> f64 {
        let (winner, turns) = play_out(pos, mover, self.shortfall, &mut self.rng);
        self.turns += turns;
        share(winner)
    }
}
