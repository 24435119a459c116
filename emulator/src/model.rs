//! What the emulated Discord knows: one guild, its users and channels, the messages the bot posted,
//! the interactions it was sent and how it answered them, and the gateway session's event log.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use poise::serenity_prelude::{Permissions, Timestamp};
use serde_json::{Value, json};
use tokio::sync::{Notify, watch};

use crate::discord::{message_flags, opcode};
use crate::message::{Callback, Message, Pings};

/// Discord's epoch (2015-01-01) in Unix milliseconds; snowflakes count from it.
const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;

#[derive(Clone, Debug)]
pub struct User {
    pub id: u64,
    pub name: String,
    pub permissions: Permissions,
    pub bot: bool,
    /// The client language, sent as the interaction's `locale`.
    pub locale: String,
}

#[derive(Clone, Debug)]
pub struct Channel {
    pub id: u64,
    pub name: String,
    /// A [`channel_type`](crate::discord::channel_type).
    pub kind: u8,
    pub parent_id: Option<u64>,
    /// The guild it is in.
    pub guild_id: u64,
    /// `Some`: a private channel, hidden from @everyone and shown to these members only (its
    /// permission overwrites say so); `None`: everyone sees it.
    pub viewers: Option<Vec<u64>>,
    /// A thread archived after inactivity (or by a moderator): its messages cannot be edited
    /// until it is unarchived, which posting in it does.
    pub archived: bool,
    /// Woken when the bot answers an interaction or posts, edits or deletes a message here.
    pub activity: Arc<Notify>,
}

#[derive(Clone, Debug)]
pub struct Interaction {
    pub id: u64,
    pub token: String,
    /// An [`interaction_type`].
    pub kind: u8,
    pub user_id: u64,
    pub channel_id: u64,
    /// The message a component sits on.
    pub message_id: Option<u64>,
    /// What a person did: the command path or the component's custom_id.
    pub label: String,
    /// On the emulator's clock (see `State::now`).
    pub dispatched: Instant,
    pub callback: Option<Callback>,
    pub original: Option<u64>,
    /// Discord gave up on it (answered too late, or the test says it was lost on purpose).
    pub dropped: bool,
}

/// The gateway session: its id and every dispatch in order, kept so a RESUME can replay them.
#[derive(Debug, Default)]
pub struct Session {
    pub id: String,
    pub events: Vec<(u64, Value)>,
}

pub struct State {
    pub(crate) last_snowflake: u64,
    pub gateway_url: String,
    pub application_id: u64,
    pub bot_id: u64,
    /// The first guild: the one tests use unless they ask for another shard's.
    pub guild_id: u64,
    /// Every guild, the first included: one per shard when the emulator serves several.
    pub guilds: Vec<u64>,
    /// How many shards the bot must identify with (`IDENTIFY`'s `shard: [id, total]`).
    pub shard_total: u32,
    /// The `shard` of every IDENTIFY, in order.
    pub identified: Vec<Value>,
    /// `max_concurrency` and the IDENTIFYs checked against it.
    pub identify: crate::identify::IdentifyLimit,
    pub everyone_role: u64,
    pub manager_role: u64,
    pub guild_locale: String,
    pub users: BTreeMap<u64, User>,
    pub channels: BTreeMap<u64, Channel>,
    pub messages: BTreeMap<u64, Message>,
    /// Each channel's message ids, oldest first, so finding a channel's newest messages does not
    /// walk every channel's (the load benchmark has thousands).
    by_channel: HashMap<u64, Vec<u64>>,
    pub interactions: BTreeMap<u64, Interaction>,
    /// Registered commands: key `None` for global ones, `Some(guild)` for guild ones.
    pub commands: BTreeMap<Option<u64>, Vec<Value>>,
    /// The gateway session of each shard.
    pub sessions: BTreeMap<u32, Session>,
    /// IDENTIFYs and successful RESUMEs seen on the gateway.
    pub sessions_started: u32,
    pub resumes: u32,
    /// Bumped to make the open gateway connection drop (a test of RESUME).
    pub connection_generation: u64,
    /// "METHOD /path" of every REST request, in order.
    pub requests: Vec<String>,
    pub failures: Vec<String>,
    /// How far the test moved the emulator's clock ahead of real time.
    pub clock_offset: Duration,
    /// While set, dispatches wait in the session's log (a slow network between Discord and the bot).
    pub gateway_held: bool,
    /// How long ago Discord made the interactions it dispatches now: a gateway that delivers
    /// them late (`Emulator::delay_interactions`).
    pub interaction_delay: Duration,
    /// Answers the test asked for instead of the normal ones (429s, 5xxs), in order.
    pub faults: Vec<Fault>,
    /// Until when a rate limit holds: per route (`Some("POST /channels/1/messages")`) or global (`None`).
    pub rate_limits: Vec<(Option<String>, Instant)>,
    /// Direct messages: the DM channels opened, and whose DMs are closed (`rest/dm.rs`).
    pub dms: Dms,
}

