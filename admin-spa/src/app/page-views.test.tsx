import { describe, expect, it } from 'vitest';
import { ADMIN_PAGE_ROUTES, routePatterns } from '@rivet/shared/domain/page-views';
import { adminRoutes } from './routes';

describe('page views', () => {
  it('lists every admin route pattern the server will count, and only those', () => {
    const patterns = [...new Set(routePatterns(adminRoutes))].sort();
    expect([...ADMIN_PAGE_ROUTES].sort()).toEqual(patterns);
  });
});
