# デイリー・キャントストップ
daily-share = キャントストップ デイリー #{ $day } · { $turns }ターン（パー { $par }） · { $marks }
daily-bad-log = このデイリーの記録は再生できません。
daily-cli-about = キャントストップのデイリーを練習します（公開の練習用ダイスで、サーバーのものではありません。何も保存しません）
daily-cli-date = 練習する日（UTC）。省略すると今日
daily-cli-players = プレイヤー1人：名前、または bot:easy|normal|strong
daily-cli-bad-date = `{ $date }` は日付ではありません。YYYY-MM-DD の形で書いてください。
daily-cli-too-early = デイリーは 2026-11-01（#1）から始まります。{ $date } はそれより前です。
daily-cli-one-player = デイリーは1人で遊びます。プレイヤーを1人だけ指定してください。
daily-cli-header = キャントストップ デイリー #{ $day }（練習：公開ダイスで、サーバーのものではありません）
