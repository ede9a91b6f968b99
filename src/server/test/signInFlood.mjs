/**
 * Wrong sign-ins from ever-new client addresses, run as its own process (so the server's process is not
 * the one generating the load): `node src/server/test/signInFlood.mjs <url> <concurrent> <ms> [kinds]`. Each of
 * `concurrent` loops sends one wrong sign-in after another, every one from a new address named in
 * X-Forwarded-For (the server must trust one proxy hop: PROMENADE_TRUST_PROXY=1), so no per-address
 * limit ever applies. In turn: a wrong access code for one of the demo's nine officials, a wrong
 * password for the administrator, a wrong password for an email nobody has (`kinds`, default `oan`: a
 * letter each, in turn). Prints `{sent, statuses}`.
 */
const [url, concurrentText, msText, kinds = 'oan', admin = 'admin@example.com'] = process.argv.slice(2);
const concurrent = Number(concurrentText);
const until = Date.now() + Number(msText);
/** @type {Record<number, number>} */
const statuses = {};
let sent = 0;

/** @param {number} w */
async function loop(w) {
  for (let i = 0; Date.now() < until; i++) {
    const ip = `10.${w}.${(i >> 8) & 255}.${i & 255}`;
    const kind = 'oan'.indexOf(kinds[i % kinds.length]);
    const [path, body] =
      kind === 0
        ? [`/api/v1/competitions/demo/officials/${((w + i) % 9) + 1}/session`, { code: `W${w}X${i}` }]
        : [
            '/api/v1/auth/login',
            { email: kind === 1 ? admin : `nobody${w}x${i}@example.com`, password: `wrong-${w}-${i}` },
          ];
    try {
      const res = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify(body),
      });
      await res.arrayBuffer();
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    } catch {
      statuses.error = (statuses.error ?? 0) + 1;
    }
    sent++;
  }
}

await Promise.all(Array.from({ length: concurrent }, (_, w) => loop(w + 1)));
process.stdout.write(JSON.stringify({ sent, statuses }) + '\n');
