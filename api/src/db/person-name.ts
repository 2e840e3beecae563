/** SQL for a person's full name from a users (or clients, leads) row aliased `alias`: "First Last", or null when both are empty. */
export const personName = (alias: string) =>
  `nullif(trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), '')`;
