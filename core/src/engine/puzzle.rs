//! The puzzles' pure maths: which decision is a puzzle (one choice clearly best by the coach's
//! measure, and confirmed by playouts), how hard it is, which puzzle is a day's and which one a
//! player gets next. Storage, rating updates and the front ends are above the engine.

use super::coach::{Measure, Weighing};
use super::day::Day;
use super::rollout::Chance;
use super::sieve;
pub use super::sieve::{Lead, Rounds, keeps_best};
use super::steps::tokens;
use super::view::{Target, is_look};
use super::{AnyGame, Bot, Dice, Row, Seat, SeededDice, Tr};

/// The least lead of the best choice over the next, in winning chance, that makes a puzzle.
pub const MIN_GAP: f64 = 0.05;

/// A decision that may be a puzzle: the coach's best choice and its lead over the next one.
/// `None` unless the measure is a winning chance (solitaire is no puzzle), there are two
/// choices or more, and the lead is at least [`MIN_GAP`].
pub fn stands_out(w: &Weighing) -> Option<f64> {
    if w.measure != Measure::WinChance || w.choices.len() < 2 {
        return None;
    }
    let best = w.choices.iter().find(|(a, _)| *a == w.best)?.1;
    let second = w
        .choices
        .iter()
        .filter(|(a, _)| *a != w.best)
        .map(|(_, v)| *v)
        .fold(f64::NEG_INFINITY, f64::max);
    let gap = best - second;
    (gap >= MIN_GAP).then_some(gap)
}

/// How hard a puzzle is, 1 (the best move stands far out) to 5 (a close call among many).
pub fn difficulty(gap: f64, choices: usize) -> u8 {
    let by_gap: u8 = match gap {
        g if g >= 0.30 => 1,
        g if g >= 0.20 => 2,
        g if g >= 0.12 => 3,
        g if g >= 0.08 => 4,
        _ => 5,
    };
    // Many choices hide the best one a little more.
    (by_gap + u8::from(choices > 4)).min(5)
}

/// A new puzzle's rating on the players' scale (1500 the average), from its difficulty.
pub fn initial_rating(difficulty: u8) -> f64 {
    1500.0 + 200.0 * (f64::from(difficulty) - 3.0)
}

/// The day's puzzle among `count` (listed in a fixed order): the same for everyone, and a
/// different one from day to day as far as `count` allows.
pub fn daily_index(day: Day, count: usize) -> Option<usize> {
    let count = u64::try_from(count).ok().filter(|c| *c > 0)?;
    usize::try_from(mix(u64::from(day.number())) % count).ok()
}

/// The next puzzle for a player rated `rating`: among `(id, rating)` not yet answered, the one
/// rated nearest (the lower id on a tie).
pub fn nearest(rating: f64, puzzles: &[(i64, f64)], answered: &[i64]) -> Option<i64> {
    puzzles
        .iter()
        .filter(|(id, _)| !answered.contains(id))
        .min_by(|a, b| {
            (a.1 - rating)
                .abs()
                .total_cmp(&(b.1 - rating).abs())
                .then(a.0.cmp(&b.0))
        })
        .map(|(id, _)| *id)
}

/// A decision [`hunt`] found and playouts confirmed: the position, the seat to move, every
/// choice's estimated chance, the best and its paired lead over each other choice.
#[derive(Debug)]
pub struct Found {
    pub game: Box<dyn AnyGame>,
    pub seat: Seat,
    pub best: String,
    pub chances: Vec<Chance>,
    pub leads: Vec<(String, Lead)>,
    pub difficulty: u8,
}

/// Which decisions of a bot game are weighed by the coach at all: the coach's weighing plays
/// every choice out, which for Saizumi (every choice 16 times in four guessed decks, at each of
/// about a hundred decisions a game) costs far more than its puzzles' confirmations.
#[derive(Clone, Copy)]
pub enum Screen<'a> {
    /// Every decision.
    Every,
    /// Only those where the game's `strong` and `normal` bots choose differently: a position
    /// both play alike seldom has a move clearly better than the normal bot's own, which is the
    /// move the playouts already make.
    Disputed {
        strong: &'a dyn Bot,
        normal: &'a dyn Bot,
    },
}

impl Screen<'_> {
    /// Whether the coach should weigh `seat`'s decision in `game`.
    fn lets(&self, game: &dyn AnyGame, seat: Seat, seed: u64) -> bool {
        match self {
            Screen::Every => true,
            Screen::Disputed { strong, normal } => {
                let mut rng = SeededDice::new(seed);
                strong.choose(game, seat, &mut rng) != normal.choose(game, seat, &mut rng)
            }
        }
    }
}

