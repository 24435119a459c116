//! Discord's REST API under `/api/v10` as far as serenity and poise use it. serenity's
//! `HttpBuilder::proxy(url)` replaces the `https://discord.com` prefix of every request URL, so the
//! routes keep their `/api/v10` prefix.
//!
//! Every answer Discord would refuse (4xx) is also recorded as a failure: it is a bug in the bot.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use axum::Router;
use axum::body::{Body, Bytes, to_bytes};
use axum::extract::{Path, Request, State as AxumState};
use axum::http::{Method, StatusCode, Uri, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use serde_json::{Value, json};

use axum::Extension;
use axum::extract::{FromRequest, Multipart};

use super::model::{Callback, FaultKind, MESSAGE_FLAG_LOADING, Message, Shared, State, Upload, Uploads};
use super::validate;

/// Discord drops an interaction that is not answered within this time.
pub const ANSWER_WITHIN: Duration = Duration::from_secs(3);
/// An interaction's token (follow-ups, edits of the answer) works this long.
pub const TOKEN_LIFETIME: Duration = Duration::from_secs(15 * 60);

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
    let url_problems = validate::url_problems(parts.method.as_str(), &path, parts.uri.query());
    let injected = shared.with(|s| {
        s.requests.push(route.clone());
        if !authorized.is_some_and(|token| token.starts_with("Bot ")) && !path.starts_with("/gateway") {
            s.fail(format!("{route}: no \"Authorization: Bot …\" header"));
        }
        if !url_problems.is_empty() {
            return Some(reject(
                s,
                &route,
                StatusCode::BAD_REQUEST,
                50035,
                &url_problems.join("; "),
            ));
        }
        fault(s, parts.method.as_str(), &path)
    });
    if let Some(response) = injected {
        return response;
    }
    let Ok(bytes) = to_bytes(body, usize::MAX).await else {
        return shared.with(|s| reject(s, &route, StatusCode::BAD_REQUEST, 0, "unreadable body"));
    };
    let content_type = parts
        .headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let multipart = content_type
        .as_deref()
        .filter(|c| c.starts_with("multipart/form-data"));
    let (bytes, uploads) = match multipart {
        Some(content_type) => match split_multipart(content_type, bytes).await {
            Ok(split) => split,
            Err((status, code, message)) => {
                return shared.with(|s| reject(s, &route, status, code, &message));
            }
        },
        None => (bytes, Vec::new()),
    };
    if !bytes.is_empty() {
        if multipart.is_none() && content_type.as_deref() != Some("application/json") {
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
        let violations = if shared.body_checks.load(Ordering::Relaxed) {
            body_violations(&shared, parts.method.as_str(), &path, &route, &body)
        } else {
            Vec::new()
        };
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
    // Handlers read the JSON part as the body and the files beside it.
    let mut parts = parts;
    parts.headers.remove(header::CONTENT_LENGTH);
    let mut request = Request::from_parts(parts, Body::from(bytes));
    request.extensions_mut().insert(Uploads(Arc::new(uploads)));
    next.run(request).await
}

/// What Discord would refuse in a JSON body: its limits, then the OpenAPI schema (a field over a
/// limit is named once, with the limit check's plainer message). A schema the emulator cannot
/// apply is the emulator's own failure, recorded as such.
fn body_violations(
    shared: &Shared,
    method: &str,
    path: &str,
    route: &str,
    body: &Value,
) -> Vec<validate::Violation> {
    let mut violations = if path.ends_with("/callback") {
        let mut found = validate::callback_limits(body);
        found.extend(validate::cross_field(&body["data"], "/data"));
        found
    } else if path.starts_with("/webhooks/") || path.contains("/messages") {
        let mut found = validate::message_limits(body, "");
        found.extend(validate::cross_field(body, ""));
        found
    } else {
        Vec::new()
    };
    // Message bodies (what the bot sends while playing); command registration is checked by the
    // schema alone, as serenity sends every option field whatever the option's type.
    let message = path.ends_with("/callback") || path.starts_with("/webhooks/") || path.contains("/messages");
    if message && let Ok(unknown) = validate::unknown_fields(method, path, body) {
        violations.extend(unknown);
    }
    let checked = validate::with_string_attachment_ids(body);
    match validate::against_spec(method, path, &checked) {
        Ok(schema) => {
            let fresh: Vec<_> = schema
                .into_iter()
                .filter(|v| violations.iter().all(|l| l.field != v.field))
                .collect();
            violations.extend(fresh);
        }
        Err(problem) => shared.with(|s| s.fail(format!("{route}: {problem}"))),
    }
    violations
}

/// Discord's upload limit per file on a server without boosts.
const MAX_UPLOAD_BYTES: usize = 10 * 1024 * 1024;
const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

/// A multipart body as Discord takes uploads: the JSON in `payload_json`, each file in a
/// `files[n]` part with a file name. Returns the JSON and the files; `Err` is Discord's refusal.
async fn split_multipart(
    content_type: &str,
    bytes: Bytes,
) -> Result<(Bytes, Vec<Upload>), (StatusCode, u32, String)> {
    let invalid = |message: String| (StatusCode::BAD_REQUEST, 50035, message);
    let request = Request::builder()
        .header(header::CONTENT_TYPE, content_type)
        .body(Body::from(bytes))
        .map_err(|e| invalid(e.to_string()))?;
    let mut form = Multipart::from_request(request, &())
        .await
        .map_err(|e| invalid(format!("multipart body: {e}")))?;
    let (mut json, mut uploads) = (None, Vec::new());
    while let Some(field) = form
        .next_field()
        .await
        .map_err(|e| invalid(format!("multipart body: {e}")))?
    {
        let name = field.name().unwrap_or_default().to_string();
        let filename = field.file_name().map(str::to_string);
        let part_type = field.content_type().map(str::to_string);
        let data = field.bytes().await.map_err(|e| invalid(format!("{name}: {e}")))?;
        if name == "payload_json" {
            json = Some(data);
            continue;
        }
        let index = name
            .strip_prefix("files[")
            .and_then(|rest| rest.strip_suffix(']'))
            .and_then(|n| n.parse().ok())
            .ok_or_else(|| invalid(format!("unexpected form part `{name}`")))?;
        let filename = filename.ok_or_else(|| invalid(format!("{name}: no file name")))?;
        if data.is_empty() {
            return Err(invalid(format!("{name}: empty file")));
        }
        if data.len() > MAX_UPLOAD_BYTES {
            let message = format!(
                "{name}: {} bytes, over the {MAX_UPLOAD_BYTES}-byte limit",
                data.len()
            );
            return Err((StatusCode::PAYLOAD_TOO_LARGE, 40005, message));
        }
        // A picture must be what its name says, or the client shows a broken image.
        let content_type = part_type.unwrap_or_else(|| "application/octet-stream".into());
        if filename.ends_with(".png") && (content_type != "image/png" || !is_png(&data)) {
            return Err(invalid(format!(
                "{name}: `{filename}` ({content_type}) is not a PNG"
            )));
        }
        uploads.push(Upload {
            index,
            filename,
            content_type,
            data: data.to_vec(),
        });
    }
    let json = json.ok_or_else(|| invalid("multipart body without payload_json".into()))?;
    Ok((json, uploads))
}

/// A PNG signature followed by its header chunk with a non-zero size.
fn is_png(data: &[u8]) -> bool {
    let size = |at: usize| {
        data.get(at..at + 4)
            .map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    };
    data.starts_with(PNG_SIGNATURE)
        && data.get(12..16) == Some(b"IHDR")
        && size(16).is_some_and(|w| w > 0)
        && size(20).is_some_and(|h| h > 0)
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
            50035,
            &problem,
        ))),
    }
}

