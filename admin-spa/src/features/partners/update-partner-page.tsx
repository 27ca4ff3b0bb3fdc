// Update Partner (spec 002 §2.4): Basic Info and Finish on the shared Wizard, sent as multipart
// with any new pictures (a picture not changed stays). The route carries the partner id. An
// inactive partner cannot be updated (§4), so the form is not offered for one.
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PARTNER_IMAGES, PARTNER_MESSAGES, updatePartnerFormSchema, type PartnerDetail, type UpdatePartnerFormInput } from '@rivet/shared/api/partners';
import { ApiError } from '@rivet/shared/client/errors';
import { AlertDialog } from '@rivet/shared/ui/modal';
import { ButtonLink } from '@rivet/shared/ui/button';
import { ErrorAlert } from '@rivet/shared/ui/error-alert';
import { useSchemaForm } from '@rivet/shared/ui/form';
import { ScreenState } from '@rivet/shared/ui/screen-state';
import { Wizard, WizardActions, useWizard, useWizardStep } from '@rivet/shared/ui/wizard';
import { paths } from '../../paths';
import { BASIC_INFO_FIELDS, BasicInfoFields, PartnerImagePickers, checkStep, Review, bankName, countryName, markTaken, usePartnerImages, type PartnerImagesState } from './partner-form';
import { useBanks, useCountries, usePartner, usePartnerCalls } from './use-partners';
import './partners.css';

export const UPDATE_STEPS = [
  { id: 'basic', title: 'Basic Info' },
  { id: 'finish', title: 'Finish' },
] as const;

type Lists = { countries: NonNullable<ReturnType<typeof useCountries>['data']>; banks: NonNullable<ReturnType<typeof useBanks>['data']> };
type UpdateForm = ReturnType<typeof useSchemaForm<typeof updatePartnerFormSchema>>;

// Only whoever manages partners reaches this page (screen-access.ts).
export function UpdatePartnerPage() {
  const { updateinstitution } = useParams();
  const id = /^\d{1,10}$/.test(updateinstitution ?? '') ? Number(updateinstitution) : null;
  const partner = usePartner(id);
  const countries = useCountries();
  const banks = useBanks();
  const back = (
    <ButtonLink variant="secondary" href={paths.managePartners}>
      Back to partners
    </ButtonLink>
  );
  return (
    <div className="partner-wizard">
      <div className="partner-wizard__top">
        <h1 className="partner-wizard__title">Update Partner</h1>
        <ButtonLink variant="ghost" href={paths.managePartners}>
          Back to partners
        </ButtonLink>
      </div>
      {id === null ? (
        <ScreenState kind="empty" text={PARTNER_MESSAGES.notFound} actions={back} />
      ) : partner.isPending || countries.isPending || banks.isPending ? (
        <ScreenState kind="loading" label="Fetching partner..." />
      ) : partner.isError || countries.isError || banks.isError ? (
        <ScreenState
          kind="error"
          error={partner.error ?? countries.error ?? banks.error}
          onRetry={() => void Promise.all([partner.refetch(), countries.refetch(), banks.refetch()])}
          actions={back}
        />
      ) : !partner.data.isActive ? (
        <ScreenState kind="empty" title={partner.data.fullName} text={PARTNER_MESSAGES.inactive} actions={back} />
      ) : (
        <UpdatePartnerWizard partner={partner.data} countries={countries.data} banks={banks.data} />
      )}
    </div>
  );
}

function formValues(p: PartnerDetail): UpdatePartnerFormInput {
  return {
    FullName: p.fullName,
    Name: p.name,
    Email: p.email,
    PhoneNumber: p.phoneNumber ?? '',
    Website: p.website ?? '',
    Country: p.country ?? '',
    Address: p.address ?? '',
    BankId: p.bankId ? String(p.bankId) : '',
    AccountNumber: p.accountNumber ?? '',
    overView: p.overView ?? '',
  };
}

