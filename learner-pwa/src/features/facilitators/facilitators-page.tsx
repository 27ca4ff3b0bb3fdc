import { useState } from 'react';
import { Button } from '@rivet/shared/ui/button';
import { FacilitatorsFaq } from './facilitators-faq';
import { InstructorSignupDialog } from './instructor-signup-dialog';
import './facilitators.css';

const REASONS = [
  {
    title: 'Reach a wide range of learners',
    text: 'Teach learners in every state of Nigeria and across Africa, on the phones they already carry.',
    icon: 'M17 20v-2a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v2M10 10a4 4 0 1 0 0-8 4 4 0 0 0 0 8M21 20v-2a4 4 0 0 0-3-3.87M16 2.13a4 4 0 0 1 0 7.75',
  },
  {
    title: 'Start your journey as an instructor',
    text: 'No teaching studio needed: our team guides you from your first outline to a published course.',
    icon: 'M12 2l3 7h7l-5.5 4.5L18.5 21 12 16.5 5.5 21l2-7.5L2 9h7z',
  },
  {
    title: 'Earn money for your content',
    text: 'Set a price in naira and earn from every paid enrolment in your course, month after month.',
    // The naira sign (₦): an N crossed by two bars. Instructors are paid in naira, not dollars.
    icon: 'M7 20V4l10 16V4M4 10h16M4 14h16',
  },
  {
    title: 'Impact your community',
    text: 'Share the skills that changed your career and help others find work, grow a business or lead a team.',
    icon: 'M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z',
  },
];

const STEPS = [
  { title: 'Sign up', text: 'Fill in the instructor form and tell us what you would like to teach.' },
  { title: 'Outline course', text: 'Plan your modules and lessons with our curriculum template and an acquisition editor.' },
  { title: 'Publish', text: 'Record, review and publish your course, then watch learners enrol.' },
];

/** The instructor recruitment page (spec); sign-up happens in an external form in a popup. */
export function FacilitatorsPage() {
  const [signupOpen, setSignupOpen] = useState(false);
  const openSignup = () => setSignupOpen(true);
  return (
    <div className="facilitators">
      <section className="facilitators__hero" aria-labelledby="facilitators-title">
        <div className="facilitators__hero-inner">
          <p className="facilitators__eyebrow">Become an Instructor</p>
          <h1 id="facilitators-title" className="facilitators__title">
            Shape the future of education in Africa
          </h1>
          <p className="facilitators__lead">
            Africa’s young, fast-growing population is hungry for skills. Share what you know with learners who study on their phones,
            wherever they are, and help build the next generation of talent.
          </p>
          <Button size="lg" onPress={openSignup}>
            Sign up as an instructor
          </Button>
        </div>
      </section>

      <div className="page">
        <section aria-labelledby="reasons-title">
          <h2 id="reasons-title" className="facilitators__heading">
            Reasons to teach on Rivet
          </h2>
          <ul className="facilitators__reasons">
            {REASONS.map((reason) => (
              <li key={reason.title} className="facilitators__reason">
                <svg width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
                  <path d={reason.icon} />
                </svg>
                <h3>{reason.title}</h3>
                <p>{reason.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="facilitators__section" aria-labelledby="steps-title">
          <h2 id="steps-title" className="facilitators__heading">
            Easy steps to start teaching
          </h2>
          <ol className="facilitators__steps">
            {STEPS.map((step, index) => (
              <li key={step.title} className="facilitators__step">
                <span className="facilitators__step-number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section className="facilitators__section facilitators__testimonial" aria-labelledby="testimonial-title">
          <h2 id="testimonial-title" className="visually-hidden">
            What our instructors say
          </h2>
          <figure>
            <blockquote>
              <p>
                “I teach spreadsheet skills to small-business owners. On Rivet my lessons reach traders in Aba and students in Kano at
                the same time, and the editors helped me turn my notes into a course I am proud of.”
              </p>
            </blockquote>
            <figcaption>
              <strong>Ngozi Eze</strong>, instructor, Business Analytics with Excel
            </figcaption>
          </figure>
        </section>

        <section className="facilitators__section facilitators__cta" aria-labelledby="cta-title">
          <h2 id="cta-title" className="facilitators__heading">
            Ready to share what you know?
          </h2>
          <Button size="lg" onPress={openSignup}>
            Start Teaching Now
          </Button>
        </section>

        <section className="facilitators__section" aria-labelledby="faq-title">
          <h2 id="faq-title" className="facilitators__heading">
            Frequently asked questions
          </h2>
          <FacilitatorsFaq />
        </section>
      </div>

      <InstructorSignupDialog isOpen={signupOpen} onOpenChange={setSignupOpen} />
    </div>
  );
}
