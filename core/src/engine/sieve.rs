//! Sequential playouts, for the puzzles: a decision's choices are played out in rounds, a rival
//! leaves as soon as the best is significantly better than it, and the search stops as soon as
//! the question is settled, either way. A clear decision is settled in a few hundred playouts per
//! choice; a candidate is dropped as soon as one rival can no longer be shown 5 points behind
//! within the most playouts, where a fixed number per choice spent the most on the choices that
//! mattered least (a Wise Man's Stones turn has a hundred, a Saizumi place twenty-seven).
//!
//! Every round plays each remaining choice on the same dice and the same guess of the unseen
//! (playout `i` of the round draws from the same seed for every choice), and each round on new
//! ones. So the best and a rival are compared playout by playout (a paired test): the luck both
//! share cancels, which settles a gap in far fewer playouts than two separate samples would.

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

/// How much more often the best choice won than a rival, over the playouts both played on the
/// same dice.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lead {
    /// The mean of the paired differences, −1 to 1.
    pub mean: f64,
    /// Their standard deviation per playout (never below one playout's worth, so a lead seen
    /// on every playout is not taken as certain).
    pub spread: f64,
    pub playouts: u32,
}

impl Lead {
    /// The lead of `top` over `rival`, pairing playout `i` of each (the rival's may be fewer:
    /// it left the rounds earlier).
    pub fn of(top: &[f64], rival: &[f64]) -> Self {
        let n = top.len().min(rival.len());
        let count = f64::from(u32::try_from(n).unwrap_or(u32::MAX).max(1));
        let diffs = || top.iter().zip(rival).map(|(a, b)| a - b);
        let mean = diffs().sum::<f64>() / count;
        let squares: f64 = diffs().map(|d| (d - mean).powi(2)).sum();
        let variance = (squares / (count - 1.0).max(1.0)).max(1.0 / count);
        Self {
            mean,
            spread: variance.sqrt(),
            playouts: u32::try_from(n).unwrap_or(u32::MAX),
        }
    }

    fn error(&self) -> f64 {
        self.spread / f64::from(self.playouts.max(1)).sqrt()
    }

    /// The lower end of the lead's 95% interval: above zero, the best is better at that level.
    pub fn lower(&self) -> f64 {
        self.mean - Z95 * self.error()
    }

    /// The upper end of the lead's 95% interval.
    pub fn upper(&self) -> f64 {
        self.mean + Z95 * self.error()
    }

    /// Whether the lead is at least `gap` and significant at the 95% level.
    pub fn clears(&self, gap: f64) -> bool {
        self.mean >= gap && self.lower() > 0.0
    }

    /// Whether the lead can no longer clear `gap` by `most` playouts: its 95% interval lies
    /// under `gap`, or, were the lead seen so far the truth, the playouts still to come would
    /// reach what the last look needs less than one time in forty (the upper end of their own 95%
    /// interval falls short). Giving up only ever drops a candidate, so it never makes a puzzle
    /// of a close call; it only spares the playouts a lost one would spend.
    pub fn hopeless(&self, gap: f64, most: u32) -> bool {
        if self.upper() < gap {
            return true;
        }
        let (done, most) = (f64::from(self.playouts.max(1)), f64::from(most));
        let left = most - done;
        if left < 1.0 {
            return !self.clears(gap);
        }
        // The final lead must reach `gap` and its own significance.
        let target = gap.max(Z95 * self.spread / most.sqrt());
        let needed = (most * target - done * self.mean) / left;
        needed > self.mean + Z95 * self.spread / left.sqrt()
    }
}

/// What the playouts settled of a confirmed choice.
#[derive(Clone, Debug, PartialEq)]
pub struct Confirmed {
    /// Every choice's chance over its playouts.
    pub chances: Vec<Chance>,
    /// The best's paired lead over each other choice, on the playouts that settled it.
    pub leads: Vec<(String, Lead)>,
}

