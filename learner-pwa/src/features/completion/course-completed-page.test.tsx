import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Certificate, PlayerContent } from '@rivet/shared/api/learning';
import { toast } from '@rivet/shared/ui/toast';
import { envelope, makeSession, renderApp, type FetchHandler } from '../../test/render-app';
import { playerContent } from '../../test/learner-course-fixtures';
import { CourseCompletedPage } from './course-completed-page';

afterEach(() => {
  act(() => toast.clear());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const certificate: Certificate = {
  certificateId: 'RVT-2026-0001',
  learnerName: 'Ada Obi',
  courseId: 5,
  courseTitle: 'Customer Service Excellence',
  institution: 'University of Lagos',
  institutionLogo: null,
  issuedAt: '2026-02-10T10:00:00.000Z',
  signatories: [],
  certificateUrl: '/api/Institution/Certificate/Pdf/RVT-2026-0001',
  verifyUrl: '/certificate/verify/RVT-2026-0001',
};

function api(content: PlayerContent | Response, issue: () => Response | Promise<Response> = () => envelope(certificate)): FetchHandler {
  return (request) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/Course/Course/Enrolled/Details/u-1/5') return content instanceof Response ? content : envelope(content);
    if (url.pathname === '/api/Institution/Certificate/GenerateCertificate' && url.searchParams.get('courseId') === '5') return issue();
    return envelope(null, { status: 404 });
  };
}

function show(path: string, fetch: FetchHandler) {
  return renderApp(<CourseCompletedPage />, {
    path,
    routePath: '/course/course-completed',
    session: makeSession(),
    fetch,
    routes: [{ path: '/course/delivery', element: <p>Player</p> }],
  });
}

describe('course completed', () => {
  it('congratulates the learner, naming the course and its institution, and lists the completed modules', async () => {
    show('/course/course-completed?courseId=5', api(playerContent({ completed: true })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Congratulations!' })).toBeInTheDocument();
    expect(screen.getByText(/You have successfully completed/)).toHaveTextContent(
      'You have successfully completed Customer Service Excellence offered by University of Lagos.',
    );
    const modules = screen.getByRole('region', { name: 'Completed modules' });
    expect(within(modules).getAllByRole('listitem').map((li) => li.querySelector('.completion__module-title')?.textContent)).toEqual([
      'Know your customer',
      'Handling complaints',
    ]);
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'View certificate' })).toHaveAttribute('href', '/certificate?courseId=5');
    expect(screen.getByRole('link', { name: 'Tell the educators in a short survey' })).toHaveAttribute('href', '/course/5/survey');
  });

  it('says Loading Certificate... while the certificate is issued, then offers Download Certificate', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    show(
      '/course/course-completed?courseId=5',
      api(playerContent({ completed: true, surveySubmitted: true }), async () => {
        await gate;
        return envelope(certificate);
      }),
    );
    expect(await screen.findByRole('button', { name: 'Loading Certificate...' })).toBeInTheDocument();
    release();
    expect(await screen.findByRole('button', { name: 'Download Certificate' })).toBeInTheDocument();
    expect(screen.queryByText(/short survey/)).not.toBeInTheDocument();
  });

  it('saves the certificate as certificate.pdf', async () => {
    const user = userEvent.setup();
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      fetched.push(String(input));
      return new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } });
    });
    URL.createObjectURL = () => 'blob:certificate';
    URL.revokeObjectURL = () => undefined;
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    show('/course/course-completed?courseId=5', api(playerContent({ completed: true })));
    await user.click(await screen.findByRole('button', { name: 'Download Certificate' }));
    await waitFor(() => expect(saved).toEqual(['certificate.pdf blob:certificate']));
    expect(fetched).toEqual(['/api/Institution/Certificate/Pdf/RVT-2026-0001']);
  });

  it('shows a toast when the certificate cannot be downloaded', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', async () => new Response('gone', { status: 500 }));
    show('/course/course-completed?courseId=5', api(playerContent({ completed: true })));
    await user.click(await screen.findByRole('button', { name: 'Download Certificate' }));
    expect(await screen.findByText('We couldn’t download your certificate. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Certificate' })).not.toHaveAttribute('aria-disabled');
  });

  it('tells a learner who has not finished the course so, with a way back to it', async () => {
    const user = userEvent.setup();
    const { router } = show('/course/course-completed?courseId=5', api(playerContent({ completed: false, percentage: 50 })));
    expect(await screen.findByRole('heading', { level: 1, name: 'You haven’t finished this course yet' })).toBeInTheDocument();
    expect(screen.queryByText('Congratulations!')).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Course progress' })).toHaveAttribute('aria-valuenow', '50');
    await user.click(screen.getByRole('link', { name: 'Continue the course' }));
    expect(router.state.location.pathname).toBe('/course/delivery');
    expect(router.state.location.state).toEqual({ courseId: 5, userId: 'u-1', currentModule: 51, currentSection: 512 });
  });

  it('points to the dashboard when no course is given', () => {
    show('/course/course-completed', api(playerContent()));
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('says the course is not found when the learner is not enrolled in it', async () => {
    show('/course/course-completed?courseId=5', api(envelope(null, { status: 403, description: 'Not enrolled' })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Course not found' })).toBeInTheDocument();
  });
});
