# 共通メッセージ（未訳のものは英語で表示されます）
game-over = ゲームは終了しました。
rule-not-your-turn = { $player } さんの手番です。
rule-not-playing = あなたはこのゲームに参加していません。
outcome-won = 🏆 { $player } さんの勝ち！
