import type { PositionProcessor } from '../position';

/** A processor that does nothing: the writer on its own (tests, and until processing is wired in). */
export function createNoopProcessor(): PositionProcessor {
  return { process: async () => undefined, afterCommit: () => undefined };
}
