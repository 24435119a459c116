# check-config and the bot's start: every problem of the configuration, a line each
# (`FILE:LINE: key: what is wrong`), and the summary of a valid one.
config-problems = { $file } has { $count ->
    [one] a problem
   *[other] { $count } problems
}:
config-at-line = { $file }:{ $line }: { $key }: { $what }
config-at-env = environment variable { $var }: { $key }: { $what }
config-at-file = { $file }: { $key }: { $what }
config-limits-key = [limits] { $key }
config-no-file = the configuration file { $file } does not exist
config-unreadable = cannot read the configuration file { $file } ({ $why })
config-not-toml = { $file }:{ $line }: not valid TOML ({ $why })
config-unknown-key = unknown key (config.example.toml lists every key)
config-unknown-key-near = unknown key; did you mean `{ $near }`?
config-wrong-type = must be { $expected ->
    [count] a whole number, 0 or more
    [text] text in quotes
    [list] a list in square brackets
    [bool] true or false
    [table] a table
   *[other] a value of another kind ({ $expected })
}, not { $actual ->
    [negative] a negative number
    [number] a whole number
    [decimal] a decimal number
    [text] text
    [bool] true or false
    [list] a list
    [table] a table
   *[other] a value of another kind
}
config-wrong-item = item { $item }: { $what }
config-too-large = is too large for a whole number here
config-one-of = must be one of: { $allowed }
config-wrong-form = has a value of the wrong form
config-database-scheme = `{ $value }` must start with sqlite: or postgres://
config-shard-total-zero = must be at least 1
config-shards-form = `{ $value }` must be a shard number or a range such as 0-1
config-shards-empty = the range { $first }-{ $last } is empty: write the lower shard first, e.g. { $last }-{ $first }
config-shards-beyond = the range { $first }-{ $last } goes beyond shard_total { $total }: shards are numbered 0 to { $highest }
config-shards-need-postgres = running shards { $first }-{ $last } of { $total } needs PostgreSQL: several processes cannot share a SQLite database. Set database_url to postgres://…, or run one process with every shard (shards = "0-{ $highest }")
config-from-to = must be from { $min } to { $max }
config-over-a-year = is more than a year; at most { $max }
config-reminder-after-timeout = the reminder ({ $reminder } s) would come when the player's time is already up (turn_timeout_secs = { $timeout }): make it less than turn_timeout_secs, or 0 for no reminder
config-token-space = contains white space; copy it again from the Developer Portal
config-token-both = both a token (token or DISCORD_TOKEN) and token_file are set; keep one
config-token-unreadable = cannot read { $path } ({ $why })
config-token-empty = { $path } is empty
config-api-url-form = must be an https:// URL ({ $why })
config-api-url-scheme = must be an https:// URL
config-api-url-http = must be https:// (http:// only to 127.0.0.1, ::1 or localhost): the bot token is sent with every request
config-api-url-alone = replaces Discord itself; it cannot be combined with discord_https_proxy or discord_extra_ca
config-metrics-addr = `{ $value }` must be an address and port such as 0.0.0.0:9100
config-proxy-scheme = `{ $value }` must be an http:// or https:// URL
config-extra-ca-missing = `{ $value }` is not a readable file
config-limit-too-large = is more than { $max }
config-limit-half-bucket = { $burst } and { $rate } must both be 0 (no limit) or both more than 0
config-limit-board-ping = is more than a day; at most { $max }
# The summary of a valid configuration.
config-defaults = No configuration file ({ $file }): the defaults and the environment are in use.
config-shards = Shards: { $first }-{ $last } of { $total }
