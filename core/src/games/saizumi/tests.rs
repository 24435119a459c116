//! The worked examples of the rules page (§8), every rejection of §6, setup (§3), the card-list
//! loader (§2), resigning, and snapshots of the board. Positions are built directly: a scripted
//! deck and market, piles written in the page's notation, dice scripted.

use super::*;
use crate::engine::{Locale, Registered, Rules, ScriptedDice, SeededDice, text};

const ANN: Seat = 0;
const BEA: Seat = 1;
const CID: Seat = 2;

/// Hands out physical stones by kind id, each at most once.
struct Stones {
    cards: Arc<CardList>,
    used: Vec<bool>,
}

impl Stones {
    fn new() -> Self {
        Self {
            cards: Arc::new(CardList::built_in()),
            used: vec![false; cards::STONES],
        }
    }

    /// An unused stone of kind `id` (`C1`).
    fn card(&mut self, id: &str) -> Card {
        let kind = self
            .cards
            .kinds
            .iter()
            .position(|k| k.id == id)
            .expect("a kind id") as u8;
        let card = (0..cards::STONES)
            .find(|&c| !self.used[c] && self.cards.stones[c] == kind)
            .expect("a copy left");
        self.used[card] = true;
        card as Card
    }

    /// `C1b` → that card with half b active.
    fn placed(&mut self, notation: &str) -> Placed {
        let (id, half) = notation.split_at(notation.len() - 1);
        let half = Half::from_letter(half.chars().next().expect("a half")).expect("a or b");
        Placed {
            card: self.card(id),
            half,
        }
    }

    /// The stones not handed out yet, as deck cards.
    fn rest(&mut self) -> Vec<Drawn> {
        let rest: Vec<Drawn> = (0..cards::STONES)
            .filter(|&c| !self.used[c])
            .map(|c| Drawn::Stone(c as Card))
            .collect();
        self.used = vec![true; cards::STONES];
        rest
    }
}

/// A game of `players` seats, `active` to play, with an empty market and deck (tests fill them).
fn position(players: usize, active: Seat) -> (Saizumi, Stones) {
    let stones = Stones::new();
    // Seats in order, so Ann, Bea, Cid play in that order as in §8.
    let mut game = Saizumi::setup(
        stones.cards.clone(),
        (0..players).collect(),
        Default::default(),
        vec![],
    );
    game.active = active;
    (game, stones)
}

/// Gives `seat` a new pile written bottom first (`["B5b", "C2b", "A2b"]`).
fn give_pile(game: &mut Saizumi, stones: &mut Stones, seat: Seat, cards: &[&str]) -> u32 {
    let label = game.next_label[seat];
    game.next_label[seat] += 1;
    let cards = cards.iter().map(|n| stones.placed(n)).collect();
    game.piles[seat].push(Pile { label, cards });
    label
}

/// The pile's cards in notation.
fn notation(game: &Saizumi, seat: Seat, label: u32) -> Vec<String> {
    game.piles(seat)
        .iter()
        .find(|p| p.label == label)
        .map(|p| p.cards.iter().map(|&c| view::placed_id(game, c)).collect())
        .unwrap_or_default()
}

fn dice_counts(roll: Roll) -> [u8; 7] {
    counts(&roll)
}

/// A check is pending and these dice are rolled (P3a); a market card keeps P4 from being skipped.
fn roll(game: &mut Saizumi, stones: &mut Stones, dice: Roll) {
    if game.market.iter().all(Vec::is_empty) {
        game.market[8].push(stones.card("A1"));
    }
    game.checks_pending += 1;
    game.roll(&mut ScriptedDice::new(dice), &mut vec![]);
    assert_eq!(game.dice(), Some(dice));
}

/// Applies `action` by `seat` with scripted dice, panicking on refusal or unused dice.
fn act(game: &mut Saizumi, seat: Seat, action: &str, dice: &[u8]) -> Vec<Msg> {
    let mut scripted = ScriptedDice::new(dice.iter().copied());
    let parsed: Action = action.parse().unwrap_or_else(|_| panic!("`{action}` parses"));
    let lines = game
        .apply(seat, &parsed, &mut scripted)
        .unwrap_or_else(|e| panic!("`{action}` by seat {seat} refused: {}", e.msg().id));
    assert_eq!(scripted.remaining(), 0, "`{action}` left dice unused");
    lines
}

