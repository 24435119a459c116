//! Slash commands, built once for every game: `/<game> start|rules|board|resign|abandon|log`.
//! Each subcommand carries its game kind in `custom_data`, so one handler serves all games.

use super::{Data, Error, user_of};
use crate::engine::{Locale, Msg, OptionKind, OptionSpec, Tr};
use crate::games::GameKind;
use crate::id::{ChannelId, GuildId};
use crate::session::{BoardStyle, OnTimeout, Place};
use poise::serenity_prelude as serenity;
use poise::{ApplicationContext, BoxFuture, Command, CommandParameter, FrameworkError};
use serenity::{CommandOptionType, ResolvedValue};
use std::borrow::Cow;

pub(super) type Action = for<'a> fn(
    ApplicationContext<'a, Data, Error>,
) -> BoxFuture<'a, Result<(), FrameworkError<'a, Data, Error>>>;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sub {
    Start,
    Rules,
    Board,
    Resign,
    Abandon,
    Log,
    Replay,
    /// Only for games with a coach.
    Review,
}

impl Sub {
    const ALL: [Sub; 8] = [
        Sub::Start,
        Sub::Rules,
        Sub::Board,
        Sub::Resign,
        Sub::Abandon,
        Sub::Log,
        Sub::Replay,
        Sub::Review,
    ];

    fn name(self) -> &'static str {
        match self {
            Sub::Start => "start",
            Sub::Rules => "rules",
            Sub::Board => "board",
            Sub::Resign => "resign",
            Sub::Abandon => "abandon",
            Sub::Log => "log",
            Sub::Replay => "replay",
            Sub::Review => "review",
        }
    }
}

/// The option names a `/<game> start` takes besides the game's switches.
const SOLITAIRE: &str = "solitaire";
const PAGE: &str = "page";
const GAME_ID: &str = "id";

/// Every game's command tree, and `/saikoro` for the server's settings, stats and history.
pub fn all() -> Vec<Command<Data, Error>> {
    let mut commands: Vec<_> = GameKind::ALL.iter().map(|k| game_command(*k)).collect();
    commands.push(saikoro_command());
    commands
}

const REMINDER_HOURS: &str = "reminder_hours";
const TIMEOUT_HOURS: &str = "timeout_hours";
const ON_TIMEOUT: &str = "on_timeout";
const BOARD_STYLE: &str = "board_style";
const HINTS: &str = "hints";

fn saikoro_command() -> Command<Data, Error> {
    let (description, description_localizations) = described("saikoro-command");
    let (settings_description, settings_localizations) = described("command-settings");
    let settings_action: Action = |ctx| {
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
    Command {
        name: Cow::Borrowed("saikoro"),
        qualified_name: Cow::Borrowed("saikoro"),
        identifying_name: Cow::Borrowed("saikoro"),
        description,
        description_localizations,
        subcommand_required: true,
        guild_only: true,
        // No default permission: anyone may see the history; `settings` checks Manage Server.
        slash_action: Some(|_| Box::pin(async { Ok(()) })),
        subcommands: std::iter::once(Command {
            name: Cow::Borrowed("settings"),
            identifying_name: Cow::Borrowed("saikoro_settings"),
            description: settings_description,
            description_localizations: settings_localizations,
            parameters: vec![
                hours(REMINDER_HOURS, "option-reminder-hours"),
                hours(TIMEOUT_HOURS, "option-timeout-hours"),
                CommandParameter {
                    choices: Cow::Owned(
                        OnTimeout::ALL
                            .iter()
                            .map(|o| choice(&format!("settings-on-timeout-{}", o.id())))
                            .collect(),
                    ),
                    ..option(ON_TIMEOUT, "option-on-timeout", |o| {
                        o.kind(CommandOptionType::Integer)
                    })
                },
                CommandParameter {
                    choices: Cow::Owned(
                        BoardStyle::ALL
                            .iter()
                            .map(|b| choice(&format!("settings-board-style-{}", b.id())))
                            .collect(),
                    ),
                    ..option(BOARD_STYLE, "option-board-style", |o| {
                        o.kind(CommandOptionType::Integer)
                    })
                },
                option(HINTS, "option-hints", |o| o.kind(CommandOptionType::Boolean)),
            ],
            slash_action: Some(settings_action),
            guild_only: true,
            ephemeral: true,
            default_member_permissions: serenity::Permissions::MANAGE_GUILD,
            ..Default::default()
        })
        .chain(super::history::subcommands())
        .collect(),
        ..Default::default()
    }
}

/// `/saikoro settings`: shows the server's settings, or changes them (Manage Server only).
async fn settings(ctx: ApplicationContext<'_, Data, Error>) -> Result<(), Error> {
    ctx.defer_response(true).await?;
    let hub = &ctx.data().hub;
    let interaction = ctx.interaction;
    let user = command_user(&ctx);
    let tr = Tr::new(user.locale, &[]);
    let hours = |name: &str| int_arg(&ctx, name).and_then(|h| u64::try_from(h).ok());
    let pick = |name: &str| int_arg(&ctx, name).and_then(|i| usize::try_from(i).ok());
    let text = match interaction.guild_id {
        None => tr.t("settings-guild-only"),
        Some(_) if !user.manager => tr.t("settings-refused"),
        Some(guild) => {
            let guild = GuildId(guild.get());
            let mut settings = hub.server_settings(Some(guild)).await;
            let before = settings;
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
            if let Some(h) = opt_bool_arg(&ctx, HINTS) {
                settings.hints = h;
            }
            let timers = settings.timers;
            let ordered = timers.reminder_secs == 0
                || timers.timeout_secs == 0
                || timers.timeout_secs > timers.reminder_secs;
            if !ordered {
                ctx.send(
                    poise::CreateReply::default()
                        .content(tr.t("settings-bad-order"))
                        .ephemeral(true),
                )
                .await?;
                return Ok(());
            }
            let changed = settings != before;
            let saved = if changed {
                hub.set_server_settings(guild, settings).await
            } else {
                Ok(())
            };
            match saved {
                Ok(()) => tr.f(
                    if changed {
                        "settings-saved"
                    } else {
                        "settings-current"
                    },
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
                        (
                            "hints",
                            tr.t(if settings.hints {
                                "settings-hints-on"
                            } else {
                                "settings-hints-off"
                            })
                            .into(),
                        ),
                    ],
                ),
                Err(e) => {
                    tracing::error!(error = %e, "could not save settings");
                    tr.t("store-failed")
                }
            }
        }
    };
    ctx.send(poise::CreateReply::default().content(text).ephemeral(true))
        .await?;
    Ok(())
}

