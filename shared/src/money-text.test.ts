import { formatMinor, formatMinorList, minorFromText, minorToDecimalText } from './money-text';

describe('money as integer minor units', () => {
  test('minor units become decimal text by their digits', () => {
    expect(minorToDecimalText(21_990_050)).toBe('219900.50');
    expect(minorToDecimalText(5)).toBe('0.05');
    expect(minorToDecimalText(0)).toBe('0.00');
    expect(minorToDecimalText(-5)).toBe('-0.05');
    // 2^53 - 1 cents: a float of its major units would lose the last cent.
    expect(minorToDecimalText(9_007_199_254_740_991)).toBe('90071992547409.91');
  });

  test('typed amounts become minor units without a float: 0.1 + 0.2 style errors cannot happen', () => {
    expect(minorFromText('219900.50')).toBe(21_990_050);
    expect(minorFromText('219 900,50')).toBe(21_990_050);
    expect(minorFromText('5 000,5')).toBe(500_050);
    expect(minorFromText('1,234,567.89')).toBe(123_456_789);
    expect(minorFromText('0.29')).toBe(29);
    expect(minorFromText('1.1')).toBe(110);
    expect(minorFromText('1.234,50')).toBe(123_450);
    expect(minorFromText('1,000,000')).toBe(100_000_000);
    expect(minorFromText('42')).toBe(4200);
  });

  test('a fraction of a cent, a sign or text is no amount', () => {
    for (const text of ['1.005', '1,000', '12.', 'abc', '', '-5', '1.2.3x', '1e5', '1,000.000']) expect(minorFromText(text)).toBeNull();
  });

  test('an amount is written in its own currency', () => {
    expect(formatMinor(21_990_050, 'ZAR')).toMatch(/^R\s?219\s900,50$/);
    expect(formatMinor(123, 'USD')).toBe('$1.23');
    expect(formatMinor(-5, 'USD')).toBe('-$0.05');
  });

  test('an amount that is no whole number of cents, or a currency that is no code, is a dash rather than a guess', () => {
    expect(formatMinor(1.5, 'ZAR')).toBe('—');
    expect(formatMinor(2 ** 53, 'ZAR')).toBe('—');
    expect(formatMinor(100, 'rand')).toBe('—');
  });

  test('several sums are one line, each in its own currency; none is the given text', () => {
    expect(
      formatMinorList(
        [
          { amountMinor: 500_050, currency: 'ZAR' },
          { amountMinor: 7, currency: 'USD' },
        ],
        'none',
      ),
    ).toMatch(/^R\s?5\s000,50, \$0\.07$/);
    expect(formatMinorList([], 'none')).toBe('none');
  });
});
