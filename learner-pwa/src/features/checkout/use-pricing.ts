// The Billing Summary's figures. They are always the server's (Course/Compute/Pricing): the
// course's own price on load, and again with the discount code when one is applied. Spec: "A failed
// discount clears the applied code and shows the server description or the error message", so a
// refused code puts the summary back to the full price.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { computePricing } from '@rivet/shared/api/payment';
import { errorMessage } from '@rivet/shared/client/errors';
import { useSessionManager } from '@rivet/shared/client/session-context';
import { normalizeCode } from '@rivet/shared/domain/discount';

// Under 'me': a code's answer depends on the learner (uses held for them, their rate limit), and
// goes with the session.
const pricingKey = (courseId: number, code: string | null) => ['me', 'checkout', 'pricing', courseId, code] as const;

export interface ApplyCallbacks {
  onApplied?: () => void;
  onRefused?: () => void;
}

export function usePricing(courseId: number) {
  const { api } = useSessionManager();
  const queryClient = useQueryClient();
  const [appliedCode, setAppliedCode] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);

  const priceWith = (code: string | null, signal?: AbortSignal) =>
    api.call(computePricing, { body: code ? { courseId, discountCode: code } : { courseId }, signal });

  const price = useQuery({
    queryKey: pricingKey(courseId, appliedCode),
    queryFn: ({ signal }) => priceWith(appliedCode, signal),
    // A code's figures were fetched the moment it was applied; switching to them must not ask
    // again (each ask counts towards the learner's rate limit). Log rechecks the price anyway.
    staleTime: 60_000,
  });

  const application = useMutation({
    mutationFn: (code: string) =>
      queryClient.fetchQuery({ queryKey: pricingKey(courseId, code), queryFn: ({ signal }) => priceWith(code, signal), staleTime: 0 }),
    onMutate: () => setCodeError(null),
    onSuccess: (_price, code) => setAppliedCode(code),
    onError: (error) => {
      setAppliedCode(null);
      setCodeError(errorMessage(error));
    },
  });

  const apply = (text: string, callbacks: ApplyCallbacks = {}) => {
    const code = normalizeCode(text);
    if (!code) return;
    application.mutate(code, { onSuccess: callbacks.onApplied, onError: callbacks.onRefused });
  };

  return {
    price,
    appliedCode,
    codeError,
    isApplying: application.isPending,
    apply,
    removeCode: () => {
      setAppliedCode(null);
      setCodeError(null);
    },
    clearCodeError: () => setCodeError(null),
    /** After the server says the price changed: price again, with the applied code checked again too. */
    refresh: () => {
      if (appliedCode) apply(appliedCode);
      else void price.refetch();
    },
  };
}

export type Pricing = ReturnType<typeof usePricing>;
