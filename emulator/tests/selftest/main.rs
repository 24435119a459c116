//! Runs a small real poise bot against the emulator: it must connect, register its commands,
//! answer a slash command and a button, and the emulator must report what Discord would refuse.

mod registration;

use std::time::Duration;

use poise::serenity_prelude as serenity;
use saikoro_emulator::discord::{button_style, callback_type, component_type, error_code};
use saikoro_emulator::{ChannelId, Emulator, FaultKind, MessageId, Pings, validate};
use serde_json::json;
use tokio::task::JoinHandle;

const WAIT: Duration = Duration::from_secs(5);

struct Data;
type Error = Box<dyn std::error::Error + Send + Sync>;
type Context<'a> = poise::Context<'a, Data, Error>;

/// Dice commands
#[poise::command(slash_command, subcommands("roll", "later", "overflow", "ignore"))]
#[allow(clippy::unused_async)] // poise commands are async, even one that only groups others
async fn dice(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Rolls a die and offers a button to roll again
#[poise::command(slash_command)]
async fn roll(ctx: Context<'_>, #[description = "Sides of the die"] sides: Option<u32>) -> Result<(), Error> {
    let embed = serenity::CreateEmbed::new()
        .title("Dice")
        .description(format!("d{}", sides.unwrap_or(6)));
    let again = serenity::CreateButton::new("dice:again").label("Roll again");
    let reply = poise::CreateReply::default()
        .embed(embed)
        .components(vec![serenity::CreateActionRow::Buttons(vec![again])]);
    ctx.send(reply).await?;
    Ok(())
}

/// Thinks first, answers privately, edits that answer and posts to the channel
#[poise::command(slash_command)]
async fn later(ctx: Context<'_>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let reply = ctx.say("done").await?;
    reply
        .edit(ctx, poise::CreateReply::default().content("done, edited"))
        .await?;
    let mut announcement = ctx.channel_id().say(ctx, "announcement").await?;
    announcement
        .edit(ctx, serenity::EditMessage::new().content("announcement, edited"))
        .await?;
    Ok(())
}

/// Answers with an embed title longer than Discord allows
#[poise::command(slash_command)]
async fn overflow(ctx: Context<'_>) -> Result<(), Error> {
    let embed = serenity::CreateEmbed::new().title("x".repeat(300));
    ctx.send(poise::CreateReply::default().embed(embed)).await?;
    Ok(())
}

/// Never answers
#[poise::command(slash_command)]
#[allow(clippy::unused_async)] // poise commands are async, even one that answers nothing
async fn ignore(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Answers every button by updating the message it sits on.
async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    if let serenity::FullEvent::InteractionCreate {
        interaction: serenity::Interaction::Component(press),
    } = event
    {
        let embed = serenity::CreateEmbed::new()
            .title("Dice")
            .description(format!("rolled by {}", press.user.name));
        let update = serenity::CreateInteractionResponseMessage::new()
            .embed(embed)
            .components(Vec::new());
        press
            .create_response(
                framework.serenity_context,
                serenity::CreateInteractionResponse::UpdateMessage(update),
            )
            .await?;
    }
    Ok(())
}

struct Bot {
    shards: std::sync::Arc<serenity::ShardManager>,
    task: JoinHandle<()>,
}

impl Bot {
    async fn start(api_url: &str) -> Bot {
        let http = serenity::HttpBuilder::new("test-token")
            .proxy(api_url)
            .ratelimiter_disabled(true)
            .build();
        let framework = poise::Framework::builder()
            .options(poise::FrameworkOptions {
                commands: vec![dice()],
                event_handler: |framework, event| Box::pin(on_event(framework, event)),
                ..Default::default()
            })
            .setup(|ctx, _ready, framework| {
                Box::pin(async move {
                    poise::builtins::register_globally(ctx, &framework.options().commands).await?;
                    Ok(Data)
                })
            })
            .build();
        let mut client =
            serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::non_privileged())
                .framework(framework)
                .await
                .expect("building the client");
        let shards = client.shard_manager.clone();
        let task = tokio::spawn(async move {
            let _ = client.start().await;
        });
        Bot { shards, task }
    }

    async fn stop(self) {
        self.shards.shutdown_all().await;
        tokio::time::timeout(WAIT, self.task)
            .await
            .expect("the bot stops")
            .expect("the bot task ends");
    }
}

