//! The dice arithmetic the bots value with, tabulated once: a roll's index among
//! [`multisets`] from its face counts, which rolls a row collapses as bits (one per multiset),
//! and the rolls an effect leads to by the multisets of the rerolled dice (at most 126 for four
//! dice, where their orderings are 1,296).

use super::super::{Effect, ROLLS, Roll, counts, multisets};
use std::sync::OnceLock;

/// The four-dice rolls as bits, one per multiset (126 of them).
pub type Rolls = u128;

struct Tables {
    /// The index among [`multisets`] of each roll, by [`code`].
    index: Vec<u8>,
    /// The chance of each roll.
    chance: Vec<f64>,
    /// `at_least[f][n]`: the rolls with at least `n` dice showing `f`.
    at_least: [[Rolls; 5]; 7],
    /// `rerolls[k]`: each multiset of `k` dice (face counts) and its chance, summed roll by roll
    /// over its orderings as a straightforward enumeration of the 6^k rolls sums it.
    rerolls: [Vec<([u8; 7], f64)>; 5],
}

/// A multiset of at most four dice as a number: its face counts in base 5.
fn code(c: &[u8; 7]) -> usize {
    c[1..].iter().rev().fold(0, |n, &k| n * 5 + usize::from(k))
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut index = vec![u8::MAX; 5usize.pow(6)];
        let mut at_least = [[0; 5]; 7];
        for (i, (c, _)) in multisets().iter().enumerate() {
            index[code(c)] = u8::try_from(i).expect("126 multisets");
            for f in 1..=6 {
                for bits in &mut at_least[f][..=usize::from(c[f])] {
                    *bits |= 1 << i;
                }
            }
        }
        Tables {
            index,
            chance: multisets()
                .iter()
                .map(|(_, w)| f64::from(*w) / f64::from(ROLLS))
                .collect(),
            at_least,
            rerolls: std::array::from_fn(|k| rerolls(k as u32)),
        }
    })
}

/// Every multiset of `k` dice with its chance, enumerated over the 6^k ordered rolls.
fn rerolls(k: u32) -> Vec<([u8; 7], f64)> {
    let total = 6u32.pow(k);
    let mut out: Vec<([u8; 7], f64)> = vec![];
    for n in 0..total {
        let mut c = [0u8; 7];
        for j in 0..k {
            c[(n / 6u32.pow(j) % 6) as usize + 1] += 1;
        }
        match out.iter_mut().find(|(m, _)| *m == c) {
            Some(entry) => entry.1 += 1.0 / f64::from(total),
            None => out.push((c, 1.0 / f64::from(total))),
        }
    }
    out
}

/// Index of a roll's face counts among [`multisets`].
pub fn multiset_index(c: &[u8; 7]) -> usize {
    usize::from(tables().index[code(c)])
}

/// The chance of any of `rolls`, summed roll by roll in index order (as a pile's falls always
/// were, so no valuation changes by a rounding).
pub fn chance_of(mut rolls: Rolls) -> f64 {
    let chance = &tables().chance;
    let mut sum = 0.0;
    while rolls != 0 {
        sum += chance[rolls.trailing_zeros() as usize];
        rolls &= rolls - 1;
    }
    sum
}

/// The rolls that contain a row with these face counts (at most four of a face).
pub fn matching(row: &[u8; 7]) -> Rolls {
    let at_least = &tables().at_least;
    // Every roll has at least no 1s.
    (1..=6).fold(at_least[1][0], |m, f| m & at_least[f][usize::from(row[f])])
}

/// The chance of each four-dice outcome (by [`multiset_index`], ascending) after applying
/// `effect` to `dice`: the kept dice with each multiset of the rerolled ones.
pub fn outcomes(dice: Roll, effect: Effect, face: Option<u8>) -> Vec<(usize, f64)> {
    let mut kept = counts(&dice);
    let k = match effect {
        Effect::Set(n) => return vec![(multiset_index(&counts(&[n; 4])), 1.0)],
        Effect::RerollAll => std::mem::take(&mut kept).iter().sum(),
        Effect::Reroll(printed) => {
            let n = usize::from(printed.or(face).unwrap_or_default());
            std::mem::take(&mut kept[n])
        }
    };
    let mut chance = vec![0.0; multisets().len()];
    for (rerolled, p) in &tables().rerolls[usize::from(k)] {
        let mut c = kept;
        for f in 1..=6 {
            c[f] += rerolled[f];
        }
        chance[multiset_index(&c)] = *p;
    }
    chance.into_iter().enumerate().filter(|(_, p)| *p > 0.0).collect()
}
