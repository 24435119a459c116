# 手番のお知らせ（DM）（`/saikoro notify`、issue 29 の4）。
command-notify = 手番のお知らせ：席を外している間に自分の番が来たらDMで知らせます
option-notify-dm = True：自分の番が来たとき、そのチャンネルにいなかったらDMで知らせます
notify-dm-on = 手番のお知らせ（DM）をオンにしました。ゲームで自分の番が来たとき、前の手番のあとにそのチャンネルでボタンやコマンドを使っていなければ、盤面へのリンクをDMでお送りします。`/saikoro notify dm:False` でオフにできます。
notify-dm-off = 手番のお知らせ（DM）はオフです。`/saikoro notify dm:True` でオンにできます。
notice-turn = 🎲 { $game }（対局 #{ $id }）であなたの番です。持ち時間が切れるのは{ $at }：{ $link }
notice-turn-untimed = 🎲 { $game }（対局 #{ $id }）であなたの番です：{ $link }
notice-dm-closed = { $player } さん、手番のお知らせをDMで送れませんでした（DMを受け取らない設定になっています）。お知らせはオフにしました。DMを受け取れるようにしてから `/saikoro notify dm:True` で再びオンにできます。
