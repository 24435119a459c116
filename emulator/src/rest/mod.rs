//! Discord's REST API under `/api/v10` as far as serenity and poise use it. serenity's
//! `HttpBuilder::proxy(url)` replaces the `https://discord.com` prefix of every request URL, so the
//! routes keep their `/api/v10` prefix.
//!
//! Every answer Discord would refuse (4xx) is also recorded as a failure: it is a bug in the bot.

mod check;
mod dm;
mod interaction;
mod threads;

use std::sync::Arc;

use axum::Extension;
use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State as AxumState};
use axum::http::{Method, StatusCode, Uri};
use axum::middleware;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use serde_json::{Value, json};

use crate::discord::{command_type, error_code};
use crate::message::{Message, Uploads};
use crate::model::{Shared, State};
use crate::validate;
use check::check_request;
pub use interaction::ANSWER_WITHIN;
use interaction::{callback, follow_up, webhook_message};
pub(crate) use threads::{delete as delete_thread, set_archived};

type Shd = AxumState<Arc<Shared>>;

pub fn router(shared: Arc<Shared>) -> Router {
    let api = Router::new()
        .route("/gateway", get(gateway))
        .route("/gateway/bot", get(gateway))
        .route("/users/@me", get(current_user))
        .route("/users/@me/channels", post(dm::open))
        .route("/users/{user}", get(user))
        .route("/applications/@me", get(application))
        .route("/oauth2/applications/@me", get(application))
        .route(
            "/applications/{app}/commands",
            put(put_commands).get(get_commands).post(post_command),
        )
        .route(
            "/applications/{app}/guilds/{guild}/commands",
            put(put_commands).get(get_commands).post(post_command),
        )
        .route("/interactions/{interaction}/{token}/callback", post(callback))
        .route("/webhooks/{app}/{token}", post(follow_up))
        .route(
            "/webhooks/{app}/{token}/messages/{message}",
            get(webhook_message)
                .patch(webhook_message)
                .delete(webhook_message),
        )
        .route("/channels/{channel}", get(channel).patch(threads::edit_channel))
        .route(
            "/channels/{channel}/messages/{message}/threads",
            post(threads::start_from_message),
        )
        .route("/channels/{channel}/messages", post(create_message))
        .route(
            "/channels/{channel}/messages/{message}",
            get(channel_message)
                .patch(channel_message)
                .delete(channel_message),
        )
        .route("/guilds/{guild}", get(guild))
        .route("/guilds/{guild}/channels", get(guild_channels))
        .route("/guilds/{guild}/members/{user}", get(member))
        .fallback(unknown)
        .method_not_allowed_fallback(unknown)
        .layer(middleware::from_fn_with_state(shared.clone(), check_request));
    Router::new()
        .nest("/api/v10", api)
        .route("/gateway", get(super::gateway::upgrade))
        .fallback(unknown)
        .with_state(shared)
}

fn route(method: &Method, uri: &Uri) -> String {
    format!("{method} {}", uri.path())
}

fn json_body(bytes: &Bytes) -> Value {
    serde_json::from_slice(bytes).unwrap_or(Value::Null)
}

fn ok(value: Value) -> Response {
    axum::Json(value).into_response()
}

/// Discord's error answer; recorded as a failure because the bot should never provoke one.
fn reject(state: &mut State, route: &str, status: StatusCode, code: u32, message: &str) -> Response {
    state.fail(format!("{route}: {message} ({status}, Discord error {code})"));
    (status, axum::Json(json!({"message": message, "code": code}))).into_response()
}

/// Discord's refusal of a message with nothing in it (see [`validate::empty_message`]).
fn reject_empty(state: &mut State, route: &str) -> Response {
    let code = error_code::CANNOT_SEND_AN_EMPTY_MESSAGE;
    reject(
        state,
        route,
        StatusCode::BAD_REQUEST,
        code,
        "Cannot send an empty message",
    )
}

