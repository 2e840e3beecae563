/**
 * For component tests of what draws on a canvas (the signature pad): jsdom has no canvas, so this gives
 * every canvas a 2D context that records the lines drawn, and a PNG export that holds them, as a test
 * can read back. Imported by *.test.tsx only.
 */
export const PNG_PREFIX = 'data:image/png;base64,';

export function fakeCanvas() {
  const lines: { x: number; y: number }[][] = [];
  const context = {
    lineWidth: 1,
    lineCap: 'butt',
    lineJoin: 'miter',
    strokeStyle: '#000',
    setTransform: jest.fn(),
    clearRect: jest.fn(() => lines.splice(0)),
    beginPath: jest.fn(() => lines.push([])),
    moveTo: jest.fn((x: number, y: number) => lines.at(-1)?.push({ x, y })),
    lineTo: jest.fn((x: number, y: number) => lines.at(-1)?.push({ x, y })),
    stroke: jest.fn(),
  };
  const getContext = jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => context as never);
  const toDataURL = jest
    .spyOn(HTMLCanvasElement.prototype, 'toDataURL')
    .mockImplementation((type?: string) => `${type === 'image/png' ? PNG_PREFIX : 'data:,'}${btoa(JSON.stringify(lines))}`);
  return {
    lines,
    restore() {
      getContext.mockRestore();
      toDataURL.mockRestore();
    },
  };
}
