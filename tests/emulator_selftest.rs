//! Runs a small real poise bot against the emulator: it must connect, register its commands,
//! answer a slash command and a button, and the emulator must report what Discord would refuse.

mod emulator;

use std::time::Duration;

use emulator::{Emulator, validate};
use poise::serenity_prelude as serenity;
use serde_json::json;
use tokio::task::JoinHandle;

const WAIT: Duration = Duration::from_secs(5);

struct Data;
type Error = Box<dyn std::error::Error + Send + Sync>;
type Context<'a> = poise::Context<'a, Data, Error>;

/// Dice commands
#[poise::command(slash_command, subcommands("roll", "later", "overflow", "ignore"))]
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
    assert_eq!(answer.kind, 4);
    assert_eq!(answer.data["embeds"][0]["description"], "d20");
    assert!(!answer.ephemeral());

    let board = discord.channel(channel);
    assert_eq!(board.len(), 1);
    assert_eq!(board[0].custom_ids(), vec!["dice:again".to_string()]);

    let press = discord.click(ann, board[0].message_id(), "dice:again");
    let update = discord.wait_callback(press, WAIT).await;
    assert_eq!(update.kind, 7);
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
    assert_eq!(answer.kind, 5);
    assert!(answer.ephemeral());
    let announced = |d: &Emulator| {
        let board = d.channel(channel);
        board.iter().any(|m| m.edited).then_some(board)
    };
    let board = discord.wait_for(WAIT, "the edited announcement", announced).await;
    let texts: Vec<String> = board.iter().map(|m| m.text()).collect();
    assert_eq!(texts, vec!["announcement, edited".to_string()]);
    let private: Vec<String> = discord.ephemerals_for(cat).iter().map(|m| m.text()).collect();
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
    let http = serenity::HttpBuilder::new("test-token")
        .proxy(discord.api_url())
        .ratelimiter_disabled(true)
        .build();
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
    let http = serenity::HttpBuilder::new("test-token")
        .proxy(discord.api_url())
        .ratelimiter_disabled(true)
        .build();
    let application = http.get_current_application_info().await.expect("application");
    http.set_application_id(application.id);
    let guild = serenity::GuildId::new(discord.guild_id());
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
        "type": 4,
        "data": {"components": [{"type": 1, "components": [
            {"type": 2, "style": 1, "custom_id": "ok", "label": long_label}
        ]}]}
    });
    let violations = validate::against_spec("POST", "/interactions/1/token/callback", &body).expect("schema");
    let fields: Vec<&str> = violations.iter().map(|v| v.field.as_str()).collect();
    assert_eq!(fields, vec!["/data/components/0/components/0/label"]);

    let fine = json!({"type": 7, "data": {"content": "hello", "components": []}});
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
