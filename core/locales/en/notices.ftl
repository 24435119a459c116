# Turn notices by direct message (`/saikoro notify`, issue 29 item 4).
command-notify = Turn notices: a direct message when a game comes to you while you are away
option-notify-dm = True: a DM when it becomes your turn and you have not been in the game's channel
notify-dm-on = Turn notices by direct message are on: when a game comes to you and you have not pressed a button or used a command in its channel since your last move there, I send you a direct message with the board's link. `/saikoro notify dm:False` turns them off.
notify-dm-off = Turn notices by direct message are off. `/saikoro notify dm:True` turns them on.
notice-turn = 🎲 It is your turn in { $game } (game #{ $id }); your time runs out { $at }: { $link }
notice-turn-untimed = 🎲 It is your turn in { $game } (game #{ $id }): { $link }
notice-dm-closed = { $player }, I could not send you a turn notice: your direct messages are closed to me, so turn notices are off now. Open them and use `/saikoro notify dm:True` to turn them on again.
