// Runs npm scripts side by side; fails if any of them fails. Typecheck, lint and build each keep about
// one core busy, so on a two-core CI machine together they take about as long as the slowest alone.
// Each script's output is printed whole when it ends, so the logs do not interleave.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
const started = Date.now();
const results = await Promise.all(
  names.map(
    (name) =>
      new Promise((resolve) => {
        const child = spawn('npm', ['run', name], {
          stdio: ['ignore', 'pipe', 'pipe'],
          shell: process.platform === 'win32',
        });
        const out = [];
        child.stdout.on('data', (b) => out.push(b));
        child.stderr.on('data', (b) => out.push(b));
        child.on('close', (code, signal) => {
          const status = code ?? (signal ? 1 : 0);
          process.stdout.write(Buffer.concat(out));
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          console.log(
            `── ${name}: ${status === 0 ? 'ok' : `failed (${signal ?? `exit ${code}`})`} after ${seconds} s`,
          );
          resolve(status);
        });
      }),
  ),
);
process.exit(results.some((status) => status !== 0) ? 1 : 0);
