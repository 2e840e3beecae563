/**
 * One USSD session's steps in a drawer: what the caller typed at each step (a PIN kept as asterisks by the
 * server), the menu choice it was read as, and whether the answer asked for more (CON) or ended it (END).
 */
import { Descriptions, Drawer, Table, Tag } from 'antd';
import type { z } from 'zod';
import type { ussdSessionDetailsSchema, UssdSession } from '@meridian/shared/contract/ussd';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { USSD_API } from './ussd-paths';
import { CHOICE_LABELS, OUTCOME_LABELS, USSD_TEXT } from './ussd-text';

type SessionDetails = z.infer<typeof ussdSessionDetailsSchema>;
type Step = SessionDetails['stepsTaken'][number];

export function OutcomeTag({ session }: { session: Pick<UssdSession, 'outcome' | 'completed'> }) {
  if (!session.outcome) return <Tag>{USSD_TEXT.ongoing}</Tag>;
  return <Tag color={session.completed ? 'green' : 'orange'}>{OUTCOME_LABELS[session.outcome]}</Tag>;
}

function Steps({ session }: { session: SessionDetails }) {
  const format = useTenantFormat();
  return (
    <>
      <Descriptions
        size="small"
        column={1}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'client', label: USSD_TEXT.client, children: session.clientName ?? USSD_TEXT.unknownCaller },
          { key: 'started', label: USSD_TEXT.started, children: format.moment(session.startedAt) },
          { key: 'outcome', label: USSD_TEXT.outcome, children: <OutcomeTag session={session} /> },
        ]}
      />
      <Table<Step>
        aria-label={USSD_TEXT.steps}
        rowKey={(s) => String(s.seq)}
        size="small"
        pagination={false}
        dataSource={session.stepsTaken}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: USSD_TEXT.step, dataIndex: 'seq' },
          { title: USSD_TEXT.typed, dataIndex: 'input', render: (input: string) => input || USSD_TEXT.nothingTyped },
          { title: USSD_TEXT.choice, dataIndex: 'choice', render: (c: Step['choice']) => (c ? CHOICE_LABELS[c] : '—') },
          {
            title: USSD_TEXT.answered,
            dataIndex: 'reply',
            render: (r: Step['reply']) => (r === 'END' ? USSD_TEXT.endAnswer : USSD_TEXT.conAnswer),
          },
          { title: USSD_TEXT.at, dataIndex: 'dateCreated', render: (iso: string) => format.timeOfDay(iso) },
        ]}
      />
    </>
  );
}

export function UssdSessionDrawer({ session, onClose }: { session: UssdSession; onClose(): void }) {
  const loaded = useLoad((signal) => api.get<SessionDetails>(USSD_API.session(session.id), { signal }).then((r) => r.data), [session.id]);
  return (
    <Drawer open title={USSD_TEXT.stepsOf(session.phone)} onClose={onClose} size="large">
      <LoadPanel state={loaded}>{(details) => <Steps session={details} />}</LoadPanel>
    </Drawer>
  );
}
