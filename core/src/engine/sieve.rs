//! Sequential playouts, for the puzzles: a decision's choices are played out in rounds, a rival
//! leaves as soon as the best is significantly better than it, and the search stops as soon as
//! the question is settled. A clear decision is settled in a few hundred playouts per choice and
//! a close one dropped after the first round, where a fixed number per choice spent the most on
//! the choices that mattered least (a Wise Man's Stones turn has a hundred).
//!
//! Every round plays each remaining choice on the same dice (playout `i` of the round draws from
//! the same seed for every choice), and each round on new dice.

use super::rollout::{Chance, Estimate, Z95};
use super::{AnyGame, Level, Seat};

/// How to play a decision out in rounds.
#[derive(Clone, Copy, Debug)]
pub struct Rounds {
    /// The game's bot that plays every seat in the playouts.
    pub level: Level,
    /// Playouts per choice in a round.
    pub batch: u32,
    /// The most playouts per choice.
    pub most: u32,
    /// Where the dice come from; another seed, another sample.
    pub seed: u64,
}

/// What a round makes of a rival next to the best choice.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Step {
    /// Settled: the rival leaves the rounds.
    Beaten,
    /// The question is lost: stop now.
    Lost,
    /// Not settled yet.
    Open,
}

/// Whether playouts confirm `best` as a puzzle: it leads every other choice by at least `gap`
/// and is better than each at the 95% level. Stops early once a rival cannot be `gap` behind
/// (the lead's 95% upper bound is under it), first in a round against the closest rival alone
/// (`choices` strongest first). Every choice's chance when it was settled, if so.
pub fn confirm(
    game: &dyn AnyGame,
    seat: Seat,
    choices: &[String],
    best: &str,
    gap: f64,
    r: Rounds,
) -> Option<Vec<Chance>> {
    let judge = |top: &Estimate<String>, rival: &Estimate<String>| {
        let lead = top.chance() - rival.chance();
        if lead >= gap && top.gap_lower_bound(rival) > 0.0 {
            Step::Beaten
        } else if lead + Z95 * (top.variance() + rival.variance()).sqrt() < gap {
            Step::Lost
        } else {
            Step::Open
        }
    };
    // A hopeless candidate is dropped after one round against its closest rival alone (the
    // first other choice: callers list them strongest first), before every rival is played:
    // with twenty choices that is a tenth of the playouts a first round of all of them costs.
    if let Some(rival) = choices.iter().find(|c| *c != best) {
        let duel = [best.to_owned(), rival.clone()];
        let one = Rounds {
            most: r.batch.min(r.most),
            seed: r.seed.rotate_left(17),
            ..r
        };
        rounds(game, seat, &duel, best, one, judge)?;
    }
    let (open, settled) = rounds(game, seat, choices, best, r, judge)?;
    open.is_empty().then(|| settled.iter().map(chance).collect())
}

/// Whether a fresh evaluation still finds `best` the likeliest to win: rivals leave once
/// significantly worse, and the check fails at once if one is significantly better, or if one
/// still open after the most playouts is ahead.
pub fn keeps_best(game: &dyn AnyGame, seat: Seat, choices: &[String], best: &str, r: Rounds) -> bool {
    let judge = |top: &Estimate<String>, rival: &Estimate<String>| {
        if top.gap_lower_bound(rival) > 0.0 {
            Step::Beaten
        } else if rival.gap_lower_bound(top) > 0.0 {
            Step::Lost
        } else {
            Step::Open
        }
    };
    rounds(game, seat, choices, best, r, judge).is_some_and(|(open, settled)| {
        let top = settled
            .iter()
            .find(|e| e.action == best)
            .map_or(0.0, Estimate::chance);
        open.iter().all(|i| settled[*i].chance() <= top)
    })
}

