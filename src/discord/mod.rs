//! The Discord front end: poise commands, the one component-interaction handler, and the
//! outbox that posts and edits boards. Everything game-related is decided in `session`.

mod commands;
pub mod convert;
mod history;

use crate::config::Config;
use crate::engine::Locale;
use crate::id;
use crate::session::{self, Hub, Outbox, Post, Reply, SNAPSHOT_EVERY, Settings, Timers, User};
use crate::store::{SHARD_CLAIM_CHECK, Store};
use anyhow::Context as _;
use poise::serenity_prelude as serenity;
use serenity::{ChannelId, FullEvent, GatewayIntents, HttpBuilder, Interaction, MessageId, Permissions};
use std::sync::Arc;
use std::time::Duration;

/// How long start-up waits for shards another process still holds (a killed process's database
/// session ends within moments).
const CLAIM_WAIT: Duration = Duration::from_secs(15);

/// Discord drops an interaction not answered within 3 s; past this, a click is deferred first.
const ANSWER_WITHIN: Duration = Duration::from_millis(2000);

pub struct Data {
    hub: Arc<Hub>,
}

type Error = Box<dyn std::error::Error + Send + Sync>;

/// Pauses before each new attempt when Discord answers a channel message with 429 (rate
/// limited) or a server error: serenity does not retry 5xx, and its rate limiter is off when a
/// proxy is set. 429s carry `retry_after`, which serenity's error does not keep; Discord's
/// per-route limits reset within a second or two, so the pauses start there and double.
const RETRY_PAUSES: [Duration; 3] = [
    Duration::from_millis(1000),
    Duration::from_millis(2000),
    Duration::from_millis(4000),
];

/// A failure that may pass by itself: rate limited, or Discord's servers failing.
fn transient(error: &serenity::Error) -> bool {
    match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) => {
            response.status_code.as_u16() == 429 || response.status_code.is_server_error()
        }
        _ => false,
    }
}

/// Sends with `send`, again after each pause of [`RETRY_PAUSES`] while the failure is transient.
async fn with_retries<T, F>(what: &str, mut send: impl FnMut() -> F) -> Result<T, String>
where
    F: Future<Output = Result<T, serenity::Error>>,
{
    for pause in RETRY_PAUSES {
        match send().await {
            Err(e) if transient(&e) => {
                tracing::warn!(error = %e, what, ?pause, "Discord refused for now; trying again");
                tokio::time::sleep(pause).await;
            }
            done => return done.map_err(|e| e.to_string()),
        }
    }
    send().await.map_err(|e| e.to_string())
}

/// Sends the session's channel messages over Discord's HTTP API.
struct HttpOutbox(Arc<serenity::Http>);

#[async_trait::async_trait]
impl Outbox for HttpOutbox {
    async fn post(&self, channel: id::ChannelId, post: &Post) -> Result<id::MessageId, String> {
        let channel = ChannelId::new(channel.get());
        with_retries("posting a board", || {
            channel.send_message(&self.0, convert::message(post))
        })
        .await
        .map(|m| id::MessageId(m.id.get()))
    }

    async fn edit(&self, channel: id::ChannelId, message: id::MessageId, post: &Post) -> Result<(), String> {
        let (channel, message) = (ChannelId::new(channel.get()), MessageId::new(message.get()));
        with_retries("editing a board", || {
            channel.edit_message(&self.0, message, convert::edit(post))
        })
        .await
        .map(|_| ())
    }

    async fn say(&self, channel: id::ChannelId, text: &str, ping: &[id::UserId]) -> Result<(), String> {
        let channel = ChannelId::new(channel.get());
        let message = || {
            let mentions = serenity::CreateAllowedMentions::new()
                .users(ping.iter().map(|u| serenity::UserId::new(u.get())));
            serenity::CreateMessage::new()
                .content(text)
                .allowed_mentions(mentions)
        };
        with_retries("sending a message", || channel.send_message(&self.0, message()))
            .await
            .map(|_| ())
    }
}

/// Who is acting: id, display name, language, and whether they may manage the server.
fn user_of(user: &serenity::User, member: Option<&serenity::Member>, locale: &str) -> User {
    let name = member
        .and_then(|m| m.nick.clone())
        .or_else(|| user.global_name.clone())
        .unwrap_or_else(|| user.name.clone());
    let manager = member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.contains(Permissions::MANAGE_GUILD) || p.contains(Permissions::ADMINISTRATOR));
    User {
        id: id::UserId(user.id.get()),
        name,
        locale: Locale::from_tag(locale),
        manager,
    }
}

