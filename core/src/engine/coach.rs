//! The coach's interface. A game with a coach weighs a seat's decision the way its strongest
//! player does ([`Weighing`]) and says in words what that player would do ([`super::Game::hint`]).
//! [`review`] replays a finished game's log and lists the decisions where a player chose
//! otherwise, with what each cost in the coach's own measure, biggest first.

use super::{AnyGame, LoggedAction, Msg, RestoreError, Seat, Tr};

/// What a coach's values mean.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// The chance to win, 0 to 1.
    WinChance,
    /// Minus the expected rolls still needed to finish (solitaire: fewer is better).
    Rolls,
}

/// A decision as the coach sees it: every choice (by action id) with its value, higher better,
/// and the choice the strong player makes (ties settled its way).
#[derive(Clone, Debug, PartialEq)]
pub struct Weighing {
    pub measure: Measure,
    pub best: String,
    pub choices: Vec<(String, f64)>,
    /// Games played out per choice when the values are estimates by playouts
    /// ([`super::rollout`]); `None` when they are the strong player's own reckoning.
    pub playouts: Option<u32>,
}

impl Weighing {
    /// How much worse `action` is than the best choice; `None` if it was not weighed.
    pub fn cost(&self, action: &str) -> Option<f64> {
        let value = |id: &str| self.choices.iter().find(|(a, _)| a == id).map(|(_, v)| *v);
        Some(value(&self.best)? - value(action)?)
    }
}

/// A decision where the player chose otherwise than the coach.
#[derive(Clone, Debug, PartialEq)]
pub struct Slip {
    /// The move's number in the log, from 1.
    pub step: usize,
    pub seat: Seat,
    /// The choice made and the coach's, as their buttons read.
    pub taken: String,
    pub best: String,
    /// The action ids behind them.
    pub taken_id: String,
    pub best_id: String,
    pub cost: f64,
    pub measure: Measure,
    /// Games played out per choice, when the cost is an estimate by playouts.
    pub playouts: Option<u32>,
    /// Half the width of the cost's 95% interval (0 when it is not an estimate).
    pub margin: f64,
}

/// Differences smaller than this are ties, not slips.
const TIE: f64 = 1e-9;

impl Slip {
    /// The slip in words, naming its measure ("#12 ann chose … ; the strong bot … : 4.1 points
    /// of winning chance", or "played out 24 times each, … won 4.1 points (± 9.0) more often").
    pub fn describe(&self) -> Msg {
        let points = |v: f64| format!("{:.1}", v * 100.0);
        let msg = match (self.measure, self.playouts) {
            (Measure::WinChance, Some(n)) => Msg::new("coach-slip-playouts")
                .arg("playouts", n)
                .arg("margin", points(self.margin)),
            (Measure::WinChance, None) => Msg::new("coach-slip-chance"),
            (Measure::Rolls, _) => Msg::new("coach-slip-rolls"),
        };
        let cost = match self.measure {
            Measure::WinChance => points(self.cost),
            Measure::Rolls => format!("{:.2}", self.cost),
        };
        msg.arg("step", self.step)
            .seat("player", self.seat)
            .arg("taken", self.taken.as_str())
            .arg("best", self.best.as_str())
            .arg("cost", cost)
    }
}

/// Half the width of the 95% interval of the gap between two chances each estimated by
/// `playouts` games (as if independent: the shared dice only narrow it, so this errs wide).
fn gap_margin(a: f64, b: f64, playouts: Option<u32>) -> f64 {
    let Some(n) = playouts else { return 0.0 };
    let variance = |p: f64| {
        super::rollout::Estimate {
            action: (),
            wins: p * f64::from(n),
            playouts: n,
        }
        .variance()
    };
    super::rollout::Z95 * (variance(a) + variance(b)).sqrt()
}

/// Replays `log` onto `game` (freshly set up) and lists every decision the coach would have made
/// otherwise, costliest first (ties in log order). Labels are in `tr`'s language.
pub fn review(game: &mut dyn AnyGame, log: &[LoggedAction], tr: &Tr) -> Result<Vec<Slip>, RestoreError> {
    let mut slips = Vec::new();
    for (i, entry) in log.iter().enumerate() {
        if let Some(w) = game.weigh(entry.seat)
            && entry.action != w.best
            && let Some(cost) = w.cost(&entry.action).filter(|c| *c > TIE)
        {
            let choices = game.choices(entry.seat, tr);
            let label = |id: &str| {
                choices
                    .iter()
                    .find(|c| c.id == id)
                    .map_or_else(|| id.to_owned(), |c| c.label.clone())
            };
            let value = |id: &str| w.choices.iter().find(|(a, _)| a == id).map_or(0.0, |c| c.1);
            slips.push(Slip {
                step: i + 1,
                seat: entry.seat,
                taken: label(&entry.action),
                best: label(&w.best),
                taken_id: entry.action.clone(),
                best_id: w.best.clone(),
                cost,
                measure: w.measure,
                playouts: w.playouts,
                margin: gap_margin(value(&w.best), value(&entry.action), w.playouts),
            });
        }
        super::replay_entry(game, i, entry)?;
    }
    slips.sort_by(|a, b| b.cost.total_cmp(&a.cost));
    Ok(slips)
}
