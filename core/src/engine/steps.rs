//! Decisions made in steps. A decision with more possibilities than fit in Discord's 25
//! components (a ninja then its destination; a chain a step at a time) is offered as a tree: each
//! complete decision is a path of tokens, the draft is the tokens picked so far, and each press
//! either takes a step (a new draft: nothing is logged or stored) or, at a complete decision,
//! plays it. Games with their own layout (a compass of directions) build rows themselves and use
//! [`tokens`] and [`draft_of`] for the draft.

use super::view::{Button, Row, Select, SelectOption, Style, limits, step_id};

/// Separates the tokens of a draft (`c1.c4`, `a1.E.N`).
pub const SEP: char = '.';

/// The tokens of a draft ("" has none).
pub fn tokens(draft: &str) -> Vec<&str> {
    draft.split(SEP).filter(|t| !t.is_empty()).collect()
}

/// The draft of some tokens.
pub fn draft_of<S: AsRef<str>>(tokens: &[S]) -> String {
    tokens
        .iter()
        .map(AsRef::as_ref)
        .collect::<Vec<_>>()
        .join(&SEP.to_string())
}

/// One complete decision: the steps that lead to it and the action it plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
    /// Each step's token and its label (`c1` "Ninja c1").
    pub steps: Vec<(String, String)>,
    pub action: String,
    /// The label of the control that plays it when it is reached.
    pub label: String,
}

/// Where a draft stands among the paths.
pub struct Menu<'a> {
    paths: &'a [Path],
    /// The draft's tokens, cut back to the longest prefix some path has.
    pub draft: Vec<String>,
}

impl<'a> Menu<'a> {
    /// The menu at `draft`; a draft no path starts with (stale or forged) is cut back.
    pub fn new(paths: &'a [Path], draft: &str) -> Self {
        let mut tokens: Vec<String> = tokens(draft).into_iter().map(str::to_owned).collect();
        while !tokens.is_empty() && !paths.iter().any(|p| starts_with(p, &tokens)) {
            tokens.pop();
        }
        Self { paths, draft: tokens }
    }

    /// The decision complete at this draft, if one is.
    pub fn complete(&self) -> Option<&'a Path> {
        self.paths
            .iter()
            .find(|p| p.steps.len() == self.draft.len() && starts_with(p, &self.draft))
    }

    /// The next steps, in the paths' order: (token, label, the single path it completes when
    /// nothing lies beyond it).
    pub fn next(&self) -> Vec<(&'a str, &'a str, Option<&'a Path>)> {
        let depth = self.draft.len();
        let mut out: Vec<(&str, &str, Option<&Path>)> = vec![];
        for p in self
            .paths
            .iter()
            .filter(|p| p.steps.len() > depth && starts_with(p, &self.draft))
        {
            let (token, label) = &p.steps[depth];
            if let Some(entry) = out.iter_mut().find(|(t, ..)| t == token) {
                entry.2 = None;
            } else {
                let ends_here = p.steps.len() == depth + 1;
                out.push((token, label, ends_here.then_some(p)));
            }
        }
        out
    }

    /// The draft one step further.
    pub fn deeper(&self, token: &str) -> String {
        let mut tokens = self.draft.clone();
        tokens.push(token.to_owned());
        draft_of(&tokens)
    }

    /// The draft one step back.
    pub fn back(&self) -> String {
        draft_of(&self.draft[..self.draft.len().saturating_sub(1)])
    }

    /// Rows for this draft: the next steps (a step's press plays the decision directly when it
    /// is the only one beyond), the complete decision's control, **Back**, and `extra` (e.g.
    /// Resign) in the last row. Buttons while they fit, else selects of up to 25.
    pub fn rows(&self, back_label: &str, placeholder: &str, extra: Vec<Button>) -> Vec<Row> {
        let next: Vec<(String, String)> = self
            .next()
            .into_iter()
            .map(|(token, label, only)| match only {
                Some(p) => (p.action.clone(), label.to_owned()),
                None => (step_id(&self.deeper(token)), label.to_owned()),
            })
            .collect();
        let mut last: Vec<Button> = vec![];
        if let Some(p) = self.complete() {
            last.push(Button::act(p.action.clone(), p.label.clone(), Style::Success));
        }
        if !self.draft.is_empty() {
            last.push(Button::step(&self.back(), back_label, Style::Secondary));
        }
        last.extend(extra);
        let room = limits::ROWS - usize::from(!last.is_empty());
        let mut rows: Vec<Row> = if next.len() <= room * limits::BUTTONS_PER_ROW {
            next.chunks(limits::BUTTONS_PER_ROW)
                .map(|chunk| {
                    Row::buttons(
                        chunk
                            .iter()
                            .map(|(id, label)| Button::act(id.clone(), label.clone(), Style::Primary))
                            .collect(),
                    )
                })
                .collect()
        } else {
            next.chunks(limits::SELECT_OPTIONS)
                .take(room)
                .enumerate()
                .map(|(i, chunk)| {
                    Row::Select(Select {
                        id: format!("pick{i}"),
                        placeholder: placeholder.to_owned(),
                        options: chunk
                            .iter()
                            .map(|(id, label)| SelectOption {
                                value: id.clone(),
                                label: label.clone(),
                                description: None,
                            })
                            .collect(),
                    })
                })
                .collect()
        };
        for chunk in last
            .chunks(limits::BUTTONS_PER_ROW)
            .take(limits::ROWS - rows.len())
        {
            rows.push(Row::buttons(chunk.to_vec()));
        }
        rows
    }
}

