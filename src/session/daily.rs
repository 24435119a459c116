//! The daily Can't Stop on a server (`/cantstop daily`): a normal stored one-seat game whose table
//! says which day it is (`Table::daily`), so recovery, the board, clicks and replays are the
//! usual ones. What differs is here: its dice are the day's ([`Days::dice_of`], resumed at the
//! log's count), one attempt per player and day (`store/daily.rs`), a board that is a private
//! answer to its player (so no one else learns the day's rolls first), no channel held, no
//! timers, no resigning, and at the end the result, the par, the streak and a Share button.

mod card;

use super::live::Session;
use super::phase::Phase;
use super::play::Play;
use super::{Place, Post, Reply, SeatInfo, Table, Tables, User, render, store_failed};
use crate::engine::day::Day;
use crate::engine::{AnyGame, LoggedAction, RecordingDice, Tr};
use crate::games::GameKind;
use crate::id::{ChannelId, GameId, UserId};
use crate::store::{DailyAttempt, DailyResult, GameRow, Status, Store, StoreError};
use saikoro_core::daily::{self, DailyDice, Tally};
use std::collections::HashMap;
use std::sync::Mutex;

/// Pars kept in memory: today's and the last few days' (results shown late).
const PARS_KEPT: usize = 8;

/// The deployment's daily secret (read or made once) and the pars computed so far.
#[derive(Default)]
pub(super) struct Days {
    secret: tokio::sync::OnceCell<u64>,
    pars: Mutex<HashMap<i64, u32>>,
}

impl Days {
    /// The seed of `day`'s dice under the deployment's secret.
    async fn seed(&self, store: &Store, day: i64) -> Result<u64, StoreError> {
        let secret = self
            .secret
            .get_or_try_init(|| store.daily_secret(rand::random()))
            .await?;
        Ok(daily::day_seed(*secret, day))
    }

    /// The day's dice where a daily game's log stopped, or `None` for any other game.
    pub(super) async fn dice_of(&self, play: &Play, s: &Session) -> Result<Option<DailyDice>, StoreError> {
        let Some(day) = s.table.daily else {
            return Ok(None);
        };
        let seed = self.seed(&play.store, day).await?;
        let log = play.whole_log(s).await?;
        Ok(Some(DailyDice::resume(seed, daily::drawn(&log))))
    }

    /// The strong bot's turns on `day`'s dice, computed once off the async workers.
    async fn par(&self, store: &Store, day: i64) -> Result<u32, StoreError> {
        if let Some(par) = self.pars.lock().expect("pars").get(&day) {
            return Ok(*par);
        }
        let seed = self.seed(store, day).await?;
        let par = tokio::task::spawn_blocking(move || daily::par(seed).turns())
            .await
            .map_err(|e| StoreError::Invalid(format!("the par did not compute: {e}")))?;
        let mut pars = self.pars.lock().expect("pars");
        if pars.len() >= PARS_KEPT {
            pars.clear();
        }
        pars.insert(day, par);
        Ok(par)
    }
}

/// What `/cantstop daily` answers, privately.
// One per command, moved straight into the answer: boxing the post would only add an allocation.
#[allow(clippy::large_enum_variant)]
pub enum DailyAnswer {
    /// The player's live board: shown to them alone, its buttons answered by updating it.
    Board(Post),
    /// Words: the finished attempt's summary, or why there is no board.
    Said(String),
}

fn cantstop() -> GameKind {
    GameKind::from_id("cantstop").expect("Can't Stop is registered")
}

/// A finished attempt's result as stored: `B` per turn banked, `X` per bust.
fn result_of(tally: &Tally, at: i64) -> DailyResult {
    DailyResult {
        turns: tally.turns(),
        busts: tally.busts(),
        marks: tally.marks.iter().map(|&b| if b { 'B' } else { 'X' }).collect(),
        finished_at: at,
    }
}

/// The end of a daily game, for the transaction that stores its final action: its player, day
/// and result from the whole log (the final action included); `None` for any other game.
pub(super) fn ending(
    s: &Session,
    log: &[LoggedAction],
    at: i64,
) -> Result<Option<(UserId, i64, DailyResult)>, StoreError> {
    let (Some(day), Some(player)) = (s.table.daily, s.table.seats.first().and_then(|p| p.user)) else {
        return Ok(None);
    };
    let tally = Tally::of_log(log)
        .ok_or_else(|| StoreError::Invalid(format!("daily game {} does not replay", s.row.id)))?;
    Ok(Some((player, day, result_of(&tally, at))))
}

/// A stored result's tally again, for its share line.
fn tally_of(result: &DailyResult) -> Tally {
    Tally {
        marks: result.marks.chars().map(|c| c == 'B').collect(),
    }
}

