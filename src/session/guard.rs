//! The limits against abuse held against what is asked, so one person cannot slow the bot for
//! every server: commands and clicks per user and per channel (token buckets: a burst, then a
//! steady rate), games hosted, lobbies open, games bots play alone, and pings per hour. The
//! buckets are `governor`'s, read on the sessions' [`Clock`], so tests drive them without waiting.

use super::Refused;
use super::clock::Clock;
use super::limits::Limits;
use super::live::Session;
use super::markup::Markup;
use crate::engine::{LoggedAction, Msg, RESIGN, Seat, SeededDice, Tr};
use crate::id::{ChannelId, GameId, GuildId, UserId};
use crate::store::Store;
use dashmap::DashMap;
use governor::RateLimiter;
use governor::middleware::NoOpMiddleware;
use governor::state::keyed::DashMapStateStore;
use governor::{NotUntil, Quota};
use std::num::NonZeroU32;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// The sessions' clock as `governor` reads it: the time since the Unix epoch.
#[derive(Clone)]
struct Ticks(Arc<dyn Clock>);

impl governor::clock::Clock for Ticks {
    type Instant = Duration;

    fn now(&self) -> Duration {
        self.0.since_epoch()
    }
}

/// Token buckets, one per key, made on first use.
type Buckets<K> = RateLimiter<K, DashMapStateStore<K>, Ticks, NoOpMiddleware<Duration>>;

fn buckets<K: std::hash::Hash + Eq + Clone>(quota: Option<Quota>, clock: &Ticks) -> Option<Buckets<K>> {
    quota.map(|q| RateLimiter::dashmap_with_clock(q, clock.clone()))
}

/// `burst` at once, then `count` every `per`; `None` (no limit) for 0.
fn quota(burst: u32, count: u32, per: Duration) -> Option<Quota> {
    let (burst, count) = (NonZeroU32::new(burst)?, NonZeroU32::new(count)?);
    Quota::with_period(per / count.get()).map(|q| q.allow_burst(burst))
}

/// A moment to try again: unix seconds, rounded up.
fn retry_at(refused: &NotUntil<Duration>) -> i64 {
    refused.earliest_possible().as_secs_f64().ceil() as i64
}

/// Over a limit: what was asked is refused, and nothing changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Over {
    /// Too many commands and clicks: try again at this unix second.
    Rate { retry_at: i64 },
    /// Too many pings this hour: try again at this unix second.
    Pings { retry_at: i64 },
}

impl Over {
    /// The refusal, with when to try again as the front end writes a time.
    pub(super) fn refused(self, markup: &dyn Markup) -> Refused {
        let (id, at) = match self {
            Over::Rate { retry_at } => ("limit-rate", retry_at),
            Over::Pings { retry_at } => ("limit-pings", retry_at),
        };
        Refused(Msg::new(id).arg("when", markup.relative_time(at)))
    }

    /// The refusal in the reader's language.
    pub(super) fn text(self, tr: &Tr, markup: &dyn Markup) -> String {
        tr.msg(&self.refused(markup).0)
    }
}

/// Whether `seat` leaving game `s` (whose whole log is `log`) would leave bots playing on alone:
/// the game goes on after it, and no other person is still in.
pub(super) fn leaves_bots_alone(s: &Session, seat: Seat, log: &[LoggedAction]) -> bool {
    let Some(game) = s.phase.game() else {
        return false;
    };
    let mut after = game.clone_box();
    // A resignation draws no dice.
    if after.apply(seat, RESIGN, &mut SeededDice::new(0)).is_err() || after.outcome().is_some() {
        return false;
    }
    let left = |i: Seat| log.iter().any(|a| a.seat == i && a.action == RESIGN);
    !s.table
        .seats
        .iter()
        .enumerate()
        .any(|(i, info)| i != seat && info.user.is_some() && !left(i))
}

/// Checks between buckets' housekeeping, which drops the keys that are full again.
const HOUSEKEEPING_EVERY: u64 = 4096;

/// The limits as they stand: every bucket, and the games bots play alone.
pub(super) struct Guard {
    limits: Limits,
    clock: Ticks,
    users: Option<Buckets<UserId>>,
    channels: Option<Buckets<ChannelId>>,
    pings: Option<Buckets<UserId>>,
    /// One ping per game and awaited player per `board_ping_secs`, for re-posted boards.
    board_pings: Option<Buckets<(GameId, UserId)>>,
    /// Games in play that only bots play on, with their server.
    bot_games: DashMap<GameId, Option<GuildId>>,
    checks: AtomicU64,
}

