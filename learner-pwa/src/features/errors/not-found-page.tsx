import { ButtonLink } from '@rivet/shared/ui/button';
import { paths } from '../../paths';
import './errors.css';

export function NotFoundPage() {
  return (
    <div className="not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="not-found__title">Not Found</h1>
      <p className="not-found__text">Sorry, the page you visited does not exist.</p>
      <ButtonLink href={paths.home}>Back Home</ButtonLink>
    </div>
  );
}
