//! What every slash command is built from and reads: options and their descriptions from the
//! catalogue, the arguments given, who ran it.

use super::{Data, Error, user_of};
use crate::engine::{Locale, Tr};
use poise::serenity_prelude as serenity;
use poise::{ApplicationContext, BoxFuture, CommandParameter, FrameworkError};
use serenity::{CommandOptionType, ResolvedValue};
use std::borrow::Cow;

/// A subcommand's handler, as poise stores it.
pub type Action = for<'a> fn(
    ApplicationContext<'a, Data, Error>,
) -> BoxFuture<'a, Result<(), FrameworkError<'a, Data, Error>>>;

/// A description and its translations, as poise stores them.
type Described = (
    Option<Cow<'static, str>>,
    Cow<'static, [(Cow<'static, str>, Cow<'static, str>)]>,
);

/// The English description of a command or option, with Discord localizations from the catalogue.
pub fn described(id: &str) -> Described {
    let en = Tr::new(Locale::En, &[]).t(id);
    let localized: Vec<(Cow<'static, str>, Cow<'static, str>)> = Locale::ALL
        .iter()
        .filter(|l| **l != Locale::En && crate::engine::text::has_message_in(**l, id))
        .map(|l| (Cow::Borrowed(l.discord_tag()), Cow::Owned(Tr::new(*l, &[]).t(id))))
        .collect();
    (Some(Cow::Owned(en)), Cow::Owned(localized))
}

/// An option's names in the languages other than English whose catalogue names it (`id`).
pub fn localized_names(id: &str) -> Cow<'static, [(Cow<'static, str>, Cow<'static, str>)]> {
    let (_, localized) = described(id);
    localized
}

/// An optional command option, described from the catalogue; `kind` sets its type and bounds.
pub fn option(
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
pub fn flag(name: &'static str, description_id: &str) -> CommandParameter<Data, Error> {
    option(name, description_id, |o| o.kind(CommandOptionType::Boolean))
}

/// A fixed choice's label and its translations (poise sends the choice's index).
pub fn choice(label_id: &str) -> poise::CommandParameterChoice {
    let (name, localizations) = described(label_id);
    poise::CommandParameterChoice {
        name: name.expect("described always has the English text"),
        localizations,
        __non_exhaustive: (),
    }
}

/// Who ran a command.
pub fn command_user(ctx: &ApplicationContext<'_, Data, Error>) -> crate::session::User {
    let i = ctx.interaction;
    user_of(&i.user, i.member.as_deref(), &i.locale)
}

/// A command's boolean option, false when not given.
pub fn bool_arg(ctx: &ApplicationContext<'_, Data, Error>, name: &str) -> bool {
    opt_bool_arg(ctx, name).unwrap_or(false)
}

/// A command's boolean option, if given.
pub fn opt_bool_arg(ctx: &ApplicationContext<'_, Data, Error>, name: &str) -> Option<bool> {
    ctx.args.iter().find_map(|o| match (o.name, &o.value) {
        (n, ResolvedValue::Boolean(v)) if n == name => Some(*v),
        _ => None,
    })
}

/// A command's integer option.
pub fn int_arg(ctx: &ApplicationContext<'_, Data, Error>, name: &str) -> Option<i64> {
    ctx.args.iter().find_map(|o| match (o.name, &o.value) {
        (n, ResolvedValue::Integer(v)) if n == name => Some(*v),
        _ => None,
    })
}
