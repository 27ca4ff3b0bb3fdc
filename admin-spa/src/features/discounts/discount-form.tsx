// The discount form (spec 002 §5 "Discount create"), in create and update modes (§4). Create asks
// for everything §5 requires: name, description, type, an active partner, dates, charge type,
// value and the usage setting; a default discount's one code, or an advanced discount's file of
// codes (CSV or .xlsx, with a template to download). A file with bad rows comes back with each row's
// number and reason, and nothing is imported. Update changes only name, description, dates and the
// usage limit (§7), every field optional. The server checks all of it again.
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  BULK_FILE_MAX_BYTES,
  BULK_TEMPLATE_NAME,
  DISCOUNT_DESCRIPTION_MAX,
  DISCOUNT_NAME_MAX,
  DISCOUNT_TYPE,
  DISCOUNT_UI_MESSAGES as M,
  FLAT_AMOUNT_MAX_CHARS,
  bulkTemplateCsv,
  discountProblems,
  type Discount,
} from '@rivet/shared/api/discounts';
import { isApiError, errorMessage } from '@rivet/shared/client/errors';
import { DISCOUNT_CHARGE } from '@rivet/shared/domain/pricing';
import { Button } from '@rivet/shared/ui/button';
import { Checkbox } from '@rivet/shared/ui/checkbox';
import { InlineAlert } from '@rivet/shared/ui/inline-alert';
import { ScreenState } from '@rivet/shared/ui/screen-state';
import { Select } from '@rivet/shared/ui/select';
import { TextField } from '@rivet/shared/ui/text-field';
import { toast } from '@rivet/shared/ui/toast';
import { discountValue } from './discount-format';
import { useActivePartners, useDiscount, useDiscountCalls, usePartnerCourses } from './use-discounts';

interface Draft {
  name: string;
  description: string;
  discountType: string | null;
  partnerId: string | null;
  startDate: string;
  endDate: string;
  chargeType: string | null;
  amount: string;
  usage: string | null;
  usageLimit: string;
  code: string;
  allCourses: boolean;
  courseIds: number[];
}

const EMPTY: Draft = {
  name: '',
  description: '',
  discountType: null,
  partnerId: null,
  startDate: '',
  endDate: '',
  chargeType: null,
  amount: '',
  usage: null,
  usageLimit: '',
  code: '',
  allCourses: true,
  courseIds: [],
};

const TYPES = [
  { id: String(DISCOUNT_TYPE.default), label: 'Default (one code)' },
  { id: String(DISCOUNT_TYPE.advanced), label: 'Advanced (bulk upload of codes)' },
];
const CHARGES = [
  { id: String(DISCOUNT_CHARGE.flat), label: 'Flat (₦)' },
  { id: String(DISCOUNT_CHARGE.percentage), label: 'Percentage (%)' },
];
const USAGE = [
  { id: 'unlimited', label: 'Unlimited' },
  { id: 'limited', label: 'Limited' },
];

/** §5: the value input refuses e, E, + and - (a number input would take them). */
const blockSigns = (event: KeyboardEvent) => {
  if (['e', 'E', '+', '-'].includes(event.key)) event.preventDefault();
};

type Errors = Partial<Record<keyof Draft | 'file', string>>;

