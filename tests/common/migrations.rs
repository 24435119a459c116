//! A database at an older schema version, for tests and benches of what a migration does to the
//! rows it finds. The history tests and the history bench include this file.

use sqlx::migrate::Migrator;
use std::borrow::Cow;

static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("migrations/sqlite");
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("migrations/postgres");

/// Migrates the database at `url` (`sqlite:…?mode=rwc` or `postgres://…`) up to `version` only;
/// `Store::connect` runs the rest.
pub async fn migrate_to(url: &str, version: i64) {
    let all = if url.starts_with("sqlite:") {
        &SQLITE_MIGRATIONS
    } else {
        &POSTGRES_MIGRATIONS
    };
    let upto = Migrator {
        migrations: Cow::Owned(all.iter().filter(|m| m.version <= version).cloned().collect()),
        ..Migrator::DEFAULT
    };
    if url.starts_with("sqlite:") {
        let pool = sqlx::SqlitePool::connect(url).await.expect("open sqlite");
        upto.run(&pool).await.expect("migrate sqlite");
        pool.close().await;
    } else {
        let pool = sqlx::PgPool::connect(url).await.expect("open postgres");
        upto.run(&pool).await.expect("migrate postgres");
        pool.close().await;
    }
}
