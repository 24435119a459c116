//! The Ishigaki Race computer player. The only decision is Stop or Roll die 2 after die 1.
//!
//! Normal and strong play solve the two-ninja race exactly (value iteration over both squares:
//! the mover's chance to win, counting the other's last turn and the roll-off) and use that table
//! pairwise with more ninjas. Roll-offs are searched to the end of the round. Easy play weighs
//! expected squares gained and lost, and now and then picks the other choice.

use crate::engine::bot::{Level, Strategy};
use crate::engine::{Dice, Measure, Msg, Seat, Weighing};
use crate::games::ishigaki::{Action, Effect, Ishigaki, Options, Phase, Roll, RollOff, rolloff_value};
use std::sync::{Arc, LazyLock, Mutex};

#[cfg(test)]
mod tests;

/// Boards up to this size are solved; taller custom boards fall back to the progress rule.
const SOLVED_GOAL: u8 = 40;
/// Differences below this are ties, settled for Stop.
const EPSILON: f64 = 1e-9;

pub struct IshigakiBot {
    level: Level,
    /// The solved tables for the last board seen (a bot usually plays one board).
    tables: Mutex<Option<Arc<Tables>>>,
}

impl IshigakiBot {
    pub fn new(level: Level) -> Self {
        Self {
            level,
            tables: Mutex::new(None),
        }
    }

    /// Stop or Roll die 2 for the die 1 showing (the game waits for a choice from its active seat).
    pub fn decide(&self, game: &Ishigaki, rng: &mut dyn Dice) -> Action {
        let Some(d1) = game.die1() else {
            return Action::Roll;
        };
        let die2 = match (self.level, game.phase()) {
            (Level::Easy, Phase::RollOff(_)) => {
                let die2: f64 = (1..=6)
                    .map(|d2| f64::from(rolloff_value(d1, Some(d2))))
                    .sum::<f64>()
                    / 6.0;
                die2 > f64::from(d1)
            }
            (Level::Easy, _) => prefers_die2(game, d1, |e| progress(game, e)),
            (_, Phase::RollOff(r)) => rolloff_prefers_die2(r, d1, self.first_roller_chance(game)),
            _ => match self.tables(game.options()) {
                Some(t) => prefers_die2(game, d1, |e| t.evaluate(game, e)),
                None => prefers_die2(game, d1, |e| progress(game, e)),
            },
        };
        // Easy play slips up one time in six.
        let die2 = if self.level == Level::Easy && rng.d6() == 1 {
            !die2
        } else {
            die2
        };
        if die2 { Action::RollDie2 } else { Action::Stop }
    }

    fn tables(&self, options: &Options) -> Option<Arc<Tables>> {
        if options.goal > SOLVED_GOAL {
            return None;
        }
        let mut cache = self
            .tables
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        match cache.as_ref() {
            Some(t) if t.options == *options => Some(t.clone()),
            _ => {
                let t = Arc::new(Tables::solve(options));
                *cache = Some(t.clone());
                Some(t)
            }
        }
    }

    fn first_roller_chance(&self, game: &Ishigaki) -> f64 {
        match self.tables(game.options()) {
            Some(t) => t.first_roller,
            None => first_roller_chance(),
        }
    }
}

impl Strategy<Ishigaki> for IshigakiBot {
    fn play(&self, game: &Ishigaki, _: Seat, rng: &mut dyn Dice) -> Action {
        self.decide(game, rng)
    }
}

/// The coach's own strong player, so the solved tables are kept between hints and reviews.
static COACH: LazyLock<IshigakiBot> = LazyLock::new(|| IshigakiBot::new(Level::Strong));

/// The mover's chance to win after Stop and after Roll die 2 (averaged over die 2), from the
/// solved race, with the strong player's choice. `None` before die 1, in a roll-off (searched,
/// not solved) and on boards too tall to solve.
pub fn weigh(game: &Ishigaki) -> Option<Weighing> {
    let d1 = game.die1()?;
    if matches!(game.phase(), Phase::RollOff(_) | Phase::Over { .. }) {
        return None;
    }
    let tables = COACH.tables(game.options())?;
    let mover = game.active();
    let stop = tables.evaluate(game, &game.effect(mover, d1, None));
    let die2 = (1..=6)
        .map(|d2| tables.evaluate(game, &game.effect(mover, d1, Some(d2))))
        .sum::<f64>()
        / 6.0;
    // The same rule as `prefers_die2`: a tie goes to Stop.
    let best = if die2 > stop + EPSILON {
        Action::RollDie2
    } else {
        Action::Stop
    };
    Some(Weighing {
        measure: Measure::WinChance,
        best: best.to_string(),
        choices: vec![
            (Action::Stop.to_string(), stop),
            (Action::RollDie2.to_string(), die2),
        ],
        playouts: None,
    })
}

