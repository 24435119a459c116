//! A player's running figures (games, wins, streaks, solitaire records, first game), kept per
//! game and over all games as each game finishes, so stats need not read every result.

use super::finish::{ANONYMOUS, Finish, SeatResult};

/// The `kind` of a player's summary over every game.
pub const ALL_KINDS: &str = "*";

/// A player's figures in a server for one game, or for all games together (`kind` is
/// [`ALL_KINDS`]). The store reads it straight from its `player_stats` row.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct PlayerSummary {
    pub kind: String,
    /// Versus (not solitaire) results, and how many of them were wins.
    pub games: i64,
    pub wins: i64,
    /// Wins since the last loss, and the most in a row, in the order the games finished.
    pub streak: i64,
    pub best_streak: i64,
    pub solo_games: i64,
    pub solo_best: Option<i64>,
    pub solo_turns: i64,
    /// When the first result (of any sort, then versus) came: `(finished_at, game_id)`.
    pub first_at: i64,
    pub first_game: i64,
    pub versus_first_at: Option<i64>,
    pub versus_first_game: Option<i64>,
}

/// A player's versus result as stored: the game's kind and whether they won.
pub type VersusResult = (String, bool);

/// One player's part in a finished game, to be added to their summaries.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerFinish<'a> {
    pub player: &'a str,
    /// Their seats, in the order stats reads results (by place).
    pub seats: Vec<&'a SeatResult>,
}

impl Finish {
    /// Each remembered player's seats, players in seat order: forgotten players keep no summary.
    pub fn player_finishes(&self) -> Vec<PlayerFinish<'_>> {
        self.players()
            .into_iter()
            .filter(|player| *player != ANONYMOUS)
            .map(|player| {
                let mut seats: Vec<&SeatResult> = self.seats.iter().filter(|s| s.player == player).collect();
                seats.sort_by_key(|s| s.place);
                PlayerFinish { player, seats }
            })
            .collect()
    }
}

impl PlayerFinish<'_> {
    /// The player's summaries for `kind` and for [`ALL_KINDS`] after this game, finished at
    /// `(at, game)`, from the ones stored (none before their first game). `recount` holds all
    /// their versus results, this game's included, oldest first, when a result newer than this
    /// game is already stored (two games finishing in one second, in the other order): the
    /// streaks are then counted again from it rather than extended.
    pub fn summaries(
        &self,
        kind: &str,
        stored: &[PlayerSummary],
        at: i64,
        game: i64,
        recount: Option<&[VersusResult]>,
    ) -> [PlayerSummary; 2] {
        [kind, ALL_KINDS].map(|kind| {
            let mut summary = stored
                .iter()
                .find(|s| s.kind == kind)
                .cloned()
                .unwrap_or_else(|| PlayerSummary::new(kind, at, game));
            for seat in &self.seats {
                summary.add(seat, at, game);
            }
            if let Some(versus) = recount {
                let won = versus
                    .iter()
                    .filter(|(k, _)| kind == ALL_KINDS || k == kind)
                    .map(|(_, won)| *won);
                (summary.streak, summary.best_streak) = streaks(won);
            }
            summary
        })
    }
}

impl PlayerSummary {
    fn new(kind: &str, at: i64, game: i64) -> PlayerSummary {
        PlayerSummary {
            kind: kind.to_owned(),
            games: 0,
            wins: 0,
            streak: 0,
            best_streak: 0,
            solo_games: 0,
            solo_best: None,
            solo_turns: 0,
            first_at: at,
            first_game: game,
            versus_first_at: None,
            versus_first_game: None,
        }
    }

    /// Counts one more result, finished at `(at, game)`, as the newest.
    fn add(&mut self, seat: &SeatResult, at: i64, game: i64) {
        if (at, game) < (self.first_at, self.first_game) {
            (self.first_at, self.first_game) = (at, game);
        }
        if let Some(turns) = seat.turns {
            let turns = i64::from(turns);
            self.solo_games += 1;
            self.solo_turns += turns;
            self.solo_best = Some(self.solo_best.map_or(turns, |best| best.min(turns)));
            return;
        }
        self.games += 1;
        self.wins += i64::from(seat.won);
        self.streak = if seat.won { self.streak + 1 } else { 0 };
        self.best_streak = self.best_streak.max(self.streak);
        if self
            .versus_first_at
            .zip(self.versus_first_game)
            .is_none_or(|first| (at, game) < first)
        {
            (self.versus_first_at, self.versus_first_game) = (Some(at), Some(game));
        }
    }
}