function UpdatePartnerWizard({ partner, countries, banks }: { partner: PartnerDetail } & Lists) {
  const [step, setStep] = useWizardStep(UPDATE_STEPS.length);
  const form = useSchemaForm(updatePartnerFormSchema, { defaultValues: formValues(partner) });
  const images = usePartnerImages();
  const [passed, setPassed] = useState(false);
  return (
    <Wizard title="Update Partner" steps={UPDATE_STEPS} step={step} onStepChange={setStep} reachable={(i) => i === 0 || passed}>
      {step === 0 || !passed ? (
        <BasicInfoStep form={form} partner={partner} images={images} countries={countries} banks={banks} onPassed={() => setPassed(true)} />
      ) : (
        <FinishStep form={form} partner={partner} images={images} countries={countries} banks={banks} />
      )}
    </Wizard>
  );
}

const currentImages = (p: PartnerDetail) => ({ Logo: p.logoUrl, Thumbnail: p.thumbnailUrl, Banner: p.bannerUrl, CertificateLogo: p.certificateLogoUrl });

function BasicInfoStep({ form, partner, images, countries, banks, onPassed }: { form: UpdateForm; partner: PartnerDetail; images: PartnerImagesState; onPassed: () => void } & Lists) {
  const { next, step, goTo } = useWizard();
  const calls = usePartnerCalls();
  const check = (values: { name?: string; email?: string }) => calls.taken({ ...values, id: partner.id });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!(await checkStep(form, BASIC_INFO_FIELDS))) return;
    if (PARTNER_IMAGES.some(({ field }) => images.errors[field])) return;
    if (await markTaken(form, check, ['Name', 'Email'])) return;
    onPassed();
    if (step === 0) next();
    else goTo(1);
  };
  return (
    <form className="partner-form" noValidate onSubmit={(event) => void submit(event)} aria-label="Basic Info">
      <BasicInfoFields form={form} mode="update" countries={countries} banks={banks} onCheckUnique={(field) => void markTaken(form, check, [field])} />
      <PartnerImagePickers images={images} current={currentImages(partner)} />
      <WizardActions>
        <ButtonLink variant="ghost" href={paths.managePartners}>
          Cancel
        </ButtonLink>
      </WizardActions>
    </form>
  );
}

function FinishStep({ form, partner, images, countries, banks }: { form: UpdateForm; partner: PartnerDetail; images: PartnerImagesState } & Lists) {
  const navigate = useNavigate();
  const calls = usePartnerCalls();
  const { goTo } = useWizard();
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState(false);
  const [pending, setPending] = useState(false);
  const state = useRef<'idle' | 'busy' | 'done'>('idle');
  const v = form.getValues();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state.current !== 'idle') return;
    state.current = 'busy';
    setPending(true);
    setError(null);
    try {
      await calls.update({ id: String(partner.id), ...form.getValues() }, images.files());
      state.current = 'done';
      setDone(true);
    } catch (failure) {
      state.current = 'idle';
      setError(failure);
      if (failure instanceof ApiError) {
        for (const { field, message } of failure.fieldErrors) {
          const image = PARTNER_IMAGES.find((i) => i.field === field);
          if (image) images.setError(image.field, message);
          else if (field in v) form.setError(field as (typeof BASIC_INFO_FIELDS)[number], { message });
          goTo(0);
        }
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="partner-form" noValidate onSubmit={(event) => void submit(event)} aria-label="Finish">
      <p className="partner-form__intro">Check the details, then submit. Prev goes back to change them.</p>
      <Review
        title={partner.code}
        items={[
          { label: 'Full Name', value: v.FullName },
          { label: 'Short Name', value: v.Name },
          { label: 'Email', value: v.Email },
          { label: 'Phone Number', value: v.PhoneNumber },
          { label: 'Website', value: v.Website },
          { label: 'Country', value: countryName(countries, v.Country) },
          { label: 'Address', value: v.Address },
          { label: 'Bank', value: bankName(banks, String(v.BankId)) },
          { label: 'Account Number', value: v.AccountNumber },
          { label: 'Overview', value: v.overView },
          {
            label: 'New pictures',
            value: PARTNER_IMAGES.filter(({ field }) => images.choices[field])
              .map(({ label }) => label)
              .join(', ') || 'None (the current ones stay)',
          },
        ]}
      />
      <ErrorAlert error={error} />
      <WizardActions nextLabel="Submit" isPending={pending} />
      <AlertDialog isOpen={done} tone="success" title="Partner Update" actionLabel="Complete" onAction={() => void navigate(paths.managePartners)}>
        <p>The partner has been updated successfully.</p>
      </AlertDialog>
    </form>
  );
}

