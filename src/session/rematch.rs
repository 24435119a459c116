//! Rematch: the final board's button opens a lobby in the same channel with the same players and
//! options, seats rotated (the old seat 2 is the new seat 1, …). Bots take their seats at once;
//! each person still presses Join, and the lobby names whom it expects. Which finished game has
//! had its rematch is stored with the lobby, so a second click, even after a restart, opens
//! nothing, even once that lobby closed (expired, cancelled): each rematch pings the former
//! players, so it happens once. The button carries the finished game only: `rm:<game id>`.

use super::{Rematch, SeatInfo, Table, User};
use crate::engine::Tr;
use crate::games::GameKind;
use crate::id::{ChannelId, GameId, GuildId};
use crate::store::{Status, Store};

/// What the history needs of the live games: a lobby opened for a rematch.
#[async_trait::async_trait]
pub trait Lobbies: Send + Sync {
    /// Opens a lobby with `table`'s seats in `channel` unless a game is live there; answers the
    /// host.
    async fn open_rematch(
        &self,
        kind: GameKind,
        guild: Option<GuildId>,
        channel: ChannelId,
        host: &User,
        options: serde_json::Value,
        table: Table,
    ) -> String;
}

/// The seats of the next game: each one place forward, the first last.
fn rotated(seats: &[SeatInfo]) -> Vec<SeatInfo> {
    let mut seats = seats.to_vec();
    if !seats.is_empty() {
        seats.rotate_left(1);
    }
    seats
}

/// Opens the rematch of finished game `of` for `user`, who played in it, through `lobbies`;
/// answers them privately.
pub async fn rematch(
    store: &Store,
    lobbies: &dyn Lobbies,
    of: GameId,
    guild: Option<GuildId>,
    user: &User,
) -> String {
    let tr = Tr::new(user.locale, &[]);
    let missing = || tr.f("rematch-missing", &[("id", of.get().into())]);
    let stored = match store.load_game(of).await {
        Ok(Some(stored)) => stored,
        Ok(None) => return missing(),
        Err(e) => return super::store_failed(&tr, &e),
    };
    let row = stored.row;
    // Another server's game, or one not finished (abandoned, still playing): not here.
    if row.guild_id != guild || row.status != Status::Finished {
        return missing();
    }
    let (Some(kind), Ok(old)) = (
        GameKind::from_id(&row.kind),
        serde_json::from_value::<Table>(row.seats),
    ) else {
        return missing();
    };
    if !old.seats.iter().any(|s| s.user == Some(user.id)) {
        return tr.f("rematch-not-player", &[("id", of.get().into())]);
    }
    match store.has_rematch(of).await {
        Ok(false) => {}
        Ok(true) => return tr.f("rematch-taken", &[("id", of.get().into())]),
        Err(e) => return super::store_failed(&tr, &e),
    }
    let order = rotated(&old.seats);
    // Bots and the one who asked sit down at once; the others are expected.
    let seats = order
        .iter()
        .filter(|s| s.user.is_none())
        .cloned()
        .chain(std::iter::once(SeatInfo {
            user: Some(user.id),
            name: user.name.clone(),
            bot: None,
        }))
        .collect();
    let table = Table {
        rematch: Some(Rematch { of, seats: order }),
        ..Table::new(seats, old.locale, old.solitaire)
    };
    lobbies
        .open_rematch(kind, guild, row.channel_id, user, row.options, table)
        .await
}
