# Lobbies, boards and refusals shared by every game.
turn-ping = { $players } — your turn!
cannot-post = I can't post in this channel. Give me the View Channel, Send Messages (and Send Messages in Threads) and Embed Links permissions here.
store-failed = Sorry — I couldn't save that, so nothing changed. Please try again in a moment.
click-unknown = That button isn't one of mine, or it is damaged. Nothing changed.
click-game-gone = This game has ended or no longer exists. Nothing changed.
click-other-shard = Another part of the bot is looking after this server's games just now. Nothing changed; please try again in a moment.
click-lobby-not-started = This game hasn't started yet.
click-stale = That board is out of date, so nothing changed. The live board is here: { $link }
click-stale-nolink = That board is out of date, so nothing changed.
channel-busy = A game of { $game } is already running in this channel: { $link } — finish or abandon it first, or start one in a thread.
channel-busy-nolink = A game of { $game } is already running in this channel — finish or abandon it first, or start one in a thread.
channel-busy-race = Someone else just opened a game in this channel.
no-game-here = There is no game of { $game } in this channel.
game-abandoned = This game was abandoned by { $player }.
abandoned = The game is abandoned.
abandon-refused = Only the host or a member with Manage Server can abandon this game.
resigned = You resigned.
resign-in-lobby = The game hasn't started: use Leave on the lobby (or Cancel, if you are the host).
board-refused = Only the players, the host or a member with Manage Server can move the board.
settings-bad-order = The timeout must be longer than the reminder (or one of them 0 = never). Nothing changed.
board-reposted = The live board is now here: { $link }
log-empty = Nothing has happened yet.
log-header = **{ $game } — log, page { $page } of { $pages }**
lobby-opened = Lobby opened: { $link }
lobby-bad-options = These options can't be used: { $reason }
lobby-title = { $game } — lobby
lobby-description = Host: { $host }
    Seats left: { $left } · Needs at least { $min } to start.
    Press **Join** to play.
lobby-players = Players
lobby-options = Options
lobby-solitaire = Solitaire allowed
lobby-expires = The lobby closes { $at } if nobody starts it.
lobby-join = Join
lobby-leave = Leave
lobby-start = Start
lobby-cancel = Cancel
lobby-add-bot-easy = 🤖 Easy bot
lobby-add-bot-normal = 🤖 Normal bot
lobby-add-bot-strong = 🤖 Strong bot
lobby-remove-bot = Remove a bot
lobby-bots = 🤖 Computer players
bot-name = 🤖 Bot { $n } ({ $level })
lobby-started = The game has started — see the board below.
lobby-expired = This lobby expired before anyone started it.
lobby-cancelled = This lobby was cancelled.
lobby-moved = This lobby moved further down the channel.
lobby-gone = This lobby is closed.
lobby-already-in = You are already in this game.
lobby-not-in = You are not in this lobby.
lobby-full = The game is full.
lobby-host-cannot-leave = You are the host: use Cancel to close the lobby.
lobby-host-only = Only the host can do that.
lobby-no-bots = There is no bot to remove.
lobby-not-enough = At least { $min } players are needed to start.
command-start = Open a lobby for a new game in this channel
command-rules = How to play, in short (only you see it)
command-board = Post the live board again at the bottom of the channel
command-resign = Leave the game you are playing
command-abandon = End this channel's game for everyone (host or Manage Server)
command-log = The moves so far, a page at a time
option-solitaire = Allow a one-player game
option-page = Page number (default: the newest)
timer-reminder = ⏰ { $player }, it's still your turn in { $game }: { $link }
timer-timed-out = ⌛ { $player } ran out of time and left the game.
saikoro-command = saikoro: leaderboards, stats, history and the server's settings
command-settings = Show or change the turn timers for asynchronous games (Manage Server)
option-reminder-hours = Hours idle on a turn before a reminder ping (0 = never)
option-timeout-hours = Hours idle before the player's time runs out (0 = never)
settings-guild-only = Settings belong to a server; use this command in one.
settings-refused = Only members with Manage Server can change saikoro's settings.
settings-current = Turn timers here: reminder after { $reminder } h, timeout after { $timeout } h (0 = never); a player out of time will { $on_timeout }.
settings-saved = Saved. Turn timers here: reminder after { $reminder } h, timeout after { $timeout } h (0 = never); a player out of time will { $on_timeout }.
board-deadline = ⏳ Time to move runs out { $at }.
lobby-option-custom = your own (given when the game was started)
timer-timed-out-played = ⌛ { $player } ran out of time; the game made their move for them.
option-on-timeout = What a player out of time does: play the game's default move, or leave
settings-on-timeout-play = play the game's default move
settings-on-timeout-leave = leave the game
settings-file-too-big = The file `{ $name }` is too big ({ $size } bytes; at most { $max }).
settings-file-unreadable = The file `{ $name }` could not be read: { $reason }
error-unexpected = Something went wrong on our side; nothing changed. Please try again in a moment.
