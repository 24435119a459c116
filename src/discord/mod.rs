//! The Discord front end: poise commands, the one component-interaction handler, and the
//! outbox that posts and edits boards. Everything game-related is decided in `session`.

mod admission;
mod age;
mod answer;
mod commands;
pub mod convert;
mod gateway;
mod health;
mod history;
mod markup;
pub use markup::DiscordMarkup;
mod notify;
mod outbox;
mod params;
mod registration;
mod settings;
mod sight;
mod threads;

use crate::config::Config;
use crate::engine::{Locale, Tr};
use crate::id;
use crate::session::ids::{self, Route};
use crate::session::{Records, Reply, Responder, SNAPSHOT_EVERY, Settings, Tables, Timers, User};
use crate::store::{SHARD_CLAIM_CHECK, Store};
use answer::{ANSWER_WITHIN, ClickAnswer};
use anyhow::Context as _;
use outbox::HttpOutbox;
use poise::serenity_prelude as serenity;
use serenity::{FullEvent, GatewayIntents, HttpBuilder, Interaction, Permissions};
use std::sync::Arc;
use std::time::Duration;

/// How long a game's file attached to `/<game> start` may take to download.
const DOWNLOAD_TIMEOUT: Duration = Duration::from_secs(20);

/// How long start-up waits for shards another process still holds (a killed process's database
/// session ends within moments).
const CLAIM_WAIT: Duration = Duration::from_secs(15);

/// The services the commands and clicks are served by.
pub struct Data {
    /// Live play: lobbies, games, timers, bots.
    tables: Arc<Tables>,
    /// The players' history, from the store.
    records: Records,
    /// Downloads attached files through the configured egress, within [`DOWNLOAD_TIMEOUT`].
    downloads: reqwest::Client,
    /// The turns clicks wait for, so that overload drops clicks rather than answering all late.
    admission: admission::Admission,
    /// How old clicks are on Discord's clock.
    ages: age::ClickAges,
}

type Error = Box<dyn std::error::Error + Send + Sync>;

/// Who is acting: id, display name, language, and whether they may manage the server.
fn user_of(user: &serenity::User, member: Option<&serenity::Member>, locale: &str) -> User {
    let name = member
        .and_then(|m| m.nick.as_deref())
        .or(user.global_name.as_deref())
        .unwrap_or(&user.name);
    let manager = member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.contains(Permissions::MANAGE_GUILD) || p.contains(Permissions::ADMINISTRATOR));
    User {
        id: id::UserId(user.id.get()),
        name: without_bidi_controls(name),
        locale: Locale::from_tag(locale),
        manager,
    }
}

/// A name without bidirectional controls, which would turn the text around it on a board
/// (U+202E makes "ann wins" read backwards). Names enter the bot only through [`user_of`].
fn without_bidi_controls(name: &str) -> String {
    name.chars()
        .filter(|c| {
            !matches!(
                c,
                '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}'
            )
        })
        .collect()
}

/// What the member who used a command may see, for the players' history.
fn sight_of(ctx: &poise::ApplicationContext<'_, Data, Error>) -> sight::MemberSight {
    let member = ctx.interaction.member.as_deref();
    sight::MemberSight::new(&ctx.serenity_context().cache, ctx.interaction.guild_id, member)
}

async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &FullEvent,
) -> Result<(), Error> {
    let shard = framework.serenity_context.shard_id.0;
    if let Some(channel) = threads::deleted(event) {
        framework.user_data.tables.channel_deleted(channel).await;
        return Ok(());
    }
    let click = match event {
        FullEvent::InteractionCreate {
            interaction: Interaction::Component(click),
        } => click,
        FullEvent::Ready { .. } => {
            crate::metrics::shard_connected(shard, true);
            return Ok(());
        }
        FullEvent::ShardStageUpdate { event } => {
            let up = event.new == serenity::ConnectionStage::Connected;
            crate::metrics::shard_connected(event.shard_id.0, up);
            return Ok(());
        }
        _ => return Ok(()),
    };
    // Every line logged while serving names the interaction, its server and shard.
    let span = tracing::info_span!(
        "interaction",
        id = %click.id,
        guild = click.guild_id.map(poise::serenity_prelude::GuildId::get),
        shard,
        custom_id = %click.data.custom_id,
        game = tracing::field::Empty,
    );
    let ages = &framework.user_data.ages;
    let age = ages.age(age::created_ms(click.id.get()), age::now_ms());
    let answer = ClickAnswer::new(&framework.serenity_context.http, click, age);
    let answered = async {
        // Past the bot's capacity, a click that could not be answered in time is dropped
        // before any work; the player presses again.
        let _turn = match framework.user_data.admission.admit(answer.born()).await {
            Ok(turn) => turn,
            Err(shed) => {
                tracing::debug!(why = shed.outcome(), "dropped a click under overload");
                return crate::metrics::shed("click", shed.outcome());
            }
        };
        threads::unarchive_clicked(&framework.serenity_context.http, click).await;
        let served = serve(
            framework.user_data,
            &framework.serenity_context.cache,
            click,
            &answer,
        );
        tokio::pin!(served);
        let defer_at = answer.born() + ANSWER_WITHIN;
        if tokio::time::timeout_at(defer_at, &mut served).await.is_err() {
            answer.defer().await;
            served.await;
        }
    };
    tracing::Instrument::instrument(answered, span).await;
    Ok(())
}

