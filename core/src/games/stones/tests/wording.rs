//! Issue #28 (7): the board says only what is possible. A take is offered only when one exists,
//! every take is logged, ending a turn that leaves no chain next turn is warned about (not
//! refused), and the die line shows the requirement the turn will really have (§7, §9.11).

use super::*;

const MAX_POSSIBLE: Options = Options {
    dice: true,
    dice_shortfall: Shortfall::MaxPossible,
};

fn board(game: &Stones, locale: Locale) -> String {
    Game::view(game, None, "", &Tr::new(locale, &names())).description
}

fn ja_text(game: &Stones) -> String {
    crate::engine::testing::board_text(&Game::view(game, None, "", &Tr::new(Locale::Ja, &names())))
}

/// A snapshot kept beside the game's other boards in `stones/snapshots/`.
fn snap(name: &str, text: String) {
    insta::with_settings!({ snapshot_path => "../snapshots" }, {
        insta::assert_snapshot!(name, text);
    });
}

fn end_label(game: &Stones, remove: bool) -> String {
    Game::label(game, &Action::End { remove }, &Tr::new(Locale::En, &names()))
}

/// P1's one stone a6, walled in (the §8.12 shape): no chain until P2's stone on a7 is taken.
fn walled(options: Options, dice: &[u8]) -> Stones {
    position(options, dice, |g| {
        without_initial(g, 0);
        set(g, &["a6"], Piece::Stone(0));
        set(
            g,
            &["b6", "d6", "f6", "g6", "a5", "a3", "a2", "a7", "g1"],
            Piece::Stone(1),
        );
    })
}

#[test]
fn the_end_phase_offers_a_take_only_when_one_exists() {
    let mut none = s0();
    play(&mut none, &["0 place a1 N"]);
    assert!(none.takes().is_empty());
    let en = board(&none, Locale::En);
    assert!(en.contains("ann: end the turn."), "{en}");
    assert!(!en.contains("take"), "{en}");
    let ja = board(&none, Locale::Ja);
    assert!(ja.contains("ann：手番を終了"), "{ja}");
    assert!(!ja.contains("獲得するか"), "{ja}");

    let mut one = position(Options::default(), &[], |g| set(g, &["a7"], Piece::Stone(1)));
    play(&mut one, &["0 place a1 N"]);
    assert_eq!(one.takes(), vec![cell("a7")]);
    let en = board(&one, Locale::En);
    assert!(en.contains("ann: corner or end?"), "{en}");
}

#[test]
fn every_take_is_logged_in_both_phases() {
    let mut game = walled(Options::default(), &[]);
    let took = |log: &[Msg]| -> Vec<Arg> {
        log.iter()
            .filter(|m| m.id == "stones-log-took")
            .map(|m| m.args["cell"].clone())
            .collect()
    };
    let log = play(&mut game, &["0 take a7"]);
    assert_eq!(took(&log), [Arg::from("a7")]);
    let log = play(&mut game, &["0 place a6 N", "0 take g1"]);
    assert_eq!(took(&log), [Arg::from("g1")]);
    let names = names();
    let en = Tr::new(Locale::En, &names).msg(&log[1]);
    assert_eq!(en, "✋ 🔴 ann took the stone on g1 (+1).");
    let ja = Tr::new(Locale::Ja, &names).msg(&log[1]);
    assert_eq!(ja, "✋ 🔴 annさんがg1の石を獲得しました（+1）。");
}

/// §8.15: ending with a2 and b1 around the initial stone loses at the next TURN_START. The
/// board warns, `end` stays legal, and the loss does come.
#[test]
fn ending_a_turn_that_leaves_no_chain_warns_but_is_allowed() {
    let mut game = position(Options::default(), &[], |g| set(g, &["b1"], Piece::Stone(0)));
    play(&mut game, &["0 place a1 N"]);
    assert_eq!(end_label(&game, false), "End turn ⚠️ no chain next turn");
    assert_eq!(end_label(&game, true), "End and remove initial stone");
    let en = board(&game, Locale::En);
    assert!(
        en.contains("⚠️ Keeping the initial stone\nleaves no chain next turn"),
        "{en}"
    );
    snap("end_warning", snapshot_text(&game, ""));
    snap("end_warning_ja", ja_text(&game));
    assert!(Game::legal_actions(&game, 0).contains(&Action::End { remove: false }));
    play(&mut game, &["0 end", "1 place g7 W", "1 end"]);
    assert_eq!((game.stuck(), winner(&game)), (Some(P1), P2));

    // S0: b1, east of a1, stays free, so nothing to warn about.
    let mut fine = s0();
    play(&mut fine, &["0 place a1 N"]);
    assert_eq!(end_label(&fine, false), "End turn");
    assert!(!board(&fine, Locale::En).contains("⚠️"));
}

