// Certificate Settings (spec 001 §2.9): the partners (names upper-cased, greyed when inactive) with
// Add and View Signatures; a partner's signature table (Name, Job Title, the signature link showing
// the last 16 characters of its URL with the picture in a popover, edit and activate/deactivate)
// with Back. The chosen partner is in the URL (?partner=), so Back and reload keep the place.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Button as AriaButton, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import { SIGNATURE_MESSAGES as M, signatureLinkText, type CertificateSignature, type SignaturePartner } from '@rivet/shared/api/certificate-settings';
import { hasAnyPermission } from '@rivet/shared/domain/permissions';
import { useProfile } from '@rivet/shared/client/session-context';
import { Button } from '@rivet/shared/ui/button';
import { IconButton } from '@rivet/shared/ui/icon-button';
import { ListPage, type ListColumn } from '../../components/list-page';
import { EditIcon, PowerIcon } from '../../components/row-icons';
import { useToggleConfirmation } from '../../components/toggle-confirmation';
import { useListQuery } from '../../components/use-list-query';
import { SignatureDialog } from './signature-dialog';
import { SIGNATURE_PARTNERS_PAGE_SIZE, useSignatureCalls, useSignaturePartners, useSignatures } from './use-signatures';
import './certificate-settings.css';

type Editing = { institutionId: number; partnerName: string; signature: CertificateSignature | null } | null;

export function CertificateSettingsPage() {
  const [params, setParams] = useSearchParams();
  const partnerId = Number(params.get('partner')) || null;
  const query = useListQuery();
  const partners = useSignaturePartners(partnerId === null ? query.page : 1, partnerId);
  const canManage = hasAnyPermission(useProfile().permissions, 'manageCertificateSettings');
  const [editing, setEditing] = useState<Editing>(null);
  const queryClient = useQueryClient();
  // A saved signatory changes both the partner's count and its table.
  const refresh = () => void Promise.all([partners.refetch(), queryClient.invalidateQueries({ queryKey: ['signatures'] })]);
  const chosen = partners.data?.items.find((p) => p.id === partnerId) ?? null;

  const open = (partner: SignaturePartner) => setParams({ partner: String(partner.id) });
  const back = () => setParams({});

  if (partnerId !== null) {
    return (
      <>
        <SignatureTable
          partnerId={partnerId}
          partner={chosen}
          canManage={canManage}
          onBack={back}
          onEdit={(signature) => setEditing({ institutionId: partnerId, partnerName: chosen?.fullName ?? '', signature })}
        />
        {editing ? <EditingDialog editing={editing} onClose={() => setEditing(null)} onSaved={refresh} /> : null}
      </>
    );
  }

  const columns: ListColumn<SignaturePartner>[] = [
    {
      id: 'partner',
      name: 'Partner',
      isRowHeader: true,
      render: (p) => (
        <span className={p.isActive ? 'signatures__partner' : 'signatures__partner signatures__partner--inactive'}>
          <span className="signatures__partner-name">{p.fullName}</span>
          {p.isActive ? null : <span className="signatures__badge">Inactive</span>}
          {/* Decision 079: the platform's own signatories sign for a partner that has none. */}
          {p.isPlatform ? <span className="signatures__note">The platform: signs for partners without a signatory</span> : null}
        </span>
      ),
    },
    { id: 'active', name: 'Active signatures', render: (p) => p.activeSignatures },
    {
      id: 'action',
      name: 'Action',
      isAction: true,
      render: (p) => (
        <span className="signatures__actions">
          {canManage ? (
            <Button variant="secondary" size="sm" aria-label={`Add a signature for ${p.fullName}`} onPress={() => setEditing({ institutionId: p.id, partnerName: p.fullName, signature: null })}>
              Add
            </Button>
          ) : null}
          <Button variant="secondary" size="sm" aria-label={`View signatures of ${p.fullName}`} onPress={() => open(p)}>
            View Signatures
          </Button>
        </span>
      ),
    },
  ];

  return (
    <ListPage
      title="Certificate Settings"
      description="The signatures each partner’s certificates carry. Certificates print the active ones."
      searchLabel="Search partners"
      query={query}
      columns={columns}
      rows={query.search ? partners.data?.items.filter((p) => `${p.fullName} ${p.name}`.toLowerCase().includes(query.search.toLowerCase())) : partners.data?.items}
      totalRows={partners.data?.totalRows}
      pageSize={SIGNATURE_PARTNERS_PAGE_SIZE}
      isPending={partners.isPending}
      error={partners.error}
      onRetry={() => void partners.refetch()}
      emptyText={(search) => (search ? `No partner matches “${search}”.` : 'No partners yet.')}
    >
      {editing ? <EditingDialog editing={editing} onClose={() => setEditing(null)} onSaved={refresh} /> : null}
    </ListPage>
  );
}

