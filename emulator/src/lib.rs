//! A small Discord for end-to-end tests: REST under `/api/v10` and a gateway websocket on
//! 127.0.0.1, one guild with a text channel and a thread, test users, and a record of everything
//! the bot sent, checked against Discord's limits and OpenAPI schemas.
//!
//! Point a bot at it with `HttpBuilder::new(token).proxy(emulator.api_url()).ratelimiter_disabled(true)`
//! (serenity ignores the proxy while its rate limiter is on), or, to keep the rate limiter on as in
//! production, send `https://discord.com` through [`Emulator::https_proxy_url`] trusting
//! [`Emulator::certificate_pem`]. The gateway URL comes from `GET /gateway`.
//!
//! Discord's numbers (interaction and callback types, error codes, flags) are named in
//! [`discord`].

pub mod discord;
mod gateway;
pub mod identify;
mod json;
mod message;
mod model;
pub mod registration;
mod rest;
mod slash;
mod threads;
mod tls;
pub mod validate;

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use axum::serve::ListenerExt;
pub use message::{Attachment, Callback, Message, Pings};
pub use model::FaultKind;
pub use poise::serenity_prelude::Permissions;
use serde_json::{Value, json};
use tokio::net::TcpListener;
use tokio::task::JoinHandle;
use tokio::time::Instant;

use discord::{callback_type, channel_type, component_type, interaction_type};
use model::{Fault, Shared, State, member_permissions};
use slash::command_data;

/// How long the bot may take to connect and register its commands (start-up includes opening
/// its database on a shared, busy machine).
const READY_TIMEOUT: Duration = Duration::from_secs(10);

macro_rules! id_type {
    ($($name:ident),*) => {$(
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub u64);

        impl $name {
            pub fn get(self) -> u64 {
                self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }
    )*};
}

id_type!(UserId, ChannelId, MessageId, InteractionId);

pub struct Emulator {
    shared: Arc<Shared>,
    api_url: String,
    tls: tls::TlsProxy,
    text_channel: ChannelId,
    thread: ChannelId,
    server: JoinHandle<()>,
}

impl Emulator {
    /// Stops checking request bodies against Discord's limits and schema, which costs the
    /// emulator more CPU than the bot spends on a click: for benchmarks of the bot's own cost
    /// on a machine it shares with the emulator. Every end-to-end test keeps the checks.
    pub fn skip_body_checks(&self) {
        self.shared
            .body_checks
            .store(false, std::sync::atomic::Ordering::Relaxed);
    }

    /// Starts the REST and gateway server on a random port of 127.0.0.1.
    pub async fn start() -> Emulator {
        Emulator::start_sharded(1).await
    }

    /// An emulator whose bot has `shards` shards, with a guild on each: every guild's events go
    /// only to the connection that identified as its shard, as Discord routes them.
    pub async fn start_sharded(shards: u32) -> Emulator {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("binding 127.0.0.1");
        let address = listener.local_addr().expect("local address");
        let mut state = State::new();
        state.shard_total = shards;
        // Guild ids a whole number of 2^22 apart fall on consecutive shards.
        let first = state.guild_id >> 22;
        for step in 1..u64::from(shards) {
            state.guilds.push((first + step) << 22);
        }
        state.gateway_url = format!("ws://{address}/gateway");
        let text_channel = state.add_channel("dice", channel_type::GUILD_TEXT, None);
        let thread = state.add_channel("dice-thread", channel_type::PUBLIC_THREAD, Some(text_channel));
        let shared = Arc::new(Shared::new(state));
        let app = rest::router(shared.clone());
        let tls = tls::start(app.clone()).await;
        let mut stop = shared.shutdown.subscribe();
        let server = tokio::spawn(async move {
            let stopped = async move {
                let _ = stop.wait_for(|stop| *stop).await;
            };
            // Discord answers at once: without TCP_NODELAY an event written right after another
            // waits for the bot's delayed ACK (up to 40 ms), latency Discord would not add.
            let listener = listener.tap_io(|tcp| {
                let _ = tcp.set_nodelay(true);
            });
            let _ = axum::serve(listener, app).with_graceful_shutdown(stopped).await;
        });
        Emulator {
            shared,
            api_url: format!("http://{address}"),
            tls,
            text_channel: ChannelId(text_channel),
            thread: ChannelId(thread),
            server,
        }
    }

