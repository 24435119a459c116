//! Games in threads, at the Discord edge: whether the bot may open a thread where a lobby
//! opens, opening one from the lobby message, unarchiving a game's thread when a move arrives,
//! and the gateway's word that a channel or thread was deleted.
//!
//! Discord's rules ("Threads" in its developer documentation): a public thread starts from a
//! message of a text or announcement channel and shares its id; creating one needs Create
//! Public Threads; "users cannot edit messages … in archived threads", and "sending a message
//! will automatically unarchive the thread" (unless a moderator locked it), so a board posted
//! into an archived thread needs nothing, while a click's answer or a board's edit there
//! unarchives it first (its creator may, with `archived: false`).

use crate::id;
use crate::session::ThreadRoom;
use poise::serenity_prelude as serenity;
use serenity::{AutoArchiveDuration, ChannelType, EditThread, FullEvent, Permissions};

/// Discord's JSON error codes the bot acts on.
pub(super) const UNKNOWN_CHANNEL: isize = 10003;
pub(super) const THREAD_ARCHIVED: isize = 50083;
/// "A thread has already been created for this message".
pub(super) const THREAD_ALREADY_CREATED: isize = 160_004;

/// Whether a game started with `command` may move into a thread of its own.
pub(super) fn room(command: &serenity::CommandInteraction) -> ThreadRoom {
    let kind = command.channel.as_ref().map(|c| c.kind);
    let starts_threads = matches!(kind, Some(ChannelType::Text | ChannelType::News));
    if command.guild_id.is_none() || !starts_threads {
        return ThreadRoom::NotHere;
    }
    let needed = Permissions::CREATE_PUBLIC_THREADS | Permissions::SEND_MESSAGES_IN_THREADS;
    match command.app_permissions {
        Some(permissions) if permissions.contains(needed) => ThreadRoom::Allowed,
        _ => ThreadRoom::NoPermission,
    }
}

/// Opens a public thread named `name` from `message`; it archives after a week without moves
/// (the longest Discord allows), and a move unarchives it.
pub(super) async fn start(
    http: &serenity::Http,
    channel: serenity::ChannelId,
    message: serenity::MessageId,
    name: &str,
) -> Result<serenity::ChannelId, serenity::Error> {
    let thread = serenity::CreateThread::new(name).auto_archive_duration(AutoArchiveDuration::OneWeek);
    Ok(channel
        .create_thread_from_message(http, message, thread)
        .await?
        .id)
}

/// Archives a thread the bot started (its creator may), or brings it back: archived, it leaves
/// the channel's list of active threads, and a post by anyone brings it back.
pub(super) async fn set_archived(
    http: &serenity::Http,
    thread: serenity::ChannelId,
    archived: bool,
) -> Result<(), serenity::Error> {
    thread
        .edit_thread(http, EditThread::new().archived(archived))
        .await
        .map(|_| ())
}

/// A click on a board in an archived thread: the thread is unarchived first, so that the
/// answer (an edit of the board) is taken.
pub(super) async fn unarchive_clicked(http: &serenity::Http, click: &serenity::ComponentInteraction) {
    let archived = click
        .channel
        .as_ref()
        .and_then(|c| c.thread_metadata)
        .is_some_and(|m| m.archived);
    if archived && let Err(e) = set_archived(http, click.channel_id, false).await {
        tracing::warn!(error = %e, "could not unarchive a game's thread");
    }
}

/// The channel or thread an event says was deleted.
pub(super) fn deleted(event: &FullEvent) -> Option<id::ChannelId> {
    let channel = match event {
        FullEvent::ThreadDelete { thread, .. } => thread.id,
        FullEvent::ChannelDelete { channel, .. } => channel.id,
        _ => return None,
    };
    Some(id::ChannelId(channel.get()))
}
