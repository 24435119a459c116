//! The platform-neutral View a game renders to. `discord/` turns it into an embed and components,
//! `console/` prints it. The limits are Discord's (the tightest front end), checked in one place.

use super::Seat;
use serde::Serialize;

/// Each seat's mark, in seat order: a shape of its own as well as a colour (Okabe–Ito, safe for
/// colour-blind players), so no one needs colour to tell seats apart. Every text that names a
/// seat puts its mark before the name ([`super::Arg::Seat`]); pictures draw the same shapes in
/// the same colours and order. Nothing that is not a seat may use these shapes in colour
/// ([`look_alike`]).
pub const SEAT_EMOJI: [&str; 5] = ["🔴", "🟦", "🔶", "💚", "⭐"];
/// The shape of each seat's mark, in seat order.
pub const SEAT_SHAPE: [MarkShape; 5] = [
    MarkShape::Circle,
    MarkShape::Square,
    MarkShape::Diamond,
    MarkShape::Heart,
    MarkShape::Star,
];
/// Embed and picture colours of the seats (the pictures' palette is the picture engineer's to
/// move to Okabe–Ito with the golden pictures).
pub const SEAT_COLOUR: [u32; 5] = [0x00DD_2E44, 0x0055_ACEE, 0x0078_B159, 0x00FD_CB58, 0x00AA_8ED6];

/// A seat's mark ([`SEAT_EMOJI`]).
pub fn seat_mark(seat: Seat) -> &'static str {
    SEAT_EMOJI[seat % SEAT_EMOJI.len()]
}

/// The shapes seats' marks take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkShape {
    Circle,
    Square,
    Diamond,
    Heart,
    Star,
}

/// Coloured emoji by shape: anything here that is not a seat's own mark would look like a seat.
/// Black, white and grey shapes (⚫ ⚪ ⬛ ⬜ 🔳) are neutral and not listed.
const COLOURED_SHAPES: [(MarkShape, &[&str]); 5] = [
    (MarkShape::Circle, &["🔴", "🟠", "🟡", "🟢", "🔵", "🟣", "🟤"]),
    (MarkShape::Square, &["🟥", "🟧", "🟨", "🟩", "🟦", "🟪", "🟫"]),
    (MarkShape::Diamond, &["🔶", "🔷", "🔸", "🔹", "💠", "💎"]),
    (
        MarkShape::Heart,
        &["❤", "🧡", "💛", "💚", "💙", "💜", "🤎", "💗", "💖"],
    ),
    (MarkShape::Star, &["⭐", "🌟", "✨", "🌠"]),
];

/// The shape of a coloured emoji, if it is one of the seats' shapes (`None` for anything else).
pub fn mark_shape(emoji: &str) -> Option<MarkShape> {
    let bare = emoji.trim_end_matches('\u{FE0F}');
    COLOURED_SHAPES
        .iter()
        .find(|(_, all)| all.contains(&bare))
        .map(|&(shape, _)| shape)
}

/// The first coloured shape in `text` that is not the mark of one of the first `seats` seats.
pub fn look_alike(text: &str, seats: usize) -> Option<char> {
    let marks = &SEAT_EMOJI[..seats.min(SEAT_EMOJI.len())];
    text.chars().find(|c| {
        let s = c.to_string();
        mark_shape(&s).is_some() && !marks.contains(&s.as_str())
    })
}

/// How many of the newest log lines a board shows: the whole log is `/… log`.
pub const LOG_LINES: usize = 2;

/// The newest [`LOG_LINES`] of `lines`, each wrapped to the reader's width ([`super::Tr::wrap`]).
pub fn recent_log(lines: &[String], tr: &super::Tr) -> String {
    tr.wrap(&lines[lines.len().saturating_sub(LOG_LINES)..].join("\n"))
}

/// Colour of a finished game's board.
pub const COLOUR_DONE: u32 = 0x0099_AAB5;

