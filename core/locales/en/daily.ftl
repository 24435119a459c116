# The daily Can't Stop.
daily-share = Can't Stop daily #{ $day } · { $turns } turns (par { $par }) · { $marks }
daily-bad-log = This daily attempt's record does not replay.
daily-cli-about = Practise a day's Can't Stop daily (public practice dice, not a server's; nothing is stored)
daily-cli-date = The day to practise (UTC); default today
daily-cli-players = The one player: a name, or bot:easy|normal|strong
daily-cli-bad-date = `{ $date }` is not a date: write it as YYYY-MM-DD.
daily-cli-too-early = The daily starts on 2026-11-01 (#1); { $date } is before it.
daily-cli-one-player = The daily is played alone: give one player.
daily-cli-header = Can't Stop daily #{ $day } (practice: public dice, not a server's)
# The daily on Discord (/cantstop daily).
command-daily = Today's Can't Stop daily: the same dice for everyone, one attempt a day
daily-not-yet = The daily starts on 2026-11-01 (#1).
daily-starting = Your daily is being started already: try again in a moment.
daily-started = Your Can't Stop daily #{ $day }: this board is shown only to you, so no one sees the day's rolls before playing them. It waits for you between sittings: `/cantstop daily` brings it back.
daily-lost = Your daily of today was ended without a result.
daily-elsewhere = Your daily is in play on another part of this bot: use `/cantstop daily` where you started it.
daily-no-resign = A daily is one attempt a day: it cannot be resigned, only played to the end.
daily-no-hint = The coach is the par's strong bot: a daily has no hints.
daily-share-not-yours = Only the player whose result this is can share it.
daily-share-none = There is no finished daily to share here.
daily-shared = Shared in the channel.
daily-share-button = Share
daily-title = Can't Stop daily #{ $day } · { $player }
daily-result = { $turns ->
    [one] 1 turn
   *[other] { $turns } turns
}, { $busts ->
    [one] 1 bust
   *[other] { $busts } busts
} (par { $par })
daily-streak = Streak: { $streak ->
    [one] 1 day
   *[other] { $streak } days
} (best { $best })
daily-played = You have played Can't Stop daily #{ $day }: one attempt a day.
daily-board-here = This server:
daily-board-everywhere = All servers:
daily-board-line = { $rank }. { $name } — { $turns ->
    [one] 1 turn
   *[other] { $turns } turns
}, { $busts ->
    [one] 1 bust
   *[other] { $busts } busts
}
# The daily's private board (/cantstop daily).
daily-resumed = Your Can't Stop daily #{ $day } goes on where you stopped. The live board is now here, shown only to you; an older copy of it no longer plays.
daily-stale = This daily board is out of date (a newer copy took its place, or the bot could not refresh it): use `/cantstop daily` to bring your game back where it stopped.
