//! Weighing a decision by playing it out. Each choice is made, then the game is played to its end
//! many times by a policy (a game's own bot), and the share of those games the seat wins
//! estimates the choice's winning chance, with a 95% margin. The coach of a game without an exact
//! measure and the puzzles' checks use it.
//!
//! Every choice is played out on the same dice (playout `i` of each choice draws from the same
//! seed), so the differences between choices come from the choices, not from luck.

use super::{Arg, Dice, Game, Measure, Msg, Outcome, Seat, SeededDice, Strategy, Tr, Weighing};

/// How to play a decision out.
pub struct Rollouts<'a, G: Game> {
    /// Who plays every seat after the choice, the deciding seat included.
    pub policy: &'a dyn Strategy<G>,
    /// Games played to the end per choice.
    pub playouts: u32,
    /// Where the dice and the policy's own chance come from; another seed, another sample.
    pub seed: u64,
    /// A playout still running after this many moves counts as lost (a guard, not a rule).
    pub max_moves: usize,
}

/// A choice's estimated winning chance.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate<A> {
    pub action: A,
    /// Games won, a shared win counting as its share.
    pub wins: f64,
    pub playouts: u32,
}

/// A playout guard long enough for any game's usual length.
pub const MAX_MOVES: usize = 5_000;

/// An [`Estimate`] with its action as an id, for the puzzles' checks ([`super::AnyGame::play_out`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Chance {
    pub action: String,
    pub chance: f64,
    /// Half the width of the chance's 95% interval.
    pub margin: f64,
    pub variance: f64,
}

/// The normal quantile of a two-sided 95% interval.
pub(super) const Z95: f64 = 1.96;

impl<A> Estimate<A> {
    /// The estimated chance to win, 0 to 1.
    pub fn chance(&self) -> f64 {
        self.wins / f64::from(self.playouts.max(1))
    }

    /// The variance of [`Estimate::chance`] (a proportion's, never below one playout's worth,
    /// so a choice that won every playout is not taken as certain).
    pub fn variance(&self) -> f64 {
        let n = f64::from(self.playouts.max(1));
        let p = self.chance();
        (p * (1.0 - p)).max(1.0 / n) / n
    }

    /// Half the width of the chance's 95% interval.
    pub fn margin(&self) -> f64 {
        Z95 * self.variance().sqrt()
    }
}

/// Each of `choices` played out for `seat`, one result per playout (1 a win, a shared win its
/// share, 0 otherwise), in the order given. Playout `i` of every choice starts from the same
/// `guess(game, seed)` of what `seat` cannot see (a deck's order) and draws the same dice, so
/// two choices' results pair up and their difference is tested on pairs.
pub fn paired<G: Game>(
    game: &G,
    seat: Seat,
    choices: &[G::Action],
    r: &Rollouts<G>,
    guess: impl Fn(&G, u64) -> G,
) -> Vec<Vec<f64>> {
    let mut results = vec![Vec::with_capacity(r.playouts as usize); choices.len()];
    for i in 0..r.playouts {
        let seed = r.seed.wrapping_add(u64::from(i));
        let world = guess(game, seed.rotate_left(29));
        for (action, row) in choices.iter().zip(&mut results) {
            row.push(playout(&world, seat, action, r, seed).0);
        }
    }
    results
}

/// `seat`'s decision weighed by playouts: every legal choice with its winning chance. The best is
/// the likeliest to win. `None` when the seat is not awaited or has one choice or none.
pub fn weigh<G: Game>(game: &G, seat: Seat, r: &Rollouts<G>) -> Option<Weighing> {
    weigh_sampled(game, seat, r, 1, |g, _| g.clone())
}

/// [`weigh`] over `worlds` guesses at what `seat` cannot see (a deck's order): `sample(game,
/// i)` builds the `i`-th, and each choice is played out `r.playouts / worlds` times in each, on
/// the same dice for every choice, so the coach never uses the hidden truth.
pub fn weigh_sampled<G: Game>(
    game: &G,
    seat: Seat,
    r: &Rollouts<G>,
    worlds: u32,
    sample: impl Fn(&G, u64) -> G,
) -> Option<Weighing> {
    weigh_within(game, seat, r, worlds, sample, usize::MAX)
}

