//! Time off (`/saikoro away`): a player away until a moment pauses the reminders and timeouts of
//! the games that await them on that server, which count again from when they are back (at the
//! end of their time off, or earlier with `/saikoro away off`). Stored per server and player, so
//! it survives restarts; each live session keeps its people's time off for its due times
//! (`seated.rs`).

use super::seated::Away;
use super::tables::Tables;
use super::{Refused, User, render, store_failed};
use crate::engine::{Msg, Tr};
use crate::id::{GuildId, UserId};

/// What `/saikoro away` asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AwayRequest {
    /// Away until this unix second.
    Until(i64),
    /// Away for this many seconds from now.
    For(u64),
    /// Back now.
    Off,
}

/// At most this many of a player's games follow a change of their time off at once (the quotas
/// keep a player's games far fewer).
const GAMES_FOLLOWING: u32 = 200;

impl Tables {
    /// `/saikoro away`: the user's time off on `guild` begins (or ends, with `Off`); their games
    /// here follow it: boards show it, due times move.
    pub async fn away(&self, guild: Option<GuildId>, user: &User, request: AwayRequest) -> String {
        let tr = Tr::new(user.locale, &[]);
        let Some(guild) = guild else {
            return tr.t("away-guild-only");
        };
        let play = &self.play;
        let now = play.clock.now();
        let current = match play.store.away_of(guild, user.id).await {
            Ok(current) => current
                .map(Away::from)
                .filter(|a| a.back.is_none() && a.until > now),
            Err(e) => return store_failed(&tr, &e),
        };
        let away = match request {
            AwayRequest::Off => match current {
                Some(a) => Away { back: Some(now), ..a },
                None => return tr.t("away-not-away"),
            },
            AwayRequest::Until(until) => match self.time_off(guild, now, until).await {
                Ok(()) => Away { until, back: None },
                Err(refusal) => return refusal.words(user.locale),
            },
            AwayRequest::For(secs) => {
                let until = now.saturating_add(i64::try_from(secs).unwrap_or(i64::MAX));
                match self.time_off(guild, now, until).await {
                    Ok(()) => Away { until, back: None },
                    Err(refusal) => return refusal.words(user.locale),
                }
            }
        };
        if let Err(e) = play.store.set_away(guild, user.id, away.into()).await {
            return store_failed(&tr, &e);
        }
        let games = self.follow_away(guild, user.id, away).await;
        let markup = play.settings.markup;
        match request {
            AwayRequest::Off => tr.f("away-off", &[("games", games.into())]),
            _ => tr.f(
                "away-set",
                &[
                    ("until", markup.moment(away.until).into()),
                    ("games", games.into()),
                ],
            ),
        }
    }

    /// Whether time off until `until` may be taken now on `guild`; if not, why.
    async fn time_off(&self, guild: GuildId, now: i64, until: i64) -> Result<(), Refused> {
        if until <= now {
            return Err(Refused::new("away-past"));
        }
        let max_days = self.play.guilds.get(Some(guild)).await.away_max_days;
        let max_secs = i64::try_from(max_days.saturating_mul(86_400)).unwrap_or(i64::MAX);
        if until - now > max_secs {
            return Err(Refused(Msg::new("away-too-far").arg("days", max_days)));
        }
        Ok(())
    }

    /// The user's live games on `guild` learn their time off: stored with their new due time, the
    /// live board redrawn. Returns how many games in play seat them.
    async fn follow_away(&self, guild: GuildId, user: UserId, away: Away) -> usize {
        let play = &self.play;
        let player = user.get().to_string();
        let ids = match play.store.live_games_of(guild, &player, GAMES_FOLLOWING).await {
            Ok(ids) => ids,
            Err(e) => {
                tracing::error!(error = %e, "could not find the games of a player going away");
                return 0;
            }
        };
        let mut games = 0;
        for id in ids {
            let Ok(Some(mut s)) = play.index.live(id).await else {
                continue;
            };
            if s.seat_of(user).is_none() || s.phase.playing().is_none() {
                continue;
            }
            games += 1;
            s.seated.away.set(user, away);
            play.persist(&mut s).await;
            if let (Some(message), Some(game)) = (s.row.board_message_id, s.phase.playing()) {
                let board = render::board(&s, game, &[], true, "");
                play.outbox.edit(s.row.channel_id, message, &board).await.ok();
            }
        }
        play.wake.notify_one();
        games
    }
}
