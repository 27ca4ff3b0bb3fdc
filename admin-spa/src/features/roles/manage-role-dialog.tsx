// Manage Roles (spec 002 §2.6, §5 "Role"): the role type (fixed when editing), the name, and an
// accordion of permissions grouped by grouping name, offering only those whose user type includes
// the chosen role type. Save stays disabled without a name or a permission.
import { useMemo, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Button as AriaButton, Disclosure, DisclosureGroup, DisclosurePanel, Heading } from 'react-aria-components';
import type * as v from 'valibot';
import type { permissionSchema } from '@rivet/shared/api/authentication';
import { ROLE_MESSAGES, ROLE_NAME_MAX, ROLE_TYPE_LABELS, roleFormSchema, type Role } from '@rivet/shared/api/roles';
import { ROLE_TYPE } from '@rivet/shared/domain/permissions';
import { errorMessage } from '@rivet/shared/client/errors';
import { Checkbox } from '@rivet/shared/ui/checkbox';
import { FormTextField, useSchemaForm, useSingleSubmit } from '@rivet/shared/ui/form';
import { InlineAlert } from '@rivet/shared/ui/inline-alert';
import { Select } from '@rivet/shared/ui/select';
import { ScreenState } from '@rivet/shared/ui/screen-state';
import { toast } from '@rivet/shared/ui/toast';
import { usePermissions, useRoleCalls } from './use-roles';
import { FormDialog } from '../../components/form-dialog';

type Permission = v.InferOutput<typeof permissionSchema>;
type RoleTypeValue = (typeof ROLE_TYPE)[keyof typeof ROLE_TYPE];

export const permissionFitsRoleType = (permission: Pick<Permission, 'userTypeName'>, roleType: number) =>
  permission.userTypeName.split(',').map((s) => s.trim()).includes(ROLE_TYPE_LABELS[roleType] ?? '');

export interface ManageRoleDialogProps {
  /** The role to edit; null to create one. */
  role: Role | null;
  /** Only a super admin creates Rivet (platform) roles. */
  canManageRivetRoles: boolean;
  onClose: () => void;
  onSaved: () => void;
}

export function ManageRoleDialog({ role, canManageRivetRoles, onClose, onSaved }: ManageRoleDialogProps) {
  const permissions = usePermissions();
  const calls = useRoleCalls();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm(roleFormSchema, {
    mode: 'onChange',
    defaultValues: { roleType: (role?.roleType ?? ROLE_TYPE.Institution) as RoleTypeValue, name: role?.name ?? '', permissionId: role?.permissionId ?? [] },
  });
  const [roleType, name, selected] = useWatch({ control: form.control, name: ['roleType', 'name', 'permissionId'] });
  const superAdmin = role?.builtIn === true && role.name === 'SUPER ADMIN';
  const [saving, setSaving] = useState(false);

  const groups = useMemo(() => {
    const byGroup = new Map<string, Permission[]>();
    for (const p of permissions.data ?? []) {
      if (!permissionFitsRoleType(p, roleType)) continue;
      byGroup.set(p.permissionGroupingName, [...(byGroup.get(p.permissionGroupingName) ?? []), p]);
    }
    return [...byGroup];
  }, [permissions.data, roleType]);

  const onSubmit = useSingleSubmit(form, async (values) => {
    setFailure(null);
    setSaving(true);
    try {
      const res = await calls.save({ roleId: role?.id ?? null, ...values });
      toast.success(res.description || (role ? ROLE_MESSAGES.updated : ROLE_MESSAGES.created));
      onSaved();
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  });

  const canSave = (name ?? '').trim().length > 0 && (selected ?? []).length > 0;
  const typeOptions = [
    { id: String(ROLE_TYPE.Institution), label: 'Institution' },
    ...(canManageRivetRoles || role?.roleType === ROLE_TYPE.Rivet ? [{ id: String(ROLE_TYPE.Rivet), label: 'Rivet' }] : []),
  ];

  return (
    <FormDialog
      title={role ? `Edit role: ${role.name}` : 'Add Role'}
      formId="manage-role-form"
      className="manage-role"
      size="lg"
      submitLabel="Save"
      isSubmitDisabled={!canSave}
      saving={saving}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      {failure ? (
        <InlineAlert tone="error" title={ROLE_MESSAGES.saveFailed}>
          {failure}
        </InlineAlert>
      ) : null}
      <Controller
        control={form.control}
        name="roleType"
        render={({ field }) => (
          <Select
            label="Role type"
            items={typeOptions}
            value={String(field.value)}
            isDisabled={role !== null}
            description={role ? 'A role’s type is fixed once it is created.' : undefined}
            onChange={(value) => {
              const next = Number(value ?? ROLE_TYPE.Institution) as RoleTypeValue;
              field.onChange(next);
              // Permissions the new type may not hold are dropped, as the list no longer shows them.
              const fits = new Set((permissions.data ?? []).filter((p) => permissionFitsRoleType(p, next)).map((p) => p.id));
              form.setValue('permissionId', form.getValues('permissionId').filter((id) => fits.has(id)), { shouldValidate: true });
            }}
          />
        )}
      />
      <FormTextField
        control={form.control}
        name="name"
        label="Role name"
        maxLength={ROLE_NAME_MAX}
        isDisabled={role?.builtIn === true}
        description={role?.builtIn ? ROLE_MESSAGES.builtInName : undefined}
      />
      <fieldset className="manage-role__permissions">
        <legend className="manage-role__legend">Permissions</legend>
        {superAdmin ? <p className="manage-role__hint">{ROLE_MESSAGES.superAdminPermissions}.</p> : null}
        {permissions.isPending ? (
          <ScreenState kind="loading" label="Loading permissions" />
        ) : permissions.error ? (
          <ScreenState kind="error" error={permissions.error} onRetry={() => void permissions.refetch()} isRetrying={permissions.isFetching} />
        ) : (
          <Controller
            control={form.control}
            name="permissionId"
            render={({ field, fieldState }) => {
              const value: number[] = field.value ?? [];
              const set = (id: number, on: boolean) => field.onChange(on ? [...value, id] : value.filter((x) => x !== id));
              return (
                <>
                  <DisclosureGroup allowsMultipleExpanded className="manage-role__accordion">
                    {groups.map(([group, items]) => {
                      const count = items.filter((p) => value.includes(p.id)).length;
                      return (
                        <Disclosure key={group} id={group} className="manage-role__group">
                          <Heading level={3} className="manage-role__group-heading">
                            <AriaButton slot="trigger" className="manage-role__trigger">
                              <span>{group}</span>
                              <span className="manage-role__count">
                                {count} of {items.length}
                                <svg className="manage-role__chevron" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
                                  <path d="M6 9l6 6 6-6" />
                                </svg>
                              </span>
                            </AriaButton>
                          </Heading>
                          <DisclosurePanel className="manage-role__panel">
                            {items.map((p) => (
                              <Checkbox key={p.id} isSelected={value.includes(p.id)} isDisabled={superAdmin} onChange={(on) => set(p.id, on)}>
                                {p.name}
                              </Checkbox>
                            ))}
                          </DisclosurePanel>
                        </Disclosure>
                      );
                    })}
                  </DisclosureGroup>
                  {fieldState.error ? (
                    <p className="rv-field__error" role="alert">
                      {fieldState.error.message}
                    </p>
                  ) : null}
                </>
              );
            }}
          />
        )}
      </fieldset>
    </FormDialog>
  );
}
