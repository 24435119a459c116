//! The emulated Discord's objects as its API shows them: users, members, channels, guilds, the
//! application and messages, each as the JSON a REST answer or a gateway event carries.

use poise::serenity_prelude::Permissions;
use serde_json::{Value, json};

use crate::discord::{interaction_type, message_type};
use crate::message::Message;
use crate::model::{Channel, State, member_permissions, timestamp};

impl State {
    pub fn user_json(&self, id: u64) -> Value {
        let user = &self.users[&id];
        json!({
            "id": id.to_string(),
            "username": user.name,
            "discriminator": "0",
            "global_name": user.name,
            "avatar": null,
            "bot": user.bot,
            "system": false,
            "public_flags": 0,
            "flags": 0,
        })
    }

    pub fn member_json(&self, id: u64) -> Value {
        let user = &self.users[&id];
        let roles: Vec<String> = if user.permissions.contains(Permissions::MANAGE_GUILD) {
            vec![self.manager_role.to_string()]
        } else {
            Vec::new()
        };
        json!({
            "user": self.user_json(id),
            "nick": null,
            "avatar": null,
            "banner": null,
            "roles": roles,
            "joined_at": timestamp(self.guild_id),
            "premium_since": null,
            "deaf": false,
            "mute": false,
            "flags": 0,
            "pending": false,
            "communication_disabled_until": null,
        })
    }

    pub fn channel_json(&self, id: u64) -> Value {
        let channel = &self.channels[&id];
        let mut value = json!({
            "id": id.to_string(),
            "type": channel.kind,
            "guild_id": channel.guild_id.to_string(),
            "name": channel.name,
            "position": 0,
            "permission_overwrites": self.overwrites_json(channel),
            "nsfw": false,
            "rate_limit_per_user": 0,
            "flags": 0,
            "last_message_id": null,
        });
        if let Some(parent) = channel.parent_id {
            value["parent_id"] = json!(parent.to_string());
            value["owner_id"] = json!(self.bot_id.to_string());
            value["message_count"] = json!(0);
            value["member_count"] = json!(1);
            value["thread_metadata"] = json!({
                "archived": channel.archived,
                "auto_archive_duration": 1440,
                "archive_timestamp": timestamp(id),
                "locked": false,
            });
        } else {
            value["topic"] = Value::Null;
            value["parent_id"] = Value::Null;
        }
        value
    }

    /// A private channel's overwrites: View Channel denied to @everyone, allowed to its viewers.
    fn overwrites_json(&self, channel: &Channel) -> Value {
        let Some(viewers) = &channel.viewers else {
            return json!([]);
        };
        let everyone = if channel.guild_id == self.guild_id {
            self.everyone_role
        } else {
            channel.guild_id
        };
        let view = Permissions::VIEW_CHANNEL.bits().to_string();
        let mut overwrites = vec![json!({"id": everyone.to_string(), "type": 0, "allow": "0", "deny": view})];
        overwrites.extend(
            viewers
                .iter()
                .map(|user| json!({"id": user.to_string(), "type": 1, "allow": view, "deny": "0"})),
        );
        Value::Array(overwrites)
    }

    fn role_json(id: u64, name: &str, permissions: Permissions, position: u16) -> Value {
        json!({
            "id": id.to_string(),
            "name": name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
            "hoist": false,
            "icon": null,
            "unicode_emoji": null,
            "position": position,
            "permissions": permissions.bits().to_string(),
            "managed": false,
            "mentionable": false,
            "flags": 0,
        })
    }

