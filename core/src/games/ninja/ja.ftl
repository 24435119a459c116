# Ninja Versus Ninja — 用語はルールシート（shared/seeds/ninja-versus-ninja.ja.txt）に合わせる：ニンジャ、道場、ミッション、リバース、シャドウトラック、中立ゾーン。
option-ninja-width = 盤の横幅（列 a, b, c…の数）
option-ninja-dojo_depth = 各道場の行数
option-ninja-neutral_depth = 道場の間の中立ゾーンの行数
option-ninja-black_start = 黒ニンジャの初期配置（例：b1 c1 d1 e1 a2 f2）
option-ninja-red_start = 赤ニンジャの初期配置（空欄なら黒の配置を反転）
option-ninja-points_by_depth = 相手の道場に侵入した深さごとのポイント（例：1,2,3,4）

## セットアップ
ninja-setup-points = 道場の行ごとに1つずつ、{ $rows }個のポイントを指定してください（{ $given }個ではなく）。
ninja-setup-not-a-square = { $side ->
    [black] 黒
   *[red] 赤
}の初期配置`{ $square }`はこの盤のマスではありません。
ninja-setup-outside-dojo = { $side ->
    [black] 黒
   *[red] 赤
}の初期配置{ $square }は{ $side ->
    [black] 黒
   *[red] 赤
}の道場の外です。
ninja-setup-twice = { $side ->
    [black] 黒
   *[red] 赤
}の初期配置{ $square }が2回指定されています。
ninja-setup-no-ninjas = { $side ->
    [black] 黒
   *[red] 赤
}の初期配置を1マス以上指定してください。

## 陣営とボタン
ninja-roll = 振る
ninja-resign = 投了
ninja-back = 戻る
ninja-choose = 選んでください…
ninja-pick = ニンジャ { $square }（{ $options }）
ninja-effect-reversal = リバース
ninja-effect-kills = { $enemy ->
    [black] 🔴
   *[red] 🟦
}を倒す
ninja-effect-mission = ミッション開始
ninja-effect-home = 帰還 +{ $points }

## 記録
ninja-log-opening = 🎲 先手決め：{ $black }さん { $b1 }+{ $b2 }、{ $red }さん { $r1 }+{ $r2 }
ninja-log-opening-tie = 同点のため振り直しました。
ninja-log-first = { $player }さんが先手になりました。
ninja-log-rolled = 🎲 { $player }：{ $d1 }+{ $d2 } = { $total }
ninja-log-moved = { $player }：{ $from }→{ $to }に移動
ninja-log-kill = ⚔️ { $player }さんが{ $square }の{ $victim }さんのニンジャを倒しました。
ninja-log-mission = 🚪 { $player }さんが{ $square }からミッションを開始しました。
ninja-log-home = 🏠 { $player }さんのニンジャがシャドウ{ $shadow }で帰還しました：+{ $points }（合計{ $score }）。
ninja-log-pass = ⏭️ { $player }さんは{ $total }で動けるニンジャがなく、パスしました。
ninja-log-expired = ⌛ { $player }さんの{ $square }のニンジャは時間内に帰還できず、取り除かれました。
ninja-log-win-points = 🏆 { $player }さんが{ $score }ポイントに達して勝利しました！
ninja-log-win-wipeout = 🏆 { $loser }さんのニンジャが全滅し、{ $player }さんが勝利しました！

## ルール違反
ninja-rule-roll-first = 先にダイスを振ってください。
ninja-rule-rolled = 出目は{ $steps }です。移動を選んでください。
ninja-rule-no-option = 選択肢{ $label }はありません（A～{ $last }）。
ninja-rule-not-a-square = { $square }は盤上のマスではありません。
ninja-rule-no-ninja = { $square }に自分のニンジャはいません。
ninja-rule-own-destination = { $square }には自分のニンジャがいます。
ninja-rule-not-exactly = { $square }はちょうど{ $steps }マス先ではありません。
ninja-rule-one-mission = ミッションを遂行できるのは1体だけです（{ $square }が遂行中）。
ninja-rule-reversed = このミッションではもうリバース移動をしました。
ninja-rule-reversal-zone = リバース移動は相手の道場内だけです（{ $square }で反転することになります）。
ninja-rule-blocked = { $squares }で移動経路がふさがれています。

