//! The daily Can't Stop on a server (`/cantstop daily`, whose command is `attempt.rs`'s): a
//! normal stored one-seat game whose table says which day it is (`Table::daily`), so recovery,
//! the board, clicks and replays are the usual ones. What differs is here: its dice are the day's
//! ([`Days::dice_of`], resumed at the log's count), one attempt per player and day
//! (`store/daily.rs`), a board that is a private answer to its player (so no one else learns the
//! day's rolls first), no channel held, no timers, no resigning, and at the end the result, the
//! par, the streak and a Share button.

mod card;

use super::Post;
use super::live::Session;
use super::markup::Markup;
use crate::engine::day::Day;
use crate::engine::{Locale, LoggedAction, Tr};
use crate::id::{GuildId, UserId};
use crate::store::{DailyAttempt, DailyResult, Store, StoreError};
use saikoro_core::daily::{self, DailyDice, Tally};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Pars kept in memory: today's and the last few days' (results shown late).
const PARS_KEPT: usize = 8;

/// The deployment's daily secret (read or made once) and the pars computed so far, with the
/// store they are kept in and the front end's markup for the cards.
pub(super) struct Days {
    store: Arc<Store>,
    markup: &'static dyn Markup,
    secret: tokio::sync::OnceCell<u64>,
    pars: Mutex<HashMap<i64, u32>>,
}

impl Days {
    pub(super) fn new(store: Arc<Store>, markup: &'static dyn Markup) -> Days {
        Days {
            store,
            markup,
            secret: tokio::sync::OnceCell::new(),
            pars: Mutex::default(),
        }
    }

    /// The seed of `day`'s dice under the deployment's secret.
    pub(super) async fn seed(&self, day: i64) -> Result<u64, StoreError> {
        let secret = self
            .secret
            .get_or_try_init(|| self.store.daily_secret(rand::random()))
            .await?;
        Ok(daily::day_seed(*secret, day))
    }

    /// The day's dice where a daily game's log stopped, or `None` for any other game.
    pub(super) async fn dice_of(&self, s: &Session) -> Result<Option<DailyDice>, StoreError> {
        let Some(day) = s.table.daily else {
            return Ok(None);
        };
        let seed = self.seed(day).await?;
        let log = s.whole_log(&self.store).await?;
        Ok(Some(DailyDice::resume(seed, daily::drawn(&log))))
    }

    /// The strong bot's turns on `day`'s dice, computed once off the async workers.
    pub(super) async fn par(&self, day: i64) -> Result<u32, StoreError> {
        if let Some(par) = self.pars.lock().expect("pars").get(&day) {
            return Ok(*par);
        }
        let seed = self.seed(day).await?;
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

    /// The player's current and best streaks of days played, as of `now`.
    async fn streaks(&self, player: UserId, now: i64) -> Result<(u32, u32), StoreError> {
        let days = self.store.daily_days(player).await?;
        let today = Day::of_unix(now).map_or(0, |d| i64::from(d.number()));
        Ok(daily::streaks(&days, today))
    }

    /// A finished attempt, in `locale`: the result, par, streak and share line, and the day's
    /// leaderboards of `guild` and of all servers.
    pub(super) async fn summary(
        &self,
        attempt: &DailyAttempt,
        guild: Option<GuildId>,
        locale: Locale,
        now: i64,
    ) -> Result<String, StoreError> {
        let par = self.par(attempt.day).await?;
        let streaks = self.streaks(attempt.player, now).await?;
        let here = self
            .store
            .daily_board(attempt.day, guild, card::BOARD_ROWS)
            .await?;
        let everywhere = self
            .store
            .daily_board(attempt.day, None, card::BOARD_ROWS)
            .await?;
        let boards = card::Boards {
            here: &here,
            everywhere: &everywhere,
        };
        Ok(card::summary(
            &Tr::new(locale, &[]),
            self.markup,
            attempt,
            par,
            streaks,
            boards,
        ))
    }

    /// The answer to the click that ended a daily game (its result stored with the final
    /// action, see [`ending`]): its private board becomes a card with the par, the streak, the
    /// share line and the Share button, under the final board's words. A card that could not be
    /// made leaves the final board; the next `/cantstop daily` shows the result.
    pub(super) async fn card(&self, s: &Session, board: Post, now: i64) -> Post {
        let (Some(day), Some(player)) = (s.table.daily, s.table.seats.first().and_then(|p| p.user)) else {
            return board;
        };
        match self.result_card(s, day, player, board.content.clone(), now).await {
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
        now: i64,
    ) -> Result<Post, StoreError> {
        let log = s.whole_log(&self.store).await?;
        let tally = Tally::of_log(&log)
            .ok_or_else(|| StoreError::Invalid(format!("daily game {} does not replay", s.row.id)))?;
        let par = self.par(day).await?;
        let streaks = self.streaks(player, now).await?;
        let tr = Tr::new(s.table.locale, &[]);
        let name = self.markup.escape(&s.table.seats[0].name);
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
}

/// A finished attempt's result as stored: `B` per turn banked, `X` per bust.
pub(super) fn result_of(tally: &Tally, at: i64) -> DailyResult {
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
pub(super) fn tally_of(result: &DailyResult) -> Tally {
    Tally {
        marks: result.marks.chars().map(|c| c == 'B').collect(),
    }
}
