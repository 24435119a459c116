# 賽積 — 用語はルールシート（shared/seeds/saizumi.ja.txt）に合わせる：石カード、来訪カード、場札、山札、山、崩壊、効果、倍率、段数、基礎点。
option-saizumi-cards = 石カードの一覧（組み込みの cards.toml と同じ TOML）。空欄なら組み込みの再構成版

## カード一覧
saizumi-cards-malformed = カード一覧を読み取れません（{ $line }行目）：{ $reason }
saizumi-cards-total = 石カードの枚数の合計は54枚でなければなりません（{ $total }枚になっています）。
saizumi-cards-row = カード{ $card }の{ $half }面：ダイスの列は1〜3個です（{ $dice }個になっています）。
saizumi-cards-face = カード{ $card }の{ $half }面：{ $face }はサイコロの目（1〜6）ではありません。
saizumi-cards-mult = カード{ $card }の{ $half }面：倍率は1以上です（{ $mult }になっています）。
saizumi-cards-effect = カード{ $card }の{ $half }面：効果`{ $effect }`は使えません（reroll_all、reroll:N、reroll:?、set:N）。
saizumi-cards-id = { $number }番目のカード：ID`{ $card }`は英数字1〜4文字で、重複できません。
saizumi-cards-copies = カード{ $card }：枚数は1枚以上です（{ $copies }枚になっています）。

## ルール違反
saizumi-rule-not-your-action = 今はあなたの操作の番ではありません。
saizumi-rule-slot = 場札の場所は1〜9です（{ $slot }は使えません）。
saizumi-rule-slot-empty = 場札{ $slot }は空です。
saizumi-rule-no-stone = 未配置の石カード{ $stone }はありません。
saizumi-rule-not-your-response = 今はあなたが効果を使う番ではありません。
saizumi-rule-no-pile = あなたの山{ $pile }はありません。
saizumi-rule-no-position = 山{ $pile }に{ $pos }段目はありません。
saizumi-rule-name-face = 「?」の振り直しには1〜6の目を指定してください。
saizumi-rule-face-printed = この効果の目はカードに書かれています。
saizumi-rule-take-no-pile = あなたの山{ $pile }はありません。新しい山は場札を丸ごと取って作ります。
saizumi-rule-half = 面はaかbです。
saizumi-rule-halves = a/bをちょうど{ $count }文字で指定してください。

## 記録
saizumi-log-revealed = 🃏 { $player }さんが{ $cards }を公開しました。
saizumi-log-placed = { $player }さんが{ $card }を場札{ $slot }に置きました。
saizumi-log-rolled = 🎲 崩壊チェック{ $check }：{ $dice }
saizumi-log-used = { $player }さんが{ $card } { $effect }を使いました（−{ $discarded }枚）：{ $before } → { $after }
saizumi-log-collapsed = 💥 { $player }さんの山{ $pile }が崩壊しました：{ $cards }
saizumi-log-nothing-fell = 何も崩壊しませんでした。
saizumi-log-took = { $player }さんが場札{ $slot }から{ $card }を山{ $pile }に積みました。
saizumi-log-claimed = { $player }さんが場札{ $slot }を丸ごと山{ $pile }にしました：{ $cards }
saizumi-log-game-end = 🏁 9枚目の来訪カードの崩壊チェックが終わり、ゲームが終了しました。

## ボタン
saizumi-act-place = { $card } → 場札{ $slot }
saizumi-act-use = 使う #{ $pile }·{ $pos } { $card } { $effect }
saizumi-act-done = 終了
saizumi-act-take = { $card } → 山{ $pile }
saizumi-act-claim = 場札{ $slot }を丸ごと（{ $halves }）
saizumi-act-resign = 投了
saizumi-back = 戻る
saizumi-pick = 選んでください…
saizumi-details = 詳細
saizumi-brief = 簡略表示
saizumi-step-slot = 場札{ $slot } · { $top }（{ $count }枚）
saizumi-step-pile = 山{ $pile }
saizumi-step-face = { $face }の目を振り直す
saizumi-step-take = { $card }を山{ $pile }に積む
saizumi-step-claim = 場札{ $slot }（{ $count }枚）を新しい山にする
saizumi-step-rest = 残りすべて{ $half }面