## 盤面
ninja-title-turn = 忍者対忍者 · { $player }
ninja-title-over = 忍者対忍者 · 終了
ninja-row-red = { $owner } { $emoji }{ $depth }
ninja-row-black = { $owner } { $emoji }{ $depth }
ninja-row-neutral = 中立
ninja-view-press-roll = { $player }：「振る」を押す
ninja-view-pick-ninja = 🎲 { $d1 }+{ $d2 } = { $total }：ニンジャ選択({ $options })
ninja-view-pick-destination = 🎲 { $d1 }+{ $d2 } = { $total }：{ $picked } { $square }の移動先
ninja-view-player = { $marker }{ $player }
ninja-view-score = 得点 { $score }/{ $target } · ニンジャ { $ninjas }体
ninja-view-mission = { $emoji } { $square }：ミッション{ $turn }/{ $turns }ターン目
ninja-view-shadow = シャドウ{ $shadow }（+{ $points }）· リバース{ $reversal ->
    [used] 済
   *[available] 可
}
ninja-view-log = 記録
ninja-legend-ninjas = { $black } { $red } ニンジャ
ninja-legend-mission = { $missions } 任務中
ninja-legend-dojo = ⬛ 道場
ninja-legend-neutral = ⬜ 中立
ninja-legend-depth = { $black }2 深さ2
ninja-legend-shadow = シャドウ：最深段、帰還で得点
ninja-legend-end = 🇦 移動先
ninja-legend-several = ➕ 複数
ninja-legend-picked = { $picked } 選択中

## 盤面の絵（代替テキスト）
ninja-alt-title = 忍者対忍者の盤、{ $rows }段：下が黒の道場、上が赤の道場、その間が中立ゾーン。
ninja-alt-look-black = 黒、朱色の丸（🔴）
ninja-alt-look-red = 赤、青い四角（🟦）
ninja-alt-side = { $player }（{ $look }）、得点{ $score }：忍者は{ $squares }。
ninja-alt-mission = 任務中（金の輪）：{ $square }。
ninja-alt-last = 直前の手（黄色い道）：{ $player } { $path }。
ninja-alt-last-kill = 直前の手（黄色い道）：{ $player } { $path }、そこにいた忍者を倒した。

## コマンド
ninja-name = 忍者対忍者
ninja-command = Ninja Versus Ninja：相手の道場に侵入して生きて帰ろう。7ポイントで勝利
ninja-rules = **Ninja Versus Ninja** — ルール要約
    • 黒🔴（ホスト）と赤🟦はそれぞれ自分の道場に6体のニンジャを持ちます。道場の間は中立ゾーンです。
    • 手番では**振る**（4面ダイス2個）を押し、ニンジャと移動先を選びます。出目の合計とちょうど同じマス数を、直線かL字（90度の曲がり1回）で移動します。他のニンジャを飛び越すことも、自分のニンジャのいるマスで止まることもできません。
    • 相手のニンジャがいるマスで止まると、そのニンジャを倒します。
    • 道場を離れたニンジャは**ミッション**中です。ミッションの第3ターン終了時までに自分の道場に戻らないと取り除かれます。ミッションは一度に1体だけです。
    • 相手の道場内では、1回のミッションにつき1回だけ**リバース**移動（前進して同じ経路を戻る。前後に1回曲がってもよい）ができます。
    • 帰還すると、侵入した一番深い列（シャドウトラック）に応じて1～4ポイントを獲得します。
    • 7ポイントを獲得するか、相手のニンジャを全滅させれば勝利です。動けないときはパスしますが、ミッションのターンは進みます。

# Board picture panel
ninja-picture-score = 得点 { $score }/{ $target }
ninja-picture-mission = ミッション { $turn }/{ $turns }・シャドウ { $shadow }
ninja-alt-draft = 選択中：{ $square }の忍者の移動先。ボタンと同じ文字で示した移動先：{ $options }。

## スラッシュコマンドの開始オプション名（小文字・数字・-・_ のみ）
option-ninja-width-name = 盤の横幅
option-ninja-dojo_depth-name = 道場の行数
option-ninja-neutral_depth-name = 中立ゾーンの行数
option-ninja-black_start-name = 黒の初期配置
option-ninja-red_start-name = 赤の初期配置
option-ninja-points_by_depth-name = 深さごとのポイント

## コーチ（💡 ヒント）：プレイアウトによる選択と、その確かさ。
ninja-hint-best = 💡 **{ $action }**：ここから「ふつう」のボットで{ $playouts }回最後まで打つと、勝率は{ $chance }%（95%の確かさで±{ $margin }ポイント）です。次に良い**{ $other }**は{ $other_chance }%です。
ninja-hint-only = 💡 **{ $action }**：いまできるのはこれだけです。
