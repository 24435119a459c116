//! Fuzzing records: every registered game set up and replayed from records that are garbage
//! (options, seat counts, set-up dice, actions of any shape) or nearly legal (a real game's
//! record with a die changed, dropped or added, a seat or action swapped, an entry inserted).
//! Each must come back as a game or a [`RestoreError`] worded in the catalogue, and never roll
//! more than [`ROLLS`] dice for one set-up or action: a rule that rerolls until something happens
//! must stop when a record's dice run out, or a corrupt record hangs the bot.
//!
//! `SAIKORO_FUZZ_CASES` sets the number of records per kind (16 by default); a long run:
//! `SAIKORO_FUZZ_CASES=5000 cargo test -p saikoro-core games::fuzz_records`.

use super::GameKind;
use crate::engine::{
    self, AnyGame, Dice, Locale, LoggedAction, RecordingDice, RestoreError, ScriptedDice, Seat, SeededDice,
    Tr, text,
};
use proptest::prelude::*;
use serde_json::{Value, json};

/// Far more dice than any game draws for one set-up or action; more means a loop that does not
/// end on the record's dice.
const ROLLS: usize = 1_000;

/// A record's dice (lenient, as replays use them) that fail the case past [`ROLLS`] rolls.
struct Capped {
    inner: ScriptedDice,
    rolls: usize,
}

impl Capped {
    fn new(values: &[u8]) -> Self {
        Self {
            inner: ScriptedDice::new(values.iter().copied()).lenient(),
            rolls: 0,
        }
    }
}

impl Dice for Capped {
    fn roll(&mut self, sides: u8) -> u8 {
        self.rolls += 1;
        assert!(
            self.rolls <= ROLLS,
            "more than {ROLLS} dice drawn from a record: a reroll that never ends"
        );
        self.inner.roll(sides)
    }

    fn ran_out(&self) -> bool {
        self.inner.ran_out()
    }
}

/// Rebuilds the record as [`GameKind::set_up_again`] and [`engine::replay`] do, through
/// [`Capped`] dice: it ends, or the case fails. Says whether it rebuilt.
fn rebuilds_within_the_cap(kind: GameKind, r: &Record) -> bool {
    let mut dice = Capped::new(&r.setup_dice);
    let Ok(mut game) = kind.new_game(&r.options, r.players, &mut dice) else {
        return false;
    };
    if dice.inner.overrun() || dice.inner.remaining() != 0 {
        return false;
    }
    r.actions.iter().all(|entry| {
        let mut dice = Capped::new(&entry.dice);
        let applied = game.apply(entry.seat, &entry.action, &mut dice).is_ok();
        applied && !dice.inner.overrun() && dice.inner.remaining() == 0
    })
}

/// What a record holds.
#[derive(Clone, Debug)]
struct Record {
    options: Value,
    players: usize,
    setup_dice: Vec<u8>,
    actions: Vec<LoggedAction>,
}

/// The production path: set up again, then the log replayed.
fn restore(kind: GameKind, r: &Record) -> Result<Box<dyn AnyGame>, RestoreError> {
    let mut game = kind.set_up_again(&r.options, r.players, &r.setup_dice)?;
    engine::replay(game.as_mut(), &r.actions)?;
    Ok(game)
}

/// A real game's record: `picks` choose each move among the awaited seats' legal ones.
fn honest(kind: GameKind, options: &Value, players: usize, seed: u64, picks: &[usize]) -> Option<Record> {
    let mut live = SeededDice::new(seed);
    let mut setup = RecordingDice::new(&mut live);
    let mut game = kind.new_game(options, players, &mut setup).ok()?;
    let setup_dice = setup.drawn;
    let tr = Tr::new(Locale::En, &[]);
    let mut actions = vec![];
    for pick in picks {
        let awaited = game.to_act();
        let Some(&seat) = awaited.get(pick % awaited.len().max(1)) else {
            break;
        };
        let choices = game.choices(seat, &tr);
        let action = choices
            .get(pick % choices.len().max(1))
            .map_or(engine::RESIGN, |c| &c.id);
        let (_, logged) = engine::apply_logged(game.as_mut(), seat, action, &mut live).ok()?;
        actions.push(logged);
    }
    Some(Record {
        options: options.clone(),
        players,
        setup_dice,
        actions,
    })
}

/// A change to a real record, each index taken modulo what it indexes.
#[derive(Clone, Debug)]
enum Edit {
    SetDie(usize, usize, u8),
    CutDice(usize, usize),
    AddDie(usize, u8),
    Seat(usize, Seat),
    Action(usize, String),
    Insert(usize, LoggedAction),
    CutLog(usize),
    SetupDice(Vec<u8>),
}

