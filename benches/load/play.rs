//! The players: opening a game in a channel and clicking through it as the board asks.

use crate::{MAX_ERRORS_IN_A_ROW, SETUP_CONCURRENCY, WAIT};
use futures_util::StreamExt;
use saikoro_emulator::discord::callback_type;
use saikoro_emulator::{Callback, ChannelId, Emulator, InteractionId, Message, MessageId, UserId};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Waits for the bot's answer, or says it did not come.
async fn answer(emu: &Emulator, interaction: InteractionId) -> Result<Callback, String> {
    answer_within(emu, interaction, WAIT).await
}

/// Waits up to `within` for the bot's answer, or says it did not come.
async fn answer_within(
    emu: &Emulator,
    interaction: InteractionId,
    within: Duration,
) -> Result<Callback, String> {
    // The emulator panics after its own timeout; ours comes first and is an error, not a panic.
    tokio::time::timeout(within, emu.wait_callback(interaction, WAIT * 2))
        .await
        .map_err(|_| format!("no answer to interaction {interaction} within {within:?}"))
}

/// The first message with buttons posted in the channel after `after`.
async fn next_live(emu: &Emulator, channel: ChannelId, after: MessageId) -> Result<Message, String> {
    next_with(
        emu,
        channel,
        after,
        |m| !m.custom_ids().is_empty(),
        "a live message",
    )
    .await
}

/// The first message posted in the channel after `after` that `wanted` accepts.
async fn next_with(
    emu: &Emulator,
    channel: ChannelId,
    after: MessageId,
    wanted: impl Fn(&Message) -> bool,
    what: &str,
) -> Result<Message, String> {
    let found = |e: &Emulator| e.messages_after(channel, after).into_iter().find(&wanted);
    tokio::time::timeout(WAIT, emu.wait_in_channel(channel, WAIT * 2, what, found))
        .await
        .map_err(|_| format!("no {what} in channel {channel} within {WAIT:?}"))
}

/// The button whose id ends with `:suffix`.
fn button(m: &Message, suffix: &str) -> Option<String> {
    let suffix = format!(":{suffix}");
    m.custom_ids().into_iter().find(|id| id.ends_with(&suffix))
}

/// The users a message pings, from `<@id>` in its content.
fn pinged(m: &Message) -> Option<UserId> {
    let id = m.content.split("<@").nth(1)?.split('>').next()?;
    id.parse().ok().map(UserId)
}

/// Clicks a button and checks the bot updated the message (an `UPDATE_MESSAGE` answer).
async fn click(emu: &Emulator, user: UserId, message: &Message, suffix: &str) -> Result<Callback, String> {
    let id = button(message, suffix).ok_or(format!("no `{suffix}` button on {:?}", message.custom_ids()))?;
    let cb = answer(emu, emu.try_click(user, message.message_id(), &id)?).await?;
    match cb.kind {
        callback_type::UPDATE_MESSAGE => Ok(cb),
        kind => Err(format!("`{suffix}` was answered with type {kind}: {}", cb.data)),
    }
}

/// `/cantstop start` by `ann`, `ben` joins, `ann` starts: returns the first board.
/// `after`: the channel's last message before (its lobby will be newer).
async fn open_game(
    emu: &Emulator,
    channel: ChannelId,
    after: MessageId,
    ann: UserId,
    ben: UserId,
) -> Result<Message, String> {
    answer(emu, emu.slash(ann, channel, "cantstop start", &[])).await?;
    // The lobby, not the finished game's board (live too: it has a Rematch button).
    let is_lobby = |m: &Message| button(m, "join").is_some();
    let lobby = next_with(emu, channel, after, is_lobby, "a lobby").await?;
    click(emu, ben, &lobby, "join").await?;
    let lobby = emu.message(lobby.message_id()).ok_or("the lobby vanished")?;
    click(emu, ann, &lobby, "start").await?;
    next_live(emu, channel, lobby.message_id()).await
}

/// Opens a game in every channel, `SETUP_CONCURRENCY` at a time: each channel's first board.
pub async fn open_games(
    emu: &Emulator,
    channels: &[ChannelId],
    seats: &[(UserId, UserId)],
) -> Vec<Result<Message, String>> {
    futures_util::stream::iter(channels.iter().zip(seats))
        .map(|(&channel, &(ann, ben))| open_game(emu, channel, MessageId(0), ann, ben))
        .buffered(SETUP_CONCURRENCY)
        .collect()
        .await
}

/// What the players of one channel did.
#[derive(Default)]
pub struct Played {
    pub clicks: usize,
    pub finished: usize,
    pub errors: usize,
    /// Clicks left unanswered past [`Player::presses_again_after`]: the bot dropped them.
    pub dropped: usize,
    /// Clicks acknowledged in time with the board edited afterwards (counted in `clicks`).
    pub deferred: usize,
    pub latencies: Vec<Duration>,
    /// The open loop's latencies of clicks sent [`SETTLED_AFTER`](crate::open::SETTLED_AFTER)
    /// or more into their rate: how the bot does once an earlier overload is over.
    pub settled: Vec<Duration>,
}

impl Played {
    pub fn add(&mut self, other: Played) {
        self.clicks += other.clicks;
        self.finished += other.finished;
        self.errors += other.errors;
        self.dropped += other.dropped;
        self.deferred += other.deferred;
        self.latencies.extend(other.latencies);
        self.settled.extend(other.settled);
    }
}

