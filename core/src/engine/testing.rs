//! Checks every game's tests share: a board as snapshot text, and refusals that change nothing.

use super::{AnyGame, Game, Msg, ScriptedDice, Seat, View, text};

/// A board as text for a snapshot: the view within Discord's limits, its colour and controls.
pub fn board_text(view: &View) -> String {
    view.check_limits().expect("within Discord's limits");
    format!(
        "{}\ncolour: {:06X}\n--- buttons\n{}",
        view.to_text(),
        view.colour,
        view.controls_text()
    )
}

/// `action` by `seat` is refused with a catalogue message and the game is unchanged; returns
/// the reason.
pub fn assert_refused<G: Game + PartialEq>(game: &G, seat: Seat, action: &G::Action) -> Msg {
    let mut after = game.clone();
    let err = Game::apply(&mut after, seat, action, &mut ScriptedDice::new([]))
        .expect_err("an illegal action is refused");
    assert!(
        text::has_message(&err.0.id),
        "{} is not in the catalogue",
        err.0.id
    );
    assert!(
        &after == game,
        "refusing {action} by seat {seat} changed the game"
    );
    err.0
}

/// Ids that are no action of the game at all are refused as unknown (or, once the game is over,
/// as over) and change nothing.
pub fn assert_junk_refused<G: Game + PartialEq, S: AsRef<str>>(game: &G, seat: Seat, junk: &[S]) {
    for s in junk.iter().map(AsRef::as_ref) {
        if s.parse::<G::Action>().is_ok() {
            continue;
        }
        let mut after = game.clone();
        let err =
            AnyGame::apply(&mut after, seat, s, &mut ScriptedDice::new([])).expect_err("junk is refused");
        let expected = match Game::outcome(game) {
            Some(_) => "rule-game-over",
            None => "rule-unknown-action",
        };
        assert_eq!(err.0.id, expected, "`{s}`");
        assert!(&after == game, "junk `{s}` changed the game");
    }
}

/// A game set up again from its record — options, seats, set-up dice, action log — as the store
/// keeps it, so a test can compare it with the game that was played.
pub fn replayed<G: Game>(
    options: &serde_json::Value,
    players: usize,
    setup_dice: &[u8],
    log: &[super::LoggedAction],
) -> Result<G, String> {
    let mut setup = ScriptedDice::new(setup_dice.iter().copied());
    let mut game = super::Rules::new_game(&super::Registered::<G>::NEW, options, players, &mut setup)
        .map_err(|e| format!("set-up refused: {}", e.0.id))?;
    if setup.remaining() != 0 {
        return Err("set-up left dice unused".into());
    }
    super::replay(game.as_mut(), log)?;
    Ok(game
        .as_any()
        .downcast_ref::<G>()
        .expect("the registered type")
        .clone())
}
