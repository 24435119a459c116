//! `/saikoro leaderboard|stats|history|forget-me|games|away`: the players' history commands, the
//! games list and time off. Each answers privately unless the caller asks for `public`.

use super::params::{Action, bool_arg, choice, command_user, described, flag, int_arg, option};
use super::{Data, Error, convert};
use crate::games::GameKind;
use crate::id::{GuildId, UserId};
use crate::session::{AwayRequest, Post, Refused};
use poise::serenity_prelude as serenity;
use poise::{ApplicationContext, Command, CommandParameter, FrameworkError};
use serenity::{CommandOptionType, ResolvedValue};
use std::borrow::Cow;

const GAME: &str = "game";
const USER: &str = "user";
const PAGE: &str = "page";
const PUBLIC: &str = "public";
const UNTIL: &str = "until";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sub {
    Leaderboard,
    Stats,
    History,
    ForgetMe,
    Games,
    Away,
}

impl Sub {
    fn name(self) -> &'static str {
        match self {
            Sub::Leaderboard => "leaderboard",
            Sub::Stats => "stats",
            Sub::History => "history",
            Sub::ForgetMe => "forget-me",
            Sub::Games => "games",
            Sub::Away => "away",
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
    [
        Sub::Leaderboard,
        Sub::Stats,
        Sub::History,
        Sub::ForgetMe,
        Sub::Games,
        Sub::Away,
    ]
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
            Sub::ForgetMe | Sub::Games => vec![],
            Sub::Away => vec![CommandParameter {
                required: true,
                ..option(UNTIL, "option-until", |o| {
                    o.kind(CommandOptionType::String).max_length(20)
                })
            }],
        };
        if !matches!(sub, Sub::ForgetMe | Sub::Games | Sub::Away) {
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
    let answer: Result<Post, Refused> = match sub {
        Sub::Leaderboard => records.leaderboard(guild, kind, int_arg(&ctx, PAGE), &user).await,
        Sub::Stats => records.stats(guild, target.unwrap_or(user.id), kind, &user).await,
        Sub::History => records.recent(guild, target, &user, &super::sight_of(&ctx)).await,
        Sub::ForgetMe => Ok(records.forget_me(&user)),
        Sub::Games => Ok(ctx
            .data()
            .tables
            .games_list(guild, &user, &super::sight_of(&ctx))
            .await),
        Sub::Away => {
            let said = away(&ctx, guild, &user).await;
            let reply = poise::CreateReply::default().content(said).ephemeral(true);
            ctx.send(reply).await?;
            return Ok(());
        }
    };
    let reply = poise::CreateReply::default().ephemeral(!public);
    let reply = match answer {
        Ok(post) => reply
            .embed(convert::embed(&post.view))
            .components(convert::components(&post.view)),
        // A refusal is always private, whatever was asked.
        Err(refused) => reply.content(refused.words(user.locale)).ephemeral(true),
    };
    ctx.send(reply).await?;
    Ok(())
}

/// `/saikoro away until:`: the time off asked, or why it is not understood.
async fn away(
    ctx: &ApplicationContext<'_, Data, Error>,
    guild: Option<GuildId>,
    user: &crate::session::User,
) -> String {
    let given = ctx
        .args
        .iter()
        .find_map(|o| match (o.name, &o.value) {
            (UNTIL, ResolvedValue::String(text)) => Some(*text),
            _ => None,
        })
        .unwrap_or_default();
    match parse_until(given) {
        Some(request) => ctx.data().tables.away(guild, user, request).await,
        None => crate::engine::Tr::new(user.locale, &[])
            .f("away-bad-until", &[("until", given.to_owned().into())]),
    }
}

/// `off`; a length in days or hours (`3d`, `12h`, or `3日`, `12時間`); or a date in UTC,
/// `2026-12-24`, optionally with a time, `2026-12-24 18:00`.
fn parse_until(text: &str) -> Option<AwayRequest> {
    let text = text.trim().to_lowercase();
    if text == "off" || text == "オフ" {
        return Some(AwayRequest::Off);
    }
    for (unit, secs) in [("d", 86_400), ("日", 86_400), ("h", 3_600), ("時間", 3_600)] {
        if let Some(n) = text.strip_suffix(unit).and_then(|n| n.trim().parse::<u64>().ok()) {
            return Some(AwayRequest::For(n.checked_mul(secs)?));
        }
    }
    let (date, time) = text.split_once([' ', 't']).unwrap_or((&text, "00:00"));
    let mut ymd = date.splitn(3, '-').map(str::parse::<i64>);
    let (y, m, d) = (ymd.next()?.ok()?, ymd.next()?.ok()?, ymd.next()?.ok()?);
    let (hh, mm) = time.trim().split_once(':')?;
    let (hh, mm): (i64, i64) = (hh.parse().ok()?, mm.parse().ok()?);
    let valid = (1..=12).contains(&m) && (1..=days_in_month(y, m)).contains(&d) && hh < 24 && mm < 60;
    valid.then(|| AwayRequest::Until(days_from_civil(y, m, d) * 86_400 + hh * 3_600 + mm * 60))
}

fn days_in_month(y: i64, m: i64) -> i64 {
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    match m {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * (m + if m > 2 { -3 } else { 9 }) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_off_is_read_as_a_date_a_length_or_off() {
        assert_eq!(parse_until("off"), Some(AwayRequest::Off));
        assert_eq!(parse_until(" 3d "), Some(AwayRequest::For(3 * 86_400)));
        assert_eq!(parse_until("12時間"), Some(AwayRequest::For(12 * 3_600)));
        assert_eq!(parse_until("1970-01-02"), Some(AwayRequest::Until(86_400)));
        // 2026-12-24 18:30 UTC, as `date -u -d '2026-12-24 18:30' +%s` gives it.
        assert_eq!(
            parse_until("2026-12-24 18:30"),
            Some(AwayRequest::Until(1_798_137_000))
        );
        assert_eq!(parse_until("2028-02-29"), Some(AwayRequest::Until(1_835_395_200)));
        for bad in ["", "soon", "2027-02-29", "2026-13-01", "2026-12-24 25:00", "-3d"] {
            assert_eq!(parse_until(bad), None, "{bad}");
        }
    }
}
