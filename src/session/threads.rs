//! A game in a thread of its own. A lobby opens in its channel as always; when the game starts,
//! a public thread is opened from the lobby message (named after the game and its host), the
//! game's channel becomes the thread, and the lobby message becomes a short line in the parent
//! that links to the thread and, at the end, shows the result. The parent is free for another
//! game meanwhile. Without the permission to create threads the game plays in its channel, and
//! the host is told why once per server (stored, so a restart does not tell them again). A thread deleted under a game ends it as abandoned.

use super::index::Index;
use super::live::Session;
use super::settings::GuildSettings;
use super::text::game_name;
use super::{GameThread, Outbox, Post, ThreadRoom, User};
use crate::engine::view::{COLOUR_DONE, SEAT_COLOUR};
use crate::engine::{AnyGame, Tr, View};
use crate::id::{GuildId, MessageId};
use crate::store::{Status, Store};

/// Discord's longest thread name.
const NAME_CHARS: usize = 100;

/// Whether a lobby's game moves into a thread when it starts, and whether the host must hear
/// why it cannot: `asked` is the host's `thread:` option, `server` the server's setting (on by
/// default, as far as the bot may).
fn plan(asked: Option<bool>, server: Option<bool>, room: ThreadRoom) -> (bool, bool) {
    let chosen = asked.or(server);
    match room {
        _ if chosen == Some(false) => (false, false),
        ThreadRoom::Allowed => (true, false),
        // Only someone who asked for threads is told they cannot have one.
        ThreadRoom::NoPermission => (false, chosen == Some(true)),
        ThreadRoom::NotHere => (false, false),
    }
}

/// Whether `host`'s new lobby moves into a thread when it starts, and the note telling the
/// host (once per server) why it cannot.
pub(super) async fn plan_for(
    store: &Store,
    guilds: &GuildSettings,
    guild: Option<GuildId>,
    host: &User,
    asked: Option<bool>,
    room: ThreadRoom,
) -> (bool, Option<String>) {
    let Some(guild) = guild else {
        return (false, None);
    };
    let server = guilds.get(Some(guild)).await.threads;
    let (threaded, tell) = plan(asked, server, room);
    // Told once per server and host, as stored; a store that fails keeps the note back
    // rather than risk telling it at every start.
    let first = tell
        && match store.tell_no_threads(guild, host.id).await {
            Ok(first) => first,
            Err(e) => {
                tracing::warn!(%guild, error = %e, "could not record that a host was told of threads");
                false
            }
        };
    let note = first.then(|| Tr::new(host.locale, &[]).t("thread-no-permission"));
    (threaded, note)
}

/// Moves a starting game into a public thread opened from its lobby message `lobby`; says
/// whether it moved (if not, it plays in its channel, as without threads).
pub(super) async fn open(outbox: &dyn Outbox, index: &Index, s: &mut Session, lobby: MessageId) -> bool {
    let tr = Tr::new(s.table.locale, &[]);
    let name: String = tr
        .f(
            "thread-name",
            &[
                ("game", game_name(&tr, s.kind).into()),
                ("host", host_name(s, &tr).into()),
            ],
        )
        .chars()
        .take(NAME_CHARS)
        .collect();
    let parent = s.row.channel_id;
    match outbox.start_thread(parent, lobby, &name).await {
        Ok(thread) => {
            s.row.channel_id = thread;
            s.table.thread = Some(GameThread { parent, line: lobby });
            index.rehome(s.row.id, parent, thread);
            true
        }
        Err(e) => {
            tracing::warn!(game = %s.row.id, error = %e, "could not open a thread; playing in the channel");
            false
        }
    }
}

/// Undoes [`open`] when the start was not stored: the game is a lobby in its channel again
/// (the thread stays empty).
pub(super) fn leave(index: &Index, s: &mut Session) {
    if let Some(home) = s.table.thread.take() {
        index.rehome(s.row.id, s.row.channel_id, home.parent);
        s.row.channel_id = home.parent;
    }
}