/// [`weigh_sampled`] within about `budget` moves, so that a hint answers in bounded time
/// whatever the position. The playouts go in rounds, every choice once a round on the same dice
/// (round `k` in world `k mod worlds`). The first round plays the policy's own choice first and
/// stops at the budget once two choices have been played out (the others go unweighed); a later
/// round starts only below the budget and counts only if it finishes within it. So the work is
/// at most the budget and one playout. Unbounded (`usize::MAX`), every world has
/// `r.playouts / worlds` rounds of every choice.
pub fn weigh_within<G: Game>(
    game: &G,
    seat: Seat,
    r: &Rollouts<G>,
    worlds: u32,
    sample: impl Fn(&G, u64) -> G,
    budget: usize,
) -> Option<Weighing> {
    if !game.to_act().contains(&seat) {
        return None;
    }
    let choices = game.legal_actions(seat);
    if choices.len() < 2 {
        return None;
    }
    let worlds = worlds.max(1);
    let guesses: Vec<G> = (0..u64::from(worlds)).map(|w| sample(game, r.seed ^ w)).collect();
    let mut order: Vec<usize> = (0..choices.len()).collect();
    // Only a budget can leave choices unweighed, so only then is the policy's own choice (a
    // bot's whole decision, costly for Saizumi) looked up to go first.
    if budget != usize::MAX {
        let pick = r.policy.play(&guesses[0], seat, &mut SeededDice::new(r.seed));
        if let Some(first) = choices.iter().position(|a| *a == pick) {
            order[..=first].rotate_right(1);
        }
    }
    let (wins, playouts, weighed) = play_rounds(&guesses, seat, &choices, &order, r, budget);
    let estimates: Vec<Estimate<G::Action>> = choices
        .iter()
        .enumerate()
        .filter(|(c, _)| order[..weighed].contains(c))
        .map(|(c, action)| Estimate {
            action: action.clone(),
            wins: wins.iter().fold(0.0, |total, world| total + world[c]),
            playouts,
        })
        .collect();
    let best = estimates
        .iter()
        .fold(None::<&Estimate<G::Action>>, |best, e| match best {
            Some(b) if b.chance() >= e.chance() => Some(b),
            _ => Some(e),
        })?;
    Some(Weighing {
        measure: Measure::WinChance,
        best: best.action.to_string(),
        choices: estimates
            .iter()
            .map(|e| (e.action.to_string(), e.chance()))
            .collect(),
        playouts: Some(best.playouts),
    })
}

/// The rounds of [`weigh_within`]: the wins per world and choice (each world's summed in round
/// order), the rounds played, and how many choices of `order` the first round weighed.
fn play_rounds<G: Game>(
    guesses: &[G],
    seat: Seat,
    choices: &[G::Action],
    order: &[usize],
    r: &Rollouts<G>,
    budget: usize,
) -> (Vec<Vec<f64>>, u32, usize) {
    let worlds = guesses.len() as u32;
    let mut wins = vec![vec![0.0; choices.len()]; guesses.len()];
    let (mut rounds, mut weighed, mut moves) = (0, order.len(), 0);
    for round in 0..r.playouts / worlds * worlds {
        let world = (round % worlds) as usize;
        let seed = r.seed.wrapping_add((world as u64) << 32);
        let seed = seed.wrapping_add(u64::from(round / worlds));
        let mut shares = Vec::with_capacity(weighed);
        for (k, &c) in order[..weighed].iter().enumerate() {
            if moves >= budget && (round > 0 || k >= 2) {
                break;
            }
            let (share, played) = playout(&guesses[world], seat, &choices[c], r, seed);
            shares.push(share);
            moves += played;
        }
        if round == 0 {
            weighed = shares.len();
        } else if shares.len() < weighed {
            break;
        }
        for (&c, share) in order.iter().zip(shares) {
            wins[world][c] += share;
        }
        rounds += 1;
    }
    (wins, rounds, weighed)
}

