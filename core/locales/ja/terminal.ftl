# 端末の対局画面（`saikoro play`）: ヘルプと、番号の打ち間違いへの返答。
terminal-help-number = 選択肢の番号（{ $count ->
    [1] 1
   *[other] 1〜{ $count }
}）を入力してください。
terminal-help-number-or-id = 選択肢の番号（{ $count ->
    [1] 1
   *[other] 1〜{ $count }
}）か角括弧内の ID を入力してください。
terminal-help-moves = このゲームの手はどれも ID（例: { $examples }）やルールの記法で入力することもできます。
terminal-help-words = `help` か `?` でこの説明を表示、`resign` で投了、`hint` でコーチに助言を求めます（コーチのいるゲームのみ）。
terminal-no-such-number = 選択肢 { $number } はありません。{ $count ->
    [1] 選べるのは 1 だけです
   *[other] 1〜{ $count } の番号を入力してください
}。
terminal-confirm-resign = 投了してゲームを抜けますか？確かめるには `resign`（または `yes`）と入力してください。それ以外なら続けます。
