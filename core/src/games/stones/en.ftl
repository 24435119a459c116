# Wise Man's Stones — every word the game shows. Rules: shared/rules/wise-mans-stones.md.
option-stones-dice = Smile of the Gods: a die fixes how many stones you place
option-stones-dice_shortfall = With the die: lose, or place the longest chain possible, when the roll can't be met

## Buttons
stones-action-place = { $chain } (+{ $points })
stones-action-take = Take { $cell }
stones-action-end = End turn
stones-action-end-remove = End and remove initial stone
stones-action-end-warn = End turn ⚠️ no chain next turn
stones-action-end-remove-warn = End, remove initial stone ⚠️ no chain next turn
stones-action-resign = Resign
stones-origin = Start from { $cell }
stones-pick-origin = Pick the stone your chain starts from
stones-back = Back

## Log
stones-log-placed = { $player } placed { $chain } → { $cells }.
stones-log-took = ✋ { $player } took the stone on { $cell } (+1).
stones-log-captured = 💥 { $player } captured { $cells } (+{ $points }).
stones-log-removed-initial = { $player } removed the initial stone.
stones-log-play-over = { $player } has no stones left: the turn passes (play-over).
stones-log-rolled = 🎲 { $player } rolled { $roll }: place { $required } { $required ->
    [one] stone
   *[other] stones
}.
stones-log-no-chain = { $player } has no legal chain and loses.

## Rule errors
stones-rule-no-stones = A chain places at least one stone: give directions, e.g. `place a1 EN`.
stones-rule-too-long = A chain places at most { $max } stones.
stones-rule-hand = You have only { $hand } { $hand ->
    [one] stone
   *[other] stones
} in hand.
stones-rule-dice = The die says: place exactly { $required } { $required ->
    [one] stone
   *[other] stones
} (roll { $roll }).
stones-rule-dice-longest = The die (roll { $roll }) asks for the longest chain you can place: { $required } { $required ->
    [one] stone
   *[other] stones
}.
stones-rule-not-your-stone = The chain must start from one of your stones, and { $cell } isn't.
stones-rule-from-initial = While your initial stone stands, every chain starts from it ({ $cell }).
stones-rule-off-board = Step { $step }: going { $dir } from { $from } leaves the board.
stones-rule-blank = Step { $step }: { $cell } is in the blank centre.
stones-rule-own-stone = Step { $step }: your own stone on { $cell } is in the way.
stones-rule-home-corner = Step { $step }: { $cell } is your own emptied home corner, closed to you.
stones-rule-backward = Step { $step }: a chain never goes back.
stones-rule-not-in-line = Step { $step }: { $cell } is not in a row or column with { $from }.
stones-rule-wrong-landing = Step { $step }: that step lands on { $landing }, not { $cell }.
stones-rule-placed-already = You have already placed your chain this turn.
stones-rule-not-neutral = Only the neutral corners a7 and g1 can be taken from, not { $cell }.
stones-rule-corner-empty = There is no stone on { $cell }.
stones-rule-take-own = The stone on { $cell } is yours.
stones-rule-place-first = Place your chain before ending the turn.
stones-rule-initial-gone = Your initial stone is already gone.

## Board
stones-title-turn = Stones · { $player } (P{ $order })
stones-title-over = Stones · game over
stones-legend-empty = ⬜ empty
stones-legend-blank = ⬛ blank
stones-legend-jewel = 💰 jewel
stones-legend-initial = { $marks } initial stones
stones-legend-corner = 🔲 neutral corner
stones-legend-closed = 🔳 closed
stones-legend-captured = 💥 captured at turn end
stones-legend-draft = ⭕ draft
stones-legend-score = 🏅 score
stones-legend-hand = ✋ hand
stones-view-dice = 🎲 Roll { $roll }: place { $required } { $required ->
    [one] stone
   *[other] stones
}.
stones-view-dice-or-take = 🎲 Roll { $roll }: place { $required } { $required ->
    [one] stone
   *[other] stones
},
    { $after } if you take the corner.
stones-view-end-phase = { $player }: corner or end?
stones-view-end-phase-no-take = { $player }: end the turn.
stones-view-warn-end = ⚠️ Ending now leaves no chain
    next turn: you would lose.
stones-view-warn-keep = ⚠️ Keeping the initial stone
    leaves no chain next turn:
    you would lose.
