# 賢者の石 — ゲームが表示するすべての文言。ルール: shared/rules/wise-mans-stones.md
option-stones-dice = 神の微笑み：ダイスの目の数だけ石を配置します
option-stones-dice_shortfall = ダイスの目どおり置けないとき：負け(lose)か、置ける最長の配置(max_possible)か

## Buttons
stones-action-place = { $chain }（+{ $points }）
stones-action-take = { $cell }を獲得
stones-action-end = 手番終了
stones-action-end-remove = イニシャル石を取り除いて手番終了
stones-action-end-warn = 手番終了 ⚠️ 次の手番で置けません
stones-action-end-remove-warn = イニシャル石を取り除いて手番終了 ⚠️ 次の手番で置けません
stones-action-resign = 投了
stones-origin = { $cell }から配置
stones-pick-origin = 配置の起点にする石を選んでください
stones-back = 戻る

## Log
stones-log-placed = { $player }さんが{ $chain }と配置しました（{ $cells }）。
stones-log-took = ✋ { $player }さんが{ $cell }の石を獲得しました（+1）。
stones-log-captured = 💥 { $player }さんが{ $cells }を獲得しました（+{ $points }）。
stones-log-removed-initial = { $player }さんがイニシャル石を取り除きました。
stones-log-play-over = { $player }さんは持ち石がなくプレーオーバーのため、手番を譲りました。
stones-log-rolled = 🎲 { $player }さんがダイスで{ $roll }を出しました：{ $required }個配置します。
stones-log-no-chain = { $player }さんは合法手がなく、負けになりました。

## Rule errors
stones-rule-no-stones = 石を1個以上配置してください（例: `place a1 EN`）。
stones-rule-too-long = 1手で配置できる石は{ $max }個までです。
stones-rule-hand = 持ち石は{ $hand }個しかありません。
stones-rule-dice = ダイスの目（{ $roll }）により、ちょうど{ $required }個配置してください。
stones-rule-dice-longest = ダイスの目（{ $roll }）により、置ける最長の{ $required }個で配置してください。
stones-rule-not-your-stone = 配置は自分の石から始めます。{ $cell }は自分の石ではありません。
stones-rule-from-initial = イニシャル石がある間は、必ずイニシャル石（{ $cell }）から配置します。
stones-rule-off-board = { $step }個目：{ $from }から{ $dir }方向はボードの外に出ます。
stones-rule-blank = { $step }個目：{ $cell }は中央のブランクスペースです。
stones-rule-own-stone = { $step }個目：{ $cell }の自分の石が邪魔で置けません。
stones-rule-home-corner = { $step }個目：{ $cell }はイニシャル石を取り除いた自陣コーナーなので置けません。
stones-rule-backward = { $step }個目：バックはできません。
stones-rule-not-in-line = { $step }個目：{ $cell }は{ $from }と縦横の一直線上にありません。
stones-rule-wrong-landing = { $step }個目：その方向だと{ $cell }ではなく{ $landing }に置かれます。
stones-rule-placed-already = この手番はすでに配置しました。
stones-rule-not-neutral = 取り除けるのは自陣敵陣以外のコーナー（a7・g1）の石だけです。{ $cell }は違います。
stones-rule-corner-empty = { $cell }に石はありません。
stones-rule-take-own = { $cell }の石は自分の石です。
stones-rule-place-first = 手番を終える前に石を配置してください。
stones-rule-initial-gone = イニシャル石はすでに取り除かれています。

## Board
stones-title-turn = 賢者の石 · { $player }（{ $order ->
    [1] 先手
   *[other] 後手
}）
stones-title-over = 賢者の石 · 終了
stones-legend-empty = ⬜ 空き
stones-legend-blank = ⬛ 盤外
stones-legend-jewel = 💰 宝石
stones-legend-initial = { $marks } イニシャル石
stones-legend-corner = 🔲 コーナー
stones-legend-closed = 🔳 置けない自陣
stones-legend-captured = 💥 手番終了時に獲得
stones-legend-draft = ⭕ 配置中
stones-legend-score = 🏅 得点
stones-legend-hand = ✋ 持ち石
stones-view-dice = 🎲 出目{ $roll }：{ $required }個配置
stones-view-dice-or-take = 🎲 出目{ $roll }：{ $required }個配置
    （コーナーを先に取れば{ $after }個）
stones-view-end-phase = { $player }：コーナーか終了
stones-view-end-phase-no-take = { $player }：手番を終了
stones-view-warn-end = ⚠️ このまま終えると、盤面が
    変わらない限り次の手番で負け
stones-view-warn-keep = ⚠️ イニシャル石を残すと、盤面が
    変わらない限り次の手番で負け
stones-view-warn-remove = ⚠️ イニシャル石を取ると、盤面が
    変わらない限り次の手番で負け
