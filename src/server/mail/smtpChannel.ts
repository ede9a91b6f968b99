/**
 * SMTP on a thread of its own. nodemailer builds each message (MIME parts, encodings) and talks to the
 * mail server in a worker thread (smtpThread.mjs), so a big send (6,000 confirmations after an import)
 * runs beside the event loop that answers the public pages instead of on it. The thread starts with the
 * first message and again after it died; a message it had when it died fails as "unreachable" and is
 * tried again later (retry.ts).
 */
import { Worker } from 'node:worker_threads';
import type { SendFailure } from './retry.ts';

export interface MailToSend {
  from: string;
  to: string | { name: string; address: string };
  subject: string;
  text: string;
  html?: string;
  messageId: string;
  headers?: Record<string, string>;
  date: Date;
}

interface Waiting {
  worker: Worker;
  resolve: () => void;
  reject: (failure: SendFailure) => void;
}

export class SmtpChannel {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();

  /** `transport`: nodemailer's transport options (plain data: they are copied to the thread). */
  constructor(private readonly transport: Record<string, unknown>) {}

  /** Resolves when the server accepted the message; rejects with what went wrong otherwise. */
  send(mail: MailToSend): Promise<void> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise<void>((resolve, reject) => {
      this.waiting.set(id, { worker, resolve, reject });
      worker.postMessage({ type: 'send', id, mail });
    });
  }

  /** Closes the connections and ends the thread (messages still on their way fail as unreachable). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ type: 'close' });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 5_000)))]);
    clearTimeout(timer);
    await worker.terminate();
  }

  private start(): Worker {
    const worker = new Worker(new URL('./smtpThread.mjs', import.meta.url), { workerData: this.transport });
    // The sender's stop() ends it; it must not keep a process alive by itself.
    worker.unref();
    worker.on('message', (answer: { id: number; failure?: SendFailure }) => {
      const waiting = this.waiting.get(answer.id);
      if (!waiting) return;
      this.waiting.delete(answer.id);
      if (answer.failure) waiting.reject(answer.failure);
      else waiting.resolve();
    });
    const lost = (message: string) => {
      if (this.worker === worker) this.worker = null;
      for (const [id, waiting] of this.waiting)
        if (waiting.worker === worker) {
          this.waiting.delete(id);
          waiting.reject({ code: 'ETHREAD', message });
        }
    };
    worker.on('error', (err) => lost(`the mail thread failed: ${err.message}`));
    worker.on('exit', (code) => lost(`the mail thread ended (exit code ${code})`));
    this.worker = worker;
    return worker;
  }
}