    /// The base URL for serenity's `HttpBuilder::proxy` (it replaces `https://discord.com`).
    pub fn api_url(&self) -> String {
        self.api_url.clone()
    }

    /// An HTTP proxy that tunnels `https://discord.com` to this emulator.
    pub fn https_proxy_url(&self) -> String {
        self.tls.url.clone()
    }

    /// The certificate the proxy shows for discord.com, for the bot to trust.
    pub fn certificate_pem(&self) -> String {
        self.tls.certificate_pem.clone()
    }

    /// Waits until the bot has identified on the gateway and registered its commands.
    pub async fn wait_ready(&self) {
        self.wait_for(
            READY_TIMEOUT,
            "the bot to identify and register its commands",
            |e| {
                e.shared.read(|s| {
                    (s.sessions.len() == s.shard_total as usize && !s.commands.is_empty()).then_some(())
                })
            },
        )
        .await;
    }

    /// Every registered command (global and guild) as Discord stores it.
    pub fn registered_commands(&self) -> Vec<Value> {
        self.shared.read(State::commands)
    }

    pub fn command_names(&self) -> Vec<String> {
        let commands = self.registered_commands();
        commands
            .iter()
            .filter_map(|c| c["name"].as_str().map(str::to_string))
            .collect()
    }

    pub fn guild_id(&self) -> u64 {
        self.shared.read(|s| s.guild_id)
    }

    /// Every guild: one, or one per shard for [`Emulator::start_sharded`].
    pub fn guild_ids(&self) -> Vec<u64> {
        self.shared.read(|s| s.guilds.clone())
    }

    /// The `shard` ([id, total]) of every IDENTIFY so far, in order.
    pub fn identified_shards(&self) -> Vec<Value> {
        self.shared.read(|s| s.identified.clone())
    }

    /// A text channel in a guild of `shard`, announced to that shard with CHANNEL_CREATE.
    pub fn text_channel_on(&self, shard: u32, name: &str) -> ChannelId {
        ChannelId(self.shared.with(|s| {
            let guild = *s
                .guilds
                .iter()
                .find(|g| s.shard_of(**g) == shard)
                .expect("a guild on the shard");
            let id = s.add_channel_in(guild, name, channel_type::GUILD_TEXT, None);
            let channel = s.channel_json(id);
            s.dispatch(shard, "CHANNEL_CREATE", channel);
            id
        }))
    }

    pub fn bot_id(&self) -> UserId {
        UserId(self.shared.read(|s| s.bot_id))
    }

    /// The guild's text channel `#dice`.
    pub fn text_channel(&self) -> ChannelId {
        self.text_channel
    }

    /// A public thread in `#dice`.
    pub fn thread(&self) -> ChannelId {
        self.thread
    }

    /// A member with the permissions everyone has.
    pub fn user(&self, name: &str) -> UserId {
        self.user_with_permissions(name, member_permissions())
    }

    /// A member who may manage the guild (the "manager" role).
    pub fn admin(&self, name: &str) -> UserId {
        self.user_with_permissions(name, member_permissions() | Permissions::MANAGE_GUILD)
    }

    pub fn user_with_permissions(&self, name: &str, permissions: Permissions) -> UserId {
        UserId(self.shared.with(|s| s.add_user(name, permissions)))
    }

    /// The user's client language, sent as the interaction's `locale` (default "en-US").
    pub fn set_locale(&self, user: UserId, locale: &str) {
        self.shared.with(|s| {
            if let Some(u) = s.users.get_mut(&user.0) {
                u.locale = locale.to_string();
            }
        });
    }

    /// The guild's preferred locale, sent as `guild_locale` (default "en-US").
    pub fn set_guild_locale(&self, locale: &str) {
        self.shared.with(|s| s.guild_locale = locale.to_string());
    }

    /// A new text channel, announced to the bot with CHANNEL_CREATE.
    pub fn add_text_channel(&self, name: &str) -> ChannelId {
        ChannelId(self.shared.with(|s| {
            let id = s.add_channel(name, channel_type::GUILD_TEXT, None);
            let channel = s.channel_json(id);
            s.dispatch(s.shard_of_channel(id), "CHANNEL_CREATE", channel);
            id
        }))
    }

