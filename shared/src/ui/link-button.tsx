/**
 * A link that looks like a button: a real <a href> (it opens in a new tab, and is announced as a link)
 * that moves through the router instead of reloading the application.
 */
import type { MouseEvent, ReactNode } from 'react';
import { Button, type ButtonProps } from 'antd';
import { useHref, useLinkClickHandler } from 'react-router';

export function LinkButton({ to, children, ...button }: Omit<ButtonProps, 'href' | 'onClick'> & { to: string; children: ReactNode }) {
  const href = useHref(to);
  const follow = useLinkClickHandler<HTMLElement>(to);
  return (
    <Button {...button} href={href} onClick={(event: MouseEvent<HTMLElement>) => follow(event)}>
      {children}
    </Button>
  );
}
