// Sharing a certificate means sharing its verification page: anyone can open it and see that the
// certificate is genuine. Copy the link, hand it to the phone's share sheet, or post it.
import { useEffect, useRef, useState } from 'react';
import type { Certificate } from '@rivet/shared/api/learning';
import { Button } from '@rivet/shared/ui/button';
import { Link } from '@rivet/shared/ui/link';
import { toast } from '@rivet/shared/ui/toast';

export const COPIED_RESET_MS = 1500;

/** LinkedIn's "Add to profile" form for a certification, filled in. */
export function linkedInUrl(certificate: Certificate): string {
  const issued = new Date(certificate.issuedAt);
  const query = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: certificate.courseTitle,
    organizationName: certificate.institution,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: certificate.verifyUrl,
    certId: certificate.certificateId,
  });
  return `https://www.linkedin.com/profile/add?${query}`;
}

const shareText = (c: Certificate) => `I earned a certificate in ${c.courseTitle} from ${c.institution} on Rivet.`;

export function CertificateShare({ certificate }: { certificate: Certificate }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(certificate.verifyUrl);
    } catch {
      // No clipboard (an old browser, a denied permission): select the link to copy by hand.
      input.current?.select();
      return;
    }
    setCopied(true);
    toast.success('Link copied');
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_RESET_MS);
  };

  const share = async () => {
    try {
      await navigator.share({ title: `Certificate: ${certificate.courseTitle}`, text: shareText(certificate), url: certificate.verifyUrl });
    } catch {
      // Dismissed by the learner, or refused: nothing to report.
    }
  };

  return (
    <section className="certificate-share" aria-labelledby="certificate-share-title">
      <h2 id="certificate-share-title" className="certificate-share__title">
        Share your achievement
      </h2>
      <p className="certificate-share__text">Anyone with this link can check that your certificate is genuine.</p>
      <label className="certificate-share__label" htmlFor="certificate-verify-url">
        Verification link
      </label>
      <div className="certificate-share__row">
        <input
          ref={input}
          id="certificate-verify-url"
          className="certificate-share__url"
          readOnly
          value={certificate.verifyUrl}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button variant="secondary" onPress={() => void copy()} aria-live="polite">
          {copied ? 'Copied!' : 'Copy link'}
        </Button>
      </div>
      <ul className="certificate-share__links" aria-label="Share on">
        {canShare ? (
          <li>
            <Button variant="secondary" onPress={() => void share()}>
              Share…
            </Button>
          </li>
        ) : null}
        <li>
          <Link href={linkedInUrl(certificate)} target="_blank" rel="noopener noreferrer" variant="plain" className="certificate-share__link">
            Add to LinkedIn
          </Link>
        </li>
        <li>
          <Link
            href={`https://wa.me/?text=${encodeURIComponent(`${shareText(certificate)} ${certificate.verifyUrl}`)}`}
            target="_blank"
            rel="noopener noreferrer"
            variant="plain"
            className="certificate-share__link"
          >
            WhatsApp
          </Link>
        </li>
      </ul>
    </section>
  );
}
