# Shared by every game: rule errors, outcomes, generic words.
game-over = The game is over.
rule-not-your-turn = It is { $player }'s turn.
rule-unknown-action = That is not a move in this game (`{ $action }`).
rule-not-playing = You are not playing in this game.
rule-game-over = The game is over.
outcome-won = 🏆 { $player } wins!
outcome-shared = 🏆 Shared win: { $players }
outcome-solitaire = 🏁 Finished in { $turns ->
    [one] 1 turn
   *[other] { $turns } turns
}.
outcome-no-winner = Everybody resigned; nobody wins.
log-resigned = 🏳️ { $player } resigned.
list-sep = {", "}
setup-players = This game takes { $min } to { $max } players, not { $players }.
setup-option-value = `{ $option }` must be { $allowed }.
setup-option-unknown = There is no option `{ $option }` in this game (options: { $known }).
setup-option-assignment = Write an option as key=value, not `{ $text }`.
setup-option-shape = The options must be given as key=value pairs.
setup-option-invalid = The options do not fit this game: { $reason }
rule-waiting-for = Waiting for { $players }.

## How each seat's markers look in board pictures (alt text)
picture-seat-0 = vermillion circle
picture-seat-1 = blue square
picture-seat-2 = orange diamond
picture-seat-3 = bluish-green heart
picture-seat-4 = yellow star
# Board pictures' panel: a name the font cannot draw, whose turn it is, the dice
picture-player = Player { $n }
picture-to-play = To play: { $players }
picture-dice = Dice: { $dice }

# A stored game or record that cannot be rebuilt (corrupt or hostile): nothing is rebuilt from it.
setup-dice-ran-out = The dice ran out before the game was set up.
restore-snapshot = The game's saved state does not fit this version of saikoro.
restore-unknown-game = The record is of an unknown game: `{ $game }`.
restore-seats = The record's seats cannot be read.
restore-setup = The record's set-up is refused:
restore-setup-dice-ran-out = The record's set-up dice ran out before the game was set up.
restore-setup-dice-left = The record's set-up left { $left } of its dice unused.
restore-refused = Move { $move } (`{ $action }` by seat { $seat }) is refused:
restore-dice-ran-out = Move { $move } (`{ $action }` by seat { $seat }) needs more dice than its record holds.
restore-dice-left = Move { $move } (`{ $action }` by seat { $seat }) left { $left } of its recorded dice unused.

# What an option allows, inside `setup-option-value` and the terminal's option help.
option-allows-switch = true or false
option-allows-number = a whole number from { $min } to { $max }
option-allows-choice = one of { $values }
option-allows-numbers = up to { $count ->
        [one] one whole number
       *[other] { $count } whole numbers
    } from { $min } to { $max }, separated by commas
option-allows-text = text of up to { $count ->
        [one] one character
       *[other] { $count } characters
    }
option-allows-file = a file of up to { $bytes } bytes