    /// A new private text channel that only `viewers` (and the bot) may see, announced to the
    /// bot with CHANNEL_CREATE.
    pub fn add_private_channel(&self, name: &str, viewers: &[UserId]) -> ChannelId {
        ChannelId(self.shared.with(|s| {
            let id = s.add_channel(name, channel_type::GUILD_TEXT, None);
            let mut allowed: Vec<u64> = viewers.iter().map(|v| v.0).collect();
            allowed.push(s.bot_id);
            if let Some(channel) = s.channels.get_mut(&id) {
                channel.viewers = Some(allowed);
            }
            let channel = s.channel_json(id);
            s.dispatch(s.shard_of_channel(id), "CHANNEL_CREATE", channel);
            id
        }))
    }

    /// Drops the bot's gateway connection the way a network failure would; the bot should
    /// reconnect and RESUME, receiving whatever was dispatched meanwhile.
    pub fn drop_gateway_connection(&self) {
        self.shared.with(|s| s.connection_generation += 1);
    }

    /// Moves the emulator's clock ahead: interactions get older (3 s to answer, 15 min for the
    /// token) and rate limits run out, without the test sleeping.
    pub fn advance_clock(&self, by: Duration) {
        self.shared.with(|s| s.clock_offset += by);
    }

    /// Holds dispatches back (a slow network between Discord and the bot) until
    /// [`Emulator::release_gateway`]; the bot stays connected.
    pub fn hold_gateway(&self) {
        self.shared.with(|s| s.gateway_held = true);
    }

    pub fn release_gateway(&self) {
        self.shared.with(|s| s.gateway_held = false);
    }

    /// From now on interactions reach the bot `by` after Discord made them (their ids and
    /// answer deadlines are that old), as when the gateway's events queue under overload.
    pub fn delay_interactions(&self, by: Duration) {
        self.shared.with(|s| s.interaction_delay = by);
    }

    /// The next request `method` whose path contains `path` (below `/api/v10`) gets `kind`
    /// instead of its answer; faults queue in order.
    pub fn inject(&self, method: &str, path: &str, kind: FaultKind) {
        self.shared.with(|s| {
            s.faults.push(Fault {
                method: method.into(),
                path: path.into(),
                kind,
            });
        });
    }

    /// The faults injected that no request has met yet.
    pub fn pending_faults(&self) -> usize {
        self.shared.read(|s| s.faults.len())
    }

    /// Takes the failures recorded so far (a test that provokes one on purpose checks it, then
    /// the rest of the run must be clean).
    pub fn take_failures(&self) -> Vec<String> {
        self.shared.with(|s| std::mem::take(&mut s.failures))
    }

    /// Declares an interaction lost on purpose (sent while the bot was down): not a problem
    /// that it went unanswered.
    pub fn mark_lost(&self, interaction: InteractionId) {
        self.shared.with(|s| {
            if let Some(i) = s.interactions.get_mut(&interaction.0) {
                i.dropped = true;
            }
        });
    }

    /// The notifications posting a message caused.
    pub fn pings(&self, message: MessageId) -> Pings {
        self.shared
            .read(|s| s.messages.get(&message.0).map(|m| m.pings.clone()))
            .unwrap_or_default()
    }

    /// Whom a message's content alone would notify if it had no `allowed_mentions`: what the
    /// bot's escaping of names must keep to the players meant.
    pub fn pings_of_content(&self, message: &Message) -> Pings {
        let body = json!({"content": message.content});
        self.shared.read(|s| s.pings(&body, false))
    }

    /// Whom a message's `allowed_mentions` would let it notify if its content mentioned every
    /// member, every role and @everyone: what keeps a name that slipped through from pinging.
    pub fn permitted_pings(&self, message: &Message) -> Pings {
        self.shared.read(|s| {
            let mut content: Vec<String> = s.users.keys().map(|u| format!("<@{u}>")).collect();
            content.push(format!(
                "<@&{}> <@&{}> @everyone",
                s.manager_role, s.everyone_role
            ));
            let mut body = json!({"content": content.join(" ")});
            if !message.allowed_mentions.is_null() {
                body["allowed_mentions"] = message.allowed_mentions.clone();
            }
            s.pings(&body, message.ephemeral())
        })
    }

