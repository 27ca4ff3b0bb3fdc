import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { learnerDb, setDatabaseForTests } from '../learner-pwa/src/offline/db';

// findBy*/waitFor wait up to 1 s by default; on a loaded CI machine a screen's first fetch and
// render can take longer, which is not a defect of the screen.
configure({ asyncUtilTimeout: 4_000 });

afterEach(async () => {
  cleanup();
  // Each test starts with an empty learner database (outbox, kept courses, downloads).
  await learnerDb().delete();
  setDatabaseForTests(null);
});