#[tokio::test]
async fn a_poise_bot_connects_answers_a_slash_command_and_a_button() {
    let discord = Emulator::start().await;
    let bot = Bot::start(&discord.api_url()).await;
    discord.wait_ready().await;
    assert_eq!(discord.command_names(), vec!["dice".to_string()]);
    let subcommands: Vec<_> = discord.registered_commands()[0]["options"]
        .as_array()
        .map(|o| o.iter().map(|s| s["name"].clone()).collect())
        .unwrap_or_default();
    assert_eq!(
        subcommands,
        vec![json!("roll"), json!("later"), json!("overflow"), json!("ignore")]
    );

    let ann = discord.user("Ann");
    let channel = discord.text_channel();
    let roll = discord.slash(ann, channel, "dice roll", &[("sides", json!(20))]);
    let answer = discord.wait_callback(roll, WAIT).await;
    assert_eq!(answer.kind, callback_type::CHANNEL_MESSAGE_WITH_SOURCE);
    assert_eq!(answer.data["embeds"][0]["description"], "d20");
    assert!(!answer.ephemeral());

    let board = discord.channel(channel);
    assert_eq!(board.len(), 1);
    assert_eq!(board[0].custom_ids(), vec!["dice:again".to_string()]);

    let press = discord.click(ann, board[0].message_id(), "dice:again");
    let update = discord.wait_callback(press, WAIT).await;
    assert_eq!(update.kind, callback_type::UPDATE_MESSAGE);
    let board = discord.channel(channel);
    assert_eq!(board.len(), 1);
    assert_eq!(board[0].text(), "Dice\nrolled by Ann");
    assert!(board[0].custom_ids().is_empty());
    assert!(board[0].edited);

    discord.assert_clean().await;
    bot.stop().await;
    discord.shutdown().await;
}

#[tokio::test]
async fn deferred_answers_follow_ups_and_channel_messages_are_tracked() {
    let discord = Emulator::start().await;
    let bot = Bot::start(&discord.api_url()).await;
    discord.wait_ready().await;
    let cat = discord.user("Cat");
    let channel = discord.text_channel();
    let later = discord.slash(cat, channel, "dice later", &[]);
    let answer = discord.wait_callback(later, WAIT).await;
    assert_eq!(answer.kind, callback_type::DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE);
    assert!(answer.ephemeral());
    let announced = |d: &Emulator| {
        let board = d.channel(channel);
        board.iter().any(|m| m.edited).then_some(board)
    };
    let board = discord.wait_for(WAIT, "the edited announcement", announced).await;
    let texts: Vec<String> = board.iter().map(saikoro_emulator::Message::text).collect();
    assert_eq!(texts, vec!["announcement, edited".to_string()]);
    let private: Vec<String> = discord
        .ephemerals_for(cat)
        .iter()
        .map(saikoro_emulator::Message::text)
        .collect();
    assert_eq!(private, vec!["done, edited".to_string()]);
    assert_eq!(
        discord.original(later).map(|m| m.text()),
        Some("done, edited".to_string())
    );
    assert!(
        discord
            .requests()
            .iter()
            .any(|r| r.starts_with("PATCH /webhooks/"))
    );
    discord.assert_clean().await;
    bot.stop().await;
    discord.shutdown().await;
}

#[tokio::test]
async fn the_bot_resumes_after_a_dropped_connection_and_misses_nothing() {
    let discord = Emulator::start().await;
    let bot = Bot::start(&discord.api_url()).await;
    discord.wait_ready().await;
    discord.drop_gateway_connection();
    let dan = discord.user("Dan");
    let roll = discord.slash(dan, discord.text_channel(), "dice roll", &[]);
    let answer = discord.wait_callback(roll, WAIT).await;
    assert_eq!(answer.data["embeds"][0]["description"], "d6");
    assert_eq!(discord.gateway_sessions(), (1, 1));
    discord.assert_clean().await;
    bot.stop().await;
    discord.shutdown().await;
}

