# ぶた（テスト用のゲーム）
pig-name = ぶた
pig-command = ぶた：好きなだけ振れるが、1が出たらその番の点は消える
pig-rules = **ぶた** — ルール要約
    • サイコロを好きなだけ振り、出目をその番の合計に足します。
    • 1が出るとその番の合計は消え、番が終わります。**ホールド**で合計を得点にします。
    • 最初に目標点に達した人の勝ちです。
option-pig-target = 勝ちになる点数（既定 30）
pig-not-playing = あなたはこのゲームに参加していません。
pig-hold-nothing = ホールドの前に一度は振ってください。
pig-roll = 振る
pig-hold = ホールド（{ $total }）
pig-resign = 投了
pig-title-turn = ぶた · { $player }
pig-legend-unscored = ⬛ まだの点
pig-footer = 先に{ $target }点で勝ち。
pig-seat = { $player }：{ $score }
pig-seat-active = ▶ { $player }：{ $score }（この番 +{ $total }）
pig-seat-resigned = { $player }：投了
pig-log-start = 🎲 サイコロで{ $player }さんが先手に。
pig-log-roll = 🎲 { $player }さんが{ $die }を出しました。
pig-log-bust = 💥 { $player }さんが1を出し、この番の点を失いました。
pig-log-hold = ✋ { $player }さんが{ $total }点をホールド：合計{ $score }点。
pig-log-resign = 🏳️ { $player }さんが投了しました。
pig-alt = ぶた、目標{ $target }点：{ $seats }。
pig-alt-seat = { $player }（{ $look }）{ $score }点

## スラッシュコマンドの開始オプション名（小文字・数字・-・_ のみ）
option-pig-target-name = 勝ちの点数
