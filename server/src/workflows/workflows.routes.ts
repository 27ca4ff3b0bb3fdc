// Workflow/* endpoints on the Workflow service: Approval Settings (spec 001 §2.9, §7 "Workflow service").
import type { Hono } from 'hono';
import {
  WORKFLOW_MESSAGES as M,
  activateWorkflow,
  createWorkflow,
  deactivateWorkflow,
  getWorkflowsByInstitution,
  listWorkflowApprovers,
  listWorkflowPartners,
  searchWorkflow,
  updateWorkflow,
} from '@rivet/shared/api/workflows';
import { bind } from '../http/bind';
import type { AppEnv } from '../http/context';
import type { WorkflowsService } from './workflows.service';

export function registerWorkflowRoutes(app: Hono<AppEnv>, service: WorkflowsService): void {
  bind(app, listWorkflowPartners, async ({ query, caller }) => ({ data: await service.partners(caller, query.Id || null, { page: query.Page, pageSize: query.PageSize }) }));
  bind(app, getWorkflowsByInstitution, async ({ query, caller }) => ({ data: await service.list(caller, query.institutionId) }));
  bind(app, searchWorkflow, async ({ query, caller }) => ({ data: await service.get(caller, query.id) }));
  bind(app, listWorkflowApprovers, async ({ query, caller }) => ({ data: await service.approvers(caller, query.institutionId, query.search) }));
  bind(app, createWorkflow, async ({ body, caller, audit }) => ({ data: await service.create(caller, audit, body), description: M.created }));
  bind(app, updateWorkflow, async ({ body, caller, audit }) => ({ data: await service.update(caller, audit, body.id, body), description: M.updated }));
  bind(app, activateWorkflow, async ({ query, caller, audit }) => ({ data: await service.activate(caller, audit, query.id), description: M.activated }));
  bind(app, deactivateWorkflow, async ({ query, caller, audit }) => ({ data: await service.deactivate(caller, audit, query.id), description: M.deactivated }));
}
