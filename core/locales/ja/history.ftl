# プレイヤーの記録: ランキング、成績、最近の対局、記録の削除。
command-leaderboard = ゲームごとのサーバー内ランキング
command-stats = プレイヤーの対局数・勝利数・レーティング・記録
command-history = 最近終わった対局とその番号
command-forget-me = このボットの成績からあなたの名前を消します（対局は匿名で残ります）
option-game = ゲーム（省略時は一番よく遊ぶゲーム）
option-user = プレイヤー（省略時はあなた）
option-public = チャンネルの全員に見えるように答える
option-leaderboard-page = 表示するページ
leaderboard-title = 🏆 { $game } ランキング
leaderboard-row = `{ $position }位` { $player } — { $rating } · { $games }局 · { $wins }勝 （{ $percent }%）
leaderboard-footer = { $page } / { $pages } ページ · レーティング = 実力 − 3 × 不確かさ
leaderboard-empty = このサーバーではまだ誰もこのゲームを終えていません。
leaderboard-you-unranked = あなたはこのサーバーでまだこのゲームを終えていません。
leaderboard-no-page = { $page } ページはありません（全 { $pages } ページ）。
history-anonymous = 匿名
stats-title = 📊 このサーバーでの { $player }
stats-none = { $player } はこのサーバーでまだ対局を終えていません。
stats-games = 対局
stats-games-value = { $games }局 { $wins }勝 （{ $percent }%） · 最長連勝 { $streak }
stats-rating = { $game } のレーティング
stats-rating-value = { $rating }（直近 { $games } 局で { $trend }）
stats-favourite = よく遊ぶゲーム
stats-solitaire = ソロの最高記録
stats-solitaire-row = { $game }: 最短 { $best } ターン（平均 { $average }、{ $games } 回）
stats-versus = 対戦成績
stats-versus-row = { $player }: { $games }局、上位 { $ahead } · 下位 { $behind }
history-title = 📜 最近の対局
history-title-player = 📜 { $player } の最近の対局
history-none = このサーバーにはまだ終わった対局がありません。
history-row = `{ $id }` { $game } { $at }: { $players }
history-seat-won = 🏆 { $player }
history-seat-place = { $player }（{ $place }位）
history-seat-resigned = { $player }（投了）
history-seat-solitaire = { $player }（{ $turns } ターン）
forget-me-done = 完了しました。すべてのサーバーの成績からあなたの名前を消しました。あなたの結果 { $games } 件は匿名で残ります。
command-replay = 終わった対局を1手ずつ振り返る
option-game-id = 対局の番号（/saikoro history で確認できます）
replay-missing = このサーバーには、この種類の終わった対局 { $id } はありません。
replay-footer = 対局 { $id } · { $moves } 手中 { $step } 手目 { $last }

# Rematch
rematch-button = 再戦
rematch-missing = 対局 { $id } はここでは再戦できません。このサーバーの終わった対局ではありません。
rematch-not-player = 対局 { $id } の再戦を頼めるのは、その対局のプレイヤーだけです。
rematch-taken = 対局 { $id } の再戦はもう開かれています。ロビーが閉じても、再戦は一度だけです。
rematch-invite = 対局 { $id } の再戦です！ { $players } 「参加」を押すともう一度遊べます。
lobby-expected = 参加待ち
