/**
 * The few pieces the sign-in and offline pages are drawn with, without antd. Those pages are the
 * first thing every visitor downloads, and the offline page must show when no further code can be
 * fetched; antd (about 400 KB gzipped, shared whole between remotes) loads with the signed-in product
 * instead. Every other page uses antd and the one form pattern (react-hook-form + the zod schema from
 * the contract); the sign-in form keeps its two fields itself (sign-in-form.tsx), for the same weight.
 */
import { useId, type CSSProperties, type ReactNode, type Ref } from 'react';
import { useSession } from '@meridian/shared/session/session-store';
import { brandLogo, pageBrand } from '../../brands/brands';
import { readableLinks } from '../../layout/readable-colours';
import './first-paint-ui.css';

function useThemeStyle() {
  const brand = pageBrand();
  const mode = useSession((s) => s.themeMode);
  const style = {
    '--fp-primary': brand.primary,
    '--fp-link': readableLinks(mode, brand.primary).colorLink ?? brand.primary,
    '--fp-radius': `${brand.radius}px`,
    ...(brand.fontFamily ? { fontFamily: brand.fontFamily } : {}),
  } as CSSProperties;
  return { brand, mode, style };
}

/** A titled panel in the brand's look; inside a layout it stands alone, on a page it sits on the background. */
export function FirstPaintPanel({
  title,
  subtitle,
  withBrand = false,
  children,
}: {
  title: string;
  subtitle?: string;
  withBrand?: boolean;
  children: ReactNode;
}) {
  const { brand, mode, style } = useThemeStyle();
  return (
    <section className="fp-theme fp-card" data-theme={mode} style={style}>
      <div className="fp-brand">
        {withBrand && <img src={brandLogo(brand)} alt={brand.name} width={48} height={48} />}
        {withBrand && <span className="fp-brand-name">{brand.name}</span>}
        <h1 className="fp-title">{title}</h1>
        {subtitle && <p className="fp-subtitle">{subtitle}</p>}
      </div>
      {children}
    </section>
  );
}

/** A whole page: the background and the brand's card with its logo, name and title. */
export function FirstPaintCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { mode } = useThemeStyle();
  return (
    <div className="fp-theme fp-page" data-theme={mode}>
      <FirstPaintPanel title={title} subtitle={subtitle} withBrand>
        {children}
      </FirstPaintPanel>
    </div>
  );
}

interface FieldProps {
  /** The form field's name, which password managers go by. */
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The validation message shown under the field. */
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  autoFocus?: boolean;
}

/** A labelled input, its validation message under it. */
export function FirstPaintField({
  name,
  label,
  value,
  onChange,
  onBlur,
  error,
  inputRef,
  type = 'text',
  autoComplete,
  autoFocus,
}: FieldProps) {
  const id = useId();
  return (
    <div className="fp-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={inputRef}
        className="fp-input"
        type={type}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-help` : undefined}
      />
      <div id={`${id}-help`} className="fp-help" role={error ? 'alert' : undefined}>
        {error}
      </div>
    </div>
  );
}

export function FirstPaintAlert({ kind, text }: { kind: 'error' | 'warning' | 'success'; text: string }) {
  return (
    <div className={`fp-alert fp-alert-${kind}`} role={kind === 'success' ? 'status' : 'alert'}>
      {text}
    </div>
  );
}

export function FirstPaintButton({
  children,
  busy = false,
  disabled = false,
  type = 'submit',
  onClick,
}: {
  children: ReactNode;
  busy?: boolean;
  disabled?: boolean;
  type?: 'submit' | 'button';
  onClick?: () => void;
}) {
  return (
    <button className="fp-button" type={type} disabled={disabled || busy} aria-busy={busy} onClick={onClick}>
      {children}
    </button>
  );
}

/** Shown while a route's page loads; needs no library. */
export function PageSpinner() {
  return (
    <span className="fp-spinner" role="progressbar" aria-label="Loading" style={{ '--fp-primary': pageBrand().primary } as CSSProperties} />
  );
}
