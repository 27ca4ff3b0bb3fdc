// Manage Partners (spec 002 §2.4, §9): a searchable list of partner cards, 10 a page (search waits
// 500 ms), an Add Partner button for staff who manage institutions, and a detail modal. Platform
// staff see every partner; an institution's staff see their own institution only (the server
// decides). The search and page live in the URL (use-list-query.ts).
import { useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import type { Partner } from '@rivet/shared/api/partners';
import { hasAnyPermission } from '@rivet/shared/domain/permissions';
import { useProfile } from '@rivet/shared/client/session-context';
import { Button, ButtonLink } from '@rivet/shared/ui/button';
import { ScreenState } from '@rivet/shared/ui/screen-state';
import { SearchField } from '@rivet/shared/ui/search-field';
import { useListQuery } from '../../components/use-list-query';
import { paths } from '../../paths';
import { PartnerDetailDialog } from './partner-detail-dialog';
import { PARTNER_PAGE_SIZE, usePartnerSearch } from './use-partners';
import '../../components/list-page.css';
import '../../components/card-open.css';
import './partners.css';

export function PartnersPage() {
  const profile = useProfile();
  const canManage = hasAnyPermission(profile.permissions, 'manageinstitution');
  const query = useListQuery();
  const partners = usePartnerSearch(query.search, query.page);
  const [open, setOpen] = useState<Partner | null>(null);
  const rows = partners.data?.items;
  const pages = Math.max(1, Math.ceil((partners.data?.totalRows ?? 0) / PARTNER_PAGE_SIZE));

  return (
    <div className="list-page">
      <header className="list-page__header">
        <div>
          <h1 className="list-page__title">Manage Partners</h1>
          <p className="list-page__description">The institutions whose courses Rivet sells. Open a partner for its details.</p>
        </div>
        {canManage ? (
          <div className="list-page__action">
            <ButtonLink href={paths.createInstitution}>Add Partner</ButtonLink>
          </div>
        ) : null}
      </header>
      <div className="list-page__tools">
        <SearchField label="Search partners" hideLabel placeholder="Search" value={query.searchInput} onChange={query.setSearchInput} className="list-page__search" />
      </div>
      {partners.isError && !rows ? (
        <ScreenState kind="error" error={partners.error} onRetry={() => void partners.refetch()} isRetrying={partners.isFetching} />
      ) : !rows ? (
        <ScreenState kind="loading" label="Loading partners" />
      ) : rows.length === 0 ? (
        <ScreenState kind="empty" text={query.search ? `No partner matches “${query.search}”.` : 'No partners yet.'} />
      ) : (
        <ul className="partner-cards" aria-label="Partners" aria-busy={partners.isFetching}>
          {rows.map((partner) => (
            <li key={partner.id}>
              <PartnerCard partner={partner} onOpen={() => setOpen(partner)} />
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav className="list-page__pager" aria-label="Partner pages">
          <Button variant="secondary" size="sm" isDisabled={query.page <= 1} onPress={() => query.setPage(query.page - 1)}>
            Previous
          </Button>
          <span>
            Page {query.page} of {pages}
          </span>
          <Button variant="secondary" size="sm" isDisabled={query.page >= pages} onPress={() => query.setPage(query.page + 1)}>
            Next
          </Button>
        </nav>
      ) : null}
      {open ? <PartnerDetailDialog partnerId={open.id} summary={open} canManage={canManage} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}

function PartnerCard({ partner, onOpen }: { partner: Partner; onOpen: () => void }) {
  return (
    // The button holds only the name its label starts with and covers the card (::after): a button
    // holding the whole card would have visible words (address, phone) missing from its name
    // (axe's label-content-name-mismatch; decision 093).
    <div className="partner-card">
      <span className="partner-card__logo">
        {partner.logoUrl ? <img src={partner.logoUrl} alt="" /> : <span aria-hidden="true">{partner.name.slice(0, 2)}</span>}
      </span>
      <span className="partner-card__body">
        <AriaButton className="partner-card__name partner-card__open card-open" onPress={onOpen} aria-label={`${partner.fullName}, ${partner.isActive ? 'Active' : 'Inactive'}: open details`}>
          {partner.fullName.toUpperCase()}
        </AriaButton>
        <span className="partner-card__line">{partner.address || 'No address'}</span>
        <span className="partner-card__line">{partner.phoneNumber || 'No phone number'}</span>
      </span>
      <span className={`partner-status partner-status--${partner.isActive ? 'on' : 'off'}`}>{partner.isActive ? 'Active' : 'Inactive'}</span>
    </div>
  );
}
