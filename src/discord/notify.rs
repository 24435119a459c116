//! `/saikoro notify dm:`: a player's turn notices by direct message, on or off (without `dm`,
//! how they are). Answered privately, in the player's language.

use super::params::{Action, command_user, described, opt_bool_arg, option};
use super::{Data, Error};
use poise::serenity_prelude as serenity;
use poise::{ApplicationContext, Command, FrameworkError};
use serenity::CommandOptionType;
use std::borrow::Cow;

const DM: &str = "dm";

/// The `notify` subcommand of `/saikoro`.
pub fn subcommand() -> Command<Data, Error> {
    let (description, description_localizations) = described("command-notify");
    let action: Action = |ctx| {
        Box::pin(async move {
            notify(ctx)
                .await
                .map_err(|e| FrameworkError::new_command(ctx.into(), e))
        })
    };
    Command {
        name: Cow::Borrowed("notify"),
        identifying_name: Cow::Borrowed("saikoro_notify"),
        description,
        description_localizations,
        parameters: vec![option(DM, "option-notify-dm", |o| {
            o.kind(CommandOptionType::Boolean)
        })],
        slash_action: Some(action),
        guild_only: true,
        ephemeral: true,
        ..Default::default()
    }
}

async fn notify(ctx: ApplicationContext<'_, Data, Error>) -> Result<(), Error> {
    ctx.defer_response(true).await?;
    let user = command_user(&ctx);
    let text = ctx.data().tables.notify(&user, opt_bool_arg(&ctx, DM)).await;
    ctx.send(poise::CreateReply::default().content(text).ephemeral(true))
        .await?;
    Ok(())
}
