/**
 * Start day / Stop day on My Work: whether the day is running comes from the caller's latest
 * online/offline action (GET /api/agent/action/latest); the button records the other one (POST
 * /api/agent/action, 1 start, 0 stop) with the device's position. A refusal (a tenant that requires
 * the location, say) stays in view with the server's message. The top bar's agent indicator follows.
 * Stopping asks first: a tap in a pocket must not end the day and its position trail.
 *
 * A field user offline sees the state their device last knew, marked "(saved on this device)", and
 * starting or stopping is saved on the device and sent later with the time it was made
 * (day-status-offline.ts). The state is read again when the connection returns and after each sync.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, App, Badge, Button, Card, Flex, Typography } from 'antd';
import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { AGENT_ACTION } from '@meridian/shared/constants';
import type { AgentAction } from '@meridian/shared/contract/field-agent';
import { api } from '@meridian/shared/http/api';
import { isOfflineFailure } from '@meridian/shared/http/api-error';
import { errorText } from '@meridian/shared/http/api-errors';
import { useWhenBackOnline } from '@meridian/shared/http/use-back-online';
import { useLoad } from '@meridian/shared/http/use-load';
import { MESSAGES } from '@meridian/shared/messages';
import { onServerOrDevice, useFieldSync } from '@meridian/shared/offline/field-sync';
import { sessionStore, useSession } from '@meridian/shared/session/session-store';
import { ACTIVITY_API } from './activity-paths';
import { useOwnUserId } from './activity-session';
import { ACTIVITY_TEXT } from './activity-text';
import {
  keptDayStatus,
  latestDayAction,
  newerDayAction,
  rememberDayStatus,
  saveDayActionOnDevice,
  type DayAction,
} from './day-status-offline';
import { positionFields, usePositionCapture } from './use-position-capture';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';

/**
 * What the day toggle shows: the server's state, or the device's copy when the server cannot be asked
 * (offline) or has not yet received a start or stop saved on the device. The device's copy is read
 * again after each sync, and the server asked again when the connection returns and after each sync.
 */
function useDayState() {
  const online = useSession((state) => state.networkOnline);
  const keepsOfflineWork = useFieldSync((state) => state.syncs);
  const lastSyncedAt = useFieldSync((state) => state.lastSyncedAt);
  const latest = useLoad((signal) => latestDayAction(api, signal), []);
  /** What this screen recorded on the server: the newest state there is, until the server is asked again. */
  const [recorded, setRecorded] = useState<AgentAction | null>(null);
  const askServerAgain = () => {
    setRecorded(null);
    latest.reload();
  };
  /** The device's copy (undefined when the device never kept one), once read. */
  const [kept, setKept] = useState<AgentAction | null | undefined>(undefined);
  const [keptRead, setKeptRead] = useState(false);

  const syncSeen = useRef(lastSyncedAt);
  useEffect(() => {
    void keptDayStatus().then((value) => {
      setKept(value);
      setKeptRead(true);
    });
    if (syncSeen.current !== lastSyncedAt) askServerAgain();
    syncSeen.current = lastSyncedAt;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the end of a sync is the only trigger
  }, [lastSyncedAt]);
  useWhenBackOnline(askServerAgain);

  const server = recorded ?? (latest.status === 'loaded' ? latest.data : undefined);
  // A state read from the server is kept, unless the device holds a newer one the sync has yet to send.
  useEffect(() => {
    if (server !== undefined && keptRead && newerDayAction(server, kept) === server) void rememberDayStatus(server);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new answer from the server is kept
  }, [server, keptRead]);

  const unreachable = !online || (latest.status === 'failed' && isOfflineFailure(latest.error));
  const deviceIsNewer = server !== undefined && kept !== undefined && newerDayAction(server, kept) !== server;
  const fromDevice = keepsOfflineWork && kept !== undefined && (unreachable || deviceIsNewer);
  return { latest, fromDevice, shown: fromDevice ? (kept ?? null) : (server ?? null), setKept, setRecorded };
}

function DayBadge({ action, onDevice }: { action: AgentAction | null; onDevice: boolean }) {
  const format = useTenantFormat();
  const running = action?.action === AGENT_ACTION.ONLINE;
  const text = running ? `${ACTIVITY_TEXT.dayRunning} · ${format.moment(action?.dateCreated)}` : ACTIVITY_TEXT.dayNotStarted;
  return <Badge status={running ? 'success' : 'default'} text={onDevice ? `${text} ${MESSAGES.keptOnDevice}` : text} />;
}

export function DayToggle() {
  const { message, modal } = App.useApp();
  const capturePosition = usePositionCapture();
  const me = useOwnUserId() ?? '';
  const { latest, fromDevice, shown, setKept, setRecorded } = useDayState();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const running = shown?.action === AGENT_ACTION.ONLINE;
  const waitingForServer = !fromDevice && latest.status === 'loading';
  const failed = !fromDevice && latest.status === 'failed';

  const toggle = async () => {
    const action: DayAction = running ? AGENT_ACTION.OFFLINE : AGENT_ACTION.ONLINE;
    const done = action === AGENT_ACTION.ONLINE ? ACTIVITY_TEXT.dayStarted : ACTIVITY_TEXT.dayStopped;
    setBusy(true);
    setRefusal(null);
    try {
      const position = await capturePosition({ entityType: 'agent_action' });
      await onServerOrDevice(
        async () => {
          const { data } = await api.post<AgentAction>(ACTIVITY_API.agentAction, { action, ...positionFields(position) });
          setRecorded(data);
          await rememberDayStatus(data);
          setKept(data);
          void message.success(done);
        },
        async () => {
          setKept(await saveDayActionOnDevice(action, position, me));
          void message.success(`${done} ${MESSAGES.savedOnDevice}`);
        },
      );
      sessionStore.getState().setAgentOnline(action === AGENT_ACTION.ONLINE);
    } catch (error) {
      setRefusal(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const confirmStop = () =>
    void modal.confirm({
      title: ACTIVITY_TEXT.stopDayQuestion,
      content: ACTIVITY_TEXT.stopDayDetail,
      okText: ACTIVITY_TEXT.stopDay,
      cancelText: ACTIVITY_TEXT.keepWorking,
      onOk: () => toggle(),
    });

  return (
    <Card size="small">
      <Flex vertical gap={8}>
        <Flex gap={12} align="center" justify="space-between" wrap>
          {waitingForServer ? (
            <Badge status="default" text={MESSAGES.loading} />
          ) : failed ? (
            <Typography.Text type={isOfflineFailure(latest.error) ? 'warning' : 'danger'}>
              {isOfflineFailure(latest.error) ? ACTIVITY_TEXT.dayStateNotKept : ACTIVITY_TEXT.dayStateFailed}
            </Typography.Text>
          ) : (
            <DayBadge action={shown} onDevice={fromDevice} />
          )}
          <Flex gap={8}>
            {failed && <Button onClick={latest.reload}>{MESSAGES.retry}</Button>}
            <Button
              type={running ? 'default' : 'primary'}
              size="large"
              icon={running ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
              loading={busy}
              disabled={waitingForServer}
              onClick={() => (running ? confirmStop() : void toggle())}
            >
              {running ? ACTIVITY_TEXT.stopDay : ACTIVITY_TEXT.startDay}
            </Button>
          </Flex>
        </Flex>
        {refusal && <Alert type="error" showIcon title={refusal} />}
      </Flex>
    </Card>
  );
}
