//! Discord's markup for what sessions write: `<@id>` mentions, `<t:…>` timestamps and escaped
//! markdown.

use crate::id::{ChannelId, UserId};
use crate::session::Markup;

#[derive(Debug)]
pub struct DiscordMarkup;

impl Markup for DiscordMarkup {
    fn mention(&self, user: UserId) -> String {
        format!("<@{user}>")
    }

    fn channel(&self, channel: ChannelId) -> String {
        format!("<#{channel}>")
    }

    fn relative_time(&self, unix: i64) -> String {
        // Discord renders it as "in 3 hours" in the reader's own time.
        format!("<t:{unix}:R>")
    }

    fn date(&self, unix: i64) -> String {
        format!("<t:{unix}:d>")
    }

    fn moment(&self, unix: i64) -> String {
        format!("<t:{unix}:f>")
    }

    fn escape(&self, name: &str) -> String {
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_cannot_format_or_mass_mention() {
        assert_eq!(DiscordMarkup.escape("**bold**"), "\\*\\*bold\\*\\*");
        assert!(!DiscordMarkup.escape("@everyone").contains("@everyone"));
        assert_eq!(DiscordMarkup.escape("\u{7}"), "?");
    }
}
