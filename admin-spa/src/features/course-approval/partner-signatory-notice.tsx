// Decision 079: QA sees, before approving, that the course's partner has no active certificate
// signatory, and who will sign its learners' certificates meanwhile. Renders nothing otherwise, or
// while the answer is on its way (it is advice, never a reason to hold the decision).
import { hasAnyPermission } from '@rivet/shared/domain/permissions';
import { useProfile } from '@rivet/shared/client/session-context';
import { InlineAlert } from '@rivet/shared/ui/inline-alert';
import { Link } from '@rivet/shared/ui/link';
import { useGettingStarted } from '../../components/use-getting-started';
import { paths } from '../../paths';
import './partner-signatory-notice.css';

export function PartnerSignatoryNotice({ institutionId }: { institutionId: number }) {
  const profile = useProfile();
  const { data } = useGettingStarted(institutionId);
  if (!data || data.signatories > 0) return null;
  const canOpen = hasAnyPermission(profile.permissions, 'manageCertificateSettings', 'viewCertificateSettings');
  const meanwhile = data.platformSignatories
    ? `Its learners’ certificates will be signed by ${data.platformName} on its behalf until it adds one.`
    : `Its learners’ certificates will carry only ${data.platformName}’s typed name, no signature, until the partner or the platform adds a signatory.`;
  return (
    <InlineAlert tone="warning" title={`${data.institutionName} has no active certificate signatory`} className="ca-signatory-notice">
      {meanwhile}{' '}
      {canOpen ? <Link href={`${paths.certificateSettings}?partner=${institutionId}`}>Open Certificate Settings</Link> : null}
    </InlineAlert>
  );
}
