import { percentText } from './portfolio-ratio';

describe('percentText', () => {
  it('writes a share as a percentage with two decimals', () => {
    expect(percentText(1n, 4n)).toBe('25.00');
    expect(percentText(0n, 7n)).toBe('0.00');
    expect(percentText(7n, 7n)).toBe('100.00');
    expect(percentText(1n, 3n)).toBe('33.33');
    expect(percentText(2n, 3n)).toBe('66.67');
  });

  it('rounds a half basis point to the even one', () => {
    // 1/8 = 12.5 %, exact; 1/80000 = 0.00125 % -> 0.00; 3/80000 = 0.00375 % -> 0.00 (0.375 bp rounds down)
    expect(percentText(1n, 80_000n)).toBe('0.00');
    // 0.005 % = half a basis point: to even (0); 0.015 % = 1.5 bp: to even (2)
    expect(percentText(1n, 20_000n)).toBe('0.00');
    expect(percentText(3n, 20_000n)).toBe('0.02');
    expect(percentText(5n, 20_000n)).toBe('0.02');
  });

  it('answers null for an empty whole, and stays exact past float precision', () => {
    expect(percentText(5n, 0n)).toBeNull();
    expect(percentText(123_456_789_012_345_678n, 987_654_321_098_765_432n)).toBe('12.50');
  });
});
