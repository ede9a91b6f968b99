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
    // Cheaper password and access-code hashes for the many servers and sign-ins of the tests
    // (src/server/auth/passwords.ts); the same code runs, production keeps its cost.
    env: { PROMENADE_TEST_SCRYPT_N: '1024' },
  },
});