#[tokio::test]
async fn a_body_over_a_limit_is_reported_with_its_field() {
    let discord = Emulator::start().await;
    let bot = Bot::start(&discord.api_url()).await;
    discord.wait_ready().await;
    let ben = discord.user("Ben");
    discord.slash(ben, discord.thread(), "dice overflow", &[]);
    let failures = discord
        .wait_for(WAIT, "the refused answer", |d| {
            Some(d.failures()).filter(|f| !f.is_empty())
        })
        .await;
    assert!(
        failures
            .iter()
            .any(|f| f.starts_with("POST /interactions/") && f.contains("/data/embeds/0/title")),
        "{failures:?}"
    );
    assert!(discord.channel(discord.thread()).is_empty());
    bot.stop().await;
    discord.shutdown().await;
}

#[tokio::test]
async fn an_interaction_left_unanswered_is_a_problem() {
    let discord = Emulator::start().await;
    let bot = Bot::start(&discord.api_url()).await;
    discord.wait_ready().await;
    let eve = discord.user("Eve");
    let ignored = discord.slash(eve, discord.text_channel(), "dice ignore", &[]);
    let problems = discord.problems().await;
    assert_eq!(
        problems,
        vec!["\"dice ignore\" by Eve was not answered within 3 s".to_string()]
    );
    assert_eq!(discord.callback(ignored), None);
    bot.stop().await;
    discord.shutdown().await;
}

#[tokio::test]
async fn an_unknown_route_is_a_failure_naming_method_and_path() {
    let discord = Emulator::start().await;
    let http = raw_client(&discord);
    let pins = http
        .get_pins(serenity::ChannelId::new(discord.text_channel().get()))
        .await;
    assert!(pins.is_err());
    let expected = format!("unknown route GET /channels/{}/pins", discord.text_channel());
    assert!(
        discord.failures().iter().any(|f| f.starts_with(&expected)),
        "{:?}",
        discord.failures()
    );
    discord.shutdown().await;
}

#[tokio::test]
async fn guild_commands_are_registered_and_listed() {
    let discord = Emulator::start().await;
    let (http, guild) = registering_client(&discord).await;
    let command = serenity::CreateCommand::new("cantstop").description("Can't Stop");
    let created = http
        .create_guild_commands(guild, &[command])
        .await
        .expect("registration");
    let listed = http.get_guild_commands(guild).await.expect("listing");
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].id, created[0].id);
    assert_eq!(listed[0].guild_id, Some(guild));
    assert_eq!(discord.command_names(), vec!["cantstop".to_string()]);
    discord.assert_clean().await;
    discord.shutdown().await;
}

#[test]
fn schema_violations_inside_unions_name_the_field() {
    let long_label = "y".repeat(81);
    let body = json!({
        "type": callback_type::CHANNEL_MESSAGE_WITH_SOURCE,
        "data": {"components": [{"type": component_type::ACTION_ROW, "components": [
            {"type": component_type::BUTTON, "style": button_style::PRIMARY, "custom_id": "ok", "label": long_label}
        ]}]}
    });
    let violations = validate::against_spec("POST", "/interactions/1/token/callback", &body).expect("schema");
    let fields: Vec<&str> = violations.iter().map(|v| v.field.as_str()).collect();
    assert_eq!(fields, vec!["/data/components/0/components/0/label"]);

    let fine = json!({"type": callback_type::UPDATE_MESSAGE, "data": {"content": "hello", "components": []}});
    assert_eq!(
        validate::against_spec("POST", "/interactions/1/token/callback", &fine),
        Ok(Vec::new())
    );
}

#[test]
fn every_emulated_route_with_a_body_has_a_schema_in_the_spec() {
    let routes = [
        ("PUT", "/applications/1/commands"),
        ("POST", "/applications/1/commands"),
        ("PUT", "/applications/1/guilds/2/commands"),
        ("POST", "/interactions/1/token/callback"),
        ("POST", "/webhooks/1/token"),
        ("PATCH", "/webhooks/1/token/messages/@original"),
        ("PATCH", "/webhooks/1/token/messages/3"),
        ("POST", "/channels/1/messages"),
        ("PATCH", "/channels/1/messages/2"),
        ("POST", "/users/@me/channels"),
    ];
    for (method, path) in routes {
        assert!(
            validate::against_spec(method, path, &json!({})).is_ok(),
            "{method} {path}"
        );
    }
    assert!(validate::against_spec("GET", "/channels/1/messages/2", &json!({})).is_err());
    assert!(validate::against_spec("POST", "/no/such/route", &json!({})).is_err());
}

