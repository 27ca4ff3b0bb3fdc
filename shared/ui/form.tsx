// Binds react-hook-form to the kit's fields, validated by the shared valibot schemas, so every
// form shows the spec's messages from one place. Each field shows only its first message.
import { useCallback, useRef, type ComponentProps, type FormEvent } from 'react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Controller, useForm, type Control, type FieldPath, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type * as v from 'valibot';
import { PasswordField } from './password-field';
import { TextField } from './text-field';

type AnyObjectSchema = v.GenericSchema<FieldValues, FieldValues>;

/**
 * useForm with the schema as resolver. Fields validate when first left, then on every change,
 * which matches how the spec's forms behave and avoids shouting at someone still typing.
 * criteriaMode 'all' makes valibot run the whole pipe, so cross-field checks (confirmation must
 * match) still report while another field is empty; each field still shows its first message.
 */
export function useSchemaForm<S extends AnyObjectSchema>(
  schema: S,
  options: Omit<UseFormProps<v.InferInput<S>, unknown, v.InferOutput<S>>, 'resolver'> = {},
) {
  return useForm<v.InferInput<S>, unknown, v.InferOutput<S>>({
    mode: 'onTouched',
    criteriaMode: 'all',
    reValidateMode: 'onChange',
    ...options,
    resolver: valibotResolver(schema),
  });
}

/**
 * A form's onSubmit that validates with the schema and runs the handler, ignoring repeat submits
 * (Enter pressed again, a double tap) while one is still running, as the spec asks of its forms.
 */
export function useSingleSubmit<TIn extends FieldValues, TOut>(
  form: UseFormReturn<TIn, unknown, TOut>,
  onValid: (values: TOut) => Promise<void>,
): (event?: FormEvent) => void {
  const busy = useRef(false);
  return useCallback(
    (event?: FormEvent) => {
      event?.preventDefault();
      if (busy.current) return;
      busy.current = true;
      void form.handleSubmit(onValid)(event).finally(() => {
        busy.current = false;
      });
    },
    [form, onValid],
  );
}

// Control's later type parameters vary with the schema's output; fields only need the input side.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyControl<T extends FieldValues> = Control<T, any, any>;

export interface Bound<T extends FieldValues> {
  control: AnyControl<T>;
  name: FieldPath<T>;
  /** Fields to re-validate when this one changes (e.g. the confirmation when the password changes). */
  deps?: FieldPath<T> | FieldPath<T>[];
}

export type Unbound<P> = Omit<P, 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'name' | 'errorMessage' | 'inputRef' | 'isSelected'>;

export function FormTextField<T extends FieldValues>({ control, name, deps, ...props }: Bound<T> & Unbound<ComponentProps<typeof TextField>>) {
  return (
    <Controller
      control={control}
      name={name}
      rules={deps ? { deps } : undefined}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          name={field.name}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          isDisabled={props.isDisabled ?? field.disabled}
          errorMessage={fieldState.error?.message}
        />
      )}
    />
  );
}

export function FormPasswordField<T extends FieldValues>({ control, name, deps, ...props }: Bound<T> & Unbound<ComponentProps<typeof PasswordField>>) {
  return (
    <Controller
      control={control}
      name={name}
      rules={deps ? { deps } : undefined}
      render={({ field, fieldState }) => (
        <PasswordField
          {...props}
          name={field.name}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          errorMessage={fieldState.error?.message}
        />
      )}
    />
  );
}