/// An answer the test makes Discord give, once, to the next request matching `method` and `path`.
#[derive(Clone, Debug)]
pub struct Fault {
    pub method: String,
    /// A fragment of the path below `/api/v10`, e.g. "/messages".
    pub path: String,
    pub kind: FaultKind,
}

#[derive(Clone, Copy, Debug)]
pub enum FaultKind {
    /// 429 with `retry_after`; `global` for the limit on every route.
    RateLimited { retry_after: Duration, global: bool },
    /// A server error such as 500 or 502.
    Status(u16),
    /// The request is done, but its answer never comes (until the emulator stops): a bot
    /// killed meanwhile crashed between Discord's doing something and its hearing of it.
    Hang,
}

/// Permissions everyone in the test guild has.
pub fn member_permissions() -> Permissions {
    Permissions::VIEW_CHANNEL
        | Permissions::SEND_MESSAGES
        | Permissions::SEND_MESSAGES_IN_THREADS
        | Permissions::EMBED_LINKS
        | Permissions::ADD_REACTIONS
        | Permissions::READ_MESSAGE_HISTORY
        | Permissions::USE_EXTERNAL_EMOJIS
        | Permissions::USE_APPLICATION_COMMANDS
        | Permissions::CREATE_PUBLIC_THREADS
}

impl State {
    pub fn new() -> Self {
        let mut state = State {
            last_snowflake: 0,
            interaction_delay: Duration::ZERO,
            gateway_url: String::new(),
            application_id: 0,
            bot_id: 0,
            guild_id: 0,
            guilds: Vec::new(),
            shard_total: 1,
            identified: Vec::new(),
            identify: crate::identify::IdentifyLimit::default(),
            everyone_role: 0,
            manager_role: 0,
            guild_locale: "en-US".into(),
            users: BTreeMap::new(),
            channels: BTreeMap::new(),
            messages: BTreeMap::new(),
            by_channel: HashMap::new(),
            interactions: BTreeMap::new(),
            commands: BTreeMap::new(),
            sessions: BTreeMap::new(),
            sessions_started: 0,
            resumes: 0,
            connection_generation: 0,
            requests: Vec::new(),
            failures: Vec::new(),
            clock_offset: Duration::ZERO,
            gateway_held: false,
            faults: Vec::new(),
            rate_limits: Vec::new(),
            dms: Dms::default(),
        };
        state.application_id = state.snowflake();
        // A bot user's id is its application's id.
        state.bot_id = state.application_id;
        state.guild_id = state.snowflake();
        state.guilds.push(state.guild_id);
        // The @everyone role shares the guild's id.
        state.everyone_role = state.guild_id;
        state.manager_role = state.snowflake();
        let bot = User {
            id: state.bot_id,
            name: "saikoro".into(),
            // Without Create Public Threads unless a test allows it (`Emulator::allow_threads`),
            // so games stay in their channel as before threads.
            permissions: (member_permissions() - Permissions::CREATE_PUBLIC_THREADS)
                | Permissions::MANAGE_MESSAGES
                | Permissions::MANAGE_THREADS,
            bot: true,
            locale: "en-US".into(),
        };
        state.users.insert(bot.id, bot);
        state
    }