async fn unknown(AxumState(shared): Shd, method: Method, uri: Uri) -> Response {
    let route = route(&method, &uri);
    shared.with(|s| {
        reject(
            s,
            &format!("unknown route {route}"),
            StatusCode::NOT_FOUND,
            error_code::NONE,
            "404: Not Found",
        )
    })
}

/// Applies a body's attachments to message `id` (see [`Message::attach`]); the refusal Discord
/// would answer if they do not add up.
fn attach(s: &mut State, id: u64, body: &Value, uploads: &Uploads, route: &str) -> Result<(), Box<Response>> {
    let Some(mut message) = s.messages.get(&id).cloned() else {
        return Ok(());
    };
    match message.attach(body, &uploads.0, || s.snowflake()) {
        Ok(()) => {
            s.messages.insert(id, message);
            Ok(())
        }
        Err(problem) => Err(Box::new(reject(
            s,
            route,
            StatusCode::BAD_REQUEST,
            error_code::INVALID_FORM_BODY,
            &problem,
        ))),
    }
}

async fn gateway(AxumState(shared): Shd) -> Response {
    let (url, shards, max_concurrency) =
        shared.read(|s| (s.gateway_url.clone(), s.shard_total, s.identify.max_concurrency));
    ok(json!({
        "url": url,
        "shards": shards,
        "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": max_concurrency},
    }))
}

async fn current_user(AxumState(shared): Shd) -> Response {
    ok(shared.read(|s| {
        let mut user = s.user_json(s.bot_id);
        user["verified"] = json!(true);
        user["mfa_enabled"] = json!(false);
        user
    }))
}

async fn user(AxumState(shared): Shd, Path(user): Path<String>, method: Method, uri: Uri) -> Response {
    shared.with(
        |s| match user.parse().ok().filter(|id| s.users.contains_key(id)) {
            Some(id) => ok(s.user_json(id)),
            None => reject(
                s,
                &route(&method, &uri),
                StatusCode::NOT_FOUND,
                error_code::UNKNOWN_MEMBER,
                "Unknown User",
            ),
        },
    )
}

async fn application(AxumState(shared): Shd) -> Response {
    ok(shared.read(State::application_json))
}

/// The `{guild}` of a guild-command route, `None` for global commands; `Err` if not ours.
fn command_scope(state: &State, params: &[String]) -> Result<Option<u64>, &'static str> {
    if params.first().and_then(|app| app.parse().ok()) != Some(state.application_id) {
        return Err("Unknown Application");
    }
    match params.get(1) {
        None => Ok(None),
        Some(guild) => match guild.parse().ok().filter(|g| state.guilds.contains(g)) {
            Some(guild) => Ok(Some(guild)),
            None => Err("Unknown Guild"),
        },
    }
}

/// A registered command as Discord echoes it: the request plus id, version and defaults.
fn registered(state: &mut State, scope: Option<u64>, request: &Value) -> Value {
    let mut command = request.clone();
    let existing = state.commands.get(&scope).and_then(|list| {
        list.iter().find(|c| {
            let kind = request["type"]
                .as_u64()
                .unwrap_or(command_type::CHAT_INPUT.into());
            c["name"] == request["name"] && c["type"] == kind
        })
    });
    let id = match existing.and_then(|c| c["id"].as_str()) {
        Some(id) => id.to_string(),
        None => state.snowflake().to_string(),
    };
    command["id"] = json!(id);
    command["application_id"] = json!(state.application_id.to_string());
    command["version"] = json!(state.snowflake().to_string());
    command["guild_id"] = scope.map_or(Value::Null, |g| json!(g.to_string()));
    for (key, default) in [
        ("type", json!(command_type::CHAT_INPUT)),
        ("description", json!("")),
        ("options", json!([])),
    ] {
        if command[key].is_null() {
            command[key] = default;
        }
    }
    if let Some(permissions) = command["default_member_permissions"].as_u64() {
        command["default_member_permissions"] = json!(permissions.to_string());
    }
    command["nsfw"] = json!(command["nsfw"].as_bool().unwrap_or(false));
    command
}