/// A playout coach's hint for `seat`: from its weighing (`advice`), or, with nothing to weigh,
/// the one thing to do (`<game>-hint-only`). Moves are named by their labels, as their buttons
/// read, in every language.
pub fn hint<G: Game>(game: &G, seat: Seat, weighed: Option<Weighing>) -> Msg {
    match weighed {
        Some(w) => advice(game, &w),
        None => match game.legal_actions(seat).first() {
            Some(only) => Msg::new(format!("{}-hint-only", G::ID)).arg("action", label(game, only)),
            None => Msg::new("cli-no-hint"),
        },
    }
}

/// A move's label in every language (labels of these games name no seat).
fn label<G: Game>(game: &G, action: &G::Action) -> Arg {
    Arg::worded(|locale| game.label(action, &Tr::new(locale, &[])))
}

/// The coach's advice from a weighing by playouts, in the game's own words
/// (`<game>-hint-best`): the likeliest choice to win, its chance with its 95% margin, and the
/// runner-up's.
fn advice<G: Game>(game: &G, w: &Weighing) -> Msg {
    let pct = |v: f64| format!("{:.0}", v * 100.0);
    let playouts = w.playouts.unwrap_or(1);
    let named = |id: &str| {
        id.parse::<G::Action>()
            .map_or_else(|_| Arg::from(id), |a| label(game, &a))
    };
    let chance = w.choices.iter().find(|(a, _)| *a == w.best).map_or(0.0, |c| c.1);
    let (other, other_chance) = w
        .choices
        .iter()
        .filter(|(a, _)| *a != w.best)
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map_or((Arg::from(""), 0.0), |(a, v)| (named(a), *v));
    let margin = Estimate {
        action: (),
        wins: chance * f64::from(playouts),
        playouts,
    }
    .margin();
    Msg::new(format!("{}-hint-best", G::ID))
        .arg("action", named(&w.best))
        .arg("chance", pct(chance))
        .arg("margin", pct(margin))
        .arg("other", other)
        .arg("other_chance", pct(other_chance))
        .arg("playouts", playouts)
}

