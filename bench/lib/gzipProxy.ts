/**
 * A minimal reverse proxy that gzips text responses, as nginx/Caddy in front of Promenade would
 * (the server itself does not compress). Event streams pass through unbuffered. For the Lighthouse
 * figure "behind a compressing proxy" only.
 */
import { createServer, request, type Server } from 'node:http';
import { createGzip } from 'node:zlib';

export interface Proxy {
  url: string;
  close(): Promise<void>;
}

export async function gzipProxy(port: number, target: { port: number }): Promise<Proxy> {
  const server: Server = createServer((req, res) => {
    const upstream = request(
      { host: '127.0.0.1', port: target.port, method: req.method, path: req.url, headers: req.headers },
      (up) => {
        const type = String(up.headers['content-type'] ?? '');
        const compress =
          /gzip/.test(String(req.headers['accept-encoding'] ?? '')) &&
          !up.headers['content-encoding'] &&
          !type.startsWith('text/event-stream') &&
          /^(text\/|application\/(json|javascript)|image\/svg)/.test(type);
        const headers = { ...up.headers };
        if (compress) {
          delete headers['content-length'];
          headers['content-encoding'] = 'gzip';
          headers.vary = 'accept-encoding';
        }
        res.writeHead(up.statusCode ?? 502, headers);
        if (compress) up.pipe(createGzip({ level: 6 })).pipe(res);
        else up.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
