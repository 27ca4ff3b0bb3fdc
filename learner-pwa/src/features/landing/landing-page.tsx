import { useEffect, useRef, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ButtonLink } from '@rivet/shared/ui/button';
import { toast } from '@rivet/shared/ui/toast';
import { paths } from '../../paths';
import { CategoryTiles } from './category-tiles';
import { LearningPathsIllustration } from './learning-paths-illustration';
import './landing.css';

const REASONS = [
  { title: 'Made for Nigeria', text: 'Courses from Nigerian partner institutions, taught with local examples and priced in naira.' },
  { title: 'Light on data', text: 'Videos start at a data-saver quality and lessons can be saved for offline study.' },
  { title: 'Learn at your pace', text: 'Every course comes with 1 Year Access, so you can pause and pick up where you left off.' },
  { title: 'Earn a certificate', text: 'Finish a course to get a Shareable Certificate for your CV and professional profile.' },
];

/** The landing page; the app passes in the sign-in panel so this feature does not depend on auth. */
export function LandingPage({ signInPanel }: { signInPanel: ReactNode }) {
  useReturnFromExternalLogin();
  return (
    <div className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__inner">
          <div className="hero__copy">
            <h1 id="hero-title" className="hero__title">
              Localized, quality and on-demand courses
            </h1>
            <p className="hero__lead">
              Learn practical skills from Nigeria’s universities, colleges and training partners, on your phone, whenever you have a moment.
            </p>
            <div className="hero__actions">
              <ButtonLink href={paths.discovery} size="lg" className="hero__cta">
                Explore courses
              </ButtonLink>
            </div>
            <a className="hero__scroll" href="#why-rivet">
              <span>Scroll down</span>
              <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
                <path d="M12 5v14M6 13l6 6 6-6" />
              </svg>
            </a>
          </div>
          <div className="hero__panel">{signInPanel}</div>
        </div>
      </section>

      <section id="why-rivet" className="section" aria-labelledby="why-title">
        <h2 id="why-title" className="section__title">
          Why learn on Rivet?
        </h2>
        <p className="section__lead">
          Rivet brings courses from trusted partner institutions into one place, built for the phone in your pocket and the data on your plan.
        </p>
        <ul className="reasons">
          {REASONS.map((reason) => (
            <li key={reason.title} className="reasons__item">
              <h3 className="reasons__title">{reason.title}</h3>
              <p>{reason.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="categories-title">
        <h2 id="categories-title" className="section__title">
          Explore categories
        </h2>
        <CategoryTiles />
      </section>

      <section className="section paths" aria-labelledby="paths-title">
        <div className="paths__copy">
          <h2 id="paths-title" className="section__title">
            Learning Paths designed by Experts
          </h2>
          <p className="paths__subtitle">Explore the power of learning</p>
          <p className="section__lead">
            Follow a path of short, practical courses put together by partner institutions, from your first lesson to a certificate employers recognise.
          </p>
        </div>
        <LearningPathsIllustration />
      </section>

      <section className="cta" aria-labelledby="cta-title">
        <h2 id="cta-title" className="cta__title">
          Explore Remote and interactive Learning at your finger tips
        </h2>
        <ButtonLink href={paths.discovery} size="lg" className="cta__button">
          Start Learning Now
        </ButtonLink>
      </section>
    </div>
  );
}

/** Spec: the external login returns to '/?data=…'; greet the user and clean the address. */
function useReturnFromExternalLogin() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const handled = useRef(false);
  const data = params.get('data');
  useEffect(() => {
    if (data === null || handled.current) return;
    handled.current = true;
    toast.success('Login successfully');
    void navigate(paths.home, { replace: true });
  }, [data, navigate]);
}