/// The coach's advice: the strong player's choice and, where the race is solved, the chance to
/// win it leaves against the other choice's.
pub fn hint(game: &Ishigaki) -> Msg {
    if game.die1().is_none() {
        return Msg::new("ishigaki-hint-roll");
    }
    let pct = |v: f64| format!("{:.0}", v * 100.0);
    match weigh(game) {
        Some(w) => {
            let value = |id: &str| w.choices.iter().find(|(a, _)| a == id).map_or(0.0, |c| c.1);
            let (best, other) = if w.best == Action::RollDie2.to_string() {
                ("ishigaki-hint-die2", Action::Stop)
            } else {
                ("ishigaki-hint-stop", Action::RollDie2)
            };
            Msg::new(best)
                .arg("chance", pct(value(&w.best)))
                .arg("other", pct(value(&other.to_string())))
        }
        None => match COACH.decide(game, &mut crate::engine::ScriptedDice::new([])) {
            Action::RollDie2 => Msg::new("ishigaki-hint-die2-plain"),
            _ => Msg::new("ishigaki-hint-stop-plain"),
        },
    }
}

/// Does Roll die 2 score better than Stop, on average over die 2, by `score`?
fn prefers_die2(game: &Ishigaki, d1: u8, score: impl Fn(&Effect) -> f64) -> bool {
    let mover = game.active();
    let stop = score(&game.effect(mover, d1, None));
    let die2 = (1..=6)
        .map(|d2| score(&game.effect(mover, d1, Some(d2))))
        .sum::<f64>()
        / 6.0;
    die2 > stop + EPSILON
}

/// Expected squares: the mover's gain plus the others' losses (shared among them).
fn progress(game: &Ishigaki, effect: &Effect) -> f64 {
    let me = game.active();
    if !game.arrivals().is_empty() {
        // The final round: only reaching the goal counts.
        return if effect.arrives { 1.0 } else { 0.0 };
    }
    let others = (0..game.players())
        .filter(|&s| s != me && game.in_game(s) && !game.at_goal(s))
        .count()
        .max(1);
    effect
        .moves
        .iter()
        .map(|m| {
            let change = f64::from(m.to) - f64::from(m.from);
            if m.seat == me {
                change
            } else {
                -change / others as f64
            }
        })
        .sum()
}

/// The solved two-ninja race for one board.
struct Tables {
    options: Options,
    goal: usize,
    /// `win[a * goal + b]`: the mover's chance to win, the mover on a, the other on b.
    win: Vec<f64>,
    /// The chance to reach the goal in one turn from each square.
    reach: Vec<f64>,
    /// The chance of the first roller in a two-ninja roll-off.
    first_roller: f64,
}

impl Tables {
    fn solve(options: &Options) -> Self {
        let goal = usize::from(options.goal);
        let first_roller = first_roller_chance();
        let reach: Vec<f64> = (0..options.goal).map(|s| reach_chance(options, s)).collect();
        let mut win = vec![0.5; goal * goal];
        // Gauss–Seidel sweeps; every turn can make progress, so the values converge.
        for _ in 0..10_000 {
            let mut delta: f64 = 0.0;
            for a in 0..options.goal {
                for b in 0..options.goal {
                    let after = |d1: u8, d2: Option<u8>| -> f64 {
                        let (a2, b2) = match Roll::of(d1, d2) {
                            Roll::Climb(n) => {
                                let reached = a.saturating_add(n).min(options.goal);
                                if reached == options.goal {
                                    return 1.0 - reach[usize::from(b)] * first_roller;
                                }
                                (options.crumble(reached), b)
                            }
                            Roll::Slip => (options.crumble(a.saturating_sub(1)), b),
                            Roll::Doubles => {
                                let top = a.max(b);
                                let fall = |s: u8| {
                                    if s == top {
                                        options.crumble(s.saturating_sub(3))
                                    } else {
                                        s
                                    }
                                };
                                (fall(a), fall(b))
                            }
                        };
                        1.0 - win[usize::from(b2) * goal + usize::from(a2)]
                    };
                    let value = (1..=6u8)
                        .map(|d1| {
                            let die2 = (1..=6).map(|d2| after(d1, Some(d2))).sum::<f64>() / 6.0;
                            after(d1, None).max(die2)
                        })
                        .sum::<f64>()
                        / 6.0;
                    let i = usize::from(a) * goal + usize::from(b);
                    delta = delta.max((value - win[i]).abs());
                    win[i] = value;
                }
            }
            if delta < 1e-12 {
                break;
            }
        }
        Self {
            options: options.clone(),
            goal,
            win,
            reach,
            first_roller,
        }
    }