stones-view-warn-sweep = ⚠️ イニシャル石を取ると、相手の
    次の手番で置いた石をすべて
    取られる恐れ：石がなくなれば負け
stones-view-take-first = { $player }：まだ置けません。
    先にコーナーの石を獲得
stones-view-pick-origin = { $player }：起点の石を選択
stones-view-draft = { $count ->
    [0] { $chain }から：方向を選択
   *[other] 配置 { $chain } → { $cells }
}
stones-view-draft-captures = 獲得予定：{ $cells }（+{ $points }）
stones-view-final = 最終得点：先手 { $p1 } – 後手 { $p2 }
stones-view-final-tie = 最終：先手{ $p1 }–後手{ $p2 }・同点後手
stones-view-players = プレイヤー
stones-view-player = { $player } 🏅{ $score } ✋{ $hand } { $initial }
stones-view-player-active = ▶ { $player } 🏅{ $score } ✋{ $hand } { $initial }
stones-view-initial-on = 初期{ $cell }
stones-view-initial-off = 初期✕
stones-view-last = 前の手番
stones-view-turn = { $order ->
    [1] 先手
   *[other] 後手
} { $player }さん：{ $what }、+{ $points }
stones-view-turn-takes = { $cells }を獲得
stones-view-turn-chain = { $chain } → { $cells }
stones-view-turn-captured = { $cells }を獲得
stones-view-turn-removed = イニシャル石を取り除き

## 盤面の絵（代替テキスト）
stones-alt-title = 賢者の石の盤、7×7、下が1段目、中央の空白は暗色。
stones-alt-seat = { $player }（{ $look }）：{ $score }点、手持ち{ $hand }個、石は{ $cells }。
stones-alt-jewels = 宝石は{ $cells }。
stones-alt-chain = 最新の連鎖（黄色の線）：{ $player } { $path }。
stones-alt-captured = 取られる石（×印）：{ $cells }。

## Commands
stones-name = 賢者の石
stones-command = 賢者の石：石を連ねて配置し、宝石と敵石を飛び越えて獲得する2人用ゲーム
stones-rules = **賢者の石** — ルール要約
    • 先手はホスト（最初の席）です。7×7マスのボード、中央3×3はブランクスペース。宝石💰（1個2点）12個をダイヤモンド状に配置。各自のイニシャル石を自陣コーナー（先手🔴 a1 ⏺️、後手🟦 g7 ⏹️）に置き、持ち石は30個。（初期配置は再構成です）
    • 手番では持ち石を1～6個、縦横に連ねて配置します。イニシャル石がある間は必ずイニシャル石から、取り除いた後は自分のどの石からでも始められます。直進か、置いた石で左右に曲がれます。バック・斜めは不可。
    • 延長線上の宝石・敵石は**飛び越えて**最初の空きマスに置き、飛び越えた宝石（2点）・敵石（1点）は手番終了時に獲得します。自分の石・ボードの外・ブランクスペースは越えられません。
    • 自陣敵陣以外のコーナー🔲（a7・g1）にある敵の石は、自分の手番にいつでも獲得できます（1点）。
    • 手番終了時にイニシャル石を取り除けます。以後その自陣コーナーには置けません。
    • 持ち石を使いきった人はプレーオーバー、相手は持ち石がなくなるまで続けます。両者置ききったら得点の多い方の勝ち、**同点は後手の勝ち**。パスはできず、合法手がなければ負けです。
    • 特別ルール「神の微笑み」：ダイスの目の数だけ石を配置します。
    ボタン：起点を選び、矢印で1個ずつ配置（獲得予定が表示されます）、**配置**、そして**手番終了**。
option-stones-dice_shortfall-lose = 負けになる
option-stones-dice_shortfall-max_possible = 置ける最長の石列を置く

# Board picture panel
stones-picture-figure = { $score }点・手持ち{ $hand }
stones-picture-dice = ダイス { $roll }：{ $required } 個置く
stones-alt-draft = 選択中の連鎖（着地点を丸で囲む）：{ $path }。
stones-alt-draft-captures = 取れる石（×印）：{ $cells }。

## スラッシュコマンドの開始オプション名（小文字・数字・-・_ のみ）
option-stones-dice-name = 神の微笑み
option-stones-dice_shortfall-name = 置けないとき

## コーチ（💡 ヒント）：プレイアウトによる選択と、その確かさ。
stones-hint-best = 💡 **{ $action }**：ここから「ふつう」のボットで{ $playouts }回最後まで打つと、勝率は{ $chance }%（95%の確かさで±{ $margin }ポイント）です。次に良い**{ $other }**は{ $other_chance }%です。
stones-hint-only = 💡 **{ $action }**：いまできるのはこれだけです。