async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &FullEvent,
) -> Result<(), Error> {
    let FullEvent::InteractionCreate {
        interaction: Interaction::Component(click),
    } = event
    else {
        return Ok(());
    };
    let hub = &framework.user_data.hub;
    let http = &framework.serenity_context.http;
    let user = user_of(&click.user, click.member.as_ref(), &click.locale);
    let custom_id = selected(click);
    let custom_id = &custom_id;
    let message = click.message.id;
    let guild = click.guild_id.map(|g| id::GuildId(g.get()));
    let reply = async {
        if let Some(refusal) = hub.other_shard(guild, &user) {
            return refusal;
        }
        match hub.history_click(custom_id, guild, &user).await {
            Some(reply) => reply,
            None => hub.click(custom_id, id::MessageId(message.get()), &user).await,
        }
    };
    tokio::pin!(reply);
    let (reply, answered) = match tokio::time::timeout(ANSWER_WITHIN, &mut reply).await {
        Ok(reply) => {
            let answered = click.create_response(http, convert::respond(&reply)).await;
            (reply, answered)
        }
        Err(_) => {
            // Under heavy load the durable write may be slow: acknowledge in time, then edit.
            tracing::debug!(custom_id, "deferring a slow click");
            let acknowledged = click
                .create_response(http, serenity::CreateInteractionResponse::Acknowledge)
                .await;
            let reply = reply.await;
            let answered = match acknowledged {
                Ok(()) => convert::follow_up(http, click, &reply).await,
                Err(e) => Err(e),
            };
            (reply, answered)
        }
    };
    if let Err(e) = answered {
        tracing::warn!(error = %e, custom_id, "could not answer a click");
        // The action is stored; make sure the board shows it even though the answer was lost.
        if let Reply::Update(post) = &reply
            && let Err(e) = click
                .channel_id
                .edit_message(http, message, convert::edit(post))
                .await
        {
            tracing::warn!(error = %e, custom_id, "could not update the clicked board either");
        }
    }
    if let Some(route) = session::ids::decode(custom_id) {
        hub.settle(route.game()).await;
    }
    Ok(())
}

/// An unexpected failure in a command: a log line with the detail, and a short private message
/// in the user's language, never Discord's "This interaction failed".
async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    let Some(ctx) = error.ctx() else {
        tracing::error!(%error, "framework error outside a command");
        return;
    };
    tracing::error!(command = %ctx.command().qualified_name, %error, "a command failed");
    let locale = match ctx {
        poise::Context::Application(app) => Locale::from_tag(&app.interaction.locale),
        poise::Context::Prefix(_) => Locale::En,
    };
    let text = crate::engine::Tr::new(locale, &[]).t("error-unexpected");
    let reply = poise::CreateReply::default()
        .content(text)
        .ephemeral(true)
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    if let Err(e) = ctx.send(reply).await {
        tracing::warn!(error = %e, "could not tell the user about a failed command");
    }
}

/// The custom id a click acts on: a button's own, or for a select menu its id with the chosen
/// option as the action.
fn selected(click: &serenity::ComponentInteraction) -> String {
    match &click.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => values
            .first()
            .and_then(|v| session::ids::with_action(&click.data.custom_id, v))
            .unwrap_or_else(|| click.data.custom_id.clone()),
        _ => click.data.custom_id.clone(),
    }
}

