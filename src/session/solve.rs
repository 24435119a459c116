//! `/<game> puzzle` as a front end serves it: the day's puzzle (or the next one near the
//! player's rating) drawn as the game's usual board in the server's style, with only the
//! puzzle's choices, and the steps toward them, as buttons routed to the player it was shown
//! to. A press on a choice is judged and recorded once ([`Store::answer_puzzle`]); the answer
//! says right or wrong, what each choice was worth and why, and how both ratings moved. A
//! repeat shows the first answer, which is the one that counts.

use super::ids::{self, PuzzleRoute};
use super::puzzles::{NoPuzzle, Puzzle};
use super::settings::BoardStyle;
use super::tables::Tables;
use super::{Post, Refused, Reply, User, render};
use crate::engine::day::Day;
use crate::engine::puzzle::step_leads;
use crate::engine::view::Target;
use crate::engine::{Button, Msg, Row, Style, Tr, View};
use crate::games::GameKind;
use crate::id::GuildId;
use crate::store::{Attempt, Store, StoreError};

/// A message's content is at most 2,000 characters: the verdict keeps within this.
const CONTENT_CHARS: usize = 1900;

/// Puzzles served from the store at one moment, drawn in one server's board style.
pub struct Desk<'a> {
    pub store: &'a Store,
    /// Unix seconds: the day's puzzle and the answer's time.
    pub now: i64,
    pub style: BoardStyle,
}

impl Desk<'_> {
    /// `/<game> puzzle`: the day's puzzle of `kind`, or with `next` the unanswered one rated
    /// nearest the player. One answered before shows that answer.
    pub async fn ask(&self, kind: GameKind, next: bool, user: &User) -> Result<Post, Refused> {
        let found = if next {
            Puzzle::next(self.store, kind, user.id).await
        } else {
            let day = Day::of_unix(self.now).unwrap_or_else(|| Day::new(1).expect("day #1"));
            Puzzle::of_day(self.store, kind, day).await
        };
        let puzzle = found.map_err(|why| refusal(kind, &why))?;
        match self.store.puzzle_attempt(user.id, puzzle.row.id).await {
            Ok(Some(earlier)) => Ok(self.answered(&puzzle, &earlier, None, user)),
            Ok(None) => Ok(self.question(&puzzle, "", user)),
            Err(e) => Err(Refused::store(&e)),
        }
    }

    /// A press on a puzzle's control, by its owner alone: a step redraws the board, a choice is
    /// answered, "Another puzzle" shows the next one. Anything else changes nothing.
    pub async fn click(&self, route: &PuzzleRoute, user: &User) -> Reply {
        let tr = Tr::new(user.locale, &[]);
        if route.owner() != user.id {
            return Reply::Private(tr.t("puzzle-not-yours"));
        }
        let shown = match route {
            PuzzleRoute::Next { kind, .. } => self.ask(*kind, true, user).await,
            PuzzleRoute::Answer { puzzle, control, .. } => self.press(*puzzle, control, user).await,
        };
        match shown {
            Ok(post) => Reply::Update(post),
            Err(refused) => Reply::Private(refused.words(user.locale)),
        }
    }

    async fn press(&self, id: i64, control: &str, user: &User) -> Result<Post, Refused> {
        let failed = |e: StoreError| Refused::store(&e);
        let missing = || Refused(Msg::new("puzzle-missing").arg("id", id));
        let row = self.store.puzzle(id).await.map_err(failed)?;
        let row = row.ok_or_else(missing)?;
        let kind = GameKind::from_id(&row.puzzle.kind);
        let puzzle = Puzzle::load(row).map_err(|why| match kind {
            Some(kind) => refusal(kind, &why),
            None => missing(),
        })?;
        let choice = match Target::of(control) {
            Target::Step(draft) => return Ok(self.question(&puzzle, draft, user)),
            Target::Act(choice) => choice,
        };
        if !puzzle.row.puzzle.choices.iter().any(|c| c.id == choice) {
            return Err(Msg::new("puzzle-unknown-choice").arg("choice", choice).into());
        }
        if let Some(earlier) = self.store.puzzle_attempt(user.id, id).await.map_err(failed)? {
            return Ok(self.answered(&puzzle, &earlier, None, user));
        }
        let solved = choice == puzzle.row.puzzle.best;
        let attempt = self
            .store
            .answer_puzzle(user.id, id, choice, solved, self.now)
            .await
            .map_err(failed)?;
        let after = self.store.puzzle(id).await.map_err(failed)?;
        let moved = after.map(|r| (puzzle.row.puzzle.rating.rating, r.puzzle.rating.rating));
        Ok(self.answered(&puzzle, &attempt, moved, user))
    }

    /// The puzzle's board at `draft` with its choices as buttons, and the question above it.
    fn question(&self, puzzle: &Puzzle, draft: &str, user: &User) -> Post {
        let names = puzzle.names(&Tr::new(user.locale, &[]));
        let tr = Tr::new(user.locale, &names);
        let (mut view, picture) = render::drawn(puzzle.game.as_ref(), draft, self.style, &tr);
        offer_choices(&mut view, puzzle, draft, &tr, user);
        Post {
            content: Some(tr.msg(&puzzle.question())),
            view,
            ping: vec![],
            picture,
        }
    }

    /// The board with the verdict of `attempt` above it and "Another puzzle" below. `moved`:
    /// the puzzle's rating before and after this answer (none for an answer shown again).
    fn answered(&self, puzzle: &Puzzle, attempt: &Attempt, moved: Option<(f64, f64)>, user: &User) -> Post {
        let names = puzzle.names(&Tr::new(user.locale, &[]));
        let tr = Tr::new(user.locale, &names);
        let (mut view, picture) = render::drawn(puzzle.game.as_ref(), "", self.style, &tr);
        view.rows = vec![Row::buttons(vec![Button::act(
            ids::puzzle_next(puzzle.kind, user.id),
            tr.t("puzzle-another"),
            Style::Primary,
        )])];
        let verdict = puzzle.verdict(&attempt.answer, &tr).unwrap_or_default();
        let values = puzzle
            .row
            .puzzle
            .choices
            .len()
            .min(verdict.len().saturating_sub(1));
        let mut head = vec![];
        if moved.is_none() {
            head.push(tr.t("puzzle-again"));
        }
        head.extend(verdict.first().map(|m| tr.msg(m)));
        let mut tail: Vec<String> = verdict.iter().skip(1 + values).map(|m| tr.msg(m)).collect();
        tail.push(change(
            &tr,
            "puzzle-rating-player",
            attempt.rating_before,
            attempt.rating_after,
        ));
        if let Some((before, after)) = moved {
            tail.push(change(&tr, "puzzle-rating-puzzle", before, after));
        }
        let values: Vec<String> = verdict.iter().skip(1).take(values).map(|m| tr.msg(m)).collect();
        Post {
            content: Some(fit(head, values, tail, &tr)),
            view,
            ping: vec![],
            picture,
        }
    }
}

