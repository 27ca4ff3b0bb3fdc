// The partner wizards' shared pieces: Basic Info's fields (Create and Update), the four pictures,
// the uniqueness check on blur, and the review on Finish. The rules are the shared schemas'
// (shared/api/partners.ts), so the form and the server give the same messages.
import { useCallback, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import {
  PARTNER_IMAGES,
  PARTNER_IMAGE_MAX_BYTES,
  PARTNER_IMAGE_SIZES,
  PARTNER_IMAGE_TYPES,
  PARTNER_MESSAGES,
  PARTNER_TYPES,
  partnerImageSizeProblem,
  type PartnerImageField,
} from '@rivet/shared/api/partners';
import type { Bank, Country } from '@rivet/shared/api/reference';
import { FormSelect } from '@rivet/shared/ui/form-choice';
import { FormTextField, type AnyControl } from '@rivet/shared/ui/form';
import { PicturePicker, usePictureChoice, type PictureChoice } from '@rivet/shared/ui/picture-picker';
import type { PartnerFiles } from './use-partners';

/** What each picture should be (its own size or shape), then the types and weight all share. */
export const imageHint = (field: PartnerImageField) => `${PARTNER_IMAGE_SIZES[field].hint}; jpg, jpeg, gif or png, no text; up to 2 MB.`;

/** The browser's first look at a chosen file; the server judges the content again. */
export function checkPartnerImage(file: File): string | null {
  if (!(PARTNER_IMAGE_TYPES as readonly string[]).includes(file.type)) return PARTNER_MESSAGES.imageType;
  if (file.size > PARTNER_IMAGE_MAX_BYTES) return PARTNER_MESSAGES.imageSize;
  return null;
}

/** A picture's width and height as the browser decodes it (null when it cannot: the server then judges the file). */
async function pixelSize(file: File): Promise<{ width: number; height: number } | null> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

/** The type and weight checks, then the picture's own size and shape (PARTNER_IMAGE_SIZES). */
export const checkPartnerImageFor =
  (field: PartnerImageField) =>
  async (file: File): Promise<string | null> => {
    const problem = checkPartnerImage(file);
    if (problem) return problem;
    const size = await pixelSize(file);
    return size ? partnerImageSizeProblem(field, size.width, size.height) : null;
  };

export interface PartnerImagesState {
  choices: Record<PartnerImageField, PictureChoice | null>;
  choose: (field: PartnerImageField, file: File | null) => void;
  errors: Partial<Record<PartnerImageField, string | null>>;
  setError: (field: PartnerImageField, message: string | null) => void;
  files: () => PartnerFiles;
}

/** The four pictures chosen in a wizard, with their previews and messages. */
export function usePartnerImages(): PartnerImagesState {
  const [logo, chooseLogo] = usePictureChoice();
  const [thumbnail, chooseThumbnail] = usePictureChoice();
  const [banner, chooseBanner] = usePictureChoice();
  const [certificateLogo, chooseCertificateLogo] = usePictureChoice();
  const [errors, setErrors] = useState<Partial<Record<PartnerImageField, string | null>>>({});
  const choices = { Logo: logo, Thumbnail: thumbnail, Banner: banner, CertificateLogo: certificateLogo };
  const choosers = { Logo: chooseLogo, Thumbnail: chooseThumbnail, Banner: chooseBanner, CertificateLogo: chooseCertificateLogo };
  const setError = useCallback((field: PartnerImageField, message: string | null) => setErrors((e) => ({ ...e, [field]: message })), []);
  return {
    choices,
    choose: (field, file) => choosers[field](file),
    errors,
    setError,
    files: () => Object.fromEntries(PARTNER_IMAGES.flatMap(({ field }) => (choices[field] ? [[field, choices[field].file]] : []))),
  };
}

export function PartnerImagePickers({ images, current, isDisabled }: { images: PartnerImagesState; current?: Partial<Record<PartnerImageField, string | null>>; isDisabled?: boolean }) {
  return (
    <fieldset className="partner-form__images">
      <legend className="partner-form__legend">Pictures</legend>
      {PARTNER_IMAGES.map(({ field, label }) => (
        <PicturePicker
          key={field}
          preview="image"
          title={label}
          firstName=""
          lastName=""
          current={current?.[field] ?? null}
          choice={images.choices[field]}
          onChange={(file) => {
            images.choose(field, file);
            if (file) images.setError(field, null);
          }}
          error={images.errors[field] ?? null}
          onError={(message) => images.setError(field, message)}
          hint={imageHint(field)}
          aspect={PARTNER_IMAGE_SIZES[field].width / PARTNER_IMAGE_SIZES[field].height}
          types={PARTNER_IMAGE_TYPES}
          check={checkPartnerImageFor(field)}
          isDisabled={isDisabled}
        />
      ))}
    </fieldset>
  );
}

/** Basic Info's text fields by name, in the order they are shown (Next checks these). */
export const BASIC_INFO_FIELDS = ['FullName', 'Name', 'Email', 'PhoneNumber', 'Website', 'Country', 'Address', 'BankId', 'AccountNumber', 'overView'] as const;

export interface BasicInfoFieldsProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  mode: 'create' | 'update';
  countries: readonly Country[];
  banks: readonly Bank[];
  /** Checks Name, Code and Email against other partners when the field is left. */
  onCheckUnique: (field: 'Name' | 'Code' | 'Email') => void;
}

