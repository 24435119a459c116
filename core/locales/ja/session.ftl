# ロビー、盤面、各ゲーム共通のお断り。
turn-ping = { $players } あなたの手番です！
cannot-post = このチャンネルに投稿できません。ここで「チャンネルを見る」「メッセージを送信」（スレッドでは「スレッドでメッセージを送信」も）「埋め込みリンク」の権限をください。
store-failed = すみません、保存できなかったので何も変わっていません。少し待ってからもう一度お試しください。
click-unknown = このボタンはこのボットのものではないか、壊れています。何も変わっていません。
click-game-gone = このゲームは終了したか、もう存在しません。何も変わっていません。
click-lobby-not-started = このゲームはまだ始まっていません。
click-stale = この盤面は古いため、何も変わっていません。最新の盤面はこちら：{ $link }
click-stale-nolink = この盤面は古いため、何も変わっていません。
channel-busy = このチャンネルではすでに{ $game }が進行中です：{ $link } — 先に終えるか中止するか、スレッドで始めてください。
channel-busy-nolink = このチャンネルではすでに{ $game }が進行中です。先に終えるか中止するか、スレッドで始めてください。
channel-busy-race = たった今、ほかの人がこのチャンネルでゲームを開きました。
no-game-here = このチャンネルに{ $game }のゲームはありません。
game-abandoned = このゲームは{ $player }さんが中止しました。
abandoned = ゲームを中止しました。
abandon-refused = このゲームを中止できるのは、ホストか「サーバー管理」権限のあるメンバーだけです。
resigned = 投了しました。
resign-in-lobby = ゲームはまだ始まっていません。ロビーの「抜ける」を使ってください（ホストは「中止」）。
board-refused = 盤面を貼り直せるのは、参加者・ホスト・「サーバー管理」権限を持つメンバーだけです。
settings-bad-order = タイムアウトはリマインドより長くしてください（どちらかを0＝なしにしても構いません）。変更していません。
board-reposted = 最新の盤面はこちらに移りました：{ $link }
log-empty = まだ何も起きていません。
log-header = **{ $game } — 記録 { $page }/{ $pages }ページ**
lobby-opened = ロビーを開きました：{ $link }
lobby-bad-options = このオプションは使えません：{ $reason }
lobby-title = { $game } — ロビー
lobby-description = ホスト：{ $host }
    空き席：{ $left } · 開始には{ $min }人以上必要です。
    遊ぶには**参加**を押してください。
lobby-players = プレイヤー
lobby-options = オプション
lobby-solitaire = ひとり遊び可
lobby-expires = 誰も開始しなければ、ロビーは{ $at }に閉じます。
lobby-join = 参加
lobby-leave = 抜ける
lobby-start = 開始
lobby-cancel = キャンセル
lobby-add-bot-easy = 🤖 かんたんボット
lobby-add-bot-normal = 🤖 ふつうボット
lobby-add-bot-strong = 🤖 つよいボット
lobby-remove-bot = ボットを外す
bot-name = 🤖 ボット{ $n }（{ $level ->
    [easy] かんたん
    [strong] つよい
   *[normal] ふつう
}）
lobby-started = ゲームが始まりました。下の盤面をご覧ください。
lobby-expired = 誰も開始しないまま、このロビーは期限切れになりました。
lobby-cancelled = このロビーはキャンセルされました。
lobby-moved = このロビーはチャンネルの下のほうへ移動しました。
lobby-gone = このロビーは閉じています。
lobby-already-in = すでにこのゲームに参加しています。
lobby-not-in = このロビーに参加していません。
lobby-full = 満席です。
lobby-host-cannot-leave = あなたはホストです。ロビーを閉じるには「キャンセル」を使ってください。
lobby-host-only = ホストだけが操作できます。
lobby-no-bots = 外せるボットがいません。
lobby-not-enough = 開始には{ $min }人以上必要です。
command-start = このチャンネルで新しいゲームのロビーを開く
command-rules = 遊び方の要約（あなたにだけ表示）
command-board = 最新の盤面をチャンネルの一番下に出し直す
command-resign = 参加中のゲームを投了して抜ける
command-abandon = このチャンネルのゲームを全員分中止する（ホストかサーバー管理権限のみ）
command-log = これまでの手を1ページずつ表示
option-solitaire = ひとり遊びを許可する
option-page = ページ番号（省略時は最新）
timer-reminder = ⏰ { $player }さん、{ $game }でまだあなたの手番です：{ $link }
timer-timed-out = ⌛ { $player }さんは時間切れでゲームから抜けました。
saikoro-command = saikoroのサーバー設定
command-settings = 非同期ゲームの手番タイマーを表示・変更（サーバー管理）
option-reminder-hours = 手番が止まってからリマインドするまでの時間（0＝しない）
option-timeout-hours = 手番が止まってからプレイヤーが抜けるまでの時間（0＝しない）
settings-guild-only = 設定はサーバーごとです。サーバー内でこのコマンドを使ってください。
settings-refused = saikoroの設定を変更できるのは「サーバー管理」権限のあるメンバーだけです。
settings-current = このサーバーの手番タイマー：リマインド{ $reminder }時間後、タイムアウト{ $timeout }時間後（0＝なし）。
settings-saved = 保存しました。手番タイマー：リマインド{ $reminder }時間後、タイムアウト{ $timeout }時間後（0＝なし）。
