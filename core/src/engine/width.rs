//! How wide text is on a phone, in columns of a monospaced grid: a Latin letter 1, a Japanese
//! full-width character or an emoji 2 (Unicode's East Asian Width and emoji presentation, from
//! `unicode-width`). A board line should stay within [`PHONE_COLUMNS`].

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// About what a 360 px phone shows on one line of an embed without wrapping (its text column
/// is about 236 px: 360 − 72 avatar gutter − 16 right margin − 4 border − 32 padding; a Latin
/// letter is at most about 7.5 px of it at the embed's 14 px text).
pub const PHONE_COLUMNS: usize = 32;

/// The most columns a player's name takes in a board line (a Discord display name has up to
/// 32 characters): longer names end in "…".
pub const NAME_COLUMNS: usize = 9;

/// The same in a terminal's lines, which have room for a whole display name (32 Latin letters,
/// or 16 Japanese characters, then "…").
pub const TERMINAL_NAME_COLUMNS: usize = 32;

/// The width of `line` in columns.
pub fn columns(line: &str) -> usize {
    line.width()
}

/// `text` cut to at most `max` columns, ending in "…" when cut.
pub fn ellipsize(text: &str, max: usize) -> String {
    if columns(text) <= max {
        return text.to_owned();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = c.width().unwrap_or(0);
        // Room for the ellipsis, one column.
        if used + w + 1 > max {
            break;
        }
        used += w;
        out.push(c);
    }
    out.push('…');
    out
}

/// `text` in lines of at most `max` columns: broken at the last space that fits when the word
/// after it is short, else right there (Japanese has no spaces), so a log line wraps about
/// where a phone would, and is counted.
pub fn wrap(text: &str, max: usize) -> Vec<String> {
    text.lines().flat_map(|line| wrap_line(line, max)).collect()
}

/// One line of text (no line breaks) wrapped as [`wrap`] says.
fn wrap_line(text: &str, max: usize) -> Vec<String> {
    let mut lines = vec![];
    let mut line = String::new();
    // Measured with the character added, as a selector or keycap mark widens what it follows.
    let fits = |line: &str, c: char| columns(&format!("{line}{c}")) <= max;
    for c in text.chars() {
        if !fits(&line, c) && !line.is_empty() {
            let rest = match line.rfind(' ') {
                Some(at) if at > 0 && c != ' ' && columns(&line[at..]) <= max / 2 => line.split_off(at),
                _ => String::new(),
            };
            lines.push(line.trim_end().to_owned());
            rest.trim_start().clone_into(&mut line);
            if !fits(&line, c) {
                lines.push(std::mem::take(&mut line));
            }
        }
        if !(line.is_empty() && c == ' ') {
            line.push(c);
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emoji_and_full_width_characters_take_two_columns() {
        assert_eq!(columns("ab"), 2);
        assert_eq!(columns("🔴 Ann"), 6);
        assert_eq!(columns("忍者"), 4);
        assert_eq!(columns("1️⃣⬛▫️"), 6);
    }

    #[test]
    fn lines_wrap_at_spaces_or_anywhere_in_japanese() {
        assert_eq!(
            wrap("🎲 Ann rolled 1 1 3 4.", 12),
            ["🎲 Ann", "rolled 1 1 3", "4."]
        );
        assert_eq!(wrap("short", 12), ["short"]);
        assert_eq!(wrap("two\nlines", 12), ["two", "lines"]);
        assert_eq!(wrap("忍者忍者忍者忍者", 6), ["忍者忍", "者忍者", "忍者"]);
        // A long run after the last space is broken where the line is full, not at the space.
        assert_eq!(
            wrap("🎲 🔶 忍者さんが振りました", 12),
            ["🎲 🔶 忍者さ", "んが振りまし", "た"]
        );
        for line in wrap("a line with a veryveryverylongword in it", 8) {
            assert!(columns(&line) <= 8, "{line}");
        }
    }

    #[test]
    fn long_names_are_cut_to_their_columns() {
        assert_eq!(ellipsize("Ann", 12), "Ann");
        assert_eq!(ellipsize("123456789012", 12), "123456789012");
        assert_eq!(ellipsize("1234567890123", 12), "12345678901…");
        let ja = ellipsize(&"忍".repeat(31), 12);
        assert_eq!(ja, format!("{}…", "忍".repeat(5)));
        assert!(columns(&ja) <= 12);
    }

    /// Two bots of one level on a phone's board: cut to [`NAME_COLUMNS`], their names differ.
    #[test]
    fn bots_stay_apart_on_a_phone_in_every_language() {
        use crate::engine::{Locale, Tr};
        for locale in Locale::ALL {
            let name =
                |n: u32| Tr::new(locale, &[]).f("bot-name", &[("level", "strong".into()), ("n", n.into())]);
            let (one, two) = (
                ellipsize(&name(1), NAME_COLUMNS),
                ellipsize(&name(2), NAME_COLUMNS),
            );
            assert_ne!(one, two, "{locale:?}: {} / {}", name(1), name(2));
        }
    }

    #[test]
    fn a_terminal_names_seats_wider_than_a_phone() {
        use crate::engine::{Locale, Tr};
        let names = ["bot-normal-2".to_owned(), "x".repeat(40), "忍".repeat(20)];
        let phone = Tr::new(Locale::En, &names);
        let terminal = phone.with_name_columns(TERMINAL_NAME_COLUMNS);
        assert!(phone.seat(0).ends_with("bot-norm…"), "{}", phone.seat(0));
        assert!(
            terminal.seat(0).ends_with(" bot-normal-2"),
            "{}",
            terminal.seat(0)
        );
        assert!(terminal.seat(1).ends_with(&format!(" {}…", "x".repeat(31))));
        assert!(terminal.seat(2).ends_with(&format!(" {}…", "忍".repeat(15))));
    }
}
