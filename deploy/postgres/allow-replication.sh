#!/bin/sh
# Run once by the postgres image when it creates the database: lets the `replica` service (and any
# other standby on the compose network) stream WAL, with the same password as every connection.
set -eu
echo "host replication all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
