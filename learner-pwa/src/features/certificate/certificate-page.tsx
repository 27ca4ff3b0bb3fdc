// The learner's certificate for a course (/certificate?courseId=N): the certificate itself, its
// PDF, and the verification link to share. The first visit after completing the course issues it.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Certificate } from '@rivet/shared/api/learning';
import { isApiError } from '@rivet/shared/client/errors';
import { Button, ButtonLink } from '@rivet/shared/ui/button';
import { InlineAlert } from '@rivet/shared/ui/inline-alert';
import { ScreenState } from '@rivet/shared/ui/screen-state';
import { toast } from '@rivet/shared/ui/toast';
import { downloadCertificatePdf, useCertificate } from '../../api/use-certificate';
import { useOnline } from '../../offline/network';
import { paths } from '../../paths';
import { CertificateShare } from './certificate-share';
import { CertificateView } from './certificate-view';
import './certificate.css';

export const LOADING_CERTIFICATE = 'Loading Certificate...';

function useCourseId(): number | null {
  const raw = useSearchParams()[0].get('courseId');
  return raw !== null && /^\d+$/.test(raw) ? Number(raw) : null;
}

export function CertificatePage() {
  const courseId = useCourseId();
  const query = useCertificate(courseId);
  const online = useOnline();
  // A certificate is issued by the server on the first visit: with no connection (the query
  // waits, or fails for lack of network) there is nothing to show yet, and that is no error.
  const waitingForNetwork = !query.data && ((!online && query.isPending) || (isApiError(query.error) && query.error.isNetwork));

  if (courseId === null) {
    return (
      <div className="page certificate-page certificate-page--message">
        <h1 className="page__title">Certificates</h1>
        <p>Finish a course to earn its certificate. Your completed courses and their certificates are on your dashboard.</p>
        <ButtonLink href={paths.dashboard}>Go to Dashboard</ButtonLink>
      </div>
    );
  }
  const retry = () => void query.refetch();
  const toDashboard = (
    <ButtonLink variant="secondary" href={paths.dashboard}>
      Go to Dashboard
    </ButtonLink>
  );
  if (waitingForNetwork) {
    return (
      <ScreenState
        kind="offline"
        page
        className="page"
        title="Your certificate"
        text="Your certificate will be ready to view when you're back online."
        // Offline the query waits for the network by itself; a button would do nothing.
        onRetry={online ? retry : undefined}
        isRetrying={query.isFetching}
        actions={toDashboard}
      />
    );
  }
  if (query.isPending) return <ScreenState kind="loading" page className="page" text={LOADING_CERTIFICATE} />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 422) {
      return (
        <div className="page certificate-page certificate-page--message">
          <h1 className="page__title">Your certificate is not ready yet</h1>
          <InlineAlert tone="info" title={query.error.message}>
            Finish every section of the course and your certificate will be ready here.
          </InlineAlert>
          <ButtonLink href={paths.deliveryFor(courseId)}>Continue the course</ButtonLink>
        </div>
      );
    }
    return <ScreenState kind="error" page className="page" title="Your certificate" error={query.error} onRetry={retry} isRetrying={query.isFetching} actions={toDashboard} />;
  }
  return <CertificateScreen certificate={query.data} />;
}

function CertificateScreen({ certificate }: { certificate: Certificate }) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadCertificatePdf(certificate.certificateUrl);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'We couldn’t download your certificate. Please try again.');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="page certificate-page">
      <header className="certificate-page__header">
        <div>
          <h1 className="page__title certificate-page__title">Your certificate</h1>
          <p className="certificate-page__subtitle">
            {certificate.courseTitle} · {certificate.institution}
          </p>
        </div>
        <div className="certificate-page__actions">
          <Button onPress={() => void download()} isPending={downloading}>
            {downloading ? LOADING_CERTIFICATE : 'Download Certificate'}
          </Button>
          <ButtonLink variant="secondary" href={paths.dashboard}>
            Back to Dashboard
          </ButtonLink>
        </div>
      </header>
      <CertificateView certificate={certificate} />
      <CertificateShare certificate={certificate} />
    </div>
  );
}
