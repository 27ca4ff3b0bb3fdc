import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpointUrl } from '../api/contract';
import { recordPageView as recordPageViewEndpoint } from '../api/page-views';
import { PAGE_VIEW_URL, recordPageView, resetPageViews } from './page-views';

describe('page view beacon', () => {
  const sent: { url: string; init: RequestInit }[] = [];
  let online = true;
  beforeEach(() => {
    sent.length = 0;
    online = true;
    resetPageViews();
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return Promise.resolve(new Response(null));
    });
    vi.stubGlobal('navigator', {
      get onLine() {
        return online;
      },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the route pattern, never the address, without credentials, to the contract’s endpoint', () => {
    expect(PAGE_VIEW_URL).toBe(endpointUrl(recordPageViewEndpoint));
    recordPageView('learner', ['/', undefined, 'course/details/:id/:coursetitle?'], '/course/details/12/data-science');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(PAGE_VIEW_URL);
    expect(sent[0]!.init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'omit' });
    expect(JSON.parse(sent[0]!.init.body as string)).toEqual({ app: 'learner', route: '/course/details/:id/:coursetitle?' });
  });

  it('counts a page once however often it is drawn, and drops views made offline', () => {
    recordPageView('admin', ['/', undefined, 'dashboard'], '/dashboard');
    recordPageView('admin', ['/', undefined, 'dashboard'], '/dashboard');
    expect(sent).toHaveLength(1);
    online = false;
    recordPageView('admin', ['/', 'report/page-views'], '/report/page-views');
    expect(sent).toHaveLength(1);
    online = true;
    recordPageView('admin', ['/', undefined, 'dashboard'], '/dashboard');
    expect(sent).toHaveLength(2);
  });
});
