//! Runs the real `saikoro run` binary against the Discord emulator, with its own SQLite file.
#![allow(dead_code)] // each end-to-end test file uses a different part of this

use crate::emulator::{ChannelId, Emulator, Message, MessageId, UserId};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

pub const WAIT: Duration = Duration::from_secs(10);

/// The bot process. Killed when dropped, so a failing test leaves nothing running.
pub struct Bot {
    child: Child,
    pub dir: PathBuf,
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
}

impl Default for BotOptions {
    fn default() -> Self {
        Self {
            lobby_expiry_secs: 600,
            bot_delay_ms: 20,
            dice_seed: 7,
            turn_reminder_secs: 0,
            turn_timeout_secs: 0,
            turn_timeout_action: "play",
        }
    }
}

/// A fresh folder for a bot's database and logs.
pub fn workdir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("saikoro-e2e-{}", rand::random::<u64>()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

impl Bot {
    /// Starts `saikoro run` pointed at the emulator, storing games in `dir`, and waits until it
    /// has connected (a new IDENTIFY, so a restarted bot is really back) and registered its commands.
    pub async fn start(emu: &Emulator, dir: PathBuf, opts: &BotOptions) -> Bot {
        let (identified_before, _) = emu.gateway_sessions();
        let config = dir.join("config.toml");
        std::fs::write(
            &config,
            format!(
                "guild_ids = [{guild}]\ndatabase_url = \"sqlite://{db}\"\ndiscord_api_url = \"{api}\"\n\
                 lobby_expiry_secs = {expiry}\nbot_delay_ms = {delay}\ndice_seed = {seed}\n\
                 turn_reminder_secs = {reminder}\nturn_timeout_secs = {timeout}\n\
                 turn_timeout_action = \"{on_timeout}\"\n",
                guild = emu.guild_id(),
                db = dir.join("games.db").display(),
                api = emu.api_url(),
                expiry = opts.lobby_expiry_secs,
                delay = opts.bot_delay_ms,
                seed = opts.dice_seed,
                reminder = opts.turn_reminder_secs,
                timeout = opts.turn_timeout_secs,
                on_timeout = opts.turn_timeout_action,
            ),
        )
        .unwrap();
        let log = std::fs::File::options()
            .create(true)
            .append(true)
            .open(dir.join("bot.log"))
            .unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_saikoro"))
            .args(["run", "--config"])
            .arg(&config)
            .env("DISCORD_TOKEN", "test-token")
            .env("RUST_LOG", "saikoro=debug,warn")
            .stdin(Stdio::null())
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .spawn()
            .expect("the saikoro binary starts");
        let bot = Bot { child, dir };
        emu.wait_ready().await;
        emu.wait_for(WAIT, "the bot to identify", |e| {
            (e.gateway_sessions().0 > identified_before).then_some(())
        })
        .await;
        bot
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.join("bot.log")).unwrap_or_default()
    }

    /// Ends the process at once, as a crash or `kill -9` would.
    pub fn kill(mut self) -> PathBuf {
        self.child.kill().ok();
        self.child.wait().ok();
        std::mem::take(&mut self.dir)
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

/// The channel's message that still has buttons (the live board or lobby), if any.
pub fn live(emu: &Emulator, channel: ChannelId) -> Option<Message> {
    emu.channel(channel)
        .into_iter()
        .rev()
        .find(|m| !m.custom_ids().is_empty())
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
    emu.channel(channel)
        .iter()
        .filter(|m| !m.custom_ids().is_empty())
        .count()
}

/// The button whose id ends with `:suffix`.
pub fn button(m: &Message, suffix: &str) -> Option<String> {
    m.custom_ids()
        .into_iter()
        .find(|id| id.ends_with(&format!(":{suffix}")))
}

/// The users a message pings, from `<@id>` in its content.
pub fn pinged(m: &Message) -> Vec<UserId> {
    m.content
        .split("<@")
        .skip(1)
        .filter_map(|s| s.split('>').next()?.parse().ok())
        .map(UserId)
        .collect()
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
    let i = emu.slash(user, channel, path, options);
    emu.wait_callback(i, WAIT).await;
    // poise answers commands with a callback, then the text may arrive as an edit or follow-up.
    emu.wait_for(WAIT, "the command's answer", |e| {
        e.original(i).map(|m| m.content).filter(|c| !c.is_empty())
    })
    .await
}

/// Opens a lobby as `host`, has `others` join, and starts; returns the first live board.
pub async fn start_game(
    emu: &Emulator,
    channel: ChannelId,
    game: &str,
    host: UserId,
    others: &[UserId],
) -> Message {
    let answer = slash(emu, host, channel, &format!("{game} start")).await;
    assert!(answer.contains("Lobby opened"), "{answer}");
    let lobby = emu.wait_for(WAIT, "the lobby", |e| live(e, channel)).await;
    for u in others {
        let (kind, _) = click(emu, *u, lobby.message_id(), &button(&lobby, "join").unwrap()).await;
        assert_eq!(kind, 7, "joining updates the lobby");
    }
    let lobby = emu.message(lobby.message_id()).unwrap();
    let (kind, _) = click(emu, host, lobby.message_id(), &button(&lobby, "start").unwrap()).await;
    assert_eq!(kind, 7);
    emu.wait_for(WAIT, "the first board", |e| {
        live(e, channel).filter(|m| m.message_id() != lobby.message_id())
    })
    .await
}
