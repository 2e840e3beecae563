import { loginSchema } from '@meridian/shared/contract/auth';
import { signInErrors, signInRequest } from './sign-in-rules';

const SAMPLES = [
  { email: '', password: '' },
  { email: '   ', password: 'x' },
  { email: 'loan-officer', password: '' },
  { email: ' loan-officer@demo.meridian.test ', password: 'Demo-Password-1' },
  { email: 'a'.repeat(254), password: 'p'.repeat(256) },
  { email: 'a'.repeat(255), password: 'x' },
  { email: ` ${'a'.repeat(254)} `, password: 'x' },
  { email: 'x', password: 'p'.repeat(257) },
  { email: 'x', password: ' ' },
];

describe('sign-in rules', () => {
  test.each(SAMPLES)('accept and refuse exactly what the contract schema does (%#)', (values) => {
    const parsed = loginSchema.safeParse(values);
    const refusedByContract = new Set(parsed.success ? [] : parsed.error.issues.map((issue) => String(issue.path[0])));
    expect(new Set(Object.keys(signInErrors(values)))).toEqual(refusedByContract);
  });

  test('say what is missing in the words of the contract', () => {
    const parsed = loginSchema.safeParse({ email: ' ', password: '' });
    const contractMessages = parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
    expect(Object.values(signInErrors({ email: ' ', password: '' }))).toEqual(contractMessages);
  });

  test('say a too long value in a sentence, not in validator words', () => {
    expect(signInErrors({ email: 'a'.repeat(255), password: 'p'.repeat(257) })).toEqual({
      email: 'An e-mail address or user name has at most 254 characters.',
      password: 'A password has at most 256 characters.',
    });
  });

  test('send what the contract schema would pass on', () => {
    const values = { email: ' loan-officer ', password: ' Demo-Password-1 ' };
    expect(signInRequest(values)).toEqual(loginSchema.parse(values));
  });
});
