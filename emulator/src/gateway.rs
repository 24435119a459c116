//! The gateway websocket: HELLO, IDENTIFY → READY + GUILD_CREATE, heartbeats, RESUME, and the
//! dispatches the test queues in the session's log (INTERACTION_CREATE and friends).
//!
//! serenity 0.12 connects to `<url from GET /gateway>?v=10` (no `encoding`, no transport
//! compression), and its IDENTIFY says `compress: true`, which only allows the server to send
//! zlib-compressed binary frames; plain JSON text frames are what this sends.

use std::sync::Arc;

use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{RawQuery, State as AxumState};
use axum::response::Response;
use serde_json::{Value, json};

use crate::discord::{close_code, opcode};
use crate::model::{Session, Shared};

/// How often the bot must heartbeat; Discord's usual value.
const HEARTBEAT_INTERVAL_MS: u64 = 41_250;

pub async fn upgrade(
    AxumState(shared): AxumState<Arc<Shared>>,
    RawQuery(query): RawQuery,
    ws: WebSocketUpgrade,
) -> Response {
    let query = query.unwrap_or_default();
    if !query.split('&').any(|p| p == "v=10") {
        shared.with(|s| s.fail(format!("gateway: connected without v=10 (query \"{query}\")")));
    }
    if query.contains("compress=") {
        shared.with(|s| {
            s.fail(format!(
                "gateway: transport compression requested (query \"{query}\")"
            ));
        });
    }
    ws.on_upgrade(move |socket| {
        Connection {
            shared,
            socket,
            shard: 0,
            sent: None,
        }
        .run()
    })
}

struct Connection {
    shared: Arc<Shared>,
    socket: WebSocket,
    /// The shard it identified (or resumed) as.
    shard: u32,
    /// The session this connection serves and the last sequence number it sent; `None` before
    /// IDENTIFY or RESUME.
    sent: Option<(String, u64)>,
}

