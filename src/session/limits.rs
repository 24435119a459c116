//! The limits against abuse as configured (the `[limits]` table): how fast each user and each
//! channel may send commands and clicks, how many games a person may host and lobbies a server
//! may have open, how many games bots may play alone on a server, and how many pings a person may
//! cause in an hour; checked as they are read. `guard.rs` holds them against what is asked.

use serde::{Deserialize, Serialize};

/// The `[limits]` table of the configuration. A 0 turns that limit off.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Limits {
    /// Commands and clicks one user may send at once, then `user_per_minute`.
    pub user_burst: u32,
    pub user_per_minute: u32,
    /// Commands and clicks in one channel, whoever sends them.
    pub channel_burst: u32,
    pub channel_per_minute: u32,
    /// Unfinished games (open lobbies and games in play) one person may host.
    pub games_per_user: u32,
    /// Open lobbies on one server.
    pub lobbies_per_server: u32,
    /// Games in play on one server in which only bots are left.
    pub bot_games_per_server: u32,
    /// People one user may have the bot ping in an hour (a rematch's invitation, a re-posted board).
    pub pings_per_hour: u32,
    /// Seconds before a re-posted board pings the same awaited player of a game again.
    pub board_ping_secs: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            user_burst: 20,
            user_per_minute: 60,
            channel_burst: 40,
            channel_per_minute: 180,
            games_per_user: 5,
            lobbies_per_server: 25,
            bot_games_per_server: 2,
            pings_per_hour: 30,
            board_ping_secs: 300,
        }
    }
}

/// Beyond these a value is a typo.
pub const MAX_COUNT: u32 = 1_000_000;
/// Board pings rarer than a day are a typo.
pub const MAX_BOARD_PING_SECS: u64 = 24 * 3600;

/// What is wrong with a `[limits]` table, naming its keys (`config::checks` words it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LimitProblem {
    /// The key's value is more than [`MAX_COUNT`].
    TooLarge(&'static str),
    /// A burst with no rate (or a rate with no burst) would be a bucket that never fills:
    /// `user` or `channel`.
    HalfBucket(&'static str),
    /// `board_ping_secs` is more than [`MAX_BOARD_PING_SECS`].
    BoardPingsTooRare,
}

/// Every problem of a `[limits]` table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LimitProblems(pub Vec<LimitProblem>);

impl Limits {
    /// What is wrong with these limits, if anything.
    pub fn check(&self) -> Result<(), LimitProblems> {
        let mut problems = vec![];
        for (key, value) in [
            ("user_burst", self.user_burst),
            ("user_per_minute", self.user_per_minute),
            ("channel_burst", self.channel_burst),
            ("channel_per_minute", self.channel_per_minute),
            ("games_per_user", self.games_per_user),
            ("lobbies_per_server", self.lobbies_per_server),
            ("bot_games_per_server", self.bot_games_per_server),
            ("pings_per_hour", self.pings_per_hour),
        ] {
            if value > MAX_COUNT {
                problems.push(LimitProblem::TooLarge(key));
            }
        }
        for (who, burst, rate) in [
            ("user", self.user_burst, self.user_per_minute),
            ("channel", self.channel_burst, self.channel_per_minute),
        ] {
            if (burst == 0) != (rate == 0) {
                problems.push(LimitProblem::HalfBucket(who));
            }
        }
        if self.board_ping_secs > MAX_BOARD_PING_SECS {
            problems.push(LimitProblem::BoardPingsTooRare);
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(LimitProblems(problems))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_limit_is_in_the_example_configuration_with_its_default() {
        let example = include_str!("../../config.example.toml");
        let table = &example[example.find("[limits]").expect("a [limits] table")..];
        let keys = serde_json::to_value(Limits::default()).unwrap();
        for (key, value) in keys.as_object().unwrap() {
            assert!(
                table.contains(&format!("\n{key} = {value}\n")),
                "config.example.toml: {key}"
            );
        }
    }

    #[test]
    fn every_problem_of_the_limits_is_found() {
        assert_eq!(Limits::default().check(), Ok(()));
        let wrong = Limits {
            user_burst: 5,
            user_per_minute: 0,
            channel_burst: 0,
            channel_per_minute: 3,
            games_per_user: MAX_COUNT + 1,
            board_ping_secs: 2 * MAX_BOARD_PING_SECS,
            ..Limits::default()
        };
        assert_eq!(
            wrong.check(),
            Err(LimitProblems(vec![
                LimitProblem::TooLarge("games_per_user"),
                LimitProblem::HalfBucket("user"),
                LimitProblem::HalfBucket("channel"),
                LimitProblem::BoardPingsTooRare,
            ]))
        );
    }
}
