//! `/saikoro games`: a player's unfinished games on a server at a glance — games in play first,
//! those awaiting them first of all (with when their time runs out), then their lobbies, then the
//! lobbies they are invited to — each with the link to its board, only in channels they can see.
//! The link is the board's message, so a game in a thread links there as well.

use super::history::user_key;
use super::live::Session;
use super::tables::Tables;
use super::text::game_name;
use super::{Post, Refused, Sight, User, invitations};
use crate::engine::{Tr, View};
use crate::id::{GuildId, UserId};
use crate::store::Status;

/// At most this many games are looked at (the quotas keep a player's far fewer).
const LOOKED_AT: u32 = 50;
/// Discord's limit on an embed's description, less room for the section titles.
const DESCRIPTION_CHARS: usize = 3800;
const COLOUR: u32 = 0x0058_65F2;

/// Where a listed game stands for its reader, in the order the list shows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Standing {
    /// Awaiting the reader, with when their time runs out (`i64::MAX`: no timeout).
    YourTurn(i64),
    Playing,
    Lobby,
    Invited,
}

impl Tables {
    /// The reader's games on `guild`, privately; only those in channels `sight` shows them.
    pub async fn games_list(&self, guild: Option<GuildId>, user: &User, sight: &dyn Sight) -> Post {
        let tr = Tr::new(user.locale, &[]);
        let listed = match guild {
            Some(guild) => self.listed(guild, user.id, sight, &tr).await,
            None => Ok(vec![]),
        };
        let description = match listed {
            Ok(rows) if rows.is_empty() => tr.t("games-none"),
            Ok(rows) => sections(&tr, rows),
            Err(refusal) => refusal.words(user.locale),
        };
        Post {
            content: None,
            view: View {
                title: tr.t("games-title"),
                description,
                text: None,
                words: None,
                fields: vec![],
                colour: COLOUR,
                footer: None,
                rows: vec![],
            },
            ping: vec![],
            picture: None,
        }
    }

    /// Each of the reader's games with its standing and its line, in the list's order.
    async fn listed(
        &self,
        guild: GuildId,
        reader: UserId,
        sight: &dyn Sight,
        tr: &Tr<'_>,
    ) -> Result<Vec<(Standing, String)>, Refused> {
        let play = &self.play;
        let ids = play
            .store
            .live_games_of(guild, &user_key(reader), LOOKED_AT)
            .await
            .map_err(|e| Refused::store(&e))?;
        let mut rows = vec![];
        for id in ids {
            // A game that does not load (or ended meanwhile) is simply not listed.
            let Ok(Some(s)) = play.index.live(id).await else {
                continue;
            };
            if !sight.sees(s.row.channel_id) {
                continue;
            }
            if let Some(standing) = standing(&s, reader) {
                rows.push((standing, line(&s, reader, standing, tr)));
            }
        }
        rows.sort_by_key(|(standing, _)| *standing);
        Ok(rows)
    }
}

fn standing(s: &Session, reader: UserId) -> Option<Standing> {
    let seated = s.seat_of(reader).is_some();
    match s.phase.status() {
        Status::Playing if seated && s.humans_to_act().contains(&reader) => {
            Some(Standing::YourTurn(s.deadline().unwrap_or(i64::MAX)))
        }
        Status::Playing if seated => Some(Standing::Playing),
        Status::Lobby if seated => Some(Standing::Lobby),
        Status::Lobby if invitations::pending(s).any(|u| u == reader) => Some(Standing::Invited),
        _ => None,
    }
}

fn line(s: &Session, reader: UserId, standing: Standing, tr: &Tr) -> String {
    let others: Vec<String> = s
        .table
        .seats
        .iter()
        .filter(|seat| seat.user != Some(reader))
        .map(|seat| match seat.user {
            Some(u) => s.markup.mention(u),
            None => s.markup.escape(&seat.name),
        })
        .collect();
    let players = if others.is_empty() {
        tr.t("games-alone")
    } else {
        others.join(", ")
    };
    let game = game_name(tr, s.kind);
    let link = s.link().unwrap_or_default();
    let args = |extra: Vec<(&'static str, String)>| {
        let mut args = vec![
            ("game", game.clone()),
            ("players", players.clone()),
            ("link", link.clone()),
        ];
        args.extend(extra);
        args
    };
    let (id, args) = match standing {
        Standing::YourTurn(i64::MAX) => ("games-row-turn-untimed", args(vec![])),
        Standing::YourTurn(at) => ("games-row-turn", args(vec![("at", s.markup.relative_time(at))])),
        Standing::Playing => ("games-row-waiting", args(vec![])),
        Standing::Lobby => ("games-row-lobby", args(vec![])),
        Standing::Invited => (
            "games-row-invited",
            args(vec![("host", s.markup.mention(s.row.host_id))]),
        ),
    };
    let args: Vec<(&str, crate::engine::Arg)> = args.into_iter().map(|(k, v)| (k, v.into())).collect();
    tr.f(id, &args)
}

/// The lines under their sections' titles, cut to what an embed holds.
fn sections(tr: &Tr, rows: Vec<(Standing, String)>) -> String {
    let title = |standing: Standing| match standing {
        Standing::YourTurn(_) | Standing::Playing => "games-playing",
        Standing::Lobby => "games-lobbies",
        Standing::Invited => "games-invitations",
    };
    let mut out = String::new();
    let mut section = "";
    for (standing, line) in rows {
        let heading = title(standing);
        let add = if heading == section {
            format!("\n{line}")
        } else {
            let gap = if out.is_empty() { "" } else { "\n\n" };
            format!("{gap}{}\n{line}", tr.t(heading))
        };
        if out.chars().count() + add.chars().count() > DESCRIPTION_CHARS {
            out.push_str("\n…");
            break;
        }
        section = heading;
        out.push_str(&add);
    }
    out
}
