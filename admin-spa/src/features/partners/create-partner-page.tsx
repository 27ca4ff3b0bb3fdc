// Create Partner (spec 002 §2.4, §4 "Partner wizard", §5 "Partner create"): Basic Info, Manage
// Users (the partner's INSTITUTION ADMIN), Finish (review, Prev, Submit) on the shared Wizard.
// One form holds both steps; Next checks its step (and names, codes and e-mails against other
// partners), Submit sends everything once (a second press while it runs is ignored).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  PARTNER_IMAGES,
  PARTNER_MESSAGES,
  PARTNER_TYPES,
  createPartnerFormSchema,
  partnerAdminUserName,
  partnerCodeFrom,
  type CreatePartnerFormInput,
} from '@rivet/shared/api/partners';
import { INSTITUTION_ADMIN_ROLE_ID } from '@rivet/shared/domain/permissions';
import { ApiError } from '@rivet/shared/client/errors';
import { AlertDialog } from '@rivet/shared/ui/modal';
import { Button, ButtonLink } from '@rivet/shared/ui/button';
import { ErrorAlert } from '@rivet/shared/ui/error-alert';
import { FormTextField, useSchemaForm } from '@rivet/shared/ui/form';
import { ScreenState } from '@rivet/shared/ui/screen-state';
import { Wizard, WizardActions, useWizard, useWizardStep } from '@rivet/shared/ui/wizard';
import { paths } from '../../paths';
import {
  BASIC_INFO_FIELDS,
  BasicInfoFields,
  PartnerImagePickers,
  checkStep,
  Review,
  bankName,
  countryName,
  markTaken,
  usePartnerImages,
  type PartnerImagesState,
} from './partner-form';
import { useBanks, useCountries, usePartnerCalls } from './use-partners';
import './partners.css';

export const CREATE_STEPS = [
  { id: 'basic', title: 'Basic Info' },
  { id: 'users', title: 'Manage Users' },
  { id: 'finish', title: 'Finish' },
] as const;

const EMPTY: CreatePartnerFormInput = {
  FullName: '',
  Name: '',
  Code: '',
  InstitutionType: '',
  Email: '',
  PhoneNumber: '',
  Website: '',
  Country: 'NG',
  Address: '',
  BankId: '',
  AccountNumber: '',
  overView: '',
  UserModel: { FirstName: '', LastName: '', Email: '', PhoneNumber: '', userName: '' },
};

const ADMIN_FIELDS = ['UserModel.FirstName', 'UserModel.LastName', 'UserModel.Email', 'UserModel.PhoneNumber', 'UserModel.userName'] as const;

type CreateForm = ReturnType<typeof useSchemaForm<typeof createPartnerFormSchema>>;

export function CreatePartnerPage() {
  // Only whoever manages partners reaches this page (screen-access.ts).
  const countries = useCountries();
  const banks = useBanks();
  return (
    <div className="partner-wizard">
      <div className="partner-wizard__top">
        <h1 className="partner-wizard__title">Create Partner</h1>
        <ButtonLink variant="ghost" href={paths.managePartners}>
          Back to partners
        </ButtonLink>
      </div>
      {countries.isPending || banks.isPending ? (
        <ScreenState kind="loading" label="Loading the form..." />
      ) : countries.isError || banks.isError ? (
        <ScreenState kind="error" error={countries.error ?? banks.error} onRetry={() => void Promise.all([countries.refetch(), banks.refetch()])} />
      ) : (
        <CreatePartnerWizard countries={countries.data} banks={banks.data} />
      )}
    </div>
  );
}

