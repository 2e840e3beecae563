/**
 * The live existence check of the user form (sales spec 5: POST /api/users/exist {emailAddress,
 * userName, mobile}). When the user pauses typing an e-mail address, user name or mobile number that
 * passes its own rule, the server is asked whether another user has it; if so the field shows that
 * it is taken. An edit leaves the user's own current values alone (and the server is told whom to
 * ignore). A failed check says nothing: the save checks again and the server has the last word.
 */
import { useEffect, useRef } from 'react';
import type { UserExistAnswer } from '@meridian/shared/contract/user';
import { api } from '@meridian/shared/http/api';
import { checkableValue, sameUniqueValue, UNIQUE_FIELDS, type UniqueField } from './user-form-schema';
import { USER_TEXT } from './user-text';

export const EXISTENCE_CHECK_DELAY_MS = 400;

export const TAKEN_MESSAGES: Record<UniqueField, string> = {
  emailAddress: USER_TEXT.emailAddressTaken,
  userName: USER_TEXT.userNameTaken,
  mobile: USER_TEXT.mobileTaken,
};

export interface ExistenceCheckOptions {
  /** The values being typed. */
  values: Record<UniqueField, unknown>;
  /** Called when the server says a value belongs to someone else. */
  onTaken: (field: UniqueField, message: string) => void;
  /** The user being edited: their own values are not "taken". */
  own?: { id: string; values: Record<UniqueField, string | null> };
}

function useFieldCheck(field: UniqueField, value: unknown, options: ExistenceCheckOptions, taken: Map<UniqueField, string>) {
  const onTaken = useRef(options.onTaken);
  useEffect(() => {
    onTaken.current = options.onTaken;
  });
  const ownId = options.own?.id;
  const ownValue = options.own?.values[field] ?? null;

  useEffect(() => {
    const wanted = checkableValue(field, value);
    if (wanted === null || (ownValue !== null && sameUniqueValue(field, wanted, ownValue))) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .post<UserExistAnswer>(
          '/api/users/exist',
          { [field]: wanted, ...(ownId ? { excludeId: ownId } : {}) },
          { signal: controller.signal },
        )
        .then(({ data }) => {
          if (!data[field]) {
            if (taken.get(field) === wanted) taken.delete(field);
            return;
          }
          taken.set(field, wanted);
          onTaken.current(field, TAKEN_MESSAGES[field]);
        })
        .catch(() => undefined);
    }, EXISTENCE_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [field, value, ownId, ownValue, taken]);
}

/**
 * Runs the check for the three fields and answers, for the submit, which of the given values are
 * already known to be taken (so the form can say so without a round trip that would be refused).
 */
export function useExistenceCheck(options: ExistenceCheckOptions) {
  const taken = useRef(new Map<UniqueField, string>()).current;
  useFieldCheck('emailAddress', options.values.emailAddress, options, taken);
  useFieldCheck('userName', options.values.userName, options, taken);
  useFieldCheck('mobile', options.values.mobile, options, taken);

  return (values: Partial<Record<UniqueField, unknown>>): UniqueField[] =>
    UNIQUE_FIELDS.filter((field) => {
      const known = taken.get(field);
      const current = checkableValue(field, values[field]);
      return known !== undefined && current !== null && sameUniqueValue(field, known, current);
    });
}