/// A client sending raw bodies to the emulator, the way a buggy bot could.
fn raw_client(discord: &Emulator) -> serenity::Http {
    serenity::HttpBuilder::new("test-token")
        .proxy(discord.api_url())
        .ratelimiter_disabled(true)
        .build()
}

/// A client registering commands as the emulator's application, and the guild it registers in.
async fn registering_client(discord: &Emulator) -> (serenity::Http, serenity::GuildId) {
    let http = raw_client(discord);
    let application = http.get_current_application_info().await.expect("application");
    http.set_application_id(application.id);
    (http, serenity::GuildId::new(discord.guild_id()))
}

/// The Discord error code of a failed request.
fn discord_code(result: Result<impl std::fmt::Debug, serenity::Error>) -> isize {
    match result {
        Err(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(e))) => e.error.code,
        other => panic!("expected Discord to refuse, got {other:?}"),
    }
}

#[tokio::test]
async fn pings_are_what_content_and_allowed_mentions_make_them() {
    let discord = Emulator::start().await;
    let http = raw_client(&discord);
    let channel = serenity::ChannelId::new(discord.text_channel().get());
    let (ann, ben) = (discord.user("ann"), discord.user("ben"));
    let role = discord.guild_id();
    let content = format!("<@{ann}> <@!{ben}> <@&{role}> @everyone \\<@{ben}>");
    let post = async |allowed: serde_json::Value| {
        let mut body = json!({"content": content});
        if !allowed.is_null() {
            body["allowed_mentions"] = allowed;
        }
        let sent = http
            .send_message(channel, Vec::new(), &body)
            .await
            .expect("posted");
        discord.pings(MessageId(sent.id.get()))
    };
    // No allowed_mentions: everything in the content pings; the escaped mention does not.
    let all = post(serde_json::Value::Null).await;
    assert_eq!(all.users, vec![ann.get(), ben.get()]);
    assert_eq!(all.roles, vec![role]);
    assert!(all.everyone);
    // Only the users listed.
    let listed = post(json!({"parse": [], "users": [ben.to_string()]})).await;
    assert_eq!(
        listed,
        Pings {
            users: vec![ben.get()],
            ..Default::default()
        }
    );
    // Nothing at all.
    assert_eq!(post(json!({"parse": []})).await, Pings::default());
    // A zero-width space after @ keeps @everyone plain text.
    let body = json!({"content": "@\u{200B}everyone"});
    let sent = http.send_message(channel, Vec::new(), &body).await.unwrap();
    assert_eq!(discord.pings(MessageId(sent.id.get())), Pings::default());
    discord.assert_clean().await;
    discord.shutdown().await;
}

#[tokio::test]
async fn bodies_discord_refuses_are_refused_unknown_fields_cross_field_rules_and_empty_messages() {
    let discord = Emulator::start().await;
    let http = raw_client(&discord);
    let channel = serenity::ChannelId::new(discord.text_channel().get());
    let refused = [
        json!({"content": "hi", "colour": 3}),
        json!({"content": "hi", "embeds": [{"title": "t", "colour": 3}]}),
        json!({"content": "hi", "allowed_mentions": {"parse": ["users"], "users": ["1"]}}),
        json!({"content": "hi", "components": [{"type": component_type::ACTION_ROW, "components": [
            {"type": component_type::BUTTON, "style": button_style::LINK, "label": "site", "url": "https://example.com", "custom_id": "x"}
        ]}]}),
        json!({"content": "hi", "components": [{"type": component_type::ACTION_ROW, "components": [
            {"type": component_type::BUTTON, "style": button_style::PRIMARY, "label": "go", "custom_id": "x", "url": "https://example.com"}
        ]}]}),
        json!({"content": ""}),
    ];
    for body in &refused {
        let sent = http.send_message(channel, Vec::new(), body).await;
        assert!(sent.is_err(), "accepted {body}");
        assert!(!discord.take_failures().is_empty(), "not recorded: {body}");
    }
    let fine =
        json!({"content": "hi", "allowed_mentions": {"parse": [], "users": []}, "embeds": [{"title": "t"}]});
    http.send_message(channel, Vec::new(), &fine)
        .await
        .expect("a correct body");
    discord.assert_clean().await;
    discord.shutdown().await;
}

