/**
 * The one way a list screen runs a destructive action: it asks first (the danger button names the
 * action), then calls the server, says it is done and reloads the list. A refusal goes to `onRefusal`
 * when the screen keeps it in view (cleared when the next attempt starts), else to a toast.
 */
import { useState } from 'react';
import { App } from 'antd';
import { errorText } from '../http/api-errors';
import { MESSAGES } from '../messages';

export interface ConfirmedAction {
  question: string;
  detail: string;
  okText: string;
  call: () => Promise<unknown>;
  done: string;
}

export function useConfirmedAction(onRefusal?: (text: string | null) => void) {
  const { modal, message } = App.useApp();
  const [reloadToken, setReloadToken] = useState(0);

  const confirmAction = ({ question, detail, okText, call, done }: ConfirmedAction) =>
    void modal.confirm({
      title: question,
      content: detail,
      okText,
      okButtonProps: { danger: true },
      cancelText: MESSAGES.cancelAction,
      onOk: async () => {
        onRefusal?.(null);
        try {
          await call();
          void message.success(done);
          setReloadToken((n) => n + 1);
        } catch (error) {
          if (onRefusal) onRefusal(errorText(error));
          else void message.error(errorText(error));
        }
      },
    });

  return { confirmAction, reloadToken };
}
