import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Its children render in a transition right after the parent's first commit. For what is below the fold of a large
 * dialog: the top paints in one short task, and the rest comes in slices a phone's browser can interrupt for a tap
 * or a paint, instead of one long task before anything shows.
 */
export function Later({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown ? children : null;
}
