// Edit mode: a side menu (tabs on phones) with General, Social Integration and Password, a close
// cross back to view mode, and the account-deletion panel.
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import type { StudentProfile } from '@rivet/shared/api/authentication';
import { IconButton } from '@rivet/shared/ui/icon-button';
import { DeleteAccountPanel } from './delete-account-panel';
import { GeneralForm } from './general-form';
import { PasswordForm } from './password-form';
import { SocialForm } from './social-form';
import { useMediaQuery } from '../../hooks/use-media-query';

export const EDIT_TABS = [
  { id: 'general', label: 'General' },
  { id: 'social', label: 'Social Integration' },
  { id: 'password', label: 'Password' },
] as const;
export type EditTab = (typeof EDIT_TABS)[number]['id'];

export interface ProfileEditorProps {
  profile: StudentProfile;
  userName: string;
  tab: EditTab;
  onTabChange: (tab: EditTab) => void;
  onClose: () => void;
}

export function ProfileEditor({ profile, userName, tab, onTabChange, onClose }: ProfileEditorProps) {
  // A side menu reads top to bottom on wider screens; on phones it is a row of tabs.
  const wide = useMediaQuery('(min-width: 768px)');
  return (
    <>
      <section className="profile-editor" aria-labelledby="profile-editor-title">
        <div className="profile-editor__head">
          <h2 id="profile-editor-title" className="profile-editor__title">
            Update profile
          </h2>
          <IconButton aria-label="Close" onPress={onClose} className="profile-editor__close">
            <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </IconButton>
        </div>
        <Tabs
          orientation={wide ? 'vertical' : 'horizontal'}
          selectedKey={tab}
          onSelectionChange={(key) => onTabChange(key as EditTab)}
          className="profile-editor__tabs"
        >
          <TabList aria-label="Profile settings" className="profile-menu">
            {EDIT_TABS.map((t) => (
              <Tab key={t.id} id={t.id} className="profile-menu__item">
                {t.label}
              </Tab>
            ))}
          </TabList>
          <TabPanel id="general" className="profile-editor__panel">
            <GeneralForm profile={profile} onCancel={onClose} />
          </TabPanel>
          <TabPanel id="social" className="profile-editor__panel">
            <SocialForm profile={profile} onCancel={onClose} />
          </TabPanel>
          <TabPanel id="password" className="profile-editor__panel">
            <PasswordForm onCancel={onClose} />
          </TabPanel>
        </Tabs>
      </section>
      <DeleteAccountPanel userName={userName} />
    </>
  );
}
