//! A player's attempt at the daily Can't Stop (`/cantstop daily`, see `daily.rs`): claimed for
//! the day, started on the day's dice, brought back where it stopped as a new private board, or
//! summed up once finished; and the Share button of its result.

use super::live::Session;
use super::phase::Phase;
use super::tables::Tables;
use super::{Place, Post, Reply, SeatInfo, Table, User, daily, render, store_failed};
use crate::engine::day::Day;
use crate::engine::{AnyGame, RecordingDice, Tr};
use crate::games::GameKind;
use crate::id::{ChannelId, GameId, UserId};
use crate::store::{DailyAttempt, GameRow, Status, StoreError};
use saikoro_core::daily::{DailyDice, Tally, share};

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
            (Some(_), _) => self.daily_summary(&attempt, &place, user).await,
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
        let mut dice = DailyDice::new(self.play.days.seed(day).await?);
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
            if let Err(e) = play.days.par(day).await {
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
        let result = daily::result_of(&tally, stored.row.updated_at);
        self.play
            .store
            .finish_daily(attempt.player, attempt.day, &result)
            .await?;
        let attempt = DailyAttempt {
            result: Some(result),
            ..attempt
        };
        self.daily_summary(&attempt, place, user).await
    }

    /// A finished attempt, for `user`: the result, par, streak and share line, and the day's
    /// leaderboards of this server and of all servers ([`daily::Days::summary`]).
    async fn daily_summary(
        &self,
        attempt: &DailyAttempt,
        place: &Place,
        user: &User,
    ) -> Result<DailyAnswer, StoreError> {
        let now = self.play.clock.now();
        let days = &self.play.days;
        let said = days.summary(attempt, place.guild, user.locale, now).await?;
        Ok(DailyAnswer::Said(said))
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
            let par = self.play.days.par(day).await?;
            let line = tr.msg(&share(day, &daily::tally_of(&result), par));
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
