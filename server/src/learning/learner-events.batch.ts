// Many learner events in one request (Course/Events/{userId}): the offline outbox's replay. Each
// event is checked by its own call's schema and applied by its own call's rules, in the order
// sent, and gets its own answer; one event's refusal (a 4xx) never stops the others. Anything
// else (the database gone) fails the whole request, which the outbox then sends again unchanged:
// every event id applies once. learner-events.ts applies them a course at a time, in one
// transaction each.
import { learnerEventSchema, type EventResult } from '@rivet/shared/api/learning';
import type { Caller } from '../http/context';
import { parseInput } from '../http/bind';
import { assertSelf } from '../http/learner-access';
import type { LearnerEventInput, LearnerEvents } from './learner-events';

export async function applyLearnerEvents(events: LearnerEvents, caller: Caller, userId: string, raw: readonly unknown[]): Promise<EventResult[]> {
  assertSelf(caller, userId);
  const results: EventResult[] = new Array(raw.length);
  const valid: { at: number; event: LearnerEventInput }[] = [];
  raw.forEach((item, at) => {
    const { eventId, type } = item as { eventId?: unknown; type?: unknown };
    const schema = learnerEventSchema.options.find((option) => option.entries.type.literal === type);
    const parsed = schema ? parseInput(schema, item) : ({ success: false, message: 'type must be progress, quiz or survey' } as const);
    if (parsed.success) valid.push({ at, event: parsed.output as LearnerEventInput });
    else results[at] = { eventId: typeof eventId === 'string' ? eventId : '', outcome: 'rejected', status: 400, description: parsed.message, result: null };
  });
  // A survey names its learner in the body; in a batch the path names them.
  const outcomes = await events.apply(
    userId,
    valid.map(({ event }) => (event.type === 'survey' ? { ...event, userId } : event)),
  );
  outcomes.forEach((outcome, i) => {
    const { at, event } = valid[i]!;
    results[at] =
      'error' in outcome
        ? { eventId: event.eventId, outcome: 'rejected', status: outcome.error.status, description: outcome.error.description, result: null }
        : { eventId: event.eventId, outcome: outcome.duplicate ? 'duplicate' : 'applied', status: 200, description: outcome.description, result: { ...outcome.result } };
  });
  return results;
}
