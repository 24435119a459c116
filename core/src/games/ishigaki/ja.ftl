# いしがき・れえす — 用語はルールシート（shared/seeds/ishigaki-race.ja.txt）に合わせる：忍者、石垣、ごおる、すたあと、マス、段、ゾロ目、番兵。
option-ishigaki-crumbling = くずれそうな石垣：「−2」マスで止まった忍者はさらに2マス落ちる

## 設定の誤り
ishigaki-setup-players = いしがき・れえすは{ $min }〜{ $max }人で遊びます。
ishigaki-setup-goal = ごおるは1マス目以上にしてください。
ishigaki-setup-minus-two-range = 「−2」マス{ $square }は、すたあととごおる（{ $goal }マス目）の間に置いてください。
ishigaki-setup-minus-two-twice = 「−2」マス{ $square }が2回指定されています。
ishigaki-setup-minus-two-close = 「−2」マス{ $low }と{ $high }は3マス以上離してください。

## お断り
ishigaki-game-over = ゲームは終了しました — { $player }さんの勝ちです。
ishigaki-turn-over = その手番はもう終わっています。
ishigaki-not-your-roll = サイコロ勝負で振るのは{ $player }さんです。
ishigaki-roll-first = まず1個めのサイコロを振ってください。
ishigaki-choose = 出目は{ $die }です。「止める」か「2個めを振る」を選んでください。

## ボタン
ishigaki-roll = 振る
ishigaki-stop = 止める
ishigaki-stop-climb = 止める（{ $climb }段登る）
ishigaki-stop-value = 止める（出目{ $value }）
ishigaki-die2 = 2個めを振る
ishigaki-resign = 投了

## 記録
ishigaki-log-start = 🎲 サイコロで{ $player }さんがスタートプレイヤーに決まりました。
ishigaki-log-die1 = 🎲 { $player }さんの1個め：{ $die }
ishigaki-log-stop = ✋ { $player }さんは止めて{ $climb }段登りました。
ishigaki-log-higher = 🎲 { $player }さんの2個め：{ $die }、合計{ $sum } — { $climb }段登りました。
ishigaki-log-slip = 🎲 { $player }さんの2個め：{ $die }、小さいのでずり落ちました！
ishigaki-log-doubles = 🎲 { $player }さんの2個め：{ $die }、ゾロ目 — 番兵が一番高い忍者を見つけました！
ishigaki-log-move = { $player }：{ $from ->
    [0] すたあと
   *[other] { $from }
} → { $to ->
    [0] すたあと
   *[other] { $to }
}
ishigaki-log-fall = { $player }さんが落ちました：{ $from ->
    [0] すたあと
   *[other] { $from }
} → { $to ->
    [0] すたあと
   *[other] { $to }
}
ishigaki-log-crumble = 🧱 { $player }さんの足元の石垣が崩れました：{ $from ->
    [0] すたあと
   *[other] { $from }
} → { $to ->
    [0] すたあと
   *[other] { $to }
}
ishigaki-log-nobody-falls = 全員すたあとにいたので、誰も落ちませんでした。
ishigaki-log-arrival = 🏯 { $player }さんがごおるに到着しました（{ $arrival }着）！
ishigaki-log-final-round = 最終ラウンドになりました。ほかの全員が最後の手番を1回ずつ行います（{ $player }さんから）。
ishigaki-log-race-resumes = ごおるに誰もいなくなったので、レースが再開しました。
ishigaki-log-rolloff = ⚔️ ごおるの忍者同士でサイコロ勝負になりました。到着の遅い順に振ります（まず{ $player }さん）。
ishigaki-log-value-stop = ✋ { $player }さんは止めました：出目{ $value }。
ishigaki-log-value-higher = 🎲 { $player }さんの2個め：{ $die }、大きい — 出目{ $value }。
ishigaki-log-value-lower = 🎲 { $player }さんの2個め：{ $die }、小さい — 出目{ $value }。
ishigaki-log-value-doubles = 🎲 { $player }さんの2個め：{ $die }、ゾロ目 — 出目{ $value }。
ishigaki-log-rolloff-won = { $player }さんが最高の{ $value }でした。
ishigaki-log-rolloff-tie = { $value }で同点になり、振り直しました。
ishigaki-log-rolloff-out = { $player }さんは勝負から脱落しました。

## 盤面
ishigaki-title-turn = いしがき・れえす · { $player }
ishigaki-title-final = いしがき最終回 · { $player }
ishigaki-title-rolloff = いしがき勝負 · { $player }
ishigaki-title-over = { $player }さんの勝ち
ishigaki-players = 忍者
ishigaki-seat-square = { $player } — { $square ->
    [0] すたあと
   *[other] { $square }マス目
}
ishigaki-seat-goal = { $player } — 🏯 { $arrival }着
ishigaki-seat-resigned = { $player } — 投了
ishigaki-phase = 状況
ishigaki-phase-race = レース中：{ $goal }マス目で最終回
ishigaki-phase-final = 最終ラウンド。残り：
    { $players }