/// The last stones leave the hand: there is no next turn, so nothing to lose.
#[test]
fn no_warning_when_the_hand_is_empty_after_the_turn() {
    let mut game = position(Options::default(), &[], |g| {
        set(g, &["b1"], Piece::Stone(0));
        g.pos.hands = [1, 30];
    });
    play(&mut game, &["0 place a1 N"]);
    assert_eq!(end_label(&game, false), "End turn");
    assert!(!board(&game, Locale::En).contains("⚠️"));
}

/// With `max_possible` and no chain before the take, the die line gives the length the turn
/// will have (3), not the 1 the rules fall back to before the take; the rules are unchanged.
#[test]
fn the_die_line_shows_the_requirement_after_a_needed_take() {
    let mut game = walled(MAX_POSSIBLE, &[3]);
    assert_eq!(game.lengths(), 1..=1);
    let line = "🎲 Roll 3: place 3 stones.";
    assert!(board(&game, Locale::En).contains(line));
    assert!(board(&game, Locale::Ja).contains("🎲 出目3：3個配置"));
    snap("take_first_dice", snapshot_text(&game, ""));
    play(&mut game, &["0 take a7"]);
    assert_eq!(game.lengths(), 3..=3);
    assert!(board(&game, Locale::En).contains(line));
    play(&mut game, &["0 place a6 NEE"]);
    assert!(board(&game, Locale::En).contains(line));
}

/// §8.19 with `max_possible`: only `a1 E` fits, so the turn places 1 stone, before and after.
#[test]
fn the_die_line_shows_the_shorter_chain_once_placed() {
    let mut game = position(MAX_POSSIBLE, &[2], |g| {
        set(g, &["a2", "b2", "c1"], Piece::Stone(0));
    });
    let line = "🎲 Roll 2: place 1 stone.";
    assert!(board(&game, Locale::En).contains(line));
    play(&mut game, &["0 place a1 E"]);
    assert!(
        board(&game, Locale::En).contains(line),
        "{}",
        board(&game, Locale::En)
    );
}

/// A chain exists now (a6 E to g6, 1 stone) but taking the corners allows 3: both are said.
#[test]
fn the_die_line_names_both_lengths_when_a_take_lengthens_the_chain() {
    let mut game = position(MAX_POSSIBLE, &[3], |g| {
        without_initial(g, 0);
        set(g, &["a6"], Piece::Stone(0));
        set(
            g,
            &["b6", "d6", "f6", "a5", "a3", "a2", "a7", "g5", "g3", "g2", "g1"],
            Piece::Stone(1),
        );
    });
    assert_eq!(game.lengths(), 1..=1);
    let en = board(&game, Locale::En);
    assert!(
        en.contains("🎲 Roll 3: place 1 stone,\n3 if you take the corner."),
        "{en}"
    );
    let ja = board(&game, Locale::Ja);
    assert!(
        ja.contains("🎲 出目3：1個配置\n（コーナーを先に取れば3個）"),
        "{ja}"
    );
    snap("dice_or_take_ja", ja_text(&game));
    play(&mut game, &["0 take a7", "0 take g1"]);
    assert!(board(&game, Locale::En).contains("🎲 Roll 3: place 3 stones."));
}

/// P1 ends its turn after `a1 E` (to b1) beside its stone g1, walled in by P2 (`walls`): b1
/// and g1 have no way out once the initial stone is gone, while a1 keeps a2 unless `a2` is
/// P1's too (then a2 and a7 are walled in as well).
fn after_a1_e(boxed_in: bool) -> Stones {
    let mut game = position(Options::default(), &[], |g| {
        let walls = ["c1", "e1", "f1", "b2", "b4", "b6", "b7", "g2", "g3", "g5", "g6"];
        set(g, &walls, Piece::Stone(1));
        set(g, &["g1"], Piece::Stone(0));
        if boxed_in {
            let more = ["a3", "a5", "a6", "c7", "e7", "f7", "d2", "f2"];
            set(g, &more, Piece::Stone(1));
            set(g, &["a2", "a7"], Piece::Stone(0));
        }
    });
    play(&mut game, &["0 place a1 E"]);
    game
}

