//! One game in memory: its stored row, its table of seats, the game itself and its log since
//! the last snapshot, and what the board needs to know of its server's settings.

use super::Table;
use super::deadlines::{self, Timers};
use super::markup::Markup;
use super::phase::Phase;
use super::seated::Seated;
use super::settings::{BoardStyle, ServerSettings};
use crate::engine::{self, AnyGame, Level, LoggedAction, Msg, RestoreError, Seat, driver};
use crate::games::GameKind;
use crate::id::UserId;
use crate::store::{GameRow, LiveGame, Status, Store, StoreError};
use tokio::time::Instant;

/// One game and its seats, live in memory; the store has the same, durably.
pub(super) struct Session {
    pub(super) row: GameRow,
    pub(super) kind: GameKind,
    pub(super) table: Table,
    /// Lobby, in play or over, with the game once it has one; the row's status follows it.
    pub(super) phase: Phase,
    /// The actions the stored snapshot covers: the session keeps only the ones after them (the
    /// store has all).
    pub(super) base: usize,
    /// The actions since `base`.
    pub(super) tail: Vec<LoggedAction>,
    pub(super) bot_running: bool,
    /// The server's turn timers, for the deadline the board shows.
    pub(super) timers: Timers,
    /// The server lets players ask the coach (its boards show 💡 Hint).
    pub(super) hints: bool,
    /// Whether the server's boards carry a picture.
    pub(super) board_style: BoardStyle,
    /// When someone or something last used the session: an idle one leaves memory.
    pub(super) touched: Instant,
    /// Left memory: whoever still holds it must look the game up again.
    pub(super) evicted: bool,
    /// How the front end writes mentions, times and names.
    pub(super) markup: &'static dyn Markup,
    /// The seated players' time off (it pauses their clocks) and who asked for turn notices.
    pub(super) seated: Seated,
}

impl Session {
    /// A session of a stored row with no action yet, before the server's settings are applied.
    pub(super) fn new(
        row: GameRow,
        kind: GameKind,
        table: Table,
        phase: Phase,
        markup: &'static dyn Markup,
    ) -> Session {
        Session {
            row,
            kind,
            table,
            phase,
            base: 0,
            tail: vec![],
            bot_running: false,
            timers: Timers::default(),
            hints: false,
            board_style: BoardStyle::default(),
            touched: Instant::now(),
            evicted: false,
            markup,
            seated: Seated::default(),
        }
    }

    /// When the game next needs the bot without a click (see [`due_at`]).
    pub(super) fn due_at(&self) -> Option<i64> {
        due_at(
            self.phase.status(),
            self.phase.game(),
            &self.table,
            self.timers,
            self.row.updated_at,
            self.needs_board(),
            &self.seated,
        )
    }

    /// The number of actions played: the version in the board's button ids.
    pub(super) fn version(&self) -> usize {
        self.base + self.tail.len()
    }

    /// A game in play without a live board message: the turn passed (or the game started) and
    /// the next board is not posted yet. Stored as a missing board id, so it survives restarts.
    /// A daily never needs one: its board is a private answer to its player, never posted.
    pub(super) fn needs_board(&self) -> bool {
        self.board_due().is_some()
    }

    /// The game in play whose next board [`Session::needs_board`].
    pub(super) fn board_due(&self) -> Option<&dyn AnyGame> {
        self.phase
            .playing()
            .filter(|_| self.row.board_message_id.is_none() && self.table.daily.is_none())
    }

    pub(super) fn seat_of(&self, user: UserId) -> Option<Seat> {
        self.table.seats.iter().position(|s| s.user == Some(user))
    }

    pub(super) fn names(&self) -> Vec<String> {
        self.table
            .seats
            .iter()
            .map(|s| self.markup.escape(&s.name))
            .collect()
    }

    /// The seats the game waits for now.
    pub(super) fn awaited(&self) -> Vec<Seat> {
        self.phase.game().map(driver::awaited).unwrap_or_default()
    }

    /// The humans the game waits for, as (seat, user), to ping and time them.
    pub(super) fn humans_awaited(&self) -> Vec<(Seat, UserId)> {
        self.phase
            .game()
            .map(|game| humans_awaited(game, &self.table))
            .unwrap_or_default()
    }

