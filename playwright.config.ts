// End-to-end tests: the production build served by the real server, on a fresh embedded
// database, driven in Debian's Chromium (never a downloaded browser).
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8181);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.E2E_PORT ? `.tmp/test-results-${PORT}` : '.tmp/test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // A hang guard: a long story (a course built and reviewed end to end) on a busy 2-core machine
  // runs past a minute without anything being wrong, more with an axe scan at every screenshot
  // (decision 093: about a second each, several at a load of 20).
  timeout: 180_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // One project: the stories share one server and database (a forced password change happens
  // once), and each key step is photographed at both phone and desktop sizes (tests/e2e/snap.ts).
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } } }],
  webServer: {
    // The log goes to a file. With no SMTP configured and demo data, e-mails are written whole to
    // DATA_DIR/mail/*.eml (tests/e2e/mail.ts reads them); the log names them, never their links.
    // tests/e2e/seed-staff.ts first adds a staff account per role (see tests/e2e/staff-accounts.ts).
    command: `rm -rf .tmp/e2e-data-${PORT} && node --import tsx tests/e2e/seed-staff.ts && node --import tsx server/src/main.ts > .tmp/e2e-server-${PORT}.log 2>&1`,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    // Seeding the embedded database alone took 51 s (5 s of CPU) on a 2-core machine at load 31:
    // start-up waits for CPU, not for a hang, so the wait is generous.
    timeout: 180_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: `.tmp/e2e-data-${PORT}`,
      // Always the embedded database here, whatever the shell says: each run starts empty.
      DATABASE_URL: '',
      PUBLIC_URL: BASE_URL,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'info',
      EXTERNAL_LOGIN_URL: 'https://accounts.example.ng/login',
      // Every story registers its own learners from one address; the limit itself has API tests.
      RATE_LIMIT_REGISTER_PER_IP: '200',
      // Payments go to the built-in test sandbox, whatever the shell says (asked for explicitly:
      // without demo data the server would refuse to start with no Paystack keys).
      PAYMENT_PROVIDER: 'sandbox',
      SMTP_URL: '',
      PAYSTACK_SECRET_KEY: '',
      PAYSTACK_PUBLIC_KEY: '',
    },
  },
});
