//! `saikoro health`: asks a running bot's `/healthz` (or `/readyz`) on its `metrics_addr`, for
//! Docker's HEALTHCHECK in an image that has no curl.

use crate::engine::{Msg, Tr};
use std::time::Duration;

#[derive(clap::Args)]
pub struct HealthArgs {
    /// Ask `/readyz` (database, shards and stored games) instead of `/healthz` (the process).
    #[arg(long)]
    pub ready: bool,
    /// The bot's metrics address (default: the configuration's `metrics_addr`).
    #[arg(long, value_name = "HOST:PORT")]
    pub addr: Option<String>,
}

/// Succeeds when the bot at `addr` answers 200; otherwise says what it answered, in `tr`'s
/// language.
pub fn check(args: &HealthArgs, addr: &str, tr: &Tr) -> anyhow::Result<()> {
    anyhow::ensure!(!addr.is_empty(), tr.t("cli-health-no-addr"));
    // A server listening on every interface is asked on this machine's loopback.
    let addr = addr.replace("0.0.0.0", "127.0.0.1");
    let path = if args.ready { "readyz" } else { "healthz" };
    let url = format!("http://{addr}/{path}");
    let runtime = tokio::runtime::Runtime::new()?;
    let (status, body) = runtime
        .block_on(async {
            let client = reqwest::Client::builder()
                .timeout(Duration::from_secs(3))
                .build()?;
            let answer = client.get(&url).send().await?;
            let status = answer.status();
            Ok::<_, reqwest::Error>((status, answer.text().await.unwrap_or_default()))
        })
        .map_err(|e| {
            let msg = Msg::new("cli-health-unreachable")
                .arg("url", url.as_str())
                .arg("error", e.to_string());
            anyhow::anyhow!(tr.msg(&msg))
        })?;
    let answered = Msg::new("cli-health-answered")
        .arg("url", url.as_str())
        .arg("status", status.to_string())
        .arg("body", body.trim());
    anyhow::ensure!(status.is_success(), tr.msg(&answered));
    print!("{body}");
    Ok(())
}