fn apply_edit(r: &mut Record, edit: &Edit) {
    let n = r.actions.len();
    let entry = |i: usize| i % n.max(1);
    match edit {
        Edit::SetupDice(dice) => r.setup_dice.clone_from(dice),
        Edit::Insert(at, logged) => r.actions.insert(at % (n + 1), logged.clone()),
        Edit::CutLog(at) => r.actions.truncate(at % (n + 1)),
        _ if n == 0 => {}
        Edit::SetDie(i, at, to) => {
            let dice = &mut r.actions[entry(*i)].dice;
            if !dice.is_empty() {
                let at = at % dice.len();
                dice[at] = *to;
            }
        }
        Edit::CutDice(i, keep) => r.actions[entry(*i)].dice.truncate(*keep),
        Edit::AddDie(i, die) => r.actions[entry(*i)].dice.push(*die),
        Edit::Seat(i, seat) => r.actions[entry(*i)].seat = *seat,
        Edit::Action(i, action) => r.actions[entry(*i)].action.clone_from(action),
    }
}

fn json_value() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        (-5i64..300).prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        "[a-h1-9 ,x-]{0,24}".prop_map(Value::from),
        prop::collection::vec(-3i64..25, 0..10).prop_map(Value::from),
    ]
}

/// Options: the defaults, any JSON at all, or the game's own keys with values of any shape.
#[derive(Clone, Debug)]
enum Options {
    Default,
    Any(Value),
    Keys(Vec<(usize, Value)>),
}

impl Options {
    fn json(&self, kind: GameKind) -> Value {
        match self {
            Options::Default => json!({}),
            Options::Any(value) => value.clone(),
            Options::Keys(keys) => {
                let specs = kind.options();
                let mut map = serde_json::Map::new();
                for (i, value) in keys {
                    if let Some(spec) = specs.get(i % specs.len().max(1)) {
                        map.insert(spec.key.to_owned(), value.clone());
                    }
                }
                Value::Object(map)
            }
        }
    }
}

fn options() -> impl Strategy<Value = Options> {
    prop_oneof![
        2 => Just(Options::Default),
        1 => json_value().prop_map(Options::Any),
        2 => prop::collection::vec((any::<usize>(), json_value()), 1..4).prop_map(Options::Keys),
    ]
}

fn logged() -> impl Strategy<Value = LoggedAction> {
    (
        prop_oneof![4 => 0usize..6, 1 => Just(usize::MAX)],
        "[a-z0-9:+~. -]{0,16}",
        prop::collection::vec(any::<u8>(), 0..8),
    )
        .prop_map(|(seat, action, dice)| LoggedAction { seat, action, dice })
}

fn edit() -> impl Strategy<Value = Edit> {
    let i = any::<usize>;
    prop_oneof![
        3 => (i(), i(), any::<u8>()).prop_map(|(e, at, to)| Edit::SetDie(e, at, to)),
        2 => (i(), 0usize..4).prop_map(|(e, keep)| Edit::CutDice(e, keep)),
        2 => (i(), any::<u8>()).prop_map(|(e, die)| Edit::AddDie(e, die)),
        1 => (i(), 0usize..7).prop_map(|(e, seat)| Edit::Seat(e, seat)),
        1 => (i(), "[a-z0-9:+~. -]{0,12}").prop_map(|(e, a)| Edit::Action(e, a)),
        1 => (i(), logged()).prop_map(|(at, l)| Edit::Insert(at, l)),
        1 => i().prop_map(Edit::CutLog),
        1 => prop::collection::vec(any::<u8>(), 0..24).prop_map(Edit::SetupDice),
    ]
}

/// The case's record for `kind`: a real game's, edited, or garbage when none can be played.
fn record(kind: GameKind, case: &Case) -> (Record, bool) {
    let options = case.options.json(kind);
    let range = kind.players();
    let players = match case.players {
        Some(n) => range.start() + n % (range.end() - range.start() + 1),
        None => case.any_players,
    };
    if let Some(mut r) = honest(kind, &options, players, case.seed, &case.picks) {
        case.edits.iter().for_each(|e| apply_edit(&mut r, e));
        (r, case.edits.is_empty())
    } else {
        let r = Record {
            options,
            players,
            setup_dice: case.setup_dice.clone(),
            actions: case.garbage.clone(),
        };
        (r, false)
    }
}

