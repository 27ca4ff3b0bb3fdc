// Create User and Update User (spec 002 §2.5, §5 "User create/update", §6): First Name, Last Name,
// Username (locked on update), Email (only on create), Phone, Role, and for platform staff the
// institution the new user belongs to. An institution's own staff always add users to their own
// institution. One submit at a time; the server's description shows when a save fails.
import { useMemo, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import * as v from 'valibot';
import { id } from '@rivet/shared/api/fields';
import { USER_MESSAGES, USER_NAME_MAX, createUserFormSchema, updateUserFormSchema, type AdminUser } from '@rivet/shared/api/users';
import type { RoleOption } from '@rivet/shared/api/roles';
import { ROLE_TYPE } from '@rivet/shared/domain/permissions';
import { errorMessage } from '@rivet/shared/client/errors';
import { useProfile } from '@rivet/shared/client/session-context';
import { FormTextField, useSchemaForm, useSingleSubmit } from '@rivet/shared/ui/form';
import { InlineAlert } from '@rivet/shared/ui/inline-alert';
import { Select } from '@rivet/shared/ui/select';
import { TextField } from '@rivet/shared/ui/text-field';
import { toast } from '@rivet/shared/ui/toast';
import { usePartnerOptions, useRoleOptions, useUserCalls } from './use-users';
import { FormDialog } from '../../components/form-dialog';

const createWithInstitutionSchema = v.object({
  ...createUserFormSchema.entries,
  institutionId: id('Institution', USER_MESSAGES.institution),
});

/** Optional numbers the selects hold until something is chosen (the schema then says what is missing). */
type Choice = number | undefined;

interface FormValues {
  firstName: string;
  lastName: string;
  userName: string;
  email: string;
  phoneNumber: string;
  roles: Choice;
  institutionId: Choice;
}

export interface UserFormDialogProps {
  /** The user to update; null to create one. */
  user: AdminUser | null;
  onClose: () => void;
  onSaved: () => void;
}

export function UserFormDialog({ user, onClose, onSaved }: UserFormDialogProps) {
  const profile = useProfile();
  const superAdmin = profile.role === 'SUPER ADMIN';
  const scoped = profile.roleType === ROLE_TYPE.Institution;
  const creating = user === null;
  // Platform staff choose the institution of a new user; the platform's own is a super admin's only.
  const choosesInstitution = creating && !scoped;
  const roles = useRoleOptions(superAdmin);
  const partners = usePartnerOptions(choosesInstitution);
  const calls = useUserCalls();
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const schema = creating ? (choosesInstitution ? createWithInstitutionSchema : createUserFormSchema) : updateUserFormSchema;
  // The three schemas share their field names; the form holds the union and each validates its own.
  const form = useSchemaForm(schema as typeof createWithInstitutionSchema, {
    mode: 'onTouched',
    defaultValues: {
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      userName: user?.userName ?? '',
      email: user?.email ?? '',
      phoneNumber: user?.phoneNumber ?? '',
      roles: user?.roleId,
      roleId: user?.roleId,
      institutionId: undefined,
    } as FormValues as never,
  });
  const institutionId = useWatch({ control: form.control, name: 'institutionId' }) as Choice;

  const platformId = superAdmin ? profile.institutionId : null;
  const platformLabel = `${profile.institutionName ?? 'Rivet'} (Rivet staff)`;
  const institutionItems = useMemo(
    () => [
      ...(platformId ? [{ id: String(platformId), label: platformLabel }] : []),
      ...(partners.data?.items ?? []).map((p) => ({ id: String(p.id), label: p.fullName === p.name ? p.name : `${p.fullName} (${p.name})` })),
    ],
    [partners.data, platformId, platformLabel],
  );

  // The role must fit the institution: Rivet roles for the platform's own staff, institution roles for partners.
  let wantedType: number | null;
  if (!creating) wantedType = user.roleType;
  else if (scoped) wantedType = ROLE_TYPE.Institution;
  else if (!institutionId) wantedType = null;
  else wantedType = institutionId === platformId ? ROLE_TYPE.Rivet : ROLE_TYPE.Institution;
  const roleItems = (roles.data ?? []).filter((r: RoleOption) => wantedType !== null && r.roleType === wantedType).map((r) => ({ id: String(r.id), label: r.name }));
  const ownAccount = user?.id === profile.userId;

  const onSubmit = useSingleSubmit(form, async (raw) => {
    const values = raw as unknown as FormValues & { roleId?: number };
    setFailure(null);
    setSaving(true);
    try {
      const res = creating
        ? await calls.create({
            firstName: values.firstName,
            lastName: values.lastName,
            userName: values.userName,
            email: values.email,
            phoneNumber: values.phoneNumber,
            roles: values.roles!,
            // Spec §6: the form sends the institution (the admin's own, for an institution's staff).
            institutionId: choosesInstitution ? values.institutionId! : profile.institutionId,
            institutionCode: choosesInstitution ? null : profile.institutionCode,
          })
        : await calls.update(user, { firstName: values.firstName, lastName: values.lastName, phoneNumber: values.phoneNumber, roleId: values.roleId! });
      toast.success(res.description || (creating ? USER_MESSAGES.created : USER_MESSAGES.updated));
      onSaved();
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  });

  const roleField = creating ? 'roles' : 'roleId';
  return (
    <FormDialog
      title={creating ? 'Create User' : 'Update User'}
      label={creating ? 'Create User' : 'Update User'}
      formId="user-form"
      className="rv-form"
      size="lg"
      submitLabel={creating ? 'Create User' : 'Save changes'}
      saving={saving}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      {failure ? (
        <InlineAlert tone="error" title={creating ? USER_MESSAGES.createFailed : USER_MESSAGES.updateFailed}>
          {failure}
        </InlineAlert>
      ) : null}
      {creating ? (
        <p className="users__hint">
          {scoped ? `The user joins ${profile.institutionName ?? 'your institution'}. ` : null}
          A one-time password is e-mailed to them; they choose their own when they first sign in.
        </p>
      ) : null}
      <div className="rv-form-grid">
        <FormTextField control={form.control} name="firstName" label="First Name" autoComplete="off" />
        <FormTextField control={form.control} name="lastName" label="Last Name" autoComplete="off" />
        {creating ? (
          <FormTextField control={form.control} name="userName" label="Username" autoComplete="off" maxLength={USER_NAME_MAX} description="Letters, digits, dots, hyphens or underscores." />
        ) : (
          <TextField label="Username" value={user.userName} isDisabled description="A username cannot be changed." />
        )}
        {creating ? <FormTextField control={form.control} name="email" label="Email" type="email" autoComplete="off" /> : null}
        <FormTextField control={form.control} name="phoneNumber" label="Phone Number (optional)" type="tel" autoComplete="off" />
        {choosesInstitution ? (
          <Controller
            control={form.control}
            name="institutionId"
            render={({ field, fieldState }) => (
              <Select
                label="Institution"
                items={institutionItems}
                value={field.value ? String(field.value) : null}
                onChange={(value) => {
                  field.onChange(value ? Number(value) : undefined);
                  // A role of the other kind no longer fits: ask again.
                  form.setValue('roles', undefined as never);
                }}
                onBlur={field.onBlur}
                placeholder={partners.isPending ? 'Loading institutions…' : 'Select an institution'}
                errorMessage={partners.error ? errorMessage(partners.error) : fieldState.error?.message}
              />
            )}
          />
        ) : null}
        <Controller
          control={form.control}
          name={roleField as 'roles'}
          render={({ field, fieldState }) => (
            <Select
              label="Role"
              items={roleItems}
              value={field.value ? String(field.value) : null}
              onChange={(value) => field.onChange(value ? Number(value) : undefined)}
              onBlur={field.onBlur}
              isDisabled={ownAccount || (choosesInstitution && !institutionId)}
              description={
                ownAccount ? 'You cannot change your own role.' : choosesInstitution && !institutionId ? 'Choose the institution first.' : undefined
              }
              placeholder={roles.isPending ? 'Loading roles…' : 'Select a role'}
              errorMessage={roles.error ? errorMessage(roles.error) : fieldState.error?.message}
            />
          )}
        />
      </div>
    </FormDialog>
  );
}
