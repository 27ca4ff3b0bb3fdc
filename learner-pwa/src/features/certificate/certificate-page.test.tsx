import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Certificate } from '@rivet/shared/api/learning';
import { toast } from '@rivet/shared/ui/toast';
import { envelope, makeSession, renderApp, type FetchHandler } from '../../test/render-app';
import { CertificatePage } from './certificate-page';

const ID = 'RVT-7K2M-Q9XD-4HBA';
const certificate: Certificate = {
  certificateId: ID,
  learnerName: 'Ọláolúwa Adébáyọ̀',
  courseId: 5,
  courseTitle: 'Customer Service Excellence',
  institution: 'Lagos Business School',
  institutionLogo: '/media/demo/partners/lbs-logo.svg',
  issuedAt: '2026-11-23T09:00:00.000Z',
  signatories: [
    { name: 'Dr. Folake Adeniran', jobTitle: 'Dean', signatureUrl: '/media/demo/signatures/lbs-1.svg' },
    { name: 'Mr. Chidi Okafor', jobTitle: 'Director, Executive Education', signatureUrl: null },
  ],
  certificateUrl: `/api/Institution/Certificate/Pdf/${ID}`,
  verifyUrl: `https://learn.rivet.ng/certificate/verify/${ID}`,
};

const GENERATE = '/api/Institution/Certificate/GenerateCertificate';
const serve =
  (answer: () => Response): FetchHandler =>
  (request) =>
    new URL(request.url).pathname === GENERATE ? answer() : envelope(null, { status: 404 });

const open = (fetch: FetchHandler, path = '/certificate?courseId=5') =>
  renderApp(<CertificatePage />, { path, routePath: '/certificate', fetch, session: makeSession() });

describe('certificate page', () => {
  const { createObjectURL, revokeObjectURL } = URL;
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    toast.clear();
  });

  it('shows the learner’s certificate with its course, institution, date, id and signatories', async () => {
    const { calls } = open(serve(() => envelope(certificate)));
    expect(screen.getByText('Loading Certificate...')).toBeInTheDocument();

    const view = await screen.findByRole('article', { name: 'Certificate of Completion' });
    expect(within(view).getByText('Ọláolúwa Adébáyọ̀')).toBeInTheDocument();
    expect(within(view).getByText('Customer Service Excellence')).toBeInTheDocument();
    expect(within(view).getByText('offered by Lagos Business School')).toBeInTheDocument();
    expect(within(view).getByRole('img', { name: 'Lagos Business School logo' })).toHaveAttribute('src', '/media/demo/partners/lbs-logo.svg');
    expect(within(view).getByText('23 November 2026')).toBeInTheDocument();
    expect(within(view).getByText(ID)).toBeInTheDocument();
    const signatories = within(view).getByRole('list', { name: 'Signed by' });
    expect(within(signatories).getAllByRole('listitem')).toHaveLength(2);
    expect(within(signatories).getByRole('img', { name: 'Signature of Dr. Folake Adeniran' })).toHaveAttribute('src', '/media/demo/signatures/lbs-1.svg');
    expect(within(signatories).getByText('Director, Executive Education')).toBeInTheDocument();
    expect(within(view).getByRole('link', { name: 'Verify this certificate' })).toHaveAttribute('href', `/certificate/verify/${ID}`);

    const query = new URL(calls.find((c) => new URL(c.url).pathname === GENERATE)!.url).searchParams;
    expect(query.get('courseId')).toBe('5');
    expect(query.get('userId')).toBe('u-1');
  });

  it('downloads the PDF as certificate.pdf, saying Loading Certificate... meanwhile', async () => {
    let release: (response: Response) => void = () => {};
    const pdfFetch = vi.fn(() => new Promise<Response>((resolve) => (release = resolve)));
    vi.stubGlobal('fetch', pdfFetch);
    const objectUrl = vi.fn(() => 'blob:certificate');
    Object.assign(URL, { createObjectURL: objectUrl, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    open(serve(() => envelope(certificate)));

    await user.click(await screen.findByRole('button', { name: 'Download Certificate' }));
    expect(await screen.findByRole('button', { name: 'Loading Certificate...' })).toBeInTheDocument();
    expect(pdfFetch).toHaveBeenCalledWith(certificate.certificateUrl, expect.anything());
    release(new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } }));
    expect(await screen.findByRole('button', { name: 'Download Certificate' })).toBeInTheDocument();
    expect(objectUrl).toHaveBeenCalled();
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('certificate.pdf');
  });

  it('copies the verification link to share', async () => {
    const user = userEvent.setup();
    open(serve(() => envelope(certificate)));
    expect(await screen.findByRole('textbox', { name: 'Verification link' })).toHaveValue(certificate.verifyUrl);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(certificate.verifyUrl);
    const linkedIn = screen.getByRole('link', { name: 'Add to LinkedIn' });
    expect(linkedIn.getAttribute('href')).toContain(`certId=${ID}`);
    expect(linkedIn).toHaveAttribute('target', '_blank');
  });

  it('sends a learner who has not finished the course back to it', async () => {
    open(serve(() => envelope(null, { status: 422, description: 'Complete the course to get your certificate' })));
    expect(await screen.findByText('Complete the course to get your certificate')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue the course' })).toHaveAttribute('href', '/course/delivery?courseId=5');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('shows what went wrong and lets the learner try again', async () => {
    let fail = true;
    const user = userEvent.setup();
    open(serve(() => (fail ? envelope(null, { status: 500, description: 'Something went wrong on our side. Please try again.' }) : envelope(certificate))));
    expect(await screen.findByText('Something went wrong on our side. Please try again.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Certificate of Completion' })).toBeInTheDocument();
  });

  it('says the certificate will be ready once back online when there is no connection to issue it', async () => {
    open(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await screen.findByText("Your certificate will be ready to view when you're back online.")).toBeInTheDocument();
    expect(screen.getByText("You're offline.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('points to the dashboard when no course is given', () => {
    const { calls } = open(serve(() => envelope(certificate)), '/certificate');
    expect(screen.getByRole('heading', { name: 'Certificates' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(calls).toHaveLength(0);
  });
});
