# The terminal's play screen (`saikoro play`): its help and its answers to a mistyped choice.
terminal-help-number = Type a choice's number ({ $count ->
    [1] 1
   *[other] 1 to { $count }
}).
terminal-help-number-or-id = Type a choice's number ({ $count ->
    [1] 1
   *[other] 1 to { $count }
}) or the id shown in brackets.
terminal-help-moves = Any move of this game can also be typed as its id (e.g. { $examples }) or in the rules' own notation.
terminal-help-words = `help` or `?` shows this; `resign` gives up; `hint` asks the coach, in games that have one.
terminal-no-such-number = There is no choice { $number }: { $count ->
    [1] the only choice is 1
   *[other] type a number from 1 to { $count }
}.
terminal-confirm-resign = Resign and leave the game? Type `resign` (or `yes`) to confirm; anything else plays on.
