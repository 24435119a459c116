//! Dice sources. Engines never touch the OS RNG: every roll comes through [`Dice`], so a test can
//! script exact dice and a stored game can be replayed from the values it drew.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;

/// Where a game's chance comes from.
pub trait Dice {
    /// A value in `1..=sides` (`sides` ≥ 1). Also used for shuffles and random picks.
    fn roll(&mut self, sides: u8) -> u8;

    fn d6(&mut self) -> u8 {
        self.roll(6)
    }

    /// A replayed record's dice ran out: what is rolled now is filler, not chance. A rule that
    /// rolls again until something happens (a tie rerolled) stops here, or a corrupt record
    /// would make it roll for ever. Live dice never run out.
    fn ran_out(&self) -> bool {
        false
    }
}

/// Real play: a seeded ChaCha RNG (stable across platforms and releases, so a seed reproduces).
pub struct SeededDice(ChaCha8Rng);

impl SeededDice {
    pub fn new(seed: u64) -> Self {
        Self(ChaCha8Rng::seed_from_u64(seed))
    }
}

impl Dice for SeededDice {
    fn roll(&mut self, sides: u8) -> u8 {
        self.0.random_range(1..=sides.max(1))
    }
}

/// Tests and reproductions: the listed values in order, then the fallback source.
/// Without a fallback, running out of script is a bug in the test, so it panics with a clear message.
pub struct ScriptedDice {
    script: VecDeque<u8>,
    fallback: Option<Box<dyn Dice + Send>>,
    lenient: bool,
    overrun: bool,
}

impl ScriptedDice {
    pub fn new(values: impl IntoIterator<Item = u8>) -> Self {
        Self {
            script: values.into_iter().collect(),
            fallback: None,
            lenient: false,
            overrun: false,
        }
    }

    /// For replaying stored data, which may be corrupt: running out yields 1s and sets
    /// [`ScriptedDice::overrun`] (and [`Dice::ran_out`], which ends rerolls) instead of panicking.
    #[must_use]
    pub fn lenient(mut self) -> Self {
        self.lenient = true;
        self
    }

    /// Did a lenient script run out?
    pub fn overrun(&self) -> bool {
        self.overrun
    }

    /// The script first, then `fallback` (e.g. `--dice 1,5,4,6 --seed 7`).
    #[must_use]
    pub fn then(mut self, fallback: impl Dice + Send + 'static) -> Self {
        self.fallback = Some(Box::new(fallback));
        self
    }

    /// Values not yet drawn.
    pub fn remaining(&self) -> usize {
        self.script.len()
    }
}

impl Dice for ScriptedDice {
    fn roll(&mut self, sides: u8) -> u8 {
        let sides = sides.max(1);
        match self.script.pop_front() {
            // A scripted value is folded into range so a script can never make a rule see 0 or 7.
            Some(v) => (v.max(1) - 1) % sides + 1,
            None => match &mut self.fallback {
                Some(f) => f.roll(sides),
                None if self.lenient => {
                    self.overrun = true;
                    1
                }
                None => panic!("scripted dice ran out"),
            },
        }
    }

    fn ran_out(&self) -> bool {
        self.overrun
    }
}

/// Wraps a source and remembers every value drawn, so the action log can store them for replay.
pub struct RecordingDice<'a> {
    inner: &'a mut dyn Dice,
    pub drawn: Vec<u8>,
}

impl<'a> RecordingDice<'a> {
    pub fn new(inner: &'a mut dyn Dice) -> Self {
        Self {
            inner,
            drawn: Vec::new(),
        }
    }
}

impl Dice for RecordingDice<'_> {
    fn roll(&mut self, sides: u8) -> u8 {
        let v = self.inner.roll(sides);
        self.drawn.push(v);
        v
    }

    fn ran_out(&self) -> bool {
        self.inner.ran_out()
    }
}

/// Parses a `--dice 1,5,4,6` list: comma or space separated faces from 1 to `faces`; the
/// error is the first item that is not one.
pub fn parse_dice_list(s: &str, faces: u8) -> Result<Vec<u8>, String> {
    s.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .map(|t| match t.parse::<u8>() {
            Ok(v) if (1..=faces).contains(&v) => Ok(v),
            _ => Err(t.to_owned()),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeded_dice_are_reproducible_and_in_range() {
        let a: Vec<u8> = (0..200).scan(SeededDice::new(7), |d, _| Some(d.d6())).collect();
        let b: Vec<u8> = (0..200).scan(SeededDice::new(7), |d, _| Some(d.d6())).collect();
        assert_eq!(a, b);
        assert!(a.iter().all(|v| (1..=6).contains(v)));
        assert!(
            (1..=6).all(|f| a.contains(&f)),
            "every face should appear in 200 rolls"
        );
    }

    #[test]
    fn scripted_then_fallback() {
        let mut d = ScriptedDice::new([3, 9]).then(SeededDice::new(1));
        assert_eq!(d.d6(), 3);
        assert_eq!(d.d6(), 3, "9 folds into 1..=6");
        let v = d.d6();
        assert!((1..=6).contains(&v));
    }

    #[test]
    fn lenient_dice_say_when_they_ran_out_and_recording_passes_it_on() {
        let mut d = ScriptedDice::new([4]).lenient();
        assert!(!d.ran_out());
        assert_eq!(d.d6(), 4);
        assert!(!d.ran_out(), "the script is used up, not overrun");
        assert_eq!(d.d6(), 1);
        assert!(d.ran_out() && d.overrun());
        assert!(RecordingDice::new(&mut d).ran_out());
        assert!(!SeededDice::new(1).ran_out());
    }

    #[test]
    fn recording_keeps_what_was_drawn() {
        let mut inner = ScriptedDice::new([1, 2, 3]);
        let mut rec = RecordingDice::new(&mut inner);
        rec.d6();
        rec.d6();
        assert_eq!(rec.drawn, vec![1, 2]);
    }

    #[test]
    fn dice_list_parsing() {
        assert_eq!(parse_dice_list("1,5, 4 6", 6).unwrap(), vec![1, 5, 4, 6]);
        assert_eq!(parse_dice_list("1,7", 6).unwrap_err(), "7");
        assert_eq!(parse_dice_list("4 5", 4).unwrap_err(), "5");
        assert!(parse_dice_list("x", 6).is_err());
    }
}
