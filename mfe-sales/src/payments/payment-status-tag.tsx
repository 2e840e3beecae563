/** A payment's status: paid, or reversed (kept listed, paying nothing). */
import { Tag } from 'antd';
import type { LoanPayment } from '@meridian/shared/contract/loan-payment';
import { PAYMENT_TEXT } from './payment-text';

export const PaymentStatusTag = ({ payment }: { payment: Pick<LoanPayment, 'reversed'> }) =>
  payment.reversed ? <Tag color="red">{PAYMENT_TEXT.reversed}</Tag> : <Tag color="green">{PAYMENT_TEXT.live}</Tag>;
