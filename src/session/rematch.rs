//! Rematch: the final board's button opens a lobby in the same channel with the same players and
//! options, seats rotated (the old seat 2 is the new seat 1, …). Bots take their seats at once;
//! each person still presses Join, and the lobby names whom it expects. Which finished game has
//! had its rematch is stored with the lobby, so a second click, even after a restart, opens
//! nothing; a lobby that closes before its game starts (expired, cancelled) frees it again, in
//! the store (migration 0030). The button carries the finished game only: `rm:<game id>`.

use super::{Hub, Rematch, Reply, SeatInfo, Table, User, render};
use crate::engine::{Button, Row, Style, Tr};
use crate::games::GameKind;
use crate::id::{GameId, GuildId};
use crate::store::Status;
use std::sync::Arc;

const PREFIX: &str = "rm:";

/// The final board's row: the Rematch button of finished game `game`.
pub fn row(game: GameId, tr: &Tr) -> Row {
    Row::buttons(vec![Button::act(
        format!("{PREFIX}{game}"),
        tr.t("rematch-button"),
        Style::Primary,
    )])
}

/// A rematch button's game, if `custom_id` is one.
fn parse_id(custom_id: &str) -> Option<GameId> {
    let id = custom_id.strip_prefix(PREFIX)?.parse().ok().filter(|g| *g > 0)?;
    Some(GameId(id))
}

/// The seats of the next game: each one place forward, the first last.
pub fn rotated(seats: &[SeatInfo]) -> Vec<SeatInfo> {
    let mut seats = seats.to_vec();
    if !seats.is_empty() {
        seats.rotate_left(1);
    }
    seats
}

impl Hub {
    /// A Rematch button, if `custom_id` is one: opens the lobby, or says privately why not.
    pub(super) async fn rematch_click(
        self: &Arc<Self>,
        custom_id: &str,
        guild: Option<GuildId>,
        user: &User,
    ) -> Option<Reply> {
        let game = parse_id(custom_id)?;
        Some(Reply::Private(self.rematch(game, guild, user).await))
    }

    async fn rematch(self: &Arc<Self>, of: GameId, guild: Option<GuildId>, user: &User) -> String {
        let tr = Tr::new(user.locale, &[]);
        let missing = || tr.f("rematch-missing", &[("id", of.get().into())]);
        let stored = match self.store.load_game(of).await {
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
        match self.store.has_rematch(of).await {
            Ok(false) => {}
            Ok(true) => return tr.f("rematch-taken", &[("id", of.get().into())]),
            Err(e) => return super::store_failed(&tr, &e),
        }
        match self.in_channel(row.channel_id).await {
            Ok(None) => {}
            Ok(Some(s)) => return render::busy_channel(&tr, s.kind, s.link()),
            Err(_) => return tr.t("game-load-failed"),
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
        self.open(kind, guild, row.channel_id, user, row.options, table)
            .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_forgeries_are_not_rematches() {
        let tr = Tr::new(crate::engine::Locale::En, &[]);
        let Row::Buttons { buttons } = row(GameId(42), &tr) else {
            panic!("a row of buttons");
        };
        assert_eq!(parse_id(&buttons[0].id), Some(GameId(42)));
        for bad in ["rm:", "rm:0", "rm:-3", "rm:x", "lb:cantstop:1:▶", "sk:4:1:roll"] {
            assert_eq!(parse_id(bad), None, "{bad}");
        }
    }
}