#[test]
fn urls_with_bad_ids_or_unknown_query_parameters_are_refused() {
    assert!(validate::url_problems("POST", "/channels/1/messages", None).is_empty());
    assert!(validate::url_problems("POST", "/webhooks/1/tok", Some("wait=true")).is_empty());
    assert_eq!(
        validate::url_problems("POST", "/channels/abc/messages", None),
        vec!["channel_id \"abc\" is not a snowflake".to_string()]
    );
    assert_eq!(
        validate::url_problems("POST", "/channels/1/messages", Some("wiat=true")).len(),
        1
    );
    assert_eq!(
        validate::url_problems("PATCH", "/channels/01/messages/2", None).len(),
        1
    );
}

#[tokio::test]
async fn late_answers_get_10062_and_tokens_expire_after_15_minutes_of_emulator_time() {
    let discord = Emulator::start().await;
    let bot = Bot::start(&discord.api_url()).await;
    discord.wait_ready().await;
    let http = raw_client(&discord);
    http.set_application_id(serenity::ApplicationId::new(discord.bot_id().get()));
    let eve = discord.user("Eve");
    let answer = json!({"type": callback_type::DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE});
    // Answered 4 s after it was sent, by the emulator's clock: dropped.
    let late = discord.slash(eve, discord.text_channel(), "dice ignore", &[]);
    discord.advance_clock(Duration::from_secs(4));
    let id = serenity::InteractionId::new(late.get());
    let sent = http
        .create_interaction_response(id, &discord.token(late), &answer, Vec::new())
        .await;
    assert_eq!(discord_code(sent), error_code::UNKNOWN_INTERACTION as isize);
    assert_eq!(discord.callback(late), None);
    assert!(discord.take_failures()[0].contains(&error_code::UNKNOWN_INTERACTION.to_string()));
    // Answered in time, then followed up 16 minutes later: the token has expired.
    let slow = discord.slash(eve, discord.text_channel(), "dice ignore", &[]);
    let id = serenity::InteractionId::new(slow.get());
    http.create_interaction_response(id, &discord.token(slow), &answer, Vec::new())
        .await
        .expect("an answer in time");
    discord.advance_clock(Duration::from_secs(16 * 60));
    let follow_up = json!({"content": "done"});
    let sent = http
        .create_followup_message(&discord.token(slow), &follow_up, Vec::new())
        .await;
    assert_eq!(discord_code(sent), error_code::INVALID_WEBHOOK_TOKEN as isize);
    assert_eq!(discord.take_failures().len(), 1);
    discord.assert_clean().await;
    bot.stop().await;
    discord.shutdown().await;
}

#[tokio::test]
async fn injected_rate_limits_hold_until_retry_after_and_server_errors_pass() {
    let discord = Emulator::start().await;
    let http = raw_client(&discord);
    let channel = serenity::ChannelId::new(discord.text_channel().get());
    let path = format!("/channels/{}/messages", discord.text_channel());
    let retry_after = Duration::from_secs(2);
    discord.inject(
        "POST",
        &path,
        FaultKind::RateLimited {
            retry_after,
            global: false,
        },
    );
    discord.inject("POST", &path, FaultKind::Status(502));
    let body = json!({"content": "hi"});
    let status = |r: Result<serenity::Message, serenity::Error>| match r {
        Err(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(e))) => e.status_code.as_u16(),
        other => panic!("{other:?}"),
    };
    assert_eq!(status(http.send_message(channel, Vec::new(), &body).await), 429);
    // Too early: still limited, and recorded as the bot's mistake.
    assert_eq!(status(http.send_message(channel, Vec::new(), &body).await), 429);
    assert_eq!(discord.take_failures().len(), 1);
    discord.advance_clock(retry_after);
    assert_eq!(status(http.send_message(channel, Vec::new(), &body).await), 502);
    http.send_message(channel, Vec::new(), &body)
        .await
        .expect("then it works");
    discord.assert_clean().await;
    discord.shutdown().await;
}