/// Asserts the action is refused with `reason` and changes nothing.
fn rejected(game: &Saizumi, seat: Seat, action: &str, reason: &str) -> Msg {
    let mut after = game.clone();
    let parsed: Action = action.parse().unwrap_or_else(|_| panic!("`{action}` parses"));
    let err = after
        .apply(seat, &parsed, &mut ScriptedDice::new([]))
        .expect_err("the action should be refused");
    assert_eq!(err.msg().id, reason, "{action}");
    assert!(
        text::has_message(&err.msg().id),
        "{} is in the catalogue",
        err.msg().id
    );
    assert_eq!(&after, game, "a refused action changes nothing");
    err.msg()
}

fn ids(events: &[Msg]) -> Vec<&str> {
    events.iter().map(|m| m.id.as_str()).collect()
}

fn face_of(game: &Saizumi, stones: &mut Stones, notation: &str) -> HalfFace {
    let placed = stones.placed(notation);
    game.face(placed).clone()
}

// §8 worked examples.

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

// §6 rejections.

/// Ann to place A1 (reveal position 1; position 2 is a visitor); Bea has a pile.
fn placing() -> (Saizumi, Stones) {
    let (mut game, mut stones) = position(3, ANN);
    give_pile(&mut game, &mut stones, BEA, &["B1b", "C1a"]);
    let a1 = stones.card("A1");
    game.deck = vec![Drawn::Stone(a1), Drawn::Visitor, Drawn::Stone(stones.card("C3"))];
    game.market[8].push(stones.card("A2"));
    game.deck.extend(stones.rest());
    game.begin(&mut ScriptedDice::new([]));
    (game, stones)
}

/// Bea responding to 5-5-5-2, Ann active.
fn responding() -> Saizumi {
    let (mut game, mut stones) = placing();
    game.to_place.clear();
    roll(&mut game, &mut stones, [5, 5, 5, 2]);
    assert_eq!(game.to_act(), [BEA]);
    game
}

/// Ann to stack; slot 1 holds two cards; Ann has pile 1.
fn stacking() -> Saizumi {
    let (mut game, mut stones) = position(3, ANN);
    game.market[0] = vec![stones.card("A1"), stones.card("C3")];
    give_pile(&mut game, &mut stones, ANN, &["B5b"]);
    game.phase = Phase::Stack;
    game.deck = stones.rest();
    game
}

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

// §3 setup.

#[test]
fn setup_deals_the_market_and_stacks_the_deck() {
    for seed in 0..20 {
        let game = Saizumi::new(&Options::default(), 4, &mut SeededDice::new(seed)).expect("setup");
        let mut deck: Vec<Drawn> = game.revealed().to_vec();
        deck.extend(game.deck());
        assert_eq!(deck.len(), 45);
        let visitors =
            |range: std::ops::Range<usize>| deck[range].iter().filter(|d| **d == Drawn::Visitor).count();
        assert_eq!((visitors(0..14), visitors(14..29), visitors(29..45)), (2, 3, 4));
        assert!((1..=SLOTS).all(|s| game.slot(s).len() == MARKET_START));
        let mut all: Vec<Card> = (1..=SLOTS).flat_map(|s| game.slot(s).to_vec()).collect();
        all.extend(deck.iter().filter_map(|d| match d {
            Drawn::Stone(c) => Some(*c),
            Drawn::Visitor => None,
        }));
        all.sort_unstable();
        assert_eq!(all, (0..54).collect::<Vec<Card>>(), "every stone once");
        assert!(game.piles.iter().all(Vec::is_empty));
        assert_eq!(game.turn(), 1);
    }
}

#[test]
fn setup_seats_the_players_at_random_and_refuses_bad_seat_counts() {
    // The shuffle of three seats draws a d3 then a d2: 3 swaps seats 2 and 2, 1 swaps 1 and 0.
    let game = Saizumi::new(
        &Options::default(),
        3,
        &mut ScriptedDice::new([3, 1]).then(SeededDice::new(1)),
    )
    .expect("setup");
    assert_eq!(game.order(), [1, 0, 2]);
    assert_eq!(game.active(), 1, "the first seat in order starts");
    assert_eq!(game.to_act(), [1]);
    let orders: std::collections::BTreeSet<Vec<Seat>> = (0..40)
        .map(|seed| {
            let game = Saizumi::new(&Options::default(), 4, &mut SeededDice::new(seed)).unwrap();
            game.order().to_vec()
        })
        .collect();
    assert!(orders.len() > 6, "seatings vary, not only the start: {orders:?}");
    for players in [1, 6] {
        let err =
            Saizumi::set_up(&Options::default(), players, &mut SeededDice::new(1)).expect_err("refused");
        assert_eq!(err.msg().id, "setup-players");
    }
}

