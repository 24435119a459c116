//! A board's legend lists exactly the symbols the board shows: a symbol a board does not draw
//! (a finished game's "to act" marks, the Details button) would only be read and looked for.

use super::view::{Row, View};
use super::width::{PHONE_COLUMNS, columns};

/// Everything a reader sees of a board but its legend: title, description, fields, and the
/// controls' labels and emoji.
pub fn shown(view: &View) -> String {
    let mut out = vec![view.title.clone(), view.description.clone()];
    for f in &view.fields {
        out.push(f.name.clone());
        out.push(f.value.clone());
    }
    for row in &view.rows {
        match row {
            Row::Buttons { buttons } => {
                for b in buttons {
                    out.push(b.label.clone());
                    out.extend(b.emoji.clone());
                }
            }
            Row::Select(s) => out.extend(s.options.iter().map(|o| o.label.clone())),
        }
    }
    out.join("\n")
}

/// The entries whose symbol the board shows, as few lines as a phone's width allows, ` · `
/// apart.
pub fn pack<'a>(entries: impl IntoIterator<Item = (bool, &'a str)>) -> String {
    let mut lines: Vec<String> = vec![];
    for (_, entry) in entries.into_iter().filter(|(shown, _)| *shown) {
        match lines.last_mut() {
            Some(line) if columns(line) + columns(" · ") + columns(entry) <= PHONE_COLUMNS => {
                line.push_str(" · ");
                line.push_str(entry);
            }
            _ => lines.push(entry.to_owned()),
        }
    }
    lines.join("\n")
}

/// `symbol` is shown followed by a digit (`🔄4`, `=3`): a figure of that kind.
pub fn before_digit(shown: &str, symbol: &str) -> bool {
    shown
        .match_indices(symbol)
        .any(|(i, _)| shown[i + symbol.len()..].starts_with(|c: char| c.is_ascii_digit() || c == '?'))
}

/// `symbol` is shown alone, not followed by a digit (`🔄` rerolls all).
pub fn alone(shown: &str, symbol: &str) -> bool {
    shown
        .match_indices(symbol)
        .any(|(i, _)| !shown[i + symbol.len()..].starts_with(|c: char| c.is_ascii_digit() || c == '?'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_shown_entries_are_packed_to_a_phones_width() {
        let legend = pack([
            (true, "⚪ runner"),
            (false, "🔒 claimed"),
            (true, "▫️ space"),
            (true, "a very long entry that fills a line"),
        ]);
        assert_eq!(
            legend,
            "⚪ runner · ▫️ space\na very long entry that fills a line"
        );
        assert_eq!(pack([(false, "⚪ runner")]), "");
    }

    #[test]
    fn a_symbol_before_a_digit_is_told_from_one_alone() {
        assert!(before_digit("x 🔄4 y", "🔄"));
        assert!(!before_digit("x 🔄 y", "🔄"));
        assert!(alone("x 🔄 y 🔄4", "🔄"));
        assert!(!alone("🔄4 🔄?", "🔄"));
    }
}