impl Connection {
    async fn run(mut self) {
        let mut changed = self.shared.changed.subscribe();
        let mut shutdown = self.shared.shutdown.subscribe();
        if self
            .send(json!({"op": opcode::HELLO, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}}))
            .await
            .is_err()
        {
            return;
        }
        let generation = self.shared.read(|s| s.connection_generation);
        loop {
            if *shutdown.borrow_and_update() {
                let close = CloseFrame {
                    code: close_code::GOING_AWAY,
                    reason: "emulator shutting down".into(),
                };
                let _ = self.socket.send(Message::Close(Some(close))).await;
                return;
            }
            if self.shared.read(|s| s.connection_generation) != generation {
                // A code after which Discord lets a client resume.
                let close = CloseFrame {
                    code: close_code::UNKNOWN_ERROR,
                    reason: "connection dropped by the test".into(),
                };
                let _ = self.socket.send(Message::Close(Some(close))).await;
                return;
            }
            if self.flush().await.is_err() {
                return;
            }
            tokio::select! {
                frame = self.socket.recv() => match frame {
                    Some(Ok(Message::Text(text))) => {
                        if self.receive(text.as_str()).await.is_err() {
                            return;
                        }
                    }
                    Some(Ok(Message::Binary(_))) => {
                        self.shared.with(|s| s.fail("gateway: the bot sent a binary frame".into()));
                    }
                    Some(Ok(Message::Close(_)) | Err(_)) | None => return,
                    Some(Ok(_)) => {}
                },
                _ = changed.changed() => {}
                _ = shutdown.changed() => {}
            }
        }
    }

    async fn send(&mut self, payload: Value) -> Result<(), axum::Error> {
        self.socket.send(Message::Text(payload.to_string().into())).await
    }

    /// Sends the session's dispatches this connection has not sent yet.
    async fn flush(&mut self) -> Result<(), axum::Error> {
        let Some((session_id, sent)) = self.sent.clone() else {
            return Ok(());
        };
        if self.shared.read(|s| s.gateway_held) {
            return Ok(());
        }
        let pending: Vec<(u64, Value)> = self.shared.read(|s| match s.sessions.get(&self.shard) {
            Some(session) if session.id == session_id => {
                session.events.get(sent as usize..).unwrap_or_default().to_vec()
            }
            _ => Vec::new(),
        });
        for (seq, event) in pending {
            self.send(event).await?;
            self.sent = Some((session_id.clone(), seq));
        }
        Ok(())
    }

    async fn receive(&mut self, text: &str) -> Result<(), axum::Error> {
        let Ok(payload) = serde_json::from_str::<Value>(text) else {
            self.shared.with(|s| s.fail(format!("gateway: not JSON: {text}")));
            return Ok(());
        };
        match payload["op"].as_u64() {
            Some(opcode::HEARTBEAT) => self.send(json!({"op": opcode::HEARTBEAT_ACK})).await,
            Some(opcode::IDENTIFY) => match self.identify(&payload["d"]) {
                Ok(()) => Ok(()),
                Err(why) => {
                    let close = CloseFrame {
                        code: close_code::RATE_LIMITED,
                        reason: "identify rate limited".into(),
                    };
                    let _ = self.socket.send(Message::Close(Some(close))).await;
                    Err(axum::Error::new(why))
                }
            },
            Some(opcode::RESUME) => self.resume(&payload["d"]).await,
            // Presence updates, voice state and member requests need no answer here.
            Some(opcode::PRESENCE_UPDATE | opcode::VOICE_STATE_UPDATE | opcode::REQUEST_GUILD_MEMBERS) => {
                Ok(())
            }
            _ => {
                self.shared
                    .with(|s| s.fail(format!("gateway: unexpected payload {payload}")));
                Ok(())
            }
        }
    }

    /// Starts a new session of the shard identified, whose log opens with READY and a
    /// GUILD_CREATE for each of the shard's guilds. A shard count other than the emulator's is
    /// a failure: Discord would close the connection (4011/4010). One beyond `max_concurrency`'s
    /// buckets is refused, a failure too.
    fn identify(&mut self, identify: &Value) -> Result<(), String> {
        let shard = match &identify["shard"] {
            Value::Null => json!([0, 1]),
            given => given.clone(),
        };
        let (id, total) = (shard[0].as_u64().unwrap_or(0), shard[1].as_u64().unwrap_or(0));
        let session_id = self.shared.with(|s| {
            if total != u64::from(s.shard_total) || id >= total {
                s.fail(format!("gateway: IDENTIFY as shard {shard}, but the bot has {} shards", s.shard_total));
            }
            let now = s.now();
            if let Err(why) = s.identify.admit(id as u32, now) {
                s.fail(why.clone());
                return Err(why);
            }
            s.identified.push(shard.clone());
            s.sessions_started += 1;
            let session_id = format!("emulated-session-{}", s.sessions_started);
            let shard_id = id as u32;
            s.sessions.insert(
                shard_id,
                Session {
                    id: session_id.clone(),
                    events: Vec::new(),
                },
            );
            let guilds: Vec<u64> = s.guilds.iter().copied().filter(|g| s.shard_of(*g) == shard_id).collect();
            let ready = json!({
                "v": 10,
                "user": s.user_json(s.bot_id),
                "guilds": guilds.iter().map(|g| json!({"id": g.to_string(), "unavailable": true})).collect::<Vec<_>>(),
                "session_id": session_id,
                "resume_gateway_url": s.gateway_url,
                "shard": shard,
                "application": {"id": s.application_id.to_string(), "flags": 0},
            });
            s.dispatch(shard_id, "READY", ready);
            for guild in guilds {
                let guild = s.guild_json(guild);
                s.dispatch(shard_id, "GUILD_CREATE", guild);
            }
            Ok(session_id)
        })?;
        self.shard = id as u32;
        self.sent = Some((session_id, 0));
        Ok(())
    }

    /// Replays what the bot missed, then RESUMED; an unknown session gets INVALID_SESSION.
    async fn resume(&mut self, resume: &Value) -> Result<(), axum::Error> {
        let seq = resume["seq"].as_u64().unwrap_or(0);
        let session_id = resume["session_id"].as_str().unwrap_or_default().to_string();
        let resumed = self.shared.with(|s| {
            let shard = s
                .sessions
                .iter()
                .find(|(_, session)| session.id == session_id && seq <= session.events.len() as u64)
                .map(|(shard, _)| *shard)?;
            s.dispatch(shard, "RESUMED", json!({}));
            s.resumes += 1;
            Some(shard)
        });
        if let Some(shard) = resumed {
            self.shard = shard;
            self.sent = Some((session_id, seq));
            Ok(())
        } else {
            self.send(json!({"op": opcode::INVALID_SESSION, "d": false}))
                .await
        }
    }
}
