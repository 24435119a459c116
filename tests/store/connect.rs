//! Connecting: the SQLite file's mode, unknown URLs, a TLS-only PostgreSQL server.

use super::*;

#[tokio::test]
async fn sqlite_file_is_created_in_wal_mode() {
    let dir = std::env::temp_dir().join(format!("saikoro-store-{}", unique_name()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path: PathBuf = dir.join("fresh.db");
    assert!(!path.exists());
    let url = format!("sqlite://{}", path.display());
    let store = Store::connect(&url).await.expect("connect");
    assert!(path.exists(), "the file is created on first run");
    store.close().await;

    let mut conn = sqlx::SqliteConnection::connect(&url).await.expect("open");
    let mode: String = sqlx::query_scalar("PRAGMA journal_mode")
        .fetch_one(&mut conn)
        .await
        .expect("pragma");
    assert_eq!(mode, "wal");
    conn.close().await.expect("close");
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn an_unknown_url_scheme_is_refused() {
    assert!(matches!(
        Store::connect("mysql://localhost/saikoro").await,
        Err(StoreError::Invalid(_))
    ));
}

/// CI's server takes the test role over TLS only (`.ci/postgres.sh`): a URL that turns TLS off is
/// refused with what to change, and the configured URL (verify-full) connects.
#[tokio::test]
#[cfg_attr(
    not(postgres_tests),
    ignore = "needs PostgreSQL: set SAIKORO_TEST_POSTGRES_URL, e.g. eval \"$(bash .ci/postgres.sh)\""
)]
async fn a_plain_connection_to_a_tls_only_server_is_refused_clearly_on_postgres() {
    let schema = Schema::create("saikoro_tls").await;
    let url = schema.url();
    assert!(
        url.contains("sslmode=verify-full"),
        "CI connects with verify-full: {url}"
    );
    let plain = url.replace("sslmode=verify-full", "sslmode=disable");
    let refused = Store::connect(&plain).await.err();
    let connected = Store::connect(&url).await.map(|_| ());
    schema.drop().await;
    let refused = refused.expect("a plain connection is refused");
    assert!(matches!(refused, StoreError::TlsRequired), "{refused:?}");
    assert!(refused.to_string().contains("sslmode=require"), "{refused}");
    connected.expect("the TLS connection is taken");
}
