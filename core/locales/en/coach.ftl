# The coach: hints during a game and reviews after it.
coach-slip-chance = `#{ $step }` { $player } chose **{ $taken }**; the strong bot would choose **{ $best }**: { $cost } points more chance to win.
coach-slip-playouts = `#{ $step }` { $player } chose **{ $taken }**; played out { $playouts } times each from there by the normal bot, **{ $best }** won { $cost } points more often (± { $margin }, 95% sure).
coach-slip-rolls = `#{ $step }` { $player } chose **{ $taken }**; the strong bot would choose **{ $best }**: { $cost } fewer rolls expected to finish.
hint-button = Hint
hint-off = Hints are switched off in this server.
hint-none = The coach has nothing to add here.
hint-used = 💡 Coached game: { $players } asked for hints.
command-review = Where your decisions in a finished game differed from the coach's, and what they cost
review-header = 🧑‍🏫 Review of { $game }: { $count ->
        [one] one decision
       *[other] { $count } decisions
    } where the coach would choose otherwise, costliest first.
review-none = 🧑‍🏫 Review of { $game }: every decision matched the coach's choice (or cost nothing).
review-more = … and { $count } more.
review-no-coach = { $game } has no coach to review it.
