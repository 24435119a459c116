//! The session's channel messages over Discord's HTTP API, retried while Discord is only busy.

use super::{convert, threads};
use crate::id;
use crate::session::{Outbox, OutboxError, Post};
use poise::serenity_prelude as serenity;
use serenity::{ChannelId, MessageId};
use std::sync::Arc;
use std::time::Duration;

/// Pauses before each new attempt when Discord answers a channel message with 429 (rate
/// limited) or a server error: serenity does not retry 5xx, and its rate limiter is off when a
/// proxy is set. 429s carry `retry_after`, which serenity's error does not keep; Discord's
/// per-route limits reset within a second or two, so the pauses start there and double.
const RETRY_PAUSES: [Duration; 3] = [
    Duration::from_secs(1),
    Duration::from_secs(2),
    Duration::from_secs(4),
];

/// A failure that may pass by itself: rate limited, or Discord's servers failing.
fn transient(error: &serenity::Error) -> bool {
    match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) => {
            response.status_code.as_u16() == 429 || response.status_code.is_server_error()
        }
        _ => false,
    }
}

/// Sends with `send`, again after each pause of [`RETRY_PAUSES`] while the failure is transient.
async fn with_retries<T, F>(what: &str, mut send: impl FnMut() -> F) -> Result<T, OutboxError>
where
    F: Future<Output = Result<T, serenity::Error>>,
{
    for pause in RETRY_PAUSES {
        match send().await {
            Err(e) if transient(&e) => {
                tracing::warn!(error = %e, what, ?pause, "Discord refused for now; trying again");
                tokio::time::sleep(pause).await;
            }
            done => return done.map_err(refused),
        }
    }
    send().await.map_err(refused)
}

/// Discord's error code for a message to a user whose DMs are closed to the bot: "Cannot send
/// messages to this user".
const CANNOT_MESSAGE_USER: isize = 50007;

/// Discord's error code, if Discord answered with one.
fn error_code(error: &serenity::Error) -> Option<isize> {
    match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) => {
            Some(response.error.code)
        }
        _ => None,
    }
}

/// Discord's failure, as the session hears of it.
fn refused(error: serenity::Error) -> OutboxError {
    match error_code(&error) {
        Some(CANNOT_MESSAGE_USER) => return OutboxError::Closed,
        Some(threads::UNKNOWN_CHANNEL) => return OutboxError::ChannelGone,
        _ => {}
    }
    // Serenity's errors may quote the request's URL, with a webhook's token in it.
    OutboxError::Refused(crate::redact::redact(&error.to_string()))
}

/// Sends the session's channel messages over Discord's HTTP API.
pub(super) struct HttpOutbox(pub(super) Arc<serenity::Http>);

#[async_trait::async_trait]
impl Outbox for HttpOutbox {
    async fn post(&self, channel: id::ChannelId, post: &Post) -> Result<id::MessageId, OutboxError> {
        let channel = ChannelId::new(channel.get());
        with_retries("posting a board", || {
            channel.send_message(&self.0, convert::message(post))
        })
        .await
        .map(|m| id::MessageId(m.id.get()))
    }

    async fn edit(
        &self,
        channel: id::ChannelId,
        message: id::MessageId,
        post: &Post,
    ) -> Result<(), OutboxError> {
        let (channel, message) = (ChannelId::new(channel.get()), MessageId::new(message.get()));
        // A board of an archived thread is edited once the thread is unarchived.
        let edit = || async {
            match channel.edit_message(&self.0, message, convert::edit(post)).await {
                Err(e) if error_code(&e) == Some(threads::THREAD_ARCHIVED) => {
                    threads::set_archived(&self.0, channel, false).await?;
                    channel.edit_message(&self.0, message, convert::edit(post)).await
                }
                done => done,
            }
        };
        with_retries("editing a board", edit).await.map(|_| ())
    }

    async fn say(&self, channel: id::ChannelId, text: &str, ping: &[id::UserId]) -> Result<(), OutboxError> {
        let channel = ChannelId::new(channel.get());
        let message = || {
            serenity::CreateMessage::new()
                .content(text)
                .allowed_mentions(convert::pinging(ping))
        };
        with_retries("sending a message", || channel.send_message(&self.0, message()))
            .await
            .map(|_| ())
    }

    /// Opens the user's DM channel (Discord gives the same one each time), then sends to it.
    async fn direct(&self, user: id::UserId, text: &str) -> Result<(), OutboxError> {
        let user = serenity::UserId::new(user.get());
        let dm = with_retries("opening a direct message", || {
            user.create_dm_channel(self.0.as_ref())
        })
        .await?;
        let message = || {
            serenity::CreateMessage::new()
                .content(text)
                .allowed_mentions(serenity::CreateAllowedMentions::new())
        };
        with_retries("sending a direct message", || {
            dm.id.send_message(&self.0, message())
        })
        .await
        .map(|_| ())
    }

    async fn start_thread(
        &self,
        channel: id::ChannelId,
        message: id::MessageId,
        name: &str,
    ) -> Result<id::ChannelId, OutboxError> {
        let (channel, message) = (ChannelId::new(channel.get()), MessageId::new(message.get()));
        with_retries("opening a thread", || async move {
            match threads::start(&self.0, channel, message, name).await {
                // Opened before, by a start that crashed before it was stored or whose answer
                // was lost: that thread, which has the message's id, is the game's.
                Err(e) if error_code(&e) == Some(threads::THREAD_ALREADY_CREATED) => {
                    Ok(ChannelId::new(message.get()))
                }
                done => done,
            }
        })
        .await
        .map(|thread| id::ChannelId(thread.get()))
    }

    /// Reads the message (Discord names the thread it started), then says `text` in that
    /// thread and archives it.
    async fn close_thread_of(
        &self,
        channel: id::ChannelId,
        message: id::MessageId,
        text: &str,
    ) -> Result<bool, OutboxError> {
        let (parent, message) = (ChannelId::new(channel.get()), MessageId::new(message.get()));
        let read = with_retries("reading a lobby message", || {
            parent.message(self.0.as_ref(), message)
        })
        .await?;
        let Some(thread) = read.thread.map(|t| t.id) else {
            return Ok(false);
        };
        self.say(id::ChannelId(thread.get()), text, &[]).await?;
        with_retries("archiving a thread", || {
            threads::set_archived(&self.0, thread, true)
        })
        .await?;
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_hides_the_webhook_token_its_url_carries() {
        let url = "http://127.0.0.1:1/api/v10/webhooks/1/WEBHOOK-TOKEN-1/messages/2";
        let why = refused(serenity::Error::Url(url.into())).to_string();
        assert_eq!(why, "http://127.0.0.1:1/api/v10/webhooks/1/***/messages/2");
    }
}