    pub fn guild_json(&self, id: u64) -> Value {
        let (channels, threads): (Vec<&Channel>, Vec<&Channel>) = self
            .channels
            .values()
            .filter(|c| c.guild_id == id)
            .partition(|c| c.parent_id.is_none());
        // The @everyone role shares its guild's id.
        let everyone = if id == self.guild_id {
            self.everyone_role
        } else {
            id
        };
        let mut guild = json!({
            "id": id.to_string(),
            "name": "saikoro test guild",
            "owner_id": self.bot_id.to_string(),
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 1,
            "explicit_content_filter": 0,
            "roles": [
                Self::role_json(everyone, "@everyone", member_permissions(), 0),
                Self::role_json(self.manager_role, "manager", member_permissions() | Permissions::MANAGE_GUILD, 1),
            ],
            "emojis": [], "stickers": [], "features": [],
            "mfa_level": 0, "system_channel_flags": 0, "premium_tier": 0, "premium_subscription_count": 0,
            "preferred_locale": self.guild_locale, "nsfw_level": 0, "premium_progress_bar_enabled": false,
        });
        let absent = [
            "icon",
            "icon_hash",
            "splash",
            "discovery_splash",
            "banner",
            "afk_channel_id",
            "application_id",
            "system_channel_id",
            "rules_channel_id",
            "public_updates_channel_id",
            "safety_alerts_channel_id",
            "vanity_url_code",
            "description",
        ];
        for key in absent {
            guild[key] = Value::Null;
        }
        // The fields only GUILD_CREATE carries.
        let extra = json!({
            "joined_at": timestamp(self.guild_id), "large": false, "unavailable": false,
            "member_count": self.users.len(),
            "voice_states": [], "presences": [], "stage_instances": [], "guild_scheduled_events": [],
            "members": self.users.keys().map(|id| self.member_json(*id)).collect::<Vec<_>>(),
            "channels": channels.iter().map(|c| self.channel_json(c.id)).collect::<Vec<_>>(),
            "threads": threads.iter().map(|c| self.channel_json(c.id)).collect::<Vec<_>>(),
        });
        if let (Some(guild), Value::Object(extra)) = (guild.as_object_mut(), extra) {
            guild.extend(extra);
        }
        guild
    }

    pub fn application_json(&self) -> Value {
        json!({
            "id": self.application_id.to_string(),
            "name": "saikoro",
            "icon": null,
            "description": "",
            "bot_public": true,
            "bot_require_code_grant": false,
            "verify_key": "0".repeat(64),
            "owner": self.user_json(self.bot_id),
            "team": null,
            "flags": 0,
            "bot": self.user_json(self.bot_id),
        })
    }

    /// A message object as Discord returns it from REST and puts it in component interactions.
    pub fn message_json(&self, message: &Message) -> Value {
        let embeds: Vec<Value> = message
            .embeds
            .iter()
            .map(|e| {
                let mut embed = e.clone();
                embed["type"] = json!("rich");
                embed
            })
            .collect();
        let interaction = message.interaction.and_then(|id| self.interactions.get(&id));
        let mut value = json!({
            "id": message.id.to_string(),
            "channel_id": message.channel_id.to_string(),
            "author": self.user_json(self.bot_id),
            "content": message.content,
            "timestamp": timestamp(message.id),
            "edited_timestamp": message.edited.then(|| timestamp(self.last_snowflake)),
            "tts": false,
            "mention_everyone": message.pings.everyone,
            "mentions": message.pings.users.iter().map(|u| self.user_json(*u)).collect::<Vec<_>>(),
            "mention_roles": message.pings.roles.iter().map(u64::to_string).collect::<Vec<_>>(),
            "attachments": message.attachments.iter().map(|a| {
                let url = format!("https://cdn.discordapp.com/attachments/{}/{}/{}", message.channel_id, a.id, a.filename);
                json!({
                    "id": a.id.to_string(),
                    "filename": a.filename,
                    "description": a.description,
                    "content_type": a.content_type,
                    "size": a.data.len(),
                    "url": url,
                    "proxy_url": url,
                })
            }).collect::<Vec<_>>(),
            "embeds": embeds,
            "pinned": false,
            "type": if interaction.is_some_and(|i| i.kind == interaction_type::APPLICATION_COMMAND) {
                message_type::CHAT_INPUT_COMMAND
            } else {
                message_type::DEFAULT
            },
            "flags": message.flags,
            "components": message.components,
        });
        // "The thread that was started from this message" (a thread shares its starter's id).
        if self
            .channels
            .get(&message.id)
            .is_some_and(|c| c.parent_id.is_some())
        {
            value["thread"] = self.channel_json(message.id);
        }
        if let Some(interaction) = interaction {
            value["webhook_id"] = json!(self.application_id.to_string());
            value["application_id"] = json!(self.application_id.to_string());
            value["interaction_metadata"] = json!({
                "id": interaction.id.to_string(),
                "type": interaction.kind,
                "user": self.user_json(interaction.user_id),
                "authorizing_integration_owners": {"0": self.guild_id.to_string()},
            });
        }
        value
    }
}
