/**
 * Start day / Stop day on My Work: whether the day is running comes from the caller's latest
 * online/offline action (GET /api/agent/action/latest); the button records the other one (POST
 * /api/agent/action, 1 start, 0 stop) with the device's position. A refusal (a tenant that requires
 * the location, say) stays in view with the server's message. The top bar's agent indicator follows.
 * Stopping asks first: a tap in a pocket must not end the day and its position trail.
 */
import { useState } from 'react';
import { Alert, App, Badge, Button, Card, Flex, Typography } from 'antd';
import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { AGENT_ACTION } from '@meridian/shared/constants';
import type { AgentAction } from '@meridian/shared/contract/field-agent';
import { api } from '@meridian/shared/http/api';
import { errorText } from '@meridian/shared/http/api-errors';
import { useLoad } from '@meridian/shared/http/use-load';
import { MESSAGES } from '@meridian/shared/messages';
import { sessionStore } from '@meridian/shared/session/session-store';
import { formatMoment } from '@meridian/shared/format';
import { ACTIVITY_API } from './activity-paths';
import { ACTIVITY_TEXT } from './activity-text';
import { positionFields, usePositionCapture } from './use-position-capture';

export function DayToggle() {
  const { message, modal } = App.useApp();
  const capturePosition = usePositionCapture();
  const latest = useLoad(
    (signal) =>
      api.get<{ agentAction: AgentAction[] }>(ACTIVITY_API.latestAgentAction, { signal }).then((r) => r.data.agentAction[0] ?? null),
    [],
  );
  const [recorded, setRecorded] = useState<AgentAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const last = recorded ?? (latest.status === 'loaded' ? latest.data : null);
  const running = last?.action === AGENT_ACTION.ONLINE;

  const toggle = async () => {
    const action = running ? AGENT_ACTION.OFFLINE : AGENT_ACTION.ONLINE;
    setBusy(true);
    setRefusal(null);
    try {
      const position = await capturePosition({ entityType: 'agent_action' });
      const { data } = await api.post<AgentAction>(ACTIVITY_API.agentAction, { action, ...positionFields(position) });
      setRecorded(data);
      sessionStore.getState().setAgentOnline(action === AGENT_ACTION.ONLINE);
      void message.success(action === AGENT_ACTION.ONLINE ? ACTIVITY_TEXT.dayStarted : ACTIVITY_TEXT.dayStopped);
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
          {latest.status === 'failed' && !recorded ? (
            <Typography.Text type="danger">{ACTIVITY_TEXT.dayStateFailed}</Typography.Text>
          ) : (
            <Badge
              status={running ? 'success' : 'default'}
              text={
                latest.status === 'loading' && !recorded
                  ? MESSAGES.loading
                  : running
                    ? `${ACTIVITY_TEXT.dayRunning} · ${formatMoment(last?.dateCreated)}`
                    : ACTIVITY_TEXT.dayNotStarted
              }
            />
          )}
          <Flex gap={8}>
            {latest.status === 'failed' && !recorded && <Button onClick={latest.reload}>{MESSAGES.retry}</Button>}
            <Button
              type={running ? 'default' : 'primary'}
              size="large"
              icon={running ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
              loading={busy}
              disabled={latest.status === 'loading' && !recorded}
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
