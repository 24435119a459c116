//! Runs the real `saikoro run` binary against the Discord emulator, with its own SQLite file,
//! and plays it as people would: slash commands, lobbies, presses until a game ends.

use crate::scratch::Scratch;
pub use saikoro_emulator::discord::{callback_type, error_code};
use saikoro_emulator::{ChannelId, Emulator, Message, MessageId, UserId};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

/// How long a test waits for what must happen (the bot identifying, an answer) before it
/// fails: a bound, not a pause, so it is generous; on a loaded 2-core machine a bot's start
/// once took longer than 10 s.
pub const WAIT: Duration = Duration::from_secs(30);

/// The bot process. Killed when dropped, so a failing test leaves nothing running.
pub struct Bot {
    child: Child,
    pub dir: Workdir,
}

impl Drop for Bot {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

pub struct BotOptions {
    pub lobby_expiry_secs: u64,
    pub bot_delay_ms: u64,
    pub dice_seed: u64,
    pub turn_reminder_secs: u64,
    pub turn_timeout_secs: u64,
    /// `play` (the game's default move) or `leave`.
    pub turn_timeout_action: &'static str,
    /// `None`: a SQLite file in the bot's folder.
    pub database_url: Option<String>,
    /// Talk to `https://discord.com` through the emulator's HTTPS proxy with serenity's rate
    /// limiter on, as in production (otherwise the emulator's URL replaces Discord's).
    pub production_http: bool,
    /// `--shards` and `--shard-total`; `None`: every shard of the configured total (1).
    pub shards: Option<(String, u32)>,
    /// The `[limits]` table's keys, one per line.
    pub limits: &'static str,
    /// More top-level keys, one per line (`metrics_addr = "…"`).
    pub extra: String,
}

/// Every limit off: the areas' tests press as fast as the bot answers and open what they need
/// (`limits.rs` tests the limits with its own).
pub const NO_LIMITS: &str = "user_burst = 0\nuser_per_minute = 0\nchannel_burst = 0\n\
    channel_per_minute = 0\ngames_per_user = 0\nlobbies_per_server = 0\nbot_games_per_server = 0\n\
    pings_per_hour = 0\nboard_ping_secs = 0\n";

impl Default for BotOptions {
    fn default() -> Self {
        Self {
            lobby_expiry_secs: 600,
            bot_delay_ms: 20,
            dice_seed: 7,
            turn_reminder_secs: 0,
            turn_timeout_secs: 0,
            turn_timeout_action: "play",
            database_url: None,
            production_http: false,
            shards: None,
            limits: NO_LIMITS,
            extra: String::new(),
        }
    }
}

/// A bot's folder (database, config and log), shared by the bots a test restarts on it and
/// removed with the last of them (kept if the test fails, for its log).
#[derive(Clone)]
pub struct Workdir(Arc<Scratch>);

impl std::ops::Deref for Workdir {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

/// A fresh folder for a bot's database and logs.
pub fn workdir() -> Workdir {
    Workdir(Arc::new(Scratch::new("e2e")))
}

impl Bot {
    /// Starts `saikoro run` pointed at the emulator, storing games in `dir`, and waits until it
    /// has connected (a new IDENTIFY, so a restarted bot is really back) and registered its commands.
    pub async fn start(emu: &Emulator, dir: Workdir, opts: &BotOptions) -> Bot {
        let (identified_before, _) = emu.gateway_sessions();
        let bot = Bot::spawn(emu, dir, opts);
        emu.wait_ready().await;
        emu.wait_for(WAIT, "the bot to identify", |e| {
            (e.gateway_sessions().0 > identified_before).then_some(())
        })
        .await;
        bot
    }

