// Revenue Sharing Setup (spec 002 §2.8, §5 "Revenue creation"): the Platform Owner's row is fixed
// first; each further row is an active partner, none twice; percentages are numbers from 0 with at
// most two decimals; the add-party control goes once the total reaches 100 or more, and Save works
// only at exactly 100. The server checks all of it again (shared/domain/revenue-split.ts).
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState } from 'react';
import { PERCENT_TYPING, REVENUE_NAME_MAX, REVENUE_UI_MESSAGES as M } from '@rivet/shared/api/revenue';
import { REVENUE_PARTY_TYPE, WHOLE_FORMULA, shareOfPercent } from '@rivet/shared/domain/revenue-split';
import { errorMessage } from '@rivet/shared/client/errors';
import { Button } from '@rivet/shared/ui/button';
import { IconButton } from '@rivet/shared/ui/icon-button';
import { InlineAlert } from '@rivet/shared/ui/inline-alert';
import { Select } from '@rivet/shared/ui/select';
import { TextField } from '@rivet/shared/ui/text-field';
import { toast } from '@rivet/shared/ui/toast';
import { useActivePartners, useRevenueCalls } from './use-revenue';

interface PartyRow {
  key: number;
  /** The chosen partner's id as text (Select's value); null until chosen. The owner's row has none. */
  partnerId: string | null;
  percent: string;
}

/** Hundredths of a percent of what was typed; a half-typed "12." counts as 12. */
const shareOf = (typed: string) => shareOfPercent(Number(typed || 0)) ?? 0;

/** 8_550 → "85.5" */
const percentText = (share: number) => String(share / 100);

