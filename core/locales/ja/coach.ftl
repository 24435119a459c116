# コーチ：対局中のヒントと対局後の振り返り。
coach-slip-chance = `#{ $step }` { $player }さんは**{ $taken }**を選びました。つよいボットなら**{ $best }**：勝つ確率が{ $cost }ポイント高くなります。
coach-slip-playouts = `#{ $step }` { $player }さんは**{ $taken }**を選びました。そこから「ふつう」のボットで各{ $playouts }回最後まで打つと、**{ $best }**の方が勝つ確率が{ $cost }ポイント高くなりました（95%の確かさで±{ $margin }ポイント）。
coach-slip-rolls = `#{ $step }` { $player }さんは**{ $taken }**を選びました。つよいボットなら**{ $best }**：上がりまでに振る回数の見込みが{ $cost }回少なくなります。
hint-button = ヒント
hint-off = このサーバーではヒントがオフになっています。
hint-none = ここでコーチから言えることはありません。
hint-used = 💡 コーチ付きの対局：{ $players }さんがヒントを使いました。
command-review = 終わった対局で、あなたの選択がコーチと違った所とその損失
review-header = 🧑‍🏫 { $game }の振り返り：コーチなら別の選択をした場面が{ $count }件、損失の大きい順です。
review-none = 🧑‍🏫 { $game }の振り返り：すべての選択がコーチと同じ（または損失なし）でした。
review-more = …ほか{ $count }件。
review-no-coach = { $game }には振り返りのコーチがいません。
