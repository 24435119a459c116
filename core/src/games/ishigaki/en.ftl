# Ishigaki Race (いしがき・れえす)
option-ishigaki-crumbling = Crumbling wall: a ninja that stops on a -2 square drops 2 more.

## Setup: the broken rule
ishigaki-setup-players = Ishigaki Race takes { $min } to { $max } players.
ishigaki-setup-goal = The goal must be at least square 1.
ishigaki-setup-minus-two-range = The -2 square { $square } must lie between the start and the goal (square { $goal }).
ishigaki-setup-minus-two-twice = The -2 square { $square } is listed twice.
ishigaki-setup-minus-two-close = The -2 squares { $low } and { $high } must be at least 3 apart.

## Rejections
ishigaki-game-over = The game is over — { $player } won.
ishigaki-turn-over = That turn is already over.
ishigaki-not-your-roll = It is { $player }'s roll-off roll.
ishigaki-roll-first = Roll your first die first.
ishigaki-choose = You rolled a { $die }; choose Stop or Roll die 2.

## Buttons
ishigaki-roll = Roll
ishigaki-stop = Stop
ishigaki-stop-climb = Stop (climb { $climb })
ishigaki-stop-value = Stop (value { $value })
ishigaki-die2 = Roll die 2
ishigaki-resign = Resign

## Log
ishigaki-log-start = 🎲 The dice pick { $player } to start.
ishigaki-log-die1 = 🎲 { $player } rolls a { $die }.
ishigaki-log-stop = ✋ { $player } stops: climb { $climb }.
ishigaki-log-higher = 🎲 { $player } rolls die 2: { $die }, sum { $sum } — climb { $climb }.
ishigaki-log-slip = 🎲 { $player } rolls die 2: { $die }, lower — slip!
ishigaki-log-doubles = 🎲 { $player } rolls die 2: { $die }, doubles — the guards spot the highest ninja!
ishigaki-log-move = { $player }: { $from } → { $to }
ishigaki-log-fall = { $player } falls: { $from } → { $to }
ishigaki-log-crumble = 🧱 The wall crumbles under { $player }: { $from } → { $to }
ishigaki-log-nobody-falls = Everyone is on the start; nobody falls.
ishigaki-log-arrival = 🏯 { $player } reaches the goal (arrival { $arrival })!
ishigaki-log-final-round = Final round: everyone else plays one last turn, starting with { $player }.
ishigaki-log-race-resumes = Nobody is at the goal any more; the race goes on.
ishigaki-log-rolloff = ⚔️ Roll-off between the ninjas at the goal, latest arrival first: { $player } rolls first.
ishigaki-log-value-stop = ✋ { $player } stops: value { $value }.
ishigaki-log-value-higher = 🎲 { $player } rolls die 2: { $die }, higher — value { $value }.
ishigaki-log-value-lower = 🎲 { $player } rolls die 2: { $die }, lower — value { $value }.
ishigaki-log-value-doubles = 🎲 { $player } rolls die 2: { $die }, doubles — value { $value }.
ishigaki-log-rolloff-won = { $player } rolls highest: { $value }.
ishigaki-log-rolloff-tie = Tie at { $value }: roll again.
ishigaki-log-rolloff-out = { $player } is out of the roll-off.

## Board
ishigaki-title-turn = Ishigaki Race · { $player }
ishigaki-title-final = Ishigaki final · { $player }
ishigaki-title-rolloff = Roll-off · { $player }
ishigaki-title-over = Ishigaki · { $player } won
ishigaki-players = Ninjas
ishigaki-seat-square = { $player } — square { $square }
ishigaki-seat-goal = { $player } — 🏯 arrived { $arrival }
ishigaki-seat-resigned = { $player } — resigned
ishigaki-phase = Phase
ishigaki-phase-race = Race: first on { $goal } ends it.
ishigaki-phase-final = Final round. Still to play:
    { $players }
