/**
 * A signature drawn on screen with a finger, a pen or a mouse (pointer events, one code path for all
 * three), exported as a PNG data URL. The strokes are kept as points in CSS pixels and drawn again at
 * the device's pixel ratio whenever the pad changes size (a phone turned sideways), so a signature is
 * never lost or blurred by a resize. `touch-action: none` keeps a finger's stroke from scrolling the
 * page. The pad tells its owner the PNG once a stroke ends, and null once cleared: an empty pad has no
 * PNG. A canvas cannot be read by assistive technology, so the pad is a labelled image with its state
 * (signed or not) announced beside it and a Clear button.
 */
import { useCallback, useEffect, useId, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Button, Flex, Typography } from 'antd';
import { ClearOutlined } from '@ant-design/icons';

export const SIGNATURE_PAD_TEXT = {
  signHere: 'Sign here with a finger, a pen or the mouse.',
  signed: 'Signed',
  notSigned: 'Not signed yet',
  clear: 'Clear signature',
} as const;

interface Point {
  x: number;
  y: number;
}

export interface SignaturePadProps {
  /** The pad's accessible name, e.g. "Signature of the spouse". */
  label: string;
  /** The PNG data URL after each stroke; null once cleared. */
  onChange(png: string | null): void;
  /** CSS pixels; the width is the container's. */
  height?: number;
  disabled?: boolean;
  /** Drawn with an error border (the form refused to save without a signature). */
  invalid?: boolean;
  /** The id of a message that describes the pad (a field error). */
  describedBy?: string;
}

const INK = '#111111';
const LINE_WIDTH = 2.5;

function drawStroke(context: CanvasRenderingContext2D, stroke: Point[]) {
  if (stroke.length === 0) return;
  context.beginPath();
  context.moveTo(stroke[0]!.x, stroke[0]!.y);
  // A single tap is a dot: a line to (almost) the same point draws one with round caps.
  if (stroke.length === 1) context.lineTo(stroke[0]!.x + 0.1, stroke[0]!.y + 0.1);
  for (const point of stroke.slice(1)) context.lineTo(point.x, point.y);
  context.stroke();
}

export function SignaturePad({ label, onChange, height = 180, disabled = false, invalid = false, describedBy }: SignaturePadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const strokes = useRef<Point[][]>([]);
  const drawing = useRef<Point[] | null>(null);
  const [signed, setSigned] = useState(false);
  const statusId = useId();

  const context = useCallback(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d') ?? null;
    if (!ctx) return null;
    ctx.lineWidth = LINE_WIDTH;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = INK;
    return ctx;
  }, []);

  /** Sizes the canvas to its box at the device's pixel ratio and draws every stroke again. */
  const redraw = useCallback(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ratio = window.devicePixelRatio || 1;
    const width = canvas.clientWidth || canvas.parentElement?.clientWidth || 300;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    const ctx = context();
    if (!ctx) return;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, width, height);
    for (const stroke of strokes.current) drawStroke(ctx, stroke);
  }, [context, height]);

  useEffect(() => {
    redraw();
    const canvas = canvasRef.current;
    if (!canvas || typeof ResizeObserver === 'undefined') return;
    let lastWidth = canvas.clientWidth;
    const observer = new ResizeObserver(() => {
      if (canvas.clientWidth === lastWidth) return;
      lastWidth = canvas.clientWidth;
      redraw();
    });
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [redraw]);

  const pointOf = (event: { clientX: number; clientY: number }): Point => {
    const box = canvasRef.current!.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  const start = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (disabled || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drawing.current = [pointOf(event)];
    const ctx = context();
    if (ctx) drawStroke(ctx, drawing.current);
  };

  const move = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const stroke = drawing.current;
    if (!stroke) return;
    event.preventDefault();
    // A pen or a fast finger reports several points per frame; every one of them makes a smoother line.
    const native = event.nativeEvent as PointerEvent;
    const events = typeof native.getCoalescedEvents === 'function' ? native.getCoalescedEvents() : [];
    const points = (events.length ? events : [event]).map(pointOf);
    const ctx = context();
    if (ctx) drawStroke(ctx, [stroke[stroke.length - 1]!, ...points]);
    stroke.push(...points);
  };

  const end = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const stroke = drawing.current;
    if (!stroke) return;
    drawing.current = null;
    event.currentTarget.releasePointerCapture?.(event.pointerId);
    strokes.current.push(stroke);
    setSigned(true);
    onChange(canvasRef.current!.toDataURL('image/png'));
  };

  const clear = () => {
    strokes.current = [];
    drawing.current = null;
    redraw();
    setSigned(false);
    onChange(null);
  };

  return (
    <Flex vertical gap={4}>
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={`${label}. ${SIGNATURE_PAD_TEXT.signHere}`}
        aria-describedby={[statusId, describedBy].filter(Boolean).join(' ')}
        aria-invalid={invalid || undefined}
        aria-disabled={disabled || undefined}
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
        style={{
          display: 'block',
          width: '100%',
          height,
          touchAction: 'none',
          cursor: disabled ? 'not-allowed' : 'crosshair',
          // The ink is near-black on both themes' pads: a signature is on paper-white.
          background: '#ffffff',
          border: `1px ${signed ? 'solid' : 'dashed'} ${invalid ? '#ff4d4f' : '#8c8c8c'}`,
          borderRadius: 8,
        }}
      />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text id={statusId} type={signed ? 'success' : 'secondary'} aria-live="polite">
          {signed ? SIGNATURE_PAD_TEXT.signed : SIGNATURE_PAD_TEXT.notSigned}
        </Typography.Text>
        <Button icon={<ClearOutlined aria-hidden />} onClick={clear} disabled={disabled || !signed}>
          {SIGNATURE_PAD_TEXT.clear}
        </Button>
      </Flex>
    </Flex>
  );
}