function CreatePartnerWizard({ countries, banks }: { countries: NonNullable<ReturnType<typeof useCountries>['data']>; banks: NonNullable<ReturnType<typeof useBanks>['data']> }) {
  const [step, setStep] = useWizardStep(CREATE_STEPS.length);
  const form = useSchemaForm(createPartnerFormSchema, { defaultValues: EMPTY });
  const images = usePartnerImages();
  const [passed, setPassed] = useState(0);

  // The admin's user name is made from the partner code and first name (the field is disabled).
  const [code, name, firstName] = form.watch(['Code', 'Name', 'UserModel.FirstName']);
  useEffect(() => {
    const derived = firstName?.trim() ? partnerAdminUserName(code?.trim() || partnerCodeFrom(name ?? ''), firstName) : '';
    if (form.getValues('UserModel.userName') === derived) return;
    // Once Next has checked the field, its message follows the derived value (it cannot be typed in).
    const { isTouched, error } = form.getFieldState('UserModel.userName');
    form.setValue('UserModel.userName', derived, { shouldValidate: isTouched || Boolean(error) });
  }, [code, name, firstName, form]);

  return (
    <Wizard title="Create Partner" steps={CREATE_STEPS} step={step} onStepChange={setStep} reachable={(i) => i <= passed}>
      {step === 0 ? (
        <BasicInfoStep form={form} images={images} countries={countries} banks={banks} onPassed={() => setPassed((p) => Math.max(p, 1))} />
      ) : step === 1 && passed >= 1 ? (
        <ManageUsersStep form={form} onPassed={() => setPassed(2)} />
      ) : step === 2 && passed >= 2 ? (
        <FinishStep form={form} images={images} countries={countries} banks={banks} />
      ) : (
        <StepNotReady />
      )}
    </Wizard>
  );
}

/** A later step opened from the address before the earlier ones were filled in. */
function StepNotReady() {
  const { goTo } = useWizard();
  return (
    <div className="partner-form">
      <p>Fill in the earlier steps first.</p>
      <div>
        <Button onPress={() => goTo(0)}>Go to Basic Info</Button>
      </div>
    </div>
  );
}

function BasicInfoStep({ form, images, countries, banks, onPassed }: { form: CreateForm; images: PartnerImagesState; countries: Parameters<typeof BasicInfoFields>[0]['countries']; banks: Parameters<typeof BasicInfoFields>[0]['banks']; onPassed: () => void }) {
  const { next } = useWizard();
  const calls = usePartnerCalls();
  const busy = useRef(false);
  const [checking, setChecking] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setChecking(true);
    try {
      const valid = await checkStep(form, [...BASIC_INFO_FIELDS, 'Code', 'InstitutionType']);
      const missing = PARTNER_IMAGES.filter(({ field }) => !images.choices[field]);
      for (const { field, label } of missing) images.setError(field, PARTNER_MESSAGES.imageMissing(label));
      if (!valid || missing.length || PARTNER_IMAGES.some(({ field }) => images.errors[field])) return;
      if (await markTaken(form, calls.taken, ['Name', 'Code', 'Email'])) return;
      onPassed();
      next();
    } finally {
      busy.current = false;
      setChecking(false);
    }
  };

  return (
    <form className="partner-form" noValidate onSubmit={(event) => void submit(event)} aria-label="Basic Info">
      <BasicInfoFields
        form={form}
        mode="create"
        countries={countries}
        banks={banks}
        onCheckUnique={(field) => void markTaken(form, calls.taken, [field])}
      />
      <PartnerImagePickers images={images} />
      <WizardActions isPending={checking}>
        <ButtonLink variant="ghost" href={paths.managePartners}>
          Cancel
        </ButtonLink>
      </WizardActions>
    </form>
  );
}

function ManageUsersStep({ form, onPassed }: { form: CreateForm; onPassed: () => void }) {
  const { next } = useWizard();
  const { control } = form;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!(await checkStep(form, ADMIN_FIELDS))) return;
    onPassed();
    next();
  };
  return (
    <form className="partner-form" noValidate onSubmit={(event) => void submit(event)} aria-label="Manage Users">
      <p className="partner-form__intro">
        The partner’s admin (INSTITUTION ADMIN) gets a one-time password by e-mail and chooses their own password at the first sign-in.
      </p>
      <div className="partner-form__grid">
        <FormTextField control={control} name="UserModel.FirstName" label="First Name" autoComplete="off" />
        <FormTextField control={control} name="UserModel.LastName" label="Last Name" autoComplete="off" />
        <FormTextField control={control} name="UserModel.Email" label="Email" type="email" autoComplete="off" />
        <FormTextField control={control} name="UserModel.PhoneNumber" label="Phone Number" type="tel" autoComplete="off" description="At least 11 digits, e.g. 08031234567" />
        <FormTextField control={control} name="UserModel.userName" label="User Name" isDisabled description="Made from the partner code and the first name." />
      </div>
      <WizardActions />
    </form>
  );
}