ishigaki-phase-rolloff = サイコロ勝負 第{ $round }回
ishigaki-rolloff-value = { $player } — 出目{ $value }
ishigaki-rolloff-due = { $player } — 振る番
ishigaki-rolloff-waiting = { $player } — 待ち
ishigaki-rolloff-out = { $player } — 脱落（{ $value }）
ishigaki-phase-over = { $player }さんの勝ち。
ishigaki-start = すたあと
ishigaki-goal-group = ごおる（到着順）
ishigaki-decision = { $player }さんの出目：{ $die }
ishigaki-odds-stop = 止める：{ $climb }段登る → { $dest }
ishigaki-odds-die2 = 2個め：登る{ $climb }/6 · 落ち{ $slip }/6
ishigaki-odds-climb = { $face } { $climb }段登る → { $dest }
ishigaki-odds-slip = { $face } ずり落ち → { $dest }
ishigaki-odds-doubles = { $face } ゾロ目：{ $falls }
ishigaki-odds-nobody = { $face } ゾロ目：誰も落ちない
ishigaki-odds-value-stop = 止める：出目{ $value }
ishigaki-odds-value-die2 = 2個め：大{ $higher }/6 · 小{ $lower }/6
ishigaki-odds-value-higher = { $face } 大きい：出目{ $value }
ishigaki-odds-value-lower = { $face } 小さい：出目0
ishigaki-odds-value-doubles = { $face } ゾロ目：出目{ $value }
ishigaki-log = 最近の手番
ishigaki-legend-goal = 🏯 ごおる：{ $goal }
ishigaki-legend-start = 🏁 すたあと
ishigaki-legend-wall = 🧱 石垣
ishigaki-legend-empty = ⋮ 空きマス
ishigaki-legend-turn = ▶ 手番
ishigaki-legend-crumbling = くずれ石垣：{ $crumbling ->
    [on] あり（⚠️＝−2）
   *[off] なし
}

## 盤面の絵（代替テキスト）
ishigaki-alt-title = 石垣の絵：すたあと（0マス目）からごおる（{ $goal }マス目）まで。
ishigaki-alt-seat = { $player }（{ $look }）：{ $place }。
ishigaki-alt-square = { $square }マス目
ishigaki-alt-at-goal = ごおるに到着
ishigaki-alt-resigned = 投了
ishigaki-alt-move = 前の手番：{ $player } { $from } → { $to }。

## コマンド
ishigaki-name = いしがき・れえす
ishigaki-command = いしがき・れえす：忍者が城の石垣を登る競争。安全に止めるか、2個めのサイコロに賭けるか
ishigaki-rules = **いしがき・れえす** — ルール要約
    • 手番では**振る**で1個めのサイコロを振り、どうするか選びます：
    • **止める**：1個めの出目で登ります。1〜3 → 1段、4〜6 → 2段。
    • **2個めを振る**：1個めより大きければ合計で登ります（3 → 1段 … 11 → 6段）。小さければ1マスずり落ち、同じ目（ゾロ目）なら、ごおるにいない一番高い忍者が3マス落ちます。
    • くずれそうな石垣ありのときは、「−2」マスで止まるとさらに2マス落ちます。
    • 誰かがごおるに着いたら、ほかの全員が最後の手番を1回ずつ行います。ごおるに複数の忍者がいればサイコロ勝負：出目が一番高い人の勝ち。
option-ishigaki-goal = 城壁の頂上：登るマスの数（標準 20）
option-ishigaki-minus_two = 崩れる石垣の −2 マス（例：5,9,13,17）
ishigaki-hint-roll = 💡 振る：手番はまず1個めのサイコロを振るところから始まります。
ishigaki-hint-stop = 💡 止める：勝つ確率は{ $chance }%。2個めを振ると{ $other }%です。
ishigaki-hint-die2 = 💡 2個めを振る：勝つ確率は{ $chance }%。止めると{ $other }%です。
ishigaki-hint-stop-plain = 💡 止める：つよいボットは2個めの危険を冒さず、この値を取ります。
ishigaki-hint-die2-plain = 💡 2個めを振る：つよいボットは止めるより良くなると見ています。

# Board picture panel
ishigaki-picture-square = { $square }マス目
ishigaki-picture-goal = ごおる（{ $arrival }着）

## スラッシュコマンドの開始オプション名（小文字・数字・-・_ のみ）
option-ishigaki-crumbling-name = くずれる石垣
option-ishigaki-goal-name = ごおるの高さ
option-ishigaki-minus_two-name = マイナス2マス
