# A game in a thread of its own (`/saikoro-settings threads:`, `/<game> start thread:`).
option-thread = Play the game in a thread of its own (default: the server's setting)
option-threads = Whether each game moves into a thread of its own when it starts
settings-threads-on = Threads: each game plays in a thread of its own when the bot may create one
settings-threads-off = Threads: off, games play in their channel
thread-name = { $game } — { $host }
thread-line-title = { $game } — { $host }
thread-line-playing = 🧵 Played in { $thread }
thread-line-finished = 🧵 { $thread } · { $result }
thread-line-abandoned = 🧵 { $thread } · The game was abandoned.
thread-line-deleted = 🧵 The game's thread was deleted, so the game is abandoned.
thread-no-permission = I may not create threads in this channel (Create Public Threads), so this game plays here in the channel. A server manager can allow it, or turn threads off with /saikoro-settings.
# A lobby that ended before its game started, said in the thread a crashed start left.
thread-lobby-ended = 🧵 { $why } No game will be played in this thread.