function FinishStep({ form, images, countries, banks }: { form: CreateForm; images: PartnerImagesState; countries: Parameters<typeof BasicInfoFields>[0]['countries']; banks: Parameters<typeof BasicInfoFields>[0]['banks'] }) {
  const navigate = useNavigate();
  const calls = usePartnerCalls();
  const { goTo } = useWizard();
  const [error, setError] = useState<unknown>(null);
  const [created, setCreated] = useState<{ adminEmail: string } | null>(null);
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
      const values = form.getValues();
      await calls.create(
        {
          FullName: values.FullName,
          Name: values.Name,
          Code: values.Code,
          InstitutionType: values.InstitutionType,
          Email: values.Email,
          PhoneNumber: values.PhoneNumber,
          Website: values.Website,
          Country: values.Country,
          Address: values.Address,
          BankId: values.BankId,
          AccountNumber: values.AccountNumber,
          overView: values.overView,
          'UserModel.FirstName': values.UserModel.FirstName,
          'UserModel.LastName': values.UserModel.LastName,
          'UserModel.Email': values.UserModel.Email,
          'UserModel.PhoneNumber': values.UserModel.PhoneNumber,
          'UserModel.userName': values.UserModel.userName,
          'UserModel.Roles': String(INSTITUTION_ADMIN_ROLE_ID),
        },
        images.files(),
      );
      state.current = 'done';
      setCreated({ adminEmail: values.UserModel.Email ?? '' });
    } catch (failure) {
      state.current = 'idle';
      setError(failure);
      if (failure instanceof ApiError) {
        // A field the server refused is shown where it is filled in.
        for (const { field, message } of failure.fieldErrors) {
          const image = PARTNER_IMAGES.find((i) => i.field === field);
          if (image) {
            images.setError(image.field, message);
            goTo(0);
          } else if (field.startsWith('UserModel.')) {
            form.setError(field as (typeof ADMIN_FIELDS)[number], { message });
            goTo(1);
          } else if (field in v) {
            form.setError(field as (typeof BASIC_INFO_FIELDS)[number], { message });
            goTo(0);
          }
        }
      }
    } finally {
      setPending(false);
    }
  };

  const type = PARTNER_TYPES.find((t) => String(t.id) === v.InstitutionType)?.name ?? '';
  return (
    <form className="partner-form" noValidate onSubmit={(event) => void submit(event)} aria-label="Finish">
      <p className="partner-form__intro">Check the details, then submit. Prev goes back to change them.</p>
      <Review
        title="Partner"
        items={[
          { label: 'Full Name', value: v.FullName },
          { label: 'Short Name', value: v.Name },
          { label: 'Code', value: v.Code || partnerCodeFrom(v.Name ?? '') },
          { label: 'Type', value: type },
          { label: 'Email', value: v.Email },
          { label: 'Phone Number', value: v.PhoneNumber },
          { label: 'Website', value: v.Website },
          { label: 'Country', value: countryName(countries, v.Country) },
          { label: 'Address', value: v.Address },
          { label: 'Bank', value: bankName(banks, v.BankId) },
          { label: 'Account Number', value: v.AccountNumber },
          { label: 'Overview', value: v.overView },
          { label: 'Pictures', value: PARTNER_IMAGES.map(({ field, label }) => `${label}: ${images.choices[field]?.file.name ?? 'none'}`).join(', ') },
        ]}
      />
      <Review
        title="Admin"
        items={[
          { label: 'First Name', value: v.UserModel.FirstName },
          { label: 'Last Name', value: v.UserModel.LastName },
          { label: 'Email', value: v.UserModel.Email },
          { label: 'Phone Number', value: v.UserModel.PhoneNumber },
          { label: 'User Name', value: v.UserModel.userName },
        ]}
      />
      <ErrorAlert error={error} />
      <WizardActions nextLabel="Submit" isPending={pending} />
      <AlertDialog isOpen={created !== null} tone="success" title="Partner created" actionLabel="Complete" onAction={() => void navigate(paths.managePartners)}>
        <p>
          {PARTNER_MESSAGES.created}. A notification email has been sent to the registered e-mail address of the partner
          {created ? <> ({created.adminEmail}), with the admin’s sign-in details</> : null}.
        </p>
      </AlertDialog>
    </form>
  );
}
