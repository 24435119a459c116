//! The days of the daily challenges: UTC days, numbered from the first one (#1). Every daily (the
//! day's Can't Stop, the day's puzzles) is keyed by this number, so "today" is the same for every
//! server, the terminal and the tests.

use chrono::{DateTime, Days, NaiveDate};
use std::fmt;

/// A UTC day by its number; #1 is [`Day::FIRST`]'s date.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Day(u32);

impl Day {
    /// The date of day #1.
    pub const FIRST: NaiveDate = NaiveDate::from_ymd_opt(2026, 11, 1).expect("a valid date");

    /// The day by its number; `None` for 0.
    pub fn new(number: u32) -> Option<Self> {
        (number >= 1).then_some(Self(number))
    }

    /// The day of a date; `None` before day #1.
    pub fn of_date(date: NaiveDate) -> Option<Self> {
        let days = date.signed_duration_since(Self::FIRST).num_days();
        u32::try_from(days + 1).ok().and_then(Self::new)
    }

    /// The UTC day of a moment in Unix seconds; `None` before day #1.
    pub fn of_unix(secs: i64) -> Option<Self> {
        Self::of_date(DateTime::from_timestamp(secs, 0)?.date_naive())
    }

    /// The day of a `YYYY-MM-DD` date as typed.
    pub fn parse(text: &str) -> Result<Self, DayError> {
        let date = NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d").map_err(|_| DayError::NotADate)?;
        Self::of_date(date).ok_or(DayError::BeforeTheFirst)
    }

    pub fn number(self) -> u32 {
        self.0
    }

    pub fn date(self) -> NaiveDate {
        Self::FIRST + Days::new(u64::from(self.0 - 1))
    }

    /// The day after, for streaks.
    #[must_use]
    pub fn next(self) -> Self {
        Self(self.0 + 1)
    }

    /// When the day starts, in Unix seconds.
    pub fn start_unix(self) -> i64 {
        self.date()
            .and_hms_opt(0, 0, 0)
            .expect("midnight exists")
            .and_utc()
            .timestamp()
    }
}

/// Why a typed date names no day.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DayError {
    NotADate,
    BeforeTheFirst,
}

impl fmt::Display for Day {
    /// `#12`, as the share line shows it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_are_numbered_from_the_first_in_utc() {
        assert_eq!(Day::parse("2026-11-01").map(Day::number), Ok(1));
        assert_eq!(Day::parse("2026-11-26").map(Day::number), Ok(26));
        assert_eq!(Day::parse("2027-01-01").map(Day::number), Ok(62));
        assert_eq!(Day::parse("2026-10-31"), Err(DayError::BeforeTheFirst));
        assert_eq!(Day::parse("26/11/2026"), Err(DayError::NotADate));
        assert_eq!(Day::parse("2026-02-30"), Err(DayError::NotADate));
        // 2026-11-26 23:59:59 UTC and the next second.
        let midnight = Day::parse("2026-11-27").unwrap().start_unix();
        assert_eq!(Day::of_unix(midnight - 1).map(Day::number), Some(26));
        assert_eq!(Day::of_unix(midnight).map(Day::number), Some(27));
        assert_eq!(Day::new(27).unwrap().date().to_string(), "2026-11-27");
        assert_eq!(Day::new(26).unwrap().next().to_string(), "#27");
    }
}
