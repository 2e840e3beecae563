/**
 * The box every table sits in: as wide as the page allows and no wider, so a table wider than the
 * screen scrolls sideways inside it (antd's `scroll={{ x: 'max-content' }}`) and the page never does,
 * from a 1440 px desktop down to a 360 px phone. Without `minWidth: 0` a flex or grid parent lets the
 * box grow to the table's width and the whole page scrolls instead.
 *
 * antd measures column widths in a hidden row (aria-hidden) that copies each column's title, the
 * select-all checkbox included: a control hidden from assistive technology that the keyboard still
 * reaches. The box makes those copies inert, so only the real header's controls take focus.
 *
 * A table that scrolls sideways must be scrollable from the keyboard too (WCAG 2.1.1): where its rows hold
 * nothing focusable (a report's figures), its scrolling region is made a tab stop while it scrolls.
 */
import { useEffect, useRef, type ReactNode } from 'react';

const MEASURE_ROW = '.ant-table-measure-row';
const SCROLLING_REGION = '.ant-table-content, .ant-table-body';
/** Set by the box (not by antd), so that it is taken back when the region no longer scrolls. */
const OWN_TAB_STOP = 'data-table-box-tab-stop';

function inertMeasureRows(box: HTMLElement) {
  box.querySelectorAll(`${MEASURE_ROW}:not([inert])`).forEach((row) => row.setAttribute('inert', ''));
}

function keyboardScrollable(box: HTMLElement) {
  box.querySelectorAll<HTMLElement>(SCROLLING_REGION).forEach((region) => {
    const scrolls = region.scrollWidth > region.clientWidth;
    if (scrolls && !region.hasAttribute('tabindex')) {
      region.setAttribute('tabindex', '0');
      region.setAttribute(OWN_TAB_STOP, '');
    } else if (!scrolls && region.hasAttribute(OWN_TAB_STOP)) {
      region.removeAttribute('tabindex');
      region.removeAttribute(OWN_TAB_STOP);
    }
  });
}

function tidy(box: HTMLElement) {
  inertMeasureRows(box);
  keyboardScrollable(box);
}

export function TableBox({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    tidy(element);
    const observer = new MutationObserver(() => tidy(element));
    observer.observe(element, { childList: true, subtree: true });
    // A narrower window can make a table scroll with nothing in it changing.
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => keyboardScrollable(element));
    resized?.observe(element);
    return () => {
      observer.disconnect();
      resized?.disconnect();
    };
  }, []);
  return (
    <div ref={box} style={{ minWidth: 0, maxWidth: '100%', overflowX: 'auto' }}>
      {children}
    </div>
  );
}
