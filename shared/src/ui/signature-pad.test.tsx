/** @jest-environment jsdom */
import { fireEvent, render, screen } from '@testing-library/react';
import { typist, WithoutAntdStyles } from '../testing/page-test-kit';
import { fakeCanvas, PNG_PREFIX } from '../testing/fake-canvas';
import { SignaturePad, SIGNATURE_PAD_TEXT } from './signature-pad';

let canvas: ReturnType<typeof fakeCanvas>;
beforeEach(() => {
  canvas = fakeCanvas();
});
afterEach(() => canvas.restore());

const showPad = (props: { disabled?: boolean } = {}) => {
  const onChange = jest.fn();
  render(
    <WithoutAntdStyles>
      <SignaturePad label="Signature of the spouse" onChange={onChange} {...props} />
    </WithoutAntdStyles>,
  );
  return { onChange, pad: screen.getByRole('img', { name: /Signature of the spouse/ }) };
};

/** A stroke as a pointer makes it (a finger, a pen or a mouse: the same events). */
function drawOn(pad: HTMLElement, points: [number, number][], pointerType = 'touch') {
  const [first, ...rest] = points;
  fireEvent.pointerDown(pad, { pointerId: 1, pointerType, button: 0, clientX: first![0], clientY: first![1] });
  for (const [x, y] of rest) fireEvent.pointerMove(pad, { pointerId: 1, pointerType, clientX: x, clientY: y });
  fireEvent.pointerUp(pad, { pointerId: 1, pointerType });
}

test('drawing on the pad produces a PNG of the stroke and says it is signed', () => {
  const { pad, onChange } = showPad();
  expect(screen.getByText(SIGNATURE_PAD_TEXT.notSigned)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: SIGNATURE_PAD_TEXT.clear })).toBeDisabled();

  drawOn(pad, [
    [10, 10],
    [40, 30],
    [80, 20],
  ]);
  expect(onChange).toHaveBeenCalledTimes(1);
  const png = onChange.mock.calls[0]![0] as string;
  expect(png.startsWith(PNG_PREFIX)).toBe(true);
  expect(canvas.lines.flat().length).toBeGreaterThanOrEqual(3);
  expect(screen.getByText(SIGNATURE_PAD_TEXT.signed)).toBeInTheDocument();
  expect(pad).toHaveAttribute('aria-describedby', expect.stringContaining(screen.getByText(SIGNATURE_PAD_TEXT.signed).id));
});

test('clearing the pad reports it empty (no PNG) until it is signed again', async () => {
  const { pad, onChange } = showPad();
  drawOn(
    pad,
    [
      [5, 5],
      [50, 50],
    ],
    'pen',
  );
  await typist().click(screen.getByRole('button', { name: SIGNATURE_PAD_TEXT.clear }));
  expect(onChange).toHaveBeenLastCalledWith(null);
  expect(canvas.lines).toEqual([]);
  expect(screen.getByText(SIGNATURE_PAD_TEXT.notSigned)).toBeInTheDocument();

  drawOn(pad, [[20, 20]], 'mouse');
  expect(onChange.mock.calls.at(-1)![0]).toMatch(/^data:image\/png;base64,/);
});

test('a disabled pad takes no ink', () => {
  const { pad, onChange } = showPad({ disabled: true });
  drawOn(pad, [
    [10, 10],
    [40, 40],
  ]);
  expect(onChange).not.toHaveBeenCalled();
  expect(screen.getByText(SIGNATURE_PAD_TEXT.notSigned)).toBeInTheDocument();
});