/// The two people at one channel's table, clicking for whoever the board pings.
pub struct Player {
    pub emu: Arc<Emulator>,
    pub channel: ChannelId,
    pub seats: (UserId, UserId),
    pub deadline: Instant,
    pub max_clicks: usize,
    /// A click not answered within this was dropped by the bot (Discord would have shown it
    /// failed after 3 s), and the player presses again; `None`: an error after [`WAIT`].
    pub presses_again_after: Option<Duration>,
}

impl Player {
    /// Plays like the end-to-end test: roll, take the first move, stop after two moves; a game
    /// that ends is followed by a new one, until the deadline or the click limit.
    pub async fn play(self, first: Message) -> Played {
        let mut played = Played::default();
        let mut turn = Turn::new(first);
        let mut errors_in_a_row = 0;
        while played.clicks < self.max_clicks && Instant::now() < self.deadline {
            match self.step(&mut turn, &mut played).await {
                Ok(next) => {
                    turn = next;
                    errors_in_a_row = 0;
                }
                Err(e) => {
                    played.errors += 1;
                    errors_in_a_row += 1;
                    if errors_in_a_row >= MAX_ERRORS_IN_A_ROW {
                        eprintln!("  channel {}: giving up after: {e}", self.channel);
                        break;
                    }
                    match self.fresh_turn(&turn) {
                        Some(live) => turn = live,
                        None => break,
                    }
                }
            }
        }
        played
    }

    /// Looks at the channel afresh: the newest live message is the board. The bot pings a
    /// turn's player only when it posts the turn's board (an edit clears the ping), so the
    /// board of the turn being played keeps its player.
    pub fn fresh_turn(&self, was: &Turn) -> Option<Turn> {
        let messages = self.emu.messages_after(self.channel, MessageId(0));
        let board = messages.into_iter().rev().find(|m| !m.custom_ids().is_empty())?;
        Some(if board.message_id() == was.board.message_id() {
            Turn { board, ..*was }
        } else {
            Turn::new(board)
        })
    }

    /// One click on the live board; returns the turn as it goes on (the same board or the next).
    pub async fn step(&self, turn: &mut Turn, played: &mut Played) -> Result<Turn, String> {
        let emu = &self.emu;
        let player = turn
            .player
            .ok_or_else(|| format!("the board pings nobody: {:?}", turn.board.content))?;
        let ids = turn.board.custom_ids();
        let choice = if let Some(m) = ids.iter().find(|id| id.contains(":m")) {
            turn.moves += 1;
            m.clone()
        } else if turn.moves >= 2 {
            button(&turn.board, "stop").ok_or("no stop button")?
        } else {
            button(&turn.board, "roll").ok_or("no roll button")?
        };
        let board = turn.board.message_id();
        // Under overload a deferred answer edits the board later: a press on the board as it
        // was is one a real client could not send, so the player looks again.
        let Ok(clicked) = emu.try_click(player, board, &choice) else {
            return self.fresh_turn(turn).ok_or_else(|| "no live board".into());
        };
        let cb = match self.presses_again_after {
            None => answer(emu, clicked).await?,
            Some(within) => {
                if let Ok(cb) = answer_within(emu, clicked, within).await {
                    cb
                } else {
                    played.dropped += 1;
                    return self.fresh_turn(turn).ok_or_else(|| "no live board".into());
                }
            }
        };
        played.clicks += 1;
        played.latencies.push(cb.latency);
        if cb.kind == callback_type::DEFERRED_UPDATE_MESSAGE {
            // Acknowledged in time; the board's edit follows.
            played.deferred += 1;
            return self.fresh_turn(turn).ok_or_else(|| "no live board".into());
        }
        if cb.kind != callback_type::UPDATE_MESSAGE {
            return Err(format!(
                "a legal click was answered with type {}: {}",
                cb.kind, cb.data
            ));
        }
        let updated = emu.message(board).ok_or("the board vanished")?;
        // A finished game's board keeps one button (Rematch), so the result is read first.
        let over = cb.data["content"].as_str().is_some_and(|c| c.contains("wins"));
        if !over && !updated.custom_ids().is_empty() {
            return Ok(Turn {
                board: updated,
                ..*turn
            });
        }
        // The clicked board froze: the turn passed (a new board follows) or the game is over.
        let next = if over {
            played.finished += 1;
            let (ann, ben) = self.seats;
            open_game(emu, self.channel, board, ann, ben).await?
        } else {
            next_live(emu, self.channel, board).await?
        };
        Ok(Turn::new(next))
    }
}

/// The live board, whose turn it is (the board pings them when it is posted), and the moves
/// they made this turn.
pub struct Turn {
    board: Message,
    player: Option<UserId>,
    moves: usize,
}

impl Turn {
    pub fn new(board: Message) -> Turn {
        Turn {
            player: pinged(&board),
            board,
            moves: 0,
        }
    }
}

/// The latency at quantile `q` of sorted latencies, in ms.
pub fn quantile_ms(sorted: &[Duration], q: f64) -> f64 {
    let at = ((sorted.len() as f64 * q) as usize).min(sorted.len().saturating_sub(1));
    sorted.get(at).map_or(0.0, |d| d.as_secs_f64() * 1000.0)
}
