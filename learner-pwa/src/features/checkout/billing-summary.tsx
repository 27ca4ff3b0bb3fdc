// The Billing Summary's rows, from the server's pricing answer; never figures of our own.
import type { ReactNode } from 'react';
import type { PriceResult } from '@rivet/shared/api/payment';
import { formatFigureKobo, nairaToKobo } from '@rivet/shared/domain/money';

const naira = (amount: number) => formatFigureKobo(nairaToKobo(amount));

export function BillingSummary({ price }: { price: PriceResult }) {
  return (
    <dl className="billing">
      <Row term="Course price">{naira(price.basePrice)}</Row>
      <Row term="Discount code">
        {price.discountCode ? (
          <>
            <span className="billing__code">{price.discountCode}</span> <span className="billing__money">−{naira(price.discount)}</span>
          </>
        ) : (
          <>
            <span aria-hidden="true">—</span>
            <span className="visually-hidden">None</span>
          </>
        )}
      </Row>
      <Row term={`VAT (${price.vatRate}%)`}>{naira(price.vat)}</Row>
      <Row term="Card payment fee">{naira(price.gatewayCharge)}</Row>
      <Row term="Amount" total>
        {naira(price.amount)}
      </Row>
    </dl>
  );
}

function Row({ term, total, children }: { term: string; total?: boolean; children: ReactNode }) {
  return (
    <div className={total ? 'billing__row billing__row--total' : 'billing__row'}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** While the server prices the course: the rows' shape, no numbers. */
export function BillingSummarySkeleton() {
  return (
    <div className="billing billing--loading">
      <p role="status" className="visually-hidden">
        Working out the price…
      </p>
      {[0, 1, 2, 3, 4].map((row) => (
        <div key={row} className="billing__row" aria-hidden="true">
          <span className="checkout-skeleton checkout-skeleton--term" />
          <span className="checkout-skeleton checkout-skeleton--figure" />
        </div>
      ))}
    </div>
  );
}