stones-view-warn-remove = ⚠️ Removing the initial stone
    leaves no chain next turn:
    you would lose.
stones-view-warn-sweep = ⚠️ Removing the initial stone
    lets the opponent's next chain
    jump every stone you placed:
    with none left, you lose.
stones-view-take-first = { $player }: no chain yet;
    take the corner stone first.
stones-view-pick-origin = { $player }: pick a start.
stones-view-draft = { $count ->
    [0] From { $chain }: pick a direction.
   *[other] Chain { $chain } → { $cells }
}
stones-view-draft-captures = Would capture { $cells } (+{ $points })
stones-view-final = Final score: P1 { $p1 } – P2 { $p2 }.
stones-view-final-tie = Final: P1 { $p1 } – P2 { $p2 } (tie: P2)
stones-view-players = Players
stones-view-player = { $player } 🏅{ $score } ✋{ $hand } { $initial }
stones-view-player-active = ▶ { $player } 🏅{ $score } ✋{ $hand } { $initial }
stones-view-initial-on = init { $cell }
stones-view-initial-off = no init
stones-view-last = Last turn
stones-view-turn = P{ $order } { $player }: { $what }, +{ $points }
stones-view-turn-takes = took { $cells }
stones-view-turn-chain = { $chain } → { $cells }
stones-view-turn-captured = captured { $cells }
stones-view-turn-removed = removed the initial stone

## Board picture (alt text)
stones-alt-title = Wise Man's Stones board, 7 by 7, row 1 at the bottom, the blank centre dark.
stones-alt-seat = { $player } ({ $look }): { $score ->
        [one] { $score } point
       *[other] { $score } points
    }, { $hand ->
        [one] 1 stone
       *[other] { $hand } stones
    } in hand, stones on { $cells }.
stones-alt-jewels = Jewels on { $cells }.
stones-alt-chain = Latest chain, drawn in yellow: { $player } { $path }.
stones-alt-captured = Captured (crossed out): { $cells }.

## Commands
stones-name = Wise Man's Stones
stones-command = Wise Man's Stones: chain your stones across the board, leap jewels and enemy stones
stones-rules = **Wise Man's Stones** (賢者の石) — rules in short
    • P1 (the host, seated first) moves first. 7×7 board, blank 3×3 centre, 12 jewels 💰 (2 points each) in a diamond. Each player has an initial stone in a home corner (P1 🔴 a1 ⏺️, P2 🟦 g7 ⏹️) and 30 stones in hand. (The layout is a reconstruction.)
    • On your turn place a **chain** of 1–6 stones: start from your initial stone while it stands (else from any of your stones), then go N/E/S/W a step at a time, straight or turning at a stone you just placed, never back.
    • A step lands on the first empty cell: a run of jewels and enemy stones in the way is **leapt and captured** (jewel 2, stone 1), scored when the turn ends. Your own stones, the edge and the blank centre block.
    • Neutral corners 🔲 a7 / g1: on your turn you may **take** an enemy stone there (+1).
    • At the end of a turn you may **remove your initial stone**: from then on any of your stones can start a chain, but your home corner is closed to you.
    • A player with no stones left sits out while the other plays on. When both are out, the higher score wins; **a tie goes to P2**. No passing: no legal chain at the start of your turn loses.
    • Option *Smile of the Gods*: a die sets how many stones you must place.
    Buttons: pick the start, press arrows to grow the chain (the board shows what it captures), **Place**, then **End turn**.
option-stones-dice_shortfall-lose = lose the game
option-stones-dice_shortfall-max_possible = place the longest chain possible

# Board picture panel
stones-picture-figure = { $score } pt, hand { $hand }
stones-picture-dice = Die { $roll }: place { $required }
stones-alt-draft = Chain being chosen, its landings ringed: { $path }.
stones-alt-draft-captures = It would capture (crossed out): { $cells }.

## The start options' names in slash commands (English: the key)
option-stones-dice-name = dice
option-stones-dice_shortfall-name = dice_shortfall

## The coach (💡 Hint): its choice by playouts and how sure it is.
stones-hint-best = 💡 **{ $action }**: played out { $playouts } times from here by the normal bot, it wins { $chance }% (± { $margin } points, 95% sure); the next best, **{ $other }**, wins { $other_chance }%.
stones-hint-only = 💡 **{ $action }**: it is the only thing to do now.
