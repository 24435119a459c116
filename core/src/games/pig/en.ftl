# Pig (the test game)
pig-name = Pig
pig-command = Pig: roll as long as you dare, but a 1 loses the turn
pig-rules = **Pig** — rules in short
    • Roll a die as often as you like; each roll adds to your turn's total.
    • A 1 loses the turn's total and ends your turn. **Hold** banks the total.
    • The first to the target wins.
option-pig-target = The score that wins (default 30)
pig-not-playing = You are not playing in this game.
pig-hold-nothing = Roll at least once before you hold.
pig-roll = Roll
pig-hold = Hold ({ $total })
pig-resign = Resign
pig-title-turn = Pig · { $player }
pig-legend-unscored = ⬛ not scored yet
pig-footer = First to { $target } wins.
pig-seat = { $player }: { $score }
pig-seat-active = ▶ { $player }: { $score } (+{ $total } this turn)
pig-seat-resigned = { $player }: resigned
pig-log-start = 🎲 The dice pick { $player } to start.
pig-log-roll = 🎲 { $player } rolls a { $die }.
pig-log-bust = 💥 { $player } rolls a 1 and loses the turn.
pig-log-hold = ✋ { $player } holds { $total }: { $score } in all.
pig-log-resign = 🏳️ { $player } resigns.
pig-alt = Pig to { $target }: { $seats }.
pig-alt-seat = { $player } ({ $look }) at { $score }

## The start options' names in slash commands (English: the key)
option-pig-target-name = target