    /// The humans the game waits for (to ping them).
    pub(super) fn humans_to_act(&self) -> Vec<UserId> {
        self.humans_awaited().into_iter().map(|(_, u)| u).collect()
    }

    /// An awaited bot seat: bots move whenever the game awaits them, whoever else it awaits.
    pub(super) fn bot_to_act(&self) -> Option<(Seat, Level)> {
        bot_to_act(self.phase.game()?, &self.table)
    }

    /// Unix seconds when the awaited players' time runs out, if a timeout applies.
    pub(super) fn deadline(&self) -> Option<i64> {
        self.deadline_in(self.phase.game()?)
    }

    /// [`Session::deadline`] with the session's `game` at hand.
    pub(super) fn deadline_in(&self, game: &dyn AnyGame) -> Option<i64> {
        let awaited = humans_awaited(game, &self.table);
        (self.timers.timeout_secs > 0 && !awaited.is_empty())
            .then(|| self.clock_start_of(&awaited) + self.timers.timeout_secs as i64)
    }

    /// When the first awaited player's clock started: the last action, or, for each, their
    /// return from time off (one's time off pauses only their own clock).
    pub(super) fn clock_start(&self) -> i64 {
        self.clock_start_of(&self.humans_awaited())
    }

    /// [`Session::clock_start`] of the `awaited` players.
    fn clock_start_of(&self, awaited: &[(Seat, UserId)]) -> i64 {
        let users = awaited.iter().map(|(_, u)| *u);
        self.seated.away.clock_start(self.row.updated_at, users)
    }

    /// When the current wait's turn notices are due, if an awaited player asked for them.
    pub(super) fn notice_due(&self) -> Option<i64> {
        notice_at(
            &self.table,
            self.row.updated_at,
            &self.humans_awaited(),
            &self.seated,
        )
    }

    pub(super) fn link(&self) -> Option<String> {
        self.row.board_message_id.map(|m| {
            let guild = self.row.guild_id.map_or("@me".to_owned(), |g| g.to_string());
            format!("https://discord.com/channels/{guild}/{}/{m}", self.row.channel_id)
        })
    }

    /// A game's whole action log: the actions its snapshot covers are only in the store.
    pub(super) async fn whole_log(&self, store: &Store) -> Result<Vec<LoggedAction>, StoreError> {
        if self.base == 0 {
            return Ok(self.tail.clone());
        }
        let stored = store.load_game(self.row.id).await?;
        match stored.map(|stored| stored.log) {
            Some(log) if log.len() == self.version() => Ok(log),
            found => Err(StoreError::Invalid(format!(
                "game {} has {} actions in the store and {} in memory",
                self.row.id,
                found.map_or(0, |log| log.len()),
                self.version()
            ))),
        }
    }

    /// Follows its server's settings (and its own turn timer, if the host chose one).
    pub(super) fn apply(&mut self, settings: ServerSettings) {
        self.timers = match (self.table.daily, self.table.turn_timer) {
            // A daily is played alone over several sittings: no reminder, no timeout.
            (Some(_), _) => Timers {
                reminder_secs: 0,
                timeout_secs: 0,
                ..settings.timers
            },
            (None, Some(secs)) => settings.timers.with_turn_timer(secs),
            (None, None) => settings.timers,
        };
        // The coach is the par's strong bot: no hints in a daily.
        self.hints = settings.hints && self.table.daily.is_none();
        self.board_style = settings.board_style;
    }

    /// Copies the table into the row. `updated_at` is left alone: it is the time of the last
    /// action, which the turn timers measure from.
    pub(super) fn sync_row(&mut self) {
        self.row.status = self.phase.status();
        self.row.seats = serde_json::to_value(&self.table).expect("a table serializes");
    }
}

/// The humans `game` waits for, as (seat, user).
fn humans_awaited(game: &dyn AnyGame, table: &Table) -> Vec<(Seat, UserId)> {
    driver::awaited(game)
        .into_iter()
        .filter_map(|s| Some((s, table.seats.get(s)?.user?)))
        .collect()
}

fn bot_to_act(game: &dyn AnyGame, table: &Table) -> Option<(Seat, Level)> {
    let bot = |seat: Seat| table.seats.get(seat).and_then(|s| s.bot);
    let seat = driver::next_to_drive(game, |seat| bot(seat).is_some())?;
    Some((seat, bot(seat)?))
}

