// Many learner events in one request (Course/Events/{userId}): the offline outbox's replay. Each
// event goes through exactly the rules of its own call, in the order sent, and gets its own
// answer; one event's refusal (a 4xx) never stops the others. Anything else (the database gone)
// fails the whole request, which the outbox then sends again unchanged: every event id applies once.
import type * as v from 'valibot';
import { learnerEventSchema, type EventResult } from '@rivet/shared/api/learning';
import type { Caller } from '../http/context';
import { parseInput } from '../http/bind';
import { AppError } from '../http/errors';
import { assertSelf } from '../http/learner-access';
import type { LearningService } from './learning.service';

export async function applyLearnerEvents(service: LearningService, caller: Caller, userId: string, events: readonly unknown[]): Promise<EventResult[]> {
  assertSelf(caller, userId);
  const results: EventResult[] = [];
  for (const raw of events) {
    const { eventId, type } = raw as { eventId?: unknown; type?: unknown };
    const id = typeof eventId === 'string' ? eventId : '';
    const schema = learnerEventSchema.options.find((option) => option.entries.type.literal === type);
    const parsed = schema ? parseInput(schema, raw) : ({ success: false, message: 'type must be progress, quiz or survey' } as const);
    if (!parsed.success) {
      results.push({ eventId: id, outcome: 'rejected', status: 400, description: parsed.message, result: null });
      continue;
    }
    try {
      results.push(await applyOne(service, caller, userId, parsed.output as v.InferOutput<typeof learnerEventSchema>));
    } catch (error) {
      if (error instanceof AppError && error.status < 500) {
        results.push({ eventId: id, outcome: 'rejected', status: error.status, description: error.description, result: null });
      } else throw error;
    }
  }
  return results;
}

async function applyOne(service: LearningService, caller: Caller, userId: string, event: v.InferOutput<typeof learnerEventSchema>): Promise<EventResult> {
  const answer = (duplicate: boolean, result: object, description = 'Successful'): EventResult => ({
    eventId: event.eventId,
    outcome: duplicate ? 'duplicate' : 'applied',
    status: 200,
    description,
    result: { ...result },
  });
  switch (event.type) {
    case 'progress': {
      const { type: _type, ...body } = event;
      const result = await service.uploadViewing(caller, userId, body);
      return answer(result.duplicate, result);
    }
    case 'quiz': {
      const { type: _type, ...body } = event;
      const result = await service.updateQuizScore(caller, userId, body);
      return answer(result.duplicate, result);
    }
    case 'survey': {
      const { type: _type, ...body } = event;
      const { data, description } = await service.submitSurvey(caller, { ...body, userId });
      return answer(data.duplicate, data, description);
    }
  }
}