impl Tables {
    /// `/cantstop daily`: today's board for `user` alone (started, or brought back where it
    /// stopped), or once they finished it, their result and the day's leaderboards.
    pub async fn daily(&self, place: Place, user: &User) -> DailyAnswer {
        let tr = Tr::new(user.locale, &[]);
        let Some(today) = Day::of_unix(self.play.clock.now()) else {
            return DailyAnswer::Said(tr.t("daily-not-yet"));
        };
        let day = i64::from(today.number());
        let store = &self.play.store;
        let attempt = match store.claim_daily(user.id, day, place.guild, &user.name).await {
            Ok(attempt) => attempt,
            Err(e) => return DailyAnswer::Said(store_failed(&tr, &e)),
        };
        let shown = match (&attempt.result, attempt.game) {
            (Some(_), _) => self
                .daily_summary(attempt, &place, user)
                .await
                .map(DailyAnswer::Said),
            (None, None) => self.start_daily(&place, user, day).await,
            (None, Some(game)) => self.running_daily(attempt, game, &place, user).await,
        };
        shown.unwrap_or_else(|e| DailyAnswer::Said(store_failed(&tr, &e)))
    }

    /// Stores the player's game of `day`, dealt from the day's dice, and shows them its board.
    async fn start_daily(&self, place: &Place, user: &User, day: i64) -> Result<DailyAnswer, StoreError> {
        let tr = Tr::new(user.locale, &[]);
        let kind = cantstop();
        let options = crate::engine::options::resolve(kind.options(), &serde_json::Value::Null)
            .expect("Can't Stop's defaults resolve");
        let mut dice = DailyDice::new(self.play.days.seed(&self.play.store, day).await?);
        let (game, setup_dice) = {
            let mut recording = RecordingDice::new(&mut dice);
            let game = kind
                .new_game(&options, 1, &mut recording)
                .expect("one seat is a Can't Stop game");
            (game, recording.drawn)
        };
        let now = self.play.clock.now();
        let seat = SeatInfo {
            user: Some(user.id),
            name: user.name.clone(),
            bot: None,
        };
        let table = Table {
            daily: Some(day),
            ..Table::new(vec![seat], place.locale, true)
        };
        let row = GameRow {
            id: GameId(0),
            kind: kind.id().to_owned(),
            guild_id: place.guild,
            channel_id: place.channel,
            host_id: user.id,
            status: Status::Playing,
            options,
            seats: serde_json::Value::Null,
            setup_dice,
            board_message_id: None,
            created_at: now,
            updated_at: now,
        };
        let mut session = Session::new(row, kind, table, Phase::Playing(game), self.play.settings.markup);
        session.apply(self.play.guilds.get(place.guild).await);
        session.sync_row();
        session.row.id = self.play.store.insert_game(&session.row).await?;
        if !self
            .play
            .store
            .set_daily_game(user.id, day, session.row.id)
            .await?
        {
            // Another start of the same attempt came first: this game is not it.
            session.phase.abandon();
            self.play.persist(&mut session).await;
            return Ok(DailyAnswer::Said(tr.t("daily-starting")));
        }
        self.warm_par(day);
        // A daily holds no channel: other games and other players' dailies share it.
        let session = self.play.index.insert(session);
        let s = session.lock().await;
        // Its board is drawn from the game in play (a game ended already has none to show).
        Ok(match s.phase.playing() {
            Some(game) => board_for(&s, game, &tr.f("daily-started", &[("day", day.into())])),
            None => DailyAnswer::Said(tr.t("daily-lost")),
        })
    }

    /// Computes the day's par in the background, so the last press of an attempt finds it ready.
    fn warm_par(&self, day: i64) {
        let play = self.play.clone();
        tokio::spawn(async move {
            if let Err(e) = play.days.par(&play.store, day).await {
                tracing::warn!(day, error = %e, "could not compute a daily's par");
            }
        });
    }

    /// The player's unfinished attempt: a new private board where it stopped (an earlier one
    /// cannot be refreshed by the bot once its token expired, and goes stale at the next
    /// press); a game that ended without its result (stored before a daily's result was
    /// written with its final action) is recorded now and summed up.
    async fn running_daily(
        &self,
        attempt: DailyAttempt,
        game: GameId,
        place: &Place,
        user: &User,
    ) -> Result<DailyAnswer, StoreError> {
        let tr = Tr::new(user.locale, &[]);
        if let Ok(Some(s)) = self.play.index.live(game).await
            && let Some(board) = s.phase.playing()
        {
            return Ok(board_for(
                &s,
                board,
                &tr.f("daily-resumed", &[("day", attempt.day.into())]),
            ));
        }
        let Some(stored) = self.play.store.load_game(game).await? else {
            return Ok(DailyAnswer::Said(tr.t("daily-lost")));
        };
        match stored.row.status {
            Status::Finished => {}
            Status::Playing | Status::Lobby => return Ok(DailyAnswer::Said(tr.t("daily-elsewhere"))),
            Status::Abandoned => return Ok(DailyAnswer::Said(tr.t("daily-lost"))),
        }
        let Some(tally) = Tally::of_log(&stored.log) else {
            return Ok(DailyAnswer::Said(tr.t("daily-bad-log")));
        };
        let result = result_of(&tally, stored.row.updated_at);
        self.play
            .store
            .finish_daily(attempt.player, attempt.day, &result)
            .await?;
        let attempt = DailyAttempt {
            result: Some(result),
            ..attempt
        };
        self.daily_summary(attempt, place, user)
            .await
            .map(DailyAnswer::Said)
    }

