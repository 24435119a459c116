# Multi-stage build: compile with the Rust toolchain, run on a small Debian image as a non-root user.
FROM rust:1-bookworm AS build
WORKDIR /src
# The whole crate (the manifest names its tests and benches); .dockerignore keeps target/ out.
COPY . .
RUN cargo build --release --locked --bin saikoro

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home /data saikoro \
    && mkdir -p /data && chown saikoro /data
COPY --from=build /src/target/release/saikoro /usr/local/bin/saikoro
USER saikoro
WORKDIR /data
# The token comes from the environment; games are kept in the /data volume.
ENV SAIKORO_DATABASE_URL=sqlite:///data/saikoro.db \
    RUST_LOG=info
VOLUME ["/data"]
ENTRYPOINT ["saikoro"]
CMD ["run"]
