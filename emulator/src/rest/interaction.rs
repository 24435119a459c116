//! Answers to interactions: the callback within 3 s, then follow-ups and edits through the
//! interaction's webhook token for 15 minutes, both on the emulator's clock.

use std::time::Duration;

use axum::Extension;
use axum::body::Bytes;
use axum::extract::{Path, State as AxumState};
use axum::http::{Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde_json::Value;

use super::{Shd, attach, json_body, message_action, ok, reject, reject_empty, route};
use crate::discord::{callback_type, error_code, interaction_type, message_flags};
use crate::message::{Callback, Message, Uploads};
use crate::model::{Interaction, State};
use crate::validate;

/// Discord drops an interaction that is not answered within this time.
pub const ANSWER_WITHIN: Duration = Duration::from_secs(3);
/// An interaction's token (follow-ups, edits of the answer) works this long.
pub const TOKEN_LIFETIME: Duration = Duration::from_secs(15 * 60);

pub(super) async fn callback(
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
            return reject(
                s,
                &route,
                StatusCode::NOT_FOUND,
                error_code::UNKNOWN_INTERACTION,
                "Unknown interaction",
            );
        };
        if interaction.callback.is_some() {
            return reject(
                s,
                &route,
                StatusCode::BAD_REQUEST,
                error_code::INTERACTION_ALREADY_ACKNOWLEDGED,
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
            return reject(
                s,
                &route,
                StatusCode::NOT_FOUND,
                error_code::UNKNOWN_INTERACTION,
                &message,
            );
        }
        let kind = body["type"].as_u64().unwrap_or(0) as u8;
        let data = body["data"].clone();
        if kind == callback_type::CHANNEL_MESSAGE_WITH_SOURCE && validate::empty_message(&data) {
            return reject_empty(s, &route);
        }
        let original = match answer(s, &interaction, kind, &data, &uploads, &route) {
            Ok(original) => original,
            Err(refused) => return *refused,
        };
        if let Some(stored) = s.interactions.get_mut(&interaction.id) {
            stored.callback = Some(Callback { kind, data, latency });
            stored.original = original;
        }
        s.touch(interaction.channel_id);
        StatusCode::NO_CONTENT.into_response()
    })
}

/// What an accepted callback of type `kind` does: the message it posts or edits (the
/// interaction's `@original`), if any; `Err` with Discord's refusal, having changed nothing.
fn answer(
    s: &mut State,
    interaction: &Interaction,
    kind: u8,
    data: &Value,
    uploads: &Uploads,
    route: &str,
) -> Result<Option<u64>, Box<Response>> {
    let original = match (kind, interaction.kind) {
        (
            callback_type::CHANNEL_MESSAGE_WITH_SOURCE | callback_type::DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE,
            _,
        ) => {
            let loading = if kind == callback_type::DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE {
                message_flags::LOADING
            } else {
                0
            };
            let mut message = s.reply_message(interaction, data, loading);
            message.content = data["content"].as_str().unwrap_or_default().to_string();
            message.embeds = data["embeds"].as_array().cloned().unwrap_or_default();
            message.components = data["components"].as_array().cloned().unwrap_or_default();
            let id = message.id;
            s.post(message);
            if let Err(refused) = attach(s, id, data, uploads, route) {
                s.unpost(id);
                return Err(refused);
            }
            Some(id)
        }
        (callback_type::DEFERRED_UPDATE_MESSAGE, interaction_type::MESSAGE_COMPONENT) => {
            interaction.message_id
        }
        (callback_type::UPDATE_MESSAGE, interaction_type::MESSAGE_COMPONENT) => {
            let id = interaction.message_id;
            let channel = id.and_then(|id| s.messages.get(&id)).map(|m| m.channel_id);
            if let Some(refused) = channel.and_then(|c| super::threads::archived_refusal(s, c, route)) {
                return Err(Box::new(refused));
            }
            if let Some(id) = id
                && let Err(refused) = attach(s, id, data, uploads, route)
            {
                return Err(refused);
            }
            if let Some(message) = id.and_then(|id| s.messages.get_mut(&id)) {
                message.edit(data);
            }
            id
        }
        (
            callback_type::MODAL,
            interaction_type::APPLICATION_COMMAND | interaction_type::MESSAGE_COMPONENT,
        ) => None,
        _ => {
            let message = format!(
                "callback type {kind} is not valid for interaction type {}",
                interaction.kind
            );
            let code = error_code::INVALID_FORM_BODY;
            return Err(Box::new(reject(
                s,
                route,
                StatusCode::BAD_REQUEST,
                code,
                &message,
            )));
        }
    };
    Ok(original)
}

/// The interaction a webhook token belongs to, if the application id is ours; `Err` with
/// Discord's answer if there is none or its token has expired.
fn webhook_interaction(state: &mut State, app: &str, token: &str, route: &str) -> Result<u64, Box<Response>> {
    let found = (app.parse().ok() == Some(state.application_id))
        .then(|| state.interaction_by_token(token))
        .flatten();
    let Some(id) = found else {
        let unknown = reject(
            state,
            route,
            StatusCode::NOT_FOUND,
            error_code::UNKNOWN_WEBHOOK,
            "Unknown Webhook",
        );
        return Err(Box::new(unknown));
    };
    let age = state.now() - state.interactions[&id].dispatched;
    if age > TOKEN_LIFETIME {
        let message = format!("Invalid Webhook Token (the interaction is {age:?} old)");
        return Err(Box::new(reject(
            state,
            route,
            StatusCode::UNAUTHORIZED,
            error_code::INVALID_WEBHOOK_TOKEN,
            &message,
        )));
    }
    Ok(id)
}

pub(super) async fn follow_up(
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
            return reject_empty(s, &route);
        }
        let Some(callback) = &interaction.callback else {
            let message = "follow-up before the interaction was answered";
            return reject(
                s,
                &route,
                StatusCode::NOT_FOUND,
                error_code::UNKNOWN_WEBHOOK,
                message,
            );
        };
        // After a deferred reply, Discord turns the first follow-up into that reply.
        let deferred = interaction.original.filter(|id| {
            callback.kind == callback_type::DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE
                && s.messages
                    .get(id)
                    .is_some_and(|m| m.flags & message_flags::LOADING != 0)
        });
        let id = if let Some(id) = deferred {
            let ephemeral = s.messages.get(&id).is_some_and(Message::ephemeral);
            let pings = s.pings(&body, ephemeral);
            if let Some(message) = s.messages.get_mut(&id) {
                message.pings = pings;
                message.allowed_mentions = body["allowed_mentions"].clone();
            }
            id
        } else {
            let message = s.reply_message(&interaction, &body, 0);
            let id = message.id;
            s.post(message);
            id
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
pub(super) async fn webhook_message(
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
            return reject(
                s,
                &route,
                StatusCode::NOT_FOUND,
                error_code::UNKNOWN_MESSAGE,
                "Unknown Message",
            );
        };
        message_action(s, id, &method, &json_body(&body), &uploads, &route)
    })
}
