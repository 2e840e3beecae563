/**
 * The box every table sits in: as wide as the page allows and no wider, so a table wider than the
 * screen scrolls sideways inside it (antd's `scroll={{ x: 'max-content' }}`) and the page never does,
 * from a 1440 px desktop down to a 360 px phone. Without `minWidth: 0` a flex or grid parent lets the
 * box grow to the table's width and the whole page scrolls instead.
 *
 * antd measures column widths in a hidden row (aria-hidden) that copies each column's title, the
 * select-all checkbox included: a control hidden from assistive technology that the keyboard still
 * reaches. The box makes those copies inert, so only the real header's controls take focus.
 */
import { useEffect, useRef, type ReactNode } from 'react';

const MEASURE_ROW = '.ant-table-measure-row';

function inertMeasureRows(box: HTMLElement) {
  box.querySelectorAll(`${MEASURE_ROW}:not([inert])`).forEach((row) => row.setAttribute('inert', ''));
}

export function TableBox({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    inertMeasureRows(element);
    const observer = new MutationObserver(() => inertMeasureRows(element));
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={box} style={{ minWidth: 0, maxWidth: '100%', overflowX: 'auto' }}>
      {children}
    </div>
  );
}
