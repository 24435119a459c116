//! The coach in the terminal: `saikoro review` of a game whose coach weighs by playouts says so,
//! with how many and how sure, and names moves as their buttons read, in both languages.

use super::{saikoro, scratch, text};
use saikoro::engine::{Locale, SeededDice, Tr, driver};

/// The first moves of a Ninja game where each seat always takes its last choice, written as a
/// record file; and the slips the coach finds in it.
fn ninja_record(dir: &std::path::Path) -> (std::path::PathBuf, usize) {
    use saikoro::engine::RecordingDice;
    let kind = saikoro::games::GameKind::from_id("ninja").unwrap();
    let mut rng = SeededDice::new(4);
    let mut recording = RecordingDice::new(&mut rng);
    let mut game = kind.new_game(&serde_json::json!({}), 2, &mut recording).unwrap();
    let setup = recording.drawn;
    let tr = Tr::new(Locale::En, &[]);
    let (_, log) = driver::play_logged(game.as_mut(), &mut SeededDice::new(5), 8, |g, s| {
        g.choices(s, &tr).pop().expect("a choice").id
    });
    let mut fresh = kind.set_up_again(&serde_json::json!({}), 2, &setup).unwrap();
    let slips = saikoro::engine::coach::review(fresh.as_mut(), &log, &tr)
        .unwrap()
        .len();
    let record = serde_json::json!({
        "game": "ninja",
        "options": {},
        "seats": [{"name": "ann"}, {"name": "ben"}],
        "setup_dice": setup,
        "actions": log,
    });
    let file = dir.join("ninja.json");
    std::fs::write(&file, record.to_string()).unwrap();
    (file, slips)
}

#[test]
fn a_playout_review_names_its_measure_and_the_moves_as_their_buttons_read() {
    let dir = scratch("coach");
    let (file, slips) = ninja_record(&dir);
    assert!(slips > 0, "the last choice each time is not always the coach's");
    let file = file.to_str().unwrap();
    for (lang, measure) in [("en", "played out 24 times each"), ("ja", "各24回最後まで打つと")] {
        let out = saikoro(&["review", "--file", file, "--lang", lang], "");
        let review = text(&out.stdout);
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert_eq!(review.matches(measure).count(), slips, "{lang}: {review}");
        assert!(review.contains("95%"), "{lang}: how sure: {review}");
        assert!(
            !review.contains("**") && !review.contains('`'),
            "no markdown: {review}"
        );
        assert!(
            !review.contains("strong bot") && !review.contains("つよいボット"),
            "{review}"
        );
        // Each slip names two moves by their labels (`A b1→c4`), never by id (`b1-c4`).
        assert_eq!(review.matches('→').count(), 2 * slips, "{lang}: {review}");
    }
    // In English: each slip costs something, with a real margin, and the costliest come first.
    let review = text(&saikoro(&["review", "--file", file, "--lang", "en"], "").stdout);
    let costs: Vec<(f64, f64)> = review.lines().filter_map(cost_and_margin).collect();
    assert_eq!(costs.len(), slips, "{review}");
    assert!(
        costs.iter().all(|&(cost, margin)| cost > 0.0 && margin > 0.0),
        "{review}"
    );
    assert!(
        costs.windows(2).all(|w| w[0].0 >= w[1].0),
        "costliest first: {review}"
    );
}

/// A slip's cost and margin in points from its English line ("… won 12.5 points more often
/// (± 20.1, 95% sure)").
fn cost_and_margin(line: &str) -> Option<(f64, f64)> {
    let (_, rest) = line.split_once(" won ")?;
    let (cost, rest) = rest.split_once(" points more often (± ")?;
    let (margin, _) = rest.split_once(", 95% sure")?;
    Some((cost.parse().ok()?, margin.parse().ok()?))
}
