# Saizumi (賽積) — every word the game shows. Rules: shared/rules/saizumi.md.
option-saizumi-cards = Stone card list (TOML like the built-in cards.toml); empty = the built-in reconstruction

## Card list
saizumi-cards-malformed = The card list does not parse (line { $line }): { $reason }
saizumi-cards-total = The stone copies must total 54, not { $total }.
saizumi-cards-row = Card { $card } half { $half }: a row needs 1 to 3 dice, not { $dice }.
saizumi-cards-face = Card { $card } half { $half }: { $face } is not a die face 1–6.
saizumi-cards-mult = Card { $card } half { $half }: the multiplier must be at least 1, not { $mult }.
saizumi-cards-effect = Card { $card } half { $half }: unknown effect `{ $effect }` (reroll_all, reroll:N, reroll:?, set:N).
saizumi-cards-id = Card number { $number }: the id `{ $card }` must be 1–4 letters or digits and unique.
saizumi-cards-copies = Card { $card }: copies must be at least 1, not { $copies }.

## Rule errors
saizumi-rule-not-your-action = Not your action now.
saizumi-rule-slot = Slot must be 1–9 (not { $slot }).
saizumi-rule-slot-empty = Slot { $slot } is empty.
saizumi-rule-no-stone = No unplaced stone { $stone }.
saizumi-rule-not-your-response = Not your response turn.
saizumi-rule-no-pile = You have no pile { $pile }.
saizumi-rule-no-position = Pile { $pile } has no position { $pos }.
saizumi-rule-name-face = Name a face 1–6 for Reroll ?.
saizumi-rule-face-printed = This effect's face is printed.
saizumi-rule-take-no-pile = You have no pile { $pile }; claim a whole market pile to start one.
saizumi-rule-half = Half must be a or b.
saizumi-rule-halves = Give exactly { $count ->
        [one] one letter
       *[other] { $count } letters
    } a/b.

## Log
saizumi-log-revealed = 🃏 { $player } revealed { $cards }.
saizumi-log-placed = { $player } placed { $card } on slot { $slot }.
saizumi-log-rolled = 🎲 Check { $check }: { $dice }
saizumi-log-used = { $player } used { $card } { $effect } (−{ $discarded }): { $before } → { $after }
saizumi-log-collapsed = 💥 { $player }'s pile { $pile } lost { $cards }.
saizumi-log-nothing-fell = Nothing collapsed.
saizumi-log-took = { $player } took { $card } from slot { $slot } onto pile { $pile }.
saizumi-log-claimed = { $player } claimed slot { $slot } as pile { $pile }: { $cards }.
saizumi-log-game-end = 🏁 The ninth visitor's check is over: the game ends.

## Buttons
saizumi-act-place = { $card } → slot { $slot }
saizumi-act-use = Use #{ $pile }·{ $pos } { $card } { $effect }
saizumi-act-done = Done
saizumi-act-take = { $card } → pile { $pile }
saizumi-act-claim = Claim slot { $slot } ({ $halves })
saizumi-act-resign = Resign
saizumi-back = Back
saizumi-pick = Choose…
saizumi-details = Details
saizumi-brief = Brief
saizumi-step-slot = Slot { $slot } · { $top } ({ $count })
saizumi-step-pile = Pile { $pile }
saizumi-step-face = Reroll the { $face }s
saizumi-step-take = Take { $card } onto pile { $pile }
saizumi-step-claim = Claim slot { $slot } ({ $count ->
        [one] 1 card
       *[other] { $count } cards
    }) as a new pile
saizumi-step-rest = Rest all { $half }

