-- Report summaries (decision 061): kept by triggers in the same transaction as the payment, its
-- ledger rows and the enrolment, whichever code path (or hand-written SQL) writes them. A change is
-- undone with the old row (-1) and redone with the new (+1). Ledger parts count only while their
-- payment is successful and paid: the payment's trigger adds (or takes away) the parts that exist
-- when it turns successful (or stops being), the split's trigger those written afterwards.
CREATE OR REPLACE FUNCTION report_summaries_payment(r payment_transactions, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  paid_day date;
  paid_month date;
  platform bigint;
  partner bigint;
  scope integer;
  n integer;
  learner_change integer;
BEGIN
  INSERT INTO payment_day_counts AS d (day, institution_id, status, payments)
  VALUES ((r.created_at AT TIME ZONE 'Africa/Lagos')::date, r.institution_id, r.status, sign)
  ON CONFLICT (institution_id, status, day) DO UPDATE SET payments = d.payments + excluded.payments;
  IF r.status <> 1 OR r.paid_at IS NULL THEN
    RETURN;
  END IF;
  paid_day := (r.paid_at AT TIME ZONE 'Africa/Lagos')::date;
  SELECT coalesce(sum(s.amount_kobo) FILTER (WHERE s.party_type = 0), 0), coalesce(sum(s.amount_kobo) FILTER (WHERE s.party_type = 1), 0)
    INTO platform, partner FROM payment_splits s WHERE s.payment_id = r.id;
  INSERT INTO sales_days AS d (day, course_id, institution_id, payments, amount_kobo, discount_kobo, vat_kobo, gateway_kobo, platform_kobo, partner_kobo)
  VALUES (paid_day, r.course_id, r.institution_id, sign, sign * r.amount_kobo, sign * r.discount_kobo, sign * r.vat_kobo, sign * r.gateway_charge_kobo, sign * platform, sign * partner)
  ON CONFLICT (course_id, day) DO UPDATE SET
    payments = d.payments + excluded.payments,
    amount_kobo = d.amount_kobo + excluded.amount_kobo,
    discount_kobo = d.discount_kobo + excluded.discount_kobo,
    vat_kobo = d.vat_kobo + excluded.vat_kobo,
    gateway_kobo = d.gateway_kobo + excluded.gateway_kobo,
    platform_kobo = d.platform_kobo + excluded.platform_kobo,
    partner_kobo = d.partner_kobo + excluded.partner_kobo;
  INSERT INTO partner_share_days AS d (day, institution_id, amount_kobo)
  SELECT paid_day, s.institution_id, sign * sum(s.amount_kobo) FROM payment_splits s
  WHERE s.payment_id = r.id AND s.party_type = 1 AND s.institution_id IS NOT NULL GROUP BY s.institution_id
  ON CONFLICT (institution_id, day) DO UPDATE SET amount_kobo = d.amount_kobo + excluded.amount_kobo;
  paid_month := date_trunc('month', r.paid_at AT TIME ZONE 'Africa/Lagos')::date;
  -- Scope 0 is the whole platform: a learner buying from two partners in a month counts once there.
  FOREACH scope IN ARRAY ARRAY[r.institution_id, 0] LOOP
    learner_change := 0;
    IF r.user_id IS NOT NULL THEN
      INSERT INTO sales_month_learners AS l (month, scope_id, user_id, payments) VALUES (paid_month, scope, r.user_id, sign)
      ON CONFLICT (scope_id, month, user_id) DO UPDATE SET payments = l.payments + excluded.payments
      RETURNING payments INTO n;
      IF n <= 0 THEN
        DELETE FROM sales_month_learners WHERE month = paid_month AND scope_id = scope AND user_id = r.user_id;
      END IF;
      learner_change := CASE WHEN sign > 0 AND n = sign THEN 1 WHEN sign < 0 AND n <= 0 THEN -1 ELSE 0 END;
      INSERT INTO sales_learners AS l (scope_id, user_id, payments) VALUES (scope, r.user_id, sign)
      ON CONFLICT (scope_id, user_id) DO UPDATE SET payments = l.payments + excluded.payments
      RETURNING payments INTO n;
      IF n <= 0 THEN
        DELETE FROM sales_learners WHERE scope_id = scope AND user_id = r.user_id;
      END IF;
    END IF;
    INSERT INTO sales_months AS m (scope_id, month, payments, learners, amount_kobo, discount_kobo, vat_kobo, gateway_kobo, platform_kobo, partner_kobo)
    VALUES (scope, paid_month, sign, learner_change, sign * r.amount_kobo, sign * r.discount_kobo, sign * r.vat_kobo, sign * r.gateway_charge_kobo, sign * platform, sign * partner)
    ON CONFLICT (scope_id, month) DO UPDATE SET
      payments = m.payments + excluded.payments,
      learners = m.learners + excluded.learners,
      amount_kobo = m.amount_kobo + excluded.amount_kobo,
      discount_kobo = m.discount_kobo + excluded.discount_kobo,
      vat_kobo = m.vat_kobo + excluded.vat_kobo,
      gateway_kobo = m.gateway_kobo + excluded.gateway_kobo,
      platform_kobo = m.platform_kobo + excluded.platform_kobo,
      partner_kobo = m.partner_kobo + excluded.partner_kobo;
    INSERT INTO sales_courses AS c (scope_id, course_id, payments) VALUES (scope, r.course_id, sign)
    ON CONFLICT (scope_id, course_id) DO UPDATE SET payments = c.payments + excluded.payments
    RETURNING payments INTO n;
    IF n <= 0 THEN
      DELETE FROM sales_courses WHERE scope_id = scope AND course_id = r.course_id;
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_transactions_report_summaries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.status, OLD.created_at, OLD.paid_at, OLD.institution_id, OLD.course_id, OLD.user_id, OLD.amount_kobo, OLD.discount_kobo, OLD.vat_kobo, OLD.gateway_charge_kobo)
      IS NOT DISTINCT FROM (NEW.status, NEW.created_at, NEW.paid_at, NEW.institution_id, NEW.course_id, NEW.user_id, NEW.amount_kobo, NEW.discount_kobo, NEW.vat_kobo, NEW.gateway_charge_kobo) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM report_summaries_payment(OLD, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM report_summaries_payment(NEW, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payment_transactions_report_summaries AFTER INSERT OR UPDATE OR DELETE ON payment_transactions
FOR EACH ROW EXECUTE FUNCTION payment_transactions_report_summaries();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_summaries_split(r payment_splits, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  p record;
  paid_day date;
BEGIN
  SELECT status, paid_at, course_id, institution_id INTO p FROM payment_transactions WHERE id = r.payment_id;
  IF NOT FOUND OR p.status <> 1 OR p.paid_at IS NULL THEN
    RETURN;
  END IF;
  paid_day := (p.paid_at AT TIME ZONE 'Africa/Lagos')::date;
  UPDATE sales_days SET
    platform_kobo = platform_kobo + CASE WHEN r.party_type = 0 THEN sign * r.amount_kobo ELSE 0 END,
    partner_kobo = partner_kobo + CASE WHEN r.party_type = 1 THEN sign * r.amount_kobo ELSE 0 END
  WHERE course_id = p.course_id AND day = paid_day;
  UPDATE sales_months SET
    platform_kobo = platform_kobo + CASE WHEN r.party_type = 0 THEN sign * r.amount_kobo ELSE 0 END,
    partner_kobo = partner_kobo + CASE WHEN r.party_type = 1 THEN sign * r.amount_kobo ELSE 0 END
  WHERE scope_id IN (p.institution_id, 0) AND month = date_trunc('month', p.paid_at AT TIME ZONE 'Africa/Lagos')::date;
  IF r.party_type = 1 AND r.institution_id IS NOT NULL THEN
    INSERT INTO partner_share_days AS d (day, institution_id, amount_kobo) VALUES (paid_day, r.institution_id, sign * r.amount_kobo)
    ON CONFLICT (institution_id, day) DO UPDATE SET amount_kobo = d.amount_kobo + excluded.amount_kobo;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_splits_report_summaries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM report_summaries_split(OLD, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM report_summaries_split(NEW, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payment_splits_report_summaries AFTER INSERT OR UPDATE OR DELETE ON payment_splits
FOR EACH ROW EXECUTE FUNCTION payment_splits_report_summaries();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_summaries_enrolment(r enrollments, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO enrolment_days AS d (day, institution_id, enrolments)
  SELECT (r.enrolled_at AT TIME ZONE 'Africa/Lagos')::date, c.institution_id, sign FROM courses c WHERE c.id = r.course_id
  ON CONFLICT (institution_id, day) DO UPDATE SET enrolments = d.enrolments + excluded.enrolments;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION enrollments_report_summaries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.course_id, OLD.enrolled_at) IS NOT DISTINCT FROM (NEW.course_id, NEW.enrolled_at) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM report_summaries_enrolment(OLD, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM report_summaries_enrolment(NEW, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Progress writes update enrolments all the time; only a new course or enrolment date matters here.
CREATE TRIGGER enrollments_report_summaries AFTER INSERT OR DELETE OR UPDATE OF course_id, enrolled_at ON enrollments
FOR EACH ROW EXECUTE FUNCTION enrollments_report_summaries();
--> statement-breakpoint
-- What was there before the triggers.
INSERT INTO payment_day_counts (day, institution_id, status, payments)
SELECT (created_at AT TIME ZONE 'Africa/Lagos')::date, institution_id, status, count(*) FROM payment_transactions GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO sales_days (day, course_id, institution_id, payments, amount_kobo, discount_kobo, vat_kobo, gateway_kobo, platform_kobo, partner_kobo)
SELECT (p.paid_at AT TIME ZONE 'Africa/Lagos')::date, p.course_id, min(p.institution_id), count(*), sum(p.amount_kobo), sum(p.discount_kobo), sum(p.vat_kobo), sum(p.gateway_charge_kobo),
       coalesce(sum(s.platform), 0), coalesce(sum(s.partner), 0)
FROM payment_transactions p
LEFT JOIN (SELECT payment_id, sum(amount_kobo) FILTER (WHERE party_type = 0) AS platform, sum(amount_kobo) FILTER (WHERE party_type = 1) AS partner FROM payment_splits GROUP BY payment_id) s ON s.payment_id = p.id
WHERE p.status = 1 AND p.paid_at IS NOT NULL GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO partner_share_days (day, institution_id, amount_kobo)
SELECT (p.paid_at AT TIME ZONE 'Africa/Lagos')::date, s.institution_id, sum(s.amount_kobo)
FROM payment_splits s JOIN payment_transactions p ON p.id = s.payment_id
WHERE s.party_type = 1 AND s.institution_id IS NOT NULL AND p.status = 1 AND p.paid_at IS NOT NULL GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO sales_month_learners (month, scope_id, user_id, payments)
SELECT date_trunc('month', paid_at AT TIME ZONE 'Africa/Lagos')::date, institution_id, user_id, count(*) FROM payment_transactions
WHERE status = 1 AND paid_at IS NOT NULL AND user_id IS NOT NULL GROUP BY 1, 2, 3
UNION ALL
SELECT date_trunc('month', paid_at AT TIME ZONE 'Africa/Lagos')::date, 0, user_id, count(*) FROM payment_transactions
WHERE status = 1 AND paid_at IS NOT NULL AND user_id IS NOT NULL GROUP BY 1, 3;
--> statement-breakpoint
INSERT INTO sales_learners (scope_id, user_id, payments)
SELECT institution_id, user_id, count(*) FROM payment_transactions WHERE status = 1 AND paid_at IS NOT NULL AND user_id IS NOT NULL GROUP BY 1, 2
UNION ALL
SELECT 0, user_id, count(*) FROM payment_transactions WHERE status = 1 AND paid_at IS NOT NULL AND user_id IS NOT NULL GROUP BY 2;
--> statement-breakpoint
INSERT INTO sales_months (scope_id, month, payments, learners, amount_kobo, discount_kobo, vat_kobo, gateway_kobo, platform_kobo, partner_kobo)
SELECT scope.id, date_trunc('month', p.paid_at AT TIME ZONE 'Africa/Lagos')::date, count(*), count(DISTINCT p.user_id), sum(p.amount_kobo), sum(p.discount_kobo), sum(p.vat_kobo),
       sum(p.gateway_charge_kobo), coalesce(sum(s.platform), 0), coalesce(sum(s.partner), 0)
FROM payment_transactions p
CROSS JOIN LATERAL (VALUES (p.institution_id), (0)) AS scope(id)
LEFT JOIN (SELECT payment_id, sum(amount_kobo) FILTER (WHERE party_type = 0) AS platform, sum(amount_kobo) FILTER (WHERE party_type = 1) AS partner FROM payment_splits GROUP BY payment_id) s ON s.payment_id = p.id
WHERE p.status = 1 AND p.paid_at IS NOT NULL GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO sales_courses (scope_id, course_id, payments)
SELECT scope.id, p.course_id, count(*) FROM payment_transactions p CROSS JOIN LATERAL (VALUES (p.institution_id), (0)) AS scope(id)
WHERE p.status = 1 AND p.paid_at IS NOT NULL GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO enrolment_days (day, institution_id, enrolments)
SELECT (e.enrolled_at AT TIME ZONE 'Africa/Lagos')::date, c.institution_id, count(*) FROM enrollments e JOIN courses c ON c.id = e.course_id GROUP BY 1, 2;
