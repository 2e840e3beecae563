/**
 * The offer form of the public listing: name, contact and amount, checked as typed with the contract's
 * schema, sent as whole minor units. The server's field messages go to their fields; a refusal for too
 * many offers (429) is explained with the wait. A hidden field (the honeypot) stays empty for people.
 */
import { useState } from 'react';
import { Alert, Result } from 'antd';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { pathTo } from '@meridian/shared/contract/areas/path-to';
import { publicListing } from '@meridian/shared/contract/areas/vehicles';
import { publicBidFormSchema, type PublicListingVehicle } from '@meridian/shared/contract/public-listing';
import { minorFromText } from '@meridian/shared/money-text';
import { api } from '@meridian/shared/http/api';
import { isApiError } from '@meridian/shared/http/api-error';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { FormAlert, FormFrame, SubmitButton, TextField } from '@meridian/shared/ui/form-fields';
import { PUBLIC_LISTING_TEXT as TEXT } from './public-listing-text';

const HIDDEN: React.CSSProperties = { position: 'absolute', left: -10_000, width: 1, height: 1, overflow: 'hidden' };

/** The server names the amount `amountMinor`; the form calls it `amount`. */
function withFormNames(error: unknown) {
  if (isApiError(error) && error.fieldErrors.amountMinor) {
    const { amountMinor, ...rest } = error.fieldErrors;
    Object.assign(error, { fieldErrors: { ...rest, amount: amountMinor } });
  }
  return error;
}

export function PublicBidForm({ tenantKey, vehicle }: { tenantKey: string; vehicle: PublicListingVehicle }) {
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [throttled, setThrottled] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(publicBidFormSchema),
    mode: 'onChange',
    defaultValues: { name: '', contact: '', amount: '', website: '' },
  });

  const submit = handleSubmit(async ({ name, contact, amount, website }) => {
    setFailure(null);
    setThrottled(null);
    try {
      await api.post(`/api${pathTo(publicListing.api.bid, { tenantKey, listingId: vehicle.id })}`, {
        name,
        contact,
        amountMinor: minorFromText(amount),
        currency: vehicle.currency,
        ...(website ? { website } : {}),
      });
      setSent(true);
    } catch (error) {
      if (isApiError(error) && error.status === 429) setThrottled(TEXT.throttled(error.retryAfter));
      else setFailure(applyFieldErrors(withFormNames(error), ['name', 'contact', 'amount'], setError));
    }
  });

  if (sent) return <Result status="success" title={TEXT.sent} />;
  return (
    <FormFrame onSubmit={submit}>
      <TextField control={control} name="name" label={TEXT.name} autoComplete="name" autoFocus />
      <TextField control={control} name="contact" label={TEXT.contact} autoComplete="email" />
      <TextField control={control} name="amount" label={TEXT.amount(vehicle.currency)} autoComplete="off" />
      <div style={HIDDEN} aria-hidden="true">
        <TextField control={control} name="website" label={TEXT.website} autoComplete="off" />
      </div>
      {throttled && <Alert type="warning" showIcon title={throttled} style={{ marginBottom: 16 }} />}
      <FormAlert text={failure} />
      <SubmitButton busy={formState.isSubmitting}>{TEXT.send}</SubmitButton>
      <p style={{ marginTop: 12, marginBottom: 0, fontSize: 12, opacity: 0.75 }}>{TEXT.privacy}</p>
    </FormFrame>
  );
}