ishigaki-phase-rolloff = Roll-off { $round }: highest wins
ishigaki-rolloff-value = { $player } — value { $value }
ishigaki-rolloff-due = { $player } — to roll
ishigaki-rolloff-waiting = { $player } — waits
ishigaki-rolloff-out = { $player } — out ({ $value })
ishigaki-phase-over = { $player } won.
ishigaki-start = start
ishigaki-goal-group = Goal, in arrival order
ishigaki-decision = { $player } rolled { $die }
ishigaki-odds-stop = Stop: climb { $climb } → { $dest }
ishigaki-odds-die2 = Die 2: climb { $climb }/6 · slip { $slip }/6
ishigaki-odds-climb = { $face } climb { $climb } → { $dest }
ishigaki-odds-slip = { $face } slip → { $dest }
ishigaki-odds-doubles = { $face } doubles: { $falls }
ishigaki-odds-nobody = { $face } doubles: nobody falls
ishigaki-odds-value-stop = Stop: value { $value }
ishigaki-odds-value-die2 = Die 2: higher { $higher }/6 · lower { $lower }/6
ishigaki-odds-value-higher = { $face } higher: value { $value }
ishigaki-odds-value-lower = { $face } lower: value 0
ishigaki-odds-value-doubles = { $face } doubles: value { $value }
ishigaki-log = Last turns
ishigaki-legend-goal = 🏯 goal: square { $goal }
ishigaki-legend-start = 🏁 start
ishigaki-legend-wall = 🧱 wall
ishigaki-legend-empty = ⋮ empty
ishigaki-legend-turn = ▶ to play
ishigaki-legend-crumbling = crumbling wall { $crumbling ->
    [on] on (⚠️ = -2)
   *[off] off
}

## Board picture (alt text)
ishigaki-alt-title = Ishigaki Race wall, from the start (square 0) up to the castle (square { $goal }).
ishigaki-alt-seat = { $player } ({ $look }): { $place }.
ishigaki-alt-square = square { $square }
ishigaki-alt-at-goal = at the castle
ishigaki-alt-resigned = resigned
ishigaki-alt-move = Last turn: { $player } { $from } → { $to }.

## Commands
ishigaki-name = Ishigaki Race
ishigaki-command = Ishigaki Race: ninjas race up a castle wall — stop safe, or risk a second die
ishigaki-rules = **Ishigaki Race** — rules in short
    • On your turn press **Roll** for the first die, then choose:
    • **Stop** climbs by the first die: 1–3 → 1 square, 4–6 → 2 squares.
    • **Roll die 2**: higher than die 1 climbs by the sum (3 → 1 … 11 → 6 squares); lower slips you back 1; the same number (doubles) knocks the highest ninjas not at the goal down 3 squares.
    • With the crumbling wall on, ending on a −2 square drops you 2 more.
    • When a ninja reaches the goal, everyone else gets one last turn. Several ninjas at the goal roll off: the highest value wins.
option-ishigaki-goal = The top of the wall: squares to climb (default 20)
option-ishigaki-minus_two = The -2 squares of the crumbling wall, e.g. 5,9,13,17
ishigaki-hint-roll = 💡 Roll: every turn starts with die 1.
ishigaki-hint-stop = 💡 Stop: your chance to win is then { $chance }%, against { $other }% if you roll die 2.
ishigaki-hint-die2 = 💡 Roll die 2: your chance to win is then { $chance }%, against { $other }% if you stop.
ishigaki-hint-stop-plain = 💡 Stop: the strong bot keeps this value rather than risk die 2.
ishigaki-hint-die2-plain = 💡 Roll die 2: the strong bot expects it to do better than stopping.

# Board picture panel
ishigaki-picture-square = Square { $square }
ishigaki-picture-goal = Castle, arrived { $arrival ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $arrival }th
}

## The start options' names in slash commands (English: the key)
option-ishigaki-crumbling-name = crumbling
option-ishigaki-goal-name = goal
option-ishigaki-minus_two-name = minus_two
