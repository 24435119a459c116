//! Connects this process's shards to Discord's gateway in buckets. Discord lets `max_concurrency`
//! shards (from `GET /gateway/bot`) IDENTIFY per 5-second window, one per bucket
//! (`shard % max_concurrency`); serenity 0.12's `ShardQueuer` starts one shard every 5 s whatever
//! it says. So each shard gets a `ShardManager` of its own (whose queuer then never waits for
//! another shard), and `shards::boot_in_windows` starts them window by window.

use crate::shards::{ShardRange, boot_in_windows};
use futures_util::StreamExt as _;
use poise::serenity_prelude as serenity;
use serenity::futures::channel::mpsc::UnboundedReceiver;
use serenity::{Client, Framework, ShardManager, ShardManagerOptions};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// The shards' managers, one per shard of the range.
#[derive(Clone)]
pub struct Shards {
    managers: Arc<Vec<Arc<ShardManager>>>,
    range: ShardRange,
}

/// What each manager sends when its shards end: Ok once shut down, or why they failed for good.
pub struct Ended(Vec<UnboundedReceiver<Result<(), serenity::GatewayError>>>);

impl Shards {
    /// A manager per shard of `range`, sharing the client's cache, data and HTTP client and the
    /// `framework` that was initialised with the client.
    pub fn new(client: &Client, framework: Arc<dyn Framework>, range: ShardRange) -> (Shards, Ended) {
        let framework = Arc::new(OnceLock::from(framework));
        let (managers, ended) = (range.first()..=range.last())
            .map(|shard| ShardManager::new(options(client, &framework, shard, range.total())))
            .unzip();
        let shards = Shards {
            managers: Arc::new(managers),
            range,
        };
        (shards, Ended(ended))
    }

    /// Starts the shards in buckets, one `window` apart, and runs them until they are shut down
    /// (Ok) or one fails for good (an invalid token, say).
    pub async fn run(
        &self,
        http: &serenity::Http,
        ended: Ended,
        window: Duration,
    ) -> Result<(), serenity::GatewayError> {
        let concurrency = max_concurrency(http).await;
        let windows = self.range.boot_windows(concurrency);
        tracing::info!(
            max_concurrency = concurrency,
            windows = windows.len(),
            "starting the shards in buckets"
        );
        let began = tokio::time::Instant::now();
        let boot = boot_in_windows(
            windows,
            window,
            |at| tokio::time::sleep_until(began + at),
            |shard| {
                tracing::debug!(shard, "starting a shard");
                // Never fails: it only queues the shard for its manager's queuer.
                let _ = self.managers[(shard - self.range.first()) as usize].initialize();
            },
        );
        let mut ended = futures_util::stream::select_all(ended.0);
        tokio::select! {
            () = boot => {}
            end = ended.next() => return end.unwrap_or(Ok(())),
        }
        ended.next().await.unwrap_or(Ok(()))
    }

    /// Closes every shard's connection, which ends [`Shards::run`].
    pub async fn shutdown_all(&self) {
        for manager in self.managers.iter() {
            manager.shutdown_all().await;
        }
    }
}

/// Discord's `max_concurrency`; 1 (one shard per window, always allowed) if it cannot be read.
async fn max_concurrency(http: &serenity::Http) -> u32 {
    match http.get_bot_gateway().await {
        Ok(gateway) => u32::try_from(gateway.session_start_limit.max_concurrency).unwrap_or(1),
        Err(why) => {
            tracing::warn!(%why, "reading max_concurrency from /gateway/bot; starting one shard per window");
            1
        }
    }
}

/// A manager for one shard, sharing the client's cache, data, HTTP client and framework.
fn options(
    client: &Client,
    framework: &Arc<OnceLock<Arc<dyn Framework>>>,
    shard: u32,
    total: u32,
) -> ShardManagerOptions {
    ShardManagerOptions {
        data: client.data.clone(),
        event_handlers: Vec::new(),
        raw_event_handlers: Vec::new(),
        framework: framework.clone(),
        shard_index: shard,
        shard_init: 1,
        shard_total: total,
        ws_url: client.ws_url.clone(),
        cache: client.cache.clone(),
        http: client.http.clone(),
        intents: client.shard_manager.intents(),
        presence: Some(serenity::PresenceData::default()),
    }
}
