//! Typed ids, so a channel can never be passed where a user or a message is meant. Discord's are
//! snowflakes (u64); a game's is the store's row id. All serialize as their bare number, so the
//! stored JSON and the database columns are the same as plain integers.

use serde::{Deserialize, Serialize};
use std::fmt;

macro_rules! id {
    ($(#[$doc:meta])* $name:ident($inner:ty)) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub $inner);

        impl $name {
            pub fn get(self) -> $inner {
                self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }

        impl From<$inner> for $name {
            fn from(v: $inner) -> Self {
                Self(v)
            }
        }
    };
}

id!(
    /// A game (its row in the store).
    GameId(i64)
);
id!(
    /// A Discord server.
    GuildId(u64)
);
id!(
    /// A Discord channel or thread.
    ChannelId(u64)
);
id!(
    /// A Discord message.
    MessageId(u64)
);
id!(
    /// A Discord user.
    UserId(u64)
);
