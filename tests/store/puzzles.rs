//! Puzzles (issue 31.2): stored, the day's fixed once, one counted answer per player whatever the
//! server, both ratings moved in its transaction, and forget-me removing the player's rows.

use super::*;

on_backends!([sqlite_memory: SqliteMemory, sqlite_file: SqliteFile, postgres: Postgres]
    a_puzzle_answer_counts_once_moves_both_ratings_and_is_forgotten,
);

async fn a_puzzle_answer_counts_once_moves_both_ratings_and_is_forgotten(db: TestDb) {
    use saikoro::history::PuzzleRating;
    use saikoro::store::{NewPuzzle, PuzzleChoice};
    let store = &db.store;
    let puzzle = |rating: f64| NewPuzzle {
        kind: "cantstop".into(),
        players: 2,
        options: json!({}),
        snapshot: format!("{{\"rating\":{rating}}}"),
        seat: 1,
        choices: vec![
            PuzzleChoice {
                id: "a".into(),
                chance: 0.3,
                margin: 0.02,
            },
            PuzzleChoice {
                id: "b".into(),
                chance: 0.6,
                margin: 0.02,
            },
        ],
        best: "b".into(),
        difficulty: 3,
        rating: PuzzleRating::of_puzzle(rating),
        created_at: 1_700_000_000,
    };
    let first = store.insert_puzzle(&puzzle(1500.0)).await.unwrap().unwrap();
    let second = store.insert_puzzle(&puzzle(1700.0)).await.unwrap().unwrap();
    // The same position again (another generator run on the same seed) is not stored twice.
    assert_eq!(store.insert_puzzle(&puzzle(1500.0)).await.unwrap(), None);
    let ratings = store.puzzle_ratings_of("cantstop").await.unwrap();
    assert_eq!(ratings, vec![(first, 1500.0), (second, 1700.0)]);
    let row = store.puzzle(first).await.unwrap().unwrap();
    assert_eq!(
        (
            row.puzzle.choices.len(),
            row.puzzle.seat,
            row.puzzle.best.as_str()
        ),
        (2, 1, "b")
    );
    assert_eq!(store.puzzle_ratings_of("cantstop").await.unwrap().len(), 2);
    // The day's puzzle is fixed by the first to ask.
    let day = store.day_puzzle("cantstop", 26, |_| Some(second)).await.unwrap();
    assert_eq!(day, Some(second));
    let again = store.day_puzzle("cantstop", 26, |_| Some(first)).await.unwrap();
    assert_eq!(again, Some(second), "fixed for the day");
    assert_eq!(store.day_puzzle("ishigaki", 26, |_| None).await.unwrap(), None);

    let ann = UserId(7);
    let right = store
        .answer_puzzle(ann, second, "b", true, 1_700_000_100)
        .await
        .unwrap();
    assert!(right.solved && right.rating_after > right.rating_before);
    let moved = store.puzzle(second).await.unwrap().unwrap().puzzle.rating;
    assert!(moved.rating < 1700.0, "the puzzle lost rating: {moved:?}");
    // A second try, from anywhere, shows the first answer and changes nothing.
    let retry = store
        .answer_puzzle(ann, second, "a", false, 1_700_000_200)
        .await
        .unwrap();
    assert_eq!(retry, right);
    let standing = store.puzzle_standing(ann).await.unwrap().unwrap();
    assert_eq!((standing.attempts, standing.solved), (1, 1));
    assert_eq!(standing.rating.rating, right.rating_after);
    let wrong = store
        .answer_puzzle(ann, first, "a", false, 1_700_000_300)
        .await
        .unwrap();
    assert!(!wrong.solved && wrong.rating_after < wrong.rating_before);
    assert_eq!(wrong.rating_before, right.rating_after);
    let mut answered = store.answered_puzzles(ann, "cantstop").await.unwrap();
    answered.sort_unstable();
    assert_eq!(answered, vec![first, second]);
    assert_eq!(
        store.puzzle_attempt(UserId(8), first).await.unwrap(),
        None,
        "per player"
    );

    store.forget_player("7", |_| None).await.unwrap();
    assert_eq!(store.puzzle_standing(ann).await.unwrap(), None, "forgotten");
    assert_eq!(store.puzzle_attempt(ann, second).await.unwrap(), None);
    assert!(store.answered_puzzles(ann, "cantstop").await.unwrap().is_empty());
}