    /// Starts `saikoro run` pointed at the emulator without waiting for it to connect.
    pub fn spawn(emu: &Emulator, dir: Workdir, opts: &BotOptions) -> Bot {
        let config = dir.join("config.toml");
        let discord = if opts.production_http {
            let ca = dir.join("discord-ca.pem");
            std::fs::write(&ca, emu.certificate_pem()).unwrap();
            format!(
                "discord_https_proxy = \"{}\"\ndiscord_extra_ca = \"{}\"\n",
                emu.https_proxy_url(),
                ca.display()
            )
        } else {
            format!("discord_api_url = \"{}\"\n", emu.api_url())
        };
        std::fs::write(
            &config,
            format!(
                "guild_ids = [{guild}]\ndatabase_url = \"{db}\"\n{discord}\
                 lobby_expiry_secs = {expiry}\nbot_delay_ms = {delay}\ndice_seed = {seed}\n\
                 turn_reminder_secs = {reminder}\nturn_timeout_secs = {timeout}\n\
                 turn_timeout_action = \"{on_timeout}\"\n{extra}\n[limits]\n{limits}",
                guild = emu
                    .guild_ids()
                    .iter()
                    .map(u64::to_string)
                    .collect::<Vec<_>>()
                    .join(", "),
                db = opts
                    .database_url
                    .clone()
                    .unwrap_or_else(|| format!("sqlite://{}", dir.join("games.db").display())),
                expiry = opts.lobby_expiry_secs,
                delay = opts.bot_delay_ms,
                seed = opts.dice_seed,
                reminder = opts.turn_reminder_secs,
                timeout = opts.turn_timeout_secs,
                on_timeout = opts.turn_timeout_action,
                limits = opts.limits,
                extra = opts.extra,
            ),
        )
        .unwrap();
        let log = std::fs::File::options()
            .create(true)
            .append(true)
            .open(dir.join("bot.log"))
            .unwrap();
        let mut command = Command::new(env!("CARGO_BIN_EXE_saikoro"));
        command.args(["run", "--config"]).arg(&config);
        if let Some((shards, total)) = &opts.shards {
            command.args(["--shards", shards, "--shard-total", &total.to_string()]);
        }
        let child = command
            .env("DISCORD_TOKEN", "test-token")
            .env("RUST_LOG", "saikoro=debug,warn")
            .stdin(Stdio::null())
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .spawn()
            .expect("the saikoro binary starts");
        Bot { child, dir }
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.join("bot.log")).unwrap_or_default()
    }

    /// Ends the process at once, as a crash or `kill -9` would.
    pub fn kill(self) -> Workdir {
        self.dir.clone()
    }

