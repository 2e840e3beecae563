/**
 * Add an entry to the network allow-list (/admin/ip-addresses/create) or edit one
 * (/admin/ip-addresses/:id/edit): an IPv4 or IPv6 address or CIDR range, a description and whether
 * it is active. The address is checked as it is typed, by the contract's own parser, and the form
 * shows how it will be stored. A refusal (a duplicate, or the guard that stops administrators from
 * shutting out the address they are using) is shown on the address and keeps what was typed.
 */
import { useState } from 'react';
import { Alert, App, Typography } from 'antd';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useParams } from 'react-router';
import { CIDR_HINT, ipAddressSaveSchema, normaliseCidr, type IpAddressEntry } from '@meridian/shared/contract/ip-address';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { useLoad } from '@meridian/shared/http/use-load';
import { MESSAGES } from '@meridian/shared/messages';
import { FormAlert, FormFrame, SubmitButton, SwitchField, TextField } from '@meridian/shared/ui/form-fields';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { IP_ADDRESSES_LIST_PATH } from './ip-address-paths';
import { ADMIN_TEXT } from '../parts/admin-text';
import { IP_ADDRESS_TEXT, storedAsMessage } from './ip-address-text';

type IpAddressFormInput = (typeof ipAddressSaveSchema)['_zod']['input'];
const FIELDS = ['cidr', 'description', 'active'] as const;

const valuesOf = (entry?: IpAddressEntry): IpAddressFormInput => ({
  cidr: entry?.cidr ?? '',
  description: entry?.description ?? null,
  active: entry?.active ?? true,
});

/** Under the address: how a valid entry will be stored, when that differs from what was typed. */
function cidrExtra(typed: string | undefined) {
  const stored = typed ? normaliseCidr(typed) : null;
  return stored && stored !== typed?.trim() ? storedAsMessage(stored) : CIDR_HINT;
}

function IpAddressForm({ entry }: { entry?: IpAddressEntry }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(ipAddressSaveSchema),
    mode: 'onChange',
    defaultValues: valuesOf(entry),
  });
  const typed = useWatch({ control, name: 'cidr' });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      if (entry) await api.put<IpAddressEntry>(`/api/ip-addresses/${encodeURIComponent(entry.Id)}`, values);
      else await api.post<IpAddressEntry>('/api/ip-addresses', values);
      void message.success(entry ? IP_ADDRESS_TEXT.ipAddressSaved : IP_ADDRESS_TEXT.ipAddressAdded);
      void navigate(IP_ADDRESSES_LIST_PATH);
    } catch (error) {
      setFailure(applyFieldErrors(error, FIELDS, setError));
    }
  });

  return (
    <FormFrame onSubmit={submit}>
      <TextField
        control={control}
        name="cidr"
        label={IP_ADDRESS_TEXT.ipAddressOrRange}
        autoComplete="off"
        autoFocus={!entry}
        extra={cidrExtra(typed)}
      />
      <TextField control={control} name="description" label={MESSAGES.description} autoComplete="off" emptyAsNull />
      <SwitchField control={control} name="active" label={ADMIN_TEXT.active} extra={IP_ADDRESS_TEXT.ipAddressActiveHint} />
      <FormAlert text={failure} />
      <SubmitButton busy={formState.isSubmitting}>{entry ? MESSAGES.save : IP_ADDRESS_TEXT.addIpAddress}</SubmitButton>
    </FormFrame>
  );
}

const backToList = <LinkButton to={IP_ADDRESSES_LIST_PATH}>{IP_ADDRESS_TEXT.backToIpAddresses}</LinkButton>;
const explained = (
  <Alert
    type="info"
    showIcon
    title={IP_ADDRESS_TEXT.ipAllowListExplained}
    description={IP_ADDRESS_TEXT.ipAllowListLockoutGuard}
    style={{ marginBottom: 16 }}
  />
);

function EditIpAddress({ id }: { id: string }) {
  const loaded = useLoad(
    (signal) => api.get<IpAddressEntry>(`/api/ip-addresses/${encodeURIComponent(id)}`, { signal }).then((r) => r.data),
    [id],
  );
  return (
    <PageFrame
      title={IP_ADDRESS_TEXT.editIpAddress}
      subtitle={loaded.status === 'loaded' ? <Typography.Text code>{loaded.data.cidr}</Typography.Text> : undefined}
      actions={backToList}
    >
      <div style={{ maxWidth: 560 }}>
        {explained}
        <LoadPanel state={loaded}>{(entry) => <IpAddressForm key={entry.Id} entry={entry} />}</LoadPanel>
      </div>
    </PageFrame>
  );
}

export default function IpAddressFormPage() {
  const { id } = useParams();
  if (id) return <EditIpAddress id={id} />;
  return (
    <PageFrame title={IP_ADDRESS_TEXT.newIpAddress} actions={backToList}>
      <div style={{ maxWidth: 560 }}>
        {explained}
        <IpAddressForm />
      </div>
    </PageFrame>
  );
}
