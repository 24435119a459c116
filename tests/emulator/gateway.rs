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

use super::model::{Session, Shared};

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
            ))
        });
    }
    ws.on_upgrade(move |socket| {
        Connection {
            shared,
            socket,
            sent: None,
        }
        .run()
    })
}

struct Connection {
    shared: Arc<Shared>,
    socket: WebSocket,
    /// The session this connection serves and the last sequence number it sent; `None` before
    /// IDENTIFY or RESUME.
    sent: Option<(String, u64)>,
}

impl Connection {
    async fn run(mut self) {
        let mut changed = self.shared.changed.subscribe();
        let mut shutdown = self.shared.shutdown.subscribe();
        if self
            .send(json!({"op": 10, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}}))
            .await
            .is_err()
        {
            return;
        }
        let generation = self.shared.read(|s| s.connection_generation);
        loop {
            if *shutdown.borrow_and_update() {
                let close = CloseFrame {
                    code: 1001,
                    reason: "emulator shutting down".into(),
                };
                let _ = self.socket.send(Message::Close(Some(close))).await;
                return;
            }
            if self.shared.read(|s| s.connection_generation) != generation {
                // 4000 "unknown error" is one after which Discord lets a client resume.
                let close = CloseFrame {
                    code: 4000,
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
                    Some(Ok(Message::Close(_))) | Some(Err(_)) | None => return,
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
        let pending: Vec<(u64, Value)> = self.shared.read(|s| match &s.session {
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
            Some(1) => self.send(json!({"op": 11})).await,
            Some(2) => {
                self.identify(&payload["d"]);
                Ok(())
            }
            Some(6) => self.resume(&payload["d"]).await,
            // Presence updates, voice state and member requests need no answer here.
            Some(3 | 4 | 8) => Ok(()),
            _ => {
                self.shared
                    .with(|s| s.fail(format!("gateway: unexpected payload {payload}")));
                Ok(())
            }
        }
    }

    /// Starts a new session whose log opens with READY and the test guild's GUILD_CREATE.
    fn identify(&mut self, identify: &Value) {
        let shard = identify["shard"].clone();
        let session_id = self.shared.with(|s| {
            s.sessions_started += 1;
            let session_id = format!("emulated-session-{}", s.sessions_started);
            s.session = Some(Session {
                id: session_id.clone(),
                events: Vec::new(),
            });
            let ready = json!({
                "v": 10,
                "user": s.user_json(s.bot_id),
                "guilds": [{"id": s.guild_id.to_string(), "unavailable": true}],
                "session_id": session_id,
                "resume_gateway_url": s.gateway_url,
                "shard": if shard.is_array() { shard } else { json!([0, 1]) },
                "application": {"id": s.application_id.to_string(), "flags": 0},
            });
            s.dispatch("READY", ready);
            let guild = s.guild_json();
            s.dispatch("GUILD_CREATE", guild);
            session_id
        });
        self.sent = Some((session_id, 0));
    }

    /// Replays what the bot missed, then RESUMED; an unknown session gets INVALID_SESSION.
    async fn resume(&mut self, resume: &Value) -> Result<(), axum::Error> {
        let seq = resume["seq"].as_u64().unwrap_or(0);
        let session_id = resume["session_id"].as_str().unwrap_or_default().to_string();
        let resumed = self.shared.with(|s| {
            let known = s
                .session
                .as_ref()
                .is_some_and(|session| session.id == session_id && seq <= session.events.len() as u64);
            let resumed = known && s.dispatch("RESUMED", json!({}));
            s.resumes += u32::from(resumed);
            resumed
        });
        if resumed {
            self.sent = Some((session_id, seq));
            Ok(())
        } else {
            self.send(json!({"op": 9, "d": false})).await
        }
    }
}
