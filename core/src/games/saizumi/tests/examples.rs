//! §8 worked examples of the rules page.

use super::*;

/// §8.1
#[test]
fn example_1_single_and_pair_rows() {
    let (game, mut stones) = position(3, ANN);
    let dice = dice_counts([5, 2, 2, 6]);
    assert!(face_of(&game, &mut stones, "A2b").matches(&dice));
    assert!(face_of(&game, &mut stones, "B2a").matches(&dice));
    assert!(!face_of(&game, &mut stones, "A3a").matches(&dice));
    assert!(!face_of(&game, &mut stones, "B2b").matches(&dice));
}

/// §8.2
#[test]
fn example_2_mixed_rows() {
    let (game, mut stones) = position(3, ANN);
    let c1b = face_of(&game, &mut stones, "C1b");
    assert!(c1b.matches(&dice_counts([4, 5, 5, 1])));
    assert!(!c1b.matches(&dice_counts([5, 5, 1, 2])));
    assert!(face_of(&game, &mut stones, "C2b").matches(&dice_counts([5, 2, 2, 6])));
    assert!(!face_of(&game, &mut stones, "B4a").matches(&dice_counts([4, 5, 5, 1])));
}

/// Bea's pile of §8.3, checked with `dice` and everybody done.
fn bea_pile_after(dice: Roll) -> Vec<String> {
    let (mut game, mut stones) = position(3, ANN);
    give_pile(&mut game, &mut stones, BEA, &["B5b", "C2b", "A2b"]);
    roll(&mut game, &mut stones, dice);
    act(&mut game, BEA, "done", &[]);
    assert_eq!(*game.phase(), Phase::Stack);
    notation(&game, BEA, 1)
}

/// §8.3
#[test]
fn example_3_collapse_takes_the_cards_above() {
    assert_eq!(bea_pile_after([5, 3, 1, 1]), ["B5b", "C2b"]);
    assert_eq!(bea_pile_after([5, 6, 2, 2]), ["B5b"]);
    assert!(
        bea_pile_after([5, 5, 5, 2]).is_empty(),
        "the whole pile falls and vanishes"
    );
}

/// §8.4
#[test]
fn example_4_order_reroll_all_and_done() {
    let (mut game, mut stones) = position(3, ANN);
    give_pile(&mut game, &mut stones, BEA, &["B5b", "C2b", "A2b"]);
    give_pile(&mut game, &mut stones, CID, &["B6b"]);
    give_pile(&mut game, &mut stones, ANN, &["B2b"]);
    roll(&mut game, &mut stones, [5, 6, 2, 2]);
    let Phase::Respond { queue, .. } = game.phase() else {
        panic!("responding")
    };
    assert_eq!(queue, &[BEA, CID, ANN]);
    assert_eq!(game.to_act(), [BEA]);
    let lines = act(&mut game, BEA, "use:1:3", &[1, 3, 3, 4]);
    assert_eq!(ids(&lines), ["saizumi-log-used"]);
    assert_eq!(game.dice(), Some([1, 3, 3, 4]));
    assert_eq!(game.to_act(), [BEA], "Bea may use again until done");
    act(&mut game, BEA, "done", &[]);
    assert_eq!(game.to_act(), [CID]);
    act(&mut game, CID, "done", &[]);
    assert_eq!(game.to_act(), [ANN]);
    act(&mut game, ANN, "done", &[]);
    assert_eq!(notation(&game, BEA, 1), ["B5b", "C2b"]);
    assert_eq!(*game.phase(), Phase::Stack);
}

/// §8.5
#[test]
fn example_5_mid_pile_reroll_named_face() {
    let (mut game, mut stones) = position(3, ANN);
    give_pile(&mut game, &mut stones, CID, &["B5b", "C2b", "B1b", "C1a"]);
    roll(&mut game, &mut stones, [5, 5, 5, 2]);
    assert_eq!(game.to_act(), [CID]);
    rejected(&game, CID, "use:1:3", "saizumi-rule-name-face");
    act(&mut game, CID, "use:1:3:5", &[3, 6, 1]);
    assert_eq!(game.dice(), Some([3, 6, 1, 2]));
    assert_eq!(notation(&game, CID, 1), ["B5b", "C2b"]);
    act(&mut game, CID, "done", &[]);
    assert_eq!(notation(&game, CID, 1), ["B5b", "C2b"], "B5b and C2b are safe");
}

