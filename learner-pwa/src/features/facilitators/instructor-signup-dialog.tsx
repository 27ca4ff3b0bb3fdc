// The external instructor sign-up form in a popup (spec: instructors are recruited through an
// external form, not inside the product). With no form configured the popup still answers: the
// button is never dead.
import { Button } from '@rivet/shared/ui/button';
import { Link } from '@rivet/shared/ui/link';
import { Modal } from '@rivet/shared/ui/modal';
import { instructorSignupUrl } from './signup-url';

export const PARTNERS_EMAIL = 'partners@rivet.ng';

export function InstructorSignupDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const url = instructorSignupUrl();
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable
      size={url ? 'lg' : 'sm'}
      title="Sign up as an instructor"
      footer={
        <Button variant="secondary" onPress={() => onOpenChange(false)}>
          Close
        </Button>
      }
    >
      {url ? (
        <div className="signup-frame">
          <iframe className="signup-frame__iframe" src={url} title="Instructor sign-up form" loading="lazy" referrerPolicy="strict-origin-when-cross-origin" />
          <p className="signup-frame__fallback">
            Form not loading?{' '}
            <Link href={url} target="_blank" rel="noopener noreferrer">
              Open it in a new tab
            </Link>
            .
          </p>
        </div>
      ) : (
        <div className="signup-soon">
          <p>Instructor sign-up opens soon.</p>
          <p>
            Until then, tell us what you would like to teach at <Link href={`mailto:${PARTNERS_EMAIL}`}>{PARTNERS_EMAIL}</Link> and we will be in
            touch.
          </p>
        </div>
      )}
    </Modal>
  );
}
