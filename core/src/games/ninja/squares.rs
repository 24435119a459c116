//! A set of squares as a 256-bit mask: what move generation tests a path against. A board has at
//! most 256 squares ([`Sq`] is a byte). Hand-written since the bit-set crates at hand keep their
//! bits on the heap, and a position must copy without allocating.

/// A square as an index: `(row - 1) * width + column`, column 0 = `a`.
pub type Sq = u8;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Squares([u64; 4]);

impl Squares {
    pub fn insert(&mut self, sq: Sq) {
        self.0[usize::from(sq >> 6)] |= 1 << (sq & 63);
    }

    pub fn remove(&mut self, sq: Sq) {
        self.0[usize::from(sq >> 6)] &= !(1 << (sq & 63));
    }

    pub fn contains(&self, sq: Sq) -> bool {
        self.0[usize::from(sq >> 6)] & (1 << (sq & 63)) != 0
    }

    pub fn is_disjoint(&self, other: &Squares) -> bool {
        self.0.iter().zip(&other.0).all(|(a, b)| a & b == 0)
    }

    pub fn union(&self, other: &Squares) -> Squares {
        Squares(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    pub fn intersection(&self, other: &Squares) -> Squares {
        Squares(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    pub fn count(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The squares in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = Sq> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let bit = rest.trailing_zeros();
                    rest &= rest - 1;
                    (i as u32 * 64 + bit) as Sq
                })
            })
        })
    }
}

impl FromIterator<Sq> for Squares {
    fn from_iter<I: IntoIterator<Item = Sq>>(squares: I) -> Self {
        let mut set = Squares::default();
        for sq in squares {
            set.insert(sq);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_keeps_every_square_of_a_byte() {
        let picked = [0, 1, 63, 64, 127, 128, 200, 255];
        let set: Squares = picked.into_iter().collect();
        assert_eq!(set.iter().collect::<Vec<_>>(), picked);
        assert_eq!(set.count(), picked.len());
        assert!((0..=255).all(|sq| set.contains(sq) == picked.contains(&sq)));
        let mut less = set;
        less.remove(64);
        assert!(!less.contains(64) && less.contains(63) && less.count() == picked.len() - 1);
        let other: Squares = [2, 64].into_iter().collect();
        assert!(!set.is_disjoint(&other) && less.is_disjoint(&other));
        assert_eq!(less.union(&other), set.union(&[2].into_iter().collect()));
        assert_eq!(set.intersection(&other), [64].into_iter().collect());
        assert_eq!(Squares::default().count(), 0);
    }
}