    /// A snowflake whose time is `ago` in the past (its counter bits from the newest snowflake,
    /// so that it is unique).
    fn snowflake_made_ago(&mut self, ago: Duration) -> u64 {
        let fresh = self.snowflake();
        let back = u64::try_from(ago.as_millis()).unwrap_or(u64::MAX) << 22;
        if back == 0 {
            fresh
        } else {
            fresh.saturating_sub(back)
        }
    }

    /// A fresh snowflake: milliseconds since Discord's epoch in the high bits, a counter below.
    pub fn snowflake(&mut self) -> u64 {
        let ms = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64);
        let id = (ms.saturating_sub(DISCORD_EPOCH_MS) << 22).max(self.last_snowflake + 1);
        self.last_snowflake = id;
        id
    }

    /// The emulator's clock: real time plus whatever the test advanced it by.
    pub fn now(&self) -> Instant {
        Instant::now() + self.clock_offset
    }

    pub fn fail(&mut self, failure: String) {
        self.failures.push(failure);
    }

    /// Whom a new message notifies, as Discord decides: mentions in the content (`<@id>`,
    /// `<@!id>`, `<@&role>`, `@everyone`, `@here`; a backslash before one makes it plain text),
    /// filtered by `allowed_mentions` (absent: every kind is parsed). Ephemeral messages notify no one.
    pub fn pings(&self, body: &Value, ephemeral: bool) -> Pings {
        let content = body["content"].as_str().unwrap_or_default();
        if ephemeral || content.is_empty() {
            return Pings::default();
        }
        let allowed = &body["allowed_mentions"];
        let list = |key: &str| -> Vec<String> {
            allowed[key]
                .as_array()
                .map(|a| a.iter().filter_map(|v| v.as_str().map(str::to_string)).collect())
                .unwrap_or_default()
        };
        let parse = if allowed.is_object() {
            list("parse")
        } else {
            vec!["users".into(), "roles".into(), "everyone".into()]
        };
        let parses = |kind: &str| parse.iter().any(|p| p == kind);
        let (users, roles) = (list("users"), list("roles"));
        let mut pings = Pings::default();
        for (at, _) in content.match_indices('@') {
            if content[..at].ends_with('\\') {
                continue;
            }
            let rest = &content[at + 1..];
            if rest.starts_with("everyone") || rest.starts_with("here") {
                pings.everyone |= parses("everyone");
                continue;
            }
            if !content[..at].ends_with('<') || content[..at - 1].ends_with('\\') {
                continue;
            }
            let (role, rest) = match rest.strip_prefix('&') {
                Some(rest) => (true, rest),
                None => (false, rest.strip_prefix('!').unwrap_or(rest)),
            };
            let Some((id, _)) = rest.split_once('>') else {
                continue;
            };
            let Ok(number) = id.parse::<u64>() else {
                continue;
            };
            if role {
                let known = number == self.manager_role || number == self.everyone_role;
                if known
                    && (parses("roles") || roles.iter().any(|r| r == id))
                    && !pings.roles.contains(&number)
                {
                    pings.roles.push(number);
                }
            } else if self.users.contains_key(&number)
                && (parses("users") || users.iter().any(|u| u == id))
                && !pings.users.contains(&number)
            {
                pings.users.push(number);
            }
        }
        pings
    }

    pub fn add_user(&mut self, name: &str, permissions: Permissions) -> u64 {
        let id = self.snowflake();
        let locale = "en-US".into();
        self.users.insert(
            id,
            User {
                id,
                name: name.into(),
                permissions,
                bot: false,
                locale,
            },
        );
        id
    }

    pub fn add_channel(&mut self, name: &str, kind: u8, parent_id: Option<u64>) -> u64 {
        self.add_channel_in(self.guild_id, name, kind, parent_id)
    }

    pub fn add_channel_in(&mut self, guild_id: u64, name: &str, kind: u8, parent_id: Option<u64>) -> u64 {
        let id = self.snowflake();
        self.channels.insert(
            id,
            Channel {
                id,
                name: name.into(),
                kind,
                parent_id,
                guild_id,
                viewers: None,
                archived: false,
                activity: Arc::new(Notify::new()),
            },
        );
        id
    }

    /// Stores a new message. Ids only grow (they are taken under the state's lock), so each
    /// channel's list stays in order.
    pub fn post(&mut self, message: Message) {
        self.by_channel
            .entry(message.channel_id)
            .or_default()
            .push(message.id);
        self.messages.insert(message.id, message);
    }

    /// A new message of the bot's in answer to `interaction`, empty as yet, ephemeral if
    /// `body`'s flags say so (plus `extra_flags`), pinging whom `body` allows.
    pub fn reply_message(&mut self, interaction: &Interaction, body: &Value, extra_flags: u64) -> Message {
        let flags = body["flags"].as_u64().unwrap_or(0) & message_flags::EPHEMERAL | extra_flags;
        let pings = self.pings(body, flags & message_flags::EPHEMERAL != 0);
        Message {
            id: self.snowflake(),
            channel_id: interaction.channel_id,
            content: String::new(),
            embeds: Vec::new(),
            components: Vec::new(),
            flags,
            interaction: Some(interaction.id),
            interaction_user: Some(interaction.user_id),
            edited: false,
            deleted: false,
            pings,
            allowed_mentions: body["allowed_mentions"].clone(),
            attachments: Vec::new(),
        }
    }

    /// Takes back a new message that was refused before anyone saw it.
    pub fn unpost(&mut self, id: u64) {
        if let Some(message) = self.messages.remove(&id)
            && let Some(ids) = self.by_channel.get_mut(&message.channel_id)
        {
            ids.retain(|m| *m != id);
        }
    }

    /// The messages of a channel newer than `after`, oldest first.
    pub fn posted_after(&self, channel: u64, after: u64) -> impl Iterator<Item = &Message> {
        let ids = self.by_channel.get(&channel).map_or(&[][..], Vec::as_slice);
        let newer = &ids[ids.partition_point(|id| *id <= after)..];
        newer.iter().filter_map(|id| self.messages.get(id))
    }

    /// Wakes whoever waits on the channel's activity (see `Emulator::wait_in_channel`).
    pub fn touch(&self, channel: u64) {
        if let Some(c) = self.channels.get(&channel) {
            c.activity.notify_waiters();
        }
    }

    /// Discord's shard of a guild: `(guild_id >> 22) % shard_total`.
    pub fn shard_of(&self, guild: u64) -> u32 {
        ((guild >> 22) % u64::from(self.shard_total)) as u32
    }

    /// The shard whose connection gets a channel's events.
    pub fn shard_of_channel(&self, channel: u64) -> u32 {
        self.shard_of(self.channels.get(&channel).map_or(self.guild_id, |c| c.guild_id))
    }

    /// Appends a dispatch to a shard's session log; that shard's connection sends it from there.
    pub fn dispatch(&mut self, shard: u32, event: &str, data: Value) -> bool {
        let Some(session) = self.sessions.get_mut(&shard) else {
            return false;
        };
        let seq = session.events.len() as u64 + 1;
        session.events.push((
            seq,
            json!({"op": opcode::DISPATCH, "s": seq, "t": event, "d": data}),
        ));
        true
    }

    /// Records an interaction and queues its INTERACTION_CREATE, built as Discord documents the
    /// interaction object. `message` is the message a component sits on.
    pub fn interact(
        &mut self,
        kind: u8,
        user_id: u64,
        channel_id: u64,
        message: Option<u64>,
        data: Value,
        label: &str,
    ) -> Result<u64, String> {
        if !self.users.contains_key(&user_id) {
            return Err(format!("unknown user {user_id}"));
        }
        if !self.channels.contains_key(&channel_id) {
            return Err(format!("unknown channel {channel_id}"));
        }
        let id = self.snowflake_made_ago(self.interaction_delay);
        let token = format!("emulated-token-{id}");
        let mut channel = self.channel_json(channel_id);
        channel["permissions"] = json!(self.permissions_of(user_id).bits().to_string());
        let mut member = self.member_json(user_id);
        member["permissions"] = json!(self.permissions_of(user_id).bits().to_string());
        let guild_id = self.channels[&channel_id].guild_id;
        let mut payload = json!({
            "id": id.to_string(),
            "application_id": self.application_id.to_string(),
            "type": kind,
            "data": data,
            "guild_id": guild_id.to_string(),
            "channel_id": channel_id.to_string(),
            "channel": channel,
            "member": member,
            "token": token,
            "version": 1,
            "app_permissions": self.permissions_of(self.bot_id).bits().to_string(),
            "locale": self.users[&user_id].locale,
            "guild_locale": self.guild_locale,
            "entitlements": [],
            "authorizing_integration_owners": {"0": guild_id.to_string()},
            "context": 0,
            "attachment_size_limit": 10_485_760,
        });
        if let Some(message) = message.and_then(|m| self.messages.get(&m)) {
            payload["message"] = self.message_json(message);
        }
        if !self.dispatch(self.shard_of(guild_id), "INTERACTION_CREATE", payload) {
            return Err("the bot has not connected to the gateway".into());
        }
        let interaction = Interaction {
            id,
            token,
            kind,
            user_id,
            channel_id,
            message_id: message,
            label: label.to_string(),
            dispatched: self
                .now()
                .checked_sub(self.interaction_delay)
                .unwrap_or_else(|| self.now()),
            callback: None,
            original: None,
            dropped: false,
        };
        self.interactions.insert(id, interaction);
        Ok(id)
    }

    pub fn commands(&self) -> Vec<Value> {
        self.commands.values().flatten().cloned().collect()
    }

    pub fn interaction_by_token(&self, token: &str) -> Option<u64> {
        self.interactions
            .values()
            .find(|i| i.token == token)
            .map(|i| i.id)
    }

    /// A member's permissions (the test guild has no channel overwrites).
    pub fn permissions_of(&self, user: u64) -> Permissions {
        self.users
            .get(&user)
            .map_or(member_permissions(), |u| u.permissions)
    }
}

