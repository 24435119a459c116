//! §3 setup, resigning, and the §2 card-list loader.

use super::*;

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
