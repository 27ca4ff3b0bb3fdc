import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { learnerDb, setDatabaseForTests } from '../learner-pwa/src/offline/db';

afterEach(async () => {
  cleanup();
  // Each test starts with an empty learner database (outbox, kept courses, downloads).
  await learnerDb().delete();
  setDatabaseForTests(null);
});
