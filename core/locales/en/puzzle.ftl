# Puzzles: a decision of a real or bot game where one move is clearly best.
puzzle-ask = { $game } puzzle #{ $id } (difficulty { $difficulty }/5): you play { $seat }. One move is clearly best by the coach's measure: which?
puzzle-right = ✅ Right: **{ $best }** is the best move.
puzzle-wrong = ❌ Not this time: you chose **{ $taken }**; the best move is **{ $best }**.
puzzle-value = { $choice }: { $chance }% to win (± { $margin })
puzzle-practice = Practice: this answer is not recorded.
puzzle-none = There are no { $game } puzzles yet: the bot's host makes some with `saikoro puzzles generate { $game } --count 10`.
puzzle-no-coach = { $game } has no coach yet, so it has no puzzles.
puzzle-failed = The puzzle could not be loaded: { $reason }
puzzle-unknown-choice = { $choice } is not one of this puzzle's moves.
puzzle-bad-date = --date: give a date of 2026-11-01 or later as YYYY-MM-DD.
puzzle-you = You
puzzle-player = Player { $n }
puzzles-progress = { $game }: puzzle { $n } stored as #{ $id } (difficulty { $difficulty }/5) after { $games ->
        [one] 1 game
       *[other] { $games } games
    }
puzzles-repeated = { $game }: the puzzle found after { $games ->
        [one] 1 game
       *[other] { $games } games
    } is stored already (another `--seed` finds other puzzles sooner)
puzzles-done = { $game }: { $stored ->
        [one] 1 puzzle
       *[other] { $stored } puzzles
    } stored from { $games ->
        [one] 1 bot game
       *[other] { $games } bot games
    }{ $confirmed ->
        [0] ; none was confirmed by playouts.
       *[other] ; a fresh evaluation with another seed kept the best move of { $kept } of { $confirmed } confirmed{ $stored ->
            [0] .
           *[other] ; { $median } s a puzzle (median).
        }
    }
puzzle-stats = Puzzle rating
puzzle-stats-value = { $rating } ({ $solved } of { $attempts } solved)

# /<game> puzzle on Discord: shown privately to the asker, whose buttons only they may press.
command-puzzle = Today's puzzle of this game: find the move the coach rates clearly best
option-puzzle-next = Another puzzle near your rating instead of today's
puzzle-not-yours = This puzzle was shown to someone else: ask for your own with the game's puzzle command. Nothing changed.
puzzle-missing = Puzzle #{ $id } no longer exists. Nothing changed.
puzzle-again = You answered this puzzle before: your first answer is the one that counts.
puzzle-rating-player = Your puzzle rating: { $before } → { $after } ({ $change })
puzzle-rating-puzzle = This puzzle's rating: { $before } → { $after } ({ $change })
puzzle-another = Another puzzle
puzzle-all-answered = You have answered every { $game } puzzle there is: the bot's host makes more with `saikoro puzzles generate { $game } --count 10`.
puzzle-more-values = …and { $n } more moves
