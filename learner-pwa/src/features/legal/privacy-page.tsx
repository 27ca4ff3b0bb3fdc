// The privacy notice (/privacy): what Rivet keeps about a learner, why, for how long, who sees
// it, and the learner's rights under the Nigeria Data Protection Act 2023. It says only what the
// product does; the retention periods and their enforcement are in docs/decisions/019. The data
// protection contact and the periods come from Privacy & Settings (decision 090): the server draws
// the page with them; offline, or before they arrive, it names the fallback contact and the upper
// bounds the notice promises. Like every route it is a precached chunk, so it opens offline too.
import { useQuery } from '@tanstack/react-query';
import { FALLBACK_PRIVACY_CONTACT, RETENTION_LIMITS, privacyNotice } from '@rivet/shared/api/privacy';
import { useSessionManager } from '@rivet/shared/client/session-context';
import { Link } from '@rivet/shared/ui/link';
import { paths } from '../../paths';
import './legal.css';

const SUPPORT_EMAIL = 'support@rivet.ng';
/** When this notice last changed; shown at the top. */
const UPDATED = '24 November 2026';

const SECTIONS = [
  { id: 'who', title: 'Who we are' },
  { id: 'collect', title: 'What we collect' },
  { id: 'why', title: 'Why we use it' },
  { id: 'share', title: 'Who we share it with' },
  { id: 'keep', title: 'How long we keep it' },
  { id: 'phone', title: 'What stays on your phone' },
  { id: 'rights', title: 'Your rights' },
  { id: 'delete', title: 'Deleting your account' },
  { id: 'safety', title: 'Keeping it safe' },
  { id: 'contact', title: 'Contact and complaints' },
] as const;

function Mail({ to }: { to: string }) {
  return <Link href={`mailto:${to}`}>{to}</Link>;
}

/** 365 → 12 months, 180 → 6 months, 1 → 1 day, 45 → 45 days. */
export function period(days: number): string {
  if (days % 365 === 0) return `${(days / 365) * 12} months`;
  if (days % 30 === 0) return days === 30 ? '1 month' : `${days / 30} months`;
  return days === 1 ? '1 day' : `${days} days`;
}

export function usePrivacyNotice() {
  const { api } = useSessionManager();
  const notice = useQuery({ queryKey: ['privacy', 'notice'], queryFn: ({ signal }) => api.call(privacyNotice, { signal }), staleTime: 5 * 60_000 });
  const data = notice.data;
  // A name and e-mail come together (the form insists); without them the fallback stands.
  const set = Boolean(data?.contact.name && data.contact.email);
  return {
    isSet: set,
    contact: {
      name: set ? data!.contact.name! : FALLBACK_PRIVACY_CONTACT.name,
      email: set ? data!.contact.email! : FALLBACK_PRIVACY_CONTACT.email,
      phone: set ? data!.contact.phone : null,
      address: set ? data!.contact.address : null,
    },
    signInRecordsDays: data?.signInRecordsDays ?? RETENTION_LIMITS.signInRecordsDays.max,
    resetLinksDays: data?.resetLinksDays ?? RETENTION_LIMITS.resetLinksDays.min,
    emailCopiesDays: data?.emailCopiesDays ?? RETENTION_LIMITS.emailCopiesDays.max,
  };
}

