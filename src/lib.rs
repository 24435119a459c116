//! saikoro — dice board games for Discord. See DESIGN.md in the shared folder for the layers:
//! `engine` ← `games` ← `ai` ← `session` ← (`discord`, `console`), with `store` beside `session`.

pub mod ai;
pub mod config;
pub mod console;
pub mod discord;
pub mod engine;
pub mod games;
pub mod session;
pub mod store;
