# Ninja Versus Ninja — every word the game shows. Rules: shared/rules/ninja-versus-ninja.md.
option-ninja-width = Board width in columns (a, b, c, …)
option-ninja-dojo_depth = Rows in each dojo
option-ninja-neutral_depth = Rows in the neutral zone between the dojos
option-ninja-black_start = Black's start squares, e.g. b1 c1 d1 e1 a2 f2
option-ninja-red_start = Red's start squares (empty: Black's mirrored)
option-ninja-points_by_depth = Points for each depth reached in the enemy dojo, e.g. 1,2,3,4

## Setup
ninja-setup-points = Give one score per dojo row: { $rows } numbers, not { $given }.
ninja-setup-not-a-square = { $side ->
    [black] Black's
   *[red] Red's
} start `{ $square }` is not a square on this board.
ninja-setup-outside-dojo = { $side ->
    [black] Black's
   *[red] Red's
} start { $square } is outside { $side ->
    [black] Black's
   *[red] Red's
} dojo.
ninja-setup-twice = { $side ->
    [black] Black's
   *[red] Red's
} start { $square } is listed twice.
ninja-setup-no-ninjas = { $side ->
    [black] Black
   *[red] Red
} needs at least one start square.

## Buttons
ninja-roll = Roll
ninja-resign = Resign
ninja-back = Back
ninja-choose = Choose…
ninja-pick = Ninja { $square } ({ $options })
ninja-effect-reversal = reversal
ninja-effect-kills = kills { $enemy ->
    [black] 🔴
   *[red] 🟦
}
ninja-effect-mission = starts mission
ninja-effect-home = home +{ $points }

## Log
ninja-log-opening = 🎲 Opening roll: { $black } { $b1 }+{ $b2 }, { $red } { $r1 }+{ $r2 }.
ninja-log-opening-tie = A tie: both roll again.
ninja-log-first = { $player } moves first.
ninja-log-rolled = 🎲 { $player } rolled { $d1 }+{ $d2 } = { $total }.
ninja-log-moved = { $player } moved { $from }→{ $to }.
ninja-log-kill = ⚔️ { $player } killed { $victim }'s ninja on { $square }.
ninja-log-mission = 🚪 { $player } started a mission from { $square }.
ninja-log-home = 🏠 { $player } came home with shadow { $shadow }: +{ $points } ({ $score } in all).
ninja-log-pass = ⏭️ { $player } has no move for { $total } and passes.
ninja-log-expired = ⌛ { $player }'s ninja on { $square } did not come home in time and is lost.
ninja-log-win-points = 🏆 { $player } reached { $score } points and wins!
ninja-log-win-wipeout = 🏆 { $loser } has no ninja left: { $player } wins!

## Rule errors
ninja-rule-roll-first = Roll the dice first.
ninja-rule-rolled = You rolled { $steps }: choose a move.
ninja-rule-no-option = No option { $label } (A–{ $last }).
ninja-rule-not-a-square = { $square } is not a square.
ninja-rule-no-ninja = You have no ninja on { $square }.
ninja-rule-own-destination = Your own ninja is on { $square }.
ninja-rule-not-exactly = { $square } is not exactly { $steps } steps away.
ninja-rule-one-mission = Only one ninja on a mission ({ $square } is out).
ninja-rule-reversed = Already reversed on this mission.
ninja-rule-reversal-zone = Reversal only in the enemy dojo (would turn on { $square }).
ninja-rule-blocked = Path blocked at { $squares }.

## Board
ninja-title-turn = Ninja · { $player }
ninja-title-over = Ninja · game over
ninja-row-red = { $owner } { $emoji }{ $depth }
ninja-row-black = { $owner } { $emoji }{ $depth }
ninja-row-neutral = neutral
ninja-view-press-roll = { $player }: press Roll.
ninja-view-pick-ninja = 🎲 { $d1 }+{ $d2 } = { $total }: pick a ninja ({ $options })
ninja-view-pick-destination = 🎲 { $d1 }+{ $d2 } = { $total }: { $picked } { $square } to?
ninja-view-player = { $marker }{ $player }
ninja-view-score = Score { $score }/{ $target } · ninjas { $ninjas }
ninja-view-mission = { $emoji } { $square }: mission turn { $turn }/{ $turns }
ninja-view-shadow = Shadow { $shadow } (+{ $points }) · reversal { $reversal ->
    [used] used
   *[available] free
}
ninja-view-log = Log
ninja-legend-ninjas = { $black } { $red } ninjas
ninja-legend-mission = { $missions } on mission
ninja-legend-dojo = ⬛ dojo
ninja-legend-neutral = ⬜ neutral
ninja-legend-depth = { $black }2 depth
ninja-legend-shadow = shadow: deepest row, scored home
ninja-legend-end = 🇦 end
ninja-legend-several = ➕ several
ninja-legend-picked = { $picked } picked

## Board picture (alt text)
ninja-alt-title = Ninja Versus Ninja board, { $rows } rows: Black's dojo at the bottom, Red's at the top, the neutral zone between.
ninja-alt-look-black = Black, vermillion circles (🔴)
ninja-alt-look-red = Red, blue squares (🟦)
ninja-alt-side = { $player } ({ $look }), score { $score }: ninjas on { $squares }.
ninja-alt-mission = On a mission (ringed in gold): { $square }.
ninja-alt-last = Last move, drawn as a yellow path: { $player } { $path }.
ninja-alt-last-kill = Last move, drawn as a yellow path: { $player } { $path }, killing the ninja there.

## Commands
ninja-name = Ninja Versus Ninja
ninja-command = Ninja Versus Ninja: raid the enemy dojo and come home alive — 7 points win
ninja-rules = **Ninja Versus Ninja** — rules in short
    • Black 🔴 (the host) and Red 🟦 each have six ninjas in their own dojo; the neutral zone lies between.
    • On your turn press **Roll** (2d4), then pick a ninja and a destination: it moves exactly that many squares, straight or with one 90° turn. It may not pass over any ninja, nor end on its own.
    • Ending on an enemy ninja kills it.
    • A ninja that leaves its dojo is on a **mission**: it must be home by the end of your third turn, or it is lost. Only one mission at a time.
    • In the enemy dojo a mission ninja may **reverse** once per mission: go forward and come back along the same line (a turn before or after is allowed).
    • Coming home scores the deepest enemy row reached (the shadow): 1 to 4 points.
    • 7 points, or an opponent without ninjas, wins. With no move you pass; the mission clock still runs.

# Board picture panel
ninja-picture-score = { $score }/{ $target } points
ninja-picture-mission = mission { $turn }/{ $turns }, shadow { $shadow }
ninja-alt-draft = Being chosen: where the ninja on { $square } goes, its destinations lettered as on the buttons: { $options }.

## The start options' names in slash commands (English: the key)
option-ninja-width-name = width
option-ninja-dojo_depth-name = dojo_depth
option-ninja-neutral_depth-name = neutral_depth
option-ninja-black_start-name = black_start
option-ninja-red_start-name = red_start
option-ninja-points_by_depth-name = points_by_depth

## The coach (💡 Hint): its choice by playouts and how sure it is.
ninja-hint-best = 💡 **{ $action }**: played out { $playouts } times from here by the normal bot, it wins { $chance }% (± { $margin } points, 95% sure); the next best, **{ $other }**, wins { $other_chance }%.
ninja-hint-only = 💡 **{ $action }**: it is the only thing to do now.
