//! Compiles the PostgreSQL tests in only when a server is configured, so a run without one shows
//! them as ignored (with the reason) instead of counting them as passed.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    // sqlx::migrate! embeds the migrations: an edited one must rebuild the crate.
    println!("cargo:rerun-if-changed=migrations");
    println!("cargo:rustc-check-cfg=cfg(postgres_tests)");
    println!("cargo:rerun-if-env-changed=SAIKORO_TEST_POSTGRES_URL");
    if std::env::var_os("SAIKORO_TEST_POSTGRES_URL").is_some_and(|url| !url.is_empty()) {
        println!("cargo:rustc-cfg=postgres_tests");
    }
}