export function PrivacyPage() {
  const notice = usePrivacyNotice();
  const { contact } = notice;
  return (
    <article className="page legal">
      <h1 className="page__title">Privacy Notice</h1>
      <p className="legal__updated">Last updated {UPDATED}</p>
      <p className="legal__intro">
        This notice explains what personal data Rivet collects when you use the Rivet app and website, why, how long we keep it, and the
        rights the Nigeria Data Protection Act 2023 (NDPA) gives you. It applies to learners; partner institutions’ staff have their own
        agreement with us.
      </p>
      <nav className="legal__toc" aria-label="Sections">
        <ol>
          {SECTIONS.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
        </ol>
      </nav>

      <section id="who" aria-labelledby="who-h">
        <h2 id="who-h">Who we are</h2>
        <p>
          Rivet is an online course marketplace operated in Nigeria. We decide how your account, learning and payment data are used, so
          we are the <em>data controller</em> under the NDPA. Partner institutions publish the courses; for what they receive about you
          (below) they are controllers too.{' '}
          {notice.isSet ? (
            <>
              Our data protection contact is {contact.name}, at <Mail to={contact.email} />.
            </>
          ) : (
            <>
              Our Data Protection Officer can be reached at <Mail to={contact.email} />.
            </>
          )}
        </p>
      </section>

      <section id="collect" aria-labelledby="collect-h">
        <h2 id="collect-h">What we collect</h2>
        <ul>
          <li>
            <strong>Your account:</strong> first and last name, e-mail address, password (stored only as a one-way hash we cannot read
            back), age band and country. In your profile you may add a phone number, organization, job title, a picture and links to your
            social profiles.
          </li>
          <li>
            <strong>Your learning:</strong> the courses you enrol in, which lessons you open and finish, where you stopped in a video,
            your quiz answers and scores, your answers to end-of-course surveys, and the certificates you earn.
          </li>
          <li>
            <strong>Your payments:</strong> the course, the amount, any discount code, the payment reference, the date and the card
            payment provider’s result. Your card number goes straight to our payment provider, Paystack; Rivet never sees or stores it.
          </li>
          <li>
            <strong>Your sign-ins:</strong> when you sign in, the IP address and the name of the browser or app, kept with that session
            so that you (and we) can spot a sign-in that was not you.
          </li>
          <li>
            <strong>Messages we send you:</strong> account e-mails such as password-reset links and payment receipts.
          </li>
        </ul>
        <p>
          We do not collect your location, contacts or anything from your phone beyond what the app itself stores (see{' '}
          <a href="#phone">What stays on your phone</a>). We do not use advertising trackers and we do not sell your data.
        </p>
      </section>

      <section id="why" aria-labelledby="why-h">
        <h2 id="why-h">Why we use it</h2>
        <p>The NDPA (section 25) lets us use personal data only with a lawful basis. Ours are:</p>
        <ul>
          <li>
            <strong>To provide the service you signed up for (contract):</strong> your account, enrolments, progress, quizzes, certificates,
            and taking payment for courses you buy.
          </li>
          <li>
            <strong>To meet the law (legal obligation):</strong> keeping payment and tax records, and answering lawful requests from
            authorities.
          </li>
          <li>
            <strong>To keep Rivet safe and working (legitimate interests):</strong> sign-in records, limits on repeated attempts, and
            finding and fixing faults. We weigh these against your interests and you may object (see <a href="#rights">Your rights</a>).
          </li>
          <li>
            <strong>With your consent:</strong> the optional profile details and the end-of-course survey. You can remove the details or
            skip the survey at any time.
          </li>
        </ul>
        <p>We make no decisions about you by automated means alone; quiz scores are worked out automatically but only decide your progress.</p>
      </section>

      <section id="share" aria-labelledby="share-h">
        <h2 id="share-h">Who we share it with</h2>
        <ul>
          <li>
            <strong>The partner institution of a course you take</strong> sees your name, e-mail address, your progress and completion in
            its courses, and the payment for them, so that it can support you and issue certificates. Your survey answers reach it without
            your name.
          </li>
          <li>
            <strong>Paystack</strong>, our card payment provider, receives your e-mail address and the amount to take the payment.
          </li>
          <li>
            <strong>Service providers</strong> that host our servers and send our e-mails, under contracts that let them use the data only
            to provide that service. Where one of them stores data outside Nigeria, we transfer it only as sections 41 to 43 of the NDPA
            allow (a country with adequate protection, or appropriate safeguards).
          </li>
          <li>
            <strong>Anyone you give a certificate link to</strong> can see your name, the course and the date on the certificate’s public
            verification page.
          </li>
        </ul>
      </section>

      <section id="keep" aria-labelledby="keep-h">
        <h2 id="keep-h">How long we keep it</h2>
        <ul>
          <li>
            <strong>Account and profile:</strong> while your account is open. When you delete it, your name, e-mail, phone, age band,
            country, picture and links are erased at once.
          </li>
          <li>
            <strong>Learning records</strong> (enrolments, progress, quiz scores, survey answers): while your account is open; after you
            delete it they are kept only without anything that identifies you, so partners’ course figures stay correct. Certificates are
            withdrawn and no longer show your name.
          </li>
          <li>
            <strong>Payment records:</strong> six years after the payment, as Nigerian tax and accounting law requires, even if you delete
            your account.
          </li>
          <li>
            <strong>Sign-in records:</strong> for the life of the session (30 days after your last use), then {period(notice.signInRecordsDays)}{' '}
            for security investigations.
          </li>
          <li>
            <strong>Password-reset links:</strong> they stop working after 30 minutes, are deleted {period(notice.resetLinksDays)} later, and
            at once when you delete your account.
          </li>
          <li>
            <strong>Copies of e-mails we sent you:</strong> {period(notice.emailCopiesDays)}, and deleted when you delete your account.
          </li>
        </ul>
      </section>

      <section id="phone" aria-labelledby="phone-h">
        <h2 id="phone-h">What stays on your phone</h2>
        <p>
          So that Rivet works with little or no data, the app keeps on your phone: your name and picture (to show you are signed in), the
          courses you open, lessons you choose to download, and progress waiting to be sent when you are back online. One cookie keeps
          you signed in; it cannot be read by the page’s scripts. You can remove a download from its course’s download button, and clearing
          Rivet’s site data in your browser’s settings removes everything. Signing out ends the session on our side.
        </p>
      </section>

      <section id="rights" aria-labelledby="rights-h">
        <h2 id="rights-h">Your rights</h2>
        <p>Under the NDPA (sections 34 to 38) you have the right to:</p>
        <ul>
          <li>be told how your data is used (this notice);</li>
          <li>
            get a copy of the personal data we hold about you, in a common electronic format you can take to another service: press{' '}
            <em>Download my data</em> in <Link href={paths.profile}>your profile</Link> for a JSON file of all of it;
          </li>
          <li>have wrong or incomplete data corrected: most of it you can change yourself in your profile;</li>
          <li>have your data erased, which deleting your account does (see below);</li>
          <li>restrict, or object to, our use of your data where we rely on legitimate interests;</li>
          <li>withdraw your consent at any time, without affecting what was done before;</li>
          <li>not be subject to a decision based only on automated processing that significantly affects you.</li>
        </ul>
        <p>
          To use any of these rights, write to <Mail to={contact.email} /> from the e-mail address on your account. It is free; we may ask
          you to confirm who you are, and we answer within 30 days.
        </p>
      </section>

      <section id="delete" aria-labelledby="delete-h">
        <h2 id="delete-h">Deleting your account</h2>
        <ol>
          <li>
            Sign in and open <Link href={paths.profile}>your profile</Link>.
          </li>
          <li>Press Update profile.</li>
          <li>Under Delete account, type your password and press Delete my account, then confirm.</li>
        </ol>
        <p>
          Your account is closed and your details erased straight away, on every device. This cannot be undone; you may register again
          with the same e-mail address later as a new learner. If you cannot sign in, write to <Mail to={contact.email} /> and we will do
          it for you.
        </p>
      </section>

      <section id="safety" aria-labelledby="safety-h">
        <h2 id="safety-h">Keeping it safe</h2>
        <p>
          Connections to Rivet are encrypted, passwords are stored only as strong one-way hashes, repeated sign-in attempts are limited,
          and lesson files are served only to enrolled learners. If a breach puts your data at risk, we will tell the Nigeria Data
          Protection Commission within 72 hours and tell you without delay, as section 40 of the NDPA requires.
        </p>
        <p>Rivet is for adults: you must be 18 or over to have an account, and we do not knowingly keep data about children.</p>
      </section>

      <section id="contact" aria-labelledby="contact-h">
        <h2 id="contact-h">Contact and complaints</h2>
        <p>
          Questions about this notice or your data: <Mail to={contact.email} />. Anything else: <Mail to={SUPPORT_EMAIL} />. If you are
          not satisfied with our answer, you may complain to the Nigeria Data Protection Commission (ndpc.gov.ng).
        </p>
        <address className="legal__contact" aria-label="Data protection contact">
          <strong>{contact.name}</strong>
          <br />
          <Mail to={contact.email} />
          {contact.phone ? (
            <>
              <br />
              <Link href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</Link>
            </>
          ) : null}
          {contact.address ? (
            <>
              <br />
              <span className="legal__contact-address">{contact.address}</span>
            </>
          ) : null}
        </address>
        <p>
          We will tell you by e-mail or in the app before a significant change to this notice takes effect. See also our{' '}
          <Link href={paths.terms}>Terms of Use</Link> · <Link href={paths.home}>Back to home</Link>
        </p>
      </section>
    </article>
  );
}