/// Whether playouts confirm `best` as a puzzle: it leads every other choice by at least `gap`
/// and is better than each at the 95% level. Stops early once a rival cannot be shown `gap`
/// behind within the most playouts ([`Lead::hopeless`]), first in a round against the closest
/// rival alone (`choices` strongest first). What they settled, if so.
pub fn confirm(
    game: &dyn AnyGame,
    seat: Seat,
    choices: &[String],
    best: &str,
    gap: f64,
    r: Rounds,
) -> Option<Confirmed> {
    let judge = |lead: &Lead| {
        if lead.clears(gap) {
            Step::Beaten
        } else if lead.hopeless(gap, r.most) {
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
    let top = &settled.iter().find(|t| t.action == best)?.results;
    // A rival's playouts pair with the best's first ones: the lead it left the rounds on.
    let leads = settled
        .iter()
        .filter(|t| t.action != best)
        .map(|t| (t.action.clone(), Lead::of(top, &t.results)))
        .collect();
    open.is_empty().then(|| Confirmed {
        chances: settled.iter().map(chance).collect(),
        leads,
    })
}

/// Whether a fresh evaluation still finds `best` the likeliest to win: rivals leave once
/// significantly worse, and the check fails at once if one is significantly better, or if one
/// still open after the most playouts is ahead.
pub fn keeps_best(game: &dyn AnyGame, seat: Seat, choices: &[String], best: &str, r: Rounds) -> bool {
    let judge = |lead: &Lead| {
        if lead.lower() > 0.0 {
            Step::Beaten
        } else if lead.upper() < 0.0 {
            Step::Lost
        } else {
            Step::Open
        }
    };
    rounds(game, seat, choices, best, r, judge).is_some_and(|(open, settled)| {
        let top = settled.iter().position(|e| e.action == best);
        open.iter()
            .all(|i| top.is_some_and(|t| Lead::of(&settled[t].results, &settled[*i].results).mean >= 0.0))
    })
}

/// One choice's playouts so far, one result each.
struct Tally {
    action: String,
    results: Vec<f64>,
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
    judge: impl Fn(&Lead) -> Step,
) -> Option<(Vec<usize>, Vec<Tally>)> {
    let top = choices.iter().position(|c| c == best)?;
    let mut tallies: Vec<Tally> = choices
        .iter()
        .map(|c| Tally {
            action: c.clone(),
            results: Vec::new(),
        })
        .collect();
    let mut open: Vec<usize> = (0..choices.len()).filter(|i| *i != top).collect();
    let batch = r.batch.clamp(1, r.most.max(1));
    let mut round = 0_u64;
    while !open.is_empty() && tallies[top].results.len() < r.most as usize {
        let playing: Vec<usize> = std::iter::once(top).chain(open.iter().copied()).collect();
        let ids: Vec<String> = playing.iter().map(|i| choices[*i].clone()).collect();
        let seed = r.seed.wrapping_add(round * u64::from(batch));
        for (i, results) in playing
            .iter()
            .zip(game.play_out(seat, &ids, r.level, batch, seed))
        {
            tallies[*i].results.extend(results);
        }
        round += 1;
        let mut still = Vec::new();
        for i in open {
            match judge(&Lead::of(&tallies[top].results, &tallies[i].results)) {
                Step::Lost => return None,
                Step::Beaten => {}
                Step::Open => still.push(i),
            }
        }
        open = still;
    }
    Some((open, tallies))
}

/// A choice's chance to win over its playouts, with its own 95% margin.
fn chance(t: &Tally) -> Chance {
    let e = Estimate {
        action: (),
        wins: t.results.iter().sum(),
        playouts: u32::try_from(t.results.len()).unwrap_or(u32::MAX),
    };
    Chance {
        action: t.action.clone(),
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

    /// A choice that won `wins` of 100 playouts, sampled apart from the others.
    fn est(wins: f64) -> Estimate<()> {
        Estimate {
            action: (),
            wins,
            playouts: 100,
        }
    }

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
    fn a_paired_lead_cancels_the_luck_both_choices_share() {
        // The best wins wherever the rival does, and 10 more playouts of 100.
        let rival: Vec<f64> = (0..100).map(|i| f64::from(u8::from(i % 2 == 0))).collect();
        let top: Vec<f64> = (0..100)
            .map(|i| f64::from(u8::from(i % 2 == 0 || i % 10 == 1)))
            .collect();
        let lead = Lead::of(&top, &rival);
        assert!((lead.mean - 0.10).abs() < 1e-9);
        // Two separate samples of 50% and 60% are not told apart by 100 playouts; the pairs are.
        let (sixty, fifty) = (est(60.0), est(50.0));
        let apart = sixty.chance() - fifty.chance() - Z95 * (sixty.variance() + fifty.variance()).sqrt();
        assert!(apart < 0.0 && lead.lower() > 0.0, "{apart} {lead:?}");
        assert!(lead.clears(0.05) && !lead.clears(0.11));
        // The same results are no lead, and not certainly none either.
        let same = Lead::of(&rival, &rival);
        assert!(same.mean == 0.0 && same.upper() > 0.0);
    }

    #[test]
    fn a_lead_is_hopeless_only_when_the_playouts_left_cannot_clear_the_gap() {
        let lead = |mean: f64, spread: f64, playouts: u32| Lead {
            mean,
            spread,
            playouts,
        };
        // No lead after 100 of 1,000 playouts cannot become 5 points; 4 points still may.
        assert!(lead(0.0, 0.3, 100).hopeless(0.05, 1000));
        assert!(!lead(0.04, 0.3, 100).hopeless(0.05, 1000));
        // The same 4 points with only a tenth of the playouts left cannot.
        assert!(lead(0.04, 0.3, 900).hopeless(0.05, 1000));
        // At the limit, only a cleared lead is not lost.
        assert!(lead(0.04, 0.3, 1000).hopeless(0.05, 1000));
        assert!(!lead(0.06, 0.3, 1000).hopeless(0.05, 1000));
    }

    #[test]
    fn a_choice_is_never_confirmed_over_itself_nor_kept_against_a_better_one() {
        let (game, seat, ids) = decision(3);
        let full = game.play_out(seat, &ids, Level::Normal, 400, 9);
        let (best, worst) = if Lead::of(&full[0], &full[1]).mean >= 0.0 {
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
