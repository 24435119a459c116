//! End to end, issue 33: `/saikoro forget-me` asks first, only its asker may confirm it, and it
//! forgets the user everywhere, a game they are playing included; and the history shows a
//! private channel's games only to the members who may see that channel.

use crate::harness::*;
use saikoro::id::GameId;
use saikoro::store::Store;
use saikoro_emulator::{ChannelId, Emulator, UserId};
use serde_json::{Value, json};

async fn text(
    emu: &Emulator,
    user: UserId,
    channel: ChannelId,
    path: &str,
    options: &[(&str, Value)],
) -> String {
    ask(emu, user, channel, path, options).await.text()
}

#[tokio::test]
async fn forget_me_is_confirmed_by_its_asker_only_and_forgets_a_live_game_too() {
    let emu = Emulator::start().await;
    let bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    let (ann, ben) = (emu.user("ann"), emu.user("ben"));
    let played = emu.text_channel();
    let first = start_game(&emu, played, "pig", ben, &[ann]).await;
    let finished = game_id(&first);
    play_randomly(&emu, played, &[ann, ben], 3, MAX_PRESSES).await;
    // Ben hosts a second game, still being played when he asks to be forgotten.
    let live_channel = emu.add_text_channel("live");
    let board = start_game(&emu, live_channel, "pig", ben, &[ann]).await;
    let live_game = game_id(&board);
    let mention = format!("<@{}>", ben.0);
    let board_of = |u: UserId| text(&emu, u, played, "saikoro leaderboard", &[]);
    assert!(
        board_of(ann).await.contains(&mention),
        "ben is on the board before"
    );

    let asked = ask(&emu, ben, played, "saikoro forget-me", &[]).await;
    assert!(asked.ephemeral(), "asked privately");
    assert!(asked.text().contains("cannot be undone"), "{}", asked.text());
    let confirm = asked.custom_ids()[0].clone();
    assert_eq!(confirm, format!("fm:{}", ben.0));

    // Ann forges Ben's confirmation: refused, privately, and nothing is forgotten.
    let forged = emu.forged_click(ann, asked.message_id(), &confirm);
    let refused = emu.wait_callback(forged, WAIT).await;
    assert_eq!(refused.kind, callback_type::CHANNEL_MESSAGE_WITH_SOURCE);
    let refusal = refused.data["content"].as_str().unwrap_or_default().to_owned();
    assert!(refusal.contains("Only the person who asked"), "{refusal}");
    assert!(
        board_of(ann).await.contains(&mention),
        "a forged confirmation forgets no one"
    );
    assert!(end_message(&emu, live_channel).is_none(), "nor ends ben's game");

    let (kind, _) = click(&emu, ben, asked.message_id(), &confirm).await;
    assert_eq!(kind, callback_type::UPDATE_MESSAGE);
    let done = emu.message(asked.message_id()).unwrap();
    assert!(done.text().contains("Done"), "{}", done.text());
    assert!(done.custom_ids().is_empty(), "the button goes with the answer");

    // His seat resigned, so Ann won the live game; no trace of him is left anywhere.
    let end = emu
        .wait_for(WAIT, "the live game's end", |e| end_message(e, live_channel))
        .await;
    assert!(end.content.contains("ann wins"), "{}", end.content);
    assert!(!end.content.contains("ben"), "{}", end.content);
    let pig_board = board_of(ann).await;
    assert!(
        !pig_board.contains(&mention) && !pig_board.contains("someone"),
        "{pig_board}"
    );
    let stats = text(&emu, ann, played, "saikoro stats", &[("user", json!(ben.0))]).await;
    assert!(stats.contains("no finished games"), "{stats}");
    let history = text(&emu, ann, played, "saikoro history", &[]).await;
    assert!(history.contains(&format!("`{live_game}`")), "{history}");
    assert!(history.contains(&format!("`{finished}`")), "{history}");
    assert!(
        !history.contains(&mention) && history.contains("someone"),
        "{history}"
    );
    for game in [finished, live_game] {
        let replay = text(&emu, ann, played, "pig replay", &[("id", json!(game))]).await;
        assert!(!replay.contains("ben") && !replay.contains(&mention), "{replay}");
    }
    // What an export or a restore reads: the stored games name him nowhere.
    let store = Store::connect(&format!("sqlite://{}", bot.dir.join("games.db").display()))
        .await
        .unwrap();
    for game in [finished, live_game] {
        let row = store.load_game(GameId(game as i64)).await.unwrap().unwrap().row;
        let stored = format!("{row:?}");
        assert!(
            !stored.contains("ben") && !stored.contains(&ben.0.to_string()),
            "{stored}"
        );
    }
    assert!(store.games_of(&ben.0.to_string()).await.unwrap().is_empty());
    store.close().await;

    // A stale confirmation is harmless: it forgets what is left, which is nothing.
    let stale = emu.forged_click(ben, asked.message_id(), &confirm);
    assert_eq!(
        emu.wait_callback(stale, WAIT).await.kind,
        callback_type::UPDATE_MESSAGE
    );
    assert!(
        text(&emu, ann, played, "saikoro history", &[])
            .await
            .contains(&format!("`{finished}`"))
    );
    emu.assert_clean().await;
}

#[tokio::test]
async fn a_private_channels_games_are_shown_only_to_members_who_see_it() {
    let emu = Emulator::start().await;
    let _bot = Bot::start(&emu, workdir(), &BotOptions::default()).await;
    let (ann, ben, cat) = (emu.user("ann"), emu.user("ben"), emu.user("cat"));
    let hidden = emu.add_private_channel("secret", &[ann, ben]);
    let open = emu.text_channel();
    let first = start_game(&emu, hidden, "pig", ann, &[ben]).await;
    let game = game_id(&first);
    play_randomly(&emu, hidden, &[ann, ben], 5, MAX_PRESSES).await;
    let listed = format!("`{game}`");

    let seen = text(&emu, ben, open, "saikoro history", &[]).await;
    assert!(seen.contains(&listed), "a member of the channel sees it: {seen}");
    let unseen = text(&emu, cat, open, "saikoro history", &[]).await;
    assert!(!unseen.contains(&listed), "{unseen}");
    let of_ann = text(&emu, cat, open, "saikoro history", &[("user", json!(ann.0))]).await;
    assert!(!of_ann.contains(&listed), "{of_ann}");

    let id = [("id", json!(game))];
    let replay = |user| text(&emu, user, open, "pig replay", &id);
    assert!(replay(cat).await.contains("There is no finished game"));
    assert!(!replay(ben).await.contains("There is no finished game"));
    emu.assert_clean().await;
}
