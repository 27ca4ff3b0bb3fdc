import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { learnerDb, setDatabaseForTests } from '../learner-pwa/src/offline/db';

// findBy*/waitFor wait up to 1 s by default; on a loaded CI machine a screen's first fetch and
// render can take longer, which is not a defect of the screen.
configure({ asyncUtilTimeout: 4_000 });

// jsdom lays nothing out and has no scrollIntoView; screens call it after a press (sometimes in a
// later animation frame, after the test has ended), which must not throw there.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

afterEach(async () => {
  cleanup();
  // Each test starts with an empty learner database (outbox, kept courses, downloads).
  await learnerDb().delete();
  setDatabaseForTests(null);
});