/// A description and its translations, as poise stores them.
type Described = (
    Option<Cow<'static, str>>,
    Cow<'static, [(Cow<'static, str>, Cow<'static, str>)]>,
);

/// The English description of a command or option, with Discord localizations from the catalogue.
pub(super) fn described(id: &str) -> Described {
    let en = Tr::new(Locale::En, &[]).t(id);
    let localized: Vec<(Cow<'static, str>, Cow<'static, str>)> = Locale::ALL
        .iter()
        .filter(|l| **l != Locale::En && crate::engine::text::has_message_in(**l, id))
        .map(|l| (Cow::Borrowed(l.discord_tag()), Cow::Owned(Tr::new(*l, &[]).t(id))))
        .collect();
    (Some(Cow::Owned(en)), Cow::Owned(localized))
}

fn game_command(kind: GameKind) -> Command<Data, Error> {
    let (description, description_localizations) = described(&format!("{}-command", kind.id()));
    Command {
        name: Cow::Borrowed(kind.id()),
        qualified_name: Cow::Borrowed(kind.id()),
        identifying_name: Cow::Borrowed(kind.id()),
        description,
        description_localizations,
        subcommands: Sub::ALL
            .iter()
            .filter(|s| **s != Sub::Review || kind.coached())
            .map(|s| subcommand(kind, *s))
            .collect(),
        subcommand_required: true,
        guild_only: true,
        // poise registers only commands with an action; Discord never invokes a parent itself.
        slash_action: Some(|_| Box::pin(async { Ok(()) })),
        ..Default::default()
    }
}

fn subcommand(kind: GameKind, sub: Sub) -> Command<Data, Error> {
    let (description, description_localizations) = described(&format!("command-{}", sub.name()));
    let mut parameters = vec![];
    if sub == Sub::Start {
        for spec in kind.options() {
            parameters.push(game_option(kind, spec));
        }
        if kind.players().contains(&1) {
            parameters.push(flag(SOLITAIRE, "option-solitaire"));
        }
    }
    if sub == Sub::Log {
        parameters.push(option(PAGE, "option-page", |o| {
            o.kind(CommandOptionType::Integer).min_int_value(1)
        }));
    }
    if matches!(sub, Sub::Replay | Sub::Review) {
        parameters.push(CommandParameter {
            required: true,
            ..option(GAME_ID, "option-game-id", |o| {
                o.kind(CommandOptionType::Integer).min_int_value(1)
            })
        });
    }
    let action: Action = |ctx| {
        Box::pin(async move {
            run(ctx)
                .await
                .map_err(|e| FrameworkError::new_command(ctx.into(), e))
        })
    };
    Command {
        name: Cow::Borrowed(sub.name()),
        identifying_name: Cow::Owned(format!("{}_{}", kind.id(), sub.name())),
        description,
        description_localizations,
        parameters,
        slash_action: Some(action),
        custom_data: Box::new((kind, sub)),
        guild_only: true,
        ephemeral: true,
        ..Default::default()
    }
}

