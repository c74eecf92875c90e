#!/usr/bin/env bash
# Proves the DATABASE_URL path against Debian's PostgreSQL (installed by
# .ci/run): migrate, seed the demo with SEED_DEMO=1, serve, health check.
# Needs root (it creates a throw-away role and database, and drops them).
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(ls /usr/lib/postgresql | sort -n | tail -1)
cluster_started=""
if ! pg_lsclusters -h 2>/dev/null | awk '{print $4}' | grep -q online; then
  pg_lsclusters -h | grep -q . || pg_createcluster "$version" main >/dev/null
  pg_ctlcluster "$version" main start
  cluster_started=1
fi
port=$(pg_lsclusters -h | awk '$4=="online"{print $3; exit}')
db="shop_ci_$$"
su postgres -c "psql -q -p $port -c \"DROP ROLE IF EXISTS shop_ci\"" >/dev/null 2>&1 || true
su postgres -c "psql -q -p $port -c \"CREATE ROLE shop_ci LOGIN PASSWORD 'shop_ci' CREATEDB\""
su postgres -c "createdb -p $port -O shop_ci $db"
su postgres -c "psql -q -p $port -d $db -c 'CREATE EXTENSION IF NOT EXISTS pg_trgm'"
export DATABASE_URL="postgresql://shop_ci:shop_ci@127.0.0.1:$port/$db"
cleanup() {
  [ -n "${server_pid:-}" ] && kill "$server_pid" 2>/dev/null || true
  su postgres -c "dropdb -p $port --if-exists $db" >/dev/null 2>&1 || true
  su postgres -c "psql -q -p $port -c 'DROP ROLE IF EXISTS shop_ci'" >/dev/null 2>&1 || true
  [ -n "$cluster_started" ] && pg_ctlcluster "$version" main stop || true
}
trap cleanup EXIT

npx prisma migrate deploy
SEED_DEMO=1 PORT=4990 SESSION_SECRET=ci-secret-0123456789abcdef0123456789abcdef node scripts/start.mjs > /tmp/shop-ci-server.log 2>&1 &
server_pid=$!
for _ in $(seq 1 90); do
  if curl -fsS http://127.0.0.1:4990/healthcheck 2>/dev/null | grep -qx OK; then break; fi
  sleep 1
done
curl -fsS http://127.0.0.1:4990/healthcheck | grep -qx OK || { cat /tmp/shop-ci-server.log; exit 1; }
products=$(curl -fsS "http://127.0.0.1:4990/api/products" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).products.length))')
[ "$products" -gt 0 ] || { echo "demo seed did not reach the external database"; exit 1; }
echo "external database: migrated, seeded ($products products on page 1), healthcheck OK"
