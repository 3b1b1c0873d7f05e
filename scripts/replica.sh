#!/usr/bin/env bash
# A second PostgreSQL cluster on this machine, a streaming replica (hot standby) of the local one,
# for trying read replicas out and for their tests (docs/SCALING.md, docs/OPERATIONS.md).
#   bash scripts/replica.sh up      # base backup of the primary, start the standby on REPLICA_PORT
#   bash scripts/replica.sh check   # is it a standby, streaming, and how far behind
#   bash scripts/replica.sh down    # stop it, remove its folder and the replication rule it added
#   bash scripts/replica.sh stop    # stop it, keeping its folder (the tests stop it under load)
#   bash scripts/replica.sh start   # start it again after `stop`; it catches up by streaming
# Settings: PRIMARY_HOST (127.0.0.1), PRIMARY_PORT (5432), REPLICA_PORT (5433),
# REPLICA_DIR (/var/tmp/toolshed-replica). Run as root (the cluster runs as the postgres user) or as
# the postgres user itself. `up` exits with 3, saying why, when this machine cannot make one (no
# pg_basebackup, no PostgreSQL server binaries, or the primary's pg_hba.conf out of reach).
set -euo pipefail

PRIMARY_HOST="${PRIMARY_HOST:-127.0.0.1}"
PRIMARY_PORT="${PRIMARY_PORT:-5432}"
REPLICA_PORT="${REPLICA_PORT:-5433}"
REPLICA_DIR="${REPLICA_DIR:-/var/tmp/toolshed-replica}"
DATA="$REPLICA_DIR/data"
LOG="$REPLICA_DIR/replica.log"
# The line `up` adds to the primary's pg_hba.conf, found and removed again by `down`.
HBA_MARK="# toolshed replica.sh"
HBA_LINE="host replication all 127.0.0.1/32 trust $HBA_MARK"

cannot() {
  echo "replica.sh: cannot make a replica here: $*" >&2
  exit 3
}

as_postgres() {
  if [ "$(id -un)" = postgres ]; then
    "$@"
  else
    runuser -u postgres -- "$@"
  fi
}

primary_sql() {
  psql -X -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" -U postgres -d postgres -Atqc "$1"
}

replica_sql() {
  psql -X -h 127.0.0.1 -p "$REPLICA_PORT" -U postgres -d postgres -Atqc "$1"
}

server_bin() {
  local major
  major="$(primary_sql 'show server_version_num' | cut -c1-2)"
  local dir="/usr/lib/postgresql/$major/bin"
  [ -x "$dir/pg_ctl" ] || cannot "no PostgreSQL $major server binaries in $dir"
  echo "$dir"
}