/// A rate limit still in force for this request (a retry that came too early: recorded, as the
/// bot should have waited), else the next fault the test queued for it.
fn fault(state: &mut State, method: &str, path: &str) -> Option<Response> {
    let route = format!("{method} {path}");
    let now = state.now();
    state.rate_limits.retain(|(_, until)| *until > now);
    // Interaction answers are not bound by the global limit (Discord documents this).
    let interaction = path.starts_with("/interactions/") || path.starts_with("/webhooks/");
    if let Some((scope, until)) = state
        .rate_limits
        .iter()
        .find(|(scope, _)| scope.as_ref().map_or(!interaction, |r| *r == route))
        .cloned()
    {
        let early = until - now;
        state.fail(format!(
            "{route}: sent {early:?} before the rate limit's retry_after was up"
        ));
        return Some(rate_limited(early, scope.is_none()));
    }
    let index = state
        .faults
        .iter()
        .position(|f| f.method == method && path.contains(&f.path))?;
    Some(match state.faults.remove(index).kind {
        FaultKind::RateLimited { retry_after, global } => {
            let scope = (!global).then(|| route.clone());
            state.rate_limits.push((scope, now + retry_after));
            rate_limited(retry_after, global)
        }
        FaultKind::Status(code) => {
            let status = StatusCode::from_u16(code).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
            let message = format!("{status}");
            (status, axum::Json(json!({"message": message, "code": 0}))).into_response()
        }
    })
}

