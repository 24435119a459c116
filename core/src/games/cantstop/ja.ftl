# キャントストップ — 用語はルールシート（shared/seeds/cant-stop.ja.txt）に合わせる：登山者駒、列、マーカー、バースト、征服。
option-cantstop-marker_limit = マーカーを置ける列は1人9列まで（訳者注のバリアント）

## ボタン
cantstop-roll = 振る
cantstop-stop = 止める
cantstop-resign = 投了
cantstop-move-both = { $a } + { $b }
cantstop-move-one = { $a }のみ

## 記録
cantstop-log-start = 🎲 サイコロで{ $player }さんがスタートプレイヤーに決まりました。
cantstop-log-rolled = 🎲 { $player }：{ $d1 } { $d2 } { $d3 } { $d4 }
cantstop-log-moved-both = { $player }：{ $a }と{ $b }の列を登った
cantstop-log-moved-one = { $player }：{ $a }の列を登った
cantstop-log-bust = 💥 バースト！{ $player }さんはこの手番の進みを失いました。
cantstop-log-stopped = ✋ { $player }さんが止めて、登山者駒をマーカーに置き換えました。
cantstop-log-claimed = 🔒 { $player }さんが{ $column }の列を征服しました！

## ルール違反
cantstop-rule-choose-move-first = 先にこの出目での進め方を選んでください。
cantstop-rule-stop-no-progress = この手番で駒を進めるまでは止められません。まず振ってください。
cantstop-rule-roll-first = 使う出目がありません。先にサイコロを振ってください。
cantstop-rule-not-in-roll = { $d1 } { $d2 } { $d3 } { $d4 }をどうペアに分けても、その進め方にはなりません。
cantstop-rule-use-both = 両方の合計を使えるときは両方使います：{ $a } + { $b }を選んでください。
cantstop-rule-column-claimed = { $column }の列は{ $player }さんが征服済みです。
cantstop-rule-runner-at-summit = { $column }の列の登山者駒はすでに最上マスにいます。
cantstop-rule-no-free-runner = 登山者駒は3個とも使用中で、{ $column }の列にはありません。
cantstop-rule-marker-limit = すでに{ $limit }列にマーカーを置いているので、{ $column }の列は始められません。

## 盤面
cantstop-title-turn = キャントストップ · { $player }
cantstop-title-over = キャントストップ · 終了
cantstop-legend-runner = ⚪ 登山者駒
cantstop-legend-space = ▫️ マス
cantstop-legend-none = ⬛ 盤外
cantstop-legend-claimed = 🔒 征服済み
cantstop-legend-shared = *️⃣ 複数の駒
cantstop-legend-column = 列（マス数）
cantstop-legend-summit = 🔝 頂上
cantstop-view-turn-rolled = { $turn }手番 · 🎲 { $d1 } { $d2 } { $d3 } { $d4 }
cantstop-view-turn-chances = { $turn }手番 · ⚪残り{ $free } · バースト{ $percent }%
cantstop-view-shared = *️⃣ { $spaces }
cantstop-view-player = { $player } — 🔒 { $claimed }/{ $needed }
cantstop-view-player-active = ▶ { $player } — 🔒 { $claimed }/{ $needed }
cantstop-view-player-resigned = { $player } — 投了
cantstop-view-log = 記録
cantstop-view-goal = { $turn }手番目 · 先に🔒{ $needed }列で勝ち
cantstop-view-goal-solitaire = { $turn }手番目 · 少ない手番で🔒{ $needed }列
cantstop-view-marker-limit = マーカーは{ $limit }列まで
cantstop-alt-title = キャントストップの山、2から12の列。
cantstop-alt-space = { $column }列の{ $space }/{ $height }
cantstop-alt-seat = { $player }（{ $look }）：{ $spaces }。
cantstop-alt-no-markers = マーカーなし
cantstop-alt-runners = この手番の白い走者：{ $spaces }。
cantstop-alt-claimed = { $column }列は{ $player }が征服。

## コマンド
cantstop-name = キャントストップ
cantstop-command = キャントストップ：運を試して列を登ろう。先に3列を征服した人の勝ち
cantstop-rules = **キャントストップ** — ルール要約
    • 手番では**振る**を押します。4個のサイコロを2個ずつのペアに分け、それぞれのペアの合計を作ります。分け方（例：`6 + 10`、1つしか使えないときは`5のみ`）を選ぶと、その列の白い登山者駒⚪が登ります。
    • 1手番に使える登山者駒は3個。続けて振ってさらに登るか、**止める**で登山者駒を自分のマーカーに置き換えます。
    • どの合計も使えない出目なら**バースト**：その手番の進みはすべて失われます。盤面にはその確率が正確に出ます。
    • 登山者駒が列の最上マスにいるときに止めると、その列を征服します。征服された列は誰も使えません。
    • 最初に**3列**を征服した人の勝ち。ひとり遊びでは、なるべく少ない手番で3列を征服しましょう。

## Bot levels (shown in the lobby)
cantstop-bot-easy = **かんたん**：「28のルール」をおおまかに使います。どこまで粘るかを毎回ランダムに決め、3回に1回は手もランダムに選びます。
cantstop-bot-normal = **ふつう**：マイケル・ケラーの「28のルール」を発表どおりに使います（ジム・グレンの実装に準拠）。堅実で読みやすい打ち方です。
cantstop-bot-strong = **つよい**：その手番の残りのすべての出目を計算し、レース全体を見て判断します。発表された定石を大きく上回ります。

## Coach (what the strong bot would do, shown only to the player who asks)
cantstop-hint-start = 💡 振る：手番はまずサイコロを振るところから始まります。
cantstop-hint-roll = 💡 振る：次に振ってバーストする確率は{ $percent }%だけ。つよいボットは、失うものより得るものが大きいと見ています。
cantstop-hint-stop = 💡 止める：次に振るとバーストする確率は{ $percent }%。この手番の進みを賭けるには高すぎます。
cantstop-hint-stop-claims = 💡 止める：次に振るとバーストする確率は{ $percent }%。止めれば{ $count }列（{ $columns }）を征服できます。
cantstop-hint-move-both = 💡 { $a } + { $b }を選ぶ：そのあと次に振ってバーストする確率は{ $percent }%です。
cantstop-hint-move-one = 💡 { $a }のみを選ぶ：そのあと次に振ってバーストする確率は{ $percent }%です。

# Board picture panel
cantstop-picture-claimed = 確保した列: { $columns }

## スラッシュコマンドの開始オプション名（小文字・数字・-・_ のみ）
option-cantstop-marker_limit-name = マーカー制限
