//! Property tests over random games: legal play ends and keeps the board sound, the action log
//! replays to the same state, illegal actions change nothing, the bust chance matches a brute
//! force over every roll, and every board fits Discord's limits.

use super::*;
use crate::engine::{
    AnyGame, Locale, LoggedAction, RecordingDice, Registered, Rules, ScriptedDice, SeededDice, apply_logged,
    testing,
};
use proptest::prelude::*;

/// Far above any real game: random play averages well under a thousand actions.
const MAX_ACTIONS: usize = 20_000;

/// A random game played to the end: how it was set up, its log, and every state it passed through.
struct Playout {
    options: serde_json::Value,
    players: usize,
    setup_dice: Vec<u8>,
    log: Vec<LoggedAction>,
    states: Vec<CantStop>,
}

fn state(game: &dyn AnyGame) -> &CantStop {
    game.as_any().downcast_ref().expect("a Can't Stop game")
}

/// Random legal play: uniform among the active seat's actions, with now and then a resignation
/// by any seat still playing.
fn playout(seed: u64, players: usize, marker_limit: bool) -> Playout {
    let options = serde_json::json!({ "marker_limit": marker_limit });
    let mut dice = SeededDice::new(seed);
    let mut chooser = SeededDice::new(seed.rotate_left(17) ^ 0xC0FFEE);
    let mut setup = RecordingDice::new(&mut dice);
    let mut game = Registered::<CantStop>::NEW
        .new_game(&options, players, &mut setup)
        .expect("valid setup");
    let setup_dice = setup.drawn;
    let mut log = vec![];
    let mut states = vec![state(game.as_ref()).clone()];
    while game.outcome().is_none() {
        assert!(
            log.len() < MAX_ACTIONS,
            "seed {seed}: no end after {MAX_ACTIONS} actions"
        );
        let current = state(game.as_ref());
        let (seat, action) = if chooser.roll(250) == 1 && chooser.roll(4) == 1 {
            let playing: Vec<Seat> = (0..players).filter(|&s| current.is_playing(s)).collect();
            let seat = playing[usize::from(chooser.roll(playing.len() as u8)) - 1];
            (seat, Action::Resign)
        } else {
            let seat = current.active();
            let legal = Game::legal_actions(current, seat);
            assert!(!legal.is_empty(), "the seat to act always has a legal action");
            (
                seat,
                legal[crate::engine::bot::pick_index(legal.len(), &mut chooser)],
            )
        };
        let (_, logged) = apply_logged(game.as_mut(), seat, &action.to_string(), &mut dice)
            .unwrap_or_else(|e| panic!("legal action {action} refused: {}", e.0.id));
        log.push(logged);
        states.push(state(game.as_ref()).clone());
    }
    Playout {
        options,
        players,
        setup_dice,
        log,
        states,
    }
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

fn check_view(game: &CantStop) {
    let names: Vec<String> = (0..game.players()).map(|s| format!("player{s}")).collect();
    let tr = Tr::new(Locale::En, &names);
    let ja = Tr::new(Locale::Ja, &names);
    check_phone_lines(&Game::view(game, None, "", &ja).description);
    for viewer in std::iter::once(None).chain((0..game.players()).map(Some)) {
        let view = Game::view(game, viewer, "", &tr);
        view.check_limits()
            .unwrap_or_else(|e| panic!("{e}\n{}", view.to_text()));
        check_phone_lines(&view.description);
        let text = format!("{}{}", view.to_text(), view.controls_text());
        assert!(
            !text.contains('⟦'),
            "a message is missing from the catalogue:\n{text}"
        );
        // Every legal action has its button; nothing else does.
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

/// The drawn board (the description up to its first blank line) fits a 360 px phone, in either
/// language: no line wraps and none is wider than the mountain's 11 emoji.
fn check_phone_lines(description: &str) {
    for line in description.lines().take_while(|l| !l.is_empty()) {
        assert!(
            testing::emoji_count(line) <= 11 && testing::phone_width(line) <= testing::PHONE_LINE_PX,
            "`{line}` is {} px wide with {} emoji\n{description}",
            testing::phone_width(line),
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

/// Everything not legal for `seat` now is refused with a catalogue reason and changes nothing.
fn check_refusals(game: &CantStop, junk: &[String]) {
    let seats = game.players() + 1;
    for seat in 0..seats {
        let legal = Game::legal_actions(game, seat);
        let may_resign = Game::outcome(game).is_none() && game.is_playing(seat);
        for action in every_action() {
            if legal.contains(&action) || (action == Action::Resign && may_resign) {
                continue;
            }
            testing::assert_refused(game, seat, &action);
        }
        testing::assert_junk_refused(game, seat, junk);
    }
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
    fn replaying_the_log_reproduces_the_game(seed in any::<u64>(), players in PLAYERS, marker_limit in any::<bool>()) {
        let game = playout(seed, players, marker_limit);
        let fresh: CantStop = testing::replayed(&game.options, game.players, &game.setup_dice, &game.log).map_err(TestCaseError::fail)?;
        prop_assert_eq!(&fresh, game.states.last().expect("final state"));
    }

    #[test]
    fn illegal_actions_are_refused_and_change_nothing(
        seed in any::<u64>(),
        players in PLAYERS,
        junk in proptest::collection::vec("[a-z0-9+ ]{0,8}", 4),
    ) {
        let game = playout(seed, players, false);
        // Every state would be slow; a spread of them covers every phase.
        for state in game.states.iter().step_by(7).chain(game.states.last()) {
            check_refusals(state, &junk);
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
    fn every_board_fits_discord(seed in any::<u64>(), players in PLAYERS, marker_limit in any::<bool>()) {
        let game = playout(seed, players, marker_limit);
        for state in &game.states {
            check_view(state);
        }
    }
}

proptest! {
    // Drawing and encoding a PNG costs milliseconds: a few games, sampled, keep this test fast.
    #![proptest_config(ProptestConfig::with_cases(6))]

    /// Board pictures of positions all through random games draw without panicking, stay under
    /// the size limit and have alt text.
    #[test]
    fn every_board_picture_is_small(seed in any::<u64>(), players in PLAYERS, marker_limit in any::<bool>()) {
        let game = playout(seed, players, marker_limit);
        let tr = Tr::new(Locale::Ja, &[]);
        for state in game.states.iter().step_by(17).chain(game.states.last()) {
            let picture = Game::picture(state, &tr).expect("Can't Stop draws its board");
            prop_assert_eq!(crate::engine::testing::check_picture(&picture), Ok(()));
        }
    }
}
