// @ts-check
/**
 * The mail thread (smtpChannel.ts starts it): nodemailer's pool, with the options it was started with,
 * sends what the sender posts and answers each with its outcome. Plain JavaScript so that it loads the
 * same under tsx, Vitest and a built server: a worker thread does not share its parent's TypeScript
 * loader.
 */
import { parentPort, workerData } from 'node:worker_threads';
import nodemailer from 'nodemailer';

if (!parentPort) throw new Error('smtpThread.mjs runs as a worker thread');
const port = parentPort;
const transport = nodemailer.createTransport(workerData);

port.on('message', (/** @type {{ type: 'send', id: number, mail: object } | { type: 'close' }} */ m) => {
  if (m.type === 'close') {
    transport.close();
    port.close();
    return;
  }
  transport.sendMail(m.mail).then(
    () => port.postMessage({ id: m.id }),
    (/** @type {{ code?: unknown, responseCode?: unknown, response?: unknown, message?: unknown }} */ err) =>
      port.postMessage({
        id: m.id,
        failure: {
          ...(typeof err.code === 'string' && { code: err.code }),
          ...(typeof err.responseCode === 'number' && { responseCode: err.responseCode }),
          ...(typeof err.response === 'string' && { response: err.response }),
          message: String(err.message ?? err),
        },
      }),
  );
});
