//! What a finished game changes in its players' figures besides their summaries: ratings and
//! head-to-head counts, computed from the seats' results and the ratings stored before.

use super::{Rating, rate};
use crate::id::GuildId;
use std::collections::HashMap;

/// The `player` of a user who asked to be forgotten.
pub const ANONYMOUS: &str = "anon";

/// How one seat finished, as the session computed it.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatResult {
    /// A user id in decimal, or `bot:<level>`.
    pub player: String,
    pub place: u32,
    pub won: bool,
    pub resigned: bool,
    /// A solitaire game's turn count.
    pub turns: Option<u32>,
}

/// What a finishing action records besides itself.
#[derive(Clone, Debug, PartialEq)]
pub struct Finish {
    pub guild: Option<GuildId>,
    pub kind: String,
    pub seats: Vec<SeatResult>,
    /// Whether ratings move (a game between at least two seats); solitaire only records.
    pub rated: bool,
}

/// A player's rating row after a finish: the rating (unchanged when the game is not rated) and
/// whether any of their seats won.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingAfter {
    pub player: String,
    pub rating: Rating,
    pub won: bool,
}

/// One player's count against one opponent from a finish: whether they placed ahead or behind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rivalry<'a> {
    pub player: &'a str,
    pub opponent: &'a str,
    pub ahead: bool,
    pub behind: bool,
}

impl Finish {
    /// The players of the seats, each once, in seat order (two bots of one level are one).
    pub fn players(&self) -> Vec<&str> {
        let mut players: Vec<&str> = vec![];
        for seat in &self.seats {
            if !players.contains(&seat.player.as_str()) {
                players.push(&seat.player);
            }
        }
        players
    }

    /// Each player's rating after the game, in [`Finish::players`] order, from `before` (every
    /// player's rating before it; a newcomer's is the default). A player in several seats gets
    /// the sum of its seats' moves from the one rating it had, and the surest uncertainty.
    pub fn ratings_after(&self, before: &HashMap<String, Rating>) -> Vec<RatingAfter> {
        let prior = |player: &str| before.get(player).copied().unwrap_or_default();
        let mut after: HashMap<&str, Rating> = HashMap::new();
        if self.rated {
            let priors: Vec<Rating> = self.seats.iter().map(|s| prior(&s.player)).collect();
            let places: Vec<u32> = self.seats.iter().map(|s| s.place).collect();
            for ((seat, was), new) in self.seats.iter().zip(&priors).zip(rate(&priors, &places)) {
                let entry = after.entry(seat.player.as_str()).or_insert(*was);
                entry.mu += new.mu - was.mu;
                entry.sigma = entry.sigma.min(new.sigma);
            }
        }
        self.players()
            .into_iter()
            .map(|player| RatingAfter {
                player: player.to_owned(),
                rating: after.get(player).copied().unwrap_or_else(|| prior(player)),
                won: self.seats.iter().any(|s| s.player == player && s.won),
            })
            .collect()
    }

    /// Each seat's rating after the game, as its result records it: its player's in `after`
    /// ([`Finish::ratings_after`]), or `None` when the game is not rated.
    pub fn seat_ratings(&self, after: &[RatingAfter]) -> Vec<Option<Rating>> {
        self.seats
            .iter()
            .map(|seat| {
                let rating = after.iter().find(|r| r.player == seat.player);
                rating.filter(|_| self.rated).map(|r| r.rating)
            })
            .collect()
    }

    /// Head-to-head counts: every seat against every seat of another player, forgotten players
    /// left out (nobody can look them up).
    pub fn rivalries(&self) -> Vec<Rivalry<'_>> {
        let known = || self.seats.iter().filter(|s| s.player != ANONYMOUS);
        known()
            .flat_map(|me| {
                known()
                    .filter(move |other| other.player != me.player)
                    .map(move |other| Rivalry {
                        player: &me.player,
                        opponent: &other.player,
                        ahead: me.place < other.place,
                        behind: me.place > other.place,
                    })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(player: &str, place: u32) -> SeatResult {
        SeatResult {
            player: player.into(),
            place,
            won: place == 1,
            resigned: false,
            turns: None,
        }
    }

    fn finish(seats: Vec<SeatResult>, rated: bool) -> Finish {
        Finish {
            guild: None,
            kind: "cantstop".into(),
            seats,
            rated,
        }
    }

    fn by_player<'a>(after: &'a [RatingAfter], player: &str) -> &'a RatingAfter {
        after.iter().find(|r| r.player == player).expect(player)
    }

    #[test]
    fn a_rated_game_moves_each_player_as_the_weng_lin_update_does() {
        let game = finish(vec![seat("10", 2), seat("20", 1)], true);
        let strong = Rating { mu: 30.0, sigma: 5.0 };
        let before = HashMap::from([("10".to_owned(), strong)]);
        let after = game.ratings_after(&before);
        // "20" is new: their prior is the default.
        let expected = rate(&[strong, Rating::default()], &[2, 1]);
        assert_eq!(by_player(&after, "10").rating, expected[0]);
        assert_eq!(by_player(&after, "20").rating, expected[1]);
        assert!(by_player(&after, "20").won && !by_player(&after, "10").won);
        assert_eq!(game.players(), ["10", "20"]);
    }

    #[test]
    fn an_unrated_game_keeps_ratings_but_still_counts_the_win() {
        let game = finish(vec![seat("10", 1)], false);
        let kept = Rating { mu: 31.0, sigma: 2.0 };
        let after = game.ratings_after(&HashMap::from([("10".to_owned(), kept)]));
        assert_eq!(
            after,
            [RatingAfter {
                player: "10".into(),
                rating: kept,
                won: true
            }]
        );
        assert_eq!(game.seat_ratings(&after), [None]);
    }

    #[test]
    fn a_player_in_two_seats_sums_both_moves_and_keeps_the_surer_sigma() {
        let game = finish(
            vec![seat("bot:easy", 1), seat("10", 2), seat("bot:easy", 3)],
            true,
        );
        let after = game.ratings_after(&HashMap::new());
        let each = rate(&[Rating::default(); 3], &[1, 2, 3]);
        let bot = by_player(&after, "bot:easy").rating;
        let start = Rating::default();
        let moved = (each[0].mu - start.mu) + (each[2].mu - start.mu);
        assert!((bot.mu - (start.mu + moved)).abs() < 1e-12, "{bot:?}");
        assert_eq!(bot.sigma, each[0].sigma.min(each[2].sigma));
        assert_eq!(after.len(), 2, "one row per player: {after:?}");
        // Both of the bot's seats record the bot's one rating.
        let seats = game.seat_ratings(&after);
        assert_eq!(seats[0], Some(bot));
        assert_eq!(seats[2], Some(bot));
        assert_eq!(seats[1], Some(by_player(&after, "10").rating));
    }

    #[test]
    fn rivals_count_every_seat_against_every_other_players_seat() {
        let game = finish(
            vec![seat("10", 1), seat("20", 2), seat(ANONYMOUS, 3), seat("20", 2)],
            true,
        );
        let pairs: Vec<(&str, &str, bool, bool)> = game
            .rivalries()
            .iter()
            .map(|r| (r.player, r.opponent, r.ahead, r.behind))
            .collect();
        assert_eq!(
            pairs,
            [
                ("10", "20", true, false),
                ("10", "20", true, false),
                ("20", "10", false, true),
                ("20", "10", false, true),
            ],
            "the forgotten player and a player's own seats count for nothing"
        );
        let tie = finish(vec![seat("10", 1), seat("20", 1)], true);
        assert!(tie.rivalries().iter().all(|r| !r.ahead && !r.behind));
    }
}
