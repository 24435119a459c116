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