/// Serves a click: its id is decoded once, here, and the one service it names answers it.
async fn serve(
    data: &Data,
    cache: &Arc<serenity::Cache>,
    click: &serenity::ComponentInteraction,
    answer: &ClickAnswer<'_>,
) {
    let user = user_of(&click.user, click.member.as_ref(), &click.locale);
    let guild = click.guild_id.map(|g| id::GuildId(g.get()));
    if let Some(refusal) = data.tables.other_shard(guild, &user) {
        return answer.answer(refusal).await;
    }
    if let Some(refusal) = data
        .tables
        .over_rate(&user, id::ChannelId(click.channel_id.get()))
    {
        return answer.answer(Reply::Private(refusal)).await;
    }
    let picked = match &click.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => values.first(),
        _ => None,
    };
    match ids::decode(&click.data.custom_id, picked.map(String::as_str)) {
        Some(Route::Table(route)) => {
            tracing::Span::current().record("game", route.game().0);
            let message = id::MessageId(click.message.id.get());
            data.tables.click(&route, message, &user, answer).await;
        }
        Some(Route::Records(route)) => {
            let sight = sight::MemberSight::new(cache, click.guild_id, click.member.as_ref());
            answer
                .answer(data.records.click(route, guild, &user, &sight).await)
                .await;
        }
        Some(Route::DailyShare { owner, day }) => {
            let channel = id::ChannelId(click.channel_id.get());
            answer
                .answer(data.tables.share_daily(owner, day, channel, &user).await)
                .await;
        }
        Some(Route::Puzzle(route)) => {
            answer
                .answer(data.tables.puzzle_click(&route, guild, &user).await)
                .await;
        }
        None => {
            let unknown = Tr::new(user.locale, &[]).t("click-unknown");
            answer.answer(Reply::Private(unknown)).await;
        }
    }
}

/// An unexpected failure in a command: a log line with the detail, and a short private message
/// in the user's language, never Discord's "This interaction failed".
async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    // Over the rate limits: the commands' check answered already.
    if let poise::FrameworkError::CommandCheckFailed { error: None, .. } = error {
        return;
    }
    let Some(ctx) = error.ctx() else {
        tracing::error!(%error, "framework error outside a command");
        return;
    };
    tracing::error!(command = %ctx.command().qualified_name, %error, "a command failed");
    crate::metrics::error("command");
    let locale = match ctx {
        poise::Context::Application(app) => Locale::from_tag(&app.interaction.locale),
        poise::Context::Prefix(_) => Locale::En,
    };
    let text = Tr::new(locale, &[]).t("error-unexpected");
    let reply = poise::CreateReply::default().content(text).ephemeral(true);
    if let Err(e) = ctx.send(reply).await {
        tracing::warn!(error = %e, "could not tell the user about a failed command");
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
        http = http.client(egress(cfg)?.build().context("building the HTTP client")?);
    }
    Ok(http.build())
}

/// A reqwest client's builder going out through the configured egress proxy, trusting the extra
/// root certificate if any: Discord's API and attachments' downloads both go this way.
fn egress(cfg: &Config) -> anyhow::Result<reqwest::ClientBuilder> {
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
    Ok(client)
}

/// The sessions' settings from the configuration.
fn session_settings(cfg: &Config) -> Settings {
    Settings {
        lobby_expiry: Duration::from_secs(cfg.lobby_expiry_secs),
        bot_delay: Duration::from_millis(cfg.bot_delay_ms),
        timers: Timers {
            reminder_secs: cfg.turn_reminder_secs,
            timeout_secs: cfg.turn_timeout_secs,
            on_timeout: cfg.turn_timeout_action,
        },
        dice_seed: cfg.dice_seed,
        snapshot_every: SNAPSHOT_EVERY,
        markup: &DiscordMarkup,
        limits: cfg.limits.clone(),
    }
}

