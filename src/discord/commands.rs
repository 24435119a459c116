//! Slash commands, built once for every game: `/<game> start|rules|board|resign|abandon|log`.
//! Each subcommand carries its game kind in `custom_data`, so one handler serves all games.

use super::params::{
    Action, bool_arg, choice, command_user, described, flag, int_arg, localized_names, opt_bool_arg, option,
};
use super::{Data, Error};
use crate::engine::{Level, Locale, Msg, OptionKind, OptionSpec, Tr};
use crate::games::GameKind;
use crate::id::{ChannelId, GameId, GuildId, UserId};
use crate::redact::redact;
use crate::session::{DailyAnswer, Invitee, LobbyChoices, Place, User};
use poise::serenity_prelude as serenity;
use poise::{ApplicationContext, Command, CommandParameter, FrameworkError};
use serenity::{CommandOptionType, ResolvedValue};
use std::borrow::Cow;

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
    /// Only for Can't Stop: the day's game with the same dice for everyone.
    Daily,
    /// Only for games with a coach.
    Puzzle,
}

impl Sub {
    const ALL: [Sub; 10] = [
        Sub::Start,
        Sub::Rules,
        Sub::Board,
        Sub::Resign,
        Sub::Abandon,
        Sub::Log,
        Sub::Replay,
        Sub::Review,
        Sub::Daily,
        Sub::Puzzle,
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
            Sub::Daily => "daily",
            Sub::Puzzle => "puzzle",
        }
    }
}

/// The option names a `/<game> start` takes besides the game's switches.
const SOLITAIRE: &str = "solitaire";
const PLAYERS: &str = "players";
const PRIVATE: &str = "private";
const TURN_TIMER: &str = "turn_timer";
const THREAD: &str = "thread";
/// The longest turn timer the option offers, in minutes (30 days); servers set their own bounds.
const TURN_TIMER_MAX_MINUTES: u64 = 30 * 24 * 60;
const PAGE: &str = "page";
/// The one game with a daily.
const DAILY_GAME: &str = "cantstop";
const GAME_ID: &str = "id";
const NEXT: &str = "next";

/// Every game's command tree, `/saikoro` for the players' stats and history, and
/// `/saikoro-settings` for the server's settings.
pub fn all() -> Vec<Command<Data, Error>> {
    let mut commands: Vec<_> = GameKind::ALL.iter().map(|k| game_command(*k)).collect();
    commands.push(saikoro_command());
    commands.push(Command {
        checks: vec![|ctx| Box::pin(within_limits(ctx))],
        ..super::settings::command()
    });
    for command in &mut commands {
        name_in_japanese(command);
    }
    commands
}

/// The Japanese names of commands, subcommands and options, by their English names: what a
/// Japanese player would type. Discord shows them to players whose client is in Japanese; each
/// keeps Discord's naming rule (lowercase letters, digits, - and _; kana and kanji are letters).
const JAPANESE_NAMES: &[(&str, &str)] = &[
    ("saikoro", "さいころ"),
    ("cantstop", "キャントストップ"),
    ("ishigaki", "いしがきれーす"),
    ("ninja", "忍者"),
    ("stones", "賢者の石"),
    ("saizumi", "賽積"),
    ("pig", "ぶた"), // the test game
    ("start", "開始"),
    ("rules", "ルール"),
    ("board", "盤面"),
    ("resign", "投了"),
    ("abandon", "中止"),
    ("log", "記録"),
    ("replay", "再生"),
    ("review", "振り返り"),
    ("daily", "デイリー"),
    ("saikoro-settings", "さいころ設定"),
    ("leaderboard", "ランキング"),
    ("stats", "成績"),
    ("history", "履歴"),
    ("forget-me", "データ削除"),
    ("games", "ゲーム一覧"),
    ("away", "不在"),
    ("page", "ページ"),
    ("id", "対局番号"),
    ("game", "ゲーム"),
    ("user", "ユーザー"),
    ("public", "公開"),
    ("solitaire", "ひとり用"),
    ("players", "招待"),
    ("private", "非公開"),
    ("turn_timer", "持ち時間"),
    ("until", "いつまで"),
    ("reminder_hours", "リマインド時間"),
    ("timeout_hours", "タイムアウト時間"),
    ("on_timeout", "タイムアウト時"),
    ("board_style", "盤面の表示"),
    ("hints", "ヒント"),
    ("timer_min", "持ち時間の最短"),
    ("timer_max", "持ち時間の最長"),
    ("away_max_days", "不在の最長日数"),
    // Turn notices by direct message (issue 29 item 4).
    ("notify", "お知らせ"),
    ("dm", "dmで"),
    ("thread", "スレッド"),
    ("threads", "スレッド"),
    ("puzzle", "パズル"),
    ("next", "次の問題"),
];

