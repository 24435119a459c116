//! Puzzles as every front end serves them: a stored puzzle set up again from its snapshot, the
//! day's puzzle of a game, and the answer in words (right or wrong, the best move, what each
//! choice was worth, the coach's reason). Recording an answer and its ratings is the store's
//! one transaction ([`Store::answer_puzzle`]).

use crate::engine::day::Day;
use crate::engine::puzzle::{daily_index, nearest};
use crate::engine::{AnyGame, Field, Msg, Tr};
use crate::games::GameKind;
use crate::history::PuzzleRating;
use crate::id::UserId;
use crate::store::{PuzzleRow, Store, StoreError};

/// A stored puzzle, its position set up again.
pub struct Puzzle {
    pub row: PuzzleRow,
    pub kind: GameKind,
    pub game: Box<dyn AnyGame>,
}

/// Why no puzzle can be served, in words.
#[derive(Debug)]
pub enum NoPuzzle {
    /// The game has no coach, so it has no puzzles.
    NoCoach,
    /// None generated yet.
    NoneYet,
    /// The player has answered every one.
    AllAnswered,
    /// The store failed, or a stored puzzle does not set up again.
    Failed(String),
}

impl NoPuzzle {
    pub fn msg(&self, kind: GameKind) -> Msg {
        match self {
            NoPuzzle::NoCoach => Msg::new("puzzle-no-coach").arg("game", kind.id()),
            NoPuzzle::NoneYet => Msg::new("puzzle-none").arg("game", kind.id()),
            NoPuzzle::AllAnswered => Msg::new("puzzle-all-answered").arg("game", kind.id()),
            NoPuzzle::Failed(why) => Msg::new("puzzle-failed").arg("reason", why.as_str()),
        }
    }
}

impl From<StoreError> for NoPuzzle {
    fn from(e: StoreError) -> Self {
        NoPuzzle::Failed(e.to_string())
    }
}

impl Puzzle {
    /// Sets a stored puzzle up again.
    pub fn load(row: PuzzleRow) -> Result<Puzzle, NoPuzzle> {
        let kind = GameKind::from_id(&row.puzzle.kind)
            .ok_or_else(|| NoPuzzle::Failed(format!("no game {}", row.puzzle.kind)))?;
        let game = kind
            .restore(&row.puzzle.snapshot)
            .map_err(|e| NoPuzzle::Failed(format!("{e:?}")))?;
        Ok(Puzzle { row, kind, game })
    }

    /// The day's puzzle of `kind`, the same for everyone: fixed in the store by the first to ask.
    pub async fn of_day(store: &Store, kind: GameKind, day: Day) -> Result<Puzzle, NoPuzzle> {
        if !kind.coached() {
            return Err(NoPuzzle::NoCoach);
        }
        let pick = |puzzles: &[(i64, f64)]| daily_index(day, puzzles.len()).map(|i| puzzles[i].0);
        let id = store
            .day_puzzle(kind.id(), day.number(), pick)
            .await?
            .ok_or(NoPuzzle::NoneYet)?;
        let row = store.puzzle(id).await?.ok_or(NoPuzzle::NoneYet)?;
        Puzzle::load(row)
    }

    /// The next puzzle of `kind` for `player`: the unanswered one rated nearest their rating.
    pub async fn next(store: &Store, kind: GameKind, player: UserId) -> Result<Puzzle, NoPuzzle> {
        if !kind.coached() {
            return Err(NoPuzzle::NoCoach);
        }
        let puzzles = store.puzzle_ratings_of(kind.id()).await?;
        if puzzles.is_empty() {
            return Err(NoPuzzle::NoneYet);
        }
        let answered = store.answered_puzzles(player, kind.id()).await?;
        let rating = store
            .puzzle_standing(player)
            .await?
            .map_or_else(PuzzleRating::default, |s| s.rating);
        let id = nearest(rating.rating, &puzzles, &answered).ok_or(NoPuzzle::AllAnswered)?;
        let row = store.puzzle(id).await?.ok_or(NoPuzzle::NoneYet)?;
        Puzzle::load(row)
    }

    /// The seats' names: "You" for the seat to move, the others by number.
    pub fn names(&self, tr: &Tr) -> Vec<String> {
        let seat = self.row.puzzle.seat;
        (0..self.row.puzzle.players)
            .map(|i| {
                if i == seat {
                    tr.t("puzzle-you")
                } else {
                    tr.msg(&Msg::new("puzzle-player").arg("n", i + 1))
                }
            })
            .collect()
    }

    /// The question: which seat the reader plays, the puzzle's number and difficulty.
    pub fn question(&self) -> Msg {
        Msg::new("puzzle-ask")
            .arg("game", self.kind.id())
            .arg("id", self.row.id)
            .arg("difficulty", self.row.puzzle.difficulty)
            .seat("seat", self.row.puzzle.seat)
    }

    /// The answer `taken` judged: right or wrong, the best move, each choice's value (best
    /// first) and the coach's reason. `None` if `taken` is not one of the puzzle's choices.
    pub fn verdict(&self, taken: &str, tr: &Tr) -> Option<Vec<Msg>> {
        let p = &self.row.puzzle;
        p.choices.iter().find(|c| c.id == taken)?;
        let seat = p.seat;
        let choices = self.game.choices(seat, tr);
        let label = |id: &str| {
            choices
                .iter()
                .find(|c| c.id == id)
                .map_or_else(|| id.to_owned(), |c| c.label.clone())
        };
        let mut lines = vec![if taken == p.best {
            Msg::new("puzzle-right").arg("best", label(&p.best))
        } else {
            Msg::new("puzzle-wrong")
                .arg("taken", label(taken))
                .arg("best", label(&p.best))
        }];
        let mut values = p.choices.clone();
        values.sort_by(|a, b| b.chance.total_cmp(&a.chance));
        lines.extend(values.iter().map(|c| {
            Msg::new("puzzle-value")
                .arg("choice", label(&c.id))
                .arg("chance", format!("{:.1}", c.chance * 100.0))
                .arg("margin", format!("{:.1}", c.margin * 100.0))
        }));
        lines.extend(self.game.hint(seat));
        Some(lines)
    }
}

/// `/saikoro stats`' puzzle field: the player's puzzle rating and how many they solved.
pub(super) async fn rating_field(
    store: &Store,
    player: UserId,
    tr: &Tr<'_>,
) -> Result<Option<Field>, StoreError> {
    Ok(store.puzzle_standing(player).await?.map(|s| {
        let value = Msg::new("puzzle-stats-value")
            .arg("rating", format!("{:.0}", s.rating.rating))
            .arg("solved", s.solved)
            .arg("attempts", s.attempts);
        Field::new(tr.t("puzzle-stats"), tr.msg(&value)).inline()
    }))
}
