//! The strong player's search: a Monte Carlo tree search over whole turns, with explicit chance
//! nodes for the 2d4 totals. Each new decision is expanded with every move scored by the
//! evaluation (`evaluate_turn`, which counts the next player's kill chances); the best of those
//! scores is the leaf's value (the normal player's one-ply view, instead of a random playout)
//! and each move's score is its prior, worth a few visits, so the search starts from the
//! heuristic's ranking and spends its iterations where the ranking is least sure. The budget is
//! counted in iterations, and the dice of the simulations come from a seed, so a position and a
//! seed always give the same move.

use super::super::board::Board;
use super::super::{Move, Position};
use super::{after, decided, evaluate_turn};
use crate::engine::{Dice, Seat, SeededDice};

/// Iterations per decision: each expands one decision (its moves listed and scored).
pub const ITERATIONS: u32 = 250;
/// Evaluation units that move a leaf's value from 50% to about 73% (the logistic's scale).
const SCALE: f64 = 12.0;
/// Visits a move's prior is worth.
const PRIOR_VISITS: f64 = 4.0;
/// The exploration constant of UCB1, small since the values are the heuristic's, not results.
const EXPLORE: f64 = 0.35;

/// A move (or a pass, `None`) of a decision, with what the search learned of it. Values are
/// the chance that the root's player wins, from 0 to 1.
struct Edge {
    mv: Option<Move>,
    prior: f64,
    visits: f64,
    total: f64,
    /// The decisions after it, one per 2d4 total of the next player (index = total − 2).
    next: [Option<usize>; 7],
}

/// A decision: the player to move and its moves for the total it rolled.
struct Node {
    seat: Seat,
    visits: f64,
    edges: Vec<Edge>,
}

struct Tree<'a> {
    board: &'a Board,
    me: Seat,
    nodes: Vec<Node>,
}

/// A score of the evaluation, for `me`, as a chance to win.
fn chance(value: f64) -> f64 {
    1.0 / (1.0 + (-value / SCALE).exp())
}

impl Tree<'_> {
    /// A new decision of `seat` rolling `steps` here, its moves scored; with its leaf value.
    fn expand(&mut self, position: &Position, seat: Seat, steps: usize) -> (usize, f64) {
        let moves = position.moves(self.board, seat, steps);
        let scored = |next: &Position| chance(evaluate_turn(self.board, next, self.me, 1 - seat));
        let edges: Vec<Edge> = if moves.is_empty() {
            let mut passed = position.clone();
            passed.clock(seat);
            vec![edge(None, scored(&passed))]
        } else {
            moves
                .iter()
                .map(|mv| edge(Some(*mv), scored(&after(position, seat, mv))))
                .collect()
        };
        let own = |p: f64| if seat == self.me { p } else { 1.0 - p };
        let value = own(edges.iter().map(|e| own(e.prior)).fold(0.0, f64::max));
        self.nodes.push(Node {
            seat,
            visits: 0.0,
            edges,
        });
        (self.nodes.len() - 1, value)
    }

    /// The edge UCB1 picks at `node`, its prior counted as visits.
    fn select(&self, node: usize) -> usize {
        let n = &self.nodes[node];
        let parent = (n.visits + 1.0).ln();
        let value = |e: &Edge| {
            let mean = (e.prior * PRIOR_VISITS + e.total) / (PRIOR_VISITS + e.visits);
            let own = if n.seat == self.me { mean } else { 1.0 - mean };
            own + EXPLORE * (parent / (e.visits + 1.0)).sqrt()
        };
        (0..n.edges.len())
            .max_by(|&a, &b| value(&n.edges[a]).total_cmp(&value(&n.edges[b])))
            .expect("a decision has an edge")
    }

    /// One iteration from the root: down to a new decision or a decided game, and back up.
    fn iterate(&mut self, root: &Position, dice: &mut SeededDice) {
        let mut position = root.clone();
        let mut path: Vec<(usize, usize)> = Vec::new();
        let mut node = 0;
        let value = loop {
            let edge = self.select(node);
            path.push((node, edge));
            let seat = self.nodes[node].seat;
            match self.nodes[node].edges[edge].mv {
                Some(mv) => position = after(&position, seat, &mv),
                None => {
                    position.clock(seat);
                }
            }
            if let Some(winner) = decided(&position) {
                break if winner == self.me { 1.0 } else { 0.0 };
            }
            let steps = roll(dice);
            if let Some(child) = self.nodes[node].edges[edge].next[steps - 2] {
                node = child;
            } else {
                let (child, value) = self.expand(&position, 1 - seat, steps);
                self.nodes[node].edges[edge].next[steps - 2] = Some(child);
                break value;
            }
        };
        for (node, edge) in path {
            self.nodes[node].visits += 1.0;
            let e = &mut self.nodes[node].edges[edge];
            e.visits += 1.0;
            e.total += value;
        }
    }
}

fn edge(mv: Option<Move>, prior: f64) -> Edge {
    Edge {
        mv,
        prior,
        visits: 0.0,
        total: 0.0,
        next: [None; 7],
    }
}

/// A 2d4 total.
fn roll(dice: &mut SeededDice) -> usize {
    usize::from(dice.roll(4) + dice.roll(4))
}

/// The move the search prefers for `me`, rolling `steps`, among `moves` (not empty): the most
/// visited, ties going to the better mean.
pub fn choose(board: &Board, position: &Position, me: Seat, steps: usize, seed: u64) -> Move {
    let mut tree = Tree {
        board,
        me,
        nodes: Vec::with_capacity(ITERATIONS as usize + 1),
    };
    tree.expand(position, me, steps);
    let mut dice = SeededDice::new(seed);
    if tree.nodes[0].edges.len() > 1 {
        for _ in 0..ITERATIONS {
            tree.iterate(position, &mut dice);
        }
    }
    let key = |e: &Edge| {
        (
            e.visits,
            (e.prior * PRIOR_VISITS + e.total) / (PRIOR_VISITS + e.visits),
        )
    };
    tree.nodes[0]
        .edges
        .iter()
        .max_by(|a, b| {
            let (a, b) = (key(a), key(b));
            a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1))
        })
        .and_then(|e| e.mv)
        .expect("the root has moves")
}
