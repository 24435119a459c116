//! Discord's REST API under `/api/v10` as far as serenity and poise use it. serenity's
//! `HttpBuilder::proxy(url)` replaces the `https://discord.com` prefix of every request URL, so the
//! routes keep their `/api/v10` prefix.
//!
//! Every answer Discord would refuse (4xx) is also recorded as a failure: it is a bug in the bot.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::{Body, Bytes, to_bytes};
use axum::extract::{Path, Request, State as AxumState};
use axum::http::{Method, StatusCode, Uri, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use serde_json::{Value, json};

use super::model::{Callback, MESSAGE_FLAG_EPHEMERAL, MESSAGE_FLAG_LOADING, Message, Shared, State};
use super::validate;

/// Discord drops an interaction that is not answered within this time.
pub const ANSWER_WITHIN: Duration = Duration::from_secs(3);

type Shd = AxumState<Arc<Shared>>;

pub fn router(shared: Arc<Shared>) -> Router {
    let api = Router::new()
        .route("/gateway", get(gateway))
        .route("/gateway/bot", get(gateway))
        .route("/users/@me", get(current_user))
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
        .route("/channels/{channel}", get(channel))
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

async fn unknown(AxumState(shared): Shd, method: Method, uri: Uri) -> Response {
    let route = route(&method, &uri);
    shared.with(|s| {
        reject(
            s,
            &format!("unknown route {route}"),
            StatusCode::NOT_FOUND,
            0,
            "404: Not Found",
        )
    })
}

/// Checks authentication and every JSON body against Discord's limits and the OpenAPI schema;
/// a body Discord would refuse is refused (400, "Invalid Form Body") and recorded.
async fn check_request(AxumState(shared): Shd, request: Request, next: Next) -> Response {
    let (parts, body) = request.into_parts();
    let path = parts.uri.path().trim_start_matches("/api/v10").to_string();
    let route = format!("{} {path}", parts.method);
    let authorized = parts
        .headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok());
    shared.with(|s| {
        s.requests.push(route.clone());
        if !authorized.is_some_and(|token| token.starts_with("Bot ")) && !path.starts_with("/gateway") {
            s.fail(format!("{route}: no \"Authorization: Bot …\" header"));
        }
    });
    let Ok(bytes) = to_bytes(body, usize::MAX).await else {
        return shared.with(|s| reject(s, &route, StatusCode::BAD_REQUEST, 0, "unreadable body"));
    };
    if !bytes.is_empty() {
        let content_type = parts
            .headers
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok());
        if content_type != Some("application/json") {
            let message = format!("only JSON bodies are emulated, got {content_type:?}");
            return shared.with(|s| reject(s, &route, StatusCode::BAD_REQUEST, 50035, &message));
        }
        let Ok(body) = serde_json::from_slice::<Value>(&bytes) else {
            return shared.with(|s| {
                reject(
                    s,
                    &route,
                    StatusCode::BAD_REQUEST,
                    50109,
                    "body is not valid JSON",
                )
            });
        };
        let mut violations = if path.ends_with("/callback") {
            validate::callback_limits(&body)
        } else if path.starts_with("/webhooks/") || path.contains("/messages") {
            validate::message_limits(&body, "")
        } else {
            Vec::new()
        };
        match validate::against_spec(parts.method.as_str(), &path, &body) {
            // A field over a limit is named once, with the limit check's plainer message.
            Ok(schema) => {
                let fresh: Vec<_> = schema
                    .into_iter()
                    .filter(|v| violations.iter().all(|l| l.field != v.field))
                    .collect();
                violations.extend(fresh);
            }
            Err(problem) => shared.with(|s| s.fail(format!("{route}: {problem}"))),
        }
        if !violations.is_empty() {
            let errors: Vec<String> = violations
                .iter()
                .map(|v| format!("{}: {}", v.field, v.problem))
                .collect();
            return shared.with(|s| {
                for error in &errors {
                    s.fail(format!("{route}: {error}"));
                }
                (
                    StatusCode::BAD_REQUEST,
                    axum::Json(json!({"message": "Invalid Form Body", "code": 50035, "errors": errors})),
                )
                    .into_response()
            });
        }
    }
    next.run(Request::from_parts(parts, Body::from(bytes))).await
}

