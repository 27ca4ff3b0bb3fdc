// Getting started (decision 079): one read for the partner admin's dashboard and QA's review.
import type { Hono } from 'hono';
import { gettingStarted } from '@rivet/shared/api/getting-started';
import { bind } from '../http/bind';
import type { AppEnv } from '../http/context';
import type { GettingStartedService } from './getting-started.service';

export function registerGettingStartedRoutes(app: Hono<AppEnv>, service: GettingStartedService): void {
  bind(app, gettingStarted, async ({ query, caller }) => ({ data: await service.status(caller, query) }));
}
