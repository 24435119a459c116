//! A PostgreSQL schema of its own for one test or bench run, on the server named by
//! `SAIKORO_TEST_POSTGRES_URL` (`eval "$(bash .ci/postgres.sh)"` starts one), so runs can share
//! the server. The tests' `common` module and the benches include this file.

use sqlx::Connection;

pub const URL_VAR: &str = "SAIKORO_TEST_POSTGRES_URL";

pub struct Schema {
    base: String,
    pub name: String,
}

impl Schema {
    /// The configured server's URL, if any.
    pub fn server() -> Option<String> {
        std::env::var(URL_VAR).ok()
    }

    /// A new schema `<prefix>_<random>` on the configured server; a run that needs PostgreSQL
    /// without one fails here, saying how to get one, rather than passing untested.
    pub async fn create(prefix: &str) -> Schema {
        let base = Self::server().unwrap_or_else(|| {
            panic!("set {URL_VAR} (e.g. eval \"$(bash .ci/postgres.sh)\") to run on PostgreSQL")
        });
        let schema = Schema {
            base,
            name: format!("{prefix}_{}", rand::random::<u32>()),
        };
        schema.execute(&format!("CREATE SCHEMA {}", schema.name)).await;
        schema
    }

    /// The server's URL with this schema first on the search path.
    pub fn url(&self) -> String {
        let separator = if self.base.contains('?') { '&' } else { '?' };
        format!("{}{separator}options=-c%20search_path%3D{}", self.base, self.name)
    }

    pub async fn execute(&self, sql: &str) {
        let mut admin = sqlx::PgConnection::connect(&self.base)
            .await
            .expect("connect postgres");
        sqlx::raw_sql(sql).execute(&mut admin).await.expect(sql);
    }

    /// Drops the schema with everything in it.
    pub async fn drop(self) {
        self.execute(&format!("DROP SCHEMA {} CASCADE", self.name)).await;
    }
}
