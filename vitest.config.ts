import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Vitest's default is one worker per core but one, which on a two-core CI machine is a single
    // file at a time; much of a server test is waiting on sockets, child processes and the sign-in
    // slow-down, so two files side by side keep both cores busy. Each file has its own server on its
    // own port and its own temporary database.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Cheaper password and access-code hashes for the many servers and sign-ins of the tests
    // (src/server/auth/passwords.ts); the same code runs, production keeps its cost.
    env: { PROMENADE_TEST_SCRYPT_N: '1024' },
  },
});
