// Certificates: issue, PDF, public verification. (Being built: issue 4.)
import type { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import type { Database } from '../db/client';
import type { Clock } from '../http/clock';

export function registerCertificateRoutes(_app: Hono<AppEnv>, _deps: { db: Database; clock: Clock; publicUrl: string; dataDir: string }): void {}