/// §8.6
#[test]
fn example_6_printed_reroll_face() {
    let (mut game, mut stones) = position(3, ANN);
    give_pile(&mut game, &mut stones, ANN, &["C3b", "B6b", "C1a"]);
    roll(&mut game, &mut stones, [1, 1, 2, 6]);
    assert_eq!(
        game.lowest_match(&game.piles(ANN)[0].cards, &dice_counts([1, 1, 2, 6])),
        Some(1)
    );
    rejected(&game, ANN, "use:1:3:1", "saizumi-rule-face-printed");
    act(&mut game, ANN, "use:1:3", &[4, 5]);
    assert_eq!(game.dice(), Some([4, 5, 2, 6]));
    act(&mut game, ANN, "done", &[]);
    assert_eq!(notation(&game, ANN, 1), ["C3b", "B6b"]);
}

/// §8.7
#[test]
fn example_7_set_saves_one_pile_and_fells_others() {
    let (mut game, mut stones) = position(3, ANN);
    give_pile(&mut game, &mut stones, ANN, &["C1b", "A3b", "B4a"]);
    give_pile(&mut game, &mut stones, BEA, &["A3a"]);
    give_pile(&mut game, &mut stones, CID, &["B3b"]);
    roll(&mut game, &mut stones, [4, 6, 6, 2]);
    act(&mut game, BEA, "done", &[]);
    act(&mut game, CID, "done", &[]);
    assert_eq!(game.to_act(), [ANN], "the active player responds last");
    act(&mut game, ANN, "use:1:3", &[]);
    assert_eq!(game.dice(), Some([3, 3, 3, 3]));
    assert!(!face_of(&game, &mut stones, "C1b").matches(&dice_counts([3, 3, 3, 3])));
    let lines = act(&mut game, ANN, "done", &[]);
    assert_eq!(notation(&game, ANN, 1), ["C1b", "A3b"]);
    assert!(game.piles(BEA).is_empty() && game.piles(CID).is_empty());
    assert_eq!(
        ids(&lines)
            .iter()
            .filter(|i| **i == "saizumi-log-collapsed")
            .count(),
        2
    );
}

/// §8.8
#[test]
fn example_8_effect_without_a_threat() {
    let (mut game, mut stones) = position(3, ANN);
    give_pile(&mut game, &mut stones, BEA, &["B5b", "C2b", "A2b", "A1a"]);
    roll(&mut game, &mut stones, [2, 2, 3, 4]);
    assert_eq!(
        game.lowest_match(&game.piles(BEA)[0].cards, &dice_counts([2, 2, 3, 4])),
        None
    );
    assert_eq!(game.score(BEA), 6);
    act(&mut game, BEA, "use:1:4", &[1, 2, 3, 4]);
    assert_eq!(game.score(BEA), 15);
    act(&mut game, BEA, "done", &[]);
    assert_eq!(game.score(BEA), 15);
}

fn pile_score_of(cards: &[&str]) -> i64 {
    let (game, mut stones) = position(2, ANN);
    let placed: Vec<Placed> = cards.iter().map(|n| stones.placed(n)).collect();
    game.pile_score(&placed)
}

/// §8.9
#[test]
fn example_9_height_one_scores_negative() {
    assert_eq!(pile_score_of(&["A2b"]), -3);
}

/// §8.10
#[test]
fn example_10_height_two_scores_nothing() {
    assert_eq!(pile_score_of(&["B5b", "A2b"]), 0);
}

/// §8.11
#[test]
fn example_11_height_three_the_sheets_example() {
    assert_eq!(pile_score_of(&["C3a", "C1a", "B2a"]), 6);
}

/// §8.12
#[test]
fn example_12_height_four_and_a_total() {
    let (mut game, mut stones) = position(2, ANN);
    give_pile(&mut game, &mut stones, ANN, &["B5b", "C2b", "C1b", "A2b"]);
    assert_eq!(game.pile_score(&game.piles(ANN)[0].cards), 36);
    give_pile(&mut game, &mut stones, ANN, &["A2b"]);
    assert_eq!(game.score(ANN), 33);
}

