/** Invalid JSON read from storage is logged and yields an empty object. */
export const parseStoredJson = <T extends object>(raw: string | null, log: (e: unknown) => void = console.error): Partial<T> => {
  if (!raw) return {};
  try {
    const value = JSON.parse(raw);
    return value && typeof value === 'object' ? value : {};
  } catch (error) {
    log(error);
    return {};
  }
};
