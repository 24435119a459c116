//! End to end: a puzzle of every other game (Ishigaki, Ninja, Wise Man's Stones, Saizumi), as
//! `/<game> puzzle` shows it. Each puzzle keeps two of its position's moves: every control the
//! board offers, followed step by step, leads to one of them and to nothing else (Back and
//! looks aside), and both are reached. Then it is answered right in English and wrong in
//! Japanese.

use super::puzzles::{press, puzzle_of};
use crate::harness::*;
use saikoro::engine::steps::tokens;
use saikoro::engine::{Level, Locale, SeededDice, Tr};
use saikoro::games::GameKind;
use saikoro::history::PuzzleRating;
use saikoro::store::{NewPuzzle, PuzzleChoice, Store};
use saikoro_emulator::{Emulator, Message, UserId};
use serde_json::json;
use std::collections::BTreeSet;
use std::time::Duration;

/// The games whose puzzles `puzzles.rs` does not cover.
const GAMES: [&str; 4] = ["ishigaki", "ninja", "stones", "saizumi"];

/// An answer may wait for the coach's playouts (its reason in words): longer than a click.
const VERDICT: Duration = Duration::from_secs(120);

/// Stores a puzzle of `game`: a decision of a seeded game between easy bots with at least four
/// moves (two where the game never has four: Ishigaki's stop or roll on), of which it keeps two
/// (the first is best). Returns the two.
async fn store_puzzle(store: &Store, game: &str) -> (String, String) {
    let kind = GameKind::from_id(game).unwrap();
    let tr = Tr::new(Locale::En, &[]);
    for least in [4, 2] {
        let mut dice = SeededDice::new(11);
        let mut state = kind.new_game(&json!({}), 2, &mut dice).unwrap();
        let bot = kind.bot(Level::Easy);
        let mut rng = SeededDice::new(12);
        // A few moves in, so the position is not the opening's.
        for played in 0.. {
            if state.outcome().is_some() {
                break;
            }
            let seat = state.to_act()[0];
            let moves = state.choices(seat, &tr);
            if played >= 6 && moves.len() >= least {
                // Two moves far apart in the list: under different steps where there are steps.
                let (best, other) = (moves[0].id.clone(), moves[moves.len() - 1].id.clone());
                let choice = |id: &String, chance| PuzzleChoice {
                    id: id.clone(),
                    chance,
                    margin: 0.02,
                };
                let puzzle = NewPuzzle {
                    kind: game.to_owned(),
                    players: 2,
                    options: json!({}),
                    snapshot: state.snapshot(),
                    seat,
                    choices: vec![choice(&best, 0.7), choice(&other, 0.4)],
                    best: best.clone(),
                    difficulty: 2,
                    rating: PuzzleRating::of_puzzle(1500.0),
                    created_at: 0,
                };
                store
                    .insert_puzzle(&puzzle)
                    .await
                    .unwrap()
                    .expect("a new position");
                return (best, other);
            }
            let action = bot.choose(state.as_ref(), seat, &mut rng);
            state.apply(seat, &action, &mut dice).unwrap();
        }
    }
    panic!("{game}: no decision between two moves")
}

/// A puzzle message's controls as the moves or steps they press: a button's id, or a select's
/// option as the id it stands for (`pz:<puzzle>:<owner>:<value>`).
fn controls(m: &Message) -> Vec<String> {
    let mut ids = vec![];
    for c in m.controls() {
        let Some(id) = c["custom_id"].as_str() else {
            continue;
        };
        match c["options"].as_array() {
            Some(options) => {
                let head: String = id.splitn(4, ':').take(3).collect::<Vec<_>>().join(":");
                let values = options.iter().filter_map(|o| o["value"].as_str());
                ids.extend(values.map(|v| format!("{head}:{v}")));
            }
            None => ids.push(id.to_owned()),
        }
    }
    ids
}

/// What a puzzle's control does: its move or step (`~draft`), after `pz:<puzzle>:<owner>:`.
fn control(id: &str) -> &str {
    id.splitn(4, ':').nth(3).unwrap_or_default()
}

