/**
 * The box every table sits in: as wide as the page allows and no wider, so a table wider than the
 * screen scrolls sideways inside it (antd's `scroll={{ x: 'max-content' }}`) and the page never does,
 * from a 1440 px desktop down to a 360 px phone. Without `minWidth: 0` a flex or grid parent lets the
 * box grow to the table's width and the whole page scrolls instead.
 */
import type { ReactNode } from 'react';

export function TableBox({ children }: { children: ReactNode }) {
  return <div style={{ minWidth: 0, maxWidth: '100%', overflowX: 'auto' }}>{children}</div>;
}
