import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { envelope, renderApp, type FetchHandler } from '../../test/render-app';
import { VerifyCertificatePage } from './verify-page';

const ID = 'RVT-7K2M-Q9XD-4HBA';
const genuine = {
  valid: true,
  certificateId: ID,
  learnerName: 'Chioma Eze',
  courseTitle: 'Customer Service Excellence',
  institution: 'Lagos Business School',
  institutionLogo: '/media/demo/partners/lbs-logo.svg',
  issuedAt: '2026-11-23T09:00:00.000Z',
  withdrawnAt: null,
};

const server =
  (answers: Record<string, Response | (() => Response)>): FetchHandler =>
  (request) => {
    const id = decodeURIComponent(new URL(request.url).pathname.replace('/api/Institution/Certificate/Verify/', ''));
    const answer = answers[id];
    if (!answer) return envelope(null, { status: 404, description: 'We could not find a certificate with this ID' });
    return typeof answer === 'function' ? answer() : answer;
  };

// Signed out: the page is public.
const open = (fetch: FetchHandler, id = ID) => renderApp(<VerifyCertificatePage />, { path: `/certificate/verify/${id}`, routePath: '/certificate/verify/:certificateId', fetch });

describe('certificate verification page', () => {
  it('confirms a genuine certificate with the learner, course, institution, date and id', async () => {
    open(server({ [ID]: () => envelope(genuine) }));
    expect(screen.getByText('Checking certificate…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Certificate verified' })).toBeInTheDocument();
    const details = screen.getByText('Awarded to').closest('dl')!;
    expect(within(details).getByText('Chioma Eze')).toBeInTheDocument();
    expect(within(details).getByText('Customer Service Excellence')).toBeInTheDocument();
    expect(within(details).getByText('Lagos Business School')).toBeInTheDocument();
    expect(within(details).getByText('23 November 2026')).toBeInTheDocument();
    expect(within(details).getByText(ID)).toBeInTheDocument();
  });

  it('says a withdrawn certificate is no longer valid, without the learner’s name', async () => {
    open(server({ [ID]: () => envelope({ ...genuine, valid: false, learnerName: null, withdrawnAt: '2027-01-05T10:00:00.000Z' }) }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This certificate has been withdrawn' })).toBeInTheDocument();
    expect(screen.queryByText('Chioma Eze')).not.toBeInTheDocument();
    expect(screen.queryByText('Awarded to')).not.toBeInTheDocument();
    expect(screen.getByText('5 January 2027')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Certificate verified' })).not.toBeInTheDocument();
  });

  it('says when no certificate has the id, and checks another one typed in', async () => {
    const user = userEvent.setup();
    open(server({ [ID]: () => envelope(genuine) }), 'RVT-0000-0000-0000');
    expect(await screen.findByRole('heading', { level: 1, name: 'Certificate not found' })).toBeInTheDocument();
    expect(screen.getByText(/We could not find a certificate with this ID/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Certificate ID' }), ID);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Certificate verified' })).toBeInTheDocument();
  });
});
