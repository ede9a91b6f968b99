/**
 * A visitor reading public pages, run as its own process (as a phone would be, not sharing the server's
 * event loop): `node src/server/test/visitor.mjs <url> <ms> <path>…` GETs the paths in turn, as a
 * browser would (accepting compressed answers), for `ms`, and prints `{ "<path>": [ms, …], … }` as JSON.
 */
const [url, msText, ...paths] = process.argv.slice(2);
const until = Date.now() + Number(msText);
/** @type {Record<string, number[]>} */
const ms = Object.fromEntries(paths.map((p) => [p, []]));
for (let i = 0; Date.now() < until; i++) {
  const path = paths[i % paths.length];
  const started = performance.now();
  const res = await fetch(url + path, { headers: { 'accept-encoding': 'br, gzip' } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  ms[path].push(performance.now() - started);
}
process.stdout.write(JSON.stringify(ms) + '\n');
