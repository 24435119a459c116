use super::*;

const BETA: f64 = 25.0 / 6.0;
const KAPPA: f64 = 0.000_001;

/// Weng & Lin (2011), Algorithm 1 with the Bradley-Terry full-pair model, written out here from
/// the paper so the crate's answers are checked against an independent computation.
fn by_the_paper(before: &[Rating], places: &[u32]) -> Vec<Rating> {
    before
        .iter()
        .enumerate()
        .map(|(i, me)| {
            let (mut omega, mut delta) = (0.0, 0.0);
            for (q, other) in before.iter().enumerate().filter(|(q, _)| *q != i) {
                let c = (me.sigma.powi(2) + other.sigma.powi(2) + 2.0 * BETA * BETA).sqrt();
                let p = (me.mu / c).exp() / ((me.mu / c).exp() + (other.mu / c).exp());
                let s = match places[q].cmp(&places[i]) {
                    std::cmp::Ordering::Greater => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Less => 0.0,
                };
                let gamma = me.sigma / c;
                omega += me.sigma.powi(2) / c * (s - p);
                delta += gamma * me.sigma.powi(2) / (c * c) * p * (1.0 - p);
            }
            Rating {
                mu: me.mu + omega,
                sigma: (me.sigma.powi(2) * (1.0 - delta).max(KAPPA)).sqrt(),
            }
        })
        .collect()
}

fn close(a: &[Rating], b: &[Rating]) {
    assert_eq!(a.len(), b.len());
    for (x, y) in a.iter().zip(b) {
        assert!((x.mu - y.mu).abs() < 1e-9, "{a:?} vs {b:?}");
        assert!((x.sigma - y.sigma).abs() < 1e-9, "{a:?} vs {b:?}");
    }
}

fn resign(seat: Seat) -> LoggedAction {
    LoggedAction {
        seat,
        action: RESIGN.into(),
        dice: vec![],
    }
}

fn places(placings: &[Placing]) -> Vec<u32> {
    placings.iter().map(|p| p.place).collect()
}

#[test]
fn two_player_win_moves_both_by_the_paper_and_by_hand() {
    let before = [Rating::default(); 2];
    let placed = placings(&Outcome::Won { winners: vec![1] }, 2, &[]);
    assert_eq!(places(&placed), [2, 1]);
    let after = rate(&before, &places(&placed));
    close(&after, &by_the_paper(&before, &[2, 1]));
    // By hand: c = √(2σ² + 2β²) ≈ 13.176, p = ½, so μ moves by σ²/c · ½ ≈ 2.635.
    assert!((after[1].mu - 27.635).abs() < 0.001, "{after:?}");
    assert!((after[0].mu - 22.365).abs() < 0.001, "{after:?}");
    assert!(after[0].sigma < before[0].sigma && after[1].sigma < before[1].sigma);
}

#[test]
fn four_players_with_a_shared_win_and_uneven_ratings() {
    let before = [
        Rating { mu: 30.0, sigma: 4.0 },
        Rating { mu: 25.0, sigma: 8.0 },
        Rating { mu: 20.0, sigma: 6.0 },
        Rating::default(),
    ];
    let placed = placings(&Outcome::Won { winners: vec![1, 2] }, 4, &[]);
    assert_eq!(places(&placed), [2, 1, 1, 2]);
    let after = rate(&before, &places(&placed));
    close(&after, &by_the_paper(&before, &[2, 1, 1, 2]));
    assert!(after[0].mu < before[0].mu && after[2].mu > before[2].mu);
}

#[test]
fn a_resigned_seat_ranks_last_behind_those_who_played_on() {
    let log = [
        LoggedAction {
            seat: 0,
            action: "roll".into(),
            dice: vec![3],
        },
        resign(2),
    ];
    let placed = placings(&Outcome::Won { winners: vec![0] }, 3, &log);
    assert_eq!(places(&placed), [1, 2, 3]);
    assert!(placed[2].resigned && !placed[1].resigned);
    let before = [Rating::default(); 3];
    let after = rate(&before, &places(&placed));
    close(&after, &by_the_paper(&before, &[1, 2, 3]));
    assert!(after[2].mu < after[1].mu);
}

#[test]
fn when_everyone_else_resigned_the_winner_is_first_and_the_rest_share_last() {
    let placed = placings(&Outcome::Won { winners: vec![1] }, 3, &[resign(0), resign(2)]);
    assert_eq!(places(&placed), [2, 1, 2]);
}

#[test]
fn solitaire_has_one_place_and_no_rating_change() {
    let placed = placings(&Outcome::Solitaire { turns: 12 }, 1, &[]);
    assert_eq!(places(&placed), [1]);
    let before = [Rating { mu: 31.0, sigma: 2.0 }];
    // One team alone learns nothing: the rating stays exactly as it was.
    assert_eq!(rate(&before, &[1]), before);
}

#[test]
fn conservative_rating_is_three_sigmas_below_the_mean() {
    assert_eq!(Rating { mu: 30.0, sigma: 2.0 }.conservative(), 24.0);
}