/// Why no puzzle is shown.
fn refusal(kind: GameKind, why: &NoPuzzle) -> Refused {
    if let NoPuzzle::Failed(reason) = why {
        tracing::error!(game = kind.id(), %reason, "a puzzle could not be served");
    }
    Refused(why.msg(kind))
}

/// Keeps only the controls that answer the puzzle (its choices) or step toward an answer (and
/// back, and looks), each routed to the puzzle and the player it is shown to: no Resign, no
/// step toward other moves, nothing else of a live board. `draft`: where the board is drawn.
fn offer_choices(view: &mut View, puzzle: &Puzzle, draft: &str, tr: &Tr, user: &User) {
    let choices: Vec<&str> = puzzle.row.puzzle.choices.iter().map(|c| c.id.as_str()).collect();
    let answers = |id: &str| match Target::of(id) {
        Target::Step(to) => step_leads(puzzle.game.as_ref(), draft, to, &choices, tr),
        Target::Act(action) => choices.contains(&action),
    };
    let route = |id: &mut String| *id = ids::puzzle(puzzle.row.id, user.id, id);
    for row in &mut view.rows {
        match row {
            Row::Buttons { buttons } => {
                buttons.retain(|b| answers(&b.id));
                for b in buttons.iter_mut() {
                    route(&mut b.id);
                }
            }
            Row::Select(select) => {
                select.options.retain(|o| answers(&o.value));
                route(&mut select.id);
            }
        }
    }
    view.rows.retain(|row| match row {
        Row::Buttons { buttons } => !buttons.is_empty(),
        Row::Select(select) => !select.options.is_empty(),
    });
}

/// A rating's move in words: before, after and the signed change, rounded.
fn change(tr: &Tr, id: &str, before: f64, after: f64) -> String {
    tr.f(
        id,
        &[
            ("before", format!("{before:.0}").into()),
            ("after", format!("{after:.0}").into()),
            ("change", format!("{:+.0}", after - before).into()),
        ],
    )
}

/// The verdict's lines within a message: its head and tail whole, and as many of the choices'
/// values (best first) as fit, then how many were left out.
fn fit(head: Vec<String>, values: Vec<String>, tail: Vec<String>, tr: &Tr) -> String {
    let length = |lines: &[String]| lines.iter().map(|l| l.chars().count() + 1).sum::<usize>();
    let room = CONTENT_CHARS.saturating_sub(length(&head) + length(&tail) + 40);
    let mut shown = vec![];
    let mut used = 0;
    for line in &values {
        if used + line.chars().count() + 1 > room {
            break;
        }
        used += line.chars().count() + 1;
        shown.push(line.clone());
    }
    let left = values.len() - shown.len();
    if left > 0 {
        shown.push(tr.f("puzzle-more-values", &[("n", left.into())]));
    }
    let mut lines = head;
    lines.extend(shown);
    lines.extend(tail);
    lines.join("\n")
}

impl Tables {
    /// `/<game> puzzle` (`next`: another near the player's rating), in the server's board style.
    pub async fn puzzle(
        &self,
        kind: GameKind,
        guild: Option<GuildId>,
        user: &User,
        next: bool,
    ) -> Result<Post, Refused> {
        self.desk(guild).await.ask(kind, next, user).await
    }

    /// A press on a puzzle's control, in the server the click came from.
    pub async fn puzzle_click(&self, route: &PuzzleRoute, guild: Option<GuildId>, user: &User) -> Reply {
        self.desk(guild).await.click(route, user).await
    }

    async fn desk(&self, guild: Option<GuildId>) -> Desk<'_> {
        Desk {
            store: &self.play.store,
            now: self.play.clock.now(),
            style: self.server_settings(guild).await.board_style,
        }
    }
}
