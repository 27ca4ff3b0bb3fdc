import { useId, type ReactNode } from 'react';
import { Card } from '@rivet/shared/ui/card';

/** A card that is also a landmark region named by its heading ('Course Details', 'Billing Summary'). */
export function CheckoutCard({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`checkout-region ${className ?? ''}`.trim()}>
      <Card as="div" className="checkout-card" title={<span id={headingId}>{title}</span>}>
        {children}
      </Card>
    </section>
  );
}
