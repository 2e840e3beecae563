import { addressMatchesAny, ipAddressSaveSchema, normaliseCidr, parseCidr, parseIp } from './ip-address';

describe('reading addresses and ranges', () => {
  test.each([
    ['10.1.2.3', '10.1.2.3/32'],
    ['10.1.2.3/8', '10.0.0.0/8'],
    [' 192.168.0.0/16 ', '192.168.0.0/16'],
    ['0.0.0.0/0', '0.0.0.0/0'],
    ['255.255.255.255', '255.255.255.255/32'],
  ])('IPv4 %p is kept as %p, host bits cleared', (text, expected) => {
    expect(normaliseCidr(text)).toBe(expected);
  });

  test.each([
    ['2001:DB8::1', '2001:db8::1/128'],
    ['2001:0db8:0000:0000:0000:0000:0000:0001/128', '2001:db8::1/128'],
    ['2001:db8:abcd:12::/48', '2001:db8:abcd::/48'],
    ['::', '::/128'],
    ['::1', '::1/128'],
    ['::/0', '::/0'],
    ['fe80:0:0:1:0:0:0:1', 'fe80:0:0:1::1/128'],
    ['1:0:0:2:0:0:3:4', '1::2:0:0:3:4/128'],
    ['1:0:0:2:0:0:0:3', '1:0:0:2::3/128'],
    ['1:0:2:3:4:5:6:7', '1:0:2:3:4:5:6:7/128'],
    ['1::2:3:4:5:6:7', '1:0:2:3:4:5:6:7/128'],
    ['64:ff9b::192.0.2.33', '64:ff9b::c000:221/128'],
  ])('IPv6 %p is written canonically as %p (RFC 5952)', (text, expected) => {
    expect(normaliseCidr(text)).toBe(expected);
  });

  test('an IPv4-mapped IPv6 range is stored as the IPv4 range it stands for', () => {
    expect(normaliseCidr('::ffff:10.0.0.0/104')).toBe('10.0.0.0/8');
    expect(normaliseCidr('::ffff:192.0.2.1')).toBe('192.0.2.1/32');
  });

  test.each([
    '',
    'localhost',
    '10.0.0',
    '10.0.0.0.0',
    '256.0.0.1',
    '10.0.0.01',
    '10.0.0.-1',
    '1e1.0.0.0',
    '10.0.0.0/33',
    '10.0.0.0/-1',
    '10.0.0.0/08',
    '10.0.0.0/',
    '10.0.0.0/8/8',
    '2001:db8::/129',
    '2001:db8:::1',
    '1::2::3',
    '12345::',
    'g::1',
    '1:2:3:4:5:6:7:8:9',
    '1:2:3:4:5:6:7',
    '1::2:3:4:5:6:7:8',
    ':1::',
    '1:',
    '::1.2.3',
    'fe80::1%eth0',
  ])('%p is refused', (text) => {
    expect(parseCidr(text)).toBeNull();
  });
});

describe('matching a client address', () => {
  test('an address matches the ranges that contain it and no other', () => {
    expect(addressMatchesAny('127.0.0.1', ['127.0.0.0/8'])).toBe(true);
    expect(addressMatchesAny('127.0.0.1', ['10.0.0.0/8'])).toBe(false);
    expect(addressMatchesAny('10.255.255.255', ['10.0.0.0/8'])).toBe(true);
    expect(addressMatchesAny('11.0.0.0', ['10.0.0.0/8'])).toBe(false);
    expect(addressMatchesAny('203.0.113.7', ['10.0.0.0/8', '203.0.113.7'])).toBe(true);
    expect(addressMatchesAny('8.8.8.8', ['0.0.0.0/0'])).toBe(true);
  });

  test('IPv6 addresses match IPv6 ranges, whatever their spelling', () => {
    expect(addressMatchesAny('2001:DB8:0:0:1::5', ['2001:db8::/32'])).toBe(true);
    expect(addressMatchesAny('2001:db9::1', ['2001:db8::/32'])).toBe(false);
    expect(addressMatchesAny('fe80::1%eth0', ['fe80::/10'])).toBe(true);
  });

  test('IPv4 clients seen through a dual-stack socket match IPv4 ranges, and families never mix', () => {
    expect(addressMatchesAny('::ffff:127.0.0.1', ['127.0.0.0/8'])).toBe(true);
    expect(parseIp('::ffff:127.0.0.1')).toEqual({ version: 4, value: 0x7f000001n });
    expect(addressMatchesAny('127.0.0.1', ['::/0'])).toBe(false);
    expect(addressMatchesAny('::1', ['0.0.0.0/0'])).toBe(false);
  });

  test('an unreadable client address matches nothing, and an empty list matches nothing', () => {
    expect(addressMatchesAny('unknown', ['0.0.0.0/0', '::/0'])).toBe(false);
    expect(addressMatchesAny('127.0.0.1', [])).toBe(false);
  });
});

describe('the entry form', () => {
  test('normalises the range and defaults to active', () => {
    expect(ipAddressSaveSchema.parse({ cidr: ' 10.1.0.0/16 ', description: ' Office ' })).toEqual({
      cidr: '10.1.0.0/16',
      description: 'Office',
      active: true,
    });
  });

  test('explains what a valid entry looks like', () => {
    const result = ipAddressSaveSchema.safeParse({ cidr: '10.0.0.0/40' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toMatch(/IPv4 or IPv6 address or range/);
  });
});
