import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { GettingStarted } from '@rivet/shared/api/getting-started';
import { fail, fakeFetch, ok, renderAdmin, staffSession } from '../../test/render-admin';
import { PartnerSignatoryNotice } from './partner-signatory-notice';

const URL = 'GET /api/Institution/Institution/GettingStarted';
const status = (patch: Partial<GettingStarted> = {}): GettingStarted => ({
  institutionId: 2, institutionName: 'University of Lagos', isActive: true, publishedCourses: 0, complete: false, items: [],
  instructors: 1, signatories: 0, platformSignatories: 0, platformName: 'Rivet Learning Platform', approvers: 1, workflows: 0, stuckWorkflows: [],
  settlement: true, bankName: 'Access Bank', revenueFormulas: 1, ...patch,
});

function show(answer: () => ReturnType<typeof ok>, role: 'SUPER ADMIN' | 'RIVET REPORT' = 'SUPER ADMIN') {
  const server = fakeFetch({ [URL]: answer });
  renderAdmin({ path: '/notice', session: staffSession(role), fetch: server.fetch, routes: [{ path: '/notice', element: <main><h1>Review</h1><PartnerSignatoryNotice institutionId={2} /></main> }] });
  return server;
}

describe('the QA notice of a partner without a certificate signatory', () => {
  it('says the partner has none, who signs meanwhile, and links to its Certificate Settings', async () => {
    const server = show(() => ok(status()));
    expect(await screen.findByText('University of Lagos has no active certificate signatory')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('carry only Rivet Learning Platform’s typed name, no signature');
    expect(screen.getByRole('link', { name: 'Open Certificate Settings' })).toHaveAttribute('href', '/configuration/certificate-settings?partner=2');
    expect(server.requests.find((r) => r.path.endsWith('/GettingStarted'))!.query).toEqual({ institutionId: '2' });
  });

  it('names the platform as signing when it has signatories', async () => {
    show(() => ok(status({ platformSignatories: 1 })));
    expect(await screen.findByRole('status')).toHaveTextContent('signed by Rivet Learning Platform on its behalf');
  });

  it('says nothing when the partner has a signatory', async () => {
    show(() => ok(status({ signatories: 2 })));
    await screen.findByRole('heading', { name: 'Review' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(/no active certificate signatory/)).toBeNull();
  });

  it('says nothing when the answer fails (the review goes on)', async () => {
    show(() => fail(500, 'Server error'));
    await screen.findByRole('heading', { name: 'Review' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('leaves out the link for a reviewer who cannot open Certificate Settings', async () => {
    show(() => ok(status()), 'RIVET REPORT');
    expect(await screen.findByText('University of Lagos has no active certificate signatory')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