impl Guard {
    pub(super) fn new(limits: Limits, clock: Arc<dyn Clock>) -> Guard {
        let clock = Ticks(clock);
        let minute = Duration::from_secs(60);
        let hour = Duration::from_secs(3600);
        let board = Duration::from_secs(limits.board_ping_secs);
        Guard {
            users: buckets(quota(limits.user_burst, limits.user_per_minute, minute), &clock),
            channels: buckets(
                quota(limits.channel_burst, limits.channel_per_minute, minute),
                &clock,
            ),
            pings: buckets(quota(limits.pings_per_hour, limits.pings_per_hour, hour), &clock),
            board_pings: buckets(quota(1, 1, board).filter(|_| !board.is_zero()), &clock),
            bot_games: DashMap::new(),
            checks: AtomicU64::new(0),
            clock,
            limits,
        }
    }

    /// A command or click from `user` in `channel`: takes a token from both buckets, or
    /// refuses. A refusal by the user's bucket takes nothing from the channel's.
    pub(super) fn command(&self, user: UserId, channel: ChannelId) -> Result<(), Over> {
        self.housekeeping();
        let refused = |r: NotUntil<Duration>| Over::Rate {
            retry_at: retry_at(&r),
        };
        if let Some(users) = &self.users {
            users.check_key(&user).map_err(refused)?;
        }
        if let Some(channels) = &self.channels {
            channels.check_key(&channel).map_err(refused)?;
        }
        Ok(())
    }

    /// `user` is about to have the bot ping `count` people: takes that many from their hourly
    /// pings, or refuses (taking none).
    pub(super) fn pings(&self, user: UserId, count: usize) -> Result<(), Over> {
        let n = u32::try_from(count).ok().and_then(NonZeroU32::new);
        let (Some(pings), Some(n)) = (&self.pings, n) else {
            return Ok(());
        };
        match pings.check_key_n(&user, n) {
            Ok(Ok(())) => Ok(()),
            Ok(Err(r)) => Err(Over::Pings {
                retry_at: retry_at(&r),
            }),
            // More than an hour's pings at once: not within the hour, at this setting.
            Err(_) => {
                use governor::clock::Clock as _;
                let later = self.clock.now() + Duration::from_secs(3600);
                Err(Over::Pings {
                    retry_at: later.as_secs() as i64,
                })
            }
        }
    }

    /// Whom a board that `user` re-posts may ping of `awaited`: those a re-post of this game
    /// did not ping lately, and nobody if `user` is out of pings.
    pub(super) fn board_pings(&self, game: GameId, user: UserId, awaited: &[UserId]) -> Vec<UserId> {
        let fresh: Vec<UserId> = match &self.board_pings {
            Some(recent) => awaited
                .iter()
                .copied()
                .filter(|a| recent.check_key(&(game, *a)).is_ok())
                .collect(),
            None => awaited.to_vec(),
        };
        match self.pings(user, fresh.len()) {
            Ok(()) => fresh,
            Err(_) => vec![],
        }
    }

    /// Whether `host` may open one more lobby on `guild`; if not, the refusal.
    pub(super) async fn room_for_lobby(
        &self,
        store: &Store,
        guild: Option<GuildId>,
        host: UserId,
    ) -> Result<(), Refused> {
        let most = self.limits.games_per_user;
        if most > 0 {
            let hosted = store.count_hosted(host).await.map_err(|e| Refused::store(&e))?;
            if hosted >= u64::from(most) {
                return Err(Refused(Msg::new("limit-games-per-user").arg("count", most)));
            }
        }
        let most = self.limits.lobbies_per_server;
        if let Some(guild) = guild.filter(|_| most > 0) {
            let open = store.count_lobbies(guild).await.map_err(|e| Refused::store(&e))?;
            if open >= u64::from(most) {
                return Err(Refused(Msg::new("limit-lobbies-per-server").arg("count", most)));
            }
        }
        Ok(())
    }

