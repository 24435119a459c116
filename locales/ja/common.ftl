# 全ゲーム共通：ルール違反、結果、一般的な言葉。
game-over = ゲームは終了しました。
rule-not-your-turn = { $player }さんの手番です。
rule-unknown-action = このゲームにない操作です（`{ $action }`）。
rule-not-playing = あなたはこのゲームに参加していません。
rule-game-over = ゲームは終了しました。
outcome-won = 🏆 { $player }さんの勝ち！
outcome-shared = 🏆 同時勝利：{ $players }
outcome-solitaire = 🏁 { $turns }ターンでクリア！
outcome-no-winner = 全員が投了したため、勝者はいません。
log-resigned = 🏳️ { $player }さんが投了しました。
list-sep = 、
