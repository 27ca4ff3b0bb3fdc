import { describe, expect, it } from 'vitest';
import { LEARNER_PAGE_ROUTES, routePatterns } from '@rivet/shared/domain/page-views';
import { learnerRoutes } from './routes';

describe('page views', () => {
  it('lists every learner route pattern the server will count, and only those', () => {
    const patterns = [...new Set(routePatterns(learnerRoutes))].sort();
    expect([...LEARNER_PAGE_ROUTES].sort()).toEqual(patterns);
  });
});