fn japanese(name: &str) -> Option<(Cow<'static, str>, Cow<'static, str>)> {
    let (_, ja) = JAPANESE_NAMES.iter().find(|(en, _)| *en == name)?;
    Some((Cow::Borrowed(Locale::Ja.discord_tag()), Cow::Borrowed(*ja)))
}

/// Gives a command, its subcommands and their options their Japanese names.
fn name_in_japanese(command: &mut Command<Data, Error>) {
    if let Some(ja) = japanese(&command.name) {
        command.name_localizations = Cow::Owned(vec![ja]);
    }
    for parameter in &mut command.parameters {
        if let Some(ja) = japanese(&parameter.name) {
            parameter.name_localizations = Cow::Owned(vec![ja]);
        }
    }
    for sub in &mut command.subcommands {
        name_in_japanese(sub);
    }
}

/// `/saikoro`: the players' history, time off and notices.
fn saikoro_command() -> Command<Data, Error> {
    let (description, description_localizations) = described("saikoro-command");
    Command {
        name: Cow::Borrowed("saikoro"),
        qualified_name: Cow::Borrowed("saikoro"),
        identifying_name: Cow::Borrowed("saikoro"),
        description,
        description_localizations,
        subcommand_required: true,
        guild_only: true,
        slash_action: Some(|_| Box::pin(async { Ok(()) })),
        checks: vec![|ctx| Box::pin(within_limits(ctx))],
        subcommands: super::history::subcommands()
            .into_iter()
            .chain(std::iter::once(super::notify::subcommand()))
            .collect(),
        ..Default::default()
    }
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
            .filter(|s| **s != Sub::Daily || kind.id() == DAILY_GAME)
            .filter(|s| !matches!(s, Sub::Review | Sub::Puzzle) || kind.coached())
            .map(|s| subcommand(kind, *s))
            .collect(),
        subcommand_required: true,
        guild_only: true,
        // poise registers only commands with an action; Discord never invokes a parent itself.
        slash_action: Some(|_| Box::pin(async { Ok(()) })),
        checks: vec![|ctx| Box::pin(within_limits(ctx))],
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
        parameters.push(option(PLAYERS, "option-players", |o| {
            o.kind(CommandOptionType::String).max_length(400)
        }));
        parameters.push(flag(PRIVATE, "option-private"));
        parameters.push(option(TURN_TIMER, "option-turn-timer", |o| {
            o.kind(CommandOptionType::Integer)
                .min_int_value(1)
                .max_int_value(TURN_TIMER_MAX_MINUTES)
        }));
        parameters.push(flag(THREAD, "option-thread"));
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
    if sub == Sub::Puzzle {
        parameters.push(flag(NEXT, "option-puzzle-next"));
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

/// A game option as a slash-command option, named in every language from the game's catalogue.
/// A number's range is added at registration (`registration.rs`: poise's type setter cannot carry
/// per-option bounds) and checked again by the game's declaration when the command arrives.
fn game_option(kind: GameKind, spec: &OptionSpec) -> CommandParameter<Data, Error> {
    CommandParameter {
        name_localizations: localized_names(&spec.name_id(kind.id())),
        ..unnamed_game_option(kind, spec)
    }
}

fn unnamed_game_option(kind: GameKind, spec: &OptionSpec) -> CommandParameter<Data, Error> {
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
                let text = attachment_text(&ctx.data().downloads, file, max_bytes, tr).await?;
                serde_json::Value::from(text)
            }
            _ => serde_json::Value::Null,
        };
        options.insert(spec.key.to_owned(), value);
    }
    Ok(options.into())
}

