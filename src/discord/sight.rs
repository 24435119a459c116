//! Whether the member asking may see a channel, for the players' history: View Channel as Discord
//! computes it, from the guild's channels, overwrites and roles in serenity's cache (kept current
//! by the GUILDS intent's events) and the member's roles as the interaction brought them. A
//! thread is seen by whoever sees its channel; a channel the cache does not know (deleted) by
//! no one, so an unknown answer hides rather than shows.

use crate::id::ChannelId;
use crate::session::Sight;
use poise::serenity_prelude as serenity;
use std::sync::Arc;

pub struct MemberSight {
    cache: Arc<serenity::Cache>,
    guild: Option<serenity::GuildId>,
    member: Option<serenity::Member>,
}

impl MemberSight {
    pub fn new(
        cache: &Arc<serenity::Cache>,
        guild: Option<serenity::GuildId>,
        member: Option<&serenity::Member>,
    ) -> MemberSight {
        MemberSight {
            cache: cache.clone(),
            guild,
            member: member.cloned(),
        }
    }
}

impl Sight for MemberSight {
    fn sees(&self, channel: ChannelId) -> bool {
        // Outside servers there is no one else to hide a game from.
        let Some(guild) = self.guild else {
            return true;
        };
        let (Some(member), Some(guild)) = (&self.member, self.cache.guild(guild)) else {
            return false;
        };
        let Some(id) = std::num::NonZeroU64::new(channel.get()).map(|c| serenity::ChannelId::new(c.get()))
        else {
            return false;
        };
        let found = guild
            .channels
            .get(&id)
            .or_else(|| guild.threads.iter().find(|t| t.id == id));
        let seen_in = match found {
            Some(thread) if thread.thread_metadata.is_some() => {
                thread.parent_id.and_then(|parent| guild.channels.get(&parent))
            }
            other => other,
        };
        seen_in.is_some_and(|c| guild.user_permissions_in(c, member).view_channel())
    }
}