async fn put_commands(
    AxumState(shared): Shd,
    Path(params): Path<Vec<String>>,
    method: Method,
    uri: Uri,
    body: Bytes,
) -> Response {
    shared.with(|s| {
        let scope = match command_scope(s, &params) {
            Ok(scope) => scope,
            Err(e) => {
                return reject(
                    s,
                    &route(&method, &uri),
                    StatusCode::NOT_FOUND,
                    error_code::UNKNOWN_APPLICATION,
                    e,
                );
            }
        };
        let requests = json_body(&body).as_array().cloned().unwrap_or_default();
        let commands: Vec<Value> = requests.iter().map(|c| registered(s, scope, c)).collect();
        s.commands.insert(scope, commands.clone());
        ok(json!(commands))
    })
}

async fn post_command(
    AxumState(shared): Shd,
    Path(params): Path<Vec<String>>,
    method: Method,
    uri: Uri,
    body: Bytes,
) -> Response {
    shared.with(|s| {
        let scope = match command_scope(s, &params) {
            Ok(scope) => scope,
            Err(e) => {
                return reject(
                    s,
                    &route(&method, &uri),
                    StatusCode::NOT_FOUND,
                    error_code::UNKNOWN_APPLICATION,
                    e,
                );
            }
        };
        let command = registered(s, scope, &json_body(&body));
        let list = s.commands.entry(scope).or_default();
        list.retain(|c| c["id"] != command["id"]);
        list.push(command.clone());
        (StatusCode::CREATED, axum::Json(command)).into_response()
    })
}

async fn get_commands(
    AxumState(shared): Shd,
    Path(params): Path<Vec<String>>,
    method: Method,
    uri: Uri,
) -> Response {
    shared.with(|s| match command_scope(s, &params) {
        Ok(scope) => ok(json!(s.commands.get(&scope).cloned().unwrap_or_default())),
        Err(e) => reject(
            s,
            &route(&method, &uri),
            StatusCode::NOT_FOUND,
            error_code::UNKNOWN_APPLICATION,
            e,
        ),
    })
}

fn message_action(
    state: &mut State,
    id: u64,
    method: &Method,
    body: &Value,
    uploads: &Uploads,
    route: &str,
) -> Response {
    let in_channel = state.messages.get(&id).map(|m| m.channel_id);
    if *method == Method::PATCH
        && let Some(refused) = in_channel.and_then(|c| threads::archived_refusal(state, c, route))
    {
        return refused;
    }
    if *method == Method::PATCH
        && let Err(refused) = attach(state, id, body, uploads, route)
    {
        return *refused;
    }
    let Some(message) = state.messages.get_mut(&id) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let channel = message.channel_id;
    if *method == Method::DELETE {
        message.deleted = true;
        state.touch(channel);
        return StatusCode::NO_CONTENT.into_response();
    }
    if *method == Method::PATCH {
        message.edit(body);
    }
    let message = message.clone();
    state.touch(channel);
    ok(state.message_json(&message))
}

async fn channel(AxumState(shared): Shd, Path(channel): Path<String>, method: Method, uri: Uri) -> Response {
    shared.with(
        |s| match channel.parse().ok().filter(|id| s.channels.contains_key(id)) {
            Some(id) => ok(s.channel_json(id)),
            None => reject(
                s,
                &route(&method, &uri),
                StatusCode::NOT_FOUND,
                error_code::UNKNOWN_CHANNEL,
                "Unknown Channel",
            ),
        },
    )
}