export function BasicInfoFields<T extends FieldValues>({ form, mode, countries, banks, onCheckUnique }: BasicInfoFieldsProps<T>) {
  const control = form.control as unknown as AnyControl<Record<string, string>>;
  const blurCheck = (field: 'Name' | 'Code' | 'Email') => () => onCheckUnique(field);
  return (
    <div className="partner-form__grid">
      <FormTextField control={control} name="FullName" label="Partner Full Name" autoComplete="organization" />
      <div onBlur={mode === 'create' ? blurCheck('Name') : undefined}>
        <FormTextField control={control} name="Name" label="Partner Name (short)" description="e.g. UNILAG" />
      </div>
      {mode === 'create' ? (
        <>
          <div onBlur={blurCheck('Code')}>
            <FormTextField control={control} name="Code" label="Partner Code (optional)" description="Letters, digits and hyphens; made from the short name if left blank." />
          </div>
          <FormSelect control={control} name="InstitutionType" label="Partner Type" items={PARTNER_TYPES.map((t) => ({ id: String(t.id), label: t.name }))} />
        </>
      ) : null}
      <div onBlur={blurCheck('Email')}>
        <FormTextField control={control} name="Email" label="Email" type="email" autoComplete="email" />
      </div>
      <FormTextField control={control} name="PhoneNumber" label="Phone Number" type="tel" autoComplete="tel" description="At least 11 digits, e.g. 08031234567" />
      <FormTextField control={control} name="Website" label="Website (optional)" type="url" description="e.g. https://unilag.edu.ng" />
      <FormSelect control={control} name="Country" label="Country" items={countries.map((c) => ({ id: c.code1, label: c.countryName }))} />
      <FormTextField control={control} name="Address" label="Address" autoComplete="street-address" />
      <FormSelect control={control} name="BankId" label="Bank" items={banks.map((b) => ({ id: String(b.id), label: b.name }))} />
      <FormTextField control={control} name="AccountNumber" label="Account Number" inputMode="numeric" description="The 10-digit NUBAN" />
      <FormTextField control={control} name="overView" label="Overview" rows={4} className="partner-form__wide" />
    </div>
  );
}

/**
 * Checks a step's fields as Next does. Fields show their message once touched (so nobody is told
 * off while still typing); Next touches them all first, so an untouched empty field speaks too.
 */
export async function checkStep<T extends FieldValues>(form: UseFormReturn<T>, fields: readonly Path<T>[]): Promise<boolean> {
  for (const field of fields) form.setValue(field, form.getValues(field), { shouldTouch: true });
  return form.trigger([...fields], { shouldFocus: true });
}

/** Marks the fields another partner holds; answers whether any is taken. */
export async function markTaken<T extends FieldValues>(
  form: UseFormReturn<T>,
  check: (values: { name?: string; email?: string; code?: string }) => Promise<{ nameTaken: boolean; emailTaken: boolean; codeTaken: boolean }>,
  fields: readonly ('Name' | 'Code' | 'Email')[],
): Promise<boolean> {
  const values = form.getValues() as Record<string, string | undefined>;
  const ask = {
    name: fields.includes('Name') ? values.Name?.trim() : undefined,
    email: fields.includes('Email') ? values.Email?.trim() : undefined,
    code: fields.includes('Code') ? values.Code?.trim() : undefined,
  };
  if (!ask.name && !ask.email && !ask.code) return false;
  let answer;
  try {
    answer = await check(ask);
  } catch {
    // The check is a convenience: the server refuses a duplicate on submit anyway.
    return false;
  }
  const mark = (field: 'Name' | 'Code' | 'Email', taken: boolean, message: string) => {
    if (taken) form.setError(field as Path<T>, { type: 'taken', message });
  };
  mark('Name', answer.nameTaken, PARTNER_MESSAGES.nameTaken);
  mark('Email', answer.emailTaken, PARTNER_MESSAGES.emailTaken);
  mark('Code', answer.codeTaken, PARTNER_MESSAGES.codeTaken);
  return answer.nameTaken || answer.emailTaken || answer.codeTaken;
}

export interface ReviewItem {
  label: string;
  value: React.ReactNode;
}

export function Review({ title, items }: { title: string; items: readonly ReviewItem[] }) {
  return (
    <section className="partner-review" aria-label={title}>
      <h3 className="partner-review__title">{title}</h3>
      <dl className="partner-review__list">
        {items.map((item) => (
          <div key={item.label} className="partner-review__item">
            <dt>{item.label}</dt>
            <dd>{item.value || '—'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export const countryName = (countries: readonly Country[], code: string | null | undefined) => countries.find((c) => c.code1 === code)?.countryName ?? code ?? '';
export const bankName = (banks: readonly Bank[], id: string | number | null | undefined) => banks.find((b) => String(b.id) === String(id))?.name ?? '';
