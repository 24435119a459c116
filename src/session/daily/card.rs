//! What the daily shows: the card its private board becomes when the game ends (result, par,
//! streak, share line and the Share button) and the private summary of a finished attempt with
//! the day's leaderboards.

use super::super::markup::Markup;
use super::super::{Post, ids};
use crate::engine::{Button, Msg, Row, Style, Tr, View};
use crate::id::UserId;
use crate::store::DailyAttempt;
use saikoro_core::daily::{self, Tally};

/// Rows of each leaderboard in a summary: two of them stay well within a message's 2,000 characters.
pub(super) const BOARD_ROWS: i64 = 10;
/// A name on a leaderboard is cut to this many characters.
const NAME_CHARS: usize = 32;
const COLOUR: u32 = 0x0057_F287;

/// The day's leaderboards: this server's and every server's.
pub(super) struct Boards<'a> {
    pub(super) here: &'a [DailyAttempt],
    pub(super) everywhere: &'a [DailyAttempt],
}

/// "8 turns, 2 busts (par 7)" and "Streak: 3 days (best 5)".
fn result_lines(tr: &Tr, turns: u32, busts: u32, par: u32, (streak, best): (u32, u32)) -> String {
    let result = Msg::new("daily-result")
        .arg("turns", turns)
        .arg("busts", busts)
        .arg("par", par);
    let streak = Msg::new("daily-streak").arg("streak", streak).arg("best", best);
    format!("{}\n{}", tr.msg(&result), tr.msg(&streak))
}

/// A finished attempt as its card shows it.
pub(super) struct Finished<'a> {
    /// The player's name, escaped.
    pub(super) name: &'a str,
    pub(super) player: UserId,
    pub(super) day: i64,
    pub(super) tally: &'a Tally,
    pub(super) par: u32,
    /// The current and best streaks.
    pub(super) streaks: (u32, u32),
}

/// The card the player's private board becomes when their game ends, under `content` (the
/// final board's words), with the Share button only they may press: sharing is their choice.
pub(super) fn finished(tr: &Tr, done: &Finished, content: Option<String>) -> Post {
    let Finished {
        name,
        player,
        day,
        tally,
        par,
        streaks,
    } = *done;
    let lines = result_lines(tr, tally.turns(), tally.busts(), par, streaks);
    let share = tr.msg(&daily::share(day, tally, par));
    let button = Button::act(
        ids::daily_share(player, day),
        tr.t("daily-share-button"),
        Style::Primary,
    );
    Post {
        content,
        view: View {
            title: tr.msg(&Msg::new("daily-title").arg("day", day).arg("player", name)),
            description: format!("{lines}\n{share}"),
            text: None,
            words: None,
            fields: vec![],
            colour: COLOUR,
            footer: None,
            rows: vec![Row::buttons(vec![button])],
        },
        ping: vec![],
        picture: None,
    }
}

/// The private answer to `/cantstop daily` once the day is played: the result, the par, the
/// streak, the share line and both leaderboards.
pub(super) fn summary(
    tr: &Tr,
    markup: &dyn Markup,
    attempt: &DailyAttempt,
    par: u32,
    streaks: (u32, u32),
    boards: Boards,
) -> String {
    let Some(result) = &attempt.result else {
        return tr.t("daily-share-none");
    };
    let tally = super::tally_of(result);
    let mut text = vec![
        tr.msg(&Msg::new("daily-played").arg("day", attempt.day)),
        result_lines(tr, result.turns, result.busts, par, streaks),
        tr.msg(&daily::share(attempt.day, &tally, par)),
    ];
    for (title, board) in [
        ("daily-board-here", boards.here),
        ("daily-board-everywhere", boards.everywhere),
    ] {
        text.push(String::new());
        text.push(tr.t(title));
        text.extend(board.iter().enumerate().map(|(i, a)| line(tr, markup, i + 1, a)));
    }
    text.join("\n")
}

/// "1. ann — 7 turns, 1 bust", the asker's own line included.
fn line(tr: &Tr, markup: &dyn Markup, rank: usize, attempt: &DailyAttempt) -> String {
    let name: String = attempt.name.chars().take(NAME_CHARS).collect();
    let (turns, busts) = attempt.result.as_ref().map_or((0, 0), |r| (r.turns, r.busts));
    tr.msg(
        &Msg::new("daily-board-line")
            .arg("rank", rank)
            .arg("name", markup.escape(&name))
            .arg("turns", turns)
            .arg("busts", busts),
    )
}