/// Plays `game` on with `bots` (one per seat; `dice` the game's chance, `rng` the bots') until it
/// ends or a decision the coach finds clear (the cheap screen: its own weighing, of the
/// decisions `screen` lets through) is confirmed by playouts in rounds ([`sieve::confirm`]:
/// every other choice at least [`MIN_GAP`] behind and worse at the 95% level); that decision, if
/// any. Candidates not confirmed are played past.
pub fn hunt(
    game: &mut dyn AnyGame,
    bots: &[Box<dyn Bot>],
    dice: &mut dyn Dice,
    rng: &mut dyn Dice,
    search: Rounds,
    screen: Screen,
) -> Option<Found> {
    while game.outcome().is_none() {
        let seat = *game.to_act().first()?;
        let weighed = screen.lets(game, seat, search.seed).then(|| game.weigh(seat));
        if let Some(found) = weighed.flatten().and_then(|w| confirm(game, seat, &w, search)) {
            return Some(found);
        }
        let action = bots.get(seat)?.choose(game, seat, rng);
        game.apply(seat, &action, dice).ok()?;
    }
    None
}

/// The candidate `w` checked by playouts: a puzzle if it stands out and they confirm it.
fn confirm(game: &dyn AnyGame, seat: Seat, w: &Weighing, search: Rounds) -> Option<Found> {
    let gap = stands_out(w)?;
    // Strongest first: the sieve tries the closest rival alone before the others.
    let mut ranked = w.choices.clone();
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
    let ids: Vec<String> = ranked.into_iter().map(|(id, _)| id).collect();
    let settled = sieve::confirm(game, seat, &ids, &w.best, MIN_GAP, search)?;
    Some(Found {
        game: game.clone_box(),
        seat,
        best: w.best.clone(),
        difficulty: difficulty(gap, ids.len()),
        chances: settled.chances,
        leads: settled.leads,
    })
}

/// The most boards [`step_leads`] draws below one step: past them the step is kept (at worst it
/// leads to a board with only Back), so a deep tree of chains never holds an answer up.
const MOST_BOARDS: usize = 300;

/// Whether a step control with `draft`, on a puzzle's board drawn at draft `from`, belongs
/// there: a look (it only shows more of the board), a step back (to part of `from`), or a step
/// forward toward one of the puzzle's `choices`. A step toward none of them would lead the
/// player to moves that are not the puzzle's.
pub fn step_leads(game: &dyn AnyGame, from: &str, draft: &str, choices: &[&str], tr: &Tr) -> bool {
    let (at, to) = (tokens(from), tokens(draft));
    if is_look(draft) || (to.len() < at.len() && at.starts_with(&to)) {
        return true;
    }
    let mut boards = MOST_BOARDS;
    reaches(game, draft, choices, tr, &mut boards)
}

/// Whether the board at `draft` offers one of `choices`, or an enabled step deeper that leads
/// to one; `boards`: how many more it may draw.
fn reaches(game: &dyn AnyGame, draft: &str, choices: &[&str], tr: &Tr, boards: &mut usize) -> bool {
    let Some(left) = boards.checked_sub(1) else {
        return true;
    };
    *boards = left;
    let depth = tokens(draft).len();
    let view = game.view(None, draft, tr);
    let ids = view.rows.iter().flat_map(|row| match row {
        Row::Buttons { buttons } => buttons
            .iter()
            .filter(|b| !b.disabled)
            .map(|b| b.id.as_str())
            .collect(),
        Row::Select(_) => row.ids(),
    });
    let mut ids: Vec<&str> = ids.collect();
    // Moves first: a choice on this board answers without drawing any below it.
    ids.sort_by_key(|id| matches!(Target::of(id), Target::Step(_)));
    ids.into_iter().any(|id| match Target::of(id) {
        Target::Act(action) => choices.contains(&action),
        // Only deeper: a step back or a look never leads further down.
        Target::Step(next) => {
            !is_look(next) && tokens(next).len() > depth && reaches(game, next, choices, tr, boards)
        }
    })
}