    /// Every message (ephemeral and deleted ones too) whose posting notified anyone, oldest first.
    pub fn pinging_messages(&self) -> Vec<Message> {
        self.shared.read(|s| {
            let pinged = |m: &&Message| m.pings != Pings::default();
            s.messages.values().filter(pinged).cloned().collect()
        })
    }

    /// How many times the bot identified (started a session) and resumed one.
    pub fn gateway_sessions(&self) -> (u32, u32) {
        self.shared.read(|s| (s.sessions_started, s.resumes))
    }

    /// A user runs a slash command: `path` is the command and its subcommands ("cantstop start"),
    /// `options` the leaf options by name; their types come from the registered command.
    pub fn slash(
        &self,
        user: UserId,
        channel: ChannelId,
        path: &str,
        options: &[(&str, Value)],
    ) -> InteractionId {
        self.try_slash(user, channel, path, options)
            .unwrap_or_else(|e| panic!("/{path}: {e}"))
    }

    /// A slash command as a client sends it, or why the client would not: Discord's input box
    /// refuses a value its option's bounds leave out.
    pub fn try_slash(
        &self,
        user: UserId,
        channel: ChannelId,
        path: &str,
        options: &[(&str, Value)],
    ) -> Result<InteractionId, String> {
        self.shared
            .with(|s| {
                let data = command_data(s, path, options)?;
                s.interact(
                    interaction_type::APPLICATION_COMMAND,
                    user.0,
                    channel.0,
                    None,
                    data,
                    path,
                )
            })
            .map(InteractionId)
    }

    /// A user presses the button `custom_id` on a message.
    pub fn click(&self, user: UserId, message: MessageId, custom_id: &str) -> InteractionId {
        self.component(user, message, custom_id, None)
            .unwrap_or_else(|e| panic!("{custom_id} on message {message}: {e}"))
    }

    /// A click a real client could not send (the button is gone or disabled) is an error here,
    /// for load tests whose players may act on a board that changed under them.
    pub fn try_click(
        &self,
        user: UserId,
        message: MessageId,
        custom_id: &str,
    ) -> Result<InteractionId, String> {
        self.component(user, message, custom_id, None)
    }

    /// A click as a stale or tampered client could send it: `custom_id` need not be on the message
    /// (an outdated board, a forged id). The bot must answer it like any other.
    pub fn forged_click(&self, user: UserId, message: MessageId, custom_id: &str) -> InteractionId {
        let result = self.shared.with(|s| {
            let channel = s.messages.get(&message.0).ok_or("no such message")?.channel_id;
            let data = json!({"custom_id": custom_id, "component_type": component_type::BUTTON});
            s.interact(
                interaction_type::MESSAGE_COMPONENT,
                user.0,
                channel,
                Some(message.0),
                data,
                custom_id,
            )
        });
        InteractionId(result.unwrap_or_else(|e| panic!("{custom_id} on message {message}: {e}")))
    }

    /// A user picks `values` in the select menu `custom_id` on a message.
    pub fn select(
        &self,
        user: UserId,
        message: MessageId,
        custom_id: &str,
        values: &[&str],
    ) -> InteractionId {
        self.component(user, message, custom_id, Some(values))
            .unwrap_or_else(|e| panic!("{custom_id} on message {message}: {e}"))
    }

    fn component(
        &self,
        user: UserId,
        message: MessageId,
        custom_id: &str,
        values: Option<&[&str]>,
    ) -> Result<InteractionId, String> {
        let result = self.shared.with(|s| {
            let found = s.messages.get(&message.0).filter(|m| !m.deleted);
            let message = found.ok_or("no such message")?;
            if message.ephemeral() && message.interaction_user != Some(user.0) {
                return Err("this ephemeral message is shown to someone else".to_string());
            }
            let controls = message.controls();
            let Some(control) = controls.iter().find(|c| c["custom_id"] == custom_id) else {
                return Err(format!(
                    "no component with this custom_id; the message has {:?}",
                    message.custom_ids()
                ));
            };
            if control["disabled"] == true {
                return Err("the component is disabled".into());
            }
            let kind = control["type"].as_u64().unwrap_or(0);
            let mut data = json!({"custom_id": custom_id, "component_type": kind});
            match (u8::try_from(kind), values) {
                (Ok(component_type::BUTTON), None) => {}
                (Ok(component_type::STRING_SELECT), Some(values)) => data["values"] = json!(values),
                _ => return Err(format!("component type {kind} cannot be used this way")),
            }
            let (channel, id) = (message.channel_id, message.id);
            s.interact(
                interaction_type::MESSAGE_COMPONENT,
                user.0,
                channel,
                Some(id),
                data,
                custom_id,
            )
        });
        result.map(InteractionId)
    }

