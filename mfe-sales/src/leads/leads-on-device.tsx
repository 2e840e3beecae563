/**
 * The leads created on this device that have not reached the server yet (leads-offline.ts), above
 * the leads list, each marked "Waiting to send". The list is read again whenever the number of
 * changes waiting on the device changes, so a lead leaves it once the sync has sent it (and the
 * server's list, refreshed on reconnecting, shows it instead).
 */
import { useEffect, useEffectEvent, useState } from 'react';
import { Card, Flex, Tag, Typography } from 'antd';
import { formatMoment, fullName } from '@meridian/shared/format';
import { MESSAGES } from '@meridian/shared/messages';
import { useFieldSync } from '@meridian/shared/offline/field-sync';
import { leadsWaitingToSend, type DeviceLead } from './leads-offline';
import { LEAD_TEXT } from './lead-text';

const nameOf = (lead: DeviceLead) =>
  lead.firstName && lead.lastName ? fullName({ firstName: lead.firstName, lastName: lead.lastName }) : lead.contactNumber;

/** `onSent` is told when a lead listed here has left the device, so the server's list can be read again. */
export function LeadsOnDevice({ onSent }: { onSent: () => void }) {
  const syncs = useFieldSync((state) => state.syncs);
  const waiting = useFieldSync((state) => state.waiting);
  const [leads, setLeads] = useState<DeviceLead[]>([]);
  const sent = useEffectEvent((found: DeviceLead[]) => {
    if (leads.some((lead) => !found.some((still) => still.Id === lead.Id))) onSent();
    setLeads(found);
  });
  useEffect(() => {
    let current = true;
    void leadsWaitingToSend().then((found) => current && sent(found));
    return () => {
      current = false;
    };
  }, [syncs, waiting]);
  if (leads.length === 0) return null;
  return (
    <Card size="small" title={LEAD_TEXT.leadsOnDevice} role="region" aria-label={LEAD_TEXT.leadsOnDevice}>
      <Flex vertical gap={8} role="list">
        {leads.map((lead) => (
          <Flex key={lead.Id} role="listitem" gap={8} justify="space-between" align="center" wrap>
            <Flex vertical>
              <Typography.Text strong>{nameOf(lead)}</Typography.Text>
              <Typography.Text type="secondary">
                {[lead.contactNumber, lead.emailAddress, formatMoment(lead.dateCreated)].filter(Boolean).join(' · ')}
              </Typography.Text>
            </Flex>
            <Tag color="orange">{MESSAGES.waitingToSend}</Tag>
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}