    /// Asks the process to stop (SIGTERM) and waits for it to exit by itself (serenity may give
    /// the gateway up to 5 s to close).
    pub fn terminate(mut self) -> std::process::ExitStatus {
        Command::new("kill")
            .arg(self.child.id().to_string())
            .status()
            .unwrap();
        for _ in 0..300 {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("the bot did not exit after SIGTERM:\n{}", self.log());
    }
}

/// Whether a message has controls that play or set up a game: a finished game's board keeps
/// only its Rematch button (`rm:`), which does neither.
pub fn playable(m: &Message) -> bool {
    m.custom_ids().iter().any(|id| !id.starts_with("rm:"))
}

/// The channel's message that still has buttons (the live board or lobby), if any.
pub fn live(emu: &Emulator, channel: ChannelId) -> Option<Message> {
    emu.channel(channel).into_iter().rev().find(playable)
}

/// The message announcing the winner, once the game has ended.
pub fn win_message(emu: &Emulator, channel: ChannelId) -> Option<Message> {
    emu.channel(channel)
        .into_iter()
        .rev()
        .find(|m| m.content.contains("wins"))
}

/// Every message in the channel that still has buttons.
pub fn live_count(emu: &Emulator, channel: ChannelId) -> usize {
    emu.channel(channel).iter().filter(|m| playable(m)).count()
}

/// Runs a slash command and returns its answer as a message (embed or text).
pub async fn ask(
    emu: &Emulator,
    user: UserId,
    channel: ChannelId,
    path: &str,
    options: &[(&str, serde_json::Value)],
) -> Message {
    let i = emu.slash(user, channel, path, options);
    emu.wait_callback(i, WAIT).await;
    emu.wait_for(WAIT, "the command's answer", |e| {
        e.original(i)
            .filter(|m| !m.embeds.is_empty() || !m.content.is_empty())
    })
    .await
}

/// Runs a slash command and returns its answer's text and whether it is private.
pub async fn ask_text(
    emu: &Emulator,
    user: UserId,
    channel: ChannelId,
    path: &str,
    options: &[(&str, serde_json::Value)],
) -> (String, bool) {
    let answer = ask(emu, user, channel, path, options).await;
    (answer.text(), answer.ephemeral())
}

/// The game id in a live board's or lobby's button ids (`sk:<game id>:…`).
pub fn game_id(board: &Message) -> u64 {
    board
        .custom_ids()
        .iter()
        .find_map(|id| id.strip_prefix("sk:")?.split(':').next()?.parse().ok())
        .expect("a live board's buttons carry its game id")
}

/// The button whose id ends with `:suffix`.
pub fn button(m: &Message, suffix: &str) -> Option<String> {
    m.custom_ids()
        .into_iter()
        .find(|id| id.ends_with(&format!(":{suffix}")))
}

/// The users posting a message notified, as Discord decided from its content and
/// `allowed_mentions` (not merely the `<@id>` written in it).
pub fn pinged(m: &Message) -> Vec<UserId> {
    m.pings.users.iter().copied().map(UserId).collect()
}

/// Clicks and waits for the answer; returns (callback type, ephemeral text if any).
pub async fn click(emu: &Emulator, user: UserId, message: MessageId, custom_id: &str) -> (u8, String) {
    let i = emu.click(user, message, custom_id);
    let cb = emu.wait_callback(i, WAIT).await;
    (
        cb.kind,
        cb.data["content"].as_str().unwrap_or_default().to_owned(),
    )
}

/// Runs a slash command and returns the text of the (private) answer.
pub async fn slash(emu: &Emulator, user: UserId, channel: ChannelId, path: &str) -> String {
    slash_with(emu, user, channel, path, &[]).await
}

pub async fn slash_with(
    emu: &Emulator,
    user: UserId,
    channel: ChannelId,
    path: &str,
    options: &[(&str, serde_json::Value)],
) -> String {
    slash_waiting(emu, user, channel, path, options, WAIT).await
}

/// [`slash_with`] for a deferred command that may work longer than [`WAIT`] (Discord waits 15
/// minutes for a deferred answer).
pub async fn slash_waiting(
    emu: &Emulator,
    user: UserId,
    channel: ChannelId,
    path: &str,
    options: &[(&str, serde_json::Value)],
    wait: Duration,
) -> String {
    let i = emu.slash(user, channel, path, options);
    emu.wait_callback(i, WAIT).await;
    emu.wait_original_text(i, wait).await
}

/// Ann and Ben at the two-player Can't Stop game they started in `#dice` (Ben is whichever of
/// them is not Ann).
pub struct TwoPlayers {
    pub ann: UserId,
    /// Where the game plays: `#dice`, or its thread if the bot may create threads.
    pub channel: ChannelId,
    /// The first board.
    pub first: Message,
    /// Whoever the first board pings: the one to play.
    pub player: UserId,
}

/// Ann opens a Can't Stop lobby in `#dice`, Ben joins, Ann starts.
pub async fn two_player_cantstop(emu: &Emulator) -> TwoPlayers {
    let (ann, ben) = (emu.user("ann"), emu.user("ben"));
    let channel = emu.text_channel();
    let first = start_game(emu, channel, "cantstop", ann, &[ben]).await;
    let player = pinged(&first)[0];
    TwoPlayers {
        ann,
        channel: home(&first),
        first,
        player,
    }
}

/// Opens a lobby as `host`, has `others` join, and starts; returns the first live board.
pub async fn start_game(
    emu: &Emulator,
    channel: ChannelId,
    game: &str,
    host: UserId,
    others: &[UserId],
) -> Message {
    start_game_with(emu, channel, game, host, others, &[], 0).await
}

/// [`start_game`] with game options, and `bots` normal computer players added by the host.
pub async fn start_game_with(
    emu: &Emulator,
    channel: ChannelId,
    game: &str,
    host: UserId,
    others: &[UserId],
    options: &[(&str, serde_json::Value)],
    bots: usize,
) -> Message {
    let answer = slash_with(emu, host, channel, &format!("{game} start"), options).await;
    assert!(answer.contains("Lobby opened"), "{answer}");
    let lobby = emu.wait_for(WAIT, "the lobby", |e| live(e, channel)).await;
    for _ in 0..bots {
        let lobby = emu.message(lobby.message_id()).unwrap();
        let add = button(&lobby, "bot-normal").unwrap();
        assert_eq!(
            click(emu, host, lobby.message_id(), &add).await.0,
            callback_type::UPDATE_MESSAGE,
            "a bot joins"
        );
    }
    let lobby = emu.wait_for(WAIT, "the lobby", |e| live(e, channel)).await;
    for u in others {
        let (kind, _) = click(emu, *u, lobby.message_id(), &button(&lobby, "join").unwrap()).await;
        assert_eq!(kind, callback_type::UPDATE_MESSAGE, "joining updates the lobby");
    }
    let lobby = emu.message(lobby.message_id()).unwrap();
    let (kind, _) = click(emu, host, lobby.message_id(), &button(&lobby, "start").unwrap()).await;
    assert_eq!(kind, callback_type::UPDATE_MESSAGE);
    // In the thread the lobby started, if the bot may create threads (see `threads_on_and_off`).
    let home = emu.thread_of(lobby.message_id()).unwrap_or(channel);
    emu.wait_for(WAIT, "the first board", |e| {
        live(e, home).filter(|m| m.message_id() != lobby.message_id())
    })
    .await
}

/// Where a game plays: the channel its first board is in (its thread, if it moved into one).
pub fn home(board: &Message) -> ChannelId {
    ChannelId(board.channel_id)
}

/// Checks that the game of `board` plays in a thread of its own exactly when `threads` (a
/// thread has the id of the lobby message it started from).
pub fn assert_threaded(emu: &Emulator, board: &Message, threads: bool) {
    let in_thread = emu.thread_of(MessageId(board.channel_id)).is_some();
    assert_eq!(in_thread, threads, "the game plays in a thread: {in_thread}");
}

/// Tests the bodies `async fn NAME(threads: bool)` twice each, as `NAME::in_channel` (the bot
/// may not create threads: games play in their channel) and `NAME::in_thread` (it may: each game
/// moves into a thread of its own), so what holds in a channel is checked in threads too.
#[macro_export]
macro_rules! threads_on_and_off {
    ($($body:ident),+ $(,)?) => {$(
        mod $body {
            #[tokio::test]
            async fn in_channel() {
                super::$body(false).await
            }

            #[tokio::test]
            async fn in_thread() {
                super::$body(true).await
            }
        }
    )+};
}

/// The message announcing the end of a game (a win, a shared win, a solitaire result).
pub fn end_message(emu: &Emulator, channel: ChannelId) -> Option<Message> {
    emu.channel(channel)
        .into_iter()
        .rev()
        .find(|m| m.content.contains('🏆') || m.content.contains('🏁'))
}

/// Presses that are enough to end any game (a random player's game of Ishigaki takes the most).
pub const MAX_PRESSES: usize = 20_000;

/// Plays a game of `game` (its registry id) in `channel` from its lobby to its end: the first of
/// `players` opens the lobby, the others join, then they press random controls (see
/// [`play_randomly`], seeded by `seed`) until the game ends. Returns the presses accepted.
pub async fn play_to_end(
    emu: &Emulator,
    channel: ChannelId,
    game: &str,
    players: &[UserId],
    seed: u64,
) -> Vec<(usize, String)> {
    start_game(emu, channel, game, players[0], &players[1..]).await;
    play_randomly(emu, channel, players, seed, MAX_PRESSES).await
}

/// The presses a player could make on a board as moves: each enabled button, and each option of
/// a select, as (custom id, the option's value for a select); never Resign or Hint.
pub fn moves_on(board: &Message) -> Vec<(String, Option<String>)> {
    let mut presses = vec![];
    for c in board.controls() {
        let Some(id) = c["custom_id"].as_str() else {
            continue;
        };
        // The coach's hint answers privately and changes nothing: not a move.
        if c["disabled"] == true || id.ends_with(":resign") || id.ends_with(":?hint") {
            continue;
        }
        match c["options"].as_array() {
            Some(options) => presses.extend(
                options
                    .iter()
                    .filter_map(|o| o["value"].as_str())
                    .map(|v| (id.to_owned(), Some(v.to_owned()))),
            ),
            None => presses.push((id.to_owned(), None)),
        }
    }
    presses
}

/// Plays the live board to the end of the game as `players` would, pressing a random enabled
/// control (a button, or an option of a select; never Resign or Hint) from a seeded sequence, for
/// whichever of them the game awaits: a press by someone it does not await is answered privately
/// ("Waiting for …") and changes nothing, so each player is tried in turn. Steps of a decision
/// are presses too. Returns the presses that were accepted: the player's index and the title of
/// the board they pressed on.
pub async fn play_randomly(
    emu: &Emulator,
    channel: ChannelId,
    players: &[UserId],
    seed: u64,
    max_presses: usize,
) -> Vec<(usize, String)> {
    let mut state = seed
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    let mut next = move |n: usize| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) as usize) % n
    };
    let mut accepted = vec![];
    while end_message(emu, channel).is_none() {
        assert!(
            accepted.len() < max_presses,
            "the game did not end in {max_presses} presses"
        );
        let Some(board) = live(emu, channel) else {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        };
        let presses = moves_on(&board);
        if presses.is_empty() {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        }
        let (id, value) = &presses[next(presses.len())];
        let mut pressed = false;
        for (i, user) in players.iter().enumerate() {
            // A computer player may have moved meanwhile: press only what is still there.
            let current = emu.message(board.message_id());
            if !current.is_some_and(|m| m.custom_ids().contains(id)) {
                break;
            }
            let interaction = match value {
                Some(v) => emu.select(*user, board.message_id(), id, &[v]),
                None => emu.click(*user, board.message_id(), id),
            };
            let cb = emu.wait_callback(interaction, WAIT).await;
            if cb.kind == callback_type::UPDATE_MESSAGE {
                let title = board
                    .embeds
                    .first()
                    .and_then(|e| e["title"].as_str())
                    .unwrap_or_default();
                accepted.push((i, title.to_owned()));
                pressed = true;
                break;
            }
            // A look (Saizumi's Details) by someone not awaited is shown to them privately.
            if cb.data["embeds"].as_array().is_some_and(|e| !e.is_empty()) {
                continue;
            }
            let text = cb.data["content"].as_str().unwrap_or_default();
            // A computer player may also have just ended the game.
            let ended = end_message(emu, channel).is_some();
            assert!(
                text.starts_with("Waiting for") || text.contains("out of date") || ended,
                "a press was refused for another reason: {text}"
            );
        }
        if !pressed {
            // A computer player's turn, or the board moved on: look again shortly.
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    accepted
}

/// Moves every stored time of the bot's games `secs` into the past, as if that long had passed
/// while it was down (the timers count from the stored last action).
pub async fn age_games(dir: &std::path::Path, secs: i64) {
    use sqlx::Connection as _;
    let url = format!("sqlite://{}", dir.join("games.db").display());
    let mut db = sqlx::SqliteConnection::connect(&url).await.unwrap();
    sqlx::query("UPDATE games SET updated_at = updated_at - $1, due_at = due_at - $1")
        .bind(secs)
        .execute(&mut db)
        .await
        .unwrap();
    db.close().await.unwrap();
}
