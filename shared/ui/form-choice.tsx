// Select and checkbox bindings, apart from form.tsx so a sign-in form does not load the listbox code.
import type { ComponentProps } from 'react';
import { Controller, type FieldValues } from 'react-hook-form';
import { Checkbox } from './checkbox';
import type { Bound, Unbound } from './form';
import { Select } from './select';

export function FormSelect<T extends FieldValues>({ control, name, deps, ...props }: Bound<T> & Unbound<ComponentProps<typeof Select>>) {
  return (
    <Controller
      control={control}
      name={name}
      rules={deps ? { deps } : undefined}
      render={({ field, fieldState }) => (
        <Select
          {...props}
          name={field.name}
          value={(field.value as string | undefined) || null}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          errorMessage={fieldState.error?.message}
        />
      )}
    />
  );
}

export function FormCheckbox<T extends FieldValues>({ control, name, deps, ...props }: Bound<T> & Unbound<ComponentProps<typeof Checkbox>>) {
  return (
    <Controller
      control={control}
      name={name}
      rules={deps ? { deps } : undefined}
      render={({ field, fieldState }) => (
        <Checkbox
          {...props}
          name={field.name}
          isSelected={Boolean(field.value)}
          onChange={field.onChange}
          onBlur={field.onBlur}
          errorMessage={fieldState.error?.message}
        />
      )}
    />
  );
}
