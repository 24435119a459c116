# ゲームごとのスレッド（`/saikoro-settings threads:`、`/<game> start thread:`）
option-thread = このゲームを専用のスレッドで遊ぶ（既定はサーバーの設定）
option-threads = ゲームが始まったら専用のスレッドに移すかどうか
settings-threads-on = スレッド：ボットが作れるときは、ゲームごとに専用のスレッドで遊ぶ
settings-threads-off = スレッド：使わない（ゲームはチャンネルで遊ぶ）
thread-name = { $game } — { $host }の対局
thread-line-title = { $game } — { $host }の対局
thread-line-playing = 🧵 { $thread } で対局中
thread-line-finished = 🧵 { $thread } · { $result }
thread-line-abandoned = 🧵 { $thread } · この対局は中止されました。
thread-line-deleted = 🧵 対局のスレッドが削除されたため、対局は中止になりました。
thread-no-permission = このチャンネルではスレッドを作る権限（公開スレッドの作成）がないため、この対局はこのチャンネルで行います。サーバーの管理者が権限を与えるか、/saikoro-settings でスレッドをオフにできます。
# 開始前に終わったロビー。中断した開始が残したスレッドで伝えます。
thread-lobby-ended = 🧵 { $why } このスレッドで対局は行われません。
