//! Fuzzing every registered game through the face the session uses: long random sequences that
//! mix legal moves (to reach deep positions) with the ids of the board's own controls mangled,
//! arbitrary bytes, seats that are not awaited or do not exist, and forged step drafts. Nothing
//! may panic, every refusal is a catalogue message that leaves the game exactly as it was, and
//! every board drawn stays within Discord's limits.
//!
//! `SAIKORO_FUZZ_CASES` sets the number of games per kind (16 by default, so `cargo test` stays
//! quick); a long run: `SAIKORO_FUZZ_CASES=5000 cargo test -p saikoro-core games::fuzz`.

use super::GameKind;
use crate::engine::view::Target;
use crate::engine::{AnyGame, Locale, Seat, SeededDice, Tr, text};
use proptest::prelude::*;

#[derive(Clone, Debug)]
enum Input {
    /// The n-th legal action of the n-th awaited seat (modulo their counts): play goes on.
    Legal(usize),
    /// One of the board's controls, as the seat would see it, mangled or not.
    Control(usize, Mangle),
    /// Whatever a forged button id could carry.
    Bytes(Vec<u8>),
}

#[derive(Clone, Debug)]
enum Mangle {
    Keep,
    Truncate(usize),
    Append(Vec<u8>),
    Replace(usize, u8),
}

impl Mangle {
    fn apply(&self, id: &str) -> String {
        let mut bytes = id.as_bytes().to_vec();
        match self {
            Mangle::Keep => {}
            Mangle::Truncate(n) => bytes.truncate(n % (bytes.len() + 1)),
            Mangle::Append(more) => bytes.extend(more),
            Mangle::Replace(i, b) if !bytes.is_empty() => {
                let i = i % bytes.len();
                bytes[i] = *b;
            }
            Mangle::Replace(..) => {}
        }
        String::from_utf8_lossy(&bytes).into_owned()
    }
}

fn bytes() -> impl Strategy<Value = Vec<u8>> {
    // Mostly the characters ids are made of, so mangled ids stay close to real ones.
    let byte = prop_oneof![
        3 => prop::sample::select(b"abcdefghnrsvx0123456789+-.:~ ".to_vec()),
        1 => any::<u8>(),
    ];
    prop::collection::vec(byte, 0..12)
}

fn input() -> impl Strategy<Value = Input> {
    let mangle = prop_oneof![
        Just(Mangle::Keep),
        any::<usize>().prop_map(Mangle::Truncate),
        bytes().prop_map(Mangle::Append),
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Mangle::Replace(i, b)),
    ];
    prop_oneof![
        4 => any::<usize>().prop_map(Input::Legal),
        3 => (any::<usize>(), mangle).prop_map(|(i, m)| Input::Control(i, m)),
        1 => bytes().prop_map(Input::Bytes),
    ]
}

fn seat() -> impl Strategy<Value = Seat> {
    prop_oneof![8 => 0usize..6, 1 => Just(usize::MAX)]
}

struct Fuzz {
    game: Box<dyn AnyGame>,
    draft: String,
    dice: SeededDice,
    names: Vec<String>,
}

impl Fuzz {
    fn tr(&self, locale: Locale) -> Tr<'_> {
        Tr::new(locale, &self.names)
    }

    /// The board `seat` sees with `draft`, checked against Discord's limits in both languages.
    fn board(&self, seat: Seat, draft: &str) -> Result<Vec<String>, TestCaseError> {
        let mut ids = vec![];
        for locale in Locale::ALL {
            let view = self.game.view(Some(seat), draft, &self.tr(locale));
            if let Err(e) = view.check_limits() {
                return Err(TestCaseError::fail(format!(
                    "board for seat {seat} with draft {draft:?}: {e}"
                )));
            }
            ids = view
                .rows
                .iter()
                .flat_map(|r| r.ids())
                .map(str::to_owned)
                .collect();
        }
        Ok(ids)
    }

    /// Plays `action` by `seat`: applied, or refused with a known message and nothing changed.
    fn act(&mut self, seat: Seat, action: &str, must_succeed: bool) -> Result<(), TestCaseError> {
        let before = format!("{:?}", self.game);
        let mut after = self.game.clone_box();
        match after.apply(seat, action, &mut self.dice) {
            Ok(_) => {
                self.game = after;
                self.draft.clear();
            }
            Err(e) => {
                prop_assert!(
                    !must_succeed,
                    "legal `{}` by seat {} refused: {}",
                    action,
                    seat,
                    e.msg().id
                );
                prop_assert!(
                    text::has_message(&e.msg().id),
                    "{} is not in the catalogue",
                    e.msg().id
                );
                prop_assert_eq!(
                    format!("{after:?}"),
                    before,
                    "refusing `{}` by seat {} changed the game",
                    action,
                    seat
                );
            }
        }
        Ok(())
    }

    /// A control's id pressed by `seat`: a step redraws the board, an action is played.
    fn press(&mut self, seat: Seat, id: &str) -> Result<(), TestCaseError> {
        match Target::of(id) {
            Target::Step(draft) => {
                self.board(seat, draft)?;
                self.draft = draft.to_owned();
                Ok(())
            }
            Target::Act(action) => self.act(seat, action, false),
        }
    }

    fn step(&mut self, seat: Seat, input: &Input) -> Result<(), TestCaseError> {
        match input {
            Input::Legal(n) => {
                let awaited = self.game.to_act();
                if awaited.is_empty() {
                    return Ok(());
                }
                let seat = awaited[n % awaited.len()];
                let choices = self.game.choices(seat, &self.tr(Locale::En));
                if choices.is_empty() {
                    return Ok(());
                }
                let id = choices[n % choices.len()].id.clone();
                self.act(seat, &id, true)
            }
            Input::Control(n, mangle) => {
                let draft = self.draft.clone();
                let ids = self.board(seat, &draft)?;
                if ids.is_empty() {
                    return Ok(());
                }
                self.press(seat, &mangle.apply(&ids[n % ids.len()]))
            }
            Input::Bytes(b) => self.press(seat, &String::from_utf8_lossy(b)),
        }
    }
}

/// Cases per run: `SAIKORO_FUZZ_CASES`, or a few for an ordinary `cargo test`.
fn cases() -> u32 {
    std::env::var("SAIKORO_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(16)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// Each case plays the same inputs in every game, so the case count is games per kind.
    #[test]
    fn no_input_panics_and_refusals_change_nothing(
        players in 0usize..8,
        seed in any::<u64>(),
        steps in prop::collection::vec((seat(), input()), 0..400),
    ) {
        for kind in GameKind::ALL {
            let range = kind.players();
            let players = range.start() + players % (range.end() - range.start() + 1);
            let mut dice = SeededDice::new(seed);
            let game = kind
                .new_game(&serde_json::json!({}), players, &mut dice)
                .map_err(|e| TestCaseError::fail(format!("default set-up of {} refused: {}", kind.id(), e.msg().id)))?;
            let names = (0..players).map(|i| format!("p{i}")).collect();
            let mut fuzz = Fuzz { game, draft: String::new(), dice, names };
            for (seat, input) in &steps {
                fuzz.step(*seat, input).map_err(|e| TestCaseError::fail(format!("{}: {e}", kind.id())))?;
            }
        }
    }
}
