//! A problem of the configuration: where it was set (the file's line, an environment variable),
//! the key as written, and what is wrong, worded in the reader's language when it is shown.

use crate::engine::{Msg, Tr};
use std::path::{Path, PathBuf};

/// Where a key's value came from.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Place {
    /// The file's 1-based line.
    Line(usize),
    /// The file, where no line says it (a default taking part in another key's problem).
    File,
    /// An environment variable, which overrides the file.
    Env(String),
}

/// One problem: a line of `check-config`'s list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub place: Place,
    /// The key as the file writes it, `[limits]` keys with `in_limits` set.
    pub key: String,
    pub in_limits: bool,
    /// The 1-based item of a list the problem is in (`guild_ids`' third id).
    pub item: Option<usize>,
    pub what: Msg,
}

impl Problem {
    pub fn new(place: Place, key: impl Into<String>, what: Msg) -> Self {
        Problem {
            place,
            key: key.into(),
            in_limits: false,
            item: None,
            what,
        }
    }

    /// The same problem, of a key of the `[limits]` table.
    #[must_use]
    pub fn in_limits(self) -> Self {
        Problem {
            in_limits: true,
            ..self
        }
    }

    /// Its line of the list: `FILE:LINE: key: what is wrong`.
    pub fn words(&self, file: &Path, tr: &Tr) -> String {
        let key = if self.in_limits {
            tr.msg(&Msg::new("config-limits-key").arg("key", self.key.as_str()))
        } else {
            self.key.clone()
        };
        let mut what = tr.msg(&self.what);
        if let Some(item) = self.item {
            what = tr.msg(&Msg::new("config-wrong-item").arg("item", item).arg("what", what));
        }
        let file = file.display().to_string();
        let at = match &self.place {
            Place::Line(line) => Msg::new("config-at-line").arg("line", *line).arg("file", file),
            Place::File => Msg::new("config-at-file").arg("file", file),
            Place::Env(var) => Msg::new("config-at-env").arg("var", var.as_str()),
        };
        tr.msg(&at.arg("key", key).arg("what", what))
    }
}

/// Why a configuration was refused: the file could not be read, or every problem its keys have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A sentence of its own: the file is missing, unreadable or not TOML.
    Unread(Msg),
    /// Every problem, in the file's order, then the environment's.
    Problems { file: PathBuf, list: Vec<Problem> },
}

impl Refusal {
    pub fn problems(file: &Path, mut list: Vec<Problem>) -> Self {
        // Stable: the problems of one line keep the order they were found in.
        list.sort_by(|a, b| a.place.cmp(&b.place));
        Refusal::Problems {
            file: file.to_owned(),
            list,
        }
    }

    /// The refusal in the reader's language: a heading and a problem a line.
    pub fn words(&self, tr: &Tr) -> String {
        match self {
            Refusal::Unread(msg) => tr.msg(msg),
            Refusal::Problems { file, list } => {
                let heading = Msg::new("config-problems")
                    .arg("file", file.display().to_string())
                    .arg("count", list.len());
                std::iter::once(tr.msg(&heading))
                    .chain(list.iter().map(|p| p.words(file, tr)))
                    .collect::<Vec<_>>()
                    .join("\n")
            }
        }
    }
}
