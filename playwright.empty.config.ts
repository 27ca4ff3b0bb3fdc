// The empty-platform story (issue 28): a server started with no demo data, its first super admin
// made by `npm run create-admin`, its mail sent over real SMTP to a local sink. Nothing is seeded
// but reference data, so whatever the story needs it makes through the product itself.
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

const PORT = Number(process.env.E2E_EMPTY_PORT ?? 8281);
const SMTP_PORT = PORT + 1000;
export const EMPTY_BASE_URL = `http://127.0.0.1:${PORT}`;
export const EMPTY_DATA_DIR = `.tmp/e2e-empty-${PORT}`;
/** The first super admin, as an operator would make it (its password must be changed at first sign-in). */
export const FIRST_ADMIN = { userName: 'ada.okafor', email: 'ada.okafor@rivet.example.ng', password: 'First#Admin2026' };

export default defineConfig({
  ...base,
  testDir: 'tests/e2e-empty',
  outputDir: `.tmp/test-results-empty-${PORT}`,
  timeout: 900_000,
  // The story makes its platform's first accounts on a server of its own: a retry would meet the
  // super admin it already signed in as. It runs once; a failure fails the run.
  retries: 0,
  use: { ...base.use, baseURL: EMPTY_BASE_URL, actionTimeout: 60_000 },
  webServer: [
    {
      command: `node --import tsx tests/e2e-empty/smtp-sink.ts`,
      port: SMTP_PORT,
      reuseExistingServer: false,
      env: { SMTP_PORT: String(SMTP_PORT), MAIL_DIR: `${EMPTY_DATA_DIR}-mail` },
    },
    {
      command:
        `rm -rf ${EMPTY_DATA_DIR} ${EMPTY_DATA_DIR}-mail/*.eml && ` +
        `npm run --silent create-admin -- --username ${FIRST_ADMIN.userName} --email ${FIRST_ADMIN.email} --first Ada --last Okafor && ` +
        `node --import tsx server/src/main.ts > .tmp/e2e-empty-server-${PORT}.log 2>&1`,
      url: `${EMPTY_BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: EMPTY_DATA_DIR,
        DATABASE_URL: '',
        PUBLIC_URL: EMPTY_BASE_URL,
        SEED_DEMO: 'false',
        ADMIN_PASSWORD: FIRST_ADMIN.password,
        LOG_LEVEL: 'info',
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        // No Paystack from this machine: a test deployment takes payments in the sandbox.
        PAYMENT_PROVIDER: 'sandbox',
        PAYSTACK_SECRET_KEY: '',
        PAYSTACK_PUBLIC_KEY: '',
        EXTERNAL_LOGIN_URL: '',
      },
    },
  ],
});
