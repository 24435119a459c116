//! saikoro — dice board games for Discord. The rules live in the `saikoro-core` crate (re-exported
//! here as [`engine`] and [`games`]); this crate adds what talks to the world. Layers, each using
//! only those below it (see docs/ARCHITECTURE.md):
//! `engine` ← `games` ← `history` (pure) ← `store` ← `session` ← (`discord`, `console`).

pub use saikoro_core::{engine, games};

pub mod config;
pub mod console;
pub mod discord;
pub mod history;
pub mod id;
pub mod logging;
pub mod metrics;
pub mod redact;
pub mod session;
pub mod shards;
pub mod store;