/// SplitMix64's finaliser: consecutive days land far apart.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn weighing(measure: Measure, values: &[(&str, f64)], best: &str) -> Weighing {
        Weighing {
            measure,
            best: best.into(),
            choices: values.iter().map(|(a, v)| ((*a).into(), *v)).collect(),
            playouts: None,
        }
    }

    #[test]
    fn a_puzzle_needs_a_clear_lead_in_winning_chance() {
        let w = weighing(Measure::WinChance, &[("a", 0.40), ("b", 0.52), ("c", 0.46)], "b");
        assert!((stands_out(&w).unwrap() - 0.06).abs() < 1e-9);
        let close = weighing(Measure::WinChance, &[("a", 0.49), ("b", 0.52)], "b");
        assert_eq!(stands_out(&close), None);
        let solitaire = weighing(Measure::Rolls, &[("a", -9.0), ("b", -5.0)], "b");
        assert_eq!(stands_out(&solitaire), None);
        let single = weighing(Measure::WinChance, &[("a", 0.5)], "a");
        assert_eq!(stands_out(&single), None);
    }

    #[test]
    fn harder_puzzles_are_closer_calls_and_rated_higher() {
        assert_eq!(difficulty(0.35, 2), 1);
        assert_eq!(difficulty(0.06, 2), 5);
        assert_eq!(difficulty(0.15, 6), 4);
        assert!(initial_rating(5) > initial_rating(1));
        assert_eq!(initial_rating(3), 1500.0);
    }

    #[test]
    fn the_day_picks_the_same_puzzle_for_everyone_and_varies() {
        let day = |n| Day::new(n).unwrap();
        assert_eq!(daily_index(day(7), 100), daily_index(day(7), 100));
        assert_eq!(daily_index(day(7), 0), None);
        let picks: std::collections::BTreeSet<_> =
            (1..=30).filter_map(|n| daily_index(day(n), 100)).collect();
        assert!(picks.len() > 20, "30 days gave {} puzzles", picks.len());
        assert!(picks.iter().all(|i| *i < 100));
    }

    #[test]
    fn the_next_puzzle_is_the_nearest_unanswered() {
        let puzzles = [(1, 1100.0), (2, 1480.0), (3, 1560.0), (4, 1900.0)];
        assert_eq!(nearest(1500.0, &puzzles, &[]), Some(2));
        assert_eq!(nearest(1500.0, &puzzles, &[2]), Some(3));
        assert_eq!(nearest(1500.0, &puzzles, &[1, 2, 3, 4]), None);
    }

    /// Ninja's first decision is a ninja, then its destination: a puzzle about one move keeps
    /// only the step to that ninja, and Back from there.
    #[test]
    fn a_puzzles_steps_lead_only_to_its_choices() {
        use crate::engine::{Locale, SeededDice};
        use crate::games::GameKind;
        let kind = GameKind::from_id("ninja").unwrap();
        let mut dice = SeededDice::new(3);
        let mut game = kind.new_game(&serde_json::json!({}), 2, &mut dice).unwrap();
        let tr = Tr::new(Locale::En, &[]);
        let ids = |game: &dyn AnyGame, draft: &str| -> Vec<String> {
            let view = game.view(None, draft, &tr);
            view.rows
                .iter()
                .flat_map(|r| r.ids())
                .map(str::to_owned)
                .collect()
        };
        let root_steps = |game: &dyn AnyGame| -> Vec<String> {
            let root = ids(game, "");
            root.iter()
                .filter_map(|id| id.strip_prefix('~').map(str::to_owned))
                .collect()
        };
        // Played on to a decision made in steps (the opening may have none).
        let bot = kind.bot(crate::engine::Level::Easy);
        let mut rng = SeededDice::new(4);
        while root_steps(game.as_ref()).len() < 2 {
            let seat = game.to_act()[0];
            let action = bot.choose(game.as_ref(), seat, &mut rng);
            game.apply(seat, &action, &mut dice).unwrap();
        }
        let steps = root_steps(game.as_ref());
        let ids = |draft: &str| ids(game.as_ref(), draft);
        // The first move under the first step, however deep.
        let mut draft = steps[0].clone();
        let choice = loop {
            let here = ids(&draft);
            if let Some(act) = here.iter().find(|id| !id.starts_with('~') && *id != "resign") {
                break act.clone();
            }
            let deeper = here.iter().filter_map(|id| id.strip_prefix('~'));
            draft = deeper.max_by_key(|d| d.len()).expect("a step deeper").to_owned();
        };
        let kept: Vec<&String> = steps
            .iter()
            .filter(|d| step_leads(game.as_ref(), "", d, &[choice.as_str()], &tr))
            .collect();
        assert_eq!(kept, [&steps[0]], "{choice}");
        assert!(
            step_leads(game.as_ref(), &steps[0], "", &[choice.as_str()], &tr),
            "Back"
        );
        assert!(!step_leads(game.as_ref(), "", &steps[1], &["nothing"], &tr));
    }

    #[test]
    fn a_hunt_stops_at_a_clear_decision_that_playouts_confirm() {
        use crate::engine::{Level, SeededDice};
        use crate::games::GameKind;
        let kind = GameKind::from_id("cantstop").unwrap();
        let mut dice = SeededDice::new(5);
        let mut game = kind.new_game(&serde_json::json!({}), 2, &mut dice).unwrap();
        let bots = vec![kind.bot(Level::Strong), kind.bot(Level::Normal)];
        let search = Rounds {
            level: Level::Normal,
            batch: 40,
            most: 400,
            seed: 5,
        };
        let found = hunt(
            game.as_mut(),
            &bots,
            &mut dice,
            &mut SeededDice::new(6),
            search,
            Screen::Every,
        )
        .expect("a game of Can't Stop has a clear decision");
        assert!(found.game.to_act().contains(&found.seat));
        let w = found.game.weigh(found.seat).unwrap();
        assert_eq!(w.best, found.best, "the coach's best");
        assert!(stands_out(&w).is_some());
        assert_eq!(found.chances.len(), w.choices.len());
        assert!(found.chances.iter().any(|c| c.action == found.best));
        // Every other choice trails the best by at least MIN_GAP, significantly, on the paired
        // playouts that settled it.
        assert_eq!(found.leads.len(), w.choices.len() - 1);
        for (rival, lead) in &found.leads {
            assert_ne!(*rival, found.best);
            assert!(lead.clears(MIN_GAP), "{rival}: {lead:?}");
        }
        // The position is where the hunt stopped: the game played on no further.
        assert_eq!(game.snapshot(), found.game.snapshot());
        let ids: Vec<String> = w.choices.iter().map(|(a, _)| a.clone()).collect();
        let wrong = ids.iter().find(|a| **a != found.best).unwrap();
        let check = Rounds {
            level: Level::Normal,
            batch: 120,
            most: 120,
            seed: 77,
        };
        assert!(!keeps_best(found.game.as_ref(), found.seat, &ids, wrong, check));
    }

    /// Saizumi on a small budget, screened as the generator screens it: a puzzle is found on a
    /// fixed seed, its best move is legal in the position restored from its snapshot, and a
    /// fresh evaluation on another seed (and other guessed decks) keeps it.
    #[test]
    fn a_saizumi_hunt_finds_a_puzzle_that_a_fresh_check_keeps() {
        use crate::engine::{Level, SeededDice};
        use crate::games::GameKind;
        let kind = GameKind::from_id("saizumi").unwrap();
        let (strong, normal) = (kind.bot(Level::Strong), kind.bot(Level::Normal));
        let screen = Screen::Disputed {
            strong: strong.as_ref(),
            normal: normal.as_ref(),
        };
        let search = Rounds {
            level: Level::Normal,
            batch: 50,
            most: 300,
            seed: 11,
        };
        let mut dice = SeededDice::new(11);
        let mut game = kind.new_game(&serde_json::json!({}), 2, &mut dice).unwrap();
        let bots = vec![kind.bot(Level::Strong), kind.bot(Level::Normal)];
        let found = hunt(
            game.as_mut(),
            &bots,
            &mut dice,
            &mut SeededDice::new(12),
            search,
            screen,
        )
        .expect("a Saizumi game has a clear decision");
        let restored = kind.restore(&found.game.snapshot()).unwrap();
        let legal: Vec<String> = restored
            .choices(found.seat, &Tr::new(crate::engine::Locale::En, &[]))
            .into_iter()
            .map(|c| c.id)
            .collect();
        assert!(legal.contains(&found.best), "{} not in {legal:?}", found.best);
        let ids: Vec<String> = found.chances.iter().map(|c| c.action.clone()).collect();
        let check = Rounds {
            seed: 0x5eed,
            ..search
        };
        assert!(keeps_best(
            restored.as_ref(),
            found.seat,
            &ids,
            &found.best,
            check
        ));
        let wrong = ids.iter().find(|a| **a != found.best).unwrap();
        assert!(!keeps_best(restored.as_ref(), found.seat, &ids, wrong, check));
    }
}
