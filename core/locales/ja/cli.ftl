# The terminal: `saikoro play`, `render`, `replay`, `review`, `export`, `run`.
cli-error = エラー:
cli-header = { $game } — シード { $seed }（--seed { $seed } で同じゲームを再現できます）
cli-header-from = { $file } から { $game } — シード { $seed }
cli-resign = 投了
cli-try-help = （`help` で入力できるものを表示）
cli-no-hint = このゲームにはまだコーチがいないため、ヒントはありません。
cli-input-ended = ゲームの終了前に入力が終わりました。これ以上は進められません。
cli-terminal-error = 端末を使えません: { $error }
cli-bot-refused = ボットがルールで認められない手を選びました: { $reason }
cli-at-too-far = --at { $at }: 記録には { $moves } 手しかありません。
cli-player-empty = プレイヤー名が空です（例: `--players ann,ben`）。
cli-bot-level = { $player }: ボットの強さは easy、normal、strong のいずれかです。
cli-player-twice = { $player } が二度指定されています。
cli-players = { $game }は { $range } 人で遊ぶゲームです（{ $players } 人では始められません）。
cli-dice-face = --dice: `{ $face }` は{ $game }のサイコロの目ではありません（1〜{ $faces }）。
cli-file-missing = ファイル { $file } はありません。
cli-file-denied = { $file } を読む権限がありません。
cli-file-unreadable = { $file } を読めません: { $error }
cli-from-needs-out = --from はアニメーションを書き出します。--out game.gif のように書き出すファイルを指定してください。
cli-record-of-other = { $file } は `{ $game }` ではなく `{ $recorded }` の記録です。
cli-animation-written = { $file }: { $moves } 手、{ $kb } KB（{ $ms } ミリ秒）
# backup と health
cli-backup-no-database = { $path } にデータベースがないため、コピーするものがありません。
cli-backup-exists = { $file } はすでにあります。新しいファイル名を指定してください。
cli-backup-postgres = PostgreSQL のバックアップは PostgreSQL 自身のツールで作成してください。例: `pg_dump --format=custom --file saikoro.dump "$DATABASE_URL"`（復元は pg_restore）。
cli-backup-written = データベースの整合したコピーを { $file } に書き出しました。
cli-health-no-addr = metrics_addr が設定されていないため、ボットはヘルスチェックに応答しません。metrics_addr を設定する（例: 0.0.0.0:9100）か、--addr を指定してください。
cli-health-unreachable = { $url } に接続できません: { $error }
cli-health-answered = { $url } の応答は { $status } でした: { $body }
cli-no-game = ゲーム { $game } はありません（ゲーム: { $games }）。
cli-no-picture = { $game } にはまだ盤面の画像がありません。
cli-record-broken = 記録を再現できません: { $reason }
cli-not-record = { $file } は `saikoro export` で書き出した記録ではありません。
cli-no-coach = { $game }には振り返りをするコーチがいません。
cli-no-database = { $path } にデータベースがありません。--database で指定するか、設定の database_url を設定してください。
cli-no-stored-game = このデータベースにゲーム { $id } はありません。
cli-reading-game = ゲーム { $id } の読み込み
cli-never-started = ゲーム { $id } は開始されませんでした。
cli-replay-title = { $game } — { $moves } 手
cli-option-built-in = 組み込み
cli-option-allowed = { $allowed }、既定値 { $default }
cli-options-none = このゲームにオプションはありません。
cli-options-title = ゲームのオプション（--option キー=値）:
cli-option-file = --option { $key } のファイル { $file } を読めません
cli-play-about = この端末でゲームを遊ぶ: 同じ画面で交代、ボット相手（`bot:strong`）、ボット同士
cli-arg-from = `saikoro export` で書き出したゲームの続きを遊ぶ（人はここで、ボットは再びボットが指します）
cli-arg-at = 記録のこの手数のあとから続ける（既定: 全部のあと）
cli-arg-seed = サイコロのシード（省略時はランダム。再現できるよう表示されます）
cli-arg-format = text: 盤面と番号付きの選択肢（人向け）、json: 1 行に 1 つの JSON オブジェクト（局面をデータで、docs/json.md）（スクリプト向け）
cli-arg-players = 席順のプレイヤーをカンマ区切りで（例: `ann,ben`、`ann,bot:strong`）
cli-arg-dice = ゲームのすべての出目を順に（準備の出目も含む、例: `1,5,4,6`）。尽きたらシードの出目
cli-arg-option = ゲームのオプション（繰り返し可）。ファイルのオプションにはファイルのパスを指定
cli-no-token =
    saikoro の起動には Discord ボットのトークンが必要ですが、設定されていません。

    1. https://discord.com/developers/applications を開き、New Application でアプリを作ります。
    2. Bot → Reset Token でトークンをコピーし、それを渡して saikoro を起動します:
           DISCORD_TOKEN=... cargo run --release
       Docker の場合:
           docker build -t saikoro . && docker run -e DISCORD_TOKEN=... -v saikoro-data:/data saikoro
       （config.toml に token = "..." と書くか、token_file でトークンを入れたファイルを指定することもできます。config.example.toml を参照）
    3. OAuth2 → URL Generator: スコープ bot と applications.commands、ボットの権限
       View Channels、Send Messages、Send Messages in Threads、Create Public Threads、
       Embed Links、Read Message History。
       生成された URL を開いてボットをサーバーに招待します。

    それまでは、この端末でゲームを試せます:
        cargo run --release -- play cantstop --players ann,ben
        cargo run --release -- play cantstop --players you,bot:strong
        docker run -it saikoro play ninja --players you,bot:normal
    （ゲーム: { $games }。`play <ゲーム> --help` でゲームのオプションを表示）
# check-config
cli-config-ok = 設定は有効です。
cli-config-database = データベース: { $database }
cli-config-token = トークン: { $token ->
    [yes] 設定済み
   *[no] 未設定（`saikoro run` が入手方法を説明します）
}
cli-config-guilds = スラッシュコマンド: { $guilds ->
    [0] グローバル
   *[other] テスト用サーバー { $guilds } か所
}
cli-config-shards = シャード: { $shards }
cli-config-timers = 手番の催促は { $reminder } 秒後、時間切れは { $timeout } 秒後（0: なし）。ロビーは { $lobby } 秒で期限切れ。
