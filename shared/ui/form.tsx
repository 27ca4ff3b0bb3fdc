// Binds react-hook-form to the kit's fields, validated by the shared valibot schemas, so every
// form shows the spec's messages from one place. Each field shows only its first message.
import { useCallback, useRef, type ComponentProps, type FormEvent, type ReactElement, type Ref } from 'react';
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

/** What a text-like field (plain or password) takes from react-hook-form. */
interface TextBinding {
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
  disabled?: boolean;
  errorMessage?: string;
}

function ControlledText<T extends FieldValues>({ control, name, deps, render }: Bound<T> & { render: (binding: TextBinding) => ReactElement }) {
  return (
    <Controller
      control={control}
      name={name}
      rules={deps ? { deps } : undefined}
      render={({ field, fieldState, formState }) =>
        render({
          name: field.name,
          value: (field.value as string | undefined) ?? '',
          onChange: field.onChange,
          onBlur: field.onBlur,
          inputRef: field.ref,
          disabled: field.disabled,
          // A field re-checked through another's `deps` (the confirmation while the password is
          // typed) says nothing until the learner has been there or submitted: a message appearing
          // and vanishing under an untouched field moves the buttons under the pointer.
          errorMessage: fieldState.isTouched || formState.isSubmitted ? fieldState.error?.message : undefined,
        })
      }
    />
  );
}

export function FormTextField<T extends FieldValues>({ control, name, deps, ...props }: Bound<T> & Unbound<ComponentProps<typeof TextField>>) {
  return (
    <ControlledText
      control={control}
      name={name}
      deps={deps}
      render={({ disabled, ...binding }) => <TextField {...props} {...binding} isDisabled={props.isDisabled ?? disabled} />}
    />
  );
}

export function FormPasswordField<T extends FieldValues>({ control, name, deps, ...props }: Bound<T> & Unbound<ComponentProps<typeof PasswordField>>) {
  return <ControlledText control={control} name={name} deps={deps} render={({ disabled: _disabled, ...binding }) => <PasswordField {...props} {...binding} />} />;
}
