//! End to end: the real `saikoro run` binary against the Discord emulator (`saikoro-emulator`),
//! one module per area. One test binary for them all, so the bot crate links a few test binaries
//! rather than one per area.
// A scenario reads best as one story, so tests may run past the 80 lines asked of the code.
#![allow(clippy::too_many_lines)]

mod harness;
#[path = "../common/postgres.rs"]
mod postgres_schema;
#[path = "../common/scratch.rs"]
mod scratch;

mod boards;
mod boot;
mod cantstop;
mod coach;
mod coach_newer;
mod daily;
mod durability;
mod faults;
mod games;
mod history;
mod ishigaki;
mod limits;
mod locale;
mod migrate;
mod notices;
mod ops;
mod pictures;
mod play;
mod postgres;
mod privacy;
mod puzzle_games;
mod puzzles;
mod settings;
mod shards;
mod threads;
