/**
 * A long list drawn a screenful at a time: rows of one height, so any row's place is known without
 * drawing the rows above it, and only the rows in view (and a few around them) are in the page. The
 * live map's device list holds every device of a tenant (10,000 and more) and re-renders as positions
 * stream in: drawn whole it would cost more than the map. Arrow keys move between rows, Home and End
 * jump to the ends; the row in focus is kept drawn.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode, type UIEvent } from 'react';

const OVERSCAN = 8;

export interface VirtualListProps<T> {
  items: readonly T[];
  rowHeight: number;
  /** Pixels, or any CSS length for the list's box (it scrolls inside it). */
  height: number | string;
  rowKey(item: T): string;
  /** Draws one row; the row's focusable element must carry `data-row-index`. */
  renderRow(item: T, index: number): ReactNode;
  label: string;
  /** Shown instead of rows when there are none. */
  empty?: ReactNode;
  /** Scrolls this row into view when it changes (the selected device). */
  scrollToIndex?: number;
}

export function VirtualList<T>({ items, rowHeight, height, rowKey, renderRow, label, empty, scrollToIndex }: VirtualListProps<T>) {
  const box = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [boxHeight, setBoxHeight] = useState(typeof height === 'number' ? height : 600);
  const [focused, setFocused] = useState<number | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => setBoxHeight(element.clientHeight || boxHeight));
    observer.observe(element);
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const element = box.current;
    if (!element || scrollToIndex === undefined || scrollToIndex < 0) return;
    const top = scrollToIndex * rowHeight;
    if (top < element.scrollTop || top + rowHeight > element.scrollTop + element.clientHeight) element.scrollTop = top;
  }, [scrollToIndex, rowHeight]);

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN);
  const last = Math.min(items.length - 1, Math.ceil((scrollTop + boxHeight) / rowHeight) + OVERSCAN);
  const shown: number[] = [];
  for (let index = first; index <= last; index++) shown.push(index);
  if (focused !== null && focused < items.length && (focused < first || focused > last)) shown.push(focused);

  const focusRow = (index: number) => {
    const element = box.current;
    if (!element) return;
    const target = Math.max(0, Math.min(items.length - 1, index));
    const top = target * rowHeight;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (top + rowHeight > element.scrollTop + element.clientHeight) element.scrollTop = top + rowHeight - element.clientHeight;
    setFocused(target);
    // The row may be drawn only after this render.
    requestAnimationFrame(() => element.querySelector<HTMLElement>(`[data-row-index="${target}"]`)?.focus());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = Number((event.target as HTMLElement).dataset.rowIndex);
    if (!Number.isInteger(at)) return;
    const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    focusRow(moves[event.key]!);
  };

  if (items.length === 0) return <>{empty}</>;
  return (
    <div
      ref={box}
      role="list"
      aria-label={label}
      onScroll={(event: UIEvent<HTMLDivElement>) => setScrollTop(event.currentTarget.scrollTop)}
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        const index = Number((event.target as HTMLElement).dataset.rowIndex);
        if (Number.isInteger(index)) setFocused(index);
      }}
      style={{ height, overflowY: 'auto', position: 'relative' }}
    >
      <div role="presentation" style={{ height: items.length * rowHeight, position: 'relative' }}>
        {shown.map((index) => (
          <div
            key={rowKey(items[index]!)}
            role="listitem"
            style={{ position: 'absolute', top: index * rowHeight, left: 0, right: 0, height: rowHeight }}
          >
            {renderRow(items[index]!, index)}
          </div>
        ))}
      </div>
    </div>
  );
}
