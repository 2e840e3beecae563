/**
 * SQL for a timestamptz as the JSON text JavaScript writes for a Date ("2026-11-24T06:00:00.000Z"),
 * for rows that PostgreSQL serialises itself: the API answers one format whoever wrote the JSON.
 */
export const jsonTime = (expression: string) => `to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