/// An optional command option, described from the catalogue; `kind` sets its type and bounds.
pub(super) fn option(
    name: &'static str,
    description_id: &str,
    kind: fn(serenity::CreateCommandOption) -> serenity::CreateCommandOption,
) -> CommandParameter<Data, Error> {
    let (description, description_localizations) = described(description_id);
    CommandParameter {
        name: Cow::Borrowed(name),
        name_localizations: Cow::Borrowed(&[]),
        description,
        description_localizations,
        required: false,
        channel_types: None,
        choices: Cow::Borrowed(&[]),
        type_setter: Some(kind),
        autocomplete_callback: None,
        __non_exhaustive: (),
    }
}

/// An on/off option.
pub(super) fn flag(name: &'static str, description_id: &str) -> CommandParameter<Data, Error> {
    option(name, description_id, |o| o.kind(CommandOptionType::Boolean))
}

/// A fixed choice's label and its translations (poise sends the choice's index).
pub(super) fn choice(label_id: &str) -> poise::CommandParameterChoice {
    let (name, localizations) = described(label_id);
    poise::CommandParameterChoice {
        name: name.expect("described always has the English text"),
        localizations,
        __non_exhaustive: (),
    }
}

/// A game option as a slash-command option. Ranges are checked by the game's declaration when
/// the command arrives (poise's type setter cannot carry per-option bounds), naming the range.
fn game_option(kind: GameKind, spec: &OptionSpec) -> CommandParameter<Data, Error> {
    let description = spec.description_id(kind.id());
    match spec.kind {
        OptionKind::Switch { .. } => flag(spec.key, &description),
        OptionKind::Number { .. } => option(spec.key, &description, |o| o.kind(CommandOptionType::Integer)),
        OptionKind::Choice { values, .. } => CommandParameter {
            choices: Cow::Owned(
                values
                    .iter()
                    .map(|v| choice(&spec.choice_label_id(kind.id(), v)))
                    .collect(),
            ),
            ..option(spec.key, &description, |o| o.kind(CommandOptionType::Integer))
        },
        OptionKind::Numbers { .. } | OptionKind::Text { .. } => {
            option(spec.key, &description, |o| o.kind(CommandOptionType::String))
        }
        OptionKind::File { .. } => option(spec.key, &description, |o| o.kind(CommandOptionType::Attachment)),
    }
}

/// The game options given with `/<game> start`, as the game's JSON, or the refusal to show.
async fn start_options(
    ctx: &ApplicationContext<'_, Data, Error>,
    kind: GameKind,
    tr: &Tr<'_>,
) -> Result<serde_json::Value, String> {
    let mut options = serde_json::Map::new();
    let bad = |m: Msg| tr.f("lobby-bad-options", &[("reason", tr.msg(&m).into())]);
    for spec in kind.options() {
        let Some(given) = ctx.args.iter().find(|o| o.name == spec.key) else {
            continue;
        };
        let value = match (&given.value, spec.kind) {
            (ResolvedValue::Boolean(b), _) => serde_json::Value::from(*b),
            (ResolvedValue::Integer(i), OptionKind::Choice { values, .. }) => usize::try_from(*i)
                .ok()
                .and_then(|i| values.get(i))
                .map(|v| serde_json::Value::from(*v))
                .unwrap_or_default(),
            (ResolvedValue::Integer(i), _) => serde_json::Value::from(*i),
            (ResolvedValue::String(text), _) => spec.parse(text).map_err(bad)?,
            (ResolvedValue::Attachment(file), OptionKind::File { max_bytes }) => {
                if file.size as usize > max_bytes {
                    return Err(tr.f(
                        "settings-file-too-big",
                        &[
                            ("name", file.filename.clone().into()),
                            ("size", u64::from(file.size).into()),
                            ("max", max_bytes.into()),
                        ],
                    ));
                }
                let unreadable = |reason: String| {
                    tr.f(
                        "settings-file-unreadable",
                        &[("name", file.filename.clone().into()), ("reason", reason.into())],
                    )
                };
                let bytes = file.download().await.map_err(|e| unreadable(e.to_string()))?;
                let text = String::from_utf8(bytes).map_err(|e| unreadable(e.to_string()))?;
                serde_json::Value::from(text)
            }
            _ => serde_json::Value::Null,
        };
        options.insert(spec.key.to_owned(), value);
    }
    Ok(options.into())
}