/// The HTTP client: pointed at `discord_api_url` when set (a local emulator, with serenity's rate
/// limiter off since serenity ignores a base URL with it on), else Discord itself, through the
/// configured egress proxy and trusting the extra root certificate if any.
fn http_client(token: &str, cfg: &Config) -> anyhow::Result<serenity::Http> {
    let mut http = HttpBuilder::new(token);
    if !cfg.discord_api_url.is_empty() {
        http = http
            .proxy(cfg.discord_api_url.trim_end_matches('/'))
            .ratelimiter_disabled(true);
    } else if !(cfg.discord_https_proxy.is_empty() && cfg.discord_extra_ca.is_empty()) {
        let mut client = reqwest::Client::builder().use_rustls_tls();
        if !cfg.discord_https_proxy.is_empty() {
            client = client.proxy(
                reqwest::Proxy::https(&cfg.discord_https_proxy)
                    .context("discord_https_proxy is not a proxy URL")?,
            );
        }
        if !cfg.discord_extra_ca.is_empty() {
            let pem = std::fs::read(&cfg.discord_extra_ca)
                .with_context(|| format!("reading discord_extra_ca {}", cfg.discord_extra_ca))?;
            let certificate = reqwest::Certificate::from_pem(&pem).with_context(|| {
                format!(
                    "discord_extra_ca {} is not a PEM certificate",
                    cfg.discord_extra_ca
                )
            })?;
            client = client.add_root_certificate(certificate);
        }
        http = http.client(client.build().context("building the HTTP client")?);
    }
    Ok(http.build())
}

/// Runs the bot until Ctrl-C or SIGTERM.
pub async fn run(cfg: Config) -> anyhow::Result<()> {
    let token = cfg.token.clone().context("no token configured")?;
    let range = cfg.shard_range().map_err(anyhow::Error::msg)?;
    let store = Store::connect_shards(&cfg.database_url, range)
        .await
        .with_context(|| {
            format!(
                "opening the database {}",
                crate::config::redact_url(&cfg.database_url)
            )
        })?;
    // Kept until the process ends: no other process may run these shards meanwhile.
    let mut claim = store
        .claim_shards(CLAIM_WAIT, SHARD_CLAIM_CHECK)
        .await
        .with_context(|| format!("claiming {range}"))?;
    // Commands, stored games and timers are set up before the gateway connects, so a failure
    // ends the process with a clear error instead of a bot that is online but deaf.
    let http = Arc::new(http_client(&token, &cfg)?);
    let app = http
        .get_current_application_info()
        .await
        .context("asking Discord who this bot is (is the token right?)")?;
    http.set_application_id(app.id);
    let commands = commands::all();
    if cfg.guild_ids.is_empty() {
        poise::builtins::register_globally(&http, &commands).await?;
    } else {
        for g in &cfg.guild_ids {
            poise::builtins::register_in_guild(&http, &commands, serenity::GuildId::new(*g)).await?;
        }
    }
    let settings = Settings {
        lobby_expiry: Duration::from_secs(cfg.lobby_expiry_secs),
        bot_delay: Duration::from_millis(cfg.bot_delay_ms),
        timers: Timers {
            reminder_secs: cfg.turn_reminder_secs,
            timeout_secs: cfg.turn_timeout_secs,
            on_timeout: cfg.turn_timeout_action,
        },
        dice_seed: cfg.dice_seed,
        snapshot_every: SNAPSHOT_EVERY,
    };
    let hub = Hub::new(store, Arc::new(HttpOutbox(http)), settings);
    let restored = hub.restore().await.context("loading stored games")?;
    hub.start_timers();
    tracing::info!(restored, "stored games loaded");
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands,
            event_handler: |framework, event| Box::pin(on_event(framework, event)),
            on_error: |error| Box::pin(on_error(error)),
            ..Default::default()
        })
        .setup(move |_ctx, ready, _framework| {
            Box::pin(async move {
                tracing::info!(user = %ready.user.name, "saikoro is ready");
                Ok(Data { hub })
            })
        })
        .build();
    // Interactions need no privileged intents; GUILDS keeps the cache aware of channels.
    let mut client =
        serenity::ClientBuilder::new_with_http(http_client(&token, &cfg)?, GatewayIntents::GUILDS)
            .framework(framework)
            .await
            .context("creating the Discord client")?;
    let shards = client.shard_manager.clone();
    tokio::spawn(async move {
        shutdown_signal().await;
        tracing::info!("shutting down");
        shards.shutdown_all().await;
    });
    tracing::info!(%range, "connecting to Discord");
    tokio::select! {
        run = client.start_shard_range(range.serenity_range(), range.total()) => {
            run.context("connecting to Discord")
        }
        // Another process drives these games now: stop at once rather than race it.
        why = claim.lost() => Err(anyhow::anyhow!(why)).context(format!("claiming {range}")),
    }
}

async fn shutdown_signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
            .expect("installing a SIGTERM handler");
        tokio::select! {
            _ = ctrl_c => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    ctrl_c.await.ok();
}
