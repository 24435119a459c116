//! §6: every rejection, each leaving the game as it was.

use super::*;

#[test]
fn rejected_not_your_action_for_place_take_and_claim() {
    let (game, _) = placing();
    rejected(&game, BEA, "place:1:1", "saizumi-rule-not-your-action");
    rejected(&game, ANN, "take:1:1:a", "saizumi-rule-not-your-action");
    rejected(&game, ANN, "claim:1", "saizumi-rule-not-your-action");
    let game = stacking();
    rejected(&game, ANN, "place:1:1", "saizumi-rule-not-your-action");
    rejected(&game, BEA, "take:1:1:a", "saizumi-rule-not-your-action");
    rejected(&game, CID, "claim:1:aa", "saizumi-rule-not-your-action");
}

#[test]
fn rejected_no_unplaced_stone() {
    let (mut game, _) = placing();
    rejected(&game, ANN, "place:2:1", "saizumi-rule-no-stone");
    rejected(&game, ANN, "place:4:1", "saizumi-rule-no-stone");
    act(&mut game, ANN, "place:1:5", &[]);
    rejected(&game, ANN, "place:1:5", "saizumi-rule-no-stone");
}

#[test]
fn rejected_slot_out_of_range() {
    let (game, _) = placing();
    rejected(&game, ANN, "place:1:0", "saizumi-rule-slot");
    let reason = rejected(&game, ANN, "place:1:10", "saizumi-rule-slot");
    assert_eq!(reason.args["slot"], crate::engine::Arg::Num(10));
    rejected(&stacking(), ANN, "take:10:1:a", "saizumi-rule-slot");
}

#[test]
fn rejected_not_your_response_turn() {
    let game = responding();
    rejected(&game, ANN, "use:1:1", "saizumi-rule-not-your-response");
    rejected(&game, ANN, "done", "saizumi-rule-not-your-response");
    rejected(&game, CID, "done", "saizumi-rule-not-your-response");
    let (placing, _) = placing();
    rejected(&placing, ANN, "done", "saizumi-rule-not-your-response");
    rejected(&stacking(), ANN, "use:1:1", "saizumi-rule-not-your-response");
}

#[test]
fn rejected_no_such_pile_to_use() {
    let reason = rejected(&responding(), BEA, "use:2:1", "saizumi-rule-no-pile");
    assert_eq!(reason.args["pile"], crate::engine::Arg::Num(2));
}

#[test]
fn rejected_no_such_position() {
    let game = responding();
    rejected(&game, BEA, "use:1:0", "saizumi-rule-no-position");
    let reason = rejected(&game, BEA, "use:1:3", "saizumi-rule-no-position");
    assert_eq!(reason.args["pos"], crate::engine::Arg::Num(3));
}

#[test]
fn rejected_reroll_named_face_missing_or_out_of_range() {
    let game = responding();
    rejected(&game, BEA, "use:1:1", "saizumi-rule-name-face");
    rejected(&game, BEA, "use:1:1:0", "saizumi-rule-name-face");
    rejected(&game, BEA, "use:1:1:7", "saizumi-rule-name-face");
}

#[test]
fn rejected_printed_face() {
    rejected(&responding(), BEA, "use:1:2:1", "saizumi-rule-face-printed");
}

#[test]
fn rejected_take_onto_a_missing_pile_or_from_an_empty_slot() {
    let game = stacking();
    rejected(&game, ANN, "take:1:2:a", "saizumi-rule-take-no-pile");
    rejected(&game, ANN, "take:2:1:a", "saizumi-rule-slot-empty");
    rejected(&game, ANN, "claim:2", "saizumi-rule-slot-empty");
}

#[test]
fn rejected_half_not_a_or_b() {
    let game = stacking();
    rejected(&game, ANN, "take:1:1:c", "saizumi-rule-half");
    rejected(&game, ANN, "take:1:1:ab", "saizumi-rule-half");
}

#[test]
fn rejected_claim_with_wrong_halves() {
    let game = stacking();
    let reason = rejected(&game, ANN, "claim:1:abb", "saizumi-rule-halves");
    assert_eq!(reason.args["count"], crate::engine::Arg::Num(2));
    rejected(&game, ANN, "claim:1:a", "saizumi-rule-halves");
    rejected(&game, ANN, "claim:1:ac", "saizumi-rule-halves");
}

#[test]
fn rejected_everything_once_the_game_is_over() {
    let (mut game, _) = placing();
    game.phase = Phase::Over;
    game.outcome = Some(Outcome::Won { winners: vec![ANN] });
    for action in [
        "place:1:1",
        "done",
        "use:1:1:1",
        "take:1:1:a",
        "claim:1",
        "resign",
    ] {
        rejected(&game, ANN, action, "rule-game-over");
        rejected(&game, BEA, action, "rule-game-over");
    }
}

#[test]
fn action_ids_round_trip_and_junk_is_unknown() {
    for id in [
        "place:1:4",
        "use:1:3",
        "use:2:1:5",
        "done",
        "take:2:1:b",
        "claim:4",
        "claim:4:bbbb",
        "resign",
    ] {
        let action: Action = id.parse().expect(id);
        assert_eq!(action.to_string(), id);
    }
    for junk in [
        "",
        "place",
        "place:1",
        "place:+1:2",
        "use:a:1",
        "take:1:1",
        "claim",
        "done:1",
        "x",
    ] {
        assert_eq!(junk.parse::<Action>(), Err(UnknownAction), "`{junk}`");
    }
}
