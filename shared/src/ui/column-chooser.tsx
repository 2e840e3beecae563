/**
 * Which columns of a table a user shows. A table's columns declare whether they may be hidden
 * (`optional`) or start hidden (`hiddenByDefault`); the user's choice is kept on the device per user
 * and per table, so a shared computer does not carry one person's choice over to another. Only the
 * choices are kept, not the whole list, so a column added later starts as its table declares it.
 */
import { useState } from 'react';
import { Button, Checkbox, Flex, Popover } from 'antd';
import { useSession } from '@meridian/shared/session/session-store';

export const COLUMN_CHOOSER_TEXT = {
  button: 'Columns',
  heading: 'Columns to show',
} as const;

/** What the chooser needs to know of a column. */
export interface ChoosableColumn {
  key: string;
  /** The column's name in the chooser. */
  label: string;
  /** The user may hide it; it is shown until they do. */
  optional?: boolean;
  /** The user may show it; it is hidden until they do. */
  hiddenByDefault?: boolean;
}

type ColumnChoices = Record<string, boolean>;

export const columnChoiceStorageKey = (userId: string, tableId: string) => `meridian.columns.${userId}.${tableId}`;

const isChoosable = (column: ChoosableColumn) => column.optional === true || column.hiddenByDefault === true;

function readChoices(storageKey: string | null): ColumnChoices {
  if (!storageKey) return {};
  try {
    const stored: unknown = JSON.parse(globalThis.localStorage?.getItem(storageKey) ?? '{}');
    if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return {};
    return Object.fromEntries(Object.entries(stored).filter(([, shown]) => typeof shown === 'boolean')) as ColumnChoices;
  } catch {
    // Unreadable or blocked storage: the table's own defaults serve.
    return {};
  }
}

function writeChoices(storageKey: string | null, choices: ColumnChoices) {
  if (!storageKey) return;
  try {
    globalThis.localStorage?.setItem(storageKey, JSON.stringify(choices));
  } catch {
    // Full or blocked storage: the choice holds for this visit only.
  }
}

export interface ColumnChoice {
  isShown(column: ChoosableColumn): boolean;
  setShown(column: ChoosableColumn, shown: boolean): void;
}

/** The signed-in user's choice of columns for the table `tableId`. */
export function useColumnChoice(tableId: string): ColumnChoice {
  const userId = useSession((state) => state.user?.Id ?? null);
  const storageKey = userId ? columnChoiceStorageKey(userId, tableId) : null;
  const [held, setHeld] = useState(() => ({ storageKey, choices: readChoices(storageKey) }));
  // Another user (or table) in the same place reads its own choice, not the one held.
  const current = held.storageKey === storageKey ? held : { storageKey, choices: readChoices(storageKey) };
  return {
    isShown: (column) => !isChoosable(column) || (current.choices[column.key] ?? !column.hiddenByDefault),
    setShown: (column, shown) => {
      const choices = { ...current.choices, [column.key]: shown };
      writeChoices(storageKey, choices);
      setHeld({ storageKey, choices });
    },
  };
}

/** The "Columns" button: a checkbox per column the user may show or hide. */
export function ColumnChooser({ columns, choice }: { columns: ChoosableColumn[]; choice: ColumnChoice }) {
  const choosable = columns.filter(isChoosable);
  if (choosable.length === 0) return null;
  const list = (
    <Flex vertical gap={4} role="group" aria-label={COLUMN_CHOOSER_TEXT.heading}>
      {choosable.map((column) => (
        <Checkbox key={column.key} checked={choice.isShown(column)} onChange={(event) => choice.setShown(column, event.target.checked)}>
          {column.label}
        </Checkbox>
      ))}
    </Flex>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={COLUMN_CHOOSER_TEXT.heading} content={list}>
      <Button aria-haspopup="true">{COLUMN_CHOOSER_TEXT.button}</Button>
    </Popover>
  );
}