    /// Whether bots may be left to play one more game alone on `guild`, of whose games `live`
    /// says which are unfinished; if not, the refusal (`game`: the command's name).
    pub(super) fn room_for_bots(
        &self,
        guild: Option<GuildId>,
        live: impl Fn(GameId) -> bool,
        game: &str,
    ) -> Result<(), Refused> {
        let most = self.limits.bot_games_per_server;
        // Games that ended are forgotten here first.
        self.bot_games.retain(|id, _| live(*id));
        let alone = self.bot_games.iter().filter(|e| *e.value() == guild).count();
        if most > 0 && alone >= most as usize {
            return Err(Refused(
                Msg::new("limit-bot-games").arg("count", most).arg("game", game),
            ));
        }
        Ok(())
    }

    /// Only bots are left in `game`.
    pub(super) fn bots_alone(&self, game: GameId, guild: Option<GuildId>) {
        self.bot_games.insert(game, guild);
    }

    /// Now and then, drops the keys whose buckets are full again, so memory follows the users
    /// active lately rather than every user ever seen.
    fn housekeeping(&self) {
        if self.checks.fetch_add(1, Ordering::Relaxed) % HOUSEKEEPING_EVERY != HOUSEKEEPING_EVERY - 1 {
            return;
        }
        if let Some(b) = &self.users {
            b.retain_recent();
        }
        if let Some(b) = &self.channels {
            b.retain_recent();
        }
        if let Some(b) = &self.pings {
            b.retain_recent();
        }
        if let Some(b) = &self.board_pings {
            b.retain_recent();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Locale;

    /// A clock that stands still until the test moves it (milliseconds since the epoch).
    struct Hands(AtomicU64);

    impl Clock for Hands {
        fn since_epoch(&self) -> Duration {
            Duration::from_millis(self.0.load(Ordering::SeqCst))
        }
    }

    const START: u64 = 1_700_000_000;

    fn guard(limits: Limits) -> (Guard, Arc<Hands>) {
        let hands = Arc::new(Hands(AtomicU64::new(START * 1000)));
        (Guard::new(limits, hands.clone()), hands)
    }

    fn advance(hands: &Hands, secs: u64) {
        hands.0.fetch_add(secs * 1000, Ordering::SeqCst);
    }

    /// Every limit off but those a test sets.
    fn off() -> Limits {
        Limits {
            user_burst: 0,
            user_per_minute: 0,
            channel_burst: 0,
            channel_per_minute: 0,
            games_per_user: 0,
            lobbies_per_server: 0,
            bot_games_per_server: 0,
            pings_per_hour: 0,
            board_ping_secs: 0,
        }
    }

    const ANN: UserId = UserId(1);
    const BEN: UserId = UserId(2);
    const HERE: ChannelId = ChannelId(10);
    const THERE: ChannelId = ChannelId(11);

    #[test]
    fn a_user_has_a_burst_then_the_steady_rate_and_is_told_when_to_try_again() {
        // Three at once, then one every 10 seconds.
        let (g, hands) = guard(Limits {
            user_burst: 3,
            user_per_minute: 6,
            ..off()
        });
        for _ in 0..3 {
            assert_eq!(g.command(ANN, HERE), Ok(()));
        }
        let retry = START as i64 + 10;
        assert_eq!(g.command(ANN, THERE), Err(Over::Rate { retry_at: retry }));
        // Someone else is not slowed by Ann.
        assert_eq!(g.command(BEN, HERE), Ok(()));
        advance(&hands, 9);
        assert_eq!(g.command(ANN, HERE), Err(Over::Rate { retry_at: retry }));
        advance(&hands, 1);
        assert_eq!(g.command(ANN, HERE), Ok(()));
        assert_eq!(g.command(ANN, HERE), Err(Over::Rate { retry_at: retry + 10 }));
        // A quiet minute fills the bucket again, up to its burst.
        advance(&hands, 60);
        for _ in 0..3 {
            assert_eq!(g.command(ANN, HERE), Ok(()));
        }
        assert!(g.command(ANN, HERE).is_err());
    }

    #[test]
    fn a_channel_is_limited_whoever_sends_and_a_refused_user_takes_nothing_from_it() {
        let (g, hands) = guard(Limits {
            user_burst: 1,
            user_per_minute: 1,
            channel_burst: 2,
            channel_per_minute: 2,
            ..off()
        });
        assert_eq!(g.command(ANN, HERE), Ok(()));
        // Refused by Ann's own bucket: the channel keeps its token for Ben.
        assert!(g.command(ANN, HERE).is_err());
        assert_eq!(g.command(BEN, HERE), Ok(()));
        let cat = UserId(3);
        assert_eq!(
            g.command(cat, HERE),
            Err(Over::Rate {
                retry_at: START as i64 + 30
            })
        );
        // Another channel has its own bucket.
        assert_eq!(g.command(UserId(4), THERE), Ok(()));
        advance(&hands, 30);
        assert_eq!(g.command(UserId(5), HERE), Ok(()));
        assert!(g.command(UserId(6), HERE).is_err());
    }

    #[test]
    fn pings_are_counted_per_user_and_hour_and_a_refusal_takes_none() {
        // Six an hour: one more every ten minutes.
        let (g, hands) = guard(Limits {
            pings_per_hour: 6,
            ..off()
        });
        assert_eq!(g.pings(ANN, 4), Ok(()));
        let refused = g.pings(ANN, 3);
        assert_eq!(
            refused,
            Err(Over::Pings {
                retry_at: START as i64 + 600
            })
        );
        assert_eq!(g.pings(ANN, 2), Ok(()));
        assert!(g.pings(ANN, 1).is_err());
        assert_eq!(g.pings(BEN, 6), Ok(()));
        assert_eq!(g.pings(ANN, 0), Ok(()), "no ping needs no quota");
        advance(&hands, 600);
        assert_eq!(g.pings(ANN, 1), Ok(()));
        // More than an hour's worth at once is never allowed.
        advance(&hands, 3600);
        assert!(matches!(g.pings(ANN, 7), Err(Over::Pings { .. })));
        assert_eq!(g.pings(ANN, 6), Ok(()));
    }

    #[test]
    fn a_re_posted_board_pings_each_awaited_player_once_a_while_per_game() {
        let (g, hands) = guard(Limits {
            board_ping_secs: 300,
            pings_per_hour: 2,
            ..off()
        });
        let (game, other) = (GameId(5), GameId(6));
        assert_eq!(g.board_pings(game, ANN, &[BEN]), vec![BEN]);
        assert_eq!(g.board_pings(game, ANN, &[BEN]), vec![]);
        assert_eq!(g.board_pings(game, BEN, &[BEN, ANN]), vec![ANN]);
        assert_eq!(g.board_pings(other, ANN, &[BEN]), vec![BEN]);
        advance(&hands, 299);
        assert_eq!(g.board_pings(game, ANN, &[BEN]), vec![]);
        advance(&hands, 1);
        // Due again, but Ann has used her two pings of the hour.
        assert_eq!(g.board_pings(game, ANN, &[BEN]), vec![]);
        assert_eq!(g.board_pings(other, BEN, &[ANN]), vec![ANN]);
    }

    #[test]
    fn a_server_has_room_for_a_few_games_bots_play_alone() {
        let (g, _) = guard(Limits {
            bot_games_per_server: 1,
            ..off()
        });
        let here = Some(GuildId(1));
        assert_eq!(g.room_for_bots(here, |_| true, "cantstop"), Ok(()));
        g.bots_alone(GameId(1), here);
        let refused = g
            .room_for_bots(here, |_| true, "cantstop")
            .unwrap_err()
            .words(Locale::En);
        assert!(refused.contains("1 games that only bots play"), "{refused}");
        assert!(refused.contains("/cantstop abandon"), "{refused}");
        assert_eq!(g.room_for_bots(Some(GuildId(2)), |_| true, "cantstop"), Ok(()));
        // Once that game has ended, there is room again.
        assert_eq!(g.room_for_bots(here, |id| id != GameId(1), "cantstop"), Ok(()));
    }

    #[test]
    fn zero_turns_a_limit_off() {
        let (g, _) = guard(off());
        for _ in 0..1000 {
            assert_eq!(g.command(ANN, HERE), Ok(()));
        }
        assert_eq!(g.pings(ANN, 1000), Ok(()));
        assert_eq!(g.board_pings(GameId(1), ANN, &[BEN]), vec![BEN]);
        assert_eq!(g.board_pings(GameId(1), ANN, &[BEN]), vec![BEN]);
    }

    #[test]
    fn a_refusal_says_when_to_try_again_in_the_readers_language() {
        let markup = &crate::discord::DiscordMarkup;
        let over = Over::Rate {
            retry_at: 1_700_000_060,
        };
        let en = over.text(&Tr::new(Locale::En, &[]), markup);
        assert!(en.contains("try again <t:1700000060:R>"), "{en}");
        let ja = Over::Pings { retry_at: 5 }.text(&Tr::new(Locale::Ja, &[]), markup);
        assert!(ja.contains("<t:5:R>からまた送れます"), "{ja}");
    }
}
