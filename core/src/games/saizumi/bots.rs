//! Saizumi players.

use crate::engine::bot::{Bot, Level, RandomBot};

pub fn bot(_level: Level) -> Box<dyn Bot> {
    Box::new(RandomBot)
}
