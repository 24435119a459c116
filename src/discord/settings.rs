//! `/saikoro-settings`: a server's turn timers, board style, hints and threads, shown to anyone with
//! Manage Server and changed by them. It is a top command of its own because Discord takes a
//! default permission (`default_member_permissions`) only on a top command: members without
//! Manage Server do not see it unless the server gives it to them, and then the handler refuses.

use super::params::{Action, choice, command_user, described, int_arg, opt_bool_arg, option};
use super::{Data, Error};
use crate::engine::Tr;
use crate::id::GuildId;
use crate::session::{BoardStyle, OnTimeout, ServerSettings};
use poise::serenity_prelude as serenity;
use poise::{ApplicationContext, Command, CommandParameter, FrameworkError};
use serenity::CommandOptionType;
use std::borrow::Cow;

const NAME: &str = "saikoro-settings";
const REMINDER_HOURS: &str = "reminder_hours";
const TIMEOUT_HOURS: &str = "timeout_hours";
const ON_TIMEOUT: &str = "on_timeout";
const BOARD_STYLE: &str = "board_style";
const HINTS: &str = "hints";
const TIMER_MIN: &str = "timer_min";
const TIMER_MAX: &str = "timer_max";
const AWAY_MAX_DAYS: &str = "away_max_days";
const THREADS: &str = "threads";
/// The bounds of the turn timers a server may allow, in minutes (30 days).
const TIMER_MINUTES: u64 = 30 * 24 * 60;
/// The longest time off a server may allow, in days.
const AWAY_DAYS: u64 = 90;

/// A fixed choice among `ids`, labelled `<label>-<id>` in the catalogue.
fn choices(
    name: &'static str,
    description_id: &str,
    label: &str,
    ids: &[&str],
) -> CommandParameter<Data, Error> {
    CommandParameter {
        choices: Cow::Owned(ids.iter().map(|id| choice(&format!("{label}-{id}"))).collect()),
        ..option(name, description_id, |o| o.kind(CommandOptionType::Integer))
    }
}

/// `/saikoro-settings`, for members with Manage Server by default.
pub fn command() -> Command<Data, Error> {
    let (description, description_localizations) = described("command-settings");
    let action: Action = |ctx| {
        Box::pin(async move {
            settings(ctx)
                .await
                .map_err(|e| FrameworkError::new_command(ctx.into(), e))
        })
    };
    let hours = |name: &'static str, id: &str| {
        option(name, id, |o| {
            o.kind(CommandOptionType::Integer)
                .min_int_value(0)
                .max_int_value(24 * 30)
        })
    };
    let minutes = |name: &'static str, id: &str| {
        option(name, id, |o| {
            o.kind(CommandOptionType::Integer)
                .min_int_value(1)
                .max_int_value(TIMER_MINUTES)
        })
    };
    let on_timeout: Vec<&str> = OnTimeout::ALL.iter().map(|o| o.id()).collect();
    let board_style: Vec<&str> = BoardStyle::ALL.iter().map(|b| b.id()).collect();
    Command {
        name: Cow::Borrowed(NAME),
        qualified_name: Cow::Borrowed(NAME),
        identifying_name: Cow::Borrowed(NAME),
        description,
        description_localizations,
        parameters: vec![
            hours(REMINDER_HOURS, "option-reminder-hours"),
            hours(TIMEOUT_HOURS, "option-timeout-hours"),
            choices(
                ON_TIMEOUT,
                "option-on-timeout",
                "settings-on-timeout",
                &on_timeout,
            ),
            choices(
                BOARD_STYLE,
                "option-board-style",
                "settings-board-style",
                &board_style,
            ),
            option(HINTS, "option-hints", |o| o.kind(CommandOptionType::Boolean)),
            minutes(TIMER_MIN, "option-timer-min"),
            minutes(TIMER_MAX, "option-timer-max"),
            option(AWAY_MAX_DAYS, "option-away-max-days", |o| {
                o.kind(CommandOptionType::Integer)
                    .min_int_value(1)
                    .max_int_value(AWAY_DAYS)
            }),
            option(THREADS, "option-threads", |o| o.kind(CommandOptionType::Boolean)),
        ],
        slash_action: Some(action),
        guild_only: true,
        ephemeral: true,
        default_member_permissions: serenity::Permissions::MANAGE_GUILD,
        ..Default::default()
    }
}