## Board
saizumi-title-turn = Saizumi, turn { $turn }: { $player }
saizumi-title-over = Saizumi · game over
saizumi-view-placing = { $player } places: { $stones }
saizumi-view-check = 🎲 Check { $check }/9: { $dice }
saizumi-view-risk-none = These dice collapse nothing.
saizumi-view-risk = ⚠️ If nobody responds, 💥 falls.
saizumi-view-stacking = { $player }: take or claim
saizumi-view-counts = Deck { $deck } · 🚶 { $seen }/{ $visitors } · checks { $pending }
saizumi-view-revealed = Revealed: { $revealed }
saizumi-view-market = **Market** (bottom → top, a ┃ b)
saizumi-view-player = { $player } — { $total } pts
saizumi-view-to-act = ▶
saizumi-view-resigned = resigned
saizumi-view-later = ⏳
saizumi-view-player-falls = 💥→{ $score }
saizumi-view-no-piles = No piles.
saizumi-view-pile = **Pile { $pile }** ×{ $height }: { $pips }×{ $mult }×{ $factor }=**{ $score }**
saizumi-view-pile-brief = #{ $pile } ({ $score } pts) { $cards }
saizumi-view-log = Log
saizumi-legend-row = [row] centre×mult
saizumi-legend-reroll = 🔄 reroll
saizumi-legend-reroll-n = 🔄N reroll Ns
saizumi-legend-set = =N set all to N
saizumi-legend-visitor = 🚶 visitor
saizumi-legend-falls = 💥 falls (→ pts left)
saizumi-legend-to-act = ▶ to act
saizumi-legend-later = ⏳ responds later
saizumi-legend-details = 🔎 Details
saizumi-legend-pile = pile = pips×mult×(height−2)
saizumi-preview-stone = Placing { $card }: choose a slot.
saizumi-preview-slot = ▶ Slot { $slot }
saizumi-preview-take = Onto pile { $pile }: which half?
saizumi-preview-claim = Claim { $slot }: { $chosen } · next { $card } ({ $at }/{ $count })

## Board picture (alt text)
saizumi-alt-title = Saizumi table: the dice, the market's nine slots (cards bottom first, halves a and b), and each player's piles (cards bottom first, active half).
saizumi-alt-dice = Dice: { $dice }.
saizumi-alt-market = Market: { $slots }.
saizumi-alt-seat = { $player } ({ $look }), { $score ->
        [one] { $score } point
       *[other] { $score } points
    }, piles: { $piles }.

## Commands
saizumi-name = Saizumi
saizumi-command = Saizumi (賽積): stack stones, survive the visitors' dice, build tall piles
saizumi-rules = **Saizumi (賽積)** — rules in short
    • On your turn 3 cards are revealed. Place each **stone** on a market slot 1–9. Each **visitor** 🚶 triggers a collapse check.
    • A check rolls 4 dice. In turn from the next player round to you (last), each player with piles may **use** their own cards: the card and all above it are discarded and its effect changes the dice (🔄 reroll all, 🔄N reroll the Ns, 🔄? name a face, =N set all dice to N). Then **Done**.
    • Then in every pile the lowest card whose row shows among the dice falls, with everything above it. [4][4] needs two 4s.
    • Last, **take** a slot's top card onto one of your piles or **claim** a whole slot as a new pile, choosing each card's active half (a or b).
    • The game ends right after the ninth visitor's check. A pile scores the pips of its top card's centre face in all its rows × the top's multiplier × (height − 2): height 1 scores negative, 2 nothing. Highest total wins.
    • The card list is a reconstruction (the sheet's pictures are lost).

# Board picture panel
saizumi-picture-score = { $score ->
        [one] { $score } point
       *[other] { $score } points
    }
saizumi-alt-draft-slot = Being chosen: slot { $slot } (framed){ $pile ->
    [0] {""}
   *[other] , onto pile { $pile }
}.
saizumi-alt-draft-pile = Being chosen: a card of pile { $pile } (framed).

## The start options' names in slash commands (English: the key)
option-saizumi-cards-name = cards

## The coach (💡 Hint): its choice by playouts and how sure it is.
saizumi-hint-best = 💡 **{ $action }**: played out { $playouts } times from here by the normal bot, it wins { $chance }% (± { $margin } points, 95% sure); the next best, **{ $other }**, wins { $other_chance }%.
saizumi-hint-only = 💡 **{ $action }**: it is the only thing to do now.