async fn gateway(AxumState(shared): Shd) -> Response {
    let url = shared.read(|s| s.gateway_url.clone());
    ok(json!({
        "url": url,
        "shards": 1,
        "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
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
                10013,
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
        Some(guild) if guild.parse().ok() == Some(state.guild_id) => Ok(Some(state.guild_id)),
        Some(_) => Err("Unknown Guild"),
    }
}

/// A registered command as Discord echoes it: the request plus id, version and defaults.
fn registered(state: &mut State, scope: Option<u64>, request: &Value) -> Value {
    let mut command = request.clone();
    let existing = state.commands.get(&scope).and_then(|list| {
        list.iter()
            .find(|c| c["name"] == request["name"] && c["type"] == request["type"].as_u64().unwrap_or(1))
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
        ("type", json!(1)),
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
            Err(e) => return reject(s, &route(&method, &uri), StatusCode::NOT_FOUND, 10002, e),
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
            Err(e) => return reject(s, &route(&method, &uri), StatusCode::NOT_FOUND, 10002, e),
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
        Err(e) => reject(s, &route(&method, &uri), StatusCode::NOT_FOUND, 10002, e),
    })
}

async fn callback(
    AxumState(shared): Shd,
    Path((interaction, token)): Path<(String, String)>,
    method: Method,
    uri: Uri,
    body: Bytes,
) -> Response {
    let route = route(&method, &uri);
    let body = json_body(&body);
    shared.with(|s| {
        let found = interaction
            .parse()
            .ok()
            .and_then(|id| s.interactions.get(&id))
            .filter(|i| i.token == token);
        let Some(interaction) = found.cloned() else {
            return reject(s, &route, StatusCode::NOT_FOUND, 10062, "Unknown interaction");
        };
        if interaction.callback.is_some() {
            return reject(
                s,
                &route,
                StatusCode::BAD_REQUEST,
                40060,
                "Interaction has already been acknowledged.",
            );
        }
        let latency = interaction.dispatched.elapsed();
        if latency > ANSWER_WITHIN {
            s.fail(format!(
                "{route}: \"{}\" answered after {latency:?}",
                interaction.label
            ));
        }
        let kind = body["type"].as_u64().unwrap_or(0) as u8;
        let data = body["data"].clone();
        let original = match (kind, interaction.kind) {
            (4 | 5, _) => {
                let loading = if kind == 5 { MESSAGE_FLAG_LOADING } else { 0 };
                let id = s.snowflake();
                let message = Message {
                    id,
                    channel_id: interaction.channel_id,
                    content: data["content"].as_str().unwrap_or_default().to_string(),
                    embeds: data["embeds"].as_array().cloned().unwrap_or_default(),
                    components: data["components"].as_array().cloned().unwrap_or_default(),
                    flags: data["flags"].as_u64().unwrap_or(0) & MESSAGE_FLAG_EPHEMERAL | loading,
                    interaction: Some(interaction.id),
                    interaction_user: Some(interaction.user_id),
                    edited: false,
                    deleted: false,
                };
                s.messages.insert(id, message);
                Some(id)
            }
            (6, 3) => interaction.message_id,
            (7, 3) => {
                let id = interaction.message_id;
                if let Some(message) = id.and_then(|id| s.messages.get_mut(&id)) {
                    message.edit(&data);
                }
                id
            }
            (9, 2 | 3) => None,
            _ => {
                let message = format!(
                    "callback type {kind} is not valid for interaction type {}",
                    interaction.kind
                );
                return reject(s, &route, StatusCode::BAD_REQUEST, 50035, &message);
            }
        };
        if let Some(stored) = s.interactions.get_mut(&interaction.id) {
            stored.callback = Some(Callback { kind, data, latency });
            stored.original = original;
        }
        s.touch(interaction.channel_id);
        StatusCode::NO_CONTENT.into_response()
    })
}

/// The interaction a webhook token belongs to, if the application id is ours.
fn webhook_interaction(state: &State, app: &str, token: &str) -> Option<u64> {
    (app.parse().ok() == Some(state.application_id))
        .then(|| state.interaction_by_token(token))
        .flatten()
}

async fn follow_up(
    AxumState(shared): Shd,
    Path((app, token)): Path<(String, String)>,
    method: Method,
    uri: Uri,
    body: Bytes,
) -> Response {
    let route = route(&method, &uri);
    let body = json_body(&body);
    shared.with(|s| {
        let Some(interaction) = webhook_interaction(s, &app, &token).map(|id| s.interactions[&id].clone())
        else {
            return reject(s, &route, StatusCode::NOT_FOUND, 10015, "Unknown Webhook");
        };
        let Some(callback) = &interaction.callback else {
            let message = "follow-up before the interaction was answered";
            return reject(s, &route, StatusCode::NOT_FOUND, 10015, message);
        };
        // After a deferred reply (type 5), Discord turns the first follow-up into that reply.
        let deferred = interaction.original.filter(|id| {
            callback.kind == 5
                && s.messages
                    .get(id)
                    .is_some_and(|m| m.flags & MESSAGE_FLAG_LOADING != 0)
        });
        let id = match deferred {
            Some(id) => id,
            None => {
                let id = s.snowflake();
                let flags = body["flags"].as_u64().unwrap_or(0) & MESSAGE_FLAG_EPHEMERAL;
                s.messages.insert(
                    id,
                    Message {
                        id,
                        channel_id: interaction.channel_id,
                        content: String::new(),
                        embeds: Vec::new(),
                        components: Vec::new(),
                        flags,
                        interaction: Some(interaction.id),
                        interaction_user: Some(interaction.user_id),
                        edited: false,
                        deleted: false,
                    },
                );
                id
            }
        };
        let message = s.messages.get_mut(&id).map(|m| {
            m.apply(&body);
            m.clone()
        });
        s.touch(interaction.channel_id);
        message.map_or_else(
            || StatusCode::NOT_FOUND.into_response(),
            |m| ok(s.message_json(&m)),
        )
    })
}

/// GET, PATCH or DELETE of an interaction's original response (`@original`) or a follow-up.
async fn webhook_message(
    AxumState(shared): Shd,
    Path((app, token, message)): Path<(String, String, String)>,
    method: Method,
    uri: Uri,
    body: Bytes,
) -> Response {
    let route = route(&method, &uri);
    shared.with(|s| {
        let Some(interaction) = webhook_interaction(s, &app, &token) else {
            return reject(s, &route, StatusCode::NOT_FOUND, 10015, "Unknown Webhook");
        };
        let id = if message == "@original" {
            s.interactions[&interaction].original
        } else {
            message.parse().ok().filter(|id| {
                s.messages.get(id).is_some_and(|m| {
                    m.interaction == Some(interaction) || s.interactions[&interaction].original == Some(*id)
                })
            })
        };
        let Some(id) = id.filter(|id| s.messages.get(id).is_some_and(|m| !m.deleted)) else {
            return reject(s, &route, StatusCode::NOT_FOUND, 10008, "Unknown Message");
        };
        message_action(s, id, &method, &json_body(&body))
    })
}

fn message_action(state: &mut State, id: u64, method: &Method, body: &Value) -> Response {
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
                10003,
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
    body: Bytes,
) -> Response {
    let route = route(&method, &uri);
    let body = json_body(&body);
    shared.with(|s| {
        let Some(channel_id) = channel.parse().ok().filter(|id| s.channels.contains_key(id)) else {
            return reject(s, &route, StatusCode::NOT_FOUND, 10003, "Unknown Channel");
        };
        let empty = |key: &str| body[key].as_array().is_none_or(Vec::is_empty);
        if body["content"].as_str().is_none_or(str::is_empty) && empty("embeds") && empty("components") {
            return reject(
                s,
                &route,
                StatusCode::BAD_REQUEST,
                50006,
                "Cannot send an empty message",
            );
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
        };
        message.apply(&body);
        s.messages.insert(id, message.clone());
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
            Some(id) => message_action(s, id, &method, &json_body(&body)),
            None => reject(s, &route, StatusCode::NOT_FOUND, 10008, "Unknown Message"),
        }
    })
}

/// The rejection for a guild id that is not the test guild's.
fn foreign_guild(state: &mut State, guild: &str, route: &str) -> Option<Response> {
    (guild.parse().ok() != Some(state.guild_id))
        .then(|| reject(state, route, StatusCode::NOT_FOUND, 10004, "Unknown Guild"))
}

async fn guild(AxumState(shared): Shd, Path(guild): Path<String>, method: Method, uri: Uri) -> Response {
    shared.with(|s| foreign_guild(s, &guild, &route(&method, &uri)).unwrap_or_else(|| ok(s.guild_json())))
}

async fn guild_channels(
    AxumState(shared): Shd,
    Path(guild): Path<String>,
    method: Method,
    uri: Uri,
) -> Response {
    shared.with(|s| {
        foreign_guild(s, &guild, &route(&method, &uri)).unwrap_or_else(|| {
            let channels = s.channels.values().filter(|c| c.parent_id.is_none());
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
            None => reject(s, &route, StatusCode::NOT_FOUND, 10013, "Unknown Member"),
        }
    })
}
