#!/bin/sh
# Makes a PostgreSQL server available on 127.0.0.1 for the store tests and prints one line,
#   export SAIKORO_TEST_POSTGRES_URL=postgres://...?sslmode=verify-full&sslrootcert=...
# for the caller to eval: eval "$(.ci/postgres.sh)". Everything else goes to stderr.
# The test role may connect over TLS only (as managed databases require), with a certificate
# for 127.0.0.1 signed by a CA made here, so the tests run the bot's TLS path for real.
# Idempotent: a server already answering on the port is reused; Debian's packages are installed
# only when no server binaries exist; the role, database and certificates are made only when
# missing, and the TLS settings are applied on every run.
set -eu

PORT="${SAIKORO_PG_PORT:-5432}"
ROLE=saikoro_test
PASSWORD=saikoro_test
DB=saikoro_test

log() { echo "postgres.sh: $*" >&2; }

ready() {
    command -v pg_isready >/dev/null 2>&1 && pg_isready -q -h 127.0.0.1 -p "$PORT"
}

# The server refuses to run as root, and the admin connection uses peer authentication.
as_postgres() {
    if [ "$(id -u)" = 0 ]; then
        (cd /tmp && runuser -u postgres -- "$@")
    else
        (cd /tmp && sudo -n -u postgres -- "$@")
    fi
}

newest_server() {
    ls -d /usr/lib/postgresql/*/bin/postgres 2>/dev/null | sort -V | tail -n 1
}

if ! ready; then
    if [ -z "$(newest_server)" ] || ! command -v pg_ctlcluster >/dev/null 2>&1; then
        log "installing postgresql from Debian's packages"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update >&2
        apt-get install -y --no-install-recommends postgresql >&2
    fi
    # The package's post-install may have started its cluster already.
    if ! ready; then
        cluster=$(pg_lsclusters -h | awk -v p="$PORT" '$3 == p { print $1 " " $2; exit }')
        if [ -z "$cluster" ]; then
            version=$(basename "$(dirname "$(dirname "$(newest_server)")")")
            log "creating cluster $version/saikoro on port $PORT"
            pg_createcluster "$version" saikoro -p "$PORT" >&2
            echo "listen_addresses = '127.0.0.1'" >"/etc/postgresql/$version/saikoro/conf.d/loopback.conf"
            cluster="$version saikoro"
        fi
        log "starting cluster $cluster"
        # shellcheck disable=SC2086 # "version name" is two arguments
        pg_ctlcluster $cluster start >&2
    fi
    tries=0
    until ready; do
        tries=$((tries + 1))
        if [ "$tries" -ge 60 ]; then
            log "PostgreSQL did not come up on 127.0.0.1:$PORT"
            exit 1
        fi
        sleep 0.5
    done
fi

admin() {
    as_postgres psql -X -q -v ON_ERROR_STOP=1 -p "$PORT" -d postgres "$@"
}

HAVE_ADMIN=no
if admin -tAc "SELECT 1" >/dev/null 2>&1; then
    HAVE_ADMIN=yes
    if ! admin -tAc "SELECT 1 FROM pg_roles WHERE rolname = '$ROLE'" | grep -q 1; then
        log "creating role $ROLE"
        admin -c "CREATE ROLE $ROLE LOGIN PASSWORD '$PASSWORD'" >&2
    fi
    if ! admin -tAc "SELECT 1 FROM pg_database WHERE datname = '$DB'" | grep -q 1; then
        log "creating database $DB"
        admin -c "CREATE DATABASE $DB OWNER $ROLE" >&2
    fi
else
    log "no local admin access to the server on port $PORT; assuming role $ROLE and database $DB exist"
fi

# A CA and a server certificate for 127.0.0.1, kept beside the clusters (readable by the server).
TLS_DIR=/var/lib/postgresql/saikoro-tls
CA="$TLS_DIR/ca.crt"
make_certificates() {
    log "making a test CA and a server certificate in $TLS_DIR"
    mkdir -p "$TLS_DIR"
    openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj "/CN=saikoro test CA" \
        -keyout "$TLS_DIR/ca.key" -out "$CA" 2>/dev/null
    openssl req -newkey rsa:2048 -nodes -subj "/CN=127.0.0.1" \
        -keyout "$TLS_DIR/server.key" -out "$TLS_DIR/server.csr" 2>/dev/null
    printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\n' >"$TLS_DIR/ext.cnf"
    openssl x509 -req -in "$TLS_DIR/server.csr" -CA "$CA" -CAkey "$TLS_DIR/ca.key" \
        -CAcreateserial -days 3650 -extfile "$TLS_DIR/ext.cnf" -out "$TLS_DIR/server.crt" 2>/dev/null
    chown -R postgres:postgres "$TLS_DIR"
    chmod 600 "$TLS_DIR/server.key" "$TLS_DIR/ca.key"
    chmod 644 "$CA"
}

# TLS on, and no plain TCP connection for the test role: pg_hba.conf is read top down, so the
# reject line goes first. Both settings take effect on a reload.
require_tls() {
    [ -s "$TLS_DIR/server.crt" ] || make_certificates
    admin -c "ALTER SYSTEM SET ssl = on" \
        -c "ALTER SYSTEM SET ssl_cert_file = '$TLS_DIR/server.crt'" \
        -c "ALTER SYSTEM SET ssl_key_file = '$TLS_DIR/server.key'" >&2
    hba=$(admin -tAc "SHOW hba_file")
    if ! grep -q "saikoro: TLS only" "$hba"; then
        log "requiring TLS for $ROLE in $hba"
        {
            echo "# saikoro: TLS only for the test role"
            echo "hostnossl all $ROLE 0.0.0.0/0 reject"
            echo "hostnossl all $ROLE ::/0 reject"
            cat "$hba"
        } >"$hba.new"
        chown postgres:postgres "$hba.new"
        mv "$hba.new" "$hba"
    fi
    admin -tAc "SELECT pg_reload_conf()" >/dev/null
}

if [ "$HAVE_ADMIN" = yes ]; then
    require_tls
fi

URL="postgres://$ROLE:$PASSWORD@127.0.0.1:$PORT/$DB?sslmode=verify-full&sslrootcert=$CA"
if ! PGPASSWORD="$PASSWORD" psql -X -q "$URL" -tAc "SELECT 1" >/dev/null; then
    log "cannot log in as $ROLE over TLS on 127.0.0.1:$PORT"
    exit 1
fi
echo "export SAIKORO_TEST_POSTGRES_URL='$URL'"
