//! End to end on PostgreSQL: the real bot against the Discord emulator, its database behind a
//! switchable TCP relay. Turning the relay off is what a stopped server looks like from the bot:
//! every open connection is cut and new ones are refused at once; turning it on again is the
//! restart. Needs SAIKORO_TEST_POSTGRES_URL (ignored, with the reason, without it).

use crate::harness::*;
use crate::postgres_schema::Schema;
use saikoro_emulator::{ChannelId, Emulator, UserId};
use std::collections::BTreeSet;
use std::sync::Arc;
use tokio::io::copy_bidirectional;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

/// A TCP relay to the database that can be switched off (connections cut, the port closed so
/// new ones are refused, as with a stopped server) and on again (the port reopened).
struct Relay {
    port: u16,
    up: Arc<watch::Sender<bool>>,
}

impl Relay {
    async fn start(target: String) -> Relay {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let up = Arc::new(watch::Sender::new(true));
        let mut state = up.subscribe();
        let switch = up.clone();
        tokio::spawn(async move {
            let mut listener = Some(listener);
            loop {
                let open = if let Some(open) = listener.take() {
                    open
                } else {
                    let _ = state.wait_for(|up| *up).await;
                    TcpListener::bind(("127.0.0.1", port))
                        .await
                        .expect("the relay's port again")
                };
                loop {
                    tokio::select! {
                        accepted = open.accept() => {
                            let Ok((client, _)) = accepted else { break };
                            tokio::spawn(pipe(client, target.clone(), switch.subscribe()));
                        }
                        _ = state.wait_for(|up| !*up) => break,
                    }
                }
            }
        });
        Relay { port, up }
    }

    fn set(&self, up: bool) {
        self.up.send_replace(up);
    }
}

/// Carries one connection until either side closes it or the relay is switched off.
async fn pipe(mut client: TcpStream, target: String, mut state: watch::Receiver<bool>) {
    let Ok(mut server) = TcpStream::connect(&target).await else {
        return;
    };
    tokio::select! {
        _ = copy_bidirectional(&mut client, &mut server) => {}
        _ = state.wait_for(|up| !*up) => {}
    }
}

/// The answer to a click: the private text of a direct or a deferred (follow-up) answer, or
/// `None` when the click updated the board.
async fn press(emu: &Emulator, user: UserId, channel: ChannelId, id: &str) -> Option<String> {
    let board = live(emu, channel).expect("a live board");
    let before = emu.ephemerals_for(user).len();
    let i = emu.click(user, board.message_id(), id);
    let cb = emu.wait_callback(i, WAIT).await;
    match cb.kind {
        callback_type::UPDATE_MESSAGE => None,
        callback_type::CHANNEL_MESSAGE_WITH_SOURCE => {
            Some(cb.data["content"].as_str().unwrap_or_default().to_owned())
        }
        _ => Some(
            emu.wait_for(WAIT, "the follow-up answer", |e| {
                e.ephemerals_for(user).get(before).map(|m| m.content.clone())
            })
            .await,
        ),
    }
}

/// The log's distinct entries, as `/cantstop log` lists them.
async fn logged(emu: &Emulator, user: UserId, channel: ChannelId) -> BTreeSet<String> {
    let log = slash(emu, user, channel, "cantstop log").await;
    log.lines()
        .filter(|l| l.starts_with('`'))
        .map(|l| l[..5].to_owned())
        .collect()
}

#[tokio::test]
#[cfg_attr(
    not(postgres_tests),
    ignore = "needs PostgreSQL: set SAIKORO_TEST_POSTGRES_URL, e.g. eval \"$(bash .ci/postgres.sh)\""
)]
async fn postgres_stopped_and_restarted_during_play_loses_nothing() {
    let schema = Schema::create("saikoro_e2e").await;
    let (server, url) = relayed(&schema);
    let relay = Relay::start(server).await;
    let url = url(&format!("127.0.0.1:{}", relay.port));
    let emu = Emulator::start().await;
    let opts = BotOptions {
        database_url: Some(url),
        ..BotOptions::default()
    };
    let dir = workdir();
    let bot = Bot::start(&emu, dir.clone(), &opts).await;
    let TwoPlayers {
        ann,
        channel,
        first,
        player,
        ..
    } = two_player_cantstop(&emu).await;
    let roll = button(&first, "roll").expect("a roll button");
    assert_eq!(press(&emu, player, channel, &roll).await, None, "rolls while up");

    // Stopped: the next move is answered privately with "try again", and the board stays.
    relay.set(false);
    let board = live(&emu, channel).expect("a board");
    let mv = board
        .custom_ids()
        .into_iter()
        .find(|i| i.contains(":m"))
        .expect("a move to choose");
    let refusal = press(&emu, player, channel, &mv).await;
    let refusal = refusal.expect("a private answer while the database is down");
    assert!(refusal.contains("try again"), "{refusal}");
    let unchanged = live(&emu, channel).expect("the board");
    assert_eq!(unchanged.message_id(), board.message_id());
    assert_eq!(
        unchanged.custom_ids(),
        board.custom_ids(),
        "the board did not move"
    );

    // Restarted: the same button now plays, and the game goes on.
    relay.set(true);
    assert_eq!(
        press(&emu, player, channel, &mv).await,
        None,
        "the move after the restart"
    );
    assert_eq!(
        logged(&emu, ann, channel).await.len(),
        2,
        "roll and move, nothing else"
    );

    // What the bot stored is exactly what it acknowledged: a restarted bot shows the same.
    let dir = bot.kill();
    let _bot = Bot::start(&emu, dir, &opts).await;
    assert_eq!(logged(&emu, ann, channel).await.len(), 2);
    emu.assert_clean().await;

    schema.drop().await;
}

/// The server's `host:port`, and the URL of this schema with the server at `address` (the relay's).
fn relayed(schema: &Schema) -> (String, impl Fn(&str) -> String + use<>) {
    // postgres://user:password@host:port/database?…&options=-c%20search_path%3D<schema>
    let url = schema.url();
    let (head, rest) = url.split_once('@').expect("a URL with user@host");
    let (server, tail) = rest.split_once('/').expect("a URL with a database");
    let (head, tail) = (head.to_owned(), tail.to_owned());
    (server.to_owned(), move |address: &str| {
        format!("{head}@{address}/{tail}")
    })
}
