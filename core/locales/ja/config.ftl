# check-config とボットの起動: 設定の問題を 1 行に 1 つずつ（`ファイル:行: キー: 問題`）、有効な設定の概要。
config-problems = { $file } に問題が { $count } 件あります:
config-at-line = { $file }:{ $line }: { $key }: { $what }
config-at-env = 環境変数 { $var }: { $key }: { $what }
config-at-file = { $file }: { $key }: { $what }
config-limits-key = [limits] { $key }
config-no-file = 設定ファイル { $file } がありません
config-unreadable = 設定ファイル { $file } を読めません（{ $why }）
config-not-toml = { $file }:{ $line }: TOML として正しくありません（{ $why }）
config-unknown-key = 不明なキーです（すべてのキーは config.example.toml にあります）
config-unknown-key-near = 不明なキーです。`{ $near }` のことですか？
config-wrong-type = { $expected ->
    [count] 0 以上の整数
    [text] 引用符で囲んだ文字列
    [list] 角かっこで囲んだリスト
    [bool] true か false
    [table] テーブル
   *[other] 別の種類の値（{ $expected }）
}でなければなりません（{ $actual ->
    [negative] 負の数
    [number] 整数
    [decimal] 小数
    [text] 文字列
    [bool] true か false
    [list] リスト
    [table] テーブル
   *[other] 別の種類の値
}になっています）
config-wrong-item = { $item } 番目の項目: { $what }
config-too-large = ここに書ける整数としては大きすぎます
config-one-of = 次のいずれかでなければなりません: { $allowed }
config-wrong-form = 値の形が正しくありません
config-database-scheme = `{ $value }` は sqlite: か postgres:// で始まらなければなりません
config-shard-total-zero = 1 以上でなければなりません
config-shards-form = `{ $value }` はシャード番号か 0-1 のような範囲でなければなりません
config-shards-empty = 範囲 { $first }-{ $last } は空です。小さいシャードを先に書いてください（例: { $last }-{ $first }）
config-shards-beyond = 範囲 { $first }-{ $last } が shard_total { $total } を超えています。シャードの番号は 0 から { $highest } までです
config-shards-need-postgres = 全 { $total } 個のうちシャード { $first }-{ $last } だけを動かすには PostgreSQL が必要です。複数のプロセスで 1 つの SQLite データベースは共有できません。database_url を postgres://… にするか、1 つのプロセスですべてのシャードを動かしてください（shards = "0-{ $highest }"）
config-from-to = { $min } から { $max } まででなければなりません
config-over-a-year = 1 年を超えています。最大 { $max } です
config-reminder-after-timeout = 催促（{ $reminder } 秒）がプレイヤーの時間切れ（turn_timeout_secs = { $timeout }）より後になります。turn_timeout_secs より小さくするか、催促しないなら 0 にしてください
config-token-space = 空白が含まれています。Developer Portal からもう一度コピーしてください
config-token-both = トークン（token または DISCORD_TOKEN）と token_file の両方が設定されています。どちらか一方にしてください
config-token-unreadable = { $path } を読めません（{ $why }）
config-token-empty = { $path } が空です
config-api-url-form = https:// の URL でなければなりません（{ $why }）
config-api-url-scheme = https:// の URL でなければなりません
config-api-url-http = https:// でなければなりません（http:// は 127.0.0.1、::1、localhost のみ）。ボットのトークンがすべてのリクエストで送られます
config-api-url-alone = Discord そのものを置き換えるため、discord_https_proxy や discord_extra_ca とは一緒に使えません
config-metrics-addr = `{ $value }` は 0.0.0.0:9100 のようなアドレスとポートでなければなりません
config-proxy-scheme = `{ $value }` は http:// か https:// の URL でなければなりません
config-extra-ca-missing = `{ $value }` は読めるファイルではありません
config-limit-too-large = { $max } を超えています
config-limit-half-bucket = { $burst } と { $rate } は、両方 0（制限なし）か両方 1 以上でなければなりません
config-limit-board-ping = 1 日を超えています。最大 { $max } です
# 有効な設定の概要。
config-defaults = 設定ファイル（{ $file }）がありません。既定値と環境変数を使います。
config-shards = シャード: 全 { $total } 個のうち { $first }-{ $last }
