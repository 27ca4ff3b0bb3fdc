import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, renderApp } from '../../test/render-app';
import { PrivacyPage, period } from './privacy-page';

const NOTICE = '/api/Configuration/Privacy/Notice';

function notice(data: unknown) {
  return (request: Request) => (new URL(request.url).pathname === NOTICE ? envelope(data) : envelope(null, { status: 404 }));
}

describe('privacy notice', () => {
  it('names the contact and the periods set on Privacy & Settings', async () => {
    renderApp(<PrivacyPage />, {
      fetch: notice({
        signInRecordsDays: 180,
        resetLinksDays: 2,
        emailCopiesDays: 60,
        contact: { name: 'Ngozi Adeyemi', email: 'dpo@rivet.ng', phone: '+234 803 555 0199', address: '12 Broad Street\nLagos Island' },
      }),
    });
    const contact = await screen.findByRole('group', { name: 'Data protection contact' }).catch(() => screen.findByLabelText('Data protection contact'));
    expect(await within(contact).findByText('Ngozi Adeyemi')).toBeInTheDocument();
    expect(within(contact).getByRole('link', { name: 'dpo@rivet.ng' })).toHaveAttribute('href', 'mailto:dpo@rivet.ng');
    expect(within(contact).getByRole('link', { name: '+234 803 555 0199' })).toHaveAttribute('href', 'tel:+2348035550199');
    expect(within(contact).getByText(/12 Broad Street/)).toBeInTheDocument();
    expect(screen.getByText(/Our data protection contact is Ngozi Adeyemi/)).toBeInTheDocument();
    expect(screen.getByText(/then 6 months/)).toBeInTheDocument();
    expect(screen.getByText(/deleted 2 days later/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'privacy@rivet.ng' })).toBeNull();
  });

  it('names the Data Protection Officer at privacy@rivet.ng when no contact is set, or the answer cannot be had', async () => {
    renderApp(<PrivacyPage />, { fetch: notice({ signInRecordsDays: 365, resetLinksDays: 1, emailCopiesDays: 90, contact: { name: null, email: null, phone: null, address: null } }) });
    expect(await screen.findByText(/Our Data Protection Officer can be reached at/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'privacy@rivet.ng' }).length).toBeGreaterThan(2);
    expect(screen.getByText(/then 12 months/)).toBeInTheDocument();
  });

  it('says periods in months where they are whole months', () => {
    expect([365, 180, 30, 1, 45, 90].map(period)).toEqual(['12 months', '6 months', '1 month', '1 day', '45 days', '3 months']);
  });
});