/// An attached file's text, downloaded through the configured egress within the client's
/// timeout, and refused once it passes `max_bytes` whatever size Discord declared.
async fn attachment_text(
    client: &reqwest::Client,
    file: &serenity::Attachment,
    max_bytes: usize,
    tr: &Tr<'_>,
) -> Result<String, String> {
    let too_big = |size: usize| {
        tr.f(
            "settings-file-too-big",
            &[
                ("name", file.filename.clone().into()),
                ("size", size.into()),
                ("max", max_bytes.into()),
            ],
        )
    };
    let unreadable = |reason: String| {
        tr.f(
            "settings-file-unreadable",
            &[
                ("name", file.filename.clone().into()),
                ("reason", redact(&reason).into()),
            ],
        )
    };
    if file.size as usize > max_bytes {
        return Err(too_big(file.size as usize));
    }
    let fetch = |e: reqwest::Error| unreadable(e.to_string());
    let mut response = client
        .get(&file.url)
        .send()
        .await
        .and_then(reqwest::Response::error_for_status)
        .map_err(fetch)?;
    let mut bytes = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(fetch)? {
        bytes.extend_from_slice(&chunk);
        if bytes.len() > max_bytes {
            return Err(too_big(bytes.len()));
        }
    }
    String::from_utf8(bytes).map_err(|e| unreadable(e.to_string()))
}

async fn run(ctx: ApplicationContext<'_, Data, Error>) -> Result<(), Error> {
    // Starting, posting and waiting for a busy game can take a while: answer Discord at once.
    ctx.defer_response(true).await?;
    let (kind, sub) = *ctx
        .command()
        .custom_data
        .downcast_ref::<(GameKind, Sub)>()
        .ok_or("a game subcommand without its game")?;
    let user = command_user(&ctx);
    let (tables, records) = (&ctx.data().tables, &ctx.data().records);
    let channel = ChannelId(ctx.interaction.channel_id.get());
    let text = match sub {
        Sub::Start => start(&ctx, kind, &user).await.unwrap_or_else(|refusal| refusal),
        Sub::Replay => return replay(&ctx, kind, &user).await,
        Sub::Puzzle => return puzzle(&ctx, kind, &user).await,
        Sub::Rules => Tr::new(user.locale, &[]).t(&format!("{}-rules", kind.id())),
        Sub::Daily => return daily(&ctx, &user).await,
        Sub::Board => tables.repost(kind, channel, &user).await,
        Sub::Resign => tables.resign(kind, channel, &user).await,
        Sub::Abandon => tables.abandon(kind, channel, &user).await,
        Sub::Log => {
            let page = int_arg(&ctx, PAGE).and_then(|n| usize::try_from(n).ok());
            tables.log(kind, channel, &user, page).await
        }
        Sub::Review => {
            let id = GameId(int_arg(&ctx, GAME_ID).unwrap_or_default());
            records
                .review(guild(&ctx), kind, id, &user, &super::sight_of(&ctx))
                .await
        }
    };
    // Commands answer privately; boards are posted to the channel by the session.
    ctx.send(poise::CreateReply::default().content(text).ephemeral(true))
        .await?;
    Ok(())
}

fn guild(ctx: &ApplicationContext<'_, Data, Error>) -> Option<GuildId> {
    ctx.interaction.guild_id.map(|g| GuildId(g.get()))
}