/// Unix seconds when a game next needs the bot without anyone clicking: a lobby when it expires;
/// a game in play at once (`updated_at`) if a bot is to move or its board is to be posted, else
/// at the awaited players' reminder or timeout, if the server's timers have them (counted from
/// their return if they took time off), or at the wait's turn notices, a grace period after it
/// began, if an awaited player asked for them. Stored as the game's `due_at` with every write, so
/// only due games are loaded by the timer.
pub(super) fn due_at(
    status: Status,
    game: Option<&dyn AnyGame>,
    table: &Table,
    timers: Timers,
    updated_at: i64,
    needs_board: bool,
    seated: &Seated,
) -> Option<i64> {
    match (status, game) {
        (Status::Lobby, _) => Some(table.lobby_expires_at),
        // A game just started is stored before its state is kept: its first board is due. A
        // daily's board is only ever its player's private answer: none is due.
        (Status::Playing, _) if needs_board && table.daily.is_none() => Some(updated_at),
        (Status::Playing, Some(game)) => {
            if bot_to_act(game, table).is_some() {
                return Some(updated_at);
            }
            let awaited = humans_awaited(game, table);
            if awaited.is_empty() {
                return None;
            }
            let start = seated
                .away
                .clock_start(updated_at, awaited.iter().map(|(_, u)| *u));
            let after = |secs: u64| (secs > 0).then(|| start + secs as i64);
            let reminder = after(timers.reminder_secs).filter(|_| table.reminded_at < updated_at);
            let notice = notice_at(table, updated_at, &awaited, seated);
            reminder
                .into_iter()
                .chain(after(timers.timeout_secs))
                .chain(notice)
                .min()
        }
        _ => None,
    }
}

/// When the turn notices of the wait for `awaited` are due: a grace period after it began, if
/// one of them asked for notices. Nobody did: no wake-up (nor write) for them.
fn notice_at(table: &Table, updated_at: i64, awaited: &[(Seat, UserId)], seated: &Seated) -> Option<i64> {
    let asked = awaited.iter().any(|(_, u)| seated.notified(*u));
    deadlines::notice_due(table.noticed_at, updated_at).filter(|_| asked)
}

/// Rebuilds a session from its stored record: the state from its snapshot, or set up afresh
/// without one, then the actions after that replayed. An error means the record itself does
/// not rebuild (whatever the store does), so loading it again would fail the same way.
pub(super) fn load_session(live: LiveGame, markup: &'static dyn Markup) -> Result<Session, RestoreError> {
    let row = live.row;
    let kind = GameKind::from_id(&row.kind).ok_or_else(|| RestoreError::UnknownGame(row.kind.clone()))?;
    let table: Table =
        serde_json::from_value(row.seats.clone()).map_err(|e| RestoreError::Seats(e.to_string()))?;
    let game = || -> Result<Box<dyn AnyGame>, RestoreError> {
        match &live.snapshot {
            Some(snapshot) => {
                let mut game = kind.restore(&snapshot.state)?;
                engine::replay(game.as_mut(), &live.tail)?;
                Ok(game)
            }
            None => Ok(replayed(kind, &row, table.seats.len(), &live.tail)?.0),
        }
    };
    let phase = match row.status {
        Status::Lobby => Phase::Lobby,
        Status::Playing => Phase::Playing(game()?),
        Status::Finished => Phase::Finished(game()?),
        Status::Abandoned => Phase::Abandoned(Some(game()?)),
    };
    let mut session = Session::new(row, kind, table, phase, markup);
    session.base = live.snapshot.map_or(0, |snapshot| snapshot.covers);
    session.tail = live.tail;
    Ok(session)
}

/// A game rebuilt from its record, and each log entry's lines.
pub(super) type Replayed = (Box<dyn AnyGame>, Vec<Vec<Msg>>);

/// The game after setup with its recorded dice and the given log, with each entry's log lines.
/// CPU work in proportion to the log: callers on the async runtime run it off its workers.
pub(super) fn replayed(
    kind: GameKind,
    row: &GameRow,
    players: usize,
    log: &[LoggedAction],
) -> Result<Replayed, RestoreError> {
    let mut game = kind.set_up_again(&row.options, players, &row.setup_dice)?;
    let lines = engine::replay(game.as_mut(), log)?;
    Ok((game, lines))
}