/// A lobby that ended without its game (`why`: expired or cancelled) may have a thread all the
/// same, if a start crashed after Discord opened it: that thread says why, and is archived, so
/// nobody waits there for a game. Only a lobby meant for a thread is looked at (one read of its
/// message).
pub(super) async fn close_lobby_thread(outbox: &dyn Outbox, s: &Session, why: &str) {
    let Some(lobby) = s.row.board_message_id.filter(|_| s.table.threaded) else {
        return;
    };
    let tr = Tr::new(s.table.locale, &[]);
    let text = tr.f("thread-lobby-ended", &[("why", tr.t(why).into())]);
    if let Err(e) = outbox.close_thread_of(s.row.channel_id, lobby, &text).await {
        tracing::warn!(game = %s.row.id, error = %e, "could not close an ended lobby's thread");
    }
}

/// Once a game in a thread is finished, its line in the parent shows the result. (An abandoned
/// game's line is edited where it is abandoned, which says why.)
pub(super) async fn show_end_on_line(outbox: &dyn Outbox, s: &Session) {
    if s.phase.status() == Status::Finished {
        edit_line(outbox, s, line(s, false)).await;
    }
}

/// Edits the game's line in its parent channel to `post`, if it plays in a thread.
pub(super) async fn edit_line(outbox: &dyn Outbox, s: &Session, post: Option<Post>) {
    let (Some(home), Some(post)) = (s.table.thread, post) else {
        return;
    };
    if let Err(e) = outbox.edit(home.parent, home.line, &post).await {
        tracing::warn!(game = %s.row.id, error = %e, "could not update the game's line in its channel");
    }
}

/// The line a game in a thread keeps in its parent channel: where it plays, then how it ended
/// (`deleted`: its thread was deleted). `None` for a game not in a thread.
pub(super) fn line(s: &Session, deleted: bool) -> Option<Post> {
    s.table.thread?;
    let names = s.names();
    let tr = Tr::new(s.table.locale, &names);
    let thread = s.markup.channel(s.row.channel_id);
    let outcome = s.phase.game().and_then(AnyGame::outcome);
    let description = match (s.phase.status(), outcome) {
        _ if deleted => tr.t("thread-line-deleted"),
        (Status::Finished, Some(outcome)) => tr.f(
            "thread-line-finished",
            &[
                ("thread", thread.into()),
                ("result", outcome.describe(&tr).into()),
            ],
        ),
        (Status::Abandoned, _) => tr.f("thread-line-abandoned", &[("thread", thread.into())]),
        _ => tr.f("thread-line-playing", &[("thread", thread.into())]),
    };
    let done = s.phase.playing().is_none();
    let view = View {
        title: tr.f(
            "thread-line-title",
            &[
                ("game", game_name(&tr, s.kind).into()),
                ("host", host_name(s, &tr).into()),
            ],
        ),
        description,
        text: None,
        words: None,
        fields: vec![],
        colour: if done { COLOUR_DONE } else { SEAT_COLOUR[0] },
        footer: None,
        rows: vec![],
    };
    Some(Post {
        content: None,
        view,
        ping: vec![],
        picture: None,
    })
}

/// The host's name as seated (escaped), or "someone" if they were forgotten.
fn host_name(s: &Session, tr: &Tr) -> String {
    s.table
        .seats
        .iter()
        .find(|seat| seat.user == Some(s.row.host_id))
        .map_or_else(|| tr.t("history-anonymous"), |seat| s.markup.escape(&seat.name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_thread_when_asked_or_by_default_and_allowed_and_the_host_told_only_if_asked() {
        use ThreadRoom::*;
        assert_eq!(plan(None, None, Allowed), (true, false), "on by default");
        assert_eq!(plan(Some(false), None, Allowed), (false, false));
        assert_eq!(plan(None, Some(false), Allowed), (false, false));
        assert_eq!(
            plan(Some(true), Some(false), Allowed),
            (true, false),
            "the host's option first"
        );
        assert_eq!(
            plan(None, None, NoPermission),
            (false, false),
            "the default is quiet"
        );
        assert_eq!(plan(Some(true), None, NoPermission), (false, true));
        assert_eq!(plan(None, Some(true), NoPermission), (false, true));
        assert_eq!(plan(Some(true), None, NotHere), (false, false));
    }
}
