//! `metrics_addr`: Prometheus metrics (`/metrics`), liveness (`/healthz`: the process answers)
//! and readiness (`/readyz`: the database answers, every shard of the process is connected and
//! the stored games are loaded), for Docker's HEALTHCHECK, Kubernetes' probes and Prometheus.

use crate::metrics;
use crate::session::Tables;
use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use axum::routing::get;
use std::sync::Arc;

/// What `/readyz` and `/metrics` look at.
#[derive(Clone)]
pub(super) struct Health {
    pub(super) tables: Arc<Tables>,
    /// How many shards this process runs.
    pub(super) shards: usize,
}

/// Binds `addr` and serves until the process ends; the bound address is logged.
pub(super) async fn serve(addr: &str, health: Health) -> anyhow::Result<tokio::task::JoinHandle<()>> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    tracing::info!(addr = %listener.local_addr()?, "serving /metrics, /healthz and /readyz");
    let app = Router::new()
        .route("/metrics", get(scrape))
        .route("/healthz", get(|| async { "ok\n" }))
        .route("/readyz", get(ready))
        .with_state(health);
    Ok(tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, app).await {
            tracing::error!(error = %e, "the metrics server stopped");
        }
    }))
}

async fn scrape(State(health): State<Health>) -> impl IntoResponse {
    for (game, (indexed, loaded)) in health.tables.census() {
        metrics::games(game, indexed, loaded);
    }
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")],
        metrics::text(),
    )
}

async fn ready(State(health): State<Health>) -> impl IntoResponse {
    let database = health.tables.database_answers().await;
    let problems = problems(
        database,
        metrics::shards_connected(),
        health.shards,
        metrics::restored(),
    );
    if problems.is_empty() {
        (StatusCode::OK, "ready\n".to_owned())
    } else {
        (StatusCode::SERVICE_UNAVAILABLE, problems.join("\n") + "\n")
    }
}

/// Why the process is not ready yet, one line each; none when it is.
fn problems(database: bool, connected: usize, shards: usize, restored: bool) -> Vec<String> {
    let mut problems = vec![];
    if !database {
        problems.push("the database does not answer".to_owned());
    }
    if !restored {
        problems.push("stored games are still loading".to_owned());
    }
    if connected < shards {
        problems.push(format!("{connected} of {shards} shards connected"));
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::problems;

    #[test]
    fn ready_only_with_the_database_the_games_and_every_shard() {
        assert!(problems(true, 2, 2, true).is_empty());
        assert_eq!(problems(true, 2, 2, false), ["stored games are still loading"]);
        assert_eq!(problems(true, 1, 2, true), ["1 of 2 shards connected"]);
        assert_eq!(problems(false, 2, 2, true), ["the database does not answer"]);
    }
}
