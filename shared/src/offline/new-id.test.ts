import { newId } from './new-id';

describe('ids made on the device', () => {
  test('are version-4 UUIDs, also where crypto.randomUUID is missing (plain http)', () => {
    const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newId()).toMatch(v4);
    const randomUUID = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const ids = new Set(Array.from({ length: 100 }, newId));
      expect(ids.size).toBe(100);
      for (const id of ids) expect(id).toMatch(v4);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
  });
});
