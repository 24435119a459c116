# The terminal: `saikoro play`, `render`, `replay`, `review`, `export`, `run`.
cli-error = error:
cli-header = { $game } — seed { $seed } (replay with --seed { $seed })
cli-header-from = { $game } from { $file } — seed { $seed }
cli-resign = Resign
cli-try-help = {" "}(`help` lists what you can type)
cli-no-hint = This game has no coach yet, so no hint.
cli-input-ended = The input ended before the game did; nothing more to play.
cli-terminal-error = Cannot use the terminal: { $error }
cli-bot-refused = A bot chose a move the game refused: { $reason }
cli-at-too-far = --at { $at }: the record has only { $moves ->
        [one] 1 move
       *[other] { $moves } moves
    }.
cli-player-empty = A player name is empty (use `--players ann,ben`).
cli-bot-level = { $player }: bot levels are easy, normal and strong.
cli-player-twice = { $player } is listed twice.
cli-players = { $game } is played by { $range } players, not { $players }.
cli-dice-face = --dice: `{ $face }` is not a face of { $game }'s dice (1–{ $faces }).
cli-file-missing = There is no file { $file }.
cli-file-denied = { $file } cannot be read: permission denied.
cli-file-unreadable = Cannot read { $file }: { $error }
cli-from-needs-out = --from writes an animation: give it a file with --out game.gif.
cli-record-of-other = { $file } is a record of `{ $recorded }`, not `{ $game }`.
cli-animation-written = { $file }: { $moves ->
        [one] 1 move
       *[other] { $moves } moves
    }, { $kb } KB in { $ms } ms
# backup and health
cli-backup-no-database = There is no database at { $path }: nothing to copy.
cli-backup-exists = { $file } exists already: choose a new file.
cli-backup-postgres = Backups of PostgreSQL are made with its own tools, e.g. `pg_dump --format=custom --file saikoro.dump "$DATABASE_URL"` (restore with pg_restore).
cli-backup-written = Wrote a consistent copy of the database to { $file }.
cli-health-no-addr = No metrics_addr is configured, so the bot serves no health checks: set metrics_addr (e.g. 0.0.0.0:9100) or pass --addr.
cli-health-unreachable = Cannot reach { $url }: { $error }
cli-health-answered = { $url } answered { $status }: { $body }
cli-no-game = There is no game { $game } (games: { $games }).
cli-no-picture = { $game } has no board picture yet.
cli-record-broken = The record does not replay: { $reason }
cli-not-record = { $file } is not a record written by `saikoro export`.
cli-no-coach = { $game } has no coach to review it.
cli-no-database = There is no database at { $path }: name one with --database, or set database_url in the configuration.
cli-no-stored-game = There is no game { $id } in this database.
cli-reading-game = reading game { $id }
cli-never-started = Game { $id } never started.
cli-replay-title = { $game } — { $moves ->
    [one] 1 move
   *[other] { $moves } moves
}
cli-option-built-in = built in
cli-option-allowed = { $allowed }; default { $default }
cli-options-none = This game has no options.
cli-options-title = Game options (--option key=value):
cli-option-file = Cannot read { $file } for --option { $key }
cli-play-about = Play a game in this terminal: hot-seat, against bots (`bot:strong`), or bots only
cli-arg-from = Continue a game written by `saikoro export` (its people play here, its bots again)
cli-arg-at = Continue after this many of the record's moves (default: all of them)
cli-arg-seed = Seed for the dice (random when omitted; printed so a game can be replayed)
cli-arg-format = text: the board and numbered choices, for people; json: one JSON object a line (the position as data, docs/json.md), for scripts
cli-arg-players = Comma-separated players in seating order, e.g. `ann,ben` or `ann,bot:strong`
cli-arg-dice = Every roll of the game in order, set-up rolls included (e.g. `1,5,4,6`), then the seed's
cli-arg-option = A game option (repeatable); a file option takes the file's path
cli-no-token =
    saikoro needs a Discord bot token to run, and none is configured.

    1. Open https://discord.com/developers/applications and create a New Application.
    2. Bot → Reset Token, copy it, and start saikoro with it:
           DISCORD_TOKEN=... cargo run --release
       or with Docker:
           docker build -t saikoro . && docker run -e DISCORD_TOKEN=... -v saikoro-data:/data saikoro
       (or put token = "..." in config.toml, or name a file holding it with
       token_file; see config.example.toml).
    3. OAuth2 → URL Generator: scopes bot and applications.commands; bot permissions
       View Channels, Send Messages, Send Messages in Threads, Create Public Threads,
       Embed Links, Read Message History.
       Open the generated URL to invite the bot to your server.

    Meanwhile, try the games in this terminal:
        cargo run --release -- play cantstop --players ann,ben
        cargo run --release -- play cantstop --players you,bot:strong
        docker run -it saikoro play ninja --players you,bot:normal
    (games: { $games }; `play <game> --help` lists a game's options)
# check-config
cli-config-ok = The configuration is valid.
cli-config-database = Database: { $database }
cli-config-token = Token: { $token ->
    [yes] set
   *[no] not set (`saikoro run` will explain how to get one)
}
cli-config-guilds = Slash commands: { $guilds ->
    [0] global
    [one] in 1 test server
   *[other] in { $guilds } test servers
}
cli-config-shards = Shards: { $shards }
cli-config-timers = Turn reminder after { $reminder } s, timeout after { $timeout } s (0: never); lobbies expire after { $lobby } s.
