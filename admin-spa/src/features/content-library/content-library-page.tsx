// Content Library (not a spec screen; decision 030): the institution's uploaded files by kind,
// with the bulk uploader (§2.6) on the page, so files can be uploaded ahead of building a course
// and unused ones deleted. Platform staff choose the partner whose library they manage.
import { useState } from 'react';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { LIBRARY_KINDS, LIBRARY_KIND_NAMES, type LibraryKind } from '@rivet/shared/api/content-library';
import { isInstitutionScoped } from '@rivet/shared/domain/permissions';
import { useProfile } from '@rivet/shared/client/session-context';
import { Select } from '@rivet/shared/ui/select';
import { UploaderPanel } from './uploader-panel';
import { usePartnerChoices } from './use-content-library';
import './content-library.css';

export function ContentLibraryPage() {
  const profile = useProfile();
  const scoped = isInstitutionScoped(profile.roleType);
  const partners = usePartnerChoices(!scoped);
  const [chosenPartner, setChosenPartner] = useState<string | null>(null);
  const [kind, setKind] = useState<LibraryKind>('video');
  const institutionId = scoped ? profile.institutionId : chosenPartner ? Number(chosenPartner) : null;

  return (
    <div className="cl-page">
      <h1 className="cl-page__title">Content Library</h1>
      <p className="cl-page__lead">Videos, lesson packages, images, audio and documents your courses use. Upload them here or while building a course.</p>
      {!scoped ? (
        <Select
          label="Partner"
          placeholder="Choose a partner"
          items={(partners.data?.items ?? []).map((p) => ({ id: String(p.id), label: `${p.fullName} (${p.name})` }))}
          value={chosenPartner}
          onChange={setChosenPartner}
        />
      ) : null}
      <ToggleButtonGroup
        aria-label="File type"
        className="cl-page__kinds"
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[kind]}
        onSelectionChange={(keys) => setKind([...keys][0] as LibraryKind)}
      >
        {LIBRARY_KIND_NAMES.map((k) => (
          <ToggleButton key={k} id={k} className="cl-kind">
            {LIBRARY_KINDS[k].label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {institutionId ? <UploaderPanel key={`${institutionId}-${kind}`} kind={kind} institutionId={institutionId} /> : <p className="cl-library__state">Choose a partner to see its files.</p>}
    </div>
  );
}