/// A registration Discord would refuse beyond its schema (here an uppercase name, an optional
/// option before a required one, a too-long localization) is answered 400 Invalid Form Body,
/// names the rule, and registers nothing.
#[tokio::test]
async fn a_registration_breaking_discords_rules_is_refused() {
    let discord = Emulator::start().await;
    let (http, guild) = registering_client(&discord).await;
    let option = |name: &str, required: bool| {
        serenity::CreateCommandOption::new(serenity::CommandOptionType::String, name, "an option")
            .required(required)
    };
    let bad = [
        (
            "not a lowercase name",
            serenity::CreateCommand::new("CantStop").description("Can't Stop"),
        ),
        (
            "after an optional option",
            serenity::CreateCommand::new("away")
                .description("Time off")
                .add_option(option("note", false))
                .add_option(option("until", true)),
        ),
        (
            "characters in all",
            serenity::CreateCommand::new("games")
                .description("Your games")
                .description_localized("ja", "長".repeat(99))
                .add_option(option("x", false).description_localized("ja", "長".repeat(4000))),
        ),
    ];
    for (rule, command) in bad {
        let refused = http.create_guild_commands(guild, &[command]).await;
        assert!(refused.is_err(), "{rule}");
        let failures = discord.take_failures();
        assert!(failures.iter().any(|f| f.contains(rule)), "{rule}: {failures:?}");
    }
    assert!(discord.command_names().is_empty(), "nothing registered");
    discord.assert_clean().await;
    discord.shutdown().await;
}

#[tokio::test]
async fn a_user_has_one_dm_channel_and_closed_dms_refuse_with_50007() {
    let discord = Emulator::start().await;
    let http = raw_client(&discord);
    let ann = discord.user("ann");
    let open = async |id: u64| {
        http.create_private_channel(&json!({"recipient_id": id.to_string()}))
            .await
    };
    let dm = open(ann.get()).await.expect("opened");
    assert_eq!(
        open(ann.get()).await.expect("again").id,
        dm.id,
        "the same channel"
    );
    assert_eq!(discord.dm_channel(ann), Some(ChannelId(dm.id.get())));
    let body = json!({"content": "your turn"});
    http.send_message(dm.id, Vec::new(), &body).await.expect("sent");
    let texts = |d: &Emulator| {
        d.direct_messages(ann)
            .iter()
            .map(|m| m.content.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(texts(&discord), ["your turn"]);
    // Neither someone unknown nor a bot: a bug of the bot's, recorded.
    for id in [12_345, discord.bot_id().get()] {
        let code = discord_code(open(id).await);
        assert_eq!(code, error_code::INVALID_RECIPIENTS as isize);
        assert!(!discord.take_failures().is_empty(), "recorded");
    }
    discord.close_dms(ann);
    let refused = http.send_message(dm.id, Vec::new(), &body).await;
    let code = discord_code(refused);
    assert_eq!(code, error_code::CANNOT_SEND_MESSAGES_TO_THIS_USER as isize);
    assert_eq!(texts(&discord), ["your turn"], "nothing delivered");
    // The user's choice, not the bot's mistake: no failure recorded.
    discord.assert_clean().await;
    discord.shutdown().await;
}

#[test]
fn an_identify_beyond_max_concurrency_is_refused_within_its_bucket_and_window() {
    use saikoro_emulator::identify::IdentifyLimit;
    use std::time::Instant;
    let start = Instant::now();
    let mut limit = IdentifyLimit::new(2, Duration::from_secs(5));
    // Shards 0 and 1 are buckets 0 and 1: together is fine.
    assert!(limit.admit(0, start).is_ok());
    assert!(limit.admit(1, start).is_ok());
    // Shard 2 is bucket 0 again: refused within the window, naming the rule.
    let refused = limit.admit(2, start + Duration::from_millis(4_999)).unwrap_err();
    assert!(
        refused.contains("bucket 0") && refused.contains("shard 0"),
        "{refused}"
    );
    assert!(limit.admit(2, start + Duration::from_secs(5)).is_ok());
    assert_eq!(limit.log.iter().map(|&(s, _)| s).collect::<Vec<_>>(), [0, 1, 2]);
}
