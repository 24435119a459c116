# Multi-stage build: compile with the Rust toolchain, run on a small Debian image as a non-root user.
# The images are pinned so a rebuild gets the same toolchain and system: to update, pick a newer
# `rust:<version>-bookworm` (at least the crate's rust-version) and the newest dated
# `debian:bookworm-<yyyymmdd>-slim` from Docker Hub's tag lists, rebuild, and run the tests.
FROM rust:1.95.0-bookworm AS build
WORKDIR /src
# The whole crate (the manifest names its tests and benches); .dockerignore keeps target/ out.
COPY . .
RUN cargo build --release --locked --bin saikoro

FROM debian:bookworm-20251229-slim
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home /data saikoro \
    && mkdir -p /data && chown saikoro /data
COPY --from=build /src/target/release/saikoro /usr/local/bin/saikoro
USER saikoro
WORKDIR /data
# The token comes from DISCORD_TOKEN, or from a file named by SAIKORO_TOKEN_FILE (a Docker
# secret, see compose.yaml); games are kept in the /data volume.
ENV SAIKORO_DATABASE_URL=sqlite:///data/saikoro.db \
    SAIKORO_METRICS_ADDR=0.0.0.0:9100 \
    RUST_LOG=info
VOLUME ["/data"]
# Prometheus metrics at /metrics; /healthz and /readyz for orchestrators.
EXPOSE 9100
# Healthy once the database answers, the shards are connected and the stored games are loaded.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["saikoro", "health", "--ready"]
ENTRYPOINT ["saikoro"]
CMD ["run"]