/// Follows every step forward from the puzzle's board, pressing as its owner; returns the
/// moves offered anywhere. Panics at a step that leads to no move (a step the puzzle does not
/// need) or at an offered move that is not one of `choices`.
async fn explore(
    emu: &Emulator,
    owner: UserId,
    board: &Message,
    choices: &[&str],
    game: &str,
) -> BTreeSet<String> {
    let mut offered = BTreeSet::new();
    // (draft, the controls shown there)
    let mut todo = vec![(String::new(), controls(board))];
    let mut seen = BTreeSet::new();
    while let Some((draft, shown)) = todo.pop() {
        let mut moves_below = 0;
        for id in &shown {
            let Some(next) = control(id).strip_prefix('~') else {
                assert!(
                    choices.contains(&control(id)),
                    "{game}: {id} is not one of {choices:?}"
                );
                offered.insert(control(id).to_owned());
                moves_below += 1;
                continue;
            };
            // Back, and looks (they only show more of the board), lead nowhere new.
            if next.starts_with('?')
                || tokens(next).len() <= tokens(&draft).len()
                || !seen.insert(next.to_owned())
            {
                continue;
            }
            let (kind, text, after) = press(emu, owner, board, id).await;
            assert_eq!(kind, callback_type::UPDATE_MESSAGE, "{game}: {id}: {text}");
            let below = controls(&after);
            assert!(
                below.iter().any(|b| {
                    let c = control(b);
                    !c.starts_with('~') || tokens(&c[1..]).len() > tokens(next).len()
                }),
                "{game}: the step {id} leads to no move of the puzzle: {below:?}"
            );
            moves_below += 1;
            todo.push((next.to_owned(), below));
        }
        assert!(
            moves_below > 0,
            "{game}: nothing to press at `{draft}`: {shown:?}"
        );
    }
    offered
}

#[tokio::test]
async fn every_games_puzzle_offers_exactly_its_moves_and_is_answered_in_either_language() {
    let emu = Emulator::start().await;
    let dir = workdir();
    let database = format!("sqlite://{}", dir.join("games.db").display());
    let store = Store::connect(&database).await.unwrap();
    let mut stored = vec![];
    for game in GAMES {
        stored.push(store_puzzle(&store, game).await);
    }
    let bot = Bot::start(&emu, dir, &BotOptions::default()).await;
    let (ann, taro) = (emu.user("ann"), emu.user("taro"));
    emu.set_locale(taro, "ja");
    let channel = emu.text_channel();

    for (game, (best, other)) in GAMES.into_iter().zip(&stored) {
        let asked = ask(&emu, ann, channel, &format!("{game} puzzle"), &[]).await;
        assert!(asked.ephemeral(), "{game}: a puzzle is private");
        let (id, owner) = puzzle_of(&asked);
        assert_eq!(owner, ann.0);
        let choices = [best.as_str(), other.as_str()];
        let offered = explore(&emu, ann, &asked, &choices, game).await;
        let both: BTreeSet<String> = choices.iter().map(|c| (*c).to_owned()).collect();
        assert_eq!(offered, both, "{game}: every move of the puzzle, and only those");

        // Right, in English: the verdict replaces the board once the coach has said why.
        let right = format!("pz:{id}:{}:{best}", ann.0);
        let (kind, text, _) = press(&emu, ann, &asked, &right).await;
        assert_ne!(kind, callback_type::CHANNEL_MESSAGE_WITH_SOURCE, "{game}: {text}");
        let solved = emu
            .wait_for(VERDICT, "the verdict", |e| {
                e.message(asked.message_id())
                    .filter(|m| m.text().contains("✅ Right"))
            })
            .await;
        assert!(solved.text().contains("% to win"), "{game}: {}", solved.text());

        // Wrong, in Japanese, on the same day's puzzle.
        let taros = ask(&emu, taro, channel, &format!("{game} puzzle"), &[]).await;
        assert_eq!(
            puzzle_of(&taros),
            (id, taro.0),
            "{game}: the same puzzle for everyone"
        );
        let wrong = format!("pz:{id}:{}:{other}", taro.0);
        let (kind, text, _) = press(&emu, taro, &taros, &wrong).await;
        assert_ne!(kind, callback_type::CHANNEL_MESSAGE_WITH_SOURCE, "{game}: {text}");
        emu.wait_for(VERDICT, "the verdict in Japanese", |e| {
            e.message(taros.message_id())
                .filter(|m| m.text().contains("❌ 残念"))
        })
        .await;
        let attempt = store
            .puzzle_attempt(saikoro::id::UserId(taro.0), id)
            .await
            .unwrap();
        assert!(attempt.is_some_and(|a| a.answer == *other), "{game}");
    }
    store.close().await;
    drop(bot);
    emu.assert_clean().await;
}
