//! `saikoro health`: asks a running bot's `/healthz` (or `/readyz`) on its `metrics_addr`, for
//! Docker's HEALTHCHECK in an image that has no curl.

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

/// Succeeds when the bot at `addr` answers 200; otherwise says what it answered.
pub fn check(args: &HealthArgs, addr: &str) -> anyhow::Result<()> {
    anyhow::ensure!(
        !addr.is_empty(),
        "no metrics_addr is configured, so the bot serves no health checks: set metrics_addr \
         (e.g. 0.0.0.0:9100) or pass --addr"
    );
    // A server listening on every interface is asked on this machine's loopback.
    let addr = addr.replace("0.0.0.0", "127.0.0.1");
    let path = if args.ready { "readyz" } else { "healthz" };
    let url = format!("http://{addr}/{path}");
    let runtime = tokio::runtime::Runtime::new()?;
    let (status, body) = runtime.block_on(async {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(3))
            .build()?;
        let answer = client.get(&url).send().await?;
        let status = answer.status();
        Ok::<_, reqwest::Error>((status, answer.text().await.unwrap_or_default()))
    })?;
    anyhow::ensure!(status.is_success(), "{url} answered {status}: {}", body.trim());
    print!("{body}");
    Ok(())
}