export function RevenueSetupForm({ onClose }: { onClose: () => void }) {
  const partners = useActivePartners();
  const calls = useRevenueCalls();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [rows, setRows] = useState<PartyRow[]>([{ key: 0, partnerId: null, percent: '' }]);
  const [missingPartner, setMissingPartner] = useState<Set<number>>(new Set());
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const busy = useRef(false);
  const nextKey = useRef(1);
  const totalId = useId();

  const total = rows.reduce((sum, r) => sum + shareOf(r.percent), 0);
  const exact = total === WHOLE_FORMULA;
  const options = useMemo(() => (partners.data?.items ?? []).map((p) => ({ id: String(p.id), label: p.fullName })), [partners.data]);

  const change = (key: number, patch: Partial<PartyRow>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const typePercent = (key: number, typed: string) => {
    // Only digits with up to two decimals get in (no e, E, + or -), and never more than 100.
    if (PERCENT_TYPING.test(typed) && Number(typed || 0) <= 100) change(key, { percent: typed });
  };
  const addPartner = () => setRows((all) => [...all, { key: nextKey.current++, partnerId: null, percent: '' }]);
  const remove = (key: number) => setRows((all) => all.filter((r) => r.key !== key));

  async function save() {
    if (busy.current || !exact) return;
    setServerError(null);
    if (!name.trim()) {
      setNameError(M.nameField);
      toast.error(M.nameRequired);
      return;
    }
    const missing = new Set(rows.slice(1).filter((r) => !r.partnerId).map((r) => r.key));
    setMissingPartner(missing);
    if (missing.size) {
      toast.error(M.partnerRequired);
      return;
    }
    busy.current = true;
    setSaving(true);
    try {
      const res = await calls.create({
        name: name.trim(),
        revenuePartnerModel: rows.map((r, i) => ({
          sNo: i + 1,
          revenuePatnerType: i === 0 ? REVENUE_PARTY_TYPE.platformOwner : REVENUE_PARTY_TYPE.partner,
          partnerId: i === 0 ? 0 : Number(r.partnerId),
          percentage: shareOf(r.percent) / 100,
        })),
      });
      toast.success(res.description || M.created);
      await queryClient.invalidateQueries({ queryKey: ['revenue'] });
      onClose();
    } catch (error) {
      setServerError(errorMessage(error));
    } finally {
      busy.current = false;
      setSaving(false);
    }
  }

  return (
    <section className="revenue-sheet" aria-labelledby="revenue-setup-title">
      <header className="revenue-sheet__header">
        <div>
          <h1 id="revenue-setup-title" className="revenue-sheet__title">
            Revenue Sharing Setup
          </h1>
          <p className="revenue-sheet__lead">The Platform Owner comes first; add the partners who share each sale. The percentages must add up to exactly 100.</p>
        </div>
      </header>

      <div className="revenue-sheet__body">
        <TextField
          label="Name"
          value={name}
          maxLength={REVENUE_NAME_MAX}
          onChange={(value) => {
            setName(value);
            if (value.trim()) setNameError(undefined);
          }}
          onBlur={() => setNameError(name.trim() ? undefined : M.nameField)}
          errorMessage={nameError}
          placeholder="e.g. Standard 30/70"
          className="revenue-sheet__name"
        />

        <div className="revenue-parties" role="group" aria-label="Parties" aria-describedby={totalId}>
          <div className="revenue-parties__head" aria-hidden="true">
            <span>S/N</span>
            <span>Party</span>
            <span>Percentage (%)</span>
            <span />
          </div>
          {rows.map((row, i) => {
            const takenElsewhere = new Set(rows.filter((r) => r.key !== row.key && r.partnerId).map((r) => r.partnerId));
            return (
              <div key={row.key} className="revenue-parties__row">
                <span className="revenue-parties__sno">{i + 1}</span>
                {i === 0 ? (
                  <span className="revenue-parties__owner">
                    Platform Owner
                    <span className="revenue-parties__fixed">fixed</span>
                  </span>
                ) : (
                  <Select
                    label={`Partner ${i}`}
                    items={options.filter((o) => !takenElsewhere.has(o.id))}
                    value={row.partnerId}
                    placeholder={partners.isPending ? 'Loading partners…' : 'Select partner'}
                    onChange={(partnerId) => {
                      change(row.key, { partnerId });
                      setMissingPartner((m) => new Set([...m].filter((k) => k !== row.key)));
                    }}
                    errorMessage={missingPartner.has(row.key) ? M.partnerRequired : undefined}
                    className="revenue-parties__partner"
                  />
                )}
                <TextField
                  label={i === 0 ? 'Platform Owner percentage' : `Partner ${i} percentage`}
                  inputMode="decimal"
                  value={row.percent}
                  onChange={(typed) => typePercent(row.key, typed)}
                  placeholder="0"
                  className="revenue-parties__percent"
                />
                {i === 0 ? (
                  <span />
                ) : (
                  <IconButton aria-label={`Remove partner ${i}`} onPress={() => remove(row.key)} className="revenue-parties__remove">
                    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                      <path d="M18 6 6 18M6 6l12 12" />
                    </svg>
                  </IconButton>
                )}
              </div>
            );
          })}
        </div>

        <div className="revenue-sheet__footer">
          {total < WHOLE_FORMULA ? (
            <Button variant="ghost" onPress={addPartner}>
              + Add partner
            </Button>
          ) : (
            <span />
          )}
          <p id={totalId} className={`revenue-total ${exact ? 'revenue-total--exact' : total > WHOLE_FORMULA ? 'revenue-total--over' : ''}`} aria-live="polite">
            Total: <strong>{percentText(total)} %</strong>
            {exact ? null : <span className="revenue-total__hint">{total > WHOLE_FORMULA ? ' — more than 100: lower a percentage' : ` — ${percentText(WHOLE_FORMULA - total)} % left to share`}</span>}
          </p>
        </div>

        {partners.error ? <InlineAlert title="The partners could not be loaded">{errorMessage(partners.error)}</InlineAlert> : null}
        {serverError ? <InlineAlert title="The formula was not saved">{serverError}</InlineAlert> : null}

        <div className="revenue-sheet__actions">
          <Button variant="secondary" onPress={onClose}>
            Close
          </Button>
          <Button onPress={() => void save()} isDisabled={!exact} isPending={saving}>
            Save
          </Button>
        </div>
      </div>
    </section>
  );
}
