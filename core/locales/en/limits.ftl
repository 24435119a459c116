# Limits against abuse (src/session/limits.rs): every refusal changes nothing.
limit-rate = You are going a little fast: nothing was done. Please try again { $when }.
limit-pings = You have had the bot ping people many times this hour, so nothing was done. You can again { $when }.
limit-games-per-user = You already host { $count } unfinished games (open lobbies and games in play), the most allowed. Finish, cancel or abandon one first; nothing was done.
limit-lobbies-per-server = This server already has { $count } open lobbies, the most allowed. Join one, or try again once one has started or closed; nothing was done.
limit-bot-games = You are the last person in this game, and this server already has { $count } games that only bots play on, the most allowed. Nothing was done: play on, or have the host end the game with /{ $game } abandon.
