// A partner's detail modal (spec 002 §2.4, §4): contact details, the status toggle (with the
// spec's "deactivating record.." / "Activating record.." and its notices; the lists refetch and
// the modal closes), Update Details (not for an inactive partner), links to its four pictures and
// its Admin Details. Changes are offered only to staff who manage institutions. Platform staff also
// see what the partner still lacks before its first course can be published (decision 079).
import type { Partner } from '@rivet/shared/api/partners';
import { PARTNER_IMAGES } from '@rivet/shared/api/partners';
import { isInstitutionScoped } from '@rivet/shared/domain/permissions';
import { useProfile } from '@rivet/shared/client/session-context';
import { Button, ButtonLink } from '@rivet/shared/ui/button';
import { Modal } from '@rivet/shared/ui/modal';
import { ScreenState } from '@rivet/shared/ui/screen-state';
import { useToggleConfirmation } from '../../components/toggle-confirmation';
import { updateInstitutionPath } from '../../paths';
import { GettingStartedPanel } from '../../components/getting-started-panel';
import { usePartner, usePartnerAdmins, usePartnerCalls } from './use-partners';

export interface PartnerDetailDialogProps {
  partnerId: number;
  /** The card's partner, shown while the details load. */
  summary: Partner;
  canManage: boolean;
  onClose: () => void;
}

export function PartnerDetailDialog({ partnerId, summary, canManage, onClose }: PartnerDetailDialogProps) {
  const detail = usePartner(partnerId);
  const admins = usePartnerAdmins(partnerId);
  const calls = usePartnerCalls();
  const platformStaff = !isInstitutionScoped(useProfile().roleType);
  const partner = detail.data ?? summary;
  const toggle = useToggleConfirmation<{ name: string; isActive: boolean }>({
    noun: 'partner',
    toggle: (_record, isActive) => calls.toggle(partnerId, isActive),
    onDone: async () => {
      await calls.refresh();
      onClose();
    },
    failed: { activate: 'Failed to activate partner', deactivate: 'Failed to deactivate partner' },
    deactivateHint: () => 'Its courses leave the catalogue and its staff are signed out and cannot sign in until it is activated again.',
  });

  return (
    <>
      <Modal
        isOpen
        isDismissable
        onOpenChange={(isOpen) => {
          if (!isOpen) onClose();
        }}
        size="lg"
        title={
          <span className="partner-detail__title">
            {partner.logoUrl ? <img src={partner.logoUrl} alt="" className="partner-detail__logo" /> : null}
            {partner.fullName}
          </span>
        }
        footer={
          <>
            <Button variant="secondary" onPress={onClose}>
              Close
            </Button>
            {canManage ? (
              <ButtonLink href={updateInstitutionPath(partner.id)} isDisabled={!partner.isActive}>
                Update Details
              </ButtonLink>
            ) : null}
          </>
        }
      >
        <dl className="partner-detail__list">
          <Item label="Name" value={partner.name} />
          <Item label="Email" value={partner.email ? <a href={`mailto:${partner.email}`}>{partner.email}</a> : null} />
          <Item label="Phone" value={partner.phoneNumber} />
          <Item label="Country" value={partner.countryName ?? partner.country} />
          <Item label="Website" value={partner.website ? <a href={partner.website} target="_blank" rel="noreferrer noopener">{partner.website}</a> : null} />
          <Item label="Address" value={partner.address} />
          <Item
            label="Status"
            value={
              <span className="partner-detail__status">
                <span className={`partner-status partner-status--${partner.isActive ? 'on' : 'off'}`}>{partner.isActive ? 'Active' : 'Inactive'}</span>
                {canManage ? (
                  <Button size="sm" variant={partner.isActive ? 'danger' : 'primary'} onPress={() => toggle.ask({ name: partner.fullName, isActive: partner.isActive })}>
                    {partner.isActive ? 'Deactivate' : 'Activate'}
                  </Button>
                ) : null}
              </span>
            }
          />
          <Item
            label="Pictures"
            value={
              <span className="partner-detail__links">
                {PARTNER_IMAGES.map(({ url, label }) =>
                  partner[url] ? (
                    <a key={url} href={partner[url]} target="_blank" rel="noreferrer noopener">
                      {label}
                    </a>
                  ) : null,
                )}
              </span>
            }
          />
        </dl>
        {!partner.isActive && canManage ? <p className="partner-detail__note">Update Details is available once the partner is active again.</p> : null}
        {platformStaff ? <GettingStartedPanel institutionId={partnerId} viewer="platform" titleLevel={3} /> : null}
        <section className="partner-detail__admins" aria-labelledby="partner-admins-heading">
          <h3 id="partner-admins-heading" className="partner-detail__heading">
            Admin Details
          </h3>
          {admins.isPending ? (
            <ScreenState kind="loading" label="Loading admins" />
          ) : admins.isError ? (
            <ScreenState kind="error" error={admins.error} onRetry={() => void admins.refetch()} />
          ) : admins.data.length === 0 ? (
            <p className="partner-detail__note">No admin details</p>
          ) : (
            <ul className="partner-detail__admin-list">
              {admins.data.map((a) => (
                <li key={a.id} className="partner-detail__admin">
                  <span className="partner-detail__admin-name">
                    {a.firstName} {a.lastName}
                  </span>
                  <span>{a.userName}</span>
                  <span>{a.email}</span>
                  <span>{a.roleName}</span>
                  <span className={`partner-status partner-status--${a.isActive ? 'on' : 'off'}`}>{a.isActive ? 'Active' : 'Inactive'}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </Modal>
      {toggle.dialog}
    </>
  );
}

function Item({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="partner-detail__item">
      <dt>{label}</dt>
      <dd>{value || '—'}</dd>
    </div>
  );
}
