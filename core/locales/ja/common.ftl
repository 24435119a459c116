# 全ゲーム共通：ルール違反、結果、一般的な言葉。
game-over = ゲームは終了しました。
rule-not-your-turn = { $player }さんの手番です。
rule-unknown-action = このゲームにない操作です（`{ $action }`）。
rule-not-playing = あなたはこのゲームに参加していません。
rule-game-over = ゲームは終了しました。
outcome-won = 🏆 { $player }さんの勝ち！
outcome-shared = 🏆 同時勝利：{ $players }
outcome-solitaire = 🏁 { $turns }手番でクリアしました！
outcome-no-winner = 全員が投了、勝者なし。
log-resigned = 🏳️ { $player }さんが投了しました。
list-sep = 、
setup-players = このゲームは{ $min }〜{ $max }人で遊びます（{ $players }人では始められません）。
setup-option-value = `{ $option }` は { $allowed } で指定してください。
setup-option-unknown = このゲームに `{ $option }` というオプションはありません（オプション：{ $known }）。
setup-option-assignment = オプションは key=value の形で書いてください（`{ $text }` は読めません）。
setup-option-shape = オプションは key=value の形で指定してください。
setup-option-invalid = このゲームに合わないオプションです：{ $reason }
rule-waiting-for = { $players }の手番を待っています。

## How each seat's markers look in board pictures (alt text)
picture-seat-0 = 朱色の丸
picture-seat-1 = 青い四角
picture-seat-2 = 橙色のひし形
picture-seat-3 = 青緑のハート
picture-seat-4 = 黄色い星
# Board pictures' panel: a name the font cannot draw, whose turn it is, the dice
picture-player = プレイヤー{ $n }
picture-to-play = 手番: { $players }
picture-dice = ダイス: { $dice }

# A stored game or record that cannot be rebuilt (corrupt or hostile): nothing is rebuilt from it.
setup-dice-ran-out = ゲームの準備が終わる前にダイスが尽きました。
restore-snapshot = 保存されたゲームの状態が、このバージョンの saikoro に合いません。
restore-unknown-game = 記録のゲーム `{ $game }` は saikoro にありません。
restore-seats = 記録の席を読み取れません。
restore-setup = 記録の準備が認められません：
restore-setup-dice-ran-out = 記録の準備用のダイスが、準備が終わる前に尽きました。
restore-setup-dice-left = 記録の準備で、ダイスが { $left } 個使われずに残りました。
restore-refused = { $move } 手目（席 { $seat } の `{ $action }`）は認められません：
restore-dice-ran-out = { $move } 手目（席 { $seat } の `{ $action }`）には、記録にあるより多くのダイスが必要です。
restore-dice-left = { $move } 手目（席 { $seat } の `{ $action }`）で、記録のダイスが { $left } 個使われずに残りました。

# オプションに指定できる値（`setup-option-value` とターミナルのオプション説明の中）。
option-allows-switch = true か false
option-allows-number = { $min }から{ $max }までの整数
option-allows-choice = { $values } のいずれか
option-allows-numbers = { $min }から{ $max }までの整数を{ $count }個まで、カンマ区切り
option-allows-text = { $count }文字までの文字列
option-allows-file = { $bytes }バイトまでのファイル
