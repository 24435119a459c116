# Your games, invitations and private lobbies, each game's own clock, and time off.
duration-minutes = { $n ->
    [one] 1 minute
   *[other] { $n } minutes
}
duration-hours = { $n ->
    [one] 1 hour
   *[other] { $n } hours
}
duration-days = { $n ->
    [one] 1 day
   *[other] { $n } days
}
command-games = Your games and lobbies on this server, and where it is your turn
command-away = Take time off: your games here wait for you (or come back with until:off)
option-until = Until when: a date (2026-12-24, UTC), a length (3d, 12h), or off
option-players = People (@name) and bots (bot:easy, bot:normal, bot:strong) to invite
option-private = Only the invited may join
option-turn-timer = Minutes each player has per turn in this game (the server's timers if left out)
option-timer-min = The shortest turn timer a host may choose, in minutes
option-timer-max = The longest turn timer a host may choose, in minutes
option-away-max-days = The longest time off a player may take, in days
lobby-turn-timer = Turn timer: { $time }
lobby-private = Private: only the invited can join
lobby-decline = Decline
lobby-invite = { $players }: { $host } invites you to a game of { $game }. Press **Join** to take your seat, or **Decline**.
lobby-private-refused = This lobby is private: only the invited players can join.
lobby-not-invited = You weren't invited to this lobby, so there is nothing to decline.
lobby-private-nobody = A private lobby needs someone invited: name them in `players`. Nothing was opened.
lobby-too-many-invited = Too many players: this game has room for { $max } besides you. Nothing was opened.
lobby-timer-out-of-bounds = On this server the turn timer must be between { $min } and { $max }. Nothing was opened.
lobby-bad-invitee = I don't understand “{ $name }” in `players`: mention people (@name) and name bots bot:easy, bot:normal or bot:strong. Nothing was opened.
board-turn-timer = ⏱ Turn timer: { $time }
board-away = 💤 { $player } is away until { $until }.
away-guild-only = Time off is taken on a server, for its games.
away-not-away = You aren't away, so nothing changed.
away-past = That moment has passed. Give a date to come (such as 2026-12-24) or a length (such as 3d or 12h). Nothing changed.
away-too-far = Time off lasts at most { $days } days on this server. Nothing changed.
away-bad-until = I don't understand “{ $until }”: give a date (2026-12-24, in UTC), a length (3d or 12h), or off. Nothing changed.
away-set = You are away until { $until }. Reminders and timeouts wait for you in your { $games } games in play here; back earlier? Use `/saikoro away until:off`.
away-off = Welcome back! Your clocks run again in your { $games } games in play here.
games-title = Your games
games-none = You aren't in any game or lobby on this server, and no invitation is waiting for you.
games-playing = **Games**
games-lobbies = **Lobbies**
games-invitations = **Invitations**
games-row-turn = ▶ { $game } with { $players }: your turn, time runs out { $at } · { $link }
games-row-turn-untimed = ▶ { $game } with { $players }: your turn · { $link }
games-row-waiting = { $game } with { $players } · { $link }
games-row-lobby = { $game } lobby with { $players } · { $link }
games-row-invited = { $game }: { $host } invites you · { $link }
games-alone = nobody else yet
settings-play = Turn timers a host may choose: { $min } to { $max } · Time off: up to { $days } days
settings-bad-bounds = The shortest turn timer can't be longer than the longest. Nothing changed.