    /// The mover's chance after `effect`: exact with two ninjas racing, the product of the
    /// pairwise chances against each rival with more.
    fn evaluate(&self, game: &Ishigaki, effect: &Effect) -> f64 {
        let me = game.active();
        if !game.arrivals().is_empty() {
            // The final round: whatever happens in the roll-off, the goal must be reached now.
            return if effect.arrives { 1.0 } else { 0.0 };
        }
        let square = |s: Seat| {
            let moved = effect.moves.iter().find(|m| m.seat == s);
            usize::from(moved.map_or(game.square(s), |m| m.to))
        };
        (0..game.players())
            .filter(|&s| s != me && game.in_game(s))
            .map(|rival| {
                if effect.arrives {
                    1.0 - self.reach[square(rival)] * self.first_roller
                } else {
                    1.0 - self.win[square(rival) * self.goal + square(me)]
                }
            })
            .product()
    }
}

/// The chance to reach the goal in one turn from `square`, choosing for it.
fn reach_chance(options: &Options, square: u8) -> f64 {
    let reaches = |d1: u8, d2: Option<u8>| match Roll::of(d1, d2) {
        Roll::Climb(n) if square.saturating_add(n) >= options.goal => 1.0,
        _ => 0.0,
    };
    (1..=6u8)
        .map(|d1| {
            let die2 = (1..=6).map(|d2| reaches(d1, Some(d2))).sum::<f64>() / 6.0;
            reaches(d1, None).max(die2)
        })
        .sum::<f64>()
        / 6.0
}

/// The best of Stop and Roll die 2 for a roller with die 1 `d1`, by `chance` of each value.
fn best(d1: u8, chance: impl Fn(u8) -> f64) -> f64 {
    let die2 = (1..=6).map(|d2| chance(rolloff_value(d1, Some(d2)))).sum::<f64>() / 6.0;
    chance(d1).max(die2)
}

/// The first roller's chance in a two-ninja roll-off, both playing their best; a tie replays
/// the round in the same order, so the chance is a fixed point.
fn first_roller_chance() -> f64 {
    let mut w = 0.5;
    for _ in 0..1000 {
        let next = (1..=6u8)
            .map(|x1| {
                best(x1, |vx| {
                    let second = (1..=6u8)
                        .map(|y1| {
                            best(y1, |vy| match vy.cmp(&vx) {
                                std::cmp::Ordering::Greater => 1.0,
                                std::cmp::Ordering::Equal => 1.0 - w,
                                std::cmp::Ordering::Less => 0.0,
                            })
                        })
                        .sum::<f64>()
                        / 6.0;
                    1.0 - second
                })
            })
            .sum::<f64>()
            / 6.0;
        if (next - w).abs() < 1e-15 {
            return next;
        }
        w = next;
    }
    w
}

/// Searches the rest of the roll-off round: each later contender picks what is best for them.
fn rolloff_prefers_die2(r: &RollOff, d1: u8, first_roller: f64) -> bool {
    let me = r.values.len();
    let k = r.order.len();
    let mut values = r.values.clone();
    let mut share = |v: u8| {
        values.push(v);
        let s = round_shares(&mut values, k, first_roller)[me];
        values.pop();
        s
    };
    let stop = share(d1);
    let die2 = (1..=6).map(|d2| share(rolloff_value(d1, Some(d2)))).sum::<f64>() / 6.0;
    die2 > stop + EPSILON
}

/// Each contender's chance to win, given the values so far and best play by those still to roll.
fn round_shares(values: &mut Vec<u8>, k: usize, first_roller: f64) -> Vec<f64> {
    if values.len() == k {
        let top = values.iter().copied().max().unwrap_or(0);
        let tied: Vec<usize> = (0..k).filter(|&i| values[i] == top).collect();
        let mut shares = vec![0.0; k];
        match tied[..] {
            [only] => shares[only] = 1.0,
            [first, second] => {
                shares[first] = first_roller;
                shares[second] = 1.0 - first_roller;
            }
            _ => tied.iter().for_each(|&i| shares[i] = 1.0 / tied.len() as f64),
        }
        return shares;
    }
    let roller = values.len();
    let mut total = vec![0.0; k];
    for d1 in 1..=6u8 {
        let mut with = |v: u8| {
            values.push(v);
            let s = round_shares(values, k, first_roller);
            values.pop();
            s
        };
        let stop = with(d1);
        let mut die2 = vec![0.0; k];
        for d2 in 1..=6 {
            for (sum, s) in die2.iter_mut().zip(with(rolloff_value(d1, Some(d2)))) {
                *sum += s / 6.0;
            }
        }
        let pick = if die2[roller] > stop[roller] + EPSILON {
            die2
        } else {
            stop
        };
        for (sum, s) in total.iter_mut().zip(pick) {
            *sum += s / 6.0;
        }
    }
    total
}
