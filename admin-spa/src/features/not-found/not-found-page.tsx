import { ButtonLink } from '@rivet/shared/ui/button';
import { paths } from '../../paths';
import './not-found-page.css';

export function NotFoundPage() {
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="not-found__title">
        Sorry, the page you visited does not exist.
      </h1>
      <ButtonLink href={paths.dashboard}>Back to dashboard</ButtonLink>
    </section>
  );
}