#[test]
fn removing_the_initial_stone_can_be_the_move_warned_about() {
    let game = after_a1_e(false);
    assert_eq!(end_label(&game, false), "End turn");
    assert_eq!(
        end_label(&game, true),
        "End, remove initial stone ⚠️ no chain next turn"
    );
    let en = board(&game, Locale::En);
    assert!(
        en.contains("⚠️ Removing the initial stone\nleaves no chain next turn"),
        "{en}"
    );
    let mut lost = game.clone();
    play(&mut lost, &["0 end remove", "1 place g7 W", "1 end"]);
    assert_eq!(lost.stuck(), Some(P1));
}

#[test]
fn both_ends_warned_about_when_neither_leaves_a_chain() {
    let game = after_a1_e(true);
    assert_eq!(end_label(&game, false), "End turn ⚠️ no chain next turn");
    assert_eq!(
        end_label(&game, true),
        "End, remove initial stone ⚠️ no chain next turn"
    );
    let en = board(&game, Locale::En);
    assert!(en.contains("⚠️ Ending now leaves no chain\nnext turn"), "{en}");
    let ja = board(&game, Locale::Ja);
    assert!(ja.contains("⚠️ このまま終えると"), "{ja}");
    assert_eq!(
        Game::legal_actions(&game, 0),
        vec![Action::End { remove: false }, Action::End { remove: true }]
    );
}

/// The pieces jumped this turn leave before the next turn: P1's a5 S jumps a4 to a3, and a4,
/// emptied, is then the way out for both a3 and a5 (every other way is walled in).
#[test]
fn the_warning_counts_the_pieces_this_turn_captures() {
    let mut game = position(Options::default(), &[], |g| {
        without_initial(g, 0);
        set(g, &["a5", "a7"], Piece::Stone(0));
        set(g, &["a2", "a6", "b7", "c7", "e7", "f7"], Piece::Stone(1));
    });
    play(&mut game, &["0 place a5 S"]);
    assert_eq!(game.current_turn().captured, 1 << cell("a4"));
    assert_eq!(end_label(&game, false), "End turn");
    assert!(!board(&game, Locale::En).contains("⚠️"));
    play(&mut game, &["0 end", "1 place g7 S", "1 end"]);
    assert_eq!((game.active(), game.phase()), (P1, Phase::Place));
}

/// P1 ends its turn after `a1 E` (to b1), with P2's initial stone gone and P2's stone on
/// `p2`: from c1, P2's `c1 W` would jump b1, P1's only placed stone, onto the emptied a1.
fn after_b1_beside(p2: &str) -> Stones {
    let mut game = position(Options::default(), &[], |g| {
        without_initial(g, 1);
        set(g, &[p2], Piece::Stone(1));
    });
    play(&mut game, &["0 place a1 E"]);
    game
}

#[test]
fn removing_the_initial_stone_before_a_sweep_is_warned_about() {
    let game = after_b1_beside("c1");
    let en = board(&game, Locale::En);
    assert!(
        en.contains(
            "⚠️ Removing the initial stone\nlets the opponent's next chain\njump every stone you placed"
        ),
        "{en}"
    );
    let ja = board(&game, Locale::Ja);
    assert!(
        ja.contains("⚠️ イニシャル石を取ると、相手の\n次の手番で置いた石をすべて"),
        "{ja}"
    );
    assert_eq!(
        end_label(&game, true),
        "End and remove initial stone",
        "still no loss for sure"
    );
    let mut lost = game.clone();
    play(&mut lost, &["0 end remove", "1 place c1 W", "1 end"]);
    assert_eq!(lost.stuck(), Some(P1), "no stone left to start from");

    let far = board(&after_b1_beside("e7"), Locale::En);
    assert!(!far.contains("jump every stone"), "{far}");
}