#[test]
fn a_deck_that_runs_out_ends_the_game() {
    let (mut game, mut stones) = position(2, ANN);
    give_pile(&mut game, &mut stones, ANN, &["B5b", "C2b", "A2b"]);
    game.market[0] = vec![stones.card("A1")];
    game.deck = vec![Drawn::Stone(stones.card("A3"))];
    game.begin(&mut ScriptedDice::new([]));
    assert_eq!(
        game.to_place().len(),
        1,
        "fewer than three: what remains is revealed"
    );
    act(&mut game, ANN, "place:1:2", &[]);
    act(&mut game, ANN, "take:2:1:a", &[]);
    assert_eq!(*game.phase(), Phase::Over, "an empty deck ends the game");
    assert_eq!(game.outcome(), Some(Outcome::Won { winners: vec![ANN] }));
}

#[test]
fn stacking_is_skipped_when_the_market_is_empty() {
    let (mut game, mut stones) = position(2, ANN);
    game.deck = vec![Drawn::Visitor, Drawn::Visitor, Drawn::Visitor];
    game.deck.extend(stones.rest());
    game.begin(&mut ScriptedDice::new([1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]));
    assert_eq!(game.checks_done(), 3);
    assert_eq!(game.active(), BEA, "no P4: the next seat plays");
    assert_eq!(*game.phase(), Phase::Place);
}

#[test]
fn ties_share_the_win() {
    let (mut game, mut stones) = position(3, ANN);
    give_pile(&mut game, &mut stones, ANN, &["B5b", "C2b", "A2b"]);
    give_pile(&mut game, &mut stones, CID, &["B5b", "C2b", "A2b"]);
    game.finish(&mut vec![]);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Won {
            winners: vec![ANN, CID]
        })
    );
}

#[test]
fn the_queue_skips_seats_without_piles_and_ends_with_the_active_player() {
    let (mut game, mut stones) = position(5, 2);
    for seat in [0, 1, 2, 4] {
        give_pile(&mut game, &mut stones, seat, &["C1b"]);
    }
    roll(&mut game, &mut stones, [1, 2, 3, 4]);
    let Phase::Respond { queue, .. } = game.phase() else {
        panic!("responding")
    };
    assert_eq!(queue, &[4, 0, 1, 2]);
}

// Resigning.

#[test]
fn resigning_with_two_players_gives_the_other_the_win() {
    let (mut game, _) = placing();
    game.playing.truncate(2);
    game.piles.truncate(2);
    game.next_label.truncate(2);
    act(&mut game, ANN, "resign", &[]);
    assert_eq!(game.outcome(), Some(Outcome::Won { winners: vec![BEA] }));
}

#[test]
fn a_resigning_responder_is_skipped_and_their_piles_leave() {
    let mut game = responding();
    let discards = game.discards().len();
    act(&mut game, BEA, "resign", &[1, 2, 3, 4]);
    assert!(game.piles(BEA).is_empty());
    assert_eq!(game.discards().len(), discards + 2);
    assert_eq!(game.outcome(), None, "three players: the others play on");
    assert_eq!(
        *game.phase(),
        Phase::Stack,
        "nobody else responds; the check is done"
    );
    rejected(&game, BEA, "resign", "rule-not-playing");
}

#[test]
fn a_resigning_active_player_finishes_the_turn_without_stacking() {
    let (mut game, _) = placing();
    let lines = act(&mut game, ANN, "resign", &[2, 2, 3, 3]);
    assert!(
        ids(&lines).contains(&"saizumi-log-placed"),
        "the stone still goes to the market"
    );
    assert_eq!(game.to_act(), [BEA], "Bea responds to the pending check");
    act(&mut game, BEA, "done", &[]);
    assert_eq!(game.active(), BEA, "no P4 for Ann; Bea's turn");
    assert_eq!(game.turn(), 2);
}

