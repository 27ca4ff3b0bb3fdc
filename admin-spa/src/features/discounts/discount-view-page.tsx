// View Discounts (spec 002 §2.7, §2.1 /discount/{viewdiscount}): a discount's details, read-only,
// with Update (the update form on Manage Discounts) and Close (back to the table).
import { useNavigate, useParams } from 'react-router';
import { DISCOUNT_STATUS_LABELS } from '@rivet/shared/domain/discount';
import { Button } from '@rivet/shared/ui/button';
import { ScreenState } from '@rivet/shared/ui/screen-state';
import { paths } from '../../paths';
import { discountValue, formatDay, usageText } from './discount-format';
import { useDiscount } from './use-discounts';
import './discounts.css';

export function DiscountViewPage() {
  const { viewdiscount } = useParams();
  const id = /^[1-9]\d{0,9}$/.test(viewdiscount ?? '') ? Number(viewdiscount) : 0;
  const navigate = useNavigate();
  const discount = useDiscount(id);
  const close = () => void navigate(paths.discounts);
  const d = discount.data;

  return (
    <div className="list-page discounts">
      <header className="list-page__header">
        <div>
          <h1 className="list-page__title">View Discount</h1>
          <p className="list-page__description">{d ? d.name : 'Discount coupons for courses'}</p>
        </div>
        <div className="list-page__action discount-view__buttons">
          <Button isDisabled={!d} onPress={() => void navigate(`${paths.discounts}?update=${id}`)}>
            Update
          </Button>
          <Button variant="secondary" onPress={close}>
            Close
          </Button>
        </div>
      </header>
      {id === 0 ? (
        <p>This discount does not exist.</p>
      ) : discount.error ? (
        <ScreenState kind="error" error={discount.error} onRetry={() => void discount.refetch()} />
      ) : !d ? (
        <ScreenState kind="loading" label="Loading the discount" />
      ) : (
        <section className="discount-sheet" aria-label={`${d.name} details`}>
          <dl className="discount-view">
            <div>
              <dt>Name</dt>
              <dd>{d.name}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>
                <span className={`discount-status discount-status--${d.status}`}>{DISCOUNT_STATUS_LABELS[d.status]}</span>
                {d.status === 'expired' ? <span className="discount-view__note">Ended {formatDay(d.endDate)}. Update its end date to use it again.</span> : null}
                {d.status === 'scheduled' ? <span className="discount-view__note">Its codes work from {formatDay(d.startDate)}.</span> : null}
              </dd>
            </div>
            <div className="discount-view__wide">
              <dt>Description</dt>
              <dd>{d.description}</dd>
            </div>
            <div>
              <dt>Partner</dt>
              <dd>{d.institution}</dd>
            </div>
            <div>
              <dt>Discount type</dt>
              <dd>{d.discountTypeName}</dd>
            </div>
            <div>
              <dt>{d.code ? 'Code' : 'Codes'}</dt>
              <dd>{d.code ? <code className="discounts__code">{d.code}</code> : `${d.codeCount.toLocaleString('en-NG')} codes, ${d.codesRedeemed.toLocaleString('en-NG')} used`}</dd>
            </div>
            <div>
              <dt>Charge type</dt>
              <dd>{d.discountChargeTypeName}</dd>
            </div>
            <div>
              <dt>Value</dt>
              <dd>{discountValue(d)}</dd>
            </div>
            <div>
              <dt>Start date</dt>
              <dd>{formatDay(d.startDate)}</dd>
            </div>
            <div>
              <dt>End date</dt>
              <dd>{formatDay(d.endDate)}</dd>
            </div>
            <div>
              <dt>Usage</dt>
              <dd>{usageText(d)}</dd>
            </div>
            <div className="discount-view__wide">
              <dt>Courses</dt>
              <dd>{d.allCoursesDiscount ? 'All of the partner’s courses' : d.courseTitle.map((c) => c.title).join(', ')}</dd>
            </div>
          </dl>
        </section>
      )}
    </div>
  );
}