async fn run(ctx: ApplicationContext<'_, Data, Error>) -> Result<(), Error> {
    // Starting, posting and waiting for a busy game can take a while: answer Discord at once.
    ctx.defer_response(true).await?;
    let (kind, sub) = *ctx
        .command()
        .custom_data
        .downcast_ref::<(GameKind, Sub)>()
        .ok_or("a game subcommand without its game")?;
    let hub = &ctx.data().hub;
    let interaction = ctx.interaction;
    let user = command_user(&ctx);
    let channel = ChannelId(interaction.channel_id.get());
    let bool_arg = |name: &str| bool_arg(&ctx, name);
    let reply: String = match sub {
        Sub::Start => {
            let tr = Tr::new(user.locale, &[]);
            let options = match start_options(&ctx, kind, &tr).await {
                Ok(options) => options,
                Err(refusal) => {
                    ctx.send(poise::CreateReply::default().content(refusal).ephemeral(true))
                        .await?;
                    return Ok(());
                }
            };
            let place = Place {
                guild: interaction.guild_id.map(|g| GuildId(g.get())),
                channel,
                locale: interaction
                    .guild_locale
                    .as_deref()
                    .map_or(Locale::En, Locale::from_tag),
            };
            hub.open_lobby(kind, place, &user, options, bool_arg(SOLITAIRE))
                .await
        }
        Sub::Rules => Tr::new(user.locale, &[]).t(&format!("{}-rules", kind.id())),
        Sub::Board => hub.repost(kind, channel, &user).await,
        Sub::Resign => hub.resign(kind, channel, &user).await,
        Sub::Abandon => hub.abandon(kind, channel, &user).await,
        Sub::Log => {
            let page = int_arg(&ctx, PAGE).and_then(|n| usize::try_from(n).ok());
            hub.log(kind, channel, &user, page).await
        }
        Sub::Review => {
            let guild = interaction.guild_id.map(|g| GuildId(g.get()));
            let id = crate::id::GameId(int_arg(&ctx, GAME_ID).unwrap_or_default());
            hub.review(guild, kind, id, &user).await
        }
        Sub::Replay => {
            let guild = interaction.guild_id.map(|g| GuildId(g.get()));
            let id = crate::id::GameId(int_arg(&ctx, GAME_ID).unwrap_or_default());
            match hub.replay(guild, Some(kind), id, None, &user).await {
                Ok(post) => {
                    let reply = poise::CreateReply::default()
                        .ephemeral(true)
                        .allowed_mentions(serenity::CreateAllowedMentions::new())
                        .content(post.content.unwrap_or_default())
                        .embed(super::convert::embed(&post.view))
                        .components(super::convert::components(&post.view));
                    ctx.send(reply).await?;
                    return Ok(());
                }
                Err(refusal) => refusal,
            }
        }
    };
    // Commands answer privately; boards are posted to the channel by the session.
    ctx.send(
        poise::CreateReply::default()
            .content(reply)
            .ephemeral(true)
            .allowed_mentions(serenity::CreateAllowedMentions::new()),
    )
    .await?;
    Ok(())
}

/// Who ran a command.
pub(super) fn command_user(ctx: &ApplicationContext<'_, Data, Error>) -> crate::session::User {
    let i = ctx.interaction;
    user_of(&i.user, i.member.as_deref(), &i.locale)
}

/// A command's boolean option, false when not given.
pub(super) fn bool_arg(ctx: &ApplicationContext<'_, Data, Error>, name: &str) -> bool {
    opt_bool_arg(ctx, name).unwrap_or(false)
}

/// A command's boolean option, if given.
pub(super) fn opt_bool_arg(ctx: &ApplicationContext<'_, Data, Error>, name: &str) -> Option<bool> {
    ctx.args.iter().find_map(|o| match (o.name, &o.value) {
        (n, ResolvedValue::Boolean(v)) if n == name => Some(*v),
        _ => None,
    })
}

/// A command's integer option.
pub(super) fn int_arg(ctx: &ApplicationContext<'_, Data, Error>, name: &str) -> Option<i64> {
    ctx.args.iter().find_map(|o| match (o.name, &o.value) {
        (n, ResolvedValue::Integer(v)) if n == name => Some(*v),
        _ => None,
    })
}