/// Asks Discord who this bot is and registers its commands, globally or in the configured
/// servers.
async fn register(
    http: &serenity::Http,
    cfg: &Config,
    commands: &[poise::Command<Data, Error>],
) -> anyhow::Result<()> {
    let app = http
        .get_current_application_info()
        .await
        .context("asking Discord who this bot is (is the token right?)")?;
    http.set_application_id(app.id);
    if cfg.guild_ids.is_empty() {
        registration::register(http, commands, None).await?;
    } else {
        for g in &cfg.guild_ids {
            registration::register(http, commands, Some(serenity::GuildId::new(*g))).await?;
        }
    }
    Ok(())
}

/// The framework: the commands, the click handler, and replies that never ping unless a
/// message says whom it may.
fn framework(commands: Vec<poise::Command<Data, Error>>, data: Data) -> poise::Framework<Data, Error> {
    poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands,
            event_handler: |framework, event| Box::pin(on_event(framework, event)),
            on_error: |error| Box::pin(on_error(error)),
            // A command's time from its receipt to its end (the answer sent).
            pre_command: |ctx| {
                Box::pin(async move { ctx.set_invocation_data(std::time::Instant::now()).await })
            },
            post_command: |ctx| {
                Box::pin(async move {
                    if let Some(started) = ctx.invocation_data::<std::time::Instant>().await {
                        crate::metrics::answered("command", started.elapsed(), false);
                    }
                })
            },
            allowed_mentions: Some(serenity::CreateAllowedMentions::new()),
            ..Default::default()
        })
        .setup(move |_ctx, ready, _framework| {
            Box::pin(async move {
                tracing::info!(user = %ready.user.name, "saikoro is ready");
                Ok(data)
            })
        })
        .build()
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
                crate::redact::redact(&cfg.database_url)
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
    let commands = commands::all();
    register(&http, &cfg, &commands).await?;
    let tables = Tables::new(store, Arc::new(HttpOutbox(http)), session_settings(&cfg));
    if !cfg.metrics_addr.is_empty() {
        crate::metrics::switch_on();
        let health = health::Health {
            tables: tables.clone(),
            shards: range.count(),
        };
        health::serve(&cfg.metrics_addr, health)
            .await
            .with_context(|| format!("serving metrics on {}", cfg.metrics_addr))?;
    }
    // Clicks are answered as soon as the index is read; what came due while the bot was down
    // is done in the background (a click on a game not passed yet does its due work first),
    // and the timers start after that pass, so no two passes walk the same games.
    let restored = tables.restore_index().await.context("loading stored games")?;
    crate::metrics::set_restored();
    tracing::info!(restored, "stored games indexed");
    let catching_up = tables.clone();
    tokio::spawn(async move {
        catching_up.catch_up().await;
        catching_up.start_timers();
        tracing::info!("the due pass after the start is done");
    });
    let records = tables.records();
    let downloads = egress(&cfg)?
        .timeout(DOWNLOAD_TIMEOUT)
        .build()
        .context("building the download client")?;
    let mut framework = framework(
        commands,
        Data {
            tables,
            records,
            downloads,
            admission: admission::Admission::default(),
            ages: age::ClickAges::default(),
        },
    );
    // Interactions need no privileged intents; GUILDS keeps the cache aware of channels.
    let client = serenity::ClientBuilder::new_with_http(http_client(&token, &cfg)?, GatewayIntents::GUILDS)
        .await
        .context("creating the Discord client")?;
    // The client's own manager would start shards 5 s apart: the framework is initialised here
    // and handed to the bucketed managers of `gateway.rs` instead.
    serenity::Framework::init(&mut framework, &client).await;
    let (shards, ended) = gateway::Shards::new(&client, Arc::new(framework), range);
    let stopping = shards.clone();
    tokio::spawn(async move {
        shutdown_signal().await;
        tracing::info!("shutting down");
        stopping.shutdown_all().await;
    });
    tracing::info!(%range, "connecting to Discord");
    let window = Duration::from_millis(cfg.identify_window_ms);
    tokio::select! {
        run = shards.run(&client.http, ended, window) => run.context("connecting to Discord"),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_lose_their_bidirectional_controls_and_keep_the_rest() {
        let hostile = "\u{202E}niw\u{202A}\u{202B}\u{202C}\u{202D} ann\u{2066}\u{2067}\u{2068}\u{2069}\u{200E}\u{200F}\u{061C}";
        assert_eq!(without_bidi_controls(hostile), "niw ann");
        assert_eq!(without_bidi_controls("さいころ عربي 🎲"), "さいころ عربي 🎲");
    }
}