function EditingDialog({ editing, onClose, onSaved }: { editing: NonNullable<Editing>; onClose: () => void; onSaved: () => void }) {
  return <SignatureDialog institutionId={editing.institutionId} partnerName={editing.partnerName} signature={editing.signature} onClose={onClose} onSaved={onSaved} />;
}

interface SignatureTableProps {
  partnerId: number;
  partner: SignaturePartner | null;
  canManage: boolean;
  onBack: () => void;
  onEdit: (signature: CertificateSignature | null) => void;
}

function SignatureTable({ partnerId, partner, canManage, onBack, onEdit }: SignatureTableProps) {
  const signatures = useSignatures(partnerId);
  const calls = useSignatureCalls();
  const query = useListQuery();
  const title = partner ? partner.fullName : 'Signatures';
  const toggle = useToggleConfirmation<CertificateSignature>({
    noun: 'signature',
    toggle: calls.toggle,
    onDone: () => signatures.refetch(),
    failed: { activate: M.toggleFailed, deactivate: M.toggleFailed },
    deactivateHint: () => 'Certificates downloaded from now on will not carry it.',
  });

  const columns: ListColumn<CertificateSignature>[] = [
    {
      id: 'name',
      name: 'Name',
      isRowHeader: true,
      render: (s) => (
        <span className="signatures__partner">
          {s.name}
          {s.isActive ? null : <span className="signatures__badge">Inactive</span>}
        </span>
      ),
    },
    { id: 'jobTitle', name: 'Job Title', render: (s) => s.jobTitle },
    { id: 'signature', name: 'Signature', render: (s) => (s.signatureUrl ? <SignatureLink name={s.name} url={s.signatureUrl} /> : <span className="signatures__muted">None</span>) },
  ];
  // The same columns whether or not the partner's name has loaded: react-aria's table keeps its columns.
  if (canManage) {
    columns.push({
      id: 'action',
      name: 'Action',
      isAction: true,
      render: (s) => (
        <span className="signatures__actions">
          <IconButton aria-label={`Edit ${s.name}`} onPress={() => onEdit(s)}>
            <EditIcon />
          </IconButton>
          <IconButton aria-label={`${s.isActive ? 'Deactivate' : 'Activate'} ${s.name}`} className={s.isActive ? 'signatures__toggle signatures__toggle--on' : 'signatures__toggle'} onPress={() => toggle.ask(s)}>
            <PowerIcon />
          </IconButton>
        </span>
      ),
    });
  }

  const rows = signatures.data?.filter((s) => !query.search || `${s.name} ${s.jobTitle}`.toLowerCase().includes(query.search.toLowerCase()));
  return (
    <div className="signatures">
      <Button variant="ghost" size="sm" onPress={onBack} className="signatures__back">
        ← Back
      </Button>
      <ListPage
        title={title}
        description="Certificate signatures"
        action={canManage ? <Button onPress={() => onEdit(null)}>Add Signature</Button> : undefined}
        searchLabel="Search signatures"
        query={query}
        columns={columns}
        rows={rows}
        totalRows={rows?.length ?? 0}
        pageSize={Math.max(1, rows?.length ?? 1)}
        isPending={signatures.isPending}
        error={signatures.error}
        onRetry={() => void signatures.refetch()}
        emptyText={(search) => (search ? `No signature matches “${search}”.` : 'No signatures yet: certificates will carry none.')}
      >
        {toggle.dialog}
      </ListPage>
    </div>
  );
}

/** §9: the link shows the last 16 characters of the URL; pressing it shows the picture. */
function SignatureLink({ name, url }: { name: string; url: string }) {
  return (
    <DialogTrigger>
      <AriaButton className="signatures__link" aria-label={`${signatureLinkText(url)}: show the signature of ${name}`}>
        {signatureLinkText(url)}
      </AriaButton>
      <Popover placement="bottom start" className="signatures__popover">
        <Dialog aria-label={`Signature of ${name}`} className="signatures__popover-dialog">
          <img src={url} alt={`Signature of ${name}`} className="signatures__image" />
          <a href={url} target="_blank" rel="noreferrer" className="signatures__open">
            Open full size
          </a>
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
