# Players' history: leaderboard, stats, recent games, forget-me.
command-leaderboard = The server's ranking for a game
command-stats = A player's games, wins, rating and records here
command-history = Recently finished games and their ids
command-forget-me = Remove your name from this bot's stats (your games stay, anonymised)
option-game = The game (the one you play most when left out)
option-user = The player (you when left out)
option-public = Show the answer to everyone in the channel
option-leaderboard-page = The page to show
leaderboard-title = 🏆 { $game } — leaderboard
leaderboard-row = `#{ $position }` { $player } — { $rating } · { $games } games · { $wins } wins ({ $percent }%)
leaderboard-footer = Page { $page } of { $pages } · rating = skill minus 3 × uncertainty
leaderboard-empty = Nobody has finished a game of this here yet.
leaderboard-you-unranked = You have no finished game of this here yet.
leaderboard-no-page = There is no page { $page }: the leaderboard has { $pages }.
history-anonymous = someone
stats-title = 📊 { $player } in this server
stats-none = { $player } has no finished games in this server yet.
stats-games = Games
stats-games-value = { $games } games, { $wins } wins ({ $percent }%) · longest win streak { $streak }
stats-rating = Rating in { $game }
stats-rating-value = { $rating } ({ $trend } over the last { $games } games)
stats-favourite = Favourite game
stats-solitaire = Best solitaire
stats-solitaire-row = { $game }: { $best } turns (average { $average } over { $games })
stats-versus = Head-to-head
stats-versus-row = { $player }: { $games } games, ahead { $ahead } · behind { $behind }
history-title = 📜 Recent games
history-title-player = 📜 Recent games of { $player }
history-none = No finished games here yet.
history-row = `{ $id }` { $game } { $at }: { $players }
history-seat-won = 🏆 { $player }
history-seat-place = { $player } (#{ $place })
history-seat-resigned = { $player } (resigned)
history-seat-solitaire = { $player } ({ $turns } turns)
forget-me-done = Done: your name is gone from the stats of every server; { $games } of your results stay, anonymised.
command-replay = Step through a finished game move by move
option-game-id = The game's id (/saikoro history lists them)
replay-missing = There is no finished game { $id } of this kind in this server.
replay-footer = Game { $id } · move { $step } of { $moves } { $last }

# Rematch
rematch-button = Rematch
rematch-missing = Game { $id } can't be played again here: it is not a finished game of this server.
rematch-not-player = Only the players of game { $id } can ask for its rematch.
rematch-taken = The rematch of game { $id } was already opened; a game has one rematch, even if its lobby closed.
rematch-invite = Rematch of game { $id }! { $players }: press Join to play again.
lobby-expected = Expected