// §2 card list.

#[test]
fn the_built_in_list_has_54_stones_in_12_kinds() {
    let list = CardList::built_in();
    assert_eq!(list.stones.len(), 54);
    assert_eq!(list.kinds.len(), 12);
    let c1 = &list.kinds[list.kinds.iter().position(|k| k.id == "C1").expect("C1")];
    assert_eq!(c1.b.row, [4, 5]);
    assert_eq!(
        (c1.b.centre, c1.b.mult, c1.b.effect),
        (4, 2, Effect::Reroll(Some(4)))
    );
    assert_eq!(list.kinds.iter().filter(|k| k.id.starts_with('B')).count(), 6);
    assert_eq!(CardList::from_option("  ").expect("empty is built in"), list);
}

fn refusal(text: &str) -> Msg {
    CardList::parse(text).expect_err("the list is refused")
}

/// The built-in list with one substitution.
fn edited(from: &str, to: &str) -> String {
    assert!(cards::BUILT_IN.contains(from), "{from}");
    cards::BUILT_IN.replacen(from, to, 1)
}

#[test]
fn cards_refused_when_copies_do_not_total_54() {
    let err = refusal(&edited("id=\"A1\", copies=6", "id=\"A1\", copies=5"));
    assert_eq!(err.id, "saizumi-cards-total");
    assert_eq!(err.args["total"], crate::engine::Arg::Text("53".into()));
}

#[test]
fn cards_refused_for_a_row_of_no_dice() {
    let err = refusal(&edited("a={row=[1], centre=1", "a={row=[], centre=1"));
    assert_eq!(err.id, "saizumi-cards-row");
    assert_eq!(err.args["card"], crate::engine::Arg::Text("A1".into()));
}

#[test]
fn cards_refused_for_a_row_of_four_dice() {
    let err = refusal(&edited("b={row=[1,1,1]", "b={row=[1,1,1,1]"));
    assert_eq!(err.id, "saizumi-cards-row");
    assert_eq!(err.args["card"], crate::engine::Arg::Text("B1".into()));
    assert_eq!(err.args["half"], crate::engine::Arg::Text("b".into()));
}

#[test]
fn cards_refused_for_a_face_outside_1_to_6() {
    assert_eq!(
        refusal(&edited("row=[6,1]", "row=[7,1]")).id,
        "saizumi-cards-face"
    );
    assert_eq!(
        refusal(&edited(
            "centre=6, mult=2, effect=\"reroll:6\"",
            "centre=0, mult=2, effect=\"reroll:6\""
        ))
        .id,
        "saizumi-cards-face"
    );
    assert_eq!(
        refusal(&edited("effect=\"set:6\"", "effect=\"set:9\"")).id,
        "saizumi-cards-face"
    );
}

#[test]
fn cards_refused_for_a_multiplier_below_1() {
    let err = refusal(&edited("centre=3, mult=3", "centre=3, mult=0"));
    assert_eq!(err.id, "saizumi-cards-mult");
    assert_eq!(err.args["card"], crate::engine::Arg::Text("A3".into()));
}

#[test]
fn cards_refused_for_an_unknown_effect() {
    let err = refusal(&edited("effect=\"set:5\"", "effect=\"swap\""));
    assert_eq!(err.id, "saizumi-cards-effect");
    assert_eq!(err.args["card"], crate::engine::Arg::Text("B2".into()));
    assert_eq!(
        refusal(&edited("effect=\"set:5\"", "effect=\"set:?\"")).id,
        "saizumi-cards-effect"
    );
}

#[test]
fn cards_refused_for_malformed_toml_with_its_line() {
    let err = refusal(&edited("{id=\"B3\"", "{id=\"B3\" oops"));
    assert_eq!(err.id, "saizumi-cards-malformed");
    let line = cards::BUILT_IN
        .lines()
        .position(|l| l.contains("id=\"B3\""))
        .expect("B3")
        + 1;
    assert_eq!(err.args["line"], crate::engine::Arg::Num(line as i64));
}