/// Discord's 429: `retry_after` in seconds in the body and the headers, with the limit's scope.
fn rate_limited(retry_after: Duration, global: bool) -> Response {
    let seconds = retry_after.as_secs_f64();
    let mut response = (
        StatusCode::TOO_MANY_REQUESTS,
        axum::Json(
            json!({"message": "You are being rate limited.", "retry_after": seconds, "global": global}),
        ),
    )
        .into_response();
    let headers = response.headers_mut();
    let whole = retry_after.as_secs_f64().ceil().to_string();
    headers.insert(header::RETRY_AFTER, whole.parse().expect("a number"));
    headers.insert(
        "x-ratelimit-reset-after",
        seconds.to_string().parse().expect("a number"),
    );
    headers.insert(
        "x-ratelimit-scope",
        if global { "global" } else { "user" }.parse().expect("ascii"),
    );
    if global {
        headers.insert("x-ratelimit-global", "true".parse().expect("ascii"));
    }
    response
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
    Extension(uploads): Extension<Uploads>,
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
        let latency = s.now() - interaction.dispatched;
        if latency > ANSWER_WITHIN {
            // Discord has dropped it: the answer is refused and the user saw "interaction failed".
            let message = format!(
                "Unknown interaction (\"{}\" answered after {latency:?})",
                interaction.label
            );
            if let Some(stored) = s.interactions.get_mut(&interaction.id) {
                stored.dropped = true;
            }
            return reject(s, &route, StatusCode::NOT_FOUND, 10062, &message);
        }
        let kind = body["type"].as_u64().unwrap_or(0) as u8;
        let data = body["data"].clone();
        if kind == 4 && validate::empty_message(&data) {
            return reject(
                s,
                &route,
                StatusCode::BAD_REQUEST,
                50006,
                "Cannot send an empty message",
            );
        }
        let original = match (kind, interaction.kind) {
            (4 | 5, _) => {
                let loading = if kind == 5 { MESSAGE_FLAG_LOADING } else { 0 };
                let mut message = s.reply_message(&interaction, &data, loading);
                message.content = data["content"].as_str().unwrap_or_default().to_string();
                message.embeds = data["embeds"].as_array().cloned().unwrap_or_default();
                message.components = data["components"].as_array().cloned().unwrap_or_default();
                let id = message.id;
                s.post(message);
                if let Err(refused) = attach(s, id, &data, &uploads, &route) {
                    s.unpost(id);
                    return *refused;
                }
                Some(id)
            }
            (6, 3) => interaction.message_id,
            (7, 3) => {
                let id = interaction.message_id;
                if let Some(id) = id
                    && let Err(refused) = attach(s, id, &data, &uploads, &route)
                {
                    return *refused;
                }
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

/// The interaction a webhook token belongs to, if the application id is ours; `Err` with
/// Discord's answer if there is none or its token has expired.
fn webhook_interaction(state: &mut State, app: &str, token: &str, route: &str) -> Result<u64, Box<Response>> {
    let found = (app.parse().ok() == Some(state.application_id))
        .then(|| state.interaction_by_token(token))
        .flatten();
    let Some(id) = found else {
        let unknown = reject(state, route, StatusCode::NOT_FOUND, 10015, "Unknown Webhook");
        return Err(Box::new(unknown));
    };
    let age = state.now() - state.interactions[&id].dispatched;
    if age > TOKEN_LIFETIME {
        let message = format!("Invalid Webhook Token (the interaction is {age:?} old)");
        return Err(Box::new(reject(
            state,
            route,
            StatusCode::UNAUTHORIZED,
            50027,
            &message,
        )));
    }
    Ok(id)
}

async fn follow_up(
    AxumState(shared): Shd,
    Path((app, token)): Path<(String, String)>,
    method: Method,
    uri: Uri,
    Extension(uploads): Extension<Uploads>,
    body: Bytes,
) -> Response {
    let route = route(&method, &uri);
    let body = json_body(&body);
    shared.with(|s| {
        let interaction = match webhook_interaction(s, &app, &token, &route) {
            Ok(id) => s.interactions[&id].clone(),
            Err(response) => return *response,
        };
        if validate::empty_message(&body) {
            return reject(
                s,
                &route,
                StatusCode::BAD_REQUEST,
                50006,
                "Cannot send an empty message",
            );
        }
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
            Some(id) => {
                let ephemeral = s.messages.get(&id).is_some_and(Message::ephemeral);
                let pings = s.pings(&body, ephemeral);
                if let Some(message) = s.messages.get_mut(&id) {
                    message.pings = pings;
                    message.allowed_mentions = body["allowed_mentions"].clone();
                }
                id
            }
            None => {
                let message = s.reply_message(&interaction, &body, 0);
                let id = message.id;
                s.post(message);
                id
            }
        };
        if let Err(refused) = attach(s, id, &body, &uploads, &route) {
            return *refused;
        }
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
    Extension(uploads): Extension<Uploads>,
    body: Bytes,
) -> Response {
    let route = route(&method, &uri);
    shared.with(|s| {
        let interaction = match webhook_interaction(s, &app, &token, &route) {
            Ok(id) => id,
            Err(response) => return *response,
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
        message_action(s, id, &method, &json_body(&body), &uploads, &route)
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
    Extension(uploads): Extension<Uploads>,
    body: Bytes,
) -> Response {
    let route = route(&method, &uri);
    let body = json_body(&body);
    shared.with(|s| {
        let Some(channel_id) = channel.parse().ok().filter(|id| s.channels.contains_key(id)) else {
            return reject(s, &route, StatusCode::NOT_FOUND, 10003, "Unknown Channel");
        };
        if validate::empty_message(&body) {
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
            pings: s.pings(&body, false),
            allowed_mentions: body["allowed_mentions"].clone(),
            attachments: Vec::new(),
        };
        if let Err(problem) = message.attach(&body, &uploads.0, || s.snowflake()) {
            return reject(s, &route, StatusCode::BAD_REQUEST, 50035, &problem);
        }
        message.apply(&body);
        s.post(message.clone());
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
            None => reject(s, &route, StatusCode::NOT_FOUND, 10008, "Unknown Message"),
        }
    })
}

/// The rejection for a guild id that is not the test guild's.
fn foreign_guild(state: &mut State, guild: &str, route: &str) -> Option<Response> {
    (!guild.parse().is_ok_and(|g| state.guilds.contains(&g)))
        .then(|| reject(state, route, StatusCode::NOT_FOUND, 10004, "Unknown Guild"))
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
            None => reject(s, &route, StatusCode::NOT_FOUND, 10013, "Unknown Member"),
        }
    })
}