/// The current and longest runs of wins in `won`, oldest first.
fn streaks(won: impl IntoIterator<Item = bool>) -> (i64, i64) {
    won.into_iter().fold((0, 0), |(run, best), won| {
        let run = if won { run + 1 } else { 0 };
        (run, best.max(run))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(player: &str, won: bool) -> SeatResult {
        SeatResult {
            player: player.into(),
            place: if won { 1 } else { 2 },
            won,
            resigned: false,
            turns: None,
        }
    }

    fn solo(player: &str, turns: u32) -> SeatResult {
        SeatResult {
            turns: Some(turns),
            ..seat(player, false)
        }
    }

    fn finish(kind: &str, seats: Vec<SeatResult>) -> Finish {
        Finish {
            guild: None,
            kind: kind.into(),
            seats,
            rated: false,
        }
    }

    /// Player "10"'s summaries after each game in turn, game `i` finishing at `100 + i`.
    fn play(games: &[Finish]) -> Vec<PlayerSummary> {
        let mut stored: Vec<PlayerSummary> = vec![];
        for (game, finish) in (1..).zip(games) {
            let players = finish.player_finishes();
            let me = players.iter().find(|p| p.player == "10").expect("10 plays");
            for summary in me.summaries(&finish.kind, &stored, 100 + game, game, None) {
                stored.retain(|s| s.kind != summary.kind);
                stored.push(summary);
            }
        }
        stored
    }

    fn kind<'a>(summaries: &'a [PlayerSummary], kind: &str) -> &'a PlayerSummary {
        summaries.iter().find(|s| s.kind == kind).expect(kind)
    }

    #[test]
    fn streaks_are_the_run_since_the_last_loss_and_the_longest_run() {
        let won = [true, true, false, true, true, true, false, true];
        assert_eq!(streaks(won), (1, 3));
        assert_eq!(streaks([]), (0, 0));
        assert_eq!(streaks([false, true, true]), (2, 2));
    }

    #[test]
    fn wins_extend_the_streak_a_loss_ends_it_and_the_longest_stays() {
        let versus = |won| finish("cantstop", vec![seat("10", won), seat("20", !won)]);
        let summaries = play(&[versus(true), versus(true), versus(false), versus(true)]);
        let game = kind(&summaries, "cantstop");
        assert_eq!((game.games, game.wins), (4, 3));
        assert_eq!((game.streak, game.best_streak), (1, 2));
        assert_eq!(kind(&summaries, ALL_KINDS).best_streak, 2);
    }

    #[test]
    fn each_game_keeps_its_own_streak_and_all_games_one_together() {
        let summaries = play(&[
            finish("cantstop", vec![seat("10", true), seat("20", false)]),
            finish("saizumi", vec![seat("10", false), seat("20", true)]),
            finish("cantstop", vec![seat("10", true), seat("20", false)]),
        ]);
        let cantstop = kind(&summaries, "cantstop");
        assert_eq!((cantstop.streak, cantstop.best_streak), (2, 2));
        let all = kind(&summaries, ALL_KINDS);
        assert_eq!((all.games, all.wins, all.streak, all.best_streak), (3, 2, 1, 1));
    }

    #[test]
    fn solitaire_records_its_best_and_total_turns_and_leaves_streaks_alone() {
        let summaries = play(&[
            finish("cantstop", vec![seat("10", true), seat("20", false)]),
            finish("cantstop", vec![solo("10", 12)]),
            finish("cantstop", vec![solo("10", 9)]),
            finish("cantstop", vec![solo("10", 15)]),
        ]);
        let game = kind(&summaries, "cantstop");
        assert_eq!(
            (game.solo_games, game.solo_best, game.solo_turns),
            (3, Some(9), 36)
        );
        assert_eq!((game.games, game.streak, game.best_streak), (1, 1, 1));
    }

    #[test]
    fn the_first_game_is_the_earliest_and_the_first_versus_game_apart() {
        let summaries = play(&[
            finish("cantstop", vec![solo("10", 12)]),
            finish("cantstop", vec![seat("10", false), seat("20", true)]),
        ]);
        let game = kind(&summaries, "cantstop");
        assert_eq!((game.first_at, game.first_game), (101, 1));
        assert_eq!(
            (game.versus_first_at, game.versus_first_game),
            (Some(102), Some(2))
        );
        // A game that finished earlier but is recorded later becomes the first.
        let earlier = finish("cantstop", vec![seat("10", true), seat("20", false)]);
        let players = earlier.player_finishes();
        let [game, _] = players[0].summaries("cantstop", &summaries, 50, 9, None);
        assert_eq!((game.first_at, game.first_game), (50, 9));
        assert_eq!(
            (game.versus_first_at, game.versus_first_game),
            (Some(50), Some(9))
        );
    }

    #[test]
    fn a_newer_result_already_stored_makes_the_streaks_counted_again() {
        let stored = play(&[finish("cantstop", vec![seat("10", true), seat("20", false)])]);
        let late = finish("saizumi", vec![seat("10", true), seat("20", false)]);
        let versus: Vec<VersusResult> = [("cantstop", false), ("saizumi", true), ("saizumi", true)]
            .map(|(kind, won)| (kind.to_owned(), won))
            .into();
        let players = late.player_finishes();
        let [game, all] = players[0].summaries("saizumi", &stored, 100, 7, Some(&versus));
        assert_eq!((game.streak, game.best_streak), (2, 2));
        assert_eq!((all.streak, all.best_streak), (2, 2));
        let [_, all] = players[0].summaries("saizumi", &stored, 100, 7, Some(&versus[..2]));
        assert_eq!((all.streak, all.best_streak), (1, 1));
    }

    #[test]
    fn forgotten_players_keep_no_summary_and_a_players_seats_go_by_place() {
        let game = finish(
            "cantstop",
            vec![
                seat("bot:easy", false),
                seat(ANONYMOUS, false),
                seat("bot:easy", true),
            ],
        );
        let players = game.player_finishes();
        assert_eq!(players.len(), 1, "{players:?}");
        let places: Vec<u32> = players[0].seats.iter().map(|s| s.place).collect();
        assert_eq!(places, [1, 2]);
        let [summary, _] = players[0].summaries("cantstop", &[], 100, 1, None);
        // Seats count in place order: the win, then the loss.
        assert_eq!(
            (summary.games, summary.wins, summary.streak, summary.best_streak),
            (2, 1, 0, 1)
        );
    }
}
