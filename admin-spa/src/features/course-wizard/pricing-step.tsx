// The Pricing step (spec 001 §2.7, §4, §5; decision 032): currency, base price, then Calculate
// Price asks the server (Course/Compute/Pricing, checkout's one pricing rule) for VAT, gateway
// charge and total. Changing the base price zeroes them again, and Submit for Review
// (Course/Pricing) is enabled only with a calculation of the price shown. A course that already has
// a price (a revision of a published course, a rejected course back with its author) opens with it
// and its stored figures, as calculated when it was last submitted (decision 078).
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { listCurrencies, type CourseDraft } from '@rivet/shared/api/course-authoring';
import { PRICING_MESSAGES as P, savePricing } from '@rivet/shared/api/course-pricing';
import { computePricing } from '@rivet/shared/api/payment';
import { useSessionManager } from '@rivet/shared/client/session-context';
import { Button, ButtonLink } from '@rivet/shared/ui/button';
import { ErrorAlert } from '@rivet/shared/ui/error-alert';
import { Select } from '@rivet/shared/ui/select';
import { TextField } from '@rivet/shared/ui/text-field';
import { toast } from '@rivet/shared/ui/toast';
import { useWizard } from '@rivet/shared/ui/wizard';

/** §5: e, E, + and - are not part of a price. */
export const BLOCKED_PRICE_KEYS = ['e', 'E', '+', '-'];

