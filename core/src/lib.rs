//! saikoro's rules, with no I/O: the [`engine`] (the one Game interface, dice, options, views,
//! the turn driver, the message catalogue, bots' interface) and the [`games`], one folder each
//! with its rules, board, options, bots and catalogue. The bot crate (`saikoro`) builds sessions,
//! storage, Discord and the terminal on top; nothing here knows them.

pub mod daily;
pub mod engine;
pub mod games;
