//! Direct messages: `POST /users/@me/channels` opens (or finds) the DM channel between the bot
//! and a user, and messages are sent there with the usual `POST /channels/{id}/messages`, where
//! they are recorded like any channel's. A test can close a user's DMs to the bot, as their
//! privacy settings would: sending to them then fails with Discord's 50007, which is no bug of
//! the bot's, so it is not recorded as a failure.

use axum::body::Bytes;
use axum::extract::State as AxumState;
use axum::http::{Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::{Shd, json_body, ok, reject, route};
use crate::discord::{channel_type, error_code};
use crate::model::State;
use crate::{ChannelId, Emulator, Message, UserId};

/// `POST /users/@me/channels` with `{"recipient_id": …}`: the DM channel with that user, the same
/// one every time. A recipient that is not a known person (a bot included) is refused.
pub(super) async fn open(AxumState(shared): Shd, method: Method, uri: Uri, body: Bytes) -> Response {
    let route = route(&method, &uri);
    let body = json_body(&body);
    shared.with(|s| {
        let recipient = recipient(&body).filter(|id| s.users.get(id).is_some_and(|u| !u.bot));
        let Some(user) = recipient else {
            return reject(
                s,
                &route,
                StatusCode::BAD_REQUEST,
                error_code::INVALID_RECIPIENTS,
                "Invalid Recipient(s)",
            );
        };
        let channel = if let Some(channel) = s.dms.channels.get(&user) {
            *channel
        } else {
            // Outside every guild: no guild lists it or sends its events.
            let channel = s.add_channel_in(0, "", channel_type::DM, None);
            s.dms.channels.insert(user, channel);
            channel
        };
        ok(json!({
            "id": channel.to_string(),
            "type": channel_type::DM,
            "last_message_id": null,
            "flags": 0,
            "recipients": [s.user_json(user)],
        }))
    })
}

/// The recipient's id: a snowflake as a string, as Discord's schema has it (a number is taken
/// too, as Discord does).
fn recipient(body: &Value) -> Option<u64> {
    match &body["recipient_id"] {
        Value::String(id) => id.parse().ok(),
        Value::Number(id) => id.as_u64(),
        _ => None,
    }
}

/// Discord's refusal of a message to `channel` if it is the DM channel of a user whose DMs are
/// closed to the bot.
pub(super) fn refused(s: &State, channel: u64) -> Option<Response> {
    let closed = s
        .dms
        .channels
        .iter()
        .any(|(user, c)| *c == channel && s.dms.closed.contains(user));
    closed.then(|| {
        let body = json!({
            "message": "Cannot send messages to this user",
            "code": error_code::CANNOT_SEND_MESSAGES_TO_THIS_USER,
        });
        (StatusCode::FORBIDDEN, axum::Json(body)).into_response()
    })
}

impl Emulator {
    /// Closes `user`'s DMs to the bot, as their privacy settings would: a message sent to them
    /// is refused with Discord's 50007.
    pub fn close_dms(&self, user: UserId) {
        self.shared.with(|s| s.dms.closed.insert(user.0));
    }

    /// `user`'s DM channel with the bot, once the bot opened it.
    pub fn dm_channel(&self, user: UserId) -> Option<ChannelId> {
        self.shared
            .read(|s| s.dms.channels.get(&user.0).copied().map(ChannelId))
    }

    /// The direct messages the bot sent `user`, oldest first.
    pub fn direct_messages(&self, user: UserId) -> Vec<Message> {
        self.dm_channel(user)
            .map(|channel| self.channel(channel))
            .unwrap_or_default()
    }
}