fn starts_with(path: &Path, tokens: &[String]) -> bool {
    tokens.len() <= path.steps.len() && path.steps.iter().zip(tokens).all(|((t, _), d)| t == d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::view::Target;

    fn path(steps: &[&str], action: &str) -> Path {
        Path {
            steps: steps.iter().map(|s| (s.to_string(), s.to_uppercase())).collect(),
            action: action.into(),
            label: format!("play {action}"),
        }
    }

    fn ids(rows: &[Row]) -> Vec<String> {
        rows.iter().flat_map(|r| r.ids()).map(str::to_owned).collect()
    }

    #[test]
    fn a_piece_then_its_destination() {
        let paths = [
            path(&["c1", "c4"], "c1-c4"),
            path(&["c1", "d3"], "c1-d3"),
            path(&["a2", "a5"], "a2-a5"),
        ];
        let root = Menu::new(&paths, "");
        assert_eq!(ids(&root.rows("Back", "Pick", vec![])), ["~c1", "~a2"]);
        let c1 = Menu::new(&paths, "c1");
        assert_eq!(ids(&c1.rows("Back", "Pick", vec![])), ["c1-c4", "c1-d3", "~"]);
        assert_eq!(Target::of("~"), Target::Step(""));
    }

    #[test]
    fn a_chain_a_step_at_a_time_with_a_commit_at_every_length() {
        let paths = [
            path(&["a1", "E"], "a1 E"),
            path(&["a1", "E", "N"], "a1 EN"),
            path(&["a1", "N"], "a1 N"),
        ];
        let at = Menu::new(&paths, "a1.E");
        assert_eq!(at.complete().map(|p| p.action.as_str()), Some("a1 E"));
        assert_eq!(ids(&at.rows("Back", "Pick", vec![])), ["a1 EN", "a1 E", "~a1"]);
    }

    #[test]
    fn a_stale_or_forged_draft_is_cut_back() {
        let paths = [path(&["c1", "c4"], "c1-c4")];
        assert!(Menu::new(&paths, "c1.zz").draft == ["c1"]);
        assert!(Menu::new(&paths, "nonsense").draft.is_empty());
    }

    #[test]
    fn many_steps_become_selects_within_limits() {
        let paths: Vec<Path> = (0..60)
            .map(|i| path(&[&format!("p{i}")], &format!("a{i}")))
            .collect();
        let rows = Menu::new(&paths, "").rows(
            "Back",
            "Pick",
            vec![Button::act("resign", "Resign", Style::Danger)],
        );
        assert_eq!(rows.len(), 4);
        assert!(matches!(rows[0], Row::Select(_)));
        assert!(matches!(rows[3], Row::Buttons { .. }));
        assert_eq!(ids(&rows).len(), 61);
    }
}
