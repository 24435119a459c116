//! Shared fixtures and the board snapshots; the worked examples of the rules page (§8), every
//! rejection of §6, and setup (§3), resigning and the card-list loader (§2) are in `tests/`.
//! Positions are built directly: a scripted deck and market, piles written in the page's notation,
//! dice scripted.

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

mod examples;
mod rejections;
mod setup;

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
    // What each would keep is on their field: Bea is done, Cid acts, Ann (last) responds later.
    assert!(text.contains("\n🟦 Bea — 0 pts 💥→0\n"), "{text}");
    assert!(text.contains("\n🔶 Cid — 16 pts 💥→0 ▶\n"), "{text}");
    assert!(text.contains("\n🔴 Ann — 8 pts ⏳\n"), "{text}");
    assert!(text.contains("\n#1 (16 pts) 💥B5b C2b B1b C1a\n"), "{text}");
    insta::assert_snapshot!("respond", text);
    insta::assert_snapshot!("respond-face", snapshot_text(&game, "1-3"));
    let details = snapshot_text(&game, "?details");
    assert!(details.contains("\n`4` C1a [1][2] 1×2 🔄1💥\n"), "{details}");
    insta::assert_snapshot!("respond-details", details);
}

/// A crowded slot stays on one phone line: its top card's rows and as many lower ids as fit,
/// the others counted.
#[test]
fn a_crowded_market_slot_stays_on_one_line() {
    let mut game = stacking();
    game.market[2] = vec![];
    for id in ["C1", "C2", "C3", "A1", "A2", "B1"] {
        let card = (0..cards::STONES as Card)
            .find(|&c| game.kind(c).id == id && !game.market.iter().flatten().any(|&m| m == c))
            .expect("a free copy");
        game.market[2].push(card);
    }
    let text = snapshot_text(&game, "");
    assert!(text.contains("\n3️⃣ C1 C2 +3 B1 [1][1]┃[1][1][1]\n"), "{text}");
    assert!(text.contains("\n1️⃣ A1 C3 [3][4]┃[6][1]\n"), "{text}");
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
        "",
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/src/games/saizumi/snapshots/board.png"
        ),
    );
}

/// The picture with a decision half made (the draft the step buttons carry), against its
/// golden PNG: the draft must show.
#[test]
fn the_draft_picture_matches_its_golden_png() {
    let options = Options::default();
    let game = Saizumi::new(&options, 3, &mut SeededDice::new(7)).expect("setup");
    crate::engine::testing::assert_golden_draft(
        game,
        3,
        40,
        2,
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/src/games/saizumi/snapshots/draft.png"
        ),
    );
}
