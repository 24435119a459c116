//! What every request meets before its route: the authorization header, the URL, injected
//! faults and rate limits, then the body against Discord's limits and OpenAPI schema. Uploads are
//! taken out of multipart bodies and put beside the JSON for the handlers.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use axum::body::{Body, Bytes, to_bytes};
use axum::extract::{FromRequest, Multipart, Request, State as AxumState};
use axum::http::request::Parts;
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::{Shd, reject};
use crate::discord::error_code;
use crate::message::{Upload, Uploads};
use crate::model::{FaultKind, Shared, State};
use crate::validate;

/// Checks authentication and every JSON body against Discord's limits and the OpenAPI schema;
/// a body Discord would refuse is refused (400, "Invalid Form Body") and recorded.
pub(super) async fn check_request(AxumState(shared): Shd, request: Request, next: Next) -> Response {
    let (mut parts, body) = request.into_parts();
    let path = parts.uri.path().trim_start_matches("/api/v10").to_string();
    let route = format!("{} {path}", parts.method);
    if let Some(answer) = check_head(&shared, &parts, &path, &route) {
        return answer;
    }
    let (bytes, uploads) = match read_body(&shared, &parts, body, &path, &route).await {
        Ok(read) => read,
        Err(refused) => return refused,
    };
    let hangs = shared.with(|s| take_hang(s, parts.method.as_str(), &path));
    // Handlers read the JSON part as the body and the files beside it.
    parts.headers.remove(header::CONTENT_LENGTH);
    let mut request = Request::from_parts(parts, Body::from(bytes));
    request.extensions_mut().insert(Uploads(Arc::new(uploads)));
    let answer = next.run(request).await;
    if hangs {
        let mut stopped = shared.shutdown.subscribe();
        let _ = stopped.wait_for(|stop| *stop).await;
    }
    answer
}

/// Whether the test queued a [`FaultKind::Hang`] for this request (taking it).
fn take_hang(state: &mut State, method: &str, path: &str) -> bool {
    let hang = |f: &crate::model::Fault| {
        matches!(f.kind, FaultKind::Hang) && f.method == method && path.contains(&f.path)
    };
    let index = state.faults.iter().position(hang);
    index.map(|i| state.faults.remove(i)).is_some()
}

/// Records the request and checks what comes before its body: the authorization header and the
/// URL. Returns Discord's refusal, or the answer of a fault the test queued for it.
fn check_head(shared: &Shared, parts: &Parts, path: &str, route: &str) -> Option<Response> {
    let authorized = parts
        .headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok());
    let url_problems = validate::url_problems(parts.method.as_str(), path, parts.uri.query());
    shared.with(|s| {
        s.requests.push(route.to_string());
        if !authorized.is_some_and(|token| token.starts_with("Bot ")) && !path.starts_with("/gateway") {
            s.fail(format!("{route}: no \"Authorization: Bot …\" header"));
        }
        if !url_problems.is_empty() {
            return Some(reject(
                s,
                route,
                StatusCode::BAD_REQUEST,
                error_code::INVALID_FORM_BODY,
                &url_problems.join("; "),
            ));
        }
        fault(s, parts.method.as_str(), path)
    })
}

/// The body's JSON and the files uploaded with it, or Discord's refusal of the body.
async fn read_body(
    shared: &Shared,
    parts: &Parts,
    body: Body,
    path: &str,
    route: &str,
) -> Result<(Bytes, Vec<Upload>), Response> {
    let refuse = |status: StatusCode, code: u32, message: &str| {
        shared.with(|s| reject(s, route, status, code, message))
    };
    let Ok(bytes) = to_bytes(body, usize::MAX).await else {
        return Err(refuse(
            StatusCode::BAD_REQUEST,
            error_code::NONE,
            "unreadable body",
        ));
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
        Some(content_type) => split_multipart(content_type, bytes)
            .await
            .map_err(|(status, code, message)| refuse(status, code, &message))?,
        None => (bytes, Vec::new()),
    };
    if bytes.is_empty() {
        return Ok((bytes, uploads));
    }
    if multipart.is_none() && content_type.as_deref() != Some("application/json") {
        let message = format!("only JSON bodies are emulated, got {content_type:?}");
        return Err(refuse(
            StatusCode::BAD_REQUEST,
            error_code::INVALID_FORM_BODY,
            &message,
        ));
    }
    let Ok(json) = serde_json::from_slice::<Value>(&bytes) else {
        let code = error_code::INVALID_JSON;
        return Err(refuse(StatusCode::BAD_REQUEST, code, "body is not valid JSON"));
    };
    if shared.body_checks.load(Ordering::Relaxed) {
        let violations = body_violations(shared, parts.method.as_str(), path, route, &json);
        if !violations.is_empty() {
            return Err(invalid_form_body(shared, route, &violations));
        }
    }
    Ok((bytes, uploads))
}

/// Discord's "Invalid Form Body" answer naming every violation, each recorded as a failure.
fn invalid_form_body(shared: &Shared, route: &str, violations: &[validate::Violation]) -> Response {
    let errors: Vec<String> = violations
        .iter()
        .map(|v| format!("{}: {}", v.field, v.problem))
        .collect();
    shared.with(|s| {
        for error in &errors {
            s.fail(format!("{route}: {error}"));
        }
    });
    let body = json!({
        "message": "Invalid Form Body",
        "code": error_code::INVALID_FORM_BODY,
        "errors": errors,
    });
    (StatusCode::BAD_REQUEST, axum::Json(body)).into_response()
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
    } else if path.starts_with("/applications/") && path.ends_with("/commands") {
        crate::registration::violations(body)
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
    let invalid = |message: String| (StatusCode::BAD_REQUEST, error_code::INVALID_FORM_BODY, message);
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
            return Err((
                StatusCode::PAYLOAD_TOO_LARGE,
                error_code::REQUEST_ENTITY_TOO_LARGE,
                message,
            ));
        }
        // A picture must be what its name says, or the client shows a broken image.
        let content_type = part_type.unwrap_or_else(|| "application/octet-stream".into());
        let png_name = std::path::Path::new(&filename)
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("png"));
        if png_name && (content_type != "image/png" || !is_png(&data)) {
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
        .position(|f| !matches!(f.kind, FaultKind::Hang) && f.method == method && path.contains(&f.path))?;
    Some(match state.faults.remove(index).kind {
        FaultKind::RateLimited { retry_after, global } => {
            let scope = (!global).then(|| route.clone());
            state.rate_limits.push((scope, now + retry_after));
            rate_limited(retry_after, global)
        }
        FaultKind::Status(code) => {
            let status = StatusCode::from_u16(code).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
            let message = format!("{status}");
            (
                status,
                axum::Json(json!({"message": message, "code": error_code::NONE})),
            )
                .into_response()
        }
        FaultKind::Hang => unreachable!("hangs are taken apart, after the request is done"),
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