## 盤面
saizumi-title-turn = 賽積 { $turn }手目 · { $player }
saizumi-title-over = 賽積 · 終了
saizumi-view-placing = { $player }：配置 { $stones }
saizumi-view-check = 🎲 崩壊チェック{ $check }/9：{ $dice }
saizumi-view-risk-none = この出目では崩壊なし
saizumi-view-risk = ⚠️ 誰も使わなければ💥が崩壊
saizumi-view-stacking = { $player }：積むか取る
saizumi-view-counts = 山札{ $deck } · 🚶 { $seen }/{ $visitors } · 残り{ $pending }
saizumi-view-revealed = 公開：{ $revealed }
saizumi-view-market = **場札**（下 → 上。両面 a ┃ b）
saizumi-view-player = { $player } — { $total }点
saizumi-view-to-act = ▶
saizumi-view-resigned = 投了
saizumi-view-later = ⏳
saizumi-view-player-falls = 💥→{ $score }点
saizumi-view-no-piles = 山はありません。
saizumi-view-pile = **山{ $pile }** ×{ $height }：基礎点{ $pips }×{ $mult }×{ $factor }=**{ $score }**
saizumi-view-pile-brief = 山{ $pile }（{ $score }点）{ $cards }
saizumi-view-log = 記録
saizumi-legend-row = [列] 中心の目×倍率
saizumi-legend-reroll = 🔄 全振換
saizumi-legend-reroll-n = 🔄N Nを振直し
saizumi-legend-set = =N 全てNに
saizumi-legend-visitor = 🚶 来訪者
saizumi-legend-falls = 💥 崩壊（→残る点）
saizumi-legend-to-act = ▶ 操作中
saizumi-legend-later = ⏳ 後で発動
saizumi-legend-details = 🔎 詳細
saizumi-legend-pile = 山 = 目×倍率×(段数−2)
saizumi-preview-stone = { $card }を配置：場所を選んでください。
saizumi-preview-slot = ▶ 場札{ $slot }
saizumi-preview-take = 山{ $pile }に積む：面を選択
saizumi-preview-claim = 場札{ $slot }：{ $chosen } · 次 { $card }（{ $at }/{ $count }）

## 盤面の絵（代替テキスト）
saizumi-alt-title = 賽積の場：サイコロ、市場の9つの置き場（札は下から、半面aとb）、各プレイヤーの山（札は下から、有効な半面）。
saizumi-alt-dice = サイコロ：{ $dice }。
saizumi-alt-market = 市場：{ $slots }。
saizumi-alt-seat = { $player }（{ $look }）、{ $score }点、山：{ $piles }。

## コマンド
saizumi-name = 賽積
saizumi-command = 賽積：石を積み、来訪の崩壊チェックをしのいで高い山を築こう
saizumi-rules = **賽積** — ルール要約
    • 手番では山札から3枚公開します。**石カード**は場札1〜9のどこかに配置し、**来訪カード**🚶1枚ごとに崩壊チェックを1回行います。
    • 崩壊チェックではサイコロを4つ振ります。手番プレイヤーの次の人から順に（手番プレイヤーは最後）、山を持つ人は自分の山のカードとその上のカードを捨てて**効果**を使えます（🔄 全振換、🔄N Nの目を振り直し、🔄? 好きな目を指定、=N 全ダイスをNに）。終わったら**終了**。
    • その後、各山で出目に列が含まれる一番下のカードが、その上のカードごと崩壊します。[4][4]には4が2つ必要です。
    • 最後に、場札1つの一番上の石カードを自分の山に**積む**か、場札を丸ごと**取って**新しい山にします。カードごとに使う面（aかb）を選びます。
    • 9枚目の来訪カードの崩壊チェックが終わるとゲーム終了。山の点数は、一番上のカードの中心の目と同じ目の数（全カードの列）×倍率×（段数−2）。1段はマイナス、2段は0点。合計の高い人の勝ち。
    • カード一覧は再構成です（シートの図版は失われています）。

# Board picture panel
saizumi-picture-score = { $score } 点
saizumi-alt-draft-slot = 選択中：場札{ $slot }（枠）{ $pile ->
    [0] {""}
   *[other] 、山{ $pile }へ
}。
saizumi-alt-draft-pile = 選択中：山{ $pile }のカード（枠）。

## スラッシュコマンドの開始オプション名（小文字・数字・-・_ のみ）
option-saizumi-cards-name = 石カード

## コーチ（💡 ヒント）：プレイアウトによる選択と、その確かさ。
saizumi-hint-best = 💡 **{ $action }**：ここから「ふつう」のボットで{ $playouts }回最後まで打つと、勝率は{ $chance }%（95%の確かさで±{ $margin }ポイント）です。次に良い**{ $other }**は{ $other_chance }%です。
saizumi-hint-only = 💡 **{ $action }**：いまできるのはこれだけです。