    /// The token Discord sent with an interaction (for answering it by hand in self-tests).
    pub fn token(&self, interaction: InteractionId) -> String {
        self.shared
            .read(|s| s.interactions.get(&interaction.0).map(|i| i.token.clone()))
            .unwrap_or_default()
    }

    /// The bot's answer to an interaction, if it has answered.
    pub fn callback(&self, interaction: InteractionId) -> Option<Callback> {
        self.shared.read(|s| {
            s.interactions
                .get(&interaction.0)
                .and_then(|i| i.callback.clone())
        })
    }

    /// Waits for the bot's answer to an interaction; panics (listing failures) after `timeout`.
    pub async fn wait_callback(&self, interaction: InteractionId, timeout: Duration) -> Callback {
        let what = format!("the answer to interaction {interaction}");
        let channel = self
            .shared
            .read(|s| s.interactions.get(&interaction.0).map(|i| i.channel_id));
        match channel {
            Some(channel) => {
                self.wait_in_channel(ChannelId(channel), timeout, &what, |e| e.callback(interaction))
                    .await
            }
            None => self.wait_for(timeout, &what, |e| e.callback(interaction)).await,
        }
    }

    /// Like [`Emulator::wait_for`], but `found` is re-examined only when the bot answers an
    /// interaction or posts, edits or deletes a message in `channel`, so that thousands of
    /// waiters in different channels do not all wake at every change (the load benchmark).
    pub async fn wait_in_channel<T>(
        &self,
        channel: ChannelId,
        timeout: Duration,
        what: &str,
        found: impl Fn(&Emulator) -> Option<T>,
    ) -> T {
        let activity = self
            .shared
            .read(|s| s.channels.get(&channel.0).map(|c| c.activity.clone()));
        let Some(activity) = activity else {
            panic!("waiting for {what}: there is no channel {channel}");
        };
        let deadline = Instant::now() + timeout;
        loop {
            // Registered before looking, so activity between the look and the wait is not lost.
            let notified = activity.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            if let Some(value) = found(self) {
                return value;
            }
            assert!(
                tokio::time::timeout_at(deadline, notified).await.is_ok(),
                "timed out after {timeout:?} waiting for {what}{}",
                report(&self.failures())
            );
        }
    }