const naira = (n: number) => `₦${n.toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

interface Calculation {
  vat: number;
  gatewayCharge: number;
  amount: number;
}

/** The price the course was last submitted with, if any: the server calculated and stored it. */
export function storedCalculation(course: Pick<CourseDraft, 'basePrice' | 'vat' | 'gatewayCharge' | 'coursePrice'>): Calculation | null {
  return course.basePrice > 0 && course.coursePrice > 0 ? { vat: course.vat, gatewayCharge: course.gatewayCharge, amount: course.coursePrice } : null;
}

export function PricingStep({ course, onSubmitted }: { course: CourseDraft; onSubmitted: () => Promise<void> }) {
  const { api } = useSessionManager();
  const { prev } = useWizard();
  const currencies = useQuery({ queryKey: ['authoring', 'currencies'], queryFn: ({ signal }) => api.call(listCurrencies, { signal }), staleTime: 5 * 60_000 });
  const [currencyId, setCurrencyId] = useState<string | null>(null);
  const stored = storedCalculation(course);
  const [basePrice, setBasePrice] = useState(stored ? String(course.basePrice) : '');
  const [calculation, setCalculation] = useState<Calculation | null>(stored);
  const [errors, setErrors] = useState<{ currency?: string; basePrice?: string }>({});
  const [pending, setPending] = useState<'calculate' | 'submit' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const busy = useRef(false);

  const options = (currencies.data ?? []).map((c) => ({ id: String(c.id), label: c.name }));
  // The only currency (NGN) is chosen for the author; a list of several would wait for a choice.
  const chosen = currencyId ?? (options.length === 1 ? options[0]!.id : null);
  const price = Number(basePrice);
  const priceValid = basePrice.trim() !== '' && Number.isFinite(price) && price > 0;

  const validate = () => {
    const found: typeof errors = {};
    if (!chosen) found.currency = P.currency;
    if (basePrice.trim() === '') found.basePrice = P.basePrice;
    else if (!Number.isFinite(price) || price < 1) found.basePrice = P.basePriceMin;
    setErrors(found);
    return !found.currency && !found.basePrice;
  };

  const calculate = async () => {
    if (busy.current || !validate()) return;
    busy.current = true;
    setPending('calculate');
    setError(null);
    try {
      const answer = await api.send(computePricing, { body: { basePrice: price } });
      setCalculation({ vat: answer.data.vat, gatewayCharge: answer.data.gatewayCharge, amount: answer.data.amount });
    } catch {
      toast.error(P.computeFailed);
    } finally {
      busy.current = false;
      setPending(null);
    }
  };

  const submit = async () => {
    if (busy.current || !calculation || !validate()) return;
    busy.current = true;
    setPending('submit');
    setError(null);
    try {
      const answer = await api.send(savePricing, {
        body: { courseId: course.courseId, currencyId: Number(chosen), basePrice: price, vat: calculation.vat, gatewayCharge: calculation.gatewayCharge },
      });
      toast.success(answer.description);
      await onSubmitted();
    } catch (failure) {
      setError(failure);
    } finally {
      busy.current = false;
      setPending(null);
    }
  };

  // The stored figures were calculated when the course was last submitted; the rates may have
  // changed since, so they are calculated again for the same base price (the server calculates
  // again on submission too). A failure keeps the stored figures: nothing else depends on them.
  useEffect(() => {
    if (!stored) return;
    let current = true;
    api
      .send(computePricing, { body: { basePrice: course.basePrice } })
      .then((answer) => {
        if (current) setCalculation((shown) => (shown === stored ? { vat: answer.data.vat, gatewayCharge: answer.data.gatewayCharge, amount: answer.data.amount } : shown));
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
    // Once, for the figures the step opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const blockKeys = (event: KeyboardEvent) => {
    if (BLOCKED_PRICE_KEYS.includes(event.key)) event.preventDefault();
  };

  const shown = calculation ?? { vat: 0, gatewayCharge: 0, amount: 0 };
  return (
    <div className="cw-pricing">
      <p className="cw-guidance">Enter the base price, then Calculate Price: VAT and the card-payment charge are added as learners will pay them at checkout.</p>
      {stored ? (
        <p className="cw-guidance">
          {course.revisionOfCourseId
            ? 'This course’s price is filled in; changing the base price means calculating it again. Learners keep the published course and its price until this update is approved.'
            : 'The price this course was last submitted with is filled in; changing the base price means calculating it again.'}
        </p>
      ) : null}
      <div className="cw-pricing__grid">
        <Select
          label="Currency"
          items={options}
          value={chosen}
          onChange={(id) => {
            setCurrencyId(id);
            setErrors((e) => ({ ...e, currency: undefined }));
          }}
          placeholder={currencies.isPending ? 'Loading currencies…' : 'Select a currency'}
          errorMessage={errors.currency}
        />
        <TextField
          label="Base Price"
          type="number"
          inputMode="decimal"
          value={basePrice}
          onKeyDown={blockKeys}
          onChange={(value) => {
            setBasePrice(value);
            // Any change makes the figures stale: zeroed until calculated again (§4).
            setCalculation(null);
            setErrors((e) => ({ ...e, basePrice: undefined }));
          }}
          errorMessage={errors.basePrice}
        />
        <TextField label="VAT" value={naira(shown.vat)} isReadOnly />
        <TextField label="Gateway Charge" value={naira(shown.gatewayCharge)} isReadOnly />
        <TextField label="Total Price" value={naira(shown.amount)} isReadOnly />
      </div>
      <ErrorAlert error={error} />
      {currencies.isError ? <p className="rv-field__error" role="alert">{`Error: ${currencies.error instanceof Error ? currencies.error.message : 'the currencies could not be loaded'}`}</p> : null}
      {!calculation ? <p className="cw-guidance" id="cw-pricing-rule">Submit for Review is enabled once the price has been calculated.</p> : null}
      <div className="rv-wizard__actions">
        <span className="rv-wizard__spacer" />
        <Button variant="secondary" onPress={prev} isDisabled={pending !== null}>
          Back
        </Button>
        <Button variant="secondary" onPress={() => void calculate()} isPending={pending === 'calculate'} isDisabled={!priceValid || pending === 'submit'}>
          Calculate Price
        </Button>
        <Button onPress={() => void submit()} isPending={pending === 'submit'} isDisabled={!calculation || pending === 'calculate'} aria-describedby={calculation ? undefined : 'cw-pricing-rule'}>
          Submit for Review
        </Button>
      </div>
    </div>
  );
}

/** What a submitted course shows instead of the wizard: it waits for review, and where to go next. */
export function CourseSubmitted({ course, createHref, dashboardHref }: { course: CourseDraft; createHref: string; dashboardHref: string }) {
  return (
    <section className="cw-submitted" aria-labelledby="cw-submitted-title">
      {course.revisionOfCourseId ? (
        <>
          <h2 id="cw-submitted-title">Update submitted for review</h2>
          <p>
            This update of “{course.title}” is waiting for review. Learners keep the published version until it is approved, and then get the new one; it can no longer be
            changed here.
          </p>
        </>
      ) : (
        <>
          <h2 id="cw-submitted-title">Course submitted for review</h2>
          <p>
            “{course.title}” is waiting for review. Learners will see it once it has been approved; it can no longer be changed here.
          </p>
        </>
      )}
      <div className="cw-submitted__actions">
        <ButtonLink href={createHref}>Create another course</ButtonLink>
        <ButtonLink variant="secondary" href={dashboardHref}>
          Go to the dashboard
        </ButtonLink>
      </div>
    </section>
  );
}
