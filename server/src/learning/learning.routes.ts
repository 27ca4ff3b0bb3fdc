// Studying: dashboard lists, player content, progress, quiz scores, surveys. (Being built: issue 4.)
import type { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import type { Database } from '../db/client';
import type { Clock } from '../http/clock';
import type { MediaSigner } from '../media/secure-media';

export function registerLearningRoutes(_app: Hono<AppEnv>, _deps: { db: Database; clock: Clock; media: MediaSigner }): void {}
