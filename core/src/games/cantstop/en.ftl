# Can't Stop — every word the game shows. Rules: shared/rules/cant-stop.md.
option-cantstop-marker_limit = Markers in at most 9 columns per player (the translator's variant)

## Buttons
cantstop-roll = Roll
cantstop-stop = Stop
cantstop-resign = Resign
cantstop-move-both = { $a } + { $b }
cantstop-move-one = { $a } only

## Log
cantstop-log-start = 🎲 The die chose { $player } to start.
cantstop-log-rolled = 🎲 { $player } rolled { $d1 } { $d2 } { $d3 } { $d4 }.
cantstop-log-moved-both = { $player } moved up { $a } and { $b }.
cantstop-log-moved-one = { $player } moved up { $a }.
cantstop-log-bust = 💥 Bust! { $player } loses this turn's progress.
cantstop-log-stopped = ✋ { $player } stopped and keeps the progress.
cantstop-log-claimed = 🔒 { $player } claimed column { $column }!

## Rule errors
cantstop-rule-choose-move-first = Choose a move for this roll first.
cantstop-rule-stop-no-progress = You can only stop after moving this turn: roll first.
cantstop-rule-roll-first = There is no roll to use: roll the dice first.
cantstop-rule-not-in-roll = No pairing of { $d1 } { $d2 } { $d3 } { $d4 } gives that move.
cantstop-rule-use-both = You must use both sums when you can: take { $a } + { $b }.
cantstop-rule-column-claimed = Column { $column } is claimed by { $player }.
cantstop-rule-runner-at-summit = Your runner in column { $column } is already at the top.
cantstop-rule-no-free-runner = All three runners are in use, and none is in column { $column }.
cantstop-rule-marker-limit = You already have markers in { $limit } columns, so you cannot start on { $column }.

## Board
cantstop-title-turn = Can't Stop · { $player }
cantstop-title-over = Can't Stop · game over
cantstop-legend-runner = ⚪ runner
cantstop-legend-space = ▫️ space
cantstop-legend-none = ⬛ none
cantstop-legend-claimed = 🔒 claimed
cantstop-legend-shared = *️⃣ shared space
cantstop-legend-column = column (spaces)
cantstop-legend-summit = 🔝 top reached
cantstop-view-turn-rolled = Turn { $turn } · 🎲 { $d1 } { $d2 } { $d3 } { $d4 }
cantstop-view-turn-chances = Turn { $turn } · ⚪ { $free } free · bust { $percent }%
cantstop-view-shared = *️⃣ { $spaces }
cantstop-view-player = { $player } — 🔒 { $claimed }/{ $needed }
cantstop-view-player-active = ▶ { $player } — 🔒 { $claimed }/{ $needed }
cantstop-view-player-resigned = { $player } — resigned
cantstop-view-log = Log
cantstop-view-goal = Turn { $turn } · first to 🔒 { $needed } wins
cantstop-view-goal-solitaire = Turn { $turn } · 🔒 { $needed } in few turns
cantstop-view-marker-limit = marker limit { $limit }
cantstop-alt-title = Can't Stop mountain, columns 2 to 12.
cantstop-alt-space = { $column } at { $space }/{ $height }
cantstop-alt-seat = { $player } ({ $look }): { $spaces }.
cantstop-alt-no-markers = no markers
cantstop-alt-runners = White runners this turn: { $spaces }.
cantstop-alt-claimed = Column { $column } claimed by { $player }.

## Commands
cantstop-name = Can't Stop
cantstop-command = Can't Stop: push your luck up the columns — first to claim three wins
cantstop-rules = **Can't Stop** — rules in short
    • On your turn press **Roll**: the four dice pair up into two sums. Pick a pairing (e.g. `6 + 10`, or `5 only` when only one fits) to move a white runner ⚪ up those columns.
    • You have three runners per turn. Keep rolling to climb further, or **Stop** to turn your runners into your own markers.
    • If a roll gives no usable sum you **bust**: the whole turn's progress is lost. The board shows the exact chance of that.
    • A runner at the top of a column claims it when you stop; nobody can use a claimed column again.
    • The first player to claim **three columns** wins. Alone (solitaire), claim three in as few turns as you can.

## Bot levels (shown in the lobby)
cantstop-bot-easy = **Easy**: the Rule of 28 played loosely — it picks how much to risk at random each time and one move in three at random.
cantstop-bot-normal = **Normal**: Michael Keller's Rule of 28 exactly as published (Jim Glenn's version): steady and predictable.
cantstop-bot-strong = **Strong**: works out every roll for the rest of its turn and plays the race; it beats the published heuristics clearly.

## Coach (what the strong bot would do, shown only to the player who asks)
cantstop-hint-start = 💡 Roll: every turn starts with a roll.
cantstop-hint-roll = 💡 Roll: the next roll busts only { $percent }% of the time, and the strong bot expects to gain more than it risks.
cantstop-hint-stop = 💡 Stop: the next roll would bust { $percent }% of the time, too much to risk this turn's progress.
cantstop-hint-stop-claims = 💡 Stop: the next roll would bust { $percent }% of the time, and stopping claims { $count ->
    [one] column
   *[other] columns
} { $columns }.
cantstop-hint-move-both = 💡 Take { $a } + { $b }: then the next roll busts { $percent }% of the time.
cantstop-hint-move-one = 💡 Take { $a } only: then the next roll busts { $percent }% of the time.

# Board picture panel
cantstop-picture-claimed = Claimed: { $columns }

## The start options' names in slash commands (English: the key)
option-cantstop-marker_limit-name = marker_limit
