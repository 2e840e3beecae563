import { isWebAddress, looksLikeImage, sameOriginUrl } from './safe-url';

const ORIGIN = 'https://app.meridian.test';

describe('document addresses', () => {
  test.each([
    ['a relative path', '/api/files/a.pdf', '/api/files/a.pdf'],
    ['an absolute address of this origin', `${ORIGIN}/api/files/a.pdf?v=2#page=3`, '/api/files/a.pdf?v=2#page=3'],
  ])('accept %s', (_label, raw, expected) => {
    expect(sameOriginUrl(raw, ORIGIN)).toBe(expected);
  });

  test.each([
    ['another origin', 'https://evil.example/a.pdf'],
    ['a protocol-relative address', '//evil.example/a.pdf'],
    ['a backslash address', '/\\evil.example/a.pdf'],
    ['a script', 'javascript:alert(1)'],
    ['data', 'data:text/html,<script>alert(1)</script>'],
    ['a control character', '/\t/evil.example'],
    ['nothing', '   '],
  ])('refuse %s', (_label, raw) => {
    expect(sameOriginUrl(raw, ORIGIN)).toBeNull();
  });

  test('tell images by their extension, ignoring the query', () => {
    expect(looksLikeImage('/f/photo.JPG?size=2')).toBe(true);
    expect(looksLikeImage('/f/doc.pdf')).toBe(false);
  });

  test('follow only web addresses', () => {
    expect(isWebAddress('https://idp.example/sso')).toBe(true);
    expect(isWebAddress('javascript:alert(1)')).toBe(false);
    expect(isWebAddress(undefined)).toBe(false);
  });
});