/// §8.13
#[test]
fn example_13_place_then_claim() {
    let (mut game, mut stones) = position(3, ANN);
    game.market[3] = vec![stones.card("B6"), stones.card("C2")];
    let a1 = stones.card("A1");
    let c3 = stones.card("C3");
    game.deck = vec![Drawn::Stone(a1), Drawn::Visitor, Drawn::Stone(c3)];
    game.deck.extend(stones.rest());
    game.begin(&mut ScriptedDice::new([]));
    assert_eq!(*game.phase(), Phase::Place);
    assert_eq!(game.to_place(), [(1, a1), (3, c3)]);
    act(&mut game, ANN, "place:3:4", &[]);
    assert_eq!(*game.phase(), Phase::Place, "one stone left");
    // Nobody has piles: the check rolls and collapses at once, then P4.
    let lines = act(&mut game, ANN, "place:1:4", &[2, 3, 4, 5]);
    assert!(ids(&lines).contains(&"saizumi-log-rolled"));
    assert_eq!(*game.phase(), Phase::Stack);
    assert_eq!(game.checks_done(), 1);
    act(&mut game, ANN, "claim:4:bbbb", &[]);
    assert_eq!(notation(&game, ANN, 1), ["B6b", "C2b", "C3b", "A1b"]);
    assert_eq!(game.score(ANN), 36);
    assert!(game.slot(4).is_empty());
    assert_eq!(game.active(), BEA);
}

/// §8.14
#[test]
fn example_14_take_and_its_rejections() {
    let (mut game, mut stones) = position(3, BEA);
    game.market[1] = vec![stones.card("A1"), stones.card("C3")];
    game.market[0] = vec![stones.card("A2")];
    give_pile(&mut game, &mut stones, BEA, &["B5b", "C2b"]);
    game.phase = Phase::Stack;
    game.deck = stones.rest();
    let mut cid_turn = game.clone();
    act(&mut game, BEA, "take:2:1:b", &[]);
    assert_eq!(notation(&game, BEA, 1), ["B5b", "C2b", "C3b"]);
    assert_eq!(game.slot(2).len(), 1);

    cid_turn.active = CID;
    let reason = rejected(&cid_turn, CID, "take:2:1:a", "saizumi-rule-take-no-pile");
    assert_eq!(reason.args["pile"], crate::engine::Arg::Num(1));
    let reason = rejected(&cid_turn, CID, "take:5:1:a", "saizumi-rule-slot-empty");
    assert_eq!(reason.args["slot"], crate::engine::Arg::Num(5));
}

/// §8.15
#[test]
fn example_15_the_game_ends_mid_turn() {
    let (mut game, mut stones) = position(3, CID);
    give_pile(&mut game, &mut stones, ANN, &["B5b", "C2b", "C1b", "A2b"]);
    game.visitors_seen = 7;
    game.checks_done = 7;
    game.market[0] = vec![stones.card("A1")];
    let a3 = stones.card("A3");
    let rest: Vec<Drawn> = stones.rest().into_iter().take(3).collect();
    game.deck = [Drawn::Visitor, Drawn::Stone(a3), Drawn::Visitor]
        .into_iter()
        .chain(rest)
        .collect();
    assert_eq!(game.deck.len(), 6);
    game.begin(&mut ScriptedDice::new([]));
    act(&mut game, CID, "place:2:1", &[1, 1, 2, 2]);
    assert_eq!(game.checks_done(), 7, "check 8 awaits Ann's response");
    assert_eq!(game.to_act(), [ANN]);
    act(&mut game, ANN, "done", &[6, 6, 6, 6]);
    assert_eq!(game.checks_done(), 8);
    assert_eq!(game.to_act(), [ANN]);
    let lines = act(&mut game, ANN, "done", &[]);
    assert_eq!(game.checks_done(), 9);
    assert_eq!(*game.phase(), Phase::Over);
    assert!(ids(&lines).contains(&"saizumi-log-game-end"));
    assert_eq!(game.deck().len(), 3, "three cards unrevealed");
    assert_eq!(game.slot(1).len(), 2, "A3 was still placed; no P4");
    assert_eq!(game.outcome(), Some(Outcome::Won { winners: vec![ANN] }));
    assert!(game.to_act().is_empty());
}
