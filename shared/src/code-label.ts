/** A code as words where it is written as one (upper case and underscores: 'IN_PROGRESS' is 'In progress'); any other text as it is. */
export const labelOfCode = (value: string) => {
  if (!/^[A-Z][A-Z0-9_ ]*$/.test(value)) return value;
  const words = value.replaceAll('_', ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
