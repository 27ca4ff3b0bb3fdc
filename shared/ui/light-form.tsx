// A small form binding for the few forms on a first screen (the landing page's sign-in panel),
// where react-hook-form's ~11 KB gzip would push the learner's first load over its budget
// (docs/decisions/004). Same behaviour as useSchemaForm: the shared valibot schema gives the
// spec's messages, a field validates once left and then on every change, each field shows its
// first message, and a repeat submit is ignored while one runs.
import { useCallback, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';

type Values = Record<string, string>;

function firstErrors(schema: v.GenericSchema, values: Values): Record<string, string> {
  const result = v.safeParse(schema, values, { abortPipeEarly: true });
  const errors: Record<string, string> = {};
  if (!result.success) {
    for (const issue of result.issues) {
      const field = v.getDotPath(issue) ?? '';
      errors[field] ??= issue.message;
    }
  }
  return errors;
}

export function useLightForm<S extends v.GenericSchema>(schema: S, initial: v.InferInput<S> & Values) {
  const [values, setValues] = useState<Values>(initial as Values);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);
  const errors = firstErrors(schema, values);
  const visibleError = (name: string) => (touched[name] ? errors[name] : undefined);

  const field = (name: keyof v.InferInput<S> & string) => ({
    name,
    value: values[name] ?? '',
    onChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
    onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
    errorMessage: visibleError(name),
  });

  const handleSubmit = useCallback(
    (onValid: (output: v.InferOutput<S>) => Promise<void>) => (event?: FormEvent) => {
      event?.preventDefault();
      if (busy.current) return;
      setTouched(Object.fromEntries(Object.keys(values).map((k) => [k, true])));
      const result = v.safeParse(schema, values);
      if (!result.success) return;
      busy.current = true;
      setSubmitting(true);
      void onValid(result.output).finally(() => {
        busy.current = false;
        setSubmitting(false);
      });
    },
    [schema, values],
  );

  return { field, handleSubmit, submitting };
}
