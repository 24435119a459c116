//! Invitations and private lobbies: `/<game> start players:` keeps a seat for each person invited
//! (and seats the bots named there at once), pings them with the lobby, and `private:true` lets
//! only them join. An invited player joins into their kept seat or declines, which frees it.

use super::deadlines::ClockBounds;
use super::live::Session;
use super::text::duration;
use super::{Refused, SeatInfo, Table, User};
use crate::engine::{Arg, Level, Msg, Tr};
use crate::id::UserId;

/// Someone named in `players:`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Invitee {
    Person(UserId),
    Bot(Level),
}

/// What the host chose with `/<game> start` besides the game's options.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LobbyChoices {
    /// A one-player game is allowed.
    pub solitaire: bool,
    /// The game's own turn timer, in seconds.
    pub turn_timer: Option<u64>,
    pub invited: Vec<Invitee>,
    /// Only the invited may join.
    pub private: bool,
    /// The host's `thread:` option: play in a thread of its own (`None`: the server's setting).
    pub thread: Option<bool>,
}

/// The table a lobby opens with for `choices`: the host, the bots named, a seat kept for each
/// person invited, the game's own clock within the server's `bounds`; or why the choices are
/// refused.
pub(super) fn table_for(
    s: &LobbyTable,
    bounds: ClockBounds,
    host: &User,
    choices: &LobbyChoices,
) -> Result<Table, Refused> {
    if let Some(secs) = choices.turn_timer
        && !bounds.contains(secs)
    {
        let worded = |secs| Arg::worded(|locale| duration(&Tr::new(locale, &[]), secs));
        return Err(Refused(
            Msg::new("lobby-timer-out-of-bounds")
                .arg("min", worded(bounds.min_secs))
                .arg("max", worded(bounds.max_secs)),
        ));
    }
    let mut people: Vec<UserId> = vec![];
    let mut bots: Vec<Level> = vec![];
    for invitee in &choices.invited {
        match *invitee {
            Invitee::Person(u) if u == host.id || people.contains(&u) => {}
            Invitee::Person(u) => people.push(u),
            Invitee::Bot(level) => bots.push(level),
        }
    }
    if people.len() + bots.len() + 1 > s.max_players {
        return Err(Refused(
            Msg::new("lobby-too-many-invited").arg("max", s.max_players - 1),
        ));
    }
    if choices.private && people.is_empty() {
        return Err(Refused::new("lobby-private-nobody"));
    }
    let host_seat = SeatInfo {
        user: Some(host.id),
        name: host.name.clone(),
        bot: None,
    };
    let mut table = Table::new(
        vec![host_seat],
        s.locale,
        choices.solitaire && s.solitaire_allowed,
    );
    for level in bots {
        let seat = bot_seat(&table.seats, level, table.locale);
        table.seats.push(seat);
    }
    table.invited = people
        .into_iter()
        .map(|u| SeatInfo {
            user: Some(u),
            name: String::new(),
            bot: None,
        })
        .collect();
    table.private = choices.private;
    table.turn_timer = choices.turn_timer;
    Ok(table)
}

/// What [`table_for`] needs of the lobby to be.
pub(super) struct LobbyTable {
    pub(super) locale: crate::engine::Locale,
    pub(super) max_players: usize,
    pub(super) solitaire_allowed: bool,
}

/// A new bot seat of `level` beside `seats`, named in the server's language (everyone sees it).
pub(super) fn bot_seat(seats: &[SeatInfo], level: Level, locale: crate::engine::Locale) -> SeatInfo {
    let number = seats.iter().filter(|seat| seat.bot.is_some()).count() + 1;
    SeatInfo {
        user: None,
        name: Tr::new(locale, &[]).f("bot-name", &[("level", level.id().into()), ("n", number.into())]),
        bot: Some(level),
    }
}

/// The people invited to a lobby who have not joined or declined yet.
pub(super) fn pending(s: &Session) -> impl Iterator<Item = UserId> + '_ {
    s.table.invited.iter().filter_map(|seat| seat.user)
}

/// Seats kept for the invited: others may take only the rest.
pub(super) fn kept(s: &Session) -> usize {
    s.table.invited.len()
}
