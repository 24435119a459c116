//! The platform-neutral View a game renders to. `discord/` turns it into an embed and components,
//! `console/` prints it. The limits are Discord's (the tightest front end), checked in one place.

use serde::Serialize;

/// One colour per seat, used by every game's board so a player keeps their colour across games.
pub const SEAT_EMOJI: [&str; 5] = ["🔴", "🔵", "🟢", "🟡", "🟣"];
/// Embed colours matching [`SEAT_EMOJI`].
pub const SEAT_COLOUR: [u32; 5] = [0xDD2E44, 0x55ACEE, 0x78B159, 0xFDCB58, 0xAA8ED6];
/// Colour of a finished game's board.
pub const COLOUR_DONE: u32 = 0x99AAB5;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    pub title: String,
    /// The board itself; keep lines short so it reads on a phone.
    pub description: String,
    pub fields: Vec<Field>,
    pub colour: u32,
    pub footer: Option<String>,
    /// Rows of controls. Ids are the game's action ids; front ends add their own routing.
    pub rows: Vec<Vec<Control>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Field {
    pub name: String,
    pub value: String,
    pub inline: bool,
}

impl Field {
    pub fn new(name: impl Into<String>, value: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            value: value.into(),
            inline: false,
        }
    }

    pub fn inline(mut self) -> Self {
        self.inline = true;
        self
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Style {
    Primary,
    Secondary,
    Success,
    Danger,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Control {
    Button {
        id: String,
        label: String,
        style: Style,
        emoji: Option<String>,
        disabled: bool,
    },
    Select {
        id: String,
        placeholder: String,
        options: Vec<SelectOption>,
    },
}

impl Control {
    pub fn button(id: impl Into<String>, label: impl Into<String>, style: Style) -> Self {
        Control::Button {
            id: id.into(),
            label: label.into(),
            style,
            emoji: None,
            disabled: false,
        }
    }

    pub fn id(&self) -> &str {
        match self {
            Control::Button { id, .. } | Control::Select { id, .. } => id,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SelectOption {
    pub value: String,
    pub label: String,
    pub description: Option<String>,
}

/// Discord's limits (developer docs), plus room in `custom_id` for the front end's routing prefix.
pub mod limits {
    pub const TITLE: usize = 256;
    pub const DESCRIPTION: usize = 4096;
    pub const FIELDS: usize = 25;
    pub const FIELD_NAME: usize = 256;
    pub const FIELD_VALUE: usize = 1024;
    pub const FOOTER: usize = 2048;
    pub const EMBED_TOTAL: usize = 6000;
    pub const ROWS: usize = 5;
    pub const BUTTONS_PER_ROW: usize = 5;
    pub const SELECT_OPTIONS: usize = 25;
    pub const LABEL: usize = 80;
    pub const SELECT_OPTION_TEXT: usize = 100;
    pub const PLACEHOLDER: usize = 150;
    pub const CUSTOM_ID: usize = 100;
    /// A game's action id: the rest of `custom_id` is the front end's routing prefix.
    pub const ACTION_ID: usize = 64;
}

/// Discord counts characters (code points), not bytes.
fn len(s: &str) -> usize {
    s.chars().count()
}

impl View {
    /// Every limit a front end must respect. A view that breaks one is a bug in the game's view code.
    pub fn check_limits(&self) -> Result<(), String> {
        use limits::*;
        let mut problems = vec![];
        let mut check = |what: &str, s: &str, max: usize, nonempty: bool| {
            if len(s) > max {
                problems.push(format!("{what} has {} chars (max {max})", len(s)));
            }
            if nonempty && s.trim().is_empty() {
                problems.push(format!("{what} is empty"));
            }
        };
        check("title", &self.title, TITLE, true);
        check("description", &self.description, DESCRIPTION, true);
        for (i, f) in self.fields.iter().enumerate() {
            check(&format!("field {i} name"), &f.name, FIELD_NAME, true);
            check(&format!("field {i} value"), &f.value, FIELD_VALUE, true);
        }
        if let Some(footer) = &self.footer {
            check("footer", footer, FOOTER, true);
        }
        let total = len(&self.title)
            + len(&self.description)
            + self.footer.as_deref().map_or(0, len)
            + self
                .fields
                .iter()
                .map(|f| len(&f.name) + len(&f.value))
                .sum::<usize>();
        if total > EMBED_TOTAL {
            problems.push(format!("embed has {total} chars in all (max {EMBED_TOTAL})"));
        }
        if self.fields.len() > FIELDS {
            problems.push(format!("{} fields (max {FIELDS})", self.fields.len()));
        }
        if self.rows.len() > ROWS {
            problems.push(format!("{} rows of controls (max {ROWS})", self.rows.len()));
        }
        let mut ids = std::collections::HashSet::new();
        for (r, row) in self.rows.iter().enumerate() {
            if row.is_empty() {
                problems.push(format!("row {r} is empty"));
            }
            let selects = row.iter().filter(|c| matches!(c, Control::Select { .. })).count();
            if selects > 0 && row.len() > 1 {
                problems.push(format!("row {r}: a select must be alone in its row"));
            }
            if row.len() > BUTTONS_PER_ROW {
                problems.push(format!(
                    "row {r} has {} buttons (max {BUTTONS_PER_ROW})",
                    row.len()
                ));
            }
            for c in row {
                let id = c.id();
                if id.is_empty() || len(id) > ACTION_ID {
                    problems.push(format!("action id `{id}` must have 1–{ACTION_ID} chars"));
                }
                if !ids.insert(id.to_owned()) {
                    problems.push(format!("action id `{id}` appears twice"));
                }
                match c {
                    Control::Button { label, .. } => {
                        let mut check = |what: &str, s: &str, max| {
                            if len(s) > max || s.trim().is_empty() {
                                problems.push(format!("{what} `{s}` must have 1–{max} chars"));
                            }
                        };
                        check("button label", label, LABEL);
                    }
                    Control::Select {
                        placeholder, options, ..
                    } => {
                        if len(placeholder) > PLACEHOLDER {
                            problems.push(format!("placeholder over {PLACEHOLDER} chars"));
                        }
                        if options.is_empty() || options.len() > SELECT_OPTIONS {
                            problems.push(format!(
                                "select with {} options (1–{SELECT_OPTIONS})",
                                options.len()
                            ));
                        }
                        for o in options {
                            for s in [Some(&o.label), Some(&o.value), o.description.as_ref()]
                                .into_iter()
                                .flatten()
                            {
                                if s.is_empty() || len(s) > SELECT_OPTION_TEXT {
                                    problems.push(format!(
                                        "select option text `{s}` must have 1–{SELECT_OPTION_TEXT} chars"
                                    ));
                                }
                            }
                        }
                    }
                }
            }
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems.join("; "))
        }
    }

    /// The view as plain text for a terminal: title, board, fields, footer (controls are listed
    /// separately by the console as numbered choices).
    pub fn to_text(&self) -> String {
        let mut out = format!("== {} ==\n{}\n", self.title, self.description);
        for f in &self.fields {
            out.push_str(&format!("\n{}\n{}\n", f.name, f.value));
        }
        if let Some(footer) = &self.footer {
            out.push_str(&format!("\n{footer}\n"));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view() -> View {
        View {
            title: "t".into(),
            description: "board".into(),
            fields: vec![Field::new("a", "b")],
            colour: 0,
            footer: None,
            rows: vec![vec![Control::button("roll", "Roll", Style::Primary)]],
        }
    }

    #[test]
    fn a_small_view_passes() {
        assert_eq!(view().check_limits(), Ok(()));
    }

    #[test]
    fn each_limit_is_caught() {
        let mut v = view();
        v.description = "x".repeat(4097);
        assert!(v.check_limits().unwrap_err().contains("description"));

        let mut v = view();
        v.rows = vec![vec![Control::button("a", "A", Style::Primary)]; 6];
        let err = v.check_limits().unwrap_err();
        assert!(err.contains("rows") && err.contains("twice"), "{err}");

        let mut v = view();
        v.rows[0] = (0..6)
            .map(|i| Control::button(format!("b{i}"), "B", Style::Primary))
            .collect();
        assert!(v.check_limits().unwrap_err().contains("buttons"));

        let mut v = view();
        v.fields[0].value = String::new();
        assert!(v.check_limits().unwrap_err().contains("empty"));

        let mut v = view();
        v.fields = vec![Field::new("n", "v".repeat(1000)); 6];
        assert!(v.check_limits().unwrap_err().contains("in all"));

        let mut v = view();
        v.rows[0] = vec![Control::button("x".repeat(65), "B", Style::Primary)];
        assert!(v.check_limits().unwrap_err().contains("action id"));
    }
}
