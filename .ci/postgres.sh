#!/bin/sh
# Makes a PostgreSQL server available on 127.0.0.1 for the store tests and prints one line,
#   export SAIKORO_TEST_POSTGRES_URL=postgres://...
# for the caller to eval: eval "$(.ci/postgres.sh)". Everything else goes to stderr.
# Idempotent: a server already answering on the port is reused; Debian's packages are installed
# only when no server binaries exist; the role and database are created only when missing.
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

if admin -tAc "SELECT 1" >/dev/null 2>&1; then
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

URL="postgres://$ROLE:$PASSWORD@127.0.0.1:$PORT/$DB"
if ! PGPASSWORD="$PASSWORD" psql -X -q -h 127.0.0.1 -p "$PORT" -U "$ROLE" -d "$DB" -tAc "SELECT 1" >/dev/null; then
    log "cannot log in as $ROLE on 127.0.0.1:$PORT"
    exit 1
fi
echo "export SAIKORO_TEST_POSTGRES_URL=$URL"
