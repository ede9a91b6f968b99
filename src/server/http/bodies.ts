/**
 * Request bodies an attacker controls: one refused before it was read is never read (the socket is
 * closed with the answer), and one that does not arrive in time is cut off with 408 (a body
 * sent one byte every 5 s held its request open forever; Node's own requestTimeout does not cover a
 * body once the request reached its handler).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

const hasBody = (req: FastifyRequest) =>
  req.headers['transfer-encoding'] !== undefined ||
  (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

const LINGER_MS = 2000;

const TIMED_OUT = JSON.stringify({
  error: { code: 'request_timeout', message: 'The request body took too long to arrive.' },
});

export function installBodyGuards(app: FastifyInstance, bodyTimeoutMs: number): void {
  app.addHook('onRequest', async (req, rep) => {
    if (!hasBody(req)) return;
    const raw = req.raw;
    const out = rep.raw;
    const timer = setTimeout(() => {
      if (raw.readableEnded) return;
      req.server.refusals.warn(req, { ip: req.ip, url: req.url.split('?')[0] }, 'request body timed out');
      if (!out.headersSent) {
        out.writeHead(408, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(TIMED_OUT),
          connection: 'close',
        });
        out.end(TIMED_OUT, () => raw.socket.destroy());
      } else raw.socket.destroy();
    }, bodyTimeoutMs);
    timer.unref();
    const clear = () => clearTimeout(timer);
    raw.once('end', clear);
    raw.once('close', clear);
  });

  // An answer given before the body was read (401 from the access check, 413): the connection is
  // closed rather than kept for a body of up to 64 MiB that Node would read and discard. Node closes
  // it at once after the answer, which resets a client still sending and can lose the answer in its
  // buffer; so the close lingers: our side ends, the rest that arrives meanwhile is dropped unread,
  // and the socket is destroyed LINGER_MS later (nginx's lingering close).
  app.addHook('onSend', async (req, rep, payload) => {
    if (!hasBody(req) || req.raw.readableEnded) return payload;
    rep.header('connection', 'close');
    const socket = req.raw.socket;
    socket.destroySoon = () => {
      socket.end();
      setTimeout(() => socket.destroy(), LINGER_MS).unref();
    };
    return payload;
  });
}