async fn create_message(
    AxumState(shared): Shd,
    Path(channel): Path<String>,
    method: Method,
    uri: Uri,
    Extension(uploads): Extension<Uploads>,
    body: Bytes,
) -> Response {
    let route = route(&method, &uri);
    let body = json_body(&body);
    shared.with(|s| {
        let Some(channel_id) = channel.parse().ok().filter(|id| s.channels.contains_key(id)) else {
            return reject(
                s,
                &route,
                StatusCode::NOT_FOUND,
                error_code::UNKNOWN_CHANNEL,
                "Unknown Channel",
            );
        };
        if validate::empty_message(&body) {
            return reject_empty(s, &route);
        }
        if let Some(refused) = dm::refused(s, channel_id) {
            return refused;
        }
        let id = s.snowflake();
        let mut message = Message {
            id,
            channel_id,
            content: String::new(),
            embeds: Vec::new(),
            components: Vec::new(),
            flags: 0,
            interaction: None,
            interaction_user: None,
            edited: false,
            deleted: false,
            pings: s.pings(&body, false),
            allowed_mentions: body["allowed_mentions"].clone(),
            attachments: Vec::new(),
        };
        if let Err(problem) = message.attach(&body, &uploads.0, || s.snowflake()) {
            return reject(
                s,
                &route,
                StatusCode::BAD_REQUEST,
                error_code::INVALID_FORM_BODY,
                &problem,
            );
        }
        message.apply(&body);
        s.post(message.clone());
        threads::posted_in(s, channel_id);
        s.touch(channel_id);
        ok(s.message_json(&message))
    })
}

/// GET, PATCH or DELETE of a message in a channel; ephemeral messages are not reachable this way.
async fn channel_message(
    AxumState(shared): Shd,
    Path((channel, message)): Path<(String, String)>,
    method: Method,
    uri: Uri,
    Extension(uploads): Extension<Uploads>,
    body: Bytes,
) -> Response {
    let route = route(&method, &uri);
    shared.with(|s| {
        let found = message.parse().ok().filter(|id| {
            s.messages
                .get(id)
                .is_some_and(|m| channel.parse().ok() == Some(m.channel_id) && !m.deleted && !m.ephemeral())
        });
        match found {
            Some(id) => message_action(s, id, &method, &json_body(&body), &uploads, &route),
            None => reject(
                s,
                &route,
                StatusCode::NOT_FOUND,
                error_code::UNKNOWN_MESSAGE,
                "Unknown Message",
            ),
        }
    })
}

/// The rejection for a guild id that is not the test guild's.
fn foreign_guild(state: &mut State, guild: &str, route: &str) -> Option<Response> {
    (!guild.parse().is_ok_and(|g| state.guilds.contains(&g))).then(|| {
        reject(
            state,
            route,
            StatusCode::NOT_FOUND,
            error_code::UNKNOWN_GUILD,
            "Unknown Guild",
        )
    })
}

async fn guild(AxumState(shared): Shd, Path(guild): Path<String>, method: Method, uri: Uri) -> Response {
    shared.with(|s| {
        foreign_guild(s, &guild, &route(&method, &uri))
            .unwrap_or_else(|| ok(s.guild_json(guild.parse().unwrap_or_default())))
    })
}

async fn guild_channels(
    AxumState(shared): Shd,
    Path(guild): Path<String>,
    method: Method,
    uri: Uri,
) -> Response {
    shared.with(|s| {
        foreign_guild(s, &guild, &route(&method, &uri)).unwrap_or_else(|| {
            let id: u64 = guild.parse().unwrap_or_default();
            let channels = s
                .channels
                .values()
                .filter(|c| c.parent_id.is_none() && c.guild_id == id);
            ok(json!(channels.map(|c| s.channel_json(c.id)).collect::<Vec<_>>()))
        })
    })
}

async fn member(
    AxumState(shared): Shd,
    Path((guild, user)): Path<(String, String)>,
    method: Method,
    uri: Uri,
) -> Response {
    let route = route(&method, &uri);
    shared.with(|s| {
        if let Some(response) = foreign_guild(s, &guild, &route) {
            return response;
        }
        match user.parse().ok().filter(|id| s.users.contains_key(id)) {
            Some(id) => ok(s.member_json(id)),
            None => reject(
                s,
                &route,
                StatusCode::NOT_FOUND,
                error_code::UNKNOWN_MEMBER,
                "Unknown Member",
            ),
        }
    })
}
