// Which section is open and what happens when one ends (spec: States — Video progress; Business
// constants: next item after 2000 ms): the next section of the module after a 2-second notice
// the learner can cancel; at a module's end the next module's quiz, or the choice between 'Cancel'
// and 'Complete and Continue'; at the course's end, either the course is complete (the progress
// answer takes the learner on) or the sections still to do are offered.
import { useEffect, useRef, useState } from 'react';
import type { PlayerContent } from '@rivet/shared/api/learning';
import { afterSection, incompleteSections, samePosition, startPosition, type Position } from './course-outline';

export const AUTO_ADVANCE_MS = 2000;

export type Pending =
  | { kind: 'advance'; to: Position }
  | { kind: 'module-end'; from: Position; to: Position }
  | { kind: 'course-end'; remaining: Position[] }
  | null;

export interface Opened {
  position: Position;
  /** Opened by the player going on (auto-advance, Complete and Continue): media starts playing. */
  autoPlay: boolean;
  /** How many sections were opened before this one (0 for the first); focus moves on later ones. */
  serial: number;
}

/**
 * `requested`: the module and section ids the player was sent to. The start is decided once; a
 * later copy of the content (a refetch) keeps the learner where they are.
 */
export function usePlayer(content: PlayerContent, requested: { currentModule: number | null; currentSection: number | null }) {
  const [opened, setOpened] = useState<Opened>(() => ({ position: startPosition(content, requested) ?? { module: 0, section: 0 }, autoPlay: false, serial: 0 }));
  const [pending, setPending] = useState<Pending>(null);
  // What is open now, for an end that is reported after an await (the learner may have moved on).
  const current = useRef(opened.position);
  useEffect(() => {
    current.current = opened.position;
  }, [opened.position]);

  const open = (position: Position, autoPlay = false) => {
    setPending(null);
    setOpened((o) => (samePosition(o.position, position) ? o : { position, autoPlay, serial: o.serial + 1 }));
  };

  useEffect(() => {
    if (pending?.kind !== 'advance') return;
    const to = pending.to;
    const id = setTimeout(() => {
      setPending(null);
      setOpened((o) => ({ position: to, autoPlay: true, serial: o.serial + 1 }));
    }, AUTO_ADVANCE_MS);
    return () => clearTimeout(id);
  }, [pending]);

  /**
   * The section at `at` has ended (a video's end, Mark as Completed, a quiz's Continue).
   * `notice`: show the 2-second notice before the next section of the module (not after an
   * explicit Continue, which goes at once).
   */
  const sectionEnded = (at: Position, { notice }: { notice: boolean }) => {
    if (!samePosition(at, current.current)) return;
    const after = afterSection(content, at);
    switch (after.kind) {
      case 'next-section':
        if (notice) setPending({ kind: 'advance', to: after.to });
        else open(after.to, true);
        return;
      case 'next-module-quiz':
        open(after.to);
        return;
      case 'module-end':
        setPending({ kind: 'module-end', from: at, to: after.to });
        return;
      case 'course-end': {
        // With nothing left to do the course completes, and the progress answer moves on.
        const remaining = incompleteSections(content, at);
        if (remaining.length) setPending({ kind: 'course-end', remaining });
        return;
      }
    }
  };

  return {
    opened,
    position: opened.position,
    pending,
    open: (position: Position) => open(position),
    sectionEnded,
    cancel: () => setPending(null),
    /** Complete and Continue: the next module, from its first section (spec). */
    continueToModule: () => {
      if (pending?.kind === 'module-end') open(pending.to, true);
    },
  };
}
