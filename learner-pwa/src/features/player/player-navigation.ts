// The player is opened with navigation state (spec: userId, courseId, currentModule,
// currentSection) and the course id in the query (paths.deliveryFor), so a reload or a saved link
// still knows the course. State from another course (a stale history entry) is ignored.

export interface PlayerNavigationState {
  courseId: number;
  userId: string;
  /** Module and section ids to open; null to resume where the learner stopped. */
  currentModule: number | null;
  currentSection: number | null;
  /** Opened from My Learnings: the outline counts sessions instead of completed sections. */
  mode?: 'my-learning';
}

export interface PlayerTarget {
  courseId: number;
  currentModule: number | null;
  currentSection: number | null;
  myLearning: boolean;
}

const positiveInt = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
};

export function playerTarget(state: unknown, search: string): PlayerTarget | null {
  const s = (typeof state === 'object' && state !== null ? state : {}) as Partial<Record<keyof PlayerNavigationState, unknown>>;
  const fromState = positiveInt(s.courseId);
  const fromQuery = positiveInt(new URLSearchParams(search).get('courseId'));
  const courseId = fromQuery ?? fromState;
  if (courseId === null) return null;
  const sameCourse = fromState === courseId;
  return {
    courseId,
    currentModule: sameCourse ? positiveInt(s.currentModule) : null,
    currentSection: sameCourse ? positiveInt(s.currentSection) : null,
    myLearning: sameCourse && s.mode === 'my-learning',
  };
}