/// The creation time encoded in a snowflake, as an ISO 8601 timestamp.
pub fn timestamp(snowflake: u64) -> String {
    let ms = (snowflake >> 22) + DISCORD_EPOCH_MS;
    Timestamp::from_millis(ms as i64)
        .map(|t| t.to_string())
        .unwrap_or_default()
}

/// The state behind a lock, plus a counter every change bumps so waiters and the gateway wake up.
pub struct Shared {
    state: Mutex<State>,
    pub changed: watch::Sender<u64>,
    pub shutdown: watch::Sender<bool>,
    /// Whether request bodies are checked against Discord's limits and schema (see
    /// `Emulator::skip_body_checks`).
    pub body_checks: AtomicBool,
}

impl Shared {
    pub fn new(state: State) -> Self {
        Shared {
            state: Mutex::new(state),
            changed: watch::Sender::new(0),
            shutdown: watch::Sender::new(false),
            body_checks: AtomicBool::new(true),
        }
    }

    /// Reads or changes the state, then wakes everyone waiting for a change.
    pub fn with<R>(&self, f: impl FnOnce(&mut State) -> R) -> R {
        let result = f(&mut self.lock());
        self.changed.send_modify(|n| *n += 1);
        result
    }

    pub fn read<R>(&self, f: impl FnOnce(&State) -> R) -> R {
        f(&self.lock())
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // A panicking test thread must not hide the state from the report that follows.
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// The DM channels opened, and the users whose DMs are closed to the bot (`rest::dm`).
#[derive(Debug, Default)]
pub struct Dms {
    /// Each user's DM channel with the bot, once opened.
    pub channels: BTreeMap<u64, u64>,
    pub closed: BTreeSet<u64>,
}
