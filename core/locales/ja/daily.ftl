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
# Discord のデイリー（/cantstop daily）
command-daily = 今日のキャントストップ デイリー：全員が同じダイス、1日1回
daily-not-yet = デイリーは 2026-11-01（#1）から始まります。
daily-starting = あなたのデイリーはすでに開始中です。少し待ってからもう一度どうぞ。
daily-started = キャントストップ デイリー #{ $day } の盤面です。あなたにだけ見えるので、今日のダイスを先に知る人はいません。ボタンを押せるのはあなただけです。途中でやめたら `/cantstop daily` で続きから遊べます。
daily-lost = 今日のデイリーは結果なしで終わりました。
daily-elsewhere = あなたのデイリーはこのボットの別の部分で進行中です。始めた場所で `/cantstop daily` を使ってください。
daily-no-resign = デイリーは1日1回の挑戦です。投了はできません。最後まで遊んでください。
daily-no-hint = コーチはパーを出すつよいボットなので、デイリーにはヒントがありません。
daily-share-not-yours = この結果を共有できるのは本人だけです。
daily-share-none = 共有できる終わったデイリーがありません。
daily-shared = チャンネルに共有しました。
daily-share-button = 共有
daily-title = キャントストップ デイリー #{ $day } · { $player }
daily-result = { $turns }ターン、バースト{ $busts }回（パー { $par }）
daily-streak = 連続：{ $streak }日（最高 { $best }日）
daily-played = キャントストップ デイリー #{ $day } はプレイ済みです（1日1回）。
daily-board-here = このサーバー：
daily-board-everywhere = すべてのサーバー：
daily-board-line = { $rank }. { $name } — { $turns }ターン、バースト{ $busts }回
# デイリーの非公開の盤面（/cantstop daily）
daily-resumed = キャントストップ デイリー #{ $day } を中断したところから続けます。最新の盤面はここで、あなたにだけ見えます。古い盤面はもう使えません。
daily-stale = このデイリーの盤面は古くなっています（新しい盤面に替わったか、ボットが更新できませんでした）。`/cantstop daily` でゲームを中断したところから呼び戻してください。