#[test]
fn cards_refused_for_a_bad_or_repeated_id_or_copies() {
    assert_eq!(refusal(&edited("id=\"A2\"", "id=\"A1\"")).id, "saizumi-cards-id");
    assert_eq!(
        refusal(&edited("id=\"A2\"", "id=\"TOOLONG\"")).id,
        "saizumi-cards-id"
    );
    assert_eq!(
        refusal(&edited("id=\"A2\", copies=6", "id=\"A2\", copies=0")).id,
        "saizumi-cards-copies"
    );
}

#[test]
fn a_card_list_option_reaches_the_game_or_refuses_setup() {
    let rules = Registered::<Saizumi>::NEW;
    let bad = serde_json::json!({ "cards": edited("mult=1", "mult=0") });
    let err = rules
        .new_game(&bad, 3, &mut SeededDice::new(1))
        .expect_err("refused");
    assert_eq!(err.msg().id, "saizumi-cards-mult");
    assert!(text::has_message(&err.msg().id));
    let renamed = serde_json::json!({ "cards": cards::BUILT_IN.replace("\"C3\"", "\"Z9\"") });
    let options = crate::engine::options_of::<Saizumi>(&renamed).expect("a valid list");
    let game = Saizumi::set_up(&options, 3, &mut SeededDice::new(1)).expect("a valid list");
    assert!(game.cards().kinds.iter().any(|k| k.id == "Z9"));
}

// Board snapshots.

fn names() -> Vec<String> {
    vec!["Ann".into(), "Bea".into(), "Cid".into()]
}

fn snapshot_text(game: &Saizumi, draft: &str) -> String {
    let names = names();
    let tr = Tr::new(Locale::En, &names);
    crate::engine::testing::board_text(&Game::view(game, None, draft, &tr))
}

#[test]
fn board_at_the_start() {
    let game = Saizumi::new(&Options::default(), 3, &mut SeededDice::new(7)).expect("setup");
    insta::assert_snapshot!("start", snapshot_text(&game, ""));
}

#[test]
fn board_during_a_response_shows_the_risk() {
    let (mut game, mut stones) = position(3, ANN);
    give_pile(&mut game, &mut stones, BEA, &["B5b", "C2b", "A2b"]);
    give_pile(&mut game, &mut stones, CID, &["B5b", "C2b", "B1b", "C1a"]);
    give_pile(&mut game, &mut stones, ANN, &["C1b", "A3b", "B4a"]);
    roll(&mut game, &mut stones, [5, 6, 2, 2]);
    game.deck = stones.rest();
    act(&mut game, BEA, "use:1:3", &[5, 5, 5, 2]);
    act(&mut game, BEA, "done", &[]);
    let text = snapshot_text(&game, "");
    assert!(text.contains("If nobody responds"), "{text}");
    insta::assert_snapshot!("respond", text);
    insta::assert_snapshot!("respond-face", snapshot_text(&game, "1-3"));
}

#[test]
fn board_while_stacking_in_steps() {
    let mut game = stacking();
    game.market[3] = vec![36, 40, 44];
    insta::assert_snapshot!("stack", snapshot_text(&game, ""));
    insta::assert_snapshot!("stack-slot", snapshot_text(&game, "s1"));
    insta::assert_snapshot!("stack-claim", snapshot_text(&game, "s4.c.b"));
}

#[test]
fn board_at_the_end() {
    let mut game = responding();
    game.checks_done = 8;
    act(&mut game, BEA, "done", &[]);
    assert_eq!(*game.phase(), Phase::Over);
    insta::assert_snapshot!("over", snapshot_text(&game, ""));
}

#[test]
fn every_step_draft_stays_within_limits() {
    let names = names();
    let tr = Tr::new(Locale::Ja, &names);
    for game in [stacking(), responding(), placing().0] {
        let drafts = view::reachable_drafts(&game, &tr);
        assert!(drafts.len() > 1, "steps are offered");
        for draft in drafts {
            let v = Game::view(&game, None, &draft, &tr);
            v.check_limits().unwrap_or_else(|e| panic!("{draft}: {e}"));
        }
    }
}

#[test]
fn claim_patterns_offer_every_half_pattern_of_a_small_slot() {
    let game = stacking();
    let patterns = game.claim_patterns(1);
    assert_eq!(patterns, ["aa", "ab", "ba", "bb"]);
    let timeout = Game::timeout_action(&game, ANN).expect("an action");
    assert_eq!(timeout.to_string(), "take:1:1:a");
    let responding = responding();
    assert_eq!(Game::timeout_action(&responding, BEA), Some(Action::Done));
    let (placing, _) = placing();
    assert_eq!(
        Game::timeout_action(&placing, ANN).map(|a| a.to_string()),
        Some("place:1:1".into())
    );
}

