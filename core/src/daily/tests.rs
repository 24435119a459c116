use super::*;
use crate::engine::bot::Strategy;
use crate::engine::{Locale, Seat, Tr};
use crate::games::cantstop::{Action, bots};

/// Plays a one-seat game on `dice` with `strategy`, returning every roll in order and the log.
fn rolls_of(
    dice: &mut dyn Dice,
    strategy: &dyn Strategy<CantStop>,
    bot_seed: u64,
) -> (Vec<[u8; 4]>, Vec<LoggedAction>, Tally) {
    let mut game = CantStop::new(&Options::default(), 1, dice).unwrap();
    let mut bot_rng = SeededDice::new(bot_seed);
    let mut rolls = vec![];
    let mut tally = Tally::default();
    let mut log = vec![];
    let mut events = vec![];
    while game.outcome().is_none() {
        let action = strategy.play(&game, 0, &mut bot_rng);
        let before = rolls.len();
        let mut recording = crate::engine::RecordingDice::new(dice);
        events.clear();
        game.apply_events(0, &action, &mut recording, &mut events)
            .unwrap();
        let drawn = recording.drawn;
        for e in &events {
            tally.see(e);
            if let Event::Rolled { dice, .. } = e {
                rolls.push(*dice);
            }
        }
        assert!(rolls.len() <= before + 1);
        log.push(LoggedAction {
            seat: 0,
            action: action.to_string(),
            dice: drawn,
        });
    }
    (rolls, log, tally)
}

/// Banks after every move: the most cautious play, so its rolls fall at other moments of its
/// turns than a bolder player's.
struct Timid;

impl Strategy<CantStop> for Timid {
    fn play(&self, game: &CantStop, seat: Seat, rng: &mut dyn Dice) -> Action {
        let legal = game.legal_actions(seat);
        if legal.contains(&Action::Stop) {
            return Action::Stop;
        }
        legal
            .into_iter()
            .find(|a| matches!(a, Action::Move(_)))
            .unwrap_or_else(|| bots::strategy(Level::Easy).play(game, seat, rng))
    }
}

#[test]
fn the_nth_roll_of_a_day_is_the_same_whatever_was_chosen_before() {
    let seed = day_seed(0x00C0_FFEE, 12);
    let strong = bots::strategy(Level::Strong);
    let (bold, _, bold_tally) = rolls_of(&mut DailyDice::new(seed), strong.as_ref(), 1);
    let (timid, _, timid_tally) = rolls_of(&mut DailyDice::new(seed), &Timid, 2);
    assert_ne!(
        bold_tally.marks, timid_tally.marks,
        "the two players chose differently"
    );
    let common = bold.len().min(timid.len());
    assert!(common >= 10, "both played at least ten rolls");
    for (i, (b, t)) in bold.iter().zip(&timid).enumerate() {
        assert_eq!(b, t, "roll {i}");
        assert_eq!(*b, DailyDice::roll_at(seed, i as u64), "roll {i} is the day's");
    }
}

#[test]
fn days_and_secrets_give_other_dice() {
    let first = |seed| (0..8).map(|i| DailyDice::roll_at(seed, i)).collect::<Vec<_>>();
    assert_ne!(first(day_seed(7, 12)), first(day_seed(7, 13)), "another day");
    assert_ne!(
        first(day_seed(7, 12)),
        first(day_seed(PRACTICE_SECRET, 12)),
        "practice"
    );
    assert_eq!(first(day_seed(7, 12)), first(day_seed(7, 12)));
}

#[test]
fn resumed_dice_go_on_where_the_log_stopped() {
    let seed = day_seed(3, 40);
    let (rolls, log, _) = rolls_of(&mut DailyDice::new(seed), &Timid, 5);
    let half = &log[..log.len() / 2];
    let mut resumed = DailyDice::resume(seed, drawn(half));
    let next = half.iter().filter(|a| a.action == "roll").count();
    let again = [resumed.d6(), resumed.d6(), resumed.d6(), resumed.d6()];
    assert_eq!(again, rolls[next]);
}

#[test]
fn a_tally_counts_turns_and_busts_and_rebuilds_from_the_log() {
    let seed = day_seed(9, 3);
    let (_, log, tally) = rolls_of(
        &mut DailyDice::new(seed),
        bots::strategy(Level::Normal).as_ref(),
        4,
    );
    assert_eq!(Tally::of_log(&log), Some(tally.clone()));
    assert_eq!(tally.turns() as usize, tally.marks.len());
    assert_eq!(
        tally.busts() as usize,
        tally.marks.iter().filter(|b| !**b).count()
    );
    assert_eq!(
        tally.marks.last(),
        Some(&true),
        "a solitaire game ends by banking"
    );
    let mut bad = log.clone();
    bad[0].action = "fly".into();
    assert_eq!(Tally::of_log(&bad), None);
}

#[test]
fn par_is_the_strong_bots_turns_on_the_same_dice() {
    let seed = day_seed(11, 5);
    let strong = bots::strategy(Level::Strong);
    let (_, _, played) = rolls_of(&mut DailyDice::new(seed), strong.as_ref(), seed ^ 0x5EED_B075);
    assert_eq!(par(seed), played);
    assert_eq!(par(seed), par(seed));
}

#[test]
fn the_share_line_shows_turns_par_and_marks_only() {
    let tally = Tally {
        marks: vec![true, false, true],
    };
    assert_eq!(tally.squares(), "🟩🟥🟩");
    let line = Tr::new(Locale::En, &[]).msg(&share(12, &tally, 2));
    assert_eq!(line, "Can't Stop daily #12 · 3 turns (par 2) · 🟩🟥🟩");
}

#[test]
fn streaks_count_days_in_a_row() {
    assert_eq!(streaks(&[], 10), (0, 0));
    assert_eq!(streaks(&[8, 9, 10], 10), (3, 3));
    assert_eq!(streaks(&[8, 9], 10), (2, 2), "today is still open");
    assert_eq!(streaks(&[8, 9], 11), (0, 2), "yesterday was missed");
    assert_eq!(streaks(&[1, 2, 3, 5, 6], 6), (2, 3));
}
