//! Names and references as the session writes them into messages: display names made safe for
//! Discord markdown, mentions, game names.

use crate::engine::Tr;
use crate::games::GameKind;
use crate::id::UserId;

/// A display name made safe for Discord markdown: no formatting, no mass mentions.
pub fn escape(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars().filter(|c| !c.is_control()) {
        // Markdown that could format, quote, link or mention; other punctuation shows as is.
        if "\\*_~`|>#[]<".contains(c) {
            out.push('\\');
        }
        out.push(c);
        // A zero-width space after @ keeps `@everyone` from ever being a mention.
        if c == '@' {
            out.push('\u{200B}');
        }
    }
    if out.trim().is_empty() { "?".into() } else { out }
}

pub fn mention(user: UserId) -> String {
    format!("<@{user}>")
}

pub fn game_name(tr: &Tr, kind: GameKind) -> String {
    tr.t(&format!("{}-name", kind.id()))
}