    /// A finished attempt: the result, par, streak and share line, and the day's leaderboards of
    /// this server and of all servers.
    async fn daily_summary(
        &self,
        attempt: DailyAttempt,
        place: &Place,
        user: &User,
    ) -> Result<String, StoreError> {
        let store = &self.play.store;
        let par = self.play.days.par(store, attempt.day).await?;
        let streaks = self.streaks(attempt.player).await?;
        let here = store
            .daily_board(attempt.day, place.guild, card::BOARD_ROWS)
            .await?;
        let everywhere = store.daily_board(attempt.day, None, card::BOARD_ROWS).await?;
        let tr = Tr::new(user.locale, &[]);
        let boards = card::Boards {
            here: &here,
            everywhere: &everywhere,
        };
        Ok(card::summary(
            &tr,
            self.play.settings.markup,
            &attempt,
            par,
            streaks,
            boards,
        ))
    }

    /// The player's current and best streaks of days played, as of today.
    async fn streaks(&self, player: UserId) -> Result<(u32, u32), StoreError> {
        let days = self.play.store.daily_days(player).await?;
        let today = Day::of_unix(self.play.clock.now()).map_or(0, |d| i64::from(d.number()));
        Ok(daily::streaks(&days, today))
    }

    /// The answer to the click that ended a daily game (its result stored with the final
    /// action, see [`ending`]): its private board becomes a card with the par, the streak, the
    /// share line and the Share button, under the final board's words. A card that could not be
    /// made leaves the final board; the next `/cantstop daily` shows the result.
    pub(super) async fn daily_card(&self, s: &Session, board: Post) -> Post {
        let (Some(day), Some(player)) = (s.table.daily, s.table.seats.first().and_then(|p| p.user)) else {
            return board;
        };
        match self.result_card(s, day, player, board.content.clone()).await {
            Ok(card) => card,
            Err(e) => {
                tracing::error!(game = %s.row.id, error = %e, "could not make a daily's result card");
                board
            }
        }
    }

    async fn result_card(
        &self,
        s: &Session,
        day: i64,
        player: UserId,
        content: Option<String>,
    ) -> Result<Post, StoreError> {
        let log = self.play.whole_log(s).await?;
        let tally = Tally::of_log(&log)
            .ok_or_else(|| StoreError::Invalid(format!("daily game {} does not replay", s.row.id)))?;
        let par = self.play.days.par(&self.play.store, day).await?;
        let streaks = self.streaks(player).await?;
        let tr = Tr::new(s.table.locale, &[]);
        let name = self.play.settings.markup.escape(&s.table.seats[0].name);
        let result = card::Finished {
            name: &name,
            player,
            day,
            tally: &tally,
            par,
            streaks,
        };
        Ok(card::finished(&tr, &result, content))
    }

    /// The Share button of `owner`'s result of `day`, pressed by `user` in `channel`: the share
    /// line is posted there. Only the owner may press it; a forged or stale one changes nothing.
    pub async fn share_daily(&self, owner: UserId, day: i64, channel: ChannelId, user: &User) -> Reply {
        let tr = Tr::new(user.locale, &[]);
        if owner != user.id {
            return Reply::Private(tr.t("daily-share-not-yours"));
        }
        let shared = async {
            let Some(result) = self.play.store.daily_of(owner, day).await?.and_then(|a| a.result) else {
                return Ok::<_, StoreError>(tr.t("daily-share-none"));
            };
            let par = self.play.days.par(&self.play.store, day).await?;
            let line = tr.msg(&daily::share(day, &tally_of(&result), par));
            Ok(match self.play.outbox.say(channel, &line, &[]).await {
                Ok(()) => tr.t("daily-shared"),
                Err(_) => tr.t("cannot-post"),
            })
        };
        Reply::Private(shared.await.unwrap_or_else(|e| store_failed(&tr, &e)))
    }
}

/// The live board of a daily, `game`, for its player alone, under `words`.
fn board_for(s: &Session, game: &dyn AnyGame, words: &str) -> DailyAnswer {
    let mut post = render::board(s, game, &[], true, "");
    post.content = Some(words.to_owned());
    DailyAnswer::Board(post)
}
