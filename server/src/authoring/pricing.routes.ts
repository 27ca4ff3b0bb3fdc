// Pricing step's Submit for Review (spec 001 §7 Course/Pricing; decision 032). Calculate Price is
// Payment's Course/Compute/Pricing (server/src/payment), the one pricing rule.
import type { Hono } from 'hono';
import * as pricing from '@rivet/shared/api/course-pricing';
import { bind } from '../http/bind';
import type { AppEnv } from '../http/context';
import type { SubmissionService } from './submission.service';

export function registerPricingRoutes(app: Hono<AppEnv>, service: SubmissionService): void {
  bind(app, pricing.savePricing, async ({ body, caller, audit }) => ({
    data: await service.submitPaid(caller, audit, body),
    description: pricing.PRICING_MESSAGES.submitted,
  }));
}
