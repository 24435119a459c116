//! Can't Stop's own properties over random games (the engine's conformance suite covers what
//! every game shares): legal play keeps the board sound, the bust chance matches a brute force
//! over every roll, and every board fits a phone and offers exactly the legal actions.

use super::*;
use crate::engine::conformance::{Playout, Profile, conformance};
use crate::engine::{Locale, ScriptedDice, testing, width};
use proptest::prelude::*;

conformance!(
    CantStop,
    Profile {
        options: vec![serde_json::json!({ "marker_limit": true })],
        candidates: |_| every_action(),
        ..Profile::new(48)
    }
);

fn playout(seed: u64, players: usize, marker_limit: bool) -> Playout<CantStop> {
    let options = serde_json::json!({ "marker_limit": marker_limit });
    Playout::random(&options, players, seed, 1000)
}

fn check_board(game: &CantStop) {
    let mut runners = 0;
    for column in COLUMNS {
        let height = height(column);
        for seat in 0..game.players() {
            assert!(game.marker(seat, column) <= height);
            if !game.is_playing(seat) {
                assert_eq!(game.marker(seat, column), 0, "a resigned player has no markers");
            }
        }
        if let Some(p) = game.runner(column) {
            runners += 1;
            assert!(p <= height, "runner above column {column}");
            assert!(
                p > game.marker(game.active(), column),
                "a runner starts above its marker"
            );
        }
        match game.claimed_by(column) {
            Some(owner) => {
                assert_eq!(game.marker(owner, column), height);
                assert!(
                    game.runner(column).is_none(),
                    "no runner in claimed column {column}"
                );
                for seat in (0..game.players()).filter(|&s| s != owner) {
                    assert_eq!(
                        game.marker(seat, column),
                        0,
                        "column {column} belongs to one player"
                    );
                }
            }
            None => assert!((0..game.players()).all(|s| game.marker(s, column) < height)),
        }
    }
    assert!(runners <= RUNNERS);
    match game.phase() {
        Phase::TurnStart => assert_eq!(runners, 0, "runners never carry over between turns"),
        Phase::Over => assert!(Game::outcome(game).is_some() && runners == 0),
        Phase::Rolled(_) => assert!(!game.legal_moves().is_empty(), "a roll without moves busts"),
        Phase::Choosing => assert!(runners > 0),
    }
    assert_eq!(game.phase() == Phase::Over, Game::outcome(game).is_some());
}

/// What may change from one state to the next: markers only climb, except when a claim or a
/// resignation removes them; a claim stays with its owner while the owner plays.
fn check_step(before: &CantStop, after: &CantStop) {
    for column in COLUMNS {
        if let Some(owner) = before.claimed_by(column)
            && after.is_playing(owner)
        {
            assert_eq!(
                after.claimed_by(column),
                Some(owner),
                "column {column} changed hands"
            );
        }
        for seat in 0..before.players() {
            let (was, now) = (before.marker(seat, column), after.marker(seat, column));
            let removed = now == 0 && (!after.is_playing(seat) || after.claimed_by(column).is_some());
            assert!(
                now >= was || removed,
                "seat {seat}'s marker in {column} fell {was} → {now}"
            );
        }
    }
}

/// Every viewer's board fits a phone in both languages and has a button for every legal action
/// and for nothing else.
fn check_view(game: &CantStop) {
    let names: Vec<String> = (0..game.players()).map(|s| format!("player{s}")).collect();
    let tr = Tr::new(Locale::En, &names);
    let ja = Tr::new(Locale::Ja, &names);
    check_phone_lines(&Game::view(game, None, "", &ja).description);
    for viewer in std::iter::once(None).chain((0..game.players()).map(Some)) {
        let view = Game::view(game, viewer, "", &tr);
        check_phone_lines(&view.description);
        let mut buttons: Vec<&str> = view.rows.iter().flat_map(|r| r.ids()).collect();
        let mut legal: Vec<String> = Game::legal_actions(game, game.active())
            .iter()
            .map(Action::to_string)
            .collect();
        buttons.sort_unstable();
        legal.sort_unstable();
        assert_eq!(buttons, legal);
    }
}

