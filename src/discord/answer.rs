//! The answer to one component interaction. Discord drops an interaction not answered within
//! 3 s, so a click whose answer is not ready at [`ANSWER_WITHIN`] is acknowledged first and its
//! answer sent as an edit afterwards; an answer Discord did not take still reaches the board.

use super::convert;
use crate::session::{Reply, Responder};
use poise::serenity_prelude as serenity;
use serenity::{ComponentInteraction, CreateInteractionResponse, Http};
use std::time::Duration;
use tokio::sync::Mutex;

/// Past this, a click is deferred first.
pub(super) const ANSWER_WITHIN: Duration = Duration::from_secs(2);

/// How far the interaction has been answered.
enum State {
    Waiting,
    /// Acknowledged in time; the answer follows as an edit (or did Discord refuse that?).
    Deferred(Result<(), serenity::Error>),
    Answered,
}

/// Answers a click once, in time or deferred.
pub(super) struct ClickAnswer<'a> {
    http: &'a Http,
    click: &'a ComponentInteraction,
    /// Held while answering, so a deferral and the answer never cross.
    state: Mutex<State>,
    /// When the click arrived: the answer-time metric counts from it.
    received: tokio::time::Instant,
    /// When Discord created it, on this process's clock: its deadlines count from it.
    born: tokio::time::Instant,
}

impl<'a> ClickAnswer<'a> {
    /// A click received now that Discord created `age` ago.
    pub(super) fn new(http: &'a Http, click: &'a ComponentInteraction, age: Duration) -> Self {
        let received = tokio::time::Instant::now();
        ClickAnswer {
            http,
            click,
            state: Mutex::new(State::Waiting),
            received,
            born: received.checked_sub(age).unwrap_or(received),
        }
    }

    pub(super) fn born(&self) -> tokio::time::Instant {
        self.born
    }

    /// Acknowledges the click if nobody answered or is answering it yet: the answer is slow
    /// (under heavy load the durable write may be).
    pub(super) async fn defer(&self) {
        let Ok(mut state) = self.state.try_lock() else {
            return; // being answered right now
        };
        if matches!(*state, State::Waiting) {
            tracing::debug!(custom_id = %self.click.data.custom_id, "deferring a slow click");
            let acknowledged = self
                .click
                .create_response(self.http, CreateInteractionResponse::Acknowledge)
                .await;
            *state = State::Deferred(acknowledged);
        }
    }
}

#[async_trait::async_trait]
impl Responder for ClickAnswer<'_> {
    async fn answer(&self, reply: Reply) {
        let mut state = self.state.lock().await;
        let answered = match std::mem::replace(&mut *state, State::Answered) {
            State::Waiting => {
                self.click
                    .create_response(self.http, convert::respond(&reply))
                    .await
            }
            State::Deferred(Ok(())) => convert::follow_up(self.http, self.click, &reply).await,
            State::Deferred(Err(e)) => Err(e),
            State::Answered => return,
        };
        let took = self.received.elapsed();
        crate::metrics::answered("click", took, answered.is_err());
        tracing::debug!(took_ms = took.as_millis(), "answered a click");
        let Err(e) = answered else {
            return;
        };
        let custom_id = &self.click.data.custom_id;
        tracing::warn!(error = %e, custom_id, "could not answer a click");
        crate::metrics::error("discord");
        // The action is stored; make sure the board shows it even though the answer was lost.
        // A private (ephemeral) board cannot be edited through its channel: its next press is
        // stale and says how to bring it back.
        let ephemeral = self
            .click
            .message
            .flags
            .is_some_and(|f| f.contains(serenity::MessageFlags::EPHEMERAL));
        if let Reply::Update(post) = &reply
            && !ephemeral
            && let Err(e) = self
                .click
                .channel_id
                .edit_message(self.http, self.click.message.id, convert::edit(post))
                .await
        {
            tracing::warn!(error = %e, custom_id, "could not update the clicked board either");
        }
    }
}