/// Where a command was used, and the server's language.
fn place(ctx: &ApplicationContext<'_, Data, Error>) -> Place {
    Place {
        guild: guild(ctx),
        channel: ChannelId(ctx.interaction.channel_id.get()),
        locale: ctx
            .interaction
            .guild_locale
            .as_deref()
            .map_or(Locale::En, Locale::from_tag),
        threads: super::threads::room(ctx.interaction),
    }
}

/// `/<game> start`: opens a lobby with the options given; the refusal of options the game would
/// refuse as `Err`.
async fn start(
    ctx: &ApplicationContext<'_, Data, Error>,
    kind: GameKind,
    user: &User,
) -> Result<String, String> {
    let tr = Tr::new(user.locale, &[]);
    let options = start_options(ctx, kind, &tr).await?;
    let place = place(ctx);
    let given = ctx.args.iter().find_map(|o| match (o.name, &o.value) {
        (PLAYERS, ResolvedValue::String(text)) => Some(*text),
        _ => None,
    });
    let invited = invitees(given.unwrap_or_default())
        .map_err(|name| tr.f("lobby-bad-invitee", &[("name", name.into())]))?;
    let choices = LobbyChoices {
        solitaire: bool_arg(ctx, SOLITAIRE),
        turn_timer: int_arg(ctx, TURN_TIMER)
            .and_then(|m| u64::try_from(m).ok())
            .map(|m| m * 60),
        invited,
        private: bool_arg(ctx, PRIVATE),
        thread: opt_bool_arg(ctx, THREAD),
    };
    Ok(ctx
        .data()
        .tables
        .open_lobby_with(kind, place, user, options, &choices)
        .await)
}

/// The people (`<@id>` mentions) and bots (`bot:<level>`) of a `players:` option; the first word
/// that is neither as `Err`.
fn invitees(text: &str) -> Result<Vec<Invitee>, String> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|word| !word.is_empty())
        .map(|word| {
            let person = word
                .strip_prefix("<@")
                .and_then(|w| w.strip_suffix('>'))
                .map(|w| w.trim_start_matches('!'))
                .and_then(|id| id.parse::<u64>().ok())
                .filter(|id| *id > 0);
            let bot = word.to_lowercase().strip_prefix("bot:").and_then(Level::from_id);
            match (person, bot) {
                (Some(id), _) => Ok(Invitee::Person(UserId(id))),
                (_, Some(level)) => Ok(Invitee::Bot(level)),
                _ => Err(word.chars().take(40).collect()),
            }
        })
        .collect()
}

/// `/<game> replay id`: the finished game's last board with its step buttons, or why not.
async fn replay(ctx: &ApplicationContext<'_, Data, Error>, kind: GameKind, user: &User) -> Result<(), Error> {
    let id = GameId(int_arg(ctx, GAME_ID).unwrap_or_default());
    let reply = poise::CreateReply::default().ephemeral(true);
    let reply = match ctx
        .data()
        .records
        .replay(guild(ctx), Some(kind), id, None, user, &super::sight_of(ctx))
        .await
    {
        Ok(post) => reply
            .content(post.content.unwrap_or_default())
            .embed(super::convert::embed(&post.view))
            .components(super::convert::components(&post.view)),
        Err(refused) => reply.content(refused.words(user.locale)),
    };
    ctx.send(reply).await?;
    Ok(())
}

/// `/<game> puzzle`: the puzzle's board with its choices, or why there is none. Private: the
/// day's puzzle is everyone's, so an answer shown in the channel would spoil it, and only the
/// asker's presses count anyway (its buttons carry the asker, see `session::ids`).
async fn puzzle(ctx: &ApplicationContext<'_, Data, Error>, kind: GameKind, user: &User) -> Result<(), Error> {
    let next = bool_arg(ctx, NEXT);
    let reply = match ctx.data().tables.puzzle(kind, guild(ctx), user, next).await {
        Ok(post) => super::convert::reply(&post),
        Err(refused) => poise::CreateReply::default().content(refused.words(user.locale)),
    };
    ctx.send(reply.ephemeral(true)).await?;
    Ok(())
}