/// Plays `choices` out in rounds until `judge` has settled every rival of `best` or lost, or the
/// most playouts are spent. `None` when lost (or `best` is not a choice); else the rivals still
/// open (indices) and every choice's playouts.
fn rounds(
    game: &dyn AnyGame,
    seat: Seat,
    choices: &[String],
    best: &str,
    r: Rounds,
    judge: impl Fn(&Estimate<String>, &Estimate<String>) -> Step + Copy,
) -> Option<(Vec<usize>, Vec<Estimate<String>>)> {
    let top = choices.iter().position(|c| c == best)?;
    let mut tallies: Vec<Estimate<String>> = choices
        .iter()
        .map(|c| Estimate {
            action: c.clone(),
            wins: 0.0,
            playouts: 0,
        })
        .collect();
    let mut open: Vec<usize> = (0..choices.len()).filter(|i| *i != top).collect();
    let batch = r.batch.clamp(1, r.most.max(1));
    let mut round = 0_u64;
    while !open.is_empty() && tallies[top].playouts < r.most {
        let playing: Vec<usize> = std::iter::once(top).chain(open.iter().copied()).collect();
        let ids: Vec<String> = playing.iter().map(|i| choices[*i].clone()).collect();
        let seed = r.seed.wrapping_add(round * u64::from(batch));
        for (i, c) in playing
            .iter()
            .zip(game.estimate(seat, &ids, r.level, batch, seed))
        {
            tallies[*i].wins += c.chance * f64::from(batch);
            tallies[*i].playouts += batch;
        }
        round += 1;
        let mut still = Vec::new();
        for i in open {
            match judge(&tallies[top], &tallies[i]) {
                Step::Lost => return None,
                Step::Beaten => {}
                Step::Open => still.push(i),
            }
        }
        open = still;
    }
    Some((open, tallies))
}

fn chance(e: &Estimate<String>) -> Chance {
    Chance {
        action: e.action.clone(),
        chance: e.chance(),
        margin: e.margin(),
        variance: e.variance(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::SeededDice;
    use crate::games::GameKind;

    /// Ishigaki's decision after die 1 (Stop or roll die 2), from a seeded game.
    fn decision(seed: u64) -> (Box<dyn AnyGame>, Seat, Vec<String>) {
        let kind = GameKind::from_id("ishigaki").unwrap();
        let mut dice = SeededDice::new(seed);
        let mut game = kind.new_game(&serde_json::json!({}), 2, &mut dice).unwrap();
        let bot = kind.bot(Level::Normal);
        let mut rng = SeededDice::new(seed);
        loop {
            let seat = game.to_act()[0];
            if let Some(w) = game.weigh(seat) {
                return (game, seat, w.choices.into_iter().map(|(id, _)| id).collect());
            }
            let a = bot.choose(game.as_ref(), seat, &mut rng);
            game.apply(seat, &a, &mut dice).unwrap();
        }
    }

    fn rounds_of(batch: u32, most: u32) -> Rounds {
        Rounds {
            level: Level::Normal,
            batch,
            most,
            seed: 9,
        }
    }

    #[test]
    fn a_choice_is_never_confirmed_over_itself_nor_kept_against_a_better_one() {
        let (game, seat, ids) = decision(3);
        let full = game.estimate(seat, &ids, Level::Normal, 400, 9);
        let (best, worst) = if full[0].chance >= full[1].chance {
            (0, 1)
        } else {
            (1, 0)
        };
        // A gap nothing can reach is never confirmed, whatever the playouts.
        assert_eq!(
            confirm(game.as_ref(), seat, &ids, &ids[best], 1.5, rounds_of(50, 400)),
            None
        );
        assert_eq!(
            confirm(game.as_ref(), seat, &ids, "nonsense", 0.0, rounds_of(50, 400)),
            None
        );
        // The likeliest is kept when the same dice are played in one round or in eight.
        assert!(keeps_best(
            game.as_ref(),
            seat,
            &ids,
            &ids[best],
            rounds_of(50, 400)
        ));
        assert!(keeps_best(
            game.as_ref(),
            seat,
            &ids,
            &ids[best],
            rounds_of(400, 400)
        ));
        assert!(!keeps_best(
            game.as_ref(),
            seat,
            &ids,
            &ids[worst],
            rounds_of(400, 400)
        ));
    }
}