up() {
  command -v pg_basebackup >/dev/null || cannot "pg_basebackup is not installed (Debian: postgresql-client)"
  command -v psql >/dev/null || cannot "psql is not installed"
  primary_sql 'select 1' >/dev/null 2>&1 || cannot "no PostgreSQL primary answers at $PRIMARY_HOST:$PRIMARY_PORT"
  [ "$(id -un)" = postgres ] || [ "$(id -u)" = 0 ] || cannot "run as root or as the postgres user"
  local bin
  bin="$(server_bin)"
  if replica_sql 'select 1' >/dev/null 2>&1; then
    echo "replica.sh: something already answers on port $REPLICA_PORT; leaving it as it is" >&2
    check
    return
  fi
  local wal_level
  wal_level="$(primary_sql 'show wal_level')"
  [ "$wal_level" != minimal ] || cannot "the primary has wal_level=minimal (set it to replica and restart the primary)"

  # Replication connections match only pg_hba lines naming `replication`: allow them from this machine.
  local hba
  hba="$(primary_sql 'show hba_file')"
  [ -w "$hba" ] || cannot "the primary's $hba cannot be changed from here (add: host replication all 127.0.0.1/32 trust)"
  if ! grep -qF "$HBA_MARK" "$hba"; then
    # First, so that no earlier line refuses replication from this address.
    { echo "$HBA_LINE"; cat "$hba"; } >"$hba.toolshed-new"
    cat "$hba.toolshed-new" >"$hba"
    rm -f "$hba.toolshed-new"
    primary_sql 'select pg_reload_conf()' >/dev/null
    sleep 0.5
  fi

  rm -rf "$REPLICA_DIR"
  mkdir -p "$REPLICA_DIR"
  chown postgres:postgres "$REPLICA_DIR" 2>/dev/null || true
  chmod 700 "$REPLICA_DIR"
  echo "replica.sh: base backup of $PRIMARY_HOST:$PRIMARY_PORT into $DATA"
  # -R writes standby.signal and primary_conninfo; -X stream copies the WAL written meanwhile.
  as_postgres pg_basebackup -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" -U postgres -D "$DATA" -R -X stream -c fast

  # A Debian cluster keeps its configuration outside the data folder, so the copy has none: give it its
  # own. A hot standby needs max_connections (and the other limits) at least the primary's.
  local max_connections max_locks max_prepared max_workers
  max_connections="$(primary_sql 'show max_connections')"
  max_locks="$(primary_sql 'show max_locks_per_transaction')"
  max_prepared="$(primary_sql 'show max_prepared_transactions')"
  max_workers="$(primary_sql 'show max_worker_processes')"
  as_postgres tee "$DATA/postgresql.conf" >/dev/null <<CONF
listen_addresses = '127.0.0.1'
port = $REPLICA_PORT
unix_socket_directories = '/tmp'
max_connections = $((max_connections > 200 ? max_connections : 200))
max_locks_per_transaction = $max_locks
max_prepared_transactions = $max_prepared
max_worker_processes = $max_workers
hot_standby = on
# Tells the primary which rows the standby's queries still read, so vacuum there does not cancel them.
hot_standby_feedback = on
shared_buffers = 128MB
CONF
  as_postgres tee "$DATA/pg_hba.conf" >/dev/null <<HBA
local all all trust
host all all 127.0.0.1/32 trust
HBA
  : | as_postgres tee "$DATA/pg_ident.conf" >/dev/null
  # The copy of the primary's ALTER SYSTEM settings stays; a delay set by the tests must not.
  as_postgres sed -i '/recovery_min_apply_delay/d' "$DATA/postgresql.auto.conf"

  as_postgres "$bin/pg_ctl" -D "$DATA" -l "$LOG" -w -t 60 start
  for _ in $(seq 1 50); do
    if [ "$(replica_sql 'select pg_is_in_recovery()' 2>/dev/null || true)" = t ]; then
      check
      return
    fi
    sleep 0.2
  done
  cat "$LOG" >&2 || true
  echo "replica.sh: the replica did not come up as a standby" >&2
  exit 1
}

check() {
  local standby
  standby="$(replica_sql 'select pg_is_in_recovery()' 2>/dev/null || true)"
  if [ "$standby" != t ]; then
    echo "replica.sh: no standby answers on port $REPLICA_PORT" >&2
    exit 1
  fi
  echo "standby on 127.0.0.1:$REPLICA_PORT: replayed $(replica_sql 'select pg_last_wal_replay_lsn()'), age of the last transaction replayed: $(replica_sql "select coalesce((now() - pg_last_xact_replay_timestamp())::text, 'none replayed yet')")"
  echo "primary $PRIMARY_HOST:$PRIMARY_PORT: at $(primary_sql 'select pg_current_wal_lsn()'); streaming to: $(primary_sql "select coalesce(string_agg(client_addr || ' ' || state || ' replay ' || replay_lsn, ', '), 'nobody') from pg_stat_replication")"
}

down() {
  if [ -f "$DATA/postmaster.pid" ] && command -v psql >/dev/null && primary_sql 'select 1' >/dev/null 2>&1; then
    local bin
    bin="$(server_bin)"
    as_postgres "$bin/pg_ctl" -D "$DATA" -m fast -w -t 60 stop || true
  fi
  rm -rf "$REPLICA_DIR"
  # Leave the primary's pg_hba.conf as it was before `up`.
  if command -v psql >/dev/null && primary_sql 'select 1' >/dev/null 2>&1; then
    local hba
    hba="$(primary_sql 'show hba_file')"
    if [ -w "$hba" ] && grep -qF "$HBA_MARK" "$hba"; then
      grep -vF "$HBA_MARK" "$hba" >"$hba.toolshed-new" || true
      cat "$hba.toolshed-new" >"$hba"
      rm -f "$hba.toolshed-new"
      primary_sql 'select pg_reload_conf()' >/dev/null
    fi
  fi
  echo "replica.sh: replica stopped and removed"
}

stop() {
  as_postgres "$(server_bin)/pg_ctl" -D "$DATA" -m fast -w -t 60 stop
}

start() {
  as_postgres "$(server_bin)/pg_ctl" -D "$DATA" -l "$LOG" -w -t 60 start
}

case "${1:-}" in
  up) up ;;
  stop) stop ;;
  start) start ;;
  down) down ;;
  check) check ;;
  *)
    echo "usage: bash scripts/replica.sh up|down|check|stop|start" >&2
    exit 64
    ;;
esac
