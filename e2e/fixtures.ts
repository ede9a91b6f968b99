/** The administrator the e2e server is started with (playwright.config.ts). */
export const E2E_ADMIN = { email: 'admin@example.com', password: 'secret123' };
