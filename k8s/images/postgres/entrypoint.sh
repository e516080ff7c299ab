#!/bin/sh
# PostgreSQL 15 (Debian's package) for Engram: on the first start initdb into $PGDATA (a volume) with
# superuser engram, database engram, scram-sha-256 for every connection, listening on all addresses.
# The password comes from $POSTGRES_PASSWORD_FILE (a mounted secret) or $POSTGRES_PASSWORD.
# Runs as the postgres user; with a read-only root, /run/postgresql and /tmp must be tmpfs.
set -eu
bin=/usr/lib/postgresql/15/bin
: "${PGDATA:=/var/lib/postgresql/data}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -n "${POSTGRES_PASSWORD_FILE:-}" ]; then
    password="$(cat "$POSTGRES_PASSWORD_FILE")"
  else
    password="${POSTGRES_PASSWORD:-}"
  fi
  if [ -z "$password" ]; then
    echo "postgres: set POSTGRES_PASSWORD_FILE or POSTGRES_PASSWORD for the first start" >&2
    exit 1
  fi
  pwfile="$(mktemp)"
  printf '%s\n' "$password" >"$pwfile"
  "$bin/initdb" -D "$PGDATA" -U engram --pwfile="$pwfile" --auth=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8 >&2
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  echo "listen_addresses = '*'" >>"$PGDATA/postgresql.conf"
  echo "CREATE DATABASE engram OWNER engram;" | "$bin/postgres" --single -D "$PGDATA" postgres >/dev/null
  echo "postgres: initialised $PGDATA (user engram, database engram)" >&2
fi
exec "$bin/postgres" -D "$PGDATA" "$@"
