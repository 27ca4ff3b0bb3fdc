import { Link } from '@rivet/shared/ui/link';
import { paths } from '../../paths';
import './legal.css';

const SUPPORT_EMAIL = 'support@rivet.ng';

const SECTIONS = [
  { id: 'accounts', title: 'Accounts' },
  { id: 'enrolment', title: 'Content Enrolment and Annual Course Access' },
  { id: 'payments-credits-refunds', title: 'Payments Credits and Refunds' },
  { id: 'pricing', title: 'Pricing' },
  { id: 'payments', title: 'Payments' },
  { id: 'codes', title: 'Gift and Promotional Codes' },
  { id: 'rules', title: 'Content and Behavior Rules' },
] as const;

export function TermsPage() {
  return (
    <article className="page legal">
      <h1 className="page__title">Terms of Use</h1>
      <p className="legal__intro">
        These terms govern your use of Rivet, an online course marketplace on which partner institutions publish courses and learners
        enrol in them. By creating an account or enrolling in a course you agree to them. If you do not agree, please do not use Rivet.
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

      <section id="accounts" aria-labelledby="accounts-h">
        <h2 id="accounts-h">Accounts</h2>
        <p>
          You need an account for most activities on Rivet, including enrolling in a course. You must be 18 years of age or older to
          create an account. Give accurate information when you register and keep it up to date.
        </p>
        <p>
          You are responsible for your account and for everything that happens with it, including keeping your password secret. Do not
          share your account with anyone else. If you think someone else is using your account, change your password and tell us at{' '}
          <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link> straight away.
        </p>
        <p>
          You may close your account at any time from your profile. We may suspend or close an account that breaks these terms, and we
          will tell you why unless the law stops us.
        </p>
      </section>

      <section id="enrolment" aria-labelledby="enrolment-h">
        <h2 id="enrolment-h">Content Enrolment and Annual Course Access</h2>
        <p>
          When you enrol in a course, free or paid, you receive a licence to view it through Rivet for your own personal, non-commercial
          learning. You do not buy the course itself, and you may not resell, share, record or redistribute it.
        </p>
        <p>
          Each enrolment carries a one-year access licence (shown on courses as “1 Year Access”), starting on the day you enrol. You may
          renew the licence before or after it ends, at the renewal price then shown for the course. Progress and certificates you have
          earned stay on your account after access ends.
        </p>
        <p>
          Partner institutions may update a course during your access period. If a partner withdraws a course, we will try to keep it
          available to learners already enrolled until their access ends.
        </p>
      </section>

      <section id="payments-credits-refunds" aria-labelledby="pcr-h">
        <h2 id="pcr-h">Payments Credits and Refunds</h2>
        <p>
          If a course you paid for does not meet your expectations, you may ask for a refund within 14 days of paying, provided you have
          completed less than a third of it and have not downloaded its certificate. Write to{' '}
          <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link> with the course name and payment reference.
        </p>
        <p>
          Approved refunds go back to the card you paid with, which can take up to 10 working days to appear. Where a refund to the card
          is not possible, we may offer Rivet credit of the same value instead. Credit has no cash value, cannot be transferred and is
          used automatically at your next checkout. We may refuse refunds where we see misuse of this policy.
        </p>
      </section>

      <section id="pricing" aria-labelledby="pricing-h">
        <h2 id="pricing-h">Pricing</h2>
        <p>
          Course prices are set by the partner institutions and are shown in Nigerian naira (₦). A price of zero is shown as “Free”. The
          price you pay is the one shown at checkout, including any applicable VAT and payment charges, which are itemised before you
          pay.
        </p>
        <p>
          Prices may change at any time, but a change never affects a course you have already paid for. Promotions apply only for the
          period stated.
        </p>
      </section>

      <section id="payments" aria-labelledby="payments-h">
        <h2 id="payments-h">Payments</h2>
        <p>
          Payments are made by card through our card payment provider, Paystack. Your card details go directly to the provider; Rivet
          never sees or stores your full card number. By paying, you confirm that you are allowed to use the card.
        </p>
        <p>
          If a payment fails, is reversed or is charged back after you have been given access, the unpaid fees remain due. We will notify
          you by e-mail, and you agree to pay the amount within 30 days of that notice. We may suspend access to the course until it is
          paid.
        </p>
      </section>

      <section id="codes" aria-labelledby="codes-h">
        <h2 id="codes-h">Gift and Promotional Codes</h2>
        <p>
          Rivet and its partners may offer gift, discount or promotional codes. A code can be used only as described when it was issued:
          it may be limited to certain courses, a number of uses or a period of time, and it may expire. Expired codes cannot be
          restored or exchanged for cash.
        </p>
        <p>
          A code that reduces a price to zero enrols you in the course without payment. Codes obtained by fraud or sold without our
          permission may be cancelled.
        </p>
      </section>

      <section id="rules" aria-labelledby="rules-h">
        <h2 id="rules-h">Content and Behavior Rules</h2>
        <p>Use Rivet only for lawful learning. In particular, you must not:</p>
        <ul>
          <li>copy, record, share or sell course content, or help others get around access controls;</li>
          <li>post anything unlawful, hateful, harassing, sexually explicit or that infringes someone else’s rights;</li>
          <li>cheat on quizzes or surveys, impersonate others, or misrepresent a certificate;</li>
          <li>attack, overload or probe Rivet’s systems, or collect other users’ data.</li>
        </ul>
        <p>
          We may remove content or suspend accounts that break these rules. If you see content that breaks them, tell us at{' '}
          <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link>.
        </p>
        <h3>Disputes</h3>
        <p>
          These terms are governed by the laws of the Federal Republic of Nigeria. If you live in Nigeria, any dispute with Rivet that we
          cannot settle informally within 30 days will be resolved by arbitration in Lagos under the Arbitration and Mediation Act 2023,
          by a single arbitrator, in English. Nothing here stops either side from seeking urgent relief from a court.
        </p>
        <p>
          We may update these terms. When we make a significant change we will tell you by e-mail or in the app before it takes effect.
          Questions? <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link> · <Link href={paths.home}>Back to home</Link>
        </p>
      </section>
    </article>
  );
}
