// Preview Course (spec 001 §7 Course/AdminPreviewCourse/{id}; decision 035).
import type { Hono } from 'hono';
import { adminPreviewCourse } from '@rivet/shared/api/course-preview';
import { bind } from '../http/bind';
import type { AppEnv } from '../http/context';
import type { PreviewService } from './preview.service';

export function registerPreviewRoutes(app: Hono<AppEnv>, service: PreviewService): void {
  bind(app, adminPreviewCourse, async ({ params, caller }) => ({ data: await service.content(caller, Number(params.id)) }));
}
