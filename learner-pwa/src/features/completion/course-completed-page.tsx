// Course completed (/course/course-completed?courseId=N; spec: Course completion): 'Congratulations!'
// naming the course and its institution, Continue, the completed modules, 'Download Certificate'
// (certificate.pdf; 'Loading Certificate...' while it is issued) and a link to the certificate page.
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { PlayerContent } from '@rivet/shared/api/learning';
import { errorMessage, isApiError } from '@rivet/shared/client/errors';
import { useSession } from '@rivet/shared/client/session-context';
import { Button, ButtonLink } from '@rivet/shared/ui/button';
import { ErrorAlert } from '@rivet/shared/ui/error-alert';
import { Link } from '@rivet/shared/ui/link';
import { ScreenState } from '@rivet/shared/ui/screen-state';
import { toast } from '@rivet/shared/ui/toast';
import { downloadCertificatePdf, useCertificate } from '../../api/use-certificate';
import { usePlayerContent } from '../../api/use-learning';
import { ProgressBar } from '../../components/progress-bar/progress-bar';
import { paths } from '../../paths';
import './completion.css';

export function CourseCompletedPage() {
  const [params] = useSearchParams();
  const courseId = Number(params.get('courseId'));
  const valid = Number.isInteger(courseId) && courseId > 0;
  const content = usePlayerContent(valid ? courseId : null);

  if (!valid) {
    return (
      <State title="Which course?">
        <p className="completion__text">Open a course you have finished from your dashboard to see your achievement.</p>
        <ButtonLink href={paths.dashboard}>Go to your dashboard</ButtonLink>
      </State>
    );
  }
  if (content.isPending) return <ScreenState kind="loading" page className="page" />;
  if (content.isError) {
    const status = isApiError(content.error) ? content.error.status : null;
    if (status === 403 || status === 404) {
      return (
        <State title="Course not found">
          <p className="completion__text">You are not enrolled in this course, or it is no longer available.</p>
          <ButtonLink href={paths.dashboard}>Go to your dashboard</ButtonLink>
        </State>
      );
    }
    return (
      <State title="Course completed">
        <ScreenState kind="error" error={content.error} onRetry={() => void content.refetch()} isRetrying={content.isFetching} />
      </State>
    );
  }
  if (!content.data.completed) return <NotCompleted course={content.data} />;
  return <Completed course={content.data} />;
}

function State({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page completion">
      <div className="completion__card completion__card--state">
        <h1 className="completion__title">{title}</h1>
        {children}
      </div>
    </div>
  );
}

function NotCompleted({ course }: { course: PlayerContent }) {
  const userId = useSession().profile?.userId ?? '';
  const state = { courseId: course.courseId, userId, currentModule: course.currentModule, currentSection: course.currentSection };
  return (
    <State title="You haven’t finished this course yet">
      <p className="completion__text">
        Finish every section of <strong>{course.title}</strong> to complete it and earn your certificate.
      </p>
      <ProgressBar label="Course progress" value={course.percentage} className="completion__progress" />
      <ButtonLink href={paths.deliveryFor(course.courseId)} routerOptions={{ state }}>
        Continue the course
      </ButtonLink>
    </State>
  );
}

function Completed({ course }: { course: PlayerContent }) {
  const modules = course.videos.filter((m) => m.items.length > 0 && m.items.every((item) => item.isCompleted));
  return (
    <div className="page completion">
      <section className="completion__card completion__hero" aria-labelledby="completion-title">
        <Trophy />
        <h1 id="completion-title" className="completion__title">
          Congratulations!
        </h1>
        <p className="completion__text completion__lead">
          You have successfully completed <strong>{course.title}</strong> offered by <strong>{course.institution}</strong>.
        </p>
        <div className="completion__actions">
          <DownloadCertificate courseId={course.courseId} />
          <ButtonLink variant="secondary" href={paths.dashboard}>
            Continue
          </ButtonLink>
        </div>
        <Link href={paths.certificateFor(course.courseId)} className="completion__view">
          View certificate
        </Link>
      </section>

      <section className="completion__card completion__modules" aria-labelledby="modules-title">
        <h2 id="modules-title" className="completion__subtitle">
          Completed modules
        </h2>
        <ol className="completion__list">
          {modules.map((module) => (
            <li key={module.courseModuleId} className="completion__module">
              <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" className="completion__tick">
                <circle cx="10" cy="10" r="9" />
                <path d="M6 10.5l2.6 2.6L14 7.5" />
              </svg>
              <span className="completion__module-title">{module.title}</span>
              <span className="completion__module-meta">
                {module.items.length} {module.items.length === 1 ? 'section' : 'sections'}
              </span>
            </li>
          ))}
        </ol>
        {course.hasSurvey && !course.surveySubmitted ? (
          <p className="completion__survey">
            How did it go? <Link href={paths.survey(course.courseId)}>Tell the educators in a short survey</Link>
          </p>
        ) : null}
      </section>
    </div>
  );
}

function DownloadCertificate({ courseId }: { courseId: number }) {
  const certificate = useCertificate(courseId);
  const [downloading, setDownloading] = useState(false);

  if (certificate.isPending) {
    return (
      <Button isPending className="completion__download">
        Loading Certificate...
      </Button>
    );
  }
  if (certificate.isError) {
    return (
      <div className="completion__certificate-error">
        <ErrorAlert error={certificate.error} />
        <Button variant="secondary" onPress={() => void certificate.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const download = async () => {
    setDownloading(true);
    try {
      await downloadCertificatePdf(certificate.data.certificateUrl);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Button isPending={downloading} onPress={() => void download()} className="completion__download">
      Download Certificate
    </Button>
  );
}

function Trophy() {
  return (
    <svg className="completion__trophy" viewBox="0 0 96 96" width="96" height="96" aria-hidden="true">
      <circle cx="48" cy="48" r="46" className="completion__trophy-ground" />
      <path className="completion__trophy-cup" d="M32 24h32v14a16 16 0 0 1-32 0z" />
      <path className="completion__trophy-line" d="M32 29h-7a8 8 0 0 0 8 11M64 29h7a8 8 0 0 1-8 11" />
      <path className="completion__trophy-cup" d="M44 54h8v10h-8zM36 66h24v7H36z" />
      <path className="completion__trophy-star" d="M48 30l2.4 4.9 5.4.8-3.9 3.8.9 5.4-4.8-2.5-4.8 2.5.9-5.4-3.9-3.8 5.4-.8z" />
    </svg>
  );
}