/// The drawn board (the mountain's 15 lines and the shared spaces under it) fits a 360 px phone,
/// in either language: no line wraps and none is wider than the mountain's 11 emoji.
fn check_phone_lines(description: &str) {
    let drawn = description
        .lines()
        .enumerate()
        .take_while(|(i, l)| *i < 15 || l.starts_with("*️⃣"))
        .map(|(_, l)| l);
    for line in drawn {
        assert!(
            testing::emoji_count(line) <= 11 && width::columns(line) <= width::PHONE_COLUMNS,
            "`{line}` is {} columns wide with {} emoji\n{description}",
            width::columns(line),
            testing::emoji_count(line),
        );
    }
}

/// Every action id a seat could send, legal or not.
fn every_action() -> Vec<Action> {
    let mut all = vec![Action::Roll, Action::Stop, Action::Resign];
    for a in COLUMNS {
        all.push(Action::Move(Move::One(a)));
        for b in a..=12 {
            all.push(Action::Move(Move::Both(a, b)));
        }
    }
    all
}

/// Rolls every one of the 1296 outcomes on a copy and counts those that leave no move.
fn brute_force_busts(game: &CantStop) -> u32 {
    let seat = game.active();
    let mut busts = 0;
    for n in 0..ROLLS {
        let faces = [n % 6, n / 6 % 6, n / 36 % 6, n / 216].map(|v| v as u8 + 1);
        let mut copy = game.clone();
        Game::apply(&mut copy, seat, &Action::Roll, &mut ScriptedDice::new(faces)).expect("rolling is legal");
        let can_move = Game::legal_actions(&copy, seat)
            .iter()
            .any(|a| matches!(a, Action::Move(_)));
        if !can_move {
            busts += 1;
        }
    }
    busts
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_play_ends_with_a_sound_board(
        seed in any::<u64>(),
        players in PLAYERS,
        marker_limit in any::<bool>(),
    ) {
        let game = playout(seed, players, marker_limit);
        for state in &game.states {
            check_board(state);
        }
        for pair in game.states.windows(2) {
            check_step(&pair[0], &pair[1]);
        }
        let last = game.states.last().expect("at least the start");
        match Game::outcome(last) {
            Some(Outcome::Won { winners }) => {
                prop_assert_eq!(winners.len(), 1);
                let winner = winners[0];
                let resigned_out = (0..players).filter(|&s| s != winner).all(|s| !last.is_playing(s));
                prop_assert!(last.claimed_count(winner) >= COLUMNS_TO_WIN || resigned_out);
            }
            Some(Outcome::Solitaire { turns }) => {
                prop_assert_eq!(players, 1);
                prop_assert_eq!(turns, last.turn());
            }
            Some(Outcome::NoWinner) => prop_assert_eq!(players, 1),
            None => prop_assert!(false, "the playout stopped before the end"),
        }
    }

    #[test]
    fn bust_chance_matches_rolling_every_outcome(seed in any::<u64>(), players in PLAYERS, marker_limit in any::<bool>()) {
        let game = playout(seed, players, marker_limit);
        let deciding = game
            .states
            .iter()
            .filter(|s| matches!(s.phase(), Phase::TurnStart | Phase::Choosing));
        for state in deciding.step_by(5).take(6) {
            prop_assert_eq!(state.bust_rolls(), brute_force_busts(state));
        }
    }

    #[test]
    fn every_board_fits_a_phone_and_offers_the_legal_actions(seed in any::<u64>(), players in PLAYERS, marker_limit in any::<bool>()) {
        let game = playout(seed, players, marker_limit);
        for state in &game.states {
            check_view(state);
        }
    }
}
