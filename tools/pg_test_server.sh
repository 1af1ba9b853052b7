#!/usr/bin/env bash
# A throwaway PostgreSQL server for the tests: initdb into a fresh temporary folder, start it on
# loopback (a free port), print its URL; stop it and delete the folder again.
#
#   url=$(tools/pg_test_server.sh start /tmp/pgtest.XXXX)   # the folder must not exist yet
#   tools/pg_test_server.sh stop /tmp/pgtest.XXXX
#
# Used by .ci/run and by the test session itself (tests/pg_server.py) when TEST_DATABASE_URL is
# unset. PostgreSQL refuses to run as root: as root, the server runs as the `postgres` user
# (the Debian package creates it), or a `pgtest` system user made for the purpose. Durability
# is switched off (fsync, synchronous_commit): the data is thrown away after the run.
set -euo pipefail

action=${1:?usage: pg_test_server.sh start|stop DIR}
dir=${2:?usage: pg_test_server.sh start|stop DIR}

bindir() {
    if command -v pg_config >/dev/null 2>&1 && [ -x "$(pg_config --bindir)/pg_ctl" ]; then
        pg_config --bindir
        return
    fi
    for candidate in /usr/lib/postgresql/*/bin; do
        if [ -x "$candidate/pg_ctl" ]; then
            echo "$candidate"
            return
        fi
    done
    if command -v pg_ctl >/dev/null 2>&1; then
        dirname "$(command -v pg_ctl)"
        return
    fi
    echo "pg_test_server: no PostgreSQL found (install postgresql-15, or set TEST_DATABASE_URL)" >&2
    exit 1
}

as_server_user() {
    if [ "$(id -u)" -ne 0 ]; then
        "$@"
        return
    fi
    local user=postgres
    if ! id "$user" >/dev/null 2>&1; then
        user=pgtest
        id "$user" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$user"
    fi
    chown -R "$user" "$dir"
    runuser -u "$user" -- "$@"
}

case "$action" in
start)
    bin=$(bindir)
    mkdir -m 0755 "$dir"
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    as_server_user "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C \
        --no-sync >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
    as_server_user "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories='$dir' -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" \
        start >"$dir/pg_ctl.log" 2>&1 || { cat "$dir/pg_ctl.log" "$dir/server.log" >&2; exit 1; }
    echo "postgresql://postgres@127.0.0.1:$port/postgres"
    ;;
stop)
    if [ -d "$dir/data" ]; then
        bin=$(bindir)
        as_server_user "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    ;;
*)
    echo "usage: pg_test_server.sh start|stop DIR" >&2
    exit 2
    ;;
esac
