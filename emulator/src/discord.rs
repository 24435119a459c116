//! Discord's numbers, named as its developer documentation names them, so that neither the
//! emulator nor a test spells a protocol value as a bare literal. Only the values the emulator
//! and the tests use are here.

/// What a user did, the `type` of an interaction object.
pub mod interaction_type {
    pub const APPLICATION_COMMAND: u8 = 2;
    pub const MESSAGE_COMPONENT: u8 = 3;
}

/// How the bot answers an interaction, the `type` of an interaction callback.
pub mod callback_type {
    /// A new message answering the interaction.
    pub const CHANNEL_MESSAGE_WITH_SOURCE: u8 = 4;
    /// "Thinking…" now, the message later (as a follow-up or an edit of `@original`).
    pub const DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE: u8 = 5;
    /// A component's message stays as it is for now and may be edited later.
    pub const DEFERRED_UPDATE_MESSAGE: u8 = 6;
    /// The component's message is edited in the answer itself.
    pub const UPDATE_MESSAGE: u8 = 7;
    pub const APPLICATION_COMMAND_AUTOCOMPLETE_RESULT: u8 = 8;
    pub const MODAL: u8 = 9;
}

/// The `type` of a message component.
pub mod component_type {
    pub const ACTION_ROW: u8 = 1;
    pub const BUTTON: u8 = 2;
    pub const STRING_SELECT: u8 = 3;
}

/// A button's `style`.
pub mod button_style {
    pub const PRIMARY: u8 = 1;
    /// The one style with a `url` and no `custom_id`.
    pub const LINK: u8 = 5;
}

/// The `type` of an application command.
pub mod command_type {
    pub const CHAT_INPUT: u8 = 1;
}

/// The `type` of an application command's option.
pub mod option_type {
    pub const SUB_COMMAND: u8 = 1;
    pub const SUB_COMMAND_GROUP: u8 = 2;
    pub const USER: u8 = 6;
    pub const CHANNEL: u8 = 7;
    /// The last of the options that are snowflakes (user, channel, role, mentionable).
    pub const MENTIONABLE: u8 = 9;
}

/// The `type` of a channel.
pub mod channel_type {
    pub const GUILD_TEXT: u8 = 0;
    /// A direct message between the bot and one user.
    pub const DM: u8 = 1;
    pub const PUBLIC_THREAD: u8 = 11;
}

/// The `type` of a message.
pub mod message_type {
    pub const DEFAULT: u8 = 0;
    /// A message answering a slash command.
    pub const CHAT_INPUT_COMMAND: u8 = 20;
}

/// Bits of a message's `flags`.
pub mod message_flags {
    /// Shown only to the user who interacted.
    pub const EPHEMERAL: u64 = 1 << 6;
    /// A deferred answer still "thinking".
    pub const LOADING: u64 = 1 << 7;
}

/// The `code` of Discord's JSON error answers.
pub mod error_code {
    /// Not a Discord code: a route Discord does not have answers a bare 404.
    pub const NONE: u32 = 0;
    pub const UNKNOWN_APPLICATION: u32 = 10002;
    pub const UNKNOWN_CHANNEL: u32 = 10003;
    pub const UNKNOWN_GUILD: u32 = 10004;
    pub const UNKNOWN_MESSAGE: u32 = 10008;
    pub const UNKNOWN_MEMBER: u32 = 10013;
    pub const UNKNOWN_WEBHOOK: u32 = 10015;
    /// The interaction is unknown, or was answered after its 3 s.
    pub const UNKNOWN_INTERACTION: u32 = 10062;
    pub const REQUEST_ENTITY_TOO_LARGE: u32 = 40005;
    pub const INTERACTION_ALREADY_ACKNOWLEDGED: u32 = 40060;
    pub const CANNOT_SEND_AN_EMPTY_MESSAGE: u32 = 50006;
    /// A direct message to a user whose DMs are closed to the bot.
    pub const CANNOT_SEND_MESSAGES_TO_THIS_USER: u32 = 50007;
    pub const INVALID_RECIPIENTS: u32 = 50033;
    /// The interaction's token has expired (15 minutes).
    pub const INVALID_WEBHOOK_TOKEN: u32 = 50027;
    pub const INVALID_FORM_BODY: u32 = 50035;
    pub const MISSING_PERMISSIONS: u32 = 50013;
    pub const INVALID_CHANNEL_TYPE: u32 = 50024;
    /// A message of an archived thread cannot be edited.
    pub const THREAD_ARCHIVED: u32 = 50083;
    pub const THREAD_ALREADY_CREATED: u32 = 160_004;
    pub const INVALID_JSON: u32 = 50109;
}

/// The `op` of a gateway payload.
pub mod opcode {
    pub const DISPATCH: u64 = 0;
    pub const HEARTBEAT: u64 = 1;
    pub const IDENTIFY: u64 = 2;
    pub const PRESENCE_UPDATE: u64 = 3;
    pub const VOICE_STATE_UPDATE: u64 = 4;
    pub const RESUME: u64 = 6;
    pub const REQUEST_GUILD_MEMBERS: u64 = 8;
    pub const INVALID_SESSION: u64 = 9;
    pub const HELLO: u64 = 10;
    pub const HEARTBEAT_ACK: u64 = 11;
}

/// Codes a gateway connection is closed with.
pub mod close_code {
    /// WebSocket's "going away" (RFC 6455): the server is shutting down.
    pub const GOING_AWAY: u16 = 1001;
    /// Discord's "unknown error", after which a client may resume.
    pub const UNKNOWN_ERROR: u16 = 4000;
    /// Discord's "rate limited": here, an IDENTIFY beyond `max_concurrency`'s buckets.
    pub const RATE_LIMITED: u16 = 4008;
}
