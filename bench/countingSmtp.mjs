// An SMTP server that takes any message and counts it per recipient, in a process of its own: taking
// thousands of messages a minute must not hold up the bench process's own requests, whose times the
// bench measures. It tells its parent (IPC) its port, then how many recipients got mail so far (at most
// every 50 ms, and when asked), with the first and last arrival times (epoch ms).
import { SMTPServer } from 'smtp-server';

const received = new Map();
let firstAt = 0;
let lastAt = 0;
let told = 0;
let telling = null;

const report = () => ({
  type: 'count',
  size: received.size,
  twice: [...received.values()].filter((n) => n > 1).length,
  firstAt,
  lastAt,
});

function tell() {
  if (telling) return;
  telling = setTimeout(() => {
    telling = null;
    told = received.size;
    process.send(report());
  }, 50);
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  size: 1024 * 1024,
  onData(stream, session, done) {
    stream.on('data', () => {});
    stream.on('end', () => {
      const at = Date.now();
      firstAt ||= at;
      lastAt = at;
      for (const r of session.envelope.rcptTo) {
        const address = r.address.toLowerCase();
        received.set(address, (received.get(address) ?? 0) + 1);
      }
      if (received.size !== told) tell();
      done();
    });
  },
});

process.on('message', (m) => {
  if (m === 'report') process.send(report());
  if (m === 'close') smtp.close(() => process.exit(0));
});

smtp.listen(0, '127.0.0.1', () => process.send({ type: 'port', port: smtp.server.address().port }));