/// One game played out after `seat` chose `action`: 1 if `seat` won, its share of a shared win,
/// 0 otherwise (a lost, abandoned or endless game; a solitaire result is not a win); with the
/// moves it took, the choice included.
fn playout<G: Game>(game: &G, seat: Seat, action: &G::Action, r: &Rollouts<G>, seed: u64) -> (f64, usize) {
    let mut game = game.clone();
    let mut dice = SeededDice::new(seed);
    let mut events = Vec::new();
    if game.apply_events(seat, action, &mut dice, &mut events).is_err() {
        return (0.0, 1);
    }
    let mut moves = 1;
    for _ in 0..r.max_moves {
        if game.outcome().is_some() {
            break;
        }
        let Some(next) = game.first_to_act() else { break };
        let action = r.policy.play(&game, next, &mut dice as &mut dyn Dice);
        events.clear();
        moves += 1;
        if game.apply_events(next, &action, &mut dice, &mut events).is_err() {
            return (0.0, moves);
        }
    }
    let share = match game.outcome() {
        Some(Outcome::Won { winners }) if winners.contains(&seat) => 1.0 / winners.len() as f64,
        _ => 0.0,
    };
    (share, moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn est(wins: f64, playouts: u32) -> Estimate<&'static str> {
        Estimate {
            action: "x",
            wins,
            playouts,
        }
    }

    #[test]
    fn the_margin_shrinks_with_more_playouts() {
        assert!((est(50.0, 100).margin() - 0.098).abs() < 0.001);
        assert!((est(500.0, 1000).margin() - 0.031).abs() < 0.001);
        // A clean sweep is not certainty.
        assert!(est(10.0, 10).margin() > 0.15);
    }

    /// Can't Stop's first decision from seed 3, after the forced first roll.
    fn a_decision() -> (crate::games::cantstop::CantStop, Seat) {
        use crate::games::cantstop::CantStop;
        let mut dice = SeededDice::new(3);
        let mut game = CantStop::set_up(&crate::games::cantstop::Options::default(), 2, &mut dice).unwrap();
        let seat = game.first_to_act().unwrap();
        while let [only] = &game.legal_actions(seat)[..] {
            game.apply_events(seat, &only.clone(), &mut dice, &mut Vec::new())
                .unwrap();
        }
        (game, seat)
    }

    #[test]
    fn a_decision_is_weighed_on_the_same_dice_for_every_choice() {
        use crate::engine::Level;
        use crate::games::cantstop::CantStop;
        let (game, seat) = a_decision();
        let policy = CantStop::strategy(Level::Normal);
        let r = |seed| Rollouts {
            policy: policy.as_ref(),
            playouts: 40,
            seed,
            max_moves: 2_000,
        };
        let w = weigh(&game, seat, &r(1)).expect("the first roll offers choices");
        assert_eq!(w.choices.len(), game.legal_actions(seat).len());
        let best = w.choices.iter().map(|(_, v)| *v).fold(0.0, f64::max);
        assert_eq!(w.choices.iter().find(|(a, _)| *a == w.best).unwrap().1, best);
        assert!(w.choices.iter().all(|(_, v)| (0.0..=1.0).contains(v)));
        // The same seed is the same sample; another seed, another one.
        assert_eq!(weigh(&game, seat, &r(1)), Some(w.clone()));
        assert_ne!(weigh(&game, seat, &r(99)).unwrap().choices, w.choices);
    }

    #[test]
    fn a_budget_ends_the_rounds_of_playouts_early() {
        use crate::engine::Level;
        use crate::games::cantstop::CantStop;
        let (game, seat) = a_decision();
        let policy = CantStop::strategy(Level::Normal);
        let r = Rollouts {
            policy: policy.as_ref(),
            playouts: 40,
            seed: 1,
            max_moves: 2_000,
        };
        let within = |budget| weigh_within(&game, seat, &r, 1, |g, _| g.clone(), budget).expect("weighed");
        let rounds = |budget| within(budget).playouts.expect("by playouts");
        // Unbounded, every choice has every round, as `weigh` does.
        let all = within(usize::MAX);
        assert_eq!(rounds(usize::MAX), 40);
        assert_eq!(Some(all.clone()), weigh(&game, seat, &r));
        // Out of budget at once: one round of two choices, the policy's own first.
        let least = within(0);
        assert_eq!(least.playouts, Some(1));
        let pick = policy.play(&game, seat, &mut SeededDice::new(1)).to_string();
        let weighed: Vec<&str> = least.choices.iter().map(|(a, _)| a.as_str()).collect();
        assert_eq!(weighed.len(), 2);
        assert!(weighed.contains(&pick.as_str()), "{pick} in {weighed:?}");
        // A game is over a hundred moves, so a few thousand moves are a few whole rounds.
        let some = within(5_000);
        assert_eq!(some.choices.len(), all.choices.len());
        let some = rounds(5_000);
        assert!((2..40).contains(&some), "{some} rounds");
        assert!(rounds(2_500) <= some && some <= rounds(10_000));
    }

    #[test]
    fn the_advice_names_the_best_its_margin_and_the_runner_up() {
        use crate::games::cantstop::CantStop;
        let game = CantStop::set_up(
            &crate::games::cantstop::Options::default(),
            2,
            &mut SeededDice::new(3),
        )
        .unwrap();
        let w = Weighing {
            measure: Measure::WinChance,
            best: "y".into(),
            choices: vec![("x".into(), 0.25), ("y".into(), 0.5), ("z".into(), 0.125)],
            playouts: Some(100),
        };
        let said = advice(&game, &w);
        let text = |v: &str| Arg::Text(v.into());
        assert_eq!(said.args["action"], text("y"));
        assert_eq!(said.args["chance"], text("50"));
        // 1.96 × √(0.5 × 0.5 / 100): the best's own margin, not the runner-up's.
        assert_eq!(said.args["margin"], text("10"));
        assert_eq!(said.args["other"], text("x"));
        assert_eq!(said.args["other_chance"], text("25"));
    }
}
