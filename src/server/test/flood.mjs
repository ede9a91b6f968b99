/**
 * A registration flood from many client addresses, run as its own process (so the server's process
 * is not the one generating the load): `node src/server/test/flood.mjs <url> <addresses>
 * <ms> <tag>`. Each address registers couples one after another, as `X-Forwarded-For` names it (the
 * server must trust one proxy hop: PROMENADE_TRUST_PROXY=1). Prints `{sent, statuses}` as JSON.
 */
const [url, addressesText, msText, tag = 'flood'] = process.argv.slice(2);
const addresses = Number(addressesText);
const until = Date.now() + Number(msText);
/** @type {Record<number, number>} */
const statuses = {};
let sent = 0;

/** @param {number} a */
async function address(a) {
  const ip = `10.77.${a >> 8}.${a & 255}`;
  for (let i = 0; Date.now() < until; i++) {
    const n = `${tag}${a}x${i}`;
    const res = await fetch(`${url}/api/v1/competitions/demo/registrations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({
        lead: { name: `Flood Lead ${n}`, email: `fl-${n}@example.com` },
        follow: { name: `Flood Follow ${n}`, email: `ff-${n}@example.com` },
        affiliation: 'Flood Team',
        events: ['bronze-latin-c-r-s'],
        consents: { liability: true, media: false },
      }),
    });
    await res.arrayBuffer();
    sent++;
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    // A 429 says this address is over its limit: wait as a real client would, not hammer.
    if (res.status === 429) await new Promise((r) => setTimeout(r, 1000));
  }
}

await Promise.all(Array.from({ length: addresses }, (_, a) => address(a + 1)));
process.stdout.write(JSON.stringify({ sent, statuses }) + '\n');