#[test]
fn command_texts_fit_discord_in_both_languages() {
    for locale in Locale::ALL {
        let tr = Tr::new(locale, &[]);
        assert!((1..=100).contains(&tr.t("saizumi-command").chars().count()));
        let rules = tr.t("saizumi-rules");
        assert!(
            (200..=1800).contains(&rules.chars().count()),
            "{locale:?}: {}",
            rules.chars().count()
        );
        assert!(!tr.t("saizumi-name").is_empty());
    }
    let ja = Tr::new(Locale::Ja, &[]);
    let text: String = [
        "saizumi-rules",
        "saizumi-name",
        "saizumi-view-pile",
        "saizumi-view-market",
        "saizumi-log-revealed",
    ]
    .iter()
    .map(|id| ja.t(id))
    .collect();
    for term in ["賽積", "来訪カード", "場札", "崩壊", "倍率", "段数", "基礎点"] {
        assert!(text.contains(term), "{term}");
    }
}

/// Crowded positions: five long names, one player holding 40 cards in one pile, or every stone
/// in the market; every draft the steps reach stays within Discord's limits.
#[test]
fn crowded_boards_stay_within_limits() {
    let names: Vec<String> = (0..5).map(|s| format!("{s}{}", "W".repeat(31))).collect();
    let tr_en = Tr::new(Locale::En, &names);
    let tr_ja = Tr::new(Locale::Ja, &names);
    let all_cards: Vec<Card> = (0..cards::STONES as Card).collect();

    // Seat 1 holds 40 cards in one pile and responds; the others share the rest.
    let (mut tall, _) = position(5, 0);
    let half = |i: usize| if i.is_multiple_of(3) { Half::B } else { Half::A };
    let placed = |cards: &[Card], offset: usize| -> Vec<Placed> {
        cards
            .iter()
            .enumerate()
            .map(|(i, &card)| Placed {
                card,
                half: half(i + offset),
            })
            .collect()
    };
    tall.piles[1].push(Pile {
        label: 1,
        cards: placed(&all_cards[..40], 0),
    });
    for (i, chunk) in all_cards[40..].chunks(4).enumerate() {
        let seat = [0, 2, 3, 4][i % 4];
        let label = tall.next_label[seat];
        tall.next_label[seat] += 1;
        tall.piles[seat].push(Pile {
            label,
            cards: placed(chunk, i),
        });
    }
    tall.next_label[1] = 2;
    tall.checks_pending = 1;
    tall.roll(&mut ScriptedDice::new([1, 2, 3, 4]), &mut vec![]);
    assert_eq!(tall.to_act(), [1]);
    let mut stacking_tall = tall.clone();
    stacking_tall.active = 1;
    stacking_tall.phase = Phase::Stack;
    stacking_tall.market[0] = vec![stacking_tall.piles[0][0].cards[0].card];

    // Every stone in the market, 38 in slot 1.
    let (mut market, _) = position(5, 2);
    market.market[0] = all_cards[..38].to_vec();
    for (i, &c) in all_cards[38..].iter().enumerate() {
        market.market[1 + i % 8].push(c);
    }
    market.phase = Phase::Stack;

    for game in [tall, stacking_tall, market] {
        for tr in [&tr_en, &tr_ja] {
            let drafts = view::reachable_drafts(&game, tr);
            assert!(drafts.len() > 1);
            for draft in drafts {
                let v = Game::view(&game, None, &draft, tr);
                v.check_limits()
                    .unwrap_or_else(|e| panic!("{draft}: {e}\n{}", v.to_text()));
            }
        }
    }
}

/// The picture of a position a few moves into a seeded game, against its golden PNG (pixels,
/// with a small tolerance), and its alt text naming every player.
#[test]
fn the_board_picture_matches_its_golden_png() {
    let options = Options::default();
    let players = 3;
    let game = Saizumi::new(&options, players, &mut SeededDice::new(7)).expect("setup");
    crate::engine::testing::assert_golden_picture(
        game,
        players,
        40,
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/src/games/saizumi/snapshots/board.png"
        ),
    );
}
