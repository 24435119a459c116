# パズル：本物またはボットの対局で、ひとつの手がはっきり最善になる局面。
puzzle-ask = { $game } パズル #{ $id }（難易度 { $difficulty }/5）：あなたは { $seat } です。コーチの評価でひとつの手がはっきり最善です。どれでしょう？
puzzle-right = ✅ 正解：最善手は **{ $best }** です。
puzzle-wrong = ❌ 残念：あなたは **{ $taken }** を選びました。最善手は **{ $best }** です。
puzzle-value = { $choice }：勝率 { $chance }%（± { $margin }）
puzzle-practice = 練習：この解答は記録されません。
puzzle-none = { $game } のパズルはまだありません。ボットの管理者が `saikoro puzzles generate { $game } --count 10` で作れます。
puzzle-no-coach = { $game } にはまだコーチがいないので、パズルはありません。
puzzle-failed = パズルを読み込めませんでした：{ $reason }
puzzle-unknown-choice = { $choice } はこのパズルの手ではありません。
puzzle-bad-date = --date：2026-11-01 以降の日付を YYYY-MM-DD で指定してください。
puzzle-you = あなた
puzzle-player = プレイヤー { $n }
puzzles-progress = { $game }：パズル { $n } を #{ $id }（難易度 { $difficulty }/5）として保存（{ $games } 局目）
puzzles-repeated = { $game }：{ $games } 局目で見つけたパズルは保存済みです（別の `--seed` なら他のパズルが早く見つかります）
puzzles-done = { $game }：ボット対局 { $games } 局から { $stored } 問を保存。{ $confirmed ->
        [0] プレイアウトで確認できた候補はありませんでした。
       *[other] 別のシードでの再評価で、確認済み { $confirmed } 問のうち { $kept } 問が最善手を保ちました。{ $stored ->
            [0] {""}
           *[other] 1 問あたり { $median } 秒（中央値）。
        }
    }
puzzle-stats = パズルレーティング
puzzle-stats-value = { $rating }（{ $attempts } 問中 { $solved } 問正解）

# Discord の /<game> puzzle：尋ねた人にだけ見え、ボタンもその人だけが押せる。
command-puzzle = このゲームの今日のパズル：コーチがはっきり最善とみる手を当てましょう
option-puzzle-next = 今日のパズルの代わりに、あなたのレーティングに近い別のパズル
puzzle-not-yours = このパズルは別の人に出されたものです。ゲームのパズルのコマンドで自分のパズルを出してください。何も変わっていません。
puzzle-missing = パズル #{ $id } はもうありません。何も変わっていません。
puzzle-again = このパズルには前に答えています。数えられるのは最初の解答です。
puzzle-rating-player = あなたのパズルレーティング：{ $before } → { $after }（{ $change }）
puzzle-rating-puzzle = このパズルのレーティング：{ $before } → { $after }（{ $change }）
puzzle-another = 別のパズル
puzzle-all-answered = { $game } のパズルにはすべて答えました。ボットの管理者が `saikoro puzzles generate { $game } --count 10` を実行すると増えます。
puzzle-more-values = …ほか { $n } 手