    /// Waits until `found` returns something; the emulator's state is re-examined after every
    /// change. Panics (listing failures so far) after `timeout`.
    pub async fn wait_for<T>(
        &self,
        timeout: Duration,
        what: &str,
        found: impl Fn(&Emulator) -> Option<T>,
    ) -> T {
        let mut changed = self.shared.changed.subscribe();
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(value) = found(self) {
                return value;
            }
            if tokio::time::timeout_at(deadline, changed.changed())
                .await
                .is_err()
            {
                panic!(
                    "timed out after {timeout:?} waiting for {what}{}",
                    report(&self.failures())
                );
            }
        }
    }

    /// The channel as a user sees it: messages that are not ephemeral or deleted, oldest first,
    /// each with its latest content, embeds and components.
    pub fn channel(&self, channel: ChannelId) -> Vec<Message> {
        self.shared.read(|s| {
            let visible = |m: &&Message| m.channel_id == channel.0 && !m.deleted && !m.ephemeral();
            s.messages.values().filter(visible).cloned().collect()
        })
    }

    /// The ephemeral messages only `user` can see, oldest first.
    pub fn ephemerals_for(&self, user: UserId) -> Vec<Message> {
        self.shared.read(|s| {
            let mine = |m: &&Message| m.ephemeral() && m.interaction_user == Some(user.0) && !m.deleted;
            s.messages.values().filter(mine).cloned().collect()
        })
    }

    /// The messages of `channel` a user sees that were posted after `after`, oldest first; only
    /// messages newer than `after` are looked at.
    pub fn messages_after(&self, channel: ChannelId, after: MessageId) -> Vec<Message> {
        self.shared.read(|s| {
            let visible = |m: &&Message| !m.deleted && !m.ephemeral();
            s.posted_after(channel.0, after.0)
                .filter(visible)
                .cloned()
                .collect()
        })
    }

    pub fn message(&self, id: MessageId) -> Option<Message> {
        self.shared.read(|s| s.messages.get(&id.0).cloned())
    }

    /// How many presses whose custom_id satisfies `label` were answered by updating the message.
    pub fn interactions_with(&self, label: impl Fn(&str) -> bool) -> usize {
        self.shared.read(|s| {
            s.interactions
                .values()
                .filter(|i| i.kind == interaction_type::MESSAGE_COMPONENT && label(&i.label))
                .filter(|i| {
                    i.callback
                        .as_ref()
                        .is_some_and(|c| c.kind == callback_type::UPDATE_MESSAGE)
                })
                .count()
        })
    }

    /// The message an interaction's answer created or updated (its `@original`), if any.
    pub fn original(&self, interaction: InteractionId) -> Option<Message> {
        self.shared.read(|s| {
            let original = s.interactions.get(&interaction.0).and_then(|i| i.original);
            original.and_then(|id| s.messages.get(&id).cloned())
        })
    }

    /// Waits for the text of an interaction's answer: poise acknowledges a command first and
    /// may send its text as an edit of the original answer. Panics after `timeout`.
    pub async fn wait_original_text(&self, interaction: InteractionId, timeout: Duration) -> String {
        self.wait_for(timeout, "the command's answer", |e| {
            e.original(interaction)
                .map(|m| m.content)
                .filter(|c| !c.is_empty())
        })
        .await
    }

    /// "METHOD /path" (below `/api/v10`) of every REST request the bot made, in order.
    pub fn requests(&self) -> Vec<String> {
        self.shared.read(|s| s.requests.clone())
    }

    /// Unknown routes, bodies Discord would refuse, and other protocol mistakes, in order.
    pub fn failures(&self) -> Vec<String> {
        self.shared.read(|s| s.failures.clone())
    }

    /// Every failure, plus every interaction still unanswered once its 3 s are up (waiting for
    /// them if need be).
    pub async fn problems(&self) -> Vec<String> {
        let deadline = self.shared.read(|s| {
            let pending = s
                .interactions
                .values()
                .filter(|i| i.callback.is_none() && !i.dropped);
            // In real time: the emulator's clock may run ahead.
            let real =
                |i: &model::Interaction| (i.dispatched + rest::ANSWER_WITHIN).checked_sub(s.clock_offset);
            pending.filter_map(real).max()
        });
        if let Some(deadline) = deadline {
            let mut changed = self.shared.changed.subscribe();
            let all_answered = |s: &State| s.interactions.values().all(|i| i.callback.is_some() || i.dropped);
            while !self.shared.read(all_answered)
                && tokio::time::timeout_at(deadline.into(), changed.changed())
                    .await
                    .is_ok()
            {}
        }
        let mut problems = self.failures();
        self.shared.read(|s| {
            for i in s
                .interactions
                .values()
                .filter(|i| i.callback.is_none() && !i.dropped)
            {
                let user = &s.users[&i.user_id].name;
                problems.push(format!("\"{}\" by {user} was not answered within 3 s", i.label));
            }
        });
        problems
    }

    /// Panics listing every problem (see [`Emulator::problems`]). Every end-to-end test ends with it.
    pub async fn assert_clean(&self) {
        let problems = self.problems().await;
        assert!(
            problems.is_empty(),
            "the emulated Discord saw problems{}",
            report(&problems)
        );
    }

    /// Closes the gateway and stops the server.
    pub async fn shutdown(mut self) {
        self.shared.shutdown.send_replace(true);
        let server = &mut self.server;
        if tokio::time::timeout(Duration::from_secs(3), server)
            .await
            .is_err()
        {
            self.server.abort();
        }
    }
}

impl Drop for Emulator {
    fn drop(&mut self) {
        self.shared.shutdown.send_replace(true);
    }
}

fn report(problems: &[String]) -> String {
    problems.iter().map(|p| format!("\n - {p}")).collect()
}