#[derive(Clone, Debug)]
struct Case {
    options: Options,
    /// A count within the game's range (`Some`) or any (`None`: `any_players`).
    players: Option<usize>,
    any_players: usize,
    seed: u64,
    picks: Vec<usize>,
    edits: Vec<Edit>,
    setup_dice: Vec<u8>,
    garbage: Vec<LoggedAction>,
    /// How many set-up dice the cut-short copy keeps (modulo their count + 1).
    setup_cut: usize,
}

fn case() -> impl Strategy<Value = Case> {
    (
        options(),
        prop_oneof![6 => (0usize..6).prop_map(Some), 1 => Just(None)],
        prop_oneof![0usize..8, Just(usize::MAX)],
        any::<u64>(),
        prop::collection::vec(any::<usize>(), 0..60),
        prop_oneof![1 => Just(vec![]), 3 => prop::collection::vec(edit(), 1..4)],
        prop::collection::vec(any::<u8>(), 0..24),
        prop::collection::vec(logged(), 0..6),
        any::<usize>(),
    )
        .prop_map(
            |(options, players, any_players, seed, picks, edits, setup_dice, garbage, setup_cut)| Case {
                options,
                players,
                any_players,
                seed,
                picks,
                edits,
                setup_dice,
                garbage,
                setup_cut,
            },
        )
}

/// Cases per run: `SAIKORO_FUZZ_CASES`, or a few for an ordinary `cargo test`.
fn cases() -> u32 {
    std::env::var("SAIKORO_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(16)
}

/// The record rebuilds within the cap exactly when the production path rebuilds it, and a
/// refusal is worded in the catalogue; a real game's unedited record rebuilds.
fn check(kind: GameKind, record: &Record, unedited: bool) -> Result<(), TestCaseError> {
    let bounded = rebuilds_within_the_cap(kind, record);
    let restored = restore(kind, record);
    prop_assert_eq!(bounded, restored.is_ok(), "{}: {:?}", kind.id(), restored.err());
    if let Err(e) = restored {
        prop_assert!(!unedited, "{}: a real game's record is refused: {e}", kind.id());
        prop_assert!(
            text::has_message(&e.msg().id),
            "{} is not in the catalogue",
            e.msg().id
        );
        for locale in Locale::ALL {
            prop_assert!(!e.describe(&Tr::new(locale, &[])).is_empty());
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// Each case makes one record per game kind from the same ingredients.
    #[test]
    fn every_record_rebuilds_or_is_refused_in_words_within_bounded_dice(case in case()) {
        for &kind in GameKind::ALL {
            let (record, unedited) = record(kind, &case);
            check(kind, &record, unedited)?;
            // The same record with its set-up dice cut short: the set-up runs out mid-roll.
            let mut cut = record;
            let keep = case.setup_cut % (cut.setup_dice.len() + 1);
            let kept_all = keep == cut.setup_dice.len();
            cut.setup_dice.truncate(keep);
            check(kind, &cut, unedited && kept_all)?;
        }
    }
}

/// The record of issue #33 that grew to 24 GB: Ninja with no set-up dice at all.
#[test]
fn a_ninja_record_without_set_up_dice_is_refused() {
    let ninja = GameKind::from_id("ninja").expect("registered");
    let record = Record {
        options: json!({}),
        players: 2,
        setup_dice: vec![],
        actions: vec![],
    };
    assert!(!rebuilds_within_the_cap(ninja, &record));
    let err = restore(ninja, &record).expect_err("refused");
    assert!(matches!(err, RestoreError::SetupDiceRanOut), "{err:?}");
    let said = err.describe(&Tr::new(Locale::En, &[]));
    assert!(said.contains("set-up dice ran out"), "{said}");
}

/// Ties reroll while the record has dice; once they run out, the set-up stops with an error.
#[test]
fn ninja_set_up_ties_reroll_but_not_past_the_record() {
    let ninja = GameKind::from_id("ninja").expect("registered");
    let tie_then_black = [2, 2, 1, 3, 4, 4, 1, 1];
    let game = ninja
        .set_up_again(&json!({}), 2, &tie_then_black)
        .expect("a tie, then black");
    assert_eq!(game.to_act(), vec![0]);
    let ties = Record {
        options: json!({}),
        players: 2,
        setup_dice: vec![2, 2, 1, 3, 4, 4, 4, 4],
        actions: vec![],
    };
    assert!(!rebuilds_within_the_cap(ninja, &ties), "ends on capped dice");
    let err = ninja.set_up_again(&ties.options, 2, &ties.setup_dice).err();
    assert!(matches!(err, Some(RestoreError::SetupDiceRanOut)), "{err:?}");
}
