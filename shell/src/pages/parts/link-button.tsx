/**
 * A link that looks like a button. It stays a real link (an <a href>, so it can be opened in a new tab
 * and is announced as a link) but moves through the router instead of reloading the application.
 */
import type { MouseEvent, ReactNode } from 'react';
import { Button, type ButtonProps } from 'antd';
import { useNavigate } from 'react-router';

export function LinkButton({ to, children, type = 'primary' }: { to: string; children: ReactNode; type?: ButtonProps['type'] }) {
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLElement>) => {
    // Modified clicks keep the browser's meaning (new tab, new window).
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void navigate(to);
  };
  return (
    <Button type={type} href={to} onClick={follow}>
      {children}
    </Button>
  );
}
