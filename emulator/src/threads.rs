//! What a test does to threads: lets the bot create them (it may not by default, so games stay
//! in their channel), finds the thread a message started, archives and deletes threads as a
//! server's moderators or Discord's inactivity would.

use crate::{ChannelId, Emulator, MessageId, Permissions, rest};

impl Emulator {
    /// Gives the bot Create Public Threads (`true`) or takes it away (`false`, the default).
    pub fn allow_threads(&self, allowed: bool) {
        self.shared.with(|s| {
            if let Some(bot) = s.users.get_mut(&s.bot_id) {
                bot.permissions.set(Permissions::CREATE_PUBLIC_THREADS, allowed);
            }
        });
    }

    /// The thread started from `message`, if one was (a thread shares its starter's id).
    pub fn thread_of(&self, message: MessageId) -> Option<ChannelId> {
        self.shared.read(|s| {
            let thread = s.channels.get(&message.0)?;
            thread.parent_id.is_some().then_some(ChannelId(message.0))
        })
    }

    /// The thread's name, if it exists.
    pub fn channel_name(&self, channel: ChannelId) -> Option<String> {
        self.shared
            .read(|s| s.channels.get(&channel.0).map(|c| c.name.clone()))
    }

    /// Archives a thread, as a week without activity does.
    pub fn archive_thread(&self, thread: ChannelId) {
        self.shared.with(|s| rest::set_archived(s, thread.0, true));
    }

    pub fn is_archived(&self, thread: ChannelId) -> bool {
        self.shared
            .read(|s| s.channels.get(&thread.0).is_some_and(|c| c.archived))
    }

    /// Deletes a thread with everything in it, as a moderator may; `false` if there was none.
    pub fn delete_thread(&self, thread: ChannelId) -> bool {
        self.shared.with(|s| rest::delete_thread(s, thread.0))
    }
}
