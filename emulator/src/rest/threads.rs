//! Public threads as Discord runs them: started from a message (the thread takes the message's
//! id), archived after inactivity, unarchived by a post in them or by editing the thread, and
//! deleted. A thread's events go to the bot as THREAD_CREATE, THREAD_UPDATE and THREAD_DELETE.
//!
//! Discord's rules kept here (developer documentation, "Threads" and "Start Thread from
//! Message"): creating needs Create Public Threads (50013 Missing Permissions otherwise); a
//! thread starts only from a message of a text channel (50024 in a thread) and only once per
//! message (160004); "Users cannot edit messages … in archived threads" (50083); "Sending a
//! message will automatically unarchive the thread, unless the thread has been locked".

use axum::body::Bytes;
use axum::extract::{Path, State as AxumState};
use axum::http::{Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use poise::serenity_prelude::Permissions;
use serde_json::json;

use super::{Shd, json_body, ok, reject, route};
use crate::discord::{channel_type, error_code};
use crate::model::{Channel, State};

/// `POST /channels/{channel}/messages/{message}/threads`: a public thread from a message.
pub(super) async fn start_from_message(
    AxumState(shared): Shd,
    Path((channel, message)): Path<(String, String)>,
    method: Method,
    uri: Uri,
    body: Bytes,
) -> Response {
    let route = route(&method, &uri);
    let body = json_body(&body);
    shared.with(|s| {
        let refuse = |s: &mut State, status, code, why: &str| reject(s, &route, status, code, why);
        let Some(parent) = channel.parse().ok().filter(|c| s.channels.contains_key(c)) else {
            return refuse(
                s,
                StatusCode::NOT_FOUND,
                error_code::UNKNOWN_CHANNEL,
                "Unknown Channel",
            );
        };
        let found = message.parse().ok().filter(|m| {
            s.messages
                .get(m)
                .is_some_and(|m| m.channel_id == parent && !m.deleted)
        });
        let Some(message) = found else {
            return refuse(
                s,
                StatusCode::NOT_FOUND,
                error_code::UNKNOWN_MESSAGE,
                "Unknown Message",
            );
        };
        if !s
            .permissions_of(s.bot_id)
            .contains(Permissions::CREATE_PUBLIC_THREADS)
        {
            return refuse(
                s,
                StatusCode::FORBIDDEN,
                error_code::MISSING_PERMISSIONS,
                "Missing Permissions",
            );
        }
        if s.channels[&parent].kind != channel_type::GUILD_TEXT {
            let why = "Cannot execute action on this channel type";
            return refuse(s, StatusCode::BAD_REQUEST, error_code::INVALID_CHANNEL_TYPE, why);
        }
        if s.channels.contains_key(&message) {
            let why = "A thread has already been created for this message";
            return refuse(
                s,
                StatusCode::BAD_REQUEST,
                error_code::THREAD_ALREADY_CREATED,
                why,
            );
        }
        let name = body["name"].as_str().unwrap_or_default();
        let thread = open(s, parent, message, name);
        let mut created = s.channel_json(thread);
        created["newly_created"] = json!(true);
        s.dispatch(s.shard_of_channel(thread), "THREAD_CREATE", created);
        s.touch(parent);
        (StatusCode::CREATED, axum::Json(s.channel_json(thread))).into_response()
    })
}

/// A thread of `parent` with the id of the message it starts from.
fn open(s: &mut State, parent: u64, message: u64, name: &str) -> u64 {
    let guild_id = s.channels[&parent].guild_id;
    let activity = std::sync::Arc::new(tokio::sync::Notify::new());
    let thread = Channel {
        id: message,
        name: name.to_string(),
        kind: channel_type::PUBLIC_THREAD,
        parent_id: Some(parent),
        guild_id,
        viewers: None,
        archived: false,
        activity,
    };
    s.channels.insert(message, thread);
    message
}

/// `PATCH /channels/{channel}`: only archiving or unarchiving a thread (`archived` alone) is
/// emulated; the bot started the thread, so it may.
pub(super) async fn edit_channel(
    AxumState(shared): Shd,
    Path(channel): Path<String>,
    method: Method,
    uri: Uri,
    body: Bytes,
) -> Response {
    let route = route(&method, &uri);
    let body = json_body(&body);
    shared.with(|s| {
        let Some(id) = channel.parse().ok().filter(|c| s.channels.contains_key(c)) else {
            let code = error_code::UNKNOWN_CHANNEL;
            return reject(s, &route, StatusCode::NOT_FOUND, code, "Unknown Channel");
        };
        let archived = body["archived"]
            .as_bool()
            .filter(|_| body.as_object().is_some_and(|b| b.len() == 1));
        let Some(archived) = archived.filter(|_| s.channels[&id].parent_id.is_some()) else {
            let why = "only archiving or unarchiving a thread is emulated";
            return reject(
                s,
                &route,
                StatusCode::BAD_REQUEST,
                error_code::INVALID_FORM_BODY,
                why,
            );
        };
        set_archived(s, id, archived);
        ok(s.channel_json(id))
    })
}

/// Archives or unarchives a thread, telling the bot with THREAD_UPDATE.
pub(crate) fn set_archived(s: &mut State, thread: u64, archived: bool) {
    let Some(channel) = s.channels.get_mut(&thread) else {
        return;
    };
    if channel.archived == archived {
        return;
    }
    channel.archived = archived;
    let update = s.channel_json(thread);
    s.dispatch(s.shard_of_channel(thread), "THREAD_UPDATE", update);
}

/// Deletes a thread (a moderator did): posting in it answers Unknown Channel from now on, and
/// the bot hears THREAD_DELETE.
pub(crate) fn delete(s: &mut State, thread: u64) -> bool {
    let Some(channel) = s.channels.remove(&thread) else {
        return false;
    };
    let deleted = json!({
        "id": thread.to_string(),
        "guild_id": channel.guild_id.to_string(),
        "parent_id": channel.parent_id.map(|p| p.to_string()),
        "type": channel.kind,
    });
    s.dispatch(s.shard_of(channel.guild_id), "THREAD_DELETE", deleted);
    channel.activity.notify_waiters();
    true
}

/// Discord's refusal to edit a message of an archived thread, if `channel` is one.
pub(super) fn archived_refusal(s: &mut State, channel: u64, route: &str) -> Option<Response> {
    s.channels.get(&channel).is_some_and(|c| c.archived).then(|| {
        let code = error_code::THREAD_ARCHIVED;
        reject(s, route, StatusCode::BAD_REQUEST, code, "Thread is archived")
    })
}

/// A message posted in an archived thread unarchives it (emulated threads are never locked).
pub(super) fn posted_in(s: &mut State, channel: u64) {
    set_archived(s, channel, false);
}