/// `/cantstop daily`: the player's board, privately (the day's rolls are theirs to see first),
/// or the words of a finished attempt or a refusal.
async fn daily(ctx: &ApplicationContext<'_, Data, Error>, user: &User) -> Result<(), Error> {
    let reply = match ctx.data().tables.daily(place(ctx), user).await {
        DailyAnswer::Board(post) => super::convert::reply(&post),
        DailyAnswer::Said(text) => poise::CreateReply::default().content(text),
    };
    ctx.send(reply.ephemeral(true)).await?;
    Ok(())
}

/// Every command's check before it runs, on the top commands (poise runs a check once per
/// command of the invoked path, and every path starts at one of them): over the rate limits,
/// the user is told privately when to try again and the command does nothing (`false`;
/// `on_error` then stays quiet).
async fn within_limits(ctx: poise::Context<'_, Data, Error>) -> Result<bool, Error> {
    let poise::Context::Application(app) = ctx else {
        return Ok(true);
    };
    let user = command_user(&app);
    let channel = ChannelId(app.interaction.channel_id.get());
    let Some(refusal) = ctx.data().tables.over_rate(&user, channel) else {
        return Ok(true);
    };
    ctx.send(poise::CreateReply::default().content(refusal).ephemeral(true))
        .await?;
    Ok(false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    /// An attachment of `declared` bytes whose URL serves `body` once, from this machine.
    async fn served(body: Vec<u8>, declared: usize) -> serenity::Attachment {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}/cards.txt", listener.local_addr().unwrap());
        tokio::spawn(async move {
            let (mut socket, _) = listener.accept().await.unwrap();
            let mut request = [0; 4096];
            let _ = socket.read(&mut request).await;
            let head = format!("HTTP/1.1 200 OK\r\ncontent-length: {}\r\n\r\n", body.len());
            socket.write_all(head.as_bytes()).await.unwrap();
            // The client may hang up once it has had enough.
            let _ = socket.write_all(&body).await;
        });
        let attachment = serde_json::json!({
            "id": "1", "filename": "cards.txt", "size": declared, "url": url, "proxy_url": url,
        });
        serde_json::from_value(attachment).unwrap()
    }

    #[test]
    fn japanese_names_keep_discords_naming_rule_and_differ_among_siblings() {
        for (en, ja) in JAPANESE_NAMES {
            assert!(saikoro_emulator::registration::valid_name(ja), "{en}: {ja}");
        }
        let commands = all();
        let names: Vec<_> = commands
            .iter()
            .flat_map(|c| c.name_localizations.iter())
            .collect();
        assert!(names.iter().any(|(_, n)| n == "さいころ"));
        let mut unique = names.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(
            unique.len(),
            names.len(),
            "top commands have distinct Japanese names"
        );
    }

    #[test]
    fn players_are_mentions_and_bot_levels() {
        assert_eq!(
            invitees("<@12> <@!34>, bot:strong  BOT:easy").unwrap(),
            vec![
                Invitee::Person(UserId(12)),
                Invitee::Person(UserId(34)),
                Invitee::Bot(Level::Strong),
                Invitee::Bot(Level::Easy),
            ]
        );
        assert_eq!(invitees("").unwrap(), vec![]);
        assert_eq!(invitees("<@12> bot:genius").unwrap_err(), "bot:genius");
        assert_eq!(invitees("@ann").unwrap_err(), "@ann");
    }

    #[tokio::test]
    async fn a_file_larger_than_discord_declared_is_refused_at_the_limit() {
        let tr = Tr::new(Locale::En, &[]);
        let client = reqwest::Client::new();
        let file = served(vec![b'x'; 200_000], 10).await;
        let err = attachment_text(&client, &file, 1000, &tr).await.unwrap_err();
        assert!(
            err.contains("`cards.txt` is too big") && err.contains("at most 1000"),
            "{err}"
        );
        let file = served(b"a card".to_vec(), 6).await;
        assert_eq!(
            attachment_text(&client, &file, 1000, &tr).await.unwrap(),
            "a card"
        );
    }
}