/// Shows the server's settings, or changes them (Manage Server only: a server may give the
/// command to others in its Integrations settings, so the handler checks too).
async fn settings(ctx: ApplicationContext<'_, Data, Error>) -> Result<(), Error> {
    ctx.defer_response(true).await?;
    let user = command_user(&ctx);
    let tr = Tr::new(user.locale, &[]);
    let text = match ctx.interaction.guild_id {
        None => tr.t("settings-guild-only"),
        Some(_) if !user.manager => tr.t("settings-refused"),
        Some(guild) => change(&ctx, GuildId(guild.get()), &tr).await,
    };
    ctx.send(poise::CreateReply::default().content(text).ephemeral(true))
        .await?;
    Ok(())
}

/// Saves what the command changes, if anything; says what the settings are now.
async fn change(ctx: &ApplicationContext<'_, Data, Error>, guild: GuildId, tr: &Tr<'_>) -> String {
    let tables = &ctx.data().tables;
    let before = tables.server_settings(Some(guild)).await;
    let settings = chosen(ctx, before);
    let timers = settings.timers;
    let ordered =
        timers.reminder_secs == 0 || timers.timeout_secs == 0 || timers.timeout_secs > timers.reminder_secs;
    if !ordered {
        return tr.t("settings-bad-order");
    }
    if settings.clock.min_secs > settings.clock.max_secs {
        return tr.t("settings-bad-bounds");
    }
    let changed = settings != before;
    if changed && let Err(e) = tables.set_server_settings(guild, settings).await {
        tracing::error!(error = %e, "could not save settings");
        return tr.t("store-failed");
    }
    summary(tr, &settings, changed)
}

/// `settings` with the command's options applied.
fn chosen(ctx: &ApplicationContext<'_, Data, Error>, mut settings: ServerSettings) -> ServerSettings {
    // A non-negative whole number given (hours, minutes or days: Discord checked its range).
    let hours = |name: &str| int_arg(ctx, name).and_then(|h| u64::try_from(h).ok());
    let pick = |name: &str| int_arg(ctx, name).and_then(|i| usize::try_from(i).ok());
    let timers = &mut settings.timers;
    if let Some(h) = hours(REMINDER_HOURS) {
        timers.reminder_secs = h * 3600;
    }
    if let Some(h) = hours(TIMEOUT_HOURS) {
        timers.timeout_secs = h * 3600;
    }
    if let Some(o) = pick(ON_TIMEOUT).and_then(|i| OnTimeout::ALL.get(i)) {
        timers.on_timeout = *o;
    }
    if let Some(b) = pick(BOARD_STYLE).and_then(|i| BoardStyle::ALL.get(i)) {
        settings.board_style = *b;
    }
    if let Some(h) = opt_bool_arg(ctx, HINTS) {
        settings.hints = h;
    }
    if let Some(m) = hours(TIMER_MIN) {
        settings.clock.min_secs = m * 60;
    }
    if let Some(m) = hours(TIMER_MAX) {
        settings.clock.max_secs = m * 60;
    }
    if let Some(d) = hours(AWAY_MAX_DAYS) {
        settings.away_max_days = d;
    }
    if let Some(on) = opt_bool_arg(ctx, THREADS) {
        settings.threads = Some(on);
    }
    settings
}

/// The settings in words, as saved just now or as they were.
fn summary(tr: &Tr, settings: &ServerSettings, changed: bool) -> String {
    let timers = settings.timers;
    let id = if changed {
        "settings-saved"
    } else {
        "settings-current"
    };
    let hints = if settings.hints {
        "settings-hints-on"
    } else {
        "settings-hints-off"
    };
    let play = tr.f(
        "settings-play",
        &[
            (
                "min",
                crate::session::duration(tr, settings.clock.min_secs).into(),
            ),
            (
                "max",
                crate::session::duration(tr, settings.clock.max_secs).into(),
            ),
            ("days", settings.away_max_days.into()),
        ],
    );
    let main = tr.f(
        id,
        &[
            ("reminder", (timers.reminder_secs / 3600).into()),
            ("timeout", (timers.timeout_secs / 3600).into()),
            (
                "on_timeout",
                tr.t(&format!("settings-on-timeout-{}", timers.on_timeout.id()))
                    .into(),
            ),
            (
                "board_style",
                tr.t(&format!("settings-board-style-{}", settings.board_style.id()))
                    .into(),
            ),
            ("hints", tr.t(hints).into()),
        ],
    );
    // Threads are on unless the server turned them off (and only where the bot may open them).
    let threads = match settings.threads {
        Some(false) => tr.t("settings-threads-off"),
        _ => tr.t("settings-threads-on"),
    };
    format!("{main}\n{play}\n{threads}")
}
