/** Text for assistive technology only: read out, never drawn (the part of a name a picture stands for). */
import type { CSSProperties, ReactNode } from 'react';

export const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

export function VisuallyHidden({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <span id={id} style={VISUALLY_HIDDEN}>
      {children}
    </span>
  );
}
