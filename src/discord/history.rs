//! `/saikoro leaderboard|stats|history|forget-me`: the players' history commands. Each answers
//! privately unless the caller asks for `public`.

use super::params::{Action, bool_arg, choice, command_user, described, flag, int_arg, option};
use super::{Data, Error, convert};
use crate::games::GameKind;
use crate::id::{GuildId, UserId};
use crate::session::Post;
use poise::serenity_prelude as serenity;
use poise::{ApplicationContext, Command, CommandParameter, FrameworkError};
use serenity::{CommandOptionType, ResolvedValue};
use std::borrow::Cow;

const GAME: &str = "game";
const USER: &str = "user";
const PAGE: &str = "page";
const PUBLIC: &str = "public";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sub {
    Leaderboard,
    Stats,
    History,
    ForgetMe,
}

impl Sub {
    fn name(self) -> &'static str {
        match self {
            Sub::Leaderboard => "leaderboard",
            Sub::Stats => "stats",
            Sub::History => "history",
            Sub::ForgetMe => "forget-me",
        }
    }
}

fn game_option() -> CommandParameter<Data, Error> {
    CommandParameter {
        choices: Cow::Owned(
            GameKind::ALL
                .iter()
                .map(|k| choice(&format!("{}-name", k.id())))
                .collect(),
        ),
        ..option(GAME, "option-game", |o| o.kind(CommandOptionType::Integer))
    }
}

/// The subcommands of `/saikoro` this module answers.
pub fn subcommands() -> Vec<Command<Data, Error>> {
    [Sub::Leaderboard, Sub::Stats, Sub::History, Sub::ForgetMe]
        .into_iter()
        .map(|sub| {
            let mut parameters = match sub {
                Sub::Leaderboard => vec![
                    game_option(),
                    option(PAGE, "option-leaderboard-page", |o| {
                        o.kind(CommandOptionType::Integer).min_int_value(1)
                    }),
                ],
                Sub::Stats => vec![
                    option(USER, "option-user", |o| o.kind(CommandOptionType::User)),
                    game_option(),
                ],
                Sub::History => vec![option(USER, "option-user", |o| o.kind(CommandOptionType::User))],
                Sub::ForgetMe => vec![],
            };
            if sub != Sub::ForgetMe {
                parameters.push(flag(PUBLIC, "option-public"));
            }
            let (description, description_localizations) = described(&format!("command-{}", sub.name()));
            let action: Action = |ctx| {
                Box::pin(async move {
                    run(ctx)
                        .await
                        .map_err(|e| FrameworkError::new_command(ctx.into(), e))
                })
            };
            Command {
                name: Cow::Borrowed(sub.name()),
                identifying_name: Cow::Owned(format!("saikoro_{}", sub.name())),
                description,
                description_localizations,
                parameters,
                slash_action: Some(action),
                custom_data: Box::new(sub),
                guild_only: true,
                ..Default::default()
            }
        })
        .collect()
}

async fn run(ctx: ApplicationContext<'_, Data, Error>) -> Result<(), Error> {
    let sub = *ctx
        .command()
        .custom_data
        .downcast_ref::<Sub>()
        .ok_or("a history subcommand without its kind")?;
    let public = bool_arg(&ctx, PUBLIC);
    ctx.defer_response(!public).await?;
    let records = &ctx.data().records;
    let user = command_user(&ctx);
    let guild = ctx.interaction.guild_id.map(|g| GuildId(g.get()));
    let kind = int_arg(&ctx, GAME).and_then(|i| GameKind::ALL.get(usize::try_from(i).ok()?).copied());
    let target = ctx.args.iter().find_map(|o| match (o.name, &o.value) {
        (USER, ResolvedValue::User(u, _)) => Some(UserId(u.id.get())),
        _ => None,
    });
    let answer: Result<Post, String> = match sub {
        Sub::Leaderboard => records.leaderboard(guild, kind, int_arg(&ctx, PAGE), &user).await,
        Sub::Stats => records.stats(guild, target.unwrap_or(user.id), kind, &user).await,
        Sub::History => records.recent(guild, target, &user, &super::sight_of(&ctx)).await,
        Sub::ForgetMe => Ok(records.forget_me(&user)),
    };
    let reply = poise::CreateReply::default().ephemeral(!public);
    let reply = match answer {
        Ok(post) => reply
            .embed(convert::embed(&post.view))
            .components(convert::components(&post.view)),
        // A refusal or a plain answer is always private, whatever was asked.
        Err(text) => reply.content(text).ephemeral(true),
    };
    ctx.send(reply).await?;
    Ok(())
}
