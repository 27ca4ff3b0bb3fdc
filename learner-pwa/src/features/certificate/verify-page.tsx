// Public verification of a certificate (/certificate/verify/:certificateId), where the QR code on
// the PDF leads: an employer or anyone else, signed in or not, sees whether it is genuine.
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '@rivet/shared/client/errors';
import { Button, ButtonLink } from '@rivet/shared/ui/button';
import { ScreenState } from '@rivet/shared/ui/screen-state';
import { TextField } from '@rivet/shared/ui/text-field';
import { paths } from '../../paths';
import { formatIssueDate } from './issue-date';
import { useVerifyCertificate } from './use-verify-certificate';
import './certificate.css';

export function VerifyCertificatePage() {
  const certificateId = (useParams().certificateId ?? '').trim();
  const query = useVerifyCertificate(certificateId);

  if (!certificateId) {
    return (
      <VerifyLayout title="Check a certificate">
        <CheckAnother />
      </VerifyLayout>
    );
  }
  if (query.isPending) {
    return (
      <VerifyLayout>
        <ScreenState kind="loading" text="Checking certificate…" />
      </VerifyLayout>
    );
  }
  if (query.isError) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    return (
      <VerifyLayout tone="error" icon={<CrossIcon />} title={notFound ? 'Certificate not found' : 'We couldn’t check this certificate'}>
        {notFound ? (
          <p>
            {query.error.message}: <strong className="verify__id">{certificateId}</strong>. Check the ID as it is printed on the certificate.
          </p>
        ) : (
          <ScreenState kind="error" error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
        )}
        <CheckAnother />
      </VerifyLayout>
    );
  }

  const result = query.data;
  const details = (
    <dl className="verify__details">
      {result.learnerName ? <Detail term="Awarded to">{result.learnerName}</Detail> : null}
      <Detail term="Course">{result.courseTitle}</Detail>
      <Detail term="Offered by">
        <span className="verify__institution">
          {result.institutionLogo ? <img src={result.institutionLogo} alt="" width={32} height={32} /> : null}
          {result.institution}
        </span>
      </Detail>
      <Detail term="Issued on">
        <time dateTime={result.issuedAt}>{formatIssueDate(result.issuedAt)}</time>
      </Detail>
      {result.withdrawnAt ? (
        <Detail term="Withdrawn on">
          <time dateTime={result.withdrawnAt}>{formatIssueDate(result.withdrawnAt)}</time>
        </Detail>
      ) : null}
      <Detail term="Certificate ID">
        <span className="verify__id">{result.certificateId}</span>
      </Detail>
    </dl>
  );

  if (!result.valid) {
    return (
      <VerifyLayout tone="warning" icon={<WarningIcon />} title="This certificate has been withdrawn">
        <p>It was issued on Rivet, but it is no longer valid: the learner’s account has been closed.</p>
        {details}
        <CheckAnother />
      </VerifyLayout>
    );
  }
  return (
    <VerifyLayout tone="success" icon={<CheckIcon />} title="Certificate verified">
      <p>
        This certificate is genuine. It was issued on Rivet to the learner below for completing a course offered by {result.institution}.
      </p>
      {details}
    </VerifyLayout>
  );
}

function VerifyLayout({ tone, icon, title, children }: { tone?: 'success' | 'warning' | 'error'; icon?: ReactNode; title?: string; children: ReactNode }) {
  return (
    <div className="page verify">
      <section className={`verify__card ${tone ? `verify__card--${tone}` : ''}`.trim()} aria-labelledby={title ? 'verify-title' : undefined}>
        {title ? (
          <header className="verify__header">
            {icon ? (
              <span className="verify__icon" aria-hidden="true">
                {icon}
              </span>
            ) : null}
            <h1 id="verify-title" className="verify__title">
              {title}
            </h1>
          </header>
        ) : null}
        {children}
      </section>
    </div>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="verify__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Look up another id, e.g. one typed from a printed certificate. */
function CheckAnother() {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = value.trim();
    if (id) void navigate(paths.certificateVerify(id));
  };
  return (
    <form className="verify__form" onSubmit={submit} role="search" aria-label="Check a certificate">
      <TextField label="Certificate ID" placeholder="RVT-XXXX-XXXX-XXXX" value={value} onChange={setValue} autoComplete="off" />
      <Button type="submit" variant="secondary">
        Check
      </Button>
      <ButtonLink variant="ghost" href={paths.home}>
        Go to Rivet
      </ButtonLink>
    </form>
  );
}

const CheckIcon = () => (
  <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </svg>
);

const WarningIcon = () => (
  <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
    <path d="M12 7v6M12 17v.01" />
  </svg>
);

const CrossIcon = () => (
  <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
    <path d="M7 7l10 10M17 7L7 17" />
  </svg>
);
