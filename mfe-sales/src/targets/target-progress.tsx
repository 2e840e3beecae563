/** What a target has achieved against its value, as a bar: full (and green) once reached; beyond it, the count says by how much. */
import { Flex, Progress, Tooltip } from 'antd';
import type { Target } from '@meridian/shared/contract/target';
import { achievedText, progressLabel, TARGET_TEXT } from './target-text';

export function TargetProgress({ target }: { target: Pick<Target, 'name' | 'achieved' | 'targetValue' | 'progress'> }) {
  const percent = Math.min(100, Math.round(target.progress * 100));
  return (
    <Tooltip title={TARGET_TEXT.achievedHint}>
      <Flex vertical style={{ minWidth: 160 }}>
        <Progress
          percent={percent}
          status={target.progress >= 1 ? 'success' : 'active'}
          showInfo={false}
          size="small"
          aria-label={progressLabel(target.name, target.achieved, target.targetValue)}
        />
        <span>{achievedText(target.achieved, target.targetValue)}</span>
      </Flex>
    </Tooltip>
  );
}
