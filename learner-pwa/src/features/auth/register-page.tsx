import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useWatch } from 'react-hook-form';
import { register, registerFormSchema } from '@rivet/shared/api/authentication';
import { ApiError } from '@rivet/shared/client/errors';
import { AGE_BANDS, HOME_COUNTRY_CODE } from '@rivet/shared/domain/people';
import { learnerDestination } from '@rivet/shared/domain/sign-in-destination';
import { Button } from '@rivet/shared/ui/button';
import { ErrorAlert } from '@rivet/shared/ui/error-alert';
import { FormCheckbox, FormSelect } from '@rivet/shared/ui/form-choice';
import { InlineAlert } from '@rivet/shared/ui/inline-alert';
import { FormPasswordField, FormTextField, useSchemaForm } from '@rivet/shared/ui/form';
import { Link } from '@rivet/shared/ui/link';
import { toast } from '@rivet/shared/ui/toast';
import { useCountries } from '../../api/use-countries';
import { useHydrating } from '../../hooks/use-hydrating';
import { paths } from '../../paths';
import { readSignInState, signInReasonText } from '../../sign-in-state';
import { useSessionManager } from '@rivet/shared/client/session-context';
import { ExternalLogins } from './external-logins';
import { PromoIllustration } from './promo-illustration';
import './auth.css';

const AGE_OPTIONS = AGE_BANDS.map((band) => ({ id: band, label: band }));

export function RegisterPage() {
  const manager = useSessionManager();
  const navigate = useNavigate();
  const location = useLocation();
  // Sent here from the sign-in panel after pressing Enrol: the same return route, the same reason.
  const carried = readSignInState(location.state);
  const reason = signInReasonText(carried);
  const countries = useCountries();
  const [error, setError] = useState<unknown>(null);
  const form = useSchemaForm(registerFormSchema, {
    // Most learners are in Nigeria: it is chosen already, and first in the list.
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '', age: '', country: HOME_COUNTRY_CODE },
  });
  const accepted = useWatch({ control: form.control, name: 'acceptTerms' });
  const countryOptions = (countries.data ?? []).map((c) => ({ id: c.code1, label: c.countryName }));
  // The server draws this page (docs/decisions/073); until the app has taken it over the form takes
  // no input: a browser submitting it on its own would put the password in the address.
  const hydrating = useHydrating();

  const submit = form.handleSubmit(async ({ confirmPassword: _confirm, acceptTerms: _terms, ...body }) => {
    setError(null);
    try {
      const envelope = await manager.api.send(register, { body });
      if (!envelope.success) throw new ApiError('http', envelope.description);
      // Registering signs the learner in (decision 019): on to where they were going, or the catalogue.
      const session = envelope.data;
      const destination = learnerDestination({ userId: session.userId, isFirstLogin: true, carried: carried.from ?? null });
      manager.signedIn(session);
      manager.clearSavedLocation();
      toast.success('Student created successfully');
      form.reset();
      void navigate(destination, { replace: true });
    } catch (caught) {
      setError(caught);
    }
  });

  return (
    <div className="split">
      <aside className="split__promo" aria-hidden="true">
        <PromoIllustration />
        <p className="split__promo-text">Learn from Nigeria’s best institutions, on your phone, at your pace.</p>
      </aside>
      <section className="split__form auth-card auth-card--flat" aria-labelledby="register-title">
        <h1 id="register-title" className="auth-card__title">
          Sign Up
        </h1>
        <p className="auth-card__lead">
          Have an Account already?{' '}
          <Link href={paths.login} routerOptions={carried.from ? { state: carried } : undefined} className="auth-card__strong-link">
            Sign in
          </Link>
        </p>
        {reason ? <InlineAlert tone="info" title={reason} /> : null}
        <form className="auth-form" noValidate inert={hydrating} onSubmit={(event) => void submit(event)}>
          <div className="auth-form__pair">
            <FormTextField control={form.control} name="firstName" label="First Name" autoComplete="given-name" />
            <FormTextField control={form.control} name="lastName" label="Last Name" autoComplete="family-name" />
          </div>
          <FormTextField control={form.control} name="email" label="Email" type="email" inputMode="email" autoComplete="email" />
          <FormPasswordField control={form.control} name="password" label="Password" autoComplete="new-password" deps="confirmPassword" />
          <FormPasswordField control={form.control} name="confirmPassword" label="Confirm Password" autoComplete="new-password" />
          <div className="auth-form__pair">
            <FormSelect control={form.control} name="age" label="Age" placeholder="Select your age" items={AGE_OPTIONS} />
            <FormSelect
              control={form.control}
              name="country"
              label="Country"
              placeholder={countries.isPending ? 'Loading…' : 'Select a country'}
              items={countryOptions}
              isDisabled={countries.isPending}
            />
          </div>
          {countries.isError ? <ErrorAlert error={countries.error} /> : null}
          <FormCheckbox control={form.control} name="acceptTerms">
            I am 18 or over and agree to the{' '}
            <Link href={paths.terms} target="_blank">
              Terms of use
            </Link>
          </FormCheckbox>
          <p className="auth-form__note">
            Our{' '}
            <Link href={paths.privacy} target="_blank">
              Privacy notice
            </Link>{' '}
            says what we keep about you, why, for how long, and your rights.
          </p>
          <ErrorAlert error={error} />
          <Button type="submit" fullWidth size="lg" isDisabled={!accepted} isPending={form.formState.isSubmitting}>
            Get Started
          </Button>
        </form>
        <ExternalLogins title="Or Sign Up With" />
      </section>
    </div>
  );
}