function downloadTemplate() {
  const url = URL.createObjectURL(new Blob([bulkTemplateCsv()], { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = BULK_TEMPLATE_NAME;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function DiscountForm(props: { mode: 'create'; onDone: () => void } | { mode: 'update'; discountId: number; onDone: () => void }) {
  if (props.mode === 'update') return <UpdateLoader discountId={props.discountId} onDone={props.onDone} />;
  return <CreateForm onDone={props.onDone} />;
}

function CreateForm({ onDone }: { onDone: () => void }) {
  const partners = useActivePartners();
  const calls = useDiscountCalls();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<{ title: string; rows: string[] } | null>(null);
  const [saving, setSaving] = useState(false);
  const busy = useRef(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const courses = usePartnerCourses(draft.allCourses ? null : draft.partnerId);
  const partnerOptions = useMemo(() => (partners.data?.items ?? []).map((p) => ({ id: String(p.id), label: p.fullName })), [partners.data]);
  const isPercentage = draft.chargeType === String(DISCOUNT_CHARGE.percentage);
  const isAdvanced = draft.discountType === String(DISCOUNT_TYPE.advanced);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  function typeAmount(typed: string) {
    if (!/^\d*(\.\d{0,2})?$/.test(typed)) return;
    // §5: a percentage is capped at 100 (3 characters); a flat amount at 50 characters.
    if (isPercentage && typed.length > 3) return;
    if (typed.length > FLAT_AMOUNT_MAX_CHARS) return;
    set('amount', typed);
    if (isPercentage && Number(typed) > 100) toast.warning(M.percentageMax);
  }

  function check(): Errors {
    const found: Errors = {};
    if (!draft.name.trim()) found.name = M.nameRequired;
    if (!draft.description.trim()) found.description = M.descriptionRequired;
    if (!draft.discountType) found.discountType = M.typeRequired;
    if (!draft.partnerId) found.partnerId = M.partnerRequired;
    if (!draft.startDate) found.startDate = M.startRequired;
    if (!draft.endDate) found.endDate = M.endRequired;
    if (!draft.chargeType) found.chargeType = M.chargeTypeRequired;
    if (!draft.amount.trim()) found.amount = M.valueRequired;
    if (!draft.usage) found.usage = M.usageRequired;
    const fields: Record<string, keyof Draft | 'file'> = { EndDate: 'endDate', Amount: 'amount', UsageLimit: 'usageLimit', Code: 'code', FormFile: 'file', CourseId: 'courseIds' };
    for (const p of discountProblems({
      discountType: draft.discountType ? Number(draft.discountType) : undefined,
      chargeType: draft.chargeType ? Number(draft.chargeType) : undefined,
      amount: draft.amount,
      startDate: draft.startDate,
      endDate: draft.endDate,
      setUsageLimit: draft.usage === 'limited',
      usageLimit: draft.usageLimit,
      code: draft.code,
      allCourses: draft.allCourses,
      courseIds: draft.courseIds,
      hasFile: file !== null,
    })) {
      const key = fields[p.field];
      if (key && !found[key]) found[key] = p.message;
    }
    return found;
  }

  async function save() {
    if (busy.current) return;
    setServerError(null);
    const found = check();
    setErrors(found);
    const first = Object.values(found).find(Boolean);
    if (first) {
      // §5 calls the date and percentage messages warnings.
      if (first === M.endBeforeStart || first === M.percentageMax) toast.warning(first);
      return;
    }
    busy.current = true;
    setSaving(true);
    try {
      const res = await calls.create(
        {
          Name: draft.name.trim(),
          Description: draft.description.trim(),
          DiscountType: draft.discountType!,
          DiscountChargeType: draft.chargeType!,
          InstitutionId: draft.partnerId!,
          StartDate: draft.startDate,
          EndDate: draft.endDate,
          Amount: draft.amount,
          SetUsageLimit: String(draft.usage === 'limited'),
          UsageLimit: draft.usage === 'limited' ? draft.usageLimit : '',
          AllCoursesDiscount: String(draft.allCourses),
          CourseId: draft.allCourses ? '' : draft.courseIds.join(','),
          Code: isAdvanced ? '' : draft.code.trim(),
        },
        isAdvanced ? file : null,
      );
      toast.success(res.description || M.created);
      await queryClient.invalidateQueries({ queryKey: ['discounts'] });
      onDone();
    } catch (error) {
      const rows = isApiError(error) ? error.fieldErrors.filter((f) => f.field.startsWith('FormFile[')).map((f) => f.message) : [];
      setServerError({ title: rows.length ? errorMessage(error) : 'The discount was not created', rows: rows.length ? rows : [errorMessage(error)] });
    } finally {
      busy.current = false;
      setSaving(false);
    }
  }

  return (
    <section className="discount-sheet" aria-labelledby="discount-create-title">
      <h2 id="discount-create-title" className="discount-sheet__title">
        Create Discount
      </h2>
      <div className="discount-sheet__grid">
        <TextField label="Name" value={draft.name} maxLength={DISCOUNT_NAME_MAX} onChange={(v) => set('name', v)} errorMessage={errors.name} isRequired />
        <Select label="Partner" items={partnerOptions} value={draft.partnerId} placeholder={partners.isPending ? 'Loading partners…' : 'Select partner'} onChange={(v) => setDraft((d) => ({ ...d, partnerId: v, courseIds: [] }))} errorMessage={errors.partnerId} isRequired />
        <TextField label="Description" rows={3} value={draft.description} maxLength={DISCOUNT_DESCRIPTION_MAX} onChange={(v) => set('description', v)} errorMessage={errors.description} isRequired className="discount-sheet__wide" />
        <Select label="Discount type" items={TYPES} value={draft.discountType} onChange={(v) => set('discountType', v)} errorMessage={errors.discountType} isRequired />
        {isAdvanced ? (
          <div className="rv-field discount-file">
            <span className="rv-field__label" id="discount-file-label">
              File of codes
            </span>
            <div className="discount-file__row">
              <Button variant="secondary" onPress={() => fileInput.current?.click()} aria-describedby="discount-file-label">
                {file ? 'Choose another file' : 'Choose file'}
              </Button>
              <input
                ref={fileInput}
                type="file"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                className="visually-hidden"
                aria-label="File of codes"
                data-testid="discount-file"
                onChange={(e) => {
                  const chosen = e.target.files?.[0] ?? null;
                  e.target.value = '';
                  setServerError(null);
                  if (chosen && chosen.size > BULK_FILE_MAX_BYTES) {
                    setErrors((er) => ({ ...er, file: M.fileTooBig(BULK_FILE_MAX_BYTES / 1048576) }));
                    return;
                  }
                  setFile(chosen);
                  setErrors((er) => ({ ...er, file: undefined }));
                }}
              />
              <span className="discount-file__name">{file ? file.name : 'No file chosen'}</span>
            </div>
            <span className="rv-field__description">
              CSV or Excel (.xlsx), one code a row under the heading “Code”; at most 10,000 codes.{' '}
              <Button variant="ghost" size="sm" onPress={downloadTemplate}>
                Download template
              </Button>
            </span>
            {errors.file ? <span className="rv-field__error" role="alert">{errors.file}</span> : null}
          </div>
        ) : (
          <TextField
            label="Code"
            value={draft.code}
            maxLength={40}
            onChange={(v) => set('code', v.toUpperCase())}
            errorMessage={errors.code}
            description="3 to 40 letters, digits, hyphens or underscores"
            isDisabled={!draft.discountType}
          />
        )}
        <TextField label="Start date" type="date" value={draft.startDate} onChange={(v) => set('startDate', v)} errorMessage={errors.startDate} isRequired />
        <TextField label="End date" type="date" value={draft.endDate} onChange={(v) => set('endDate', v)} errorMessage={errors.endDate} isRequired />
        <Select
          label="Charge type"
          items={CHARGES}
          value={draft.chargeType}
          onChange={(v) => {
            setDraft((d) => ({ ...d, chargeType: v, amount: '' }));
            setErrors((e) => ({ ...e, chargeType: undefined, amount: undefined }));
          }}
          errorMessage={errors.chargeType}
          isRequired
        />
        <TextField
          label={isPercentage ? 'Value (%)' : 'Value (₦)'}
          inputMode="decimal"
          value={draft.amount}
          onChange={typeAmount}
          onKeyDown={blockSigns}
          errorMessage={errors.amount}
          isDisabled={!draft.chargeType}
          isRequired
        />
        <Select label="Usage" items={USAGE} value={draft.usage} onChange={(v) => set('usage', v)} errorMessage={errors.usage} isRequired />
        {draft.usage === 'limited' ? (
          <TextField label="Usage limit" inputMode="numeric" value={draft.usageLimit} onChange={(v) => /^\d{0,10}$/.test(v) && set('usageLimit', v)} onKeyDown={blockSigns} errorMessage={errors.usageLimit} isRequired />
        ) : (
          <span />
        )}
        <div className="discount-sheet__wide discount-courses">
          <Checkbox isSelected={draft.allCourses} onChange={(on) => setDraft((d) => ({ ...d, allCourses: on, courseIds: [] }))}>
            All of the partner’s courses
          </Checkbox>
          {draft.allCourses ? null : !draft.partnerId ? (
            <p className="discounts__muted">Choose the partner first.</p>
          ) : courses.isPending ? (
            <p className="discounts__muted">Loading courses…</p>
          ) : (
            <fieldset className="discount-courses__list">
              <legend className="visually-hidden">Courses</legend>
              {(courses.data ?? []).map((c) => (
                <Checkbox
                  key={c.id}
                  isSelected={draft.courseIds.includes(c.id)}
                  onChange={(on) => set('courseIds', on ? [...draft.courseIds, c.id] : draft.courseIds.filter((id) => id !== c.id))}
                >
                  {c.title}
                </Checkbox>
              ))}
              {courses.data?.length === 0 ? <p className="discounts__muted">This partner has no courses yet.</p> : null}
            </fieldset>
          )}
          {errors.courseIds ? <span className="rv-field__error" role="alert">{errors.courseIds}</span> : null}
        </div>
      </div>

      {partners.error ? <InlineAlert title="The partners could not be loaded">{errorMessage(partners.error)}</InlineAlert> : null}
      {serverError ? (
        <InlineAlert title={serverError.title}>
          <ul className="discount-rows" aria-label="Problems">
            {serverError.rows.map((row) => (
              <li key={row}>{row}</li>
            ))}
          </ul>
        </InlineAlert>
      ) : null}

      <div className="discount-sheet__actions">
        <Button onPress={() => void save()} isPending={saving}>
          Create Discount
        </Button>
      </div>
    </section>
  );
}

function UpdateLoader({ discountId, onDone }: { discountId: number; onDone: () => void }) {
  const discount = useDiscount(discountId);
  if (discount.error) return <ScreenState kind="error" error={discount.error} onRetry={() => void discount.refetch()} />;
  if (!discount.data) return <ScreenState kind="loading" label="Loading the discount" />;
  return <UpdateForm discount={discount.data} onDone={onDone} />;
}

function UpdateForm({ discount, onDone }: { discount: Discount; onDone: () => void }) {
  const calls = useDiscountCalls();
  const queryClient = useQueryClient();
  const [name, setName] = useState(discount.name);
  const [description, setDescription] = useState(discount.description);
  const [startDate, setStartDate] = useState(discount.startDate);
  const [endDate, setEndDate] = useState(discount.endDate);
  const [usage, setUsage] = useState<string | null>(discount.usageLimit === null ? 'unlimited' : 'limited');
  const [usageLimit, setUsageLimit] = useState(discount.usageLimit === null ? '' : String(discount.usageLimit));
  const [errors, setErrors] = useState<{ endDate?: string; usageLimit?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const busy = useRef(false);

  async function save() {
    if (busy.current) return;
    setServerError(null);
    const found: typeof errors = {};
    if (startDate && endDate && endDate < startDate) found.endDate = M.endBeforeStart;
    if (usage === 'limited' && !usageLimit) found.usageLimit = M.usageLimitRequired;
    else if (usage === 'limited' && Number(usageLimit) < 1) found.usageLimit = M.usageLimitRange;
    setErrors(found);
    if (found.endDate) toast.warning(found.endDate);
    if (found.endDate || found.usageLimit) return;
    busy.current = true;
    setSaving(true);
    try {
      // §5: the update form's fields are optional; a field left empty keeps its value.
      const res = await calls.update({
        id: discount.id,
        name: name.trim() || null,
        description: description.trim() || null,
        startDate: startDate || null,
        endDate: endDate || null,
        setUsage: usage === 'limited',
        usageLimit: usage === 'limited' ? Number(usageLimit) : null,
      });
      toast.success(res.description || M.updated);
      await queryClient.invalidateQueries({ queryKey: ['discounts'] });
      onDone();
    } catch (error) {
      setServerError(errorMessage(error));
    } finally {
      busy.current = false;
      setSaving(false);
    }
  }

  return (
    <section className="discount-sheet" aria-labelledby="discount-update-title">
      <h2 id="discount-update-title" className="discount-sheet__title">
        Update Discount
      </h2>
      <p className="discounts__muted">
        {discount.institution} · {discount.discountTypeName} · {discountValue(discount)} off · {discount.code ?? `${discount.codeCount.toLocaleString('en-NG')} codes`}
      </p>
      <div className="discount-sheet__grid">
        <TextField label="Name" value={name} maxLength={DISCOUNT_NAME_MAX} onChange={setName} />
        <span />
        <TextField label="Description" rows={3} value={description} maxLength={DISCOUNT_DESCRIPTION_MAX} onChange={setDescription} className="discount-sheet__wide" />
        <TextField label="Start date" type="date" value={startDate} onChange={setStartDate} />
        <TextField label="End date" type="date" value={endDate} onChange={setEndDate} errorMessage={errors.endDate} />
        <Select label="Usage" items={USAGE} value={usage} onChange={setUsage} />
        {usage === 'limited' ? (
          <TextField
            label="Usage limit"
            inputMode="numeric"
            value={usageLimit}
            onChange={(v) => /^\d{0,10}$/.test(v) && setUsageLimit(v)}
            onKeyDown={blockSigns}
            errorMessage={errors.usageLimit}
            description={`${discount.usageCount.toLocaleString('en-NG')} used so far`}
          />
        ) : (
          <span />
        )}
      </div>
      {serverError ? <InlineAlert title="The discount was not updated">{serverError}</InlineAlert> : null}
      <div className="discount-sheet__actions">
        <Button onPress={() => void save()} isPending={saving}>
          Update Discount
        </Button>
      </div>
    </section>
  );
}