/// A board's colour: the active seat's while the game goes on, grey once it is over.
pub fn board_colour(active: Seat, over: bool) -> u32 {
    if over {
        COLOUR_DONE
    } else {
        SEAT_COLOUR[active % SEAT_COLOUR.len()]
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    pub title: String,
    /// The board itself; keep lines short so it reads on a phone.
    pub description: String,
    /// The board as plain text for terminals and logs, when the description draws it in a way
    /// only an emoji font shows well (None: the description serves both). It carries its own
    /// legend: the footer's explains the description's drawing, so the text leaves it out.
    pub text: Option<String>,
    /// The description without its drawing, shown instead when a picture carries the board
    /// (None: the description is all words, or the picture leaves out what it draws).
    pub words: Option<String>,
    pub fields: Vec<Field>,
    pub colour: u32,
    pub footer: Option<String>,
    /// Rows of controls, each buttons or one select: a mix Discord would reject cannot be built.
    pub rows: Vec<Row>,
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

    #[must_use]
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

/// A row of controls.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Row {
    Buttons { buttons: Vec<Button> },
    Select(Select),
}

impl Row {
    pub fn buttons(buttons: Vec<Button>) -> Self {
        Row::Buttons { buttons }
    }

    /// Every id in the row: buttons' ids, or the select's options' values.
    pub fn ids(&self) -> Vec<&str> {
        match self {
            Row::Buttons { buttons } => buttons.iter().map(|b| b.id.as_str()).collect(),
            Row::Select(s) => s.options.iter().map(|o| o.value.as_str()).collect(),
        }
    }
}

/// What pressing a control does: play an action, or take a step towards one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target<'a> {
    /// A complete decision: the game's action id.
    Act(&'a str),
    /// Part of a decision (a piece picked, a chain half built): shown again with this draft,
    /// nothing logged or stored.
    Step(&'a str),
}

/// Marks a step's id: action ids never start with it.
pub const STEP: char = '~';

impl<'a> Target<'a> {
    /// A control's id as the game wrote it (`roll`, or `~c1` for a step with draft `c1`).
    pub fn of(id: &'a str) -> Self {
        match id.strip_prefix(STEP) {
            Some(draft) => Target::Step(draft),
            None => Target::Act(id),
        }
    }
}

/// Begins the draft of a step that only shows more of the board (Saizumi's Details): it decides
/// nothing, so anyone reading may press it and is shown that board privately.
pub const LOOK: char = '?';

/// Whether a step's draft only shows more of the board ([`LOOK`]).
pub fn is_look(draft: &str) -> bool {
    draft.starts_with(LOOK)
}

/// The id of a step control whose press shows the decision with `draft` made so far.
pub fn step_id(draft: &str) -> String {
    format!("{STEP}{draft}")
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Button {
    /// An action id, or a step's id ([`step_id`]). Front ends add their own routing.
    pub id: String,
    pub label: String,
    pub style: Style,
    pub emoji: Option<String>,
    pub disabled: bool,
}

impl Button {
    /// A button that plays `action`.
    pub fn act(action: impl Into<String>, label: impl Into<String>, style: Style) -> Self {
        Self {
            id: action.into(),
            label: label.into(),
            style,
            emoji: None,
            disabled: false,
        }
    }

    /// A button that takes a step: the decision shown again with `draft` made so far.
    pub fn step(draft: &str, label: impl Into<String>, style: Style) -> Self {
        Self::act(step_id(draft), label, style)
    }

    #[must_use]
    pub fn disabled(mut self, disabled: bool) -> Self {
        self.disabled = disabled;
        self
    }

    #[must_use]
    pub fn emoji(mut self, emoji: impl Into<String>) -> Self {
        self.emoji = Some(emoji.into());
        self
    }
}

/// A drop-down: one pick among up to 25 options. Its own id is the front end's to set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Select {
    pub id: String,
    pub placeholder: String,
    pub options: Vec<SelectOption>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SelectOption {
    /// An action id or a step's id, like a button's.
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

fn button_problems(row: usize, buttons: &[Button], problems: &mut Vec<String>) {
    use limits::{BUTTONS_PER_ROW, LABEL};
    if buttons.is_empty() || buttons.len() > BUTTONS_PER_ROW {
        problems.push(format!(
            "row {row} has {} buttons (1–{BUTTONS_PER_ROW})",
            buttons.len()
        ));
    }
    for b in buttons {
        if len(&b.label) > LABEL || b.label.trim().is_empty() {
            problems.push(format!("button label `{}` must have 1–{LABEL} chars", b.label));
        }
    }
}

fn select_problems(select: &Select, problems: &mut Vec<String>) {
    use limits::{PLACEHOLDER, SELECT_OPTION_TEXT, SELECT_OPTIONS};
    if len(&select.placeholder) > PLACEHOLDER {
        problems.push(format!("placeholder over {PLACEHOLDER} chars"));
    }
    if select.options.is_empty() || select.options.len() > SELECT_OPTIONS {
        problems.push(format!(
            "select with {} options (1–{SELECT_OPTIONS})",
            select.options.len()
        ));
    }
    for o in &select.options {
        for s in [Some(&o.label), o.description.as_ref()].into_iter().flatten() {
            if s.is_empty() || len(s) > SELECT_OPTION_TEXT {
                problems.push(format!(
                    "select option text `{s}` must have 1–{SELECT_OPTION_TEXT} chars"
                ));
            }
        }
    }
}

impl View {
    /// Every limit a front end must respect. A view that breaks one is a bug in the game's view code.
    pub fn check_limits(&self) -> Result<(), String> {
        let mut problems = self.embed_problems();
        self.control_problems(&mut problems);
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems.join("; "))
        }
    }

    /// The embed's texts against their limits, each and in all.
    fn embed_problems(&self) -> Vec<String> {
        use limits::{DESCRIPTION, EMBED_TOTAL, FIELD_NAME, FIELD_VALUE, FIELDS, FOOTER, TITLE};
        let mut problems = vec![];
        let mut check = |what: &str, s: &str, max: usize| {
            if len(s) > max {
                problems.push(format!("{what} has {} chars (max {max})", len(s)));
            }
            if s.trim().is_empty() {
                problems.push(format!("{what} is empty"));
            }
        };
        check("title", &self.title, TITLE);
        check("description", &self.description, DESCRIPTION);
        for (i, f) in self.fields.iter().enumerate() {
            check(&format!("field {i} name"), &f.name, FIELD_NAME);
            check(&format!("field {i} value"), &f.value, FIELD_VALUE);
        }
        if let Some(footer) = &self.footer {
            check("footer", footer, FOOTER);
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
        problems
    }

    /// The rows of controls against Discord's limits; every id distinct.
    fn control_problems(&self, problems: &mut Vec<String>) {
        use limits::{ACTION_ID, ROWS};
        if self.rows.len() > ROWS {
            problems.push(format!("{} rows of controls (max {ROWS})", self.rows.len()));
        }
        let mut ids = std::collections::HashSet::new();
        for (r, row) in self.rows.iter().enumerate() {
            match row {
                Row::Buttons { buttons } => button_problems(r, buttons, problems),
                Row::Select(select) => select_problems(select, problems),
            }
            for id in row.ids() {
                if id.is_empty() || len(id) > ACTION_ID {
                    problems.push(format!("action id `{id}` must have 1–{ACTION_ID} chars"));
                }
                if !ids.insert(id.to_owned()) {
                    problems.push(format!("action id `{id}` appears twice"));
                }
            }
        }
    }

    /// The controls as text, a line per row (`[Roll](roll) [Stop](stop)`), for snapshots.
    pub fn controls_text(&self) -> String {
        self.rows
            .iter()
            .map(|row| match row {
                Row::Buttons { buttons } => buttons
                    .iter()
                    .map(|b| format!("[{}]({})", b.label, b.id))
                    .collect::<Vec<_>>()
                    .join(" "),
                Row::Select(s) => {
                    let options: Vec<String> = s
                        .options
                        .iter()
                        .map(|o| format!("{}({})", o.label, o.value))
                        .collect();
                    format!("<{}: {}>", s.placeholder, options.join(" | "))
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The view as plain text for a terminal: title, board, fields, footer (controls are listed
    /// separately by the console as numbered choices). A text board has its own legend, so the
    /// footer (the drawing's) is left out with the drawing.
    pub fn to_text(&self) -> String {
        match &self.text {
            Some(text) => self.with_board(text, None),
            None => self.with_board(&self.description, self.footer.as_deref()),
        }
    }

    /// The view as plain text with the board as the embed draws it (emoji art and all).
    pub fn to_embed_text(&self) -> String {
        self.with_board(&self.description, self.footer.as_deref())
    }

    fn with_board(&self, board: &str, footer: Option<&str>) -> String {
        let mut out = format!("== {} ==\n{board}\n", self.title);
        for f in &self.fields {
            out.push_str(&format!("\n{}\n{}\n", f.name, f.value));
        }
        if let Some(footer) = footer {
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
            text: None,
            words: None,
            fields: vec![Field::new("a", "b")],
            colour: 0,
            footer: None,
            rows: vec![Row::buttons(vec![Button::act("roll", "Roll", Style::Primary)])],
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
        v.rows = vec![Row::buttons(vec![Button::act("a", "A", Style::Primary)]); 6];
        let err = v.check_limits().unwrap_err();
        assert!(err.contains("rows") && err.contains("twice"), "{err}");

        let mut v = view();
        v.rows[0] = Row::buttons(
            (0..6)
                .map(|i| Button::act(format!("b{i}"), "B", Style::Primary))
                .collect(),
        );
        assert!(v.check_limits().unwrap_err().contains("buttons"));

        let mut v = view();
        v.fields[0].value = String::new();
        assert!(v.check_limits().unwrap_err().contains("empty"));

        let mut v = view();
        v.fields = vec![Field::new("n", "v".repeat(1000)); 6];
        assert!(v.check_limits().unwrap_err().contains("in all"));

        let mut v = view();
        v.rows[0] = Row::buttons(vec![Button::act("x".repeat(65), "B", Style::Primary)]);
        assert!(v.check_limits().unwrap_err().contains("action id"));

        let mut v = view();
        v.rows[0] = Row::Select(Select {
            id: "pick".into(),
            placeholder: "Pick".into(),
            options: vec![],
        });
        assert!(v.check_limits().unwrap_err().contains("select with 0"));
    }

    #[test]
    fn every_seat_has_a_shape_of_its_own() {
        let shapes: Vec<_> = SEAT_EMOJI.iter().map(|m| mark_shape(m)).collect();
        assert_eq!(shapes, SEAT_SHAPE.map(Some).to_vec());
        for (i, shape) in SEAT_SHAPE.iter().enumerate() {
            assert!(!SEAT_SHAPE[..i].contains(shape), "seat {i} repeats a shape");
        }
    }

    #[test]
    fn only_the_seats_in_play_may_use_their_shapes() {
        assert_eq!(look_alike("🔴 Ann · 🟦 Ben · ⚪⬛⬜🔳", 2), None);
        assert_eq!(look_alike("🔴 Ann · 🔵 Ben", 2), Some('🔵'));
        assert_eq!(look_alike("jewel 💎", 5), Some('💎'));
        assert_eq!(look_alike("🔶 Cho", 2), Some('🔶'));
        assert_eq!(look_alike("🔶 Cho", 3), None);
        assert_eq!(look_alike("❤️ lives", 5), Some('❤'));
    }

    #[test]
    fn targets_tell_steps_from_actions() {
        assert_eq!(Target::of("roll"), Target::Act("roll"));
        assert_eq!(Target::of(&step_id("c1")), Target::Step("c1"));
        assert_eq!(Target::of(&step_id("")), Target::Step(""));
    }
}
