// The certificate drawn in HTML, laid out like the PDF: stacked on a phone, the landscape page
// (scaled with its container) from tablet width up.
import type { Certificate } from '@rivet/shared/api/learning';
import { Link } from '@rivet/shared/ui/link';
import { paths } from '../../paths';
import { formatIssueDate } from './issue-date';

export function CertificateView({ certificate }: { certificate: Certificate }) {
  const { certificateId, learnerName, courseTitle, institution, institutionLogo, issuedAt, signatories } = certificate;
  return (
    <article className="certificate" aria-labelledby="certificate-title">
      <div className="certificate__page">
        {(['tl', 'tr', 'bl', 'br'] as const).map((corner) => (
          <span key={corner} className={`certificate__corner certificate__corner--${corner}`} aria-hidden="true" />
        ))}
        {institutionLogo ? <img className="certificate__logo" src={institutionLogo} alt={`${institution} logo`} width={64} height={64} /> : null}
        <h2 id="certificate-title" className="certificate__title">
          Certificate of Completion
        </h2>
        <span className="certificate__rule" aria-hidden="true" />
        <p className="certificate__lead">This is to certify that</p>
        <p className="certificate__name">{learnerName}</p>
        <p className="certificate__lead">has successfully completed</p>
        <p className="certificate__course">{courseTitle}</p>
        <p className="certificate__offered">offered by {institution}</p>

        <div className="certificate__footer">
          <dl className="certificate__details">
            <div>
              <dt>Date of issue</dt>
              <dd>
                <time dateTime={issuedAt}>{formatIssueDate(issuedAt)}</time>
              </dd>
            </div>
            <div>
              <dt>Certificate ID</dt>
              <dd className="certificate__id">{certificateId}</dd>
            </div>
          </dl>
          {signatories.length ? (
            <ul className="certificate__signatories" aria-label="Signed by">
              {signatories.map((s) => (
                <li key={`${s.name}/${s.jobTitle}`} className="certificate__signatory">
                  <span className="certificate__signature">
                    {s.signatureUrl ? <img src={s.signatureUrl} alt={`Signature of ${s.name}`} width={240} height={80} /> : null}
                  </span>
                  <span className="certificate__signatory-name">{s.name}</span>
                  <span className="certificate__signatory-title">{s.jobTitle}</span>
                </li>
              ))}
            </ul>
          ) : null}
          <p className="certificate__verify">
            <Link href={paths.certificateVerify(certificateId)}>Verify this certificate</Link>
          </p>
        </div>
      </div>
    </article>
  );
}
